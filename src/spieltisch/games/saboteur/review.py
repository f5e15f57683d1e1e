"""Saboteur's value of a position for the review (docs/review.md).

The bots' ``heuristic`` (tactics.py) weighs the round's prospect at 0.75
and the gold standing at 0.25 while a round runs, and the standing alone
once it is over. That serves a search that stays inside a round, but it
ranks a tunnel one card short of the gold (prospect near 1) above the gold
reached (the round over, the standing moved by a nugget or two): a review,
which compares moves across the round's end, called reaching the gold a
blunder. Here a position is worth the seat's expected standing *after* the
round: with the chance that the gold-diggers reach the gold
(``prospect``), each digger gets its share of the nugget cards still to
come, otherwise each saboteur its reward (sab.share, sab.saboteurs); the
standing is the logistic of the seat's gold against the best other seat's,
sharper in the last round, where it is the result. Bots are unchanged.

``unseen`` is what no seat saw at a moment, for "Show what was hidden" after
the game (sab.hidden): the goal cards nobody turned or looked at, the draw
pile, the roles not dealt and the gold cards still to come. The judgement
never reads it.
"""

from __future__ import annotations

import math

from .rounds import ROUNDS, SAB_REWARD, round_over, seat_gold
from .state import SabState
from .tactics import prospect


def _standing(gold: list[float], seat: int, last: bool) -> float:
    others = max(g for i, g in enumerate(gold) if i != seat)
    scale = 1.0 if last else 3.0
    return 1.0 / (1.0 + math.exp(-(gold[seat] - others) / scale))


def _pile_mean(s: SabState) -> float:
    return sum(s.nugget_pile) / len(s.nugget_pile) if s.nugget_pile else 0.0


def value(s: SabState, seat: int) -> float:
    """A value in [0, 1] for ``seat`` (a determinisation: its roles are drawn)."""
    gold = [float(g) for g in seat_gold(s)]
    last = s.round >= ROUNDS
    if s.phase == "over" or not all(s.roles):
        return _standing(gold, seat, last)
    diggers = [i for i, r in enumerate(s.roles) if r == "D"]
    saboteurs = [i for i, r in enumerate(s.roles) if r == "S"]
    if round_over(s):  # the nugget cards still being handed round go to the gold-diggers
        pending = sum(s.offer) + s.to_draw * _pile_mean(s)
        if s.phase in ("nuggets", "keep") and diggers:
            for i in diggers:
                gold[i] += pending / len(diggers)
        return _standing(gold, seat, last)
    p = prospect(s)
    count = 9 if s.n == 10 else s.n
    if s.variant == "new_mine":
        count = len(diggers)
    win = list(gold)
    for i in diggers:
        win[i] += count * _pile_mean(s) / max(1, len(diggers))
    lose = list(gold)
    for i in saboteurs:
        lose[i] += SAB_REWARD.get(len(saboteurs), 0)
    return p * _standing(win, seat, last) + (1.0 - p) * _standing(lose, seat, last)


def unseen(s: SabState) -> list[dict]:
    """The piles nobody could see, each ``{"pile", "param", "items"}``: the
    items are named by the board's ``param(param, item)``."""
    peeked = {g for seat in s.peeks for g in seat}
    goals = [s.goals[g] for g in range(len(s.goals)) if s.goal_open[g] < 0 and g not in peeked]
    saboteurs, diggers = (tuple(s.role_pool) + (0, 0))[:2]
    roles = ["S"] * saboteurs + ["D"] * diggers
    piles = (("goals", "card", sorted(goals)), ("pile", "card", sorted(s.pile)), ("roles", "role", roles),
             ("nuggets", "gold", sorted(s.nugget_pile)))
    return [{"pile": p, "param": k, "items": items} for p, k, items in piles if items]
