"""What Saus und Braus's review needs of the game (docs/review.md): what no
seat saw at a moment, for "Show what was hidden" after the game (saus.memory:
the closed books whose picture was never shown, or was moved unseen). The
judgement never reads it."""

from __future__ import annotations

from .rules import known_books


def unseen(s) -> list[dict]:
    """The piles nobody could see, each ``{"pile", "param", "items"}``: the
    items are named by the board's ``param(param, item)``; ``places`` (from 1)
    says where each closed book lies."""
    known = known_books(s.record)
    closed = [i for i in range(len(s.books)) if i not in s.opened and known.get(i) != s.books[i]]
    if not closed:
        return []
    return [{"pile": "books", "param": "kind", "items": [s.books[i] for i in closed], "places": [i + 1 for i in closed]}]
