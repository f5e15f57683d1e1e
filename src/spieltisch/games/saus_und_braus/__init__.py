"""Saus und Braus (Zoch 2018): spin Winnie, fly over a stack, open the right book."""

# what the hub's tile shows before the game's own part is fetched
# (static/build/game-saus_und_braus.zip, docs/build.md "The games' parts"): the same as GAME.info's
# (tests/test_game_parts.py checks), written here so the hub need not import the rules
PLAYERS = (2, 4)
PLAY_MINUTES = 15

# the rules are imported when first asked for (PEP 562): the page imports
# every game's texts at start, but only the rules of the game it opens
_EXPORTS = ('GAME', 'SausState', 'SausUndBraus')


def __getattr__(name: str):
    if name in _EXPORTS:
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "SausState", "SausUndBraus"]
