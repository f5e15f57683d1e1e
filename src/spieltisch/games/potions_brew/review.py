"""What Potions Brew's review needs of the game (docs/review.md): what no
seat saw at a moment, for "Show what was hidden" after the game
(potions.hidden: the draw pile's ingredient sides, its top card's too, and
blind cards before they land). The judgement never reads it."""

from __future__ import annotations

from .table import sees_drawn


def unseen(s) -> list[dict]:
    """The piles nobody could see, each ``{"pile", "param", "items"}``: the
    items are named by the board's ``param(param, item)``."""
    out = []
    if s.top is not None:
        out.append({"pile": "top", "param": "card", "items": [s.top]})
    if s.pile:
        out.append({"pile": "pile", "param": "card", "items": sorted(s.pile)})
    if s.drawn and not sees_drawn(s, s.turn):
        out.append({"pile": "blind", "param": "card", "items": sorted(s.drawn)})
    return out
