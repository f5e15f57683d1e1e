"""What Hexen Cocktail's review needs of the game (docs/review.md): what no
seat saw at a moment, for "Show what was hidden" after the game (the cards
never dealt, hexen.hidden). The judgement never reads it."""

from __future__ import annotations


def unseen(s) -> list[dict]:
    """The piles nobody could see, each ``{"pile", "param", "items"}``: the
    items are named by the board's ``param(param, item)``."""
    return [{"pile": "undealt", "param": "card", "items": sorted(s.undealt)}] if s.undealt else []
