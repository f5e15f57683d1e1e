"""Potions Brew: double-sided cards, the witches' gathering magic, 2-6 players."""

from .rules import GAME, PotionsBrew, PotState

__all__ = ["GAME", "PotState", "PotionsBrew"]
