"""Which rule clauses a move brings into play (the "Try it" scenarios and the
guided first game, docs/tryit.md).

``clauses(before, player, action, after)`` reads what the engine did -- the
state before and after a legal move -- and names the clause ids of
rules.md that governed it, the most specific first. It
uses only what the table sees once the move is made (an opened book is
seen by everybody; a closed one by nobody).
"""

from __future__ import annotations

from .rules import Close, Enter, Fly, Move, Open, Spin


def clauses(before, player: int, action, after) -> tuple[str, ...]:
    out: list[str] = []
    if isinstance(action, Spin):
        out += ["saus.spin", "saus.turn"]
    elif isinstance(action, (Fly, Enter)):
        if after.phase == "guess":
            out.append("saus.stop")
        elif after.phase == "reenter":
            out.append("saus.reenter")
        elif after.turns > before.turns:
            out.append("saus.no_path")
        out.append("saus.reenter" if isinstance(action, Enter) else "saus.choose")
    elif isinstance(action, Open):
        out.append("saus.two_books" if len(action.slots) == 2 else "saus.book")
        out.append("saus.right" if after.right else "saus.wrong")
    elif isinstance(action, Move):
        out.append("saus.wrong")
    elif isinstance(action, Close):
        if len(before.opened) == 2 and not before.right:
            out.append("saus.swap")
        out.append("saus.close")
    if after.phase == "over":
        out.append({"five": "saus.win", "dry": "saus.dry"}.get(after.end_reason, "saus.limit"))
    return tuple(dict.fromkeys(out))
