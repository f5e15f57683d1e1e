"""A turn's card plays: which are legal, and why one is refused.

This module owns the legality of the play phase (clauses ``sab.turn``,
``sab.path``, ``sab.edges``, ``sab.turn180``, ``sab.connect``,
``sab.tools``, ``sab.repair``, ``sab.map``, ``sab.rockfall``, and the
dwarf's part through ``dwarfs.py``): ``play_actions`` lists every legal play
of the seat to move, ``check_play`` says why a play is refused (an
``Illegal`` with its clause id) or returns None. The two agree: the contract
tests hold them to it. The other phases (help, orient, keep) and chance are
checked by the rules object itself (``rules.py``).
"""

from __future__ import annotations

from .actions import Break, Discard, Dwarf, Map, Path, Repair, Rockfall, _illegal
from .cards import BROKEN, CARDS, REPAIRS, SYMMETRIC, TUNNELS, card_mask, card_tools
from .dwarfs import check_dwarf, dwarf_actions, dwarf_at, may_build_on_dwarf
from .maze import connects, constraints, fits
from .state import SabState, net


def play_actions(s: SabState, p: int) -> list:
    """Every legal play of seat ``p`` (the seat to move, in the play phase)."""
    hand = sorted(set(s.hands[p]))
    grid = net(s)
    acts: list = []
    if not s.broken[p]:  # sab.tools
        tunnels = [c for c in hand if c in TUNNELS]
        if tunnels:
            for cell in sorted(grid.open_cells):
                owner = dwarf_at(s, *cell)
                if owner is not None and not may_build_on_dwarf(s, p, owner):
                    continue
                need, forbid = grid.open_cells[cell]
                for c in tunnels:
                    for rot in ((0,) if c in SYMMETRIC else (0, 1)):
                        if fits(card_mask(c, rot), need, forbid):
                           acts.append(Path(c, cell[0], cell[1], rot))
    for c in hand:
        if c in BROKEN:
            tool = card_tools(c)
            acts += [Break(c, t) for t in range(s.n) if t != p and tool not in s.broken[t]]
        elif c in REPAIRS:
            acts += [Repair(c, t, tool) for tool in card_tools(c) for t in range(s.n)
                     if tool in s.broken[t]]
        elif c == "MAP":
            acts += [Map(c, g) for g in range(3) if s.goal_open[g] < 0]
        elif c == "FALL":
            acts += [Rockfall(c, x, y) for x, y, _, _ in s.maze]
    acts += [Discard(c) for c in hand]
    acts += dwarf_actions(s, p, hand, grid.open_cells)
    return acts


def check_play(s: SabState, p: int, a):
    """Why seat ``p`` (to move, in the play phase) may not play ``a``, or None."""
    kinds = ((Path, TUNNELS, "sab.path"), (Break, BROKEN, "sab.tools"),
             (Repair, REPAIRS, "sab.repair"), (Map, {"MAP"}, "sab.map"),
             (Rockfall, {"FALL"}, "sab.rockfall"), (Discard, CARDS, "sab.turn"),
             (Dwarf, CARDS, "sab.dwarf.place"))
    for cls, family, rule in kinds:
        if isinstance(a, cls):
            if a.card not in family:
                return _illegal("wrong-card", rule, "That card cannot be played that way.",
                                card=a.card)
            break
    else:
        return _illegal("unknown-action", "sab.turn", "That is not a move in Saboteur.")
    if a.card not in s.hands[p]:
        return _illegal("not-in-hand", "sab.turn", "That card is not in your hand.", card=a.card)
    if isinstance(a, Path):
        return check_path(s, p, a)
    if isinstance(a, Break):
        if not 0 <= a.seat < s.n:
            return _illegal("no-seat", "sab.tools", "There is no such player.")
        if a.seat == p:
            return _illegal("self-break", "sab.tools",
                            "A broken tool is played in front of another player.")
        if card_tools(a.card) in s.broken[a.seat]:
            return _illegal("already-broken", "sab.tools",
                            "That player's tool is already broken.", seat=a.seat)
        return None
    if isinstance(a, Repair):
        if not 0 <= a.seat < s.n:
            return _illegal("no-seat", "sab.repair", "There is no such player.")
        if a.tool not in card_tools(a.card):
            return _illegal("wrong-tool", "sab.repair", "This card does not repair that tool.",
                            tool=a.tool)
        if a.tool not in s.broken[a.seat]:
            return _illegal("nothing-to-repair", "sab.repair",
                            "That tool is not broken.", seat=a.seat, tool=a.tool)
        return None
    if isinstance(a, Map):
        if s.goal_open[a.goal] >= 0:
            return _illegal("goal-open", "sab.map", "That goal card is already face up.")
        return None
    if isinstance(a, Rockfall):
        if not any(x == a.x and y == a.y for x, y, _, _ in s.maze):
            return _illegal("no-tunnel-there", "sab.rockfall",
                            "A rockfall removes a tunnel card; there is none there "
                            "(the start and the goals stay).")
        return None
    if isinstance(a, Dwarf):
        return check_dwarf(s, a)
    return None  # Discard


def check_path(s: SabState, p: int, a: Path):
    """sab.path and its neighbours: why the path card may not go there, or None."""
    if s.broken[p]:
        return _illegal("tool-broken", "sab.tools",
                        "With a broken tool you cannot play path cards.")
    if a.rot and a.card in SYMMETRIC:
        return _illegal("same-turned", "sab.turn180", "Turned, this card looks the same.")
    grid = net(s)
    cell = (a.x, a.y)
    if cell in grid.grid:
        return _illegal("cell-taken", "sab.path", "There is already a card there.")
    need, forbid, touching = constraints(grid.grid, cell)
    if not touching:
        return _illegal("not-adjacent", "sab.path", "A path card goes next to a card in the maze.")
    mask = card_mask(a.card, a.rot)
    if not fits(mask, need, forbid):
        return _illegal("edge-mismatch", "sab.edges",
                        "Every edge must match its neighbour: tunnel to tunnel, rock to rock.")
    if not connects(grid.grid, grid.flowing, cell, mask):
        return _illegal("not-connected", "sab.connect",
                        "The card must join a tunnel that leads back to the start.")
    owner = dwarf_at(s, a.x, a.y)
    if owner is not None and not may_build_on_dwarf(s, p, owner):
        return _illegal("dwarf-blocked", "sab.dwarf.pay",
                        "A dwarf stands there: you need 1 gold to build there.", owner=owner)
    return None

