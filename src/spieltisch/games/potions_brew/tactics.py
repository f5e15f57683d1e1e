"""Potions Brew: what the rules give the bots (docs/bots.md, Potions Brew).

``sensible_actions`` narrows the act step and the hand limit for the
search; ``heuristic`` scores a position for a seat -- points, stacks near
brewing, and the gathering rule a witch's own top cards make for her next
turn, so the hard bot plans around it. Race-aware (potions.stall): as the
draws since the last potion near a whole pass, a stack's promise counts
for less and points in hand for more, since the game may end on points.
"""

from __future__ import annotations

from .moves import act_lists, legal_actions
from .state import (
    HAND_LIMIT,
    ING,
    MOON,
    NEEDS,
    REC,
    SPIDER,
    STALL_CARDS,
    TOTAL,
    VALUE,
    PotState,
    _fits,
    strongest,
    to_act,
)

RULE_WORTH = {"T": -2.0, "M": -0.8, "S": -0.4, "D": 0.4, "": 0.0}
_worth_cache: list = [None, None]  # the last state scored, and every seat's worth in it


def sensible_actions(s: PotState, player: int) -> list:
    """Lay what fits, brew by a move, pass; discard cards no stack or
    recipe of the table can use first; the rest of the decisions all."""
    if s.step == "act" and to_act(s) == player:
        acts, good = act_lists(s, player)
        return good if len(good) > 1 else acts
    acts = legal_actions(s, player)
    if s.step == "discard":
        useless = [a for a in acts if _use(s, player, a.card) == 0]
        return useless or acts
    return acts


def _use(s: PotState, p: int, card: int) -> int:
    """How many recipe places on the table could take this card for ``p``."""
    return sum(1 for slot, r in enumerate(s.recipes)
               if r is not None and _fits(s.stacks[p][slot], r, card))


def heuristic(s: PotState, player: int) -> float:
    """The witch's standing against the best other witch: points, stacks
    weighted by how near they are to brewing (with the hand's cards that
    fill them), and the gathering rule her own top cards make for her
    next turn (potions.strength) -- the hard bot's search sees these
    through its play-outs and plans its top cards around them."""
    cached = _worth_cache
    if cached[0] is s:
        est = cached[1]
    else:
        est = [_worth(s, i) for i in range(s.n)]
        cached[0], cached[1] = s, est
    mine = est[player]
    best_other = max(e for i, e in enumerate(est) if i != player)
    gap = mine - best_other
    return 1.0 / (1.0 + pow(2.718281828, -gap / 5.0))


def _worth(s: PotState, seat: int) -> float:
    value = float(s.scores[seat])
    # potions.stall: a stack brews only if the game goes on; near the end of
    # a pass with no potion its promise fades (the short rules have no stall)
    hope = 0.85 if s.short else 0.85 * (1.0 - 0.6 * min(s.stall, STALL_CARDS) / STALL_CARDS)
    hand: dict[str, int] = {}
    for c in s.hands[seat]:
        k = ING[c]
        hand[k] = hand.get(k, 0) + 1
    for slot, st in enumerate(s.stacks[seat]):
        r = s.recipes[slot]
        if not st or r is None:
            continue
        code = REC[r]
        need = NEEDS[code]
        total = TOTAL[code]
        have: dict[str, int] = {}
        for c in st:
            k = ING[c]
            have[k] = have.get(k, 0) + 1
        covered = 0
        for k, v in need.items():
            miss = v - have.get(k, 0)
            if miss > 0:
                covered += min(miss, hand.get(k, 0))
        done = (len(st) + 0.6 * covered) / total
        value += VALUE[code] * done * done * hope
    value += 0.25 * min(len(s.hands[seat]), HAND_LIMIT)
    t = {ING[st[-1]] for st in s.stacks[seat] if st}
    value += RULE_WORTH[strongest(t)]
    if MOON in t and SPIDER not in t:
        value += 0.4
    return value
