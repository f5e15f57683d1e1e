"""Brauzeit: roll, draft dice, fill your six cauldrons and serve the heroes."""

from .rules import GAME, Brauzeit, BrauState

__all__ = ["GAME", "Brauzeit", "BrauState"]
