"""Which rule clauses a move brings into play (the "Try it" scenarios and the
guided first game, docs/tryit.md).

``clauses(before, player, action, after)`` reads what the engine did -- the
state before and after a legal move -- and names the clause ids of
rules.md that governed it, the most specific first. It uses
only what the table sees once the move is made (the guide names the clause
of other seats' moves).
``candidates(state, player)`` lists moves worth trying at a position,
illegal ones included, so the scenario finder can look for a refusal.
"""

from __future__ import annotations

from .actions import (
    Break,
    Discard,
    Dwarf,
    Help,
    Keep,
    Map,
    Path,
    Repair,
    Rockfall,
    Stone,
)
from .cards import DEAD_END, SYMMETRIC, TUNNELS
from .dwarfs import DWARFS
from .maze import analyse, neighbour

SIDES = (1, 2, 4, 8)
# moves whose clause is their kind alone
BY_KIND = {Break: "sab.tools", Repair: "sab.repair", Map: "sab.map", Dwarf: "sab.dwarf.place",
           Discard: "sab.turn"}


def clauses(before, player: int, action, after) -> tuple[str, ...]:
    out: list[str] = []
    if isinstance(action, Path):
        owner = next((o for x, y, o in before.dwarfs if (x, y) == (action.x, action.y)), None)
        if after.phase == "help":
            out.append("sab.dwarf.help")
        elif owner is not None:
            out += _paid(before, after)
        out += _reached(before, after)
        if action.card in DEAD_END:
            out.append("sab.deadend")
        if action.rot:
            out.append("sab.turn180")
        out += ["sab.path", "sab.edges", "sab.connect"]
    elif isinstance(action, Help):
        out.append("sab.dwarf.help")
        out += [c for c in _paid(before, after) if c == "sab.dwarf.change"]
        out += _reached(before, after)
    elif isinstance(action, Stone):
        out.append("sab.goal")
        out += _reached(before, after)
    elif type(action) in BY_KIND:
        out.append(BY_KIND[type(action)])
    elif isinstance(action, Rockfall):
        out.append("sab.rockfall")
        if before.dwarfs and after.dwarfs == before.dwarfs:
            out.append("sab.dwarf.block")
    elif isinstance(action, Keep):
        out.append("sab.share")
        if before.variant == "old_mine":  # (not "a 0 is offered": the offer is the picker's)
            out.append("sab.variant.old_mine")
    plays = isinstance(action, (Discard, Break, Repair, Map, Rockfall, Dwarf)) or (
        isinstance(action, Path) and after.phase != "help")
    if plays and not before.pile:  # sab.empty: played without drawing
        out.append("sab.empty")
    out += _round_end(before, after)
    return tuple(dict.fromkeys(out))


def _paid(before, after) -> list[str]:
    """sab.dwarf.pay, and sab.dwarf.change when a nugget card worth 2 or 3
    was handed in openly and the payer kept the rest as loose gold."""
    if len(after.spent) <= len(before.spent):
        return ["sab.dwarf.pay"]
    card = max(after.spent) if not before.spent else _added(before.spent, after.spent)
    if before.change and card > 1:
        return ["sab.dwarf.change", "sab.dwarf.pay"]
    return ["sab.dwarf.pay"]


def _added(old: tuple, new: tuple) -> int:
    rest = list(new)
    for v in old:
        rest.remove(v)
    return rest[0]


def _reached(before, after) -> list[str]:
    """sab.goal / sab.gold: a goal turned over (or to be turned) by this move."""
    out = []
    won = len(after.results) > len(before.results) and after.results[-1].round == before.round
    if won and after.results[-1].winner == "diggers":
        out.append("sab.gold")
        if before.variant == "new_mine":
            out.append("sab.variant.new_mine")
        if after.results[-1].skipped:
            out.append("sab.variant.competitive")
    stones = [g for g in range(3) if before.goal_open[g] < 0 and before.goals[g] != "GOLD"
              and (after.goal_open[g] >= 0 or after.phase == "orient")]
    if stones and before.round == after.round:
        out.append("sab.goal")
    return out


def _round_end(before, after) -> list[str]:
    if len(after.results) <= len(before.results) and after.round == before.round:
        return []
    out = []
    res = after.results[-1] if len(after.results) > len(before.results) else None
    if res is not None and res.winner == "saboteurs":
        out += ["sab.empty", "sab.saboteurs"]
    if after.phase == "over":
        out.append("sab.win")
    elif after.round > before.round:
        out.append("sab.rounds")
    return out


def candidates(s, player: int) -> list:
    """Moves to try at ``s``, legal or not: every tunnel card of the hand on
    every empty space next to the maze (both ways), every dwarf placement on
    a space next to the maze."""
    if s.phase != "play" or not s.goals:
        return []
    net = analyse(s.maze, s.goals, s.goal_open)
    cells = set()
    for cell in net.grid:
        for side in SIDES:
            nb = neighbour(cell, side)
            if nb not in net.grid:
                cells.add(nb)
    hand = sorted(set(s.hands[player]))
    out: list = []
    for x, y in sorted(cells):
        for c in hand:
            if c in TUNNELS:
                for rot in ((0,) if c in SYMMETRIC else (0, 1)):
                    out.append(Path(c, x, y, rot))
        if s.dwarfs_on and s.dwarfs_placed >= DWARFS and hand:
            out.append(Dwarf(hand[0], x, y))
    return out
