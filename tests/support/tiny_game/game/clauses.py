"""Which rule clauses a move brings into play (docs/tryit.md): read from what
the engine did, the most specific first."""

from __future__ import annotations

from .rules import Add, Start


def clauses(before, player: int, action, after) -> tuple[str, ...]:
    if isinstance(action, Start):
        return ("tiny.start",)
    if isinstance(action, Add):
        return ("tiny.win", "tiny.add") if after.phase == "over" else ("tiny.add", "tiny.turn")
    return ()


def candidates(state, player: int) -> list[str]:
    """Moves worth trying for a refusal: every amount, legal or not."""
    return ["add:1", "add:2", "add:3"]
