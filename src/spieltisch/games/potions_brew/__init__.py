"""Potions Brew: double-sided cards, the witches' gathering magic, 2-6 players."""

# what the hub's tile shows before the game's own part is fetched
# (static/build/game-potions_brew.zip, docs/build.md "The games' parts"): the same as GAME.info's
# (tests/test_game_parts.py checks), written here so the hub need not import the rules
PLAYERS = (2, 6)
PLAY_MINUTES = 30

# the rules are imported when first asked for (PEP 562): the page imports
# every game's texts at start, but only the rules of the game it opens
_EXPORTS = ('GAME', 'PotionsBrew', 'PotState')


def __getattr__(name: str):
    if name in _EXPORTS:
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "PotState", "PotionsBrew"]
