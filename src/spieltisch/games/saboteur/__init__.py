"""Saboteur (Moyersoen) with the "Brettspiel Adventskalender 2016" dwarf promo."""

from .rules import GAME, Saboteur, SabState

__all__ = ["GAME", "SabState", "Saboteur"]
