"""The bots' tactics: which moves are worth a look, and how good a position is.

This module owns the game knowledge the generic bots lean on
(``docs/bots.md``): ``sensible_actions``, the few moves a seat's own
knowledge makes worth considering (a gold-digger digs toward the gold it
believes in and mends its side; a saboteur hides while the front is far,
then blocks), and ``heuristic``, a value in [0, 1] for a seat from its
standing in gold and how likely the gold-diggers are to reach the gold this
round (``prospect``). Bots call these on determinisations (``knowledge.py``),
never on the true state.
"""

from __future__ import annotations

from .actions import Break, Discard, Dwarf, Keep, Map, Path, Repair, Rockfall
from .cards import DEAD_END, DELTA, GOAL_CELLS, TUNNELS, card_mask
from .dwarfs import dwarf_at
from .rounds import ROUNDS, round_over, seat_gold
from .state import SabState, net


def prospect(s: SabState) -> float:
    """How likely the gold-diggers are to reach the gold this round, as a
    rough number in [0, 1] (bots only; the state is a determinisation)."""
    if round_over(s) or not s.goals:
        if round_over(s):
            return 1.0 if s.results[-1].winner == "diggers" else 0.0
        return 0.5
    gi = s.goals.index("GOLD")
    grid = net(s)
    open_cells = [c for c in grid.open_cells if dwarf_at(s, *c) is None]
    if open_cells:  # a dwarf's space counts as closed: it costs gold to open
        gx, gy = GOAL_CELLS[gi]
        dist = min(abs(x - gx) + abs(y - gy) for x, y in open_cells)
    else:
        dist = 10 if grid.open_cells else 14
    # a narrow front is easier to block
    width = min(len(open_cells), 4) / 4.0
    diggers = [i for i in range(s.n) if s.roles[i] == "D"] or [0]
    blocked = sum(1 for i in diggers if s.broken[i]) / len(diggers)
    cards_left = len(s.pile) + sum(len(h) for h in s.hands)
    time = min(1.0, cards_left / 30.0)
    base = max(0.0, 1.0 - dist / 11.0)
    p = base * (0.55 + 0.3 * time + 0.15 * width) * (1.0 - 0.45 * blocked)
    return max(0.0, min(1.0, p))


def position_value(s: SabState, player: int) -> float:
    """A value in [0, 1] for ``player``: its standing in gold, and while a
    round runs, how its side stands to do this round (``prospect``)."""
    gold = seat_gold(s)
    others = max(t for i, t in enumerate(gold) if i != player)
    standing = 1.0 / (1.0 + pow(2.718281828, -(gold[player] - others) / 3.0))
    if s.phase == "over":
        return standing
    role = s.roles[player] if not round_over(s) else ""
    if not role:
        return standing
    pr = prospect(s)
    mine = pr if role == "D" else 1.0 - pr
    if role == "D":  # a broken tool of your own hurts you twice
        mine -= 0.05 * len(s.broken[player])
    weight = 0.75 if s.round < ROUNDS else 0.6
    return max(0.0, min(1.0, weight * mine + (1.0 - weight) * standing))


def targets(s: SabState, p: int) -> list[int]:
    """The goals seat ``p`` may believe hold the gold, from what p knows:
    its own peeks and the face-up goals (a state here is a bot's
    determinisation, whose other goals are only guesses)."""
    known = [g for g in range(3) if g in s.peeks[p] or s.goal_open[g] >= 0]
    gold = [g for g in known if s.goals[g] == "GOLD"]
    return gold or [g for g in range(3) if g not in known] or [0, 1, 2]


def worth_considering(s: SabState, player: int, acts: list) -> list:
    """Moves worth considering, from the player's own knowledge.

    A gold-digger extends the tunnel toward the goals it believes may
    hold the gold (peeked gold first, never a goal it saw was stone),
    clears dead ends in front, repairs its side and breaks suspected
    saboteurs' tools. A saboteur keeps a low profile while the front is
    far from the goals and the pile is full (discarding tunnels the
    diggers would want, which nobody sees; maps; breaking tools; no path,
    since every path is on the public record), then blocks openly: dead
    ends and turns at the front, rockfalls on the card nearest the gold,
    a dwarf on the front. ``acts`` are the player's legal actions. The
    evaluation is local (no move is applied): bots call this at every node
    and playout step."""
    if s.phase == "keep":
        return [Keep(max(s.offer))]
    if s.phase != "play" or len(acts) <= 1:
        return acts
    role = s.roles[player]
    grid = net(s)
    cells = [GOAL_CELLS[g] for g in targets(s, player)]
    hidden = {GOAL_CELLS[g] for g in range(3) if s.goal_open[g] < 0}

    seen: dict = {}

    def dist(c) -> int:
        d = seen.get(c)
        if d is None:
            d = seen[c] = min(abs(c[0] - gx) + abs(c[1] - gy) for gx, gy in cells)
        return d

    dwarfed = {(d[0], d[1]) for d in s.dwarfs}
    front = [c for c in grid.open_cells if c not in dwarfed]
    far = dist(min(front, key=dist)) if front else 12
    early = role == "S" and far > 3 and len(s.pile) > 8
    best: list = []  # (score, action): lower is better
    also: list = []  # as good as the best
    other: list = []  # when nothing better is at hand
    for a in acts:
        if isinstance(a, Path):
            c = (a.x, a.y)
            here = dist(c)
            mask = card_mask(a.card, a.rot)
            if a.card in DEAD_END:
                ends = None
            else:
                ends = []
                for side in (1, 2, 4, 8):
                    if mask & side:
                        dx, dy = DELTA[side]
                        nb = (c[0] + dx, c[1] + dy)
                        if nb in hidden and nb in cells:
                            ends.append(-1)  # reaches a goal that may be gold
                        elif nb not in grid.grid:
                            ends.append(dist(nb))
            new = min(ends) if ends else None
            if role == "D":
                if new is not None and new < far:
                    best.append((new, a))
            elif early:
                pass  # nothing to read at the table: discards (below) instead
            elif here <= far and (new is None or new > far):
                best.append((here - (2 if new is None else 0), a))  # block the front
        elif isinstance(a, Rockfall):
            victim = next(m for m in s.maze if m[0] == a.x and m[1] == a.y)
            d = dist((a.x, a.y))
            clears = role == "D" and victim[2] in DEAD_END  # a dead end in front
            cuts = (role == "S" and not early and victim[2] not in DEAD_END
                    and (a.x, a.y) in grid.flowing)  # the tunnel nearest the gold
            if (clears or cuts) and d <= far + 1:
                best.append((d, a))
        elif isinstance(a, Break):
            if (s.roles[a.seat] == "S") == (role == "D"):
                (also if role == "S" and not early else other).append(a)
        elif isinstance(a, Repair):
            if a.seat == player or (s.roles[a.seat] == "D") == (role == "D"):
                best.append((-5 if a.seat == player else 0, a))
        elif isinstance(a, Map):
            if len(cells) > 1 and (role == "D" or early):
                (also if role == "D" and not s.peeks[player] else other).append(a)
        elif isinstance(a, Dwarf) and role == "S" and not early and dist((a.x, a.y)) <= far:
            also.append(a)
        elif isinstance(a, Discard) and early and a.card in TUNNELS and a.card not in DEAD_END:
            other.append(a)  # a tunnel the diggers would want, gone unseen
    if best or also:
        top = min((score for score, _ in best), default=0)
        return [a for score, a in best if score <= top + 1] + also
    if other:
        return other
    # nothing helps: throw away the least useful card
    drop = [a for a in acts if isinstance(a, Discard)
            and (a.card in DEAD_END) == (role == "D")]
    return drop or [a for a in acts if isinstance(a, Discard)] or acts
