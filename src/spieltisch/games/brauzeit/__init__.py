"""Brauzeit: roll, draft dice, fill your six cauldrons and serve the heroes."""

from .rules import GAME, BrauState, Brauzeit

__all__ = ["GAME", "BrauState", "Brauzeit"]
