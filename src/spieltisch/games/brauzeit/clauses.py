"""Which rule clauses a move brings into play (the "Try it" scenarios and the
guided first game, docs/tryit.md).

``clauses(before, player, action, after)`` reads what the engine did -- the
state before and after a legal move -- and names the clause ids of
rules.md that governed it, the most specific first.
"""

from __future__ import annotations

from .data import HEROES
from .rules import (
    GAME,
    Brew,
    Done,
    Hire,
    MageEnchant,
    MageFill,
    Pass,
    Reroll,
    Take,
    Wizard,
)

# moves whose clause is their kind alone
BY_KIND = {Pass: "brau.pass", Reroll: "brau.reroll", Hire: "brau.archmage", Brew: "brau.brew",
           Done: "brau.last"}


def clauses(before, player: int, action, after) -> tuple[str, ...]:
    out: list[str] = []
    work = isinstance(action, (Take, Wizard, MageFill, MageEnchant))
    if work:
        done = _finished(before, player) < _finished(after, player)
        if done:
            if not before.heroes_on:
                out.append("brau.noheroes")
            elif _served(before, player) < _served(after, player):
                out.append("brau.heroes")
            out.append("brau.potions")
        if isinstance(action, Take):
            out.append("brau.pair")
        elif isinstance(action, Wizard):
            out.append("brau.wizard")
        else:
            out.append("brau.archmage")
    elif type(action) in BY_KIND:
        out.append(BY_KIND[type(action)])
    if before.phase == "last":  # the Archmage after the last roll, then done
        out.append("brau.last")
    if isinstance(action, (Take, Wizard, Pass)) and player != before.active:
        out.append("brau.order")
    if after.phase == "over":
        out.append("brau.end")
        if before.n == 1:
            out.append("brau.solo")
        else:
            points = [GAME.points(after, p) for p in range(after.n)]
            if points.count(max(points)) > 1:
                out.append("brau.ties")
    elif after.rolls_left < before.rolls_left:
        out.append("brau.clock")
    return tuple(dict.fromkeys(out))


def _finished(s, p: int) -> int:
    return GAME.finished(s, p)


def _served(s, p: int) -> int:
    """Potions a hero has taken (waiting heroes' deliveries + satisfied orders)."""
    return (sum(len(got) for _, got in s.heroes[p])
            + sum(len(HEROES[h].order) for h in s.happy[p]))
