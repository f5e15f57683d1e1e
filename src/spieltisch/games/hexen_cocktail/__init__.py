"""Hexen Cocktail (Kramer & Reindl): play ingredients, avoid explosions."""

# the rules are imported when first asked for (PEP 562): the page imports
# every game's texts at start, but only the rules of the game it opens
_EXPORTS = ('GAME', 'HexenCocktail', 'HexenState')


def __getattr__(name: str):
    if name in _EXPORTS:
        from . import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "HexenCocktail", "HexenState"]
