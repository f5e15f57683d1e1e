"""Which rule clauses a move brings into play (the "Try it" scenarios and the
guided first game, docs/tryit.md).

``clauses(before, player, action, after)`` reads what the engine did -- the
state before and after a legal move -- and names the clause ids of
rules.md that governed it, the most specific first. It
uses only what the table sees once the move is made.
``candidates(state, player)`` lists moves worth trying at a position,
illegal ones included, so the scenario finder can look for a refusal.
"""

from __future__ import annotations

from .rules import (
    STRENGTH,
    Both,
    Discard,
    Give,
    Keep,
    Lay,
    Moon,
    Move,
    Pass,
    Pick,
    tops,
)

# the blind pick's clause by the gathering rule in force
BLIND = {"T": "potions.toadstool", "M": "potions.mistletoe", "S": "potions.snake"}
# moves whose clause is their kind alone
BY_KIND = {Keep: "potions.draw", Give: "potions.mandrake", Both: "potions.spider_all",
           Moon: "potions.moonstone", Discard: "potions.handlimit", Pass: "potions.turn"}


def clauses(before, player: int, action, after) -> tuple[str, ...]:
    out: list[str] = []
    if isinstance(action, Pick):
        out += [BLIND[before.rule], "potions.blind"]
        if before.rule == "T" and before.picker != (before.turn + 1) % before.n:
            out.append("potions.spider")  # a witch with a Spider leg was passed over
    elif isinstance(action, (Lay, Move)):
        if len(after.brewed[player]) > len(before.brewed[player]):
            out.append("potions.brew")
            slot = action.slot
            if any(before.stacks[s][slot] for s in range(before.n) if s != player):
                out.append("potions.stacks")
        out.append("potions.rearrange" if isinstance(action, Move) else "potions.lay")
    elif type(action) in BY_KIND:
        out.append(BY_KIND[type(action)])
    if after.reshuffles > before.reshuffles:
        out.append("potions.reshuffle")
    if after.step == "over":
        out.append({"win": "potions.win", "stall": "potions.stall"}.get(after.end, "potions.cards_out"))
    elif after.turns > before.turns and after.rule:
        # the next witch gathers by the strongest ingredient on top of her stacks
        if len(tops(after, after.turn) & set(STRENGTH)) > 1:
            out.append("potions.strength")
        out.append("potions.round2")
    return tuple(dict.fromkeys(out))


def candidates(s, player: int) -> list:
    """Moves to try at ``s``, legal or not: each drawn card given to each
    other witch (potions.spider refuses those with a Spider leg)."""
    if s.step != "give" or player != s.turn:
        return []
    return [Give(c, r) for c in s.drawn for r in range(s.n) if r != s.turn]
