"""The maze: which cells hold what, where the tunnels flow, what fits where.

Clauses: ``sab.edges`` (every touching edge matches), ``sab.connect`` (a new
card joins the network flowing from the start), ``sab.deadend`` (dead ends
carry no flow), ``sab.goal`` (a face-down goal imposes no edge and is reached
when a flowing tunnel edge faces it). Also how near the tunnel has come to the
goals still face down (``front_of``), which the round's public record keeps
for every path and rockfall (``sab.hidden``).

The analysis of a maze is cached: states are immutable and bots ask the same
position many times.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import (
    DEAD_END,
    DELTA,
    GOAL_CELLS,
    OPPOSITE,
    SIDES,
    START,
    card_mask,
    goal_mask,
)

# kinds of occupied cells
START_K, TUNNEL_K, DEAD_K, GOAL_UP_K, GOAL_DOWN_K = "s", "t", "x", "g", "d"


@dataclass(frozen=True)
class Net:
    grid: dict  # cell -> (mask, kind); face-down goals have mask 0
    flowing: frozenset  # cells whose tunnel edges carry flow from the start
    open_cells: dict  # empty cell next to a flowing tunnel edge -> (need, forbid)
    reached: dict  # face-down goal index -> its sides that face a flowing tunnel


def neighbour(cell, side):
    dx, dy = DELTA[side]
    return (cell[0] + dx, cell[1] + dy)


def constraints(grid: dict, cell) -> tuple[int, int, int]:
    """(need, forbid, touching) for an empty cell: sides that must be tunnel
    (sab.edges), sides that must be rock, and sides touching any card at all
    (face-down goals included)."""
    need = forbid = touching = 0
    for side in SIDES:
        nb = grid.get(neighbour(cell, side))
        if nb is None:
            continue
        touching |= side
        mask, kind = nb
        if kind == GOAL_DOWN_K:
            continue  # sab.goal: a face-down goal imposes nothing
        if mask & OPPOSITE[side]:
            need |= side
        else:
            forbid |= side
    return need, forbid, touching


@lru_cache(maxsize=512)  # about 4 kB each: bounded for the browser
def analyse(maze: tuple, goals: tuple, goal_open: tuple) -> Net:
    grid: dict = {START: (15, START_K)}
    for i, cell in enumerate(GOAL_CELLS):
        if goals and goal_open[i] >= 0:
            grid[cell] = (goal_mask(goals[i], goal_open[i]), GOAL_UP_K)
        else:
            grid[cell] = (0, GOAL_DOWN_K)
    for x, y, code, rot in maze:
        grid[(x, y)] = (card_mask(code, rot), DEAD_K if code in DEAD_END else TUNNEL_K)
    flowing = {START}
    todo = [START]
    open_cells: dict = {}
    reached: dict = {}
    while todo:
        cell = todo.pop()
        mask = grid[cell][0]
        for side in SIDES:
            if not mask & side:
                continue
            nb = neighbour(cell, side)
            other = grid.get(nb)
            if other is None:
                open_cells[nb] = None
                continue
            nmask, kind = other
            if kind == GOAL_DOWN_K:
                gi = GOAL_CELLS.index(nb)
                reached[gi] = reached.get(gi, 0) | OPPOSITE[side]
                continue
            if nmask & OPPOSITE[side] and kind != DEAD_K and nb not in flowing:
                flowing.add(nb)
                todo.append(nb)
    for cell in open_cells:
        need, forbid, _ = constraints(grid, cell)
        open_cells[cell] = (need, forbid)
    return Net(grid, frozenset(flowing), open_cells, reached)


def fits(mask: int, need: int, forbid: int) -> bool:
    return (mask & need) == need and not (mask & forbid)


def connects(grid: dict, flowing: frozenset, cell, mask: int) -> bool:
    """sab.connect: one of the card's tunnel edges meets a flowing tunnel edge."""
    for side in SIDES:
        if mask & side:
            nb = neighbour(cell, side)
            if nb in flowing and grid[nb][0] & OPPOSITE[side]:
                return True
    return False


def goal_fits(net: Net, gi: int, code: str) -> tuple[int, ...]:
    """sab.goal: the orientations (0 upright, 1 turned) of a reached stone goal
    whose tunnels meet the flowing network."""
    sides = net.reached.get(gi, 0)
    return tuple(rot for rot in (0, 1) if goal_mask(code, rot) & sides)



FAR = 20  # front_of when no tunnel is open


@lru_cache(maxsize=512)  # bots meet the same position many times
def front_of(maze: tuple, goals: tuple, goal_open: tuple, dwarfs: tuple) -> int:
    """How near the tunnel is to the goals still face down, as everyone sees
    it: 0 when a flowing tunnel reaches one, else the least number of steps
    from an open space (no dwarf on it) to one of them; FAR when none is open."""
    net = analyse(maze, goals, goal_open)
    down = [GOAL_CELLS[g] for g in range(3) if goal_open[g] < 0]
    if not down:
        return 0
    if any(goal_open[g] < 0 for g in net.reached):
        return 0
    dwarfed = {(d[0], d[1]) for d in dwarfs}
    best = FAR
    for x, y in net.open_cells:
        if (x, y) in dwarfed:
            continue
        for gx, gy in down:
            d = abs(x - gx) + abs(y - gy)
            if d < best:
                best = d
    return best
