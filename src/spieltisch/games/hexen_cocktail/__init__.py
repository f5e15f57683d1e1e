"""Hexen Cocktail (Kramer & Reindl): play ingredients, avoid explosions."""

from .rules import GAME, HexenCocktail, HexenState

__all__ = ["GAME", "HexenCocktail", "HexenState"]
