"""The round and its gold: from the goal layout to the last nugget card.

This module owns the course of a round (clauses ``sab.rounds``,
``sab.goal``, ``sab.gold``, ``sab.turn``, ``sab.empty``, ``sab.share``,
``sab.saboteurs``, ``sab.win``): a fresh table each round
(``start_round``), a path card laid and the goals it turns over
(``place``), the draw and the next seat (``after_card``, ``end_turn``), the
end of the round with the saboteurs' reward or the nugget cards handed round
counter-clockwise (``round_end``, ``keep``), the next round or the end of
the game, and each seat's gold (``totals``). The moves' legality is
elsewhere (``moves.py``); this is what happens once a move is made.
"""

from __future__ import annotations

from .cards import DECK, ROLE_COUNTS, add_sorted, remove
from .maze import goal_fits
from .state import RoundResult, SabState, front, net, replace, set_at

ROUNDS = 3
SAB_REWARD = {1: 4, 2: 3, 3: 3, 4: 2}  # sab.saboteurs


def eligible(s: SabState, res: RoundResult) -> list[int]:
    """sab.share / sab.variant.competitive: the seats that get nugget cards."""
    return [i for i in range(s.n) if res.roles[i] == "D" and i not in res.skipped]


def ccw_next(eligible: list[int], seat: int, n: int) -> int:
    """The next eligible seat counter-clockwise after ``seat``."""
    for k in range(1, n + 1):
        cand = (seat - k) % n
        if cand in eligible:
            return cand
    return -1


def start_round(s: SabState, rnd: int, start: int) -> SabState:
    """sab.rounds: everything but the gold is set up afresh."""
    n = s.n
    empty = tuple(() for _ in range(n))
    return replace(
        s, round=rnd, phase="goals", to_move=start, start=start, dealt=0, goals=(),
        goal_open=(-1, -1, -1), roles=("",) * n, role_pool=ROLE_COUNTS[n], hands=empty,
        pile=DECK, maze=(), broken=("",) * n, peeks=empty, up=(), down=empty, dwarfs=(),
        dwarfs_placed=0, offer=(), to_draw=0, pending=(), helper=-1, help_asked=False,
        finder=-1, record=(),
    )


def place(s: SabState, card: str, x: int, y: int, rot: int) -> SabState:
    """sab.path: the card joins the maze (kept on the round's record with
    the front before and after, sab.hidden); then the goals it reaches."""
    before = front(s)
    s = replace(s, maze=tuple(sorted(s.maze + ((x, y, card, rot),))))
    s = replace(s, record=s.record + ((s.to_move, "path", before, front(s)),))
    return after_place(s)


def after_place(s: SabState) -> SabState:
    """sab.goal / sab.gold: turn over every goal the network now reaches."""
    while True:
        grid = net(s)
        reached = sorted(g for g in grid.reached if s.goal_open[g] < 0)
        if not reached:
            return after_card(s)
        gold = [g for g in reached if s.goals[g] == "GOLD"]
        if gold:
            s = replace(s, goal_open=set_at(s.goal_open, gold[0], 0), finder=s.to_move)
            return round_end(s, "diggers")
        g = reached[0]
        ways = goal_fits(grid, g, s.goals[g])
        if len(ways) == 2:  # the placing player chooses
            return replace(s, phase="orient", pending=(g,))
        s = replace(s, goal_open=set_at(s.goal_open, g, ways[0]))


def after_card(s: SabState) -> SabState:
    """sab.turn: after a card is played or discarded, draw or pass on."""
    if s.pile:  # sab.turn: draw one if the pile is not empty
        return replace(s, phase="draw")
    return end_turn(s)


def end_turn(s: SabState) -> SabState:
    """sab.turn / sab.empty: the next seat with cards, else the saboteurs win."""
    p = s.to_move
    s = replace(s, help_asked=False, last=p, phase="play")
    for k in range(1, s.n + 1):  # sab.empty: a seat with no cards is skipped
        seat = (p + k) % s.n
        if s.hands[seat]:
            return replace(s, to_move=seat)
    return round_end(s, "saboteurs")


def round_end(s: SabState, winner: str) -> SabState:
    """sab.saboteurs / sab.share: the round's result and its gold."""
    p = s.to_move
    skipped = ()
    if winner == "diggers" and s.variant == "competitive":  # sab.variant.competitive
        skipped = tuple(i for i in range(s.n) if s.roles[i] == "D" and s.broken[i])
    res = RoundResult(round=s.round, winner=winner, roles=s.roles, layout=s.goals, maze=s.maze,
                      goal_open=s.goal_open, finder=s.finder, skipped=skipped, sab_gold=0,
                      picks=())
    s = replace(s, last=p, pending=(), helper=-1)
    if winner == "saboteurs":  # sab.saboteurs
        sabs = [i for i in range(s.n) if s.roles[i] == "S"]
        reward = SAB_REWARD.get(len(sabs), 0)
        gold = tuple(g + (reward if i in sabs else 0) for i, g in enumerate(s.gold))
        s = replace(s, gold=gold, results=s.results + (replace(res, sab_gold=reward),))
        return next_round(s)
    s = replace(s, results=s.results + (res,))
    who = eligible(s, res)
    if not who:
        return next_round(s)
    # sab.share: as many cards as players (9 with ten); New mine: as many as gold-diggers
    if s.variant == "new_mine":
        count = sum(1 for r in s.roles if r == "D")
    else:
        count = 9 if s.n == 10 else s.n
    first = s.finder if s.finder in who else ccw_next(who, s.finder, s.n)
    count = min(count, len(s.nugget_pile))
    s = replace(s, phase="nuggets", to_move=first, offer=(), to_draw=count)
    return advance_keep(s) if count == 0 else s


def keep(s: SabState, value: int) -> SabState:
    """sab.share: the picker keeps one card; the rest go counter-clockwise."""
    p = s.to_move
    res = s.results[-1]
    res = replace(res, picks=res.picks + ((p, value),))
    s = replace(s, nuggets=set_at(s.nuggets, p, add_sorted(s.nuggets[p], value)),
                offer=remove(s.offer, value), results=s.results[:-1] + (res,))
    if s.offer:
        s = replace(s, to_move=ccw_next(eligible(s, res), p, s.n))
    return advance_keep(s)


def advance_keep(s: SabState) -> SabState:
    """A picker with no real choice (one value left) keeps it at once."""
    if s.offer and len(set(s.offer)) == 1:
        return keep(s, s.offer[0])
    if s.offer:
        return replace(s, phase="keep")
    return next_round(s)


def next_round(s: SabState) -> SabState:
    """sab.rounds / sab.win: the next round, or the end after the third."""
    if s.round >= ROUNDS:  # sab.win
        return replace(s, phase="over", offer=(), to_draw=0)
    return start_round(s, s.round + 1, (s.last + 1) % s.n)  # sab.rounds


def seat_gold(s: SabState) -> tuple[int, ...]:
    """sab.win: each seat's gold: public gold plus its nugget cards."""
    return tuple(s.gold[i] + sum(s.nuggets[i]) for i in range(s.n))


def round_over(s: SabState) -> bool:
    """The current round has its result (roles are shown)."""
    return bool(s.results) and s.results[-1].round == s.round
