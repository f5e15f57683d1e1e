"""Which rule clauses a move brings into play (the "Try it" scenarios and the
guided first game, docs/tryit.md).

``clauses(before, player, action, after)`` reads what the engine did -- the
state before and after a legal move -- and names the clause ids of
rules.md that governed it, the most specific first.
"""

from __future__ import annotations

from .rules import GAME, Pass, Play, Take


def clauses(before, player: int, action, after) -> tuple[str, ...]:
    out: list[str] = []
    if isinstance(action, Play):
        exploded = len(after.taken[player]) > len(before.taken[player])
        if before.phase == "bonus":
            out.append("hexen.bonus")
        if exploded:
            out.append("hexen.explosion")
        else:
            out.append("hexen.test")
        if after.end_triggered and not before.end_triggered:
            out.append("hexen.end")
        out.append("hexen.turn")
    elif isinstance(action, Take):
        out.append("hexen.explosion")
        if after.potions[before.row] is None and not before.potion_pool:
            out.insert(0, "hexen.potions")
    elif isinstance(action, Pass):
        out.append("hexen.bonus")
    if after.phase == "over":
        out += _end(after)
    return tuple(dict.fromkeys(out))


def _end(s) -> list[str]:
    out = ["hexen.end", "hexen.score"]
    scores = GAME.scores(s)
    best = min(scores)
    if sum(1 for v in scores if v == best) > 1:
        out.insert(0, "hexen.ties")
    return out
