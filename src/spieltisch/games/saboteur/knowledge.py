"""The bots' knowledge: what a seat can tell from the table, and guesses of the rest.

This module owns the bots' reading of a Saboteur table, from a view alone
(``sab.hidden``: a bot never sees the state): how likely each seat is a
saboteur given what the table saw it do this round (``role_table``,
``role_odds``), and ``determinize``, a full state consistent with the view
in which those roles, the unseen goals, the cards and the nugget values
nobody has shown are sampled anew. The moves a bot then considers are in
``tactics.py``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from itertools import combinations
from math import comb

from ...core.rng import Rng
from .cards import DECK, GOALS, nugget_set, role_set
from .state import SabState, result_from_json

# ---- reading roles from the table -----------------------------------------------
# How much likelier a play is from a saboteur than from a gold-digger. Counted
# in self-play of the easy bots (4, 5, 7 and 10 players, 48 games: e.g. of the
# paths that brought the tunnel nearer the goals 1,361 were a digger's and 12 a
# saboteur's), then pulled toward 1 so that no single play decides: people and
# stronger bots hide better than the easy bot does.
PATH_LR = {-1: 0.2, 0: 3.0, 1: 3.5}  # by the sign of (after - before)
ROCK_LR = {-1: 0.6, 0: 1.5, 1: 3.5}
DWARF_LR = 3.0
SAME_TEAM = {"break": 0.5, "repair": 2.0}  # a tool broken / mended for one's own side
_ROLE_TABLES: dict = {}


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def role_table(view: dict, me: int, unseen: tuple, sab_left: int, dig_left: int):
    """Every way to give the seats in ``unseen`` their roles, weighted by the
    chance of the deal (a spare role card may be left) times what the table
    saw them do this round: their paths and rockfalls (toward the goals or
    away), their dwarfs, and the tools they broke or mended for others (a
    gold-digger breaks a saboteur's tools and mends a digger's). Returns the
    saboteur sets and their cumulative integer weights; cached per view."""
    roles = view["roles"]
    record = view["record"]
    owners = tuple(sorted({d[2] for d in view["dwarfs"]}))
    key = (view["players"], me, unseen, sab_left, dig_left, tuple(map(tuple, record)), owners,
           tuple(roles))
    hit = _ROLE_TABLES.get(key)
    if hit is not None:
        return hit
    lr = dict.fromkeys(unseen, 1.0)
    for i in owners:
        if i in lr:
            lr[i] *= DWARF_LR
    pairs: dict = {}  # (a, b) -> factor when a and b are on the same side
    for seat, kind, a, b in record:
        if kind == "path" or kind == "rock":
            if seat in lr:
                lr[seat] *= (PATH_LR if kind == "path" else ROCK_LR)[_sign(b - a)]
        elif a != seat:
            f = SAME_TEAM[kind]
            known_a, known_b = roles[seat], roles[a]
            if seat in lr and a in lr:
                key2 = (min(seat, a), max(seat, a))
                pairs[key2] = pairs.get(key2, 1.0) * f
            elif seat in lr and known_b:  # f if seat is on known_b's side
                lr[seat] *= f if known_b == "S" else 1.0 / f
            elif a in lr and known_a:
                lr[a] *= f if known_a == "S" else 1.0 / f
    u = len(unseen)
    spare = sab_left + dig_left - u
    combos, weights = [], []
    for k in range(max(0, u - dig_left), min(u, sab_left) + 1):
        prior = comb(spare, sab_left - k)
        if not prior:
            continue
        for combo in combinations(unseen, k):
            w = float(prior)
            for i in combo:
                w *= lr[i]
            for (x, y), f in pairs.items():
                if (x in combo) == (y in combo):
                    w *= f
            combos.append(frozenset(combo))
            weights.append(w)
    top = max(weights)
    cum, total = [], 0
    for w in weights:
        total += max(1, int(w / top * 1_000_000))
        cum.append(total)
    table = (combos, cum)
    if len(_ROLE_TABLES) >= 32:
        _ROLE_TABLES.clear()
    _ROLE_TABLES[key] = table
    return table


def role_odds(view: dict, me: int) -> list:
    """For each seat, how likely it is a saboteur as ``me`` reads the table
    (1 or 0 where the role is known). For tests and the bots' docs."""
    n = view["players"]
    roles = view["roles"]
    pool = Counter(role_set(n))
    for r in roles:
        if r:
            pool[r] -= 1
    unseen = tuple(i for i in range(n) if not roles[i])
    if not unseen:
        return [1.0 if r == "S" else 0.0 for r in roles]
    combos, cum = role_table(view, me, unseen, pool["S"], pool["D"])
    out = [1.0 if r == "S" else 0.0 for r in roles]
    prev = 0
    for combo, c in zip(combos, cum):
        for i in combo:
            out[i] += (c - prev) / cum[-1]
        prev = c
    return out


# ---- a full state from a view -------------------------------------------------

def sample_state(view: dict, viewer: int, rng: Rng) -> SabState:
    """A full state consistent with what ``viewer`` sees (``view``): roles
    weighted by the role reading above, unseen goals shuffled, every card
    and nugget value the viewer has not seen dealt anew where it cannot see."""
    n = view["players"]
    me = viewer
    phase = view["phase"]
    start = view["start"]
    over = phase == "over"
    results = tuple(result_from_json(r) for r in view["results"])
    shown = over or (bool(results) and results[-1].round == view["round"])
    # roles (sab.roles): the dealt ones you cannot see, and the spare card
    if phase == "goals":
        dealt_roles = 0
    elif phase == "roles":
        dealt_roles = view["dealt"]
    else:
        dealt_roles = n
    dealt_seats = [(start + k) % n for k in range(dealt_roles)]
    roles = [""] * n
    pool = Counter(role_set(n))
    for i in dealt_seats:
        if view["roles"][i] is not None:
            roles[i] = view["roles"][i]
            pool[roles[i]] -= 1
    # Weighted by what the table saw (sab.hidden: all of it is in the view):
    # see role_table. The spare role card takes what is left.
    unseen = [i for i in dealt_seats if not roles[i]]
    left = {"S": pool["S"], "D": pool["D"]}
    if unseen:
        table = role_table(view, me, tuple(unseen), left["S"], left["D"])
        combo = table[0][bisect_right(table[1], rng.below(table[1][-1]))]
        for i in unseen:
            roles[i] = "S" if i in combo else "D"
            left[roles[i]] -= 1
    role_pool = (left["S"], left["D"])
    # goals (sab.layout / sab.map): known ones fixed, the others shuffled
    goals: tuple = ()
    if view["goals_laid"]:
        if shown and results and results[-1].round == view["round"]:
            goals = tuple(results[-1].layout)
        else:
            known = {g: c for g, c in enumerate(view["goals"]) if c is not None}
            known.update({g: c for g, c in view["seen_goals"]})
            free = [c for c in GOALS if c not in known.values()]
            rng.shuffle(free)
            goals = tuple(known[g] if g in known else free.pop() for g in range(3))
    # cards: every card you have not seen is anywhere you cannot see
    hand = tuple(view["hand"])
    maze = tuple(tuple(m) for m in view["maze"])
    broken = tuple(view["broken"])
    pending = tuple(view["pending"])
    unseen = Counter(DECK)
    unseen.subtract(hand)
    unseen.subtract(view["my_discards"])
    unseen.subtract(m[2] for m in maze)
    unseen.subtract(view["discard_up"])
    unseen.subtract("B" + tool for b in broken for tool in b)
    if phase == "help":
        unseen.subtract([pending[0]])
    cards = sorted(unseen.elements())
    rng.shuffle(cards)
    hands, down = [], []
    for i in range(n):
        if i == me:
            hands.append(hand)
            down.append(tuple(view["my_discards"]))
            continue
        k = view["hand_sizes"][i]
        hands.append(tuple(sorted(cards[:k])))
        cards = cards[k:]
        k = view["discard_counts"][i]
        down.append(tuple(sorted(cards[:k])))
        cards = cards[k:]
    pile = tuple(sorted(cards))
    # nuggets (sab.hidden): others' values resampled from those you have not seen
    counts = view["nugget_counts"]
    if over:
        nuggets = tuple(tuple(x) for x in view["nuggets"])
        offer = tuple(view["offer"])
        left = Counter(nugget_set(view["options"]["variant"]))
        left.subtract(v for x in nuggets for v in x)
        left.subtract(view["spent"])
        left.subtract(offer)
        nugget_pile = tuple(sorted(left.elements()))
    else:
        mine = tuple(view["nuggets"][me])
        offer = tuple(view["offer"]) if view["offer"] is not None else None
        left = Counter(nugget_set(view["options"]["variant"]))
        left.subtract(mine)
        left.subtract(view["spent"])
        if offer is not None:
            left.subtract(offer)
        vals = sorted(left.elements())
        rng.shuffle(vals)
        nuggets = []
        for i in range(n):
            if i == me:
                nuggets.append(mine)
            else:
                nuggets.append(tuple(sorted(vals[:counts[i]])))
                vals = vals[counts[i]:]
        if offer is None:
            offer = tuple(sorted(vals[:view["offer_size"]]))
            vals = vals[view["offer_size"]:]
        nuggets = tuple(nuggets)
        nugget_pile = tuple(sorted(vals))
    t = lambda xs: tuple(tuple(x) for x in xs)
    return SabState(
        n=n, dwarfs_on=view["options"]["dwarfs"], variant=view["options"]["variant"],
        round=view["round"], phase=phase, to_move=view["turn"], start=start,
        dealt=view["dealt"], goals=goals, goal_open=tuple(view["goal_open"]),
        roles=tuple(roles), role_pool=role_pool, hands=tuple(hands), pile=pile, maze=maze,
        broken=broken, peeks=t(view["peeked"]), up=tuple(view["discard_up"]),
        down=tuple(down), dwarfs=t(view["dwarfs"]), dwarfs_placed=view["dwarfs_placed"],
        gold=tuple(view["gold"]), nuggets=nuggets, nugget_pile=nugget_pile,
        spent=tuple(view["spent"]), offer=offer, to_draw=view["to_draw"], pending=pending,
        helper=view["helper"], help_asked=view["help_asked"], finder=view["finder"],
        last=view["last"], results=results, record=t(view["record"]),
        change=view["options"].get("dwarf_change", True),
    )
