"""Review scenarios of Saboteur (tests/review/test_scenarios.py): ``bad()`` and
``unlucky()`` return ``(match, seat, log_index)``."""

from __future__ import annotations

from spieltisch.games import GAMES

from ..helpers import Builder
from . import NotFound, _name

# Round 1: seats 1 and 2 dig a straight tunnel from the start to (6, 0); the
# third seat only discards (nobody sees what: it may be the saboteur, and it
# is); the gold is the middle goal at (8, 0), which seat 1 may look at.
_SAB_HANDS = {0: ["MAP", "NESW", "EW", "EW", "NESW", "EWx"], 1: ["NEW", "NEW", "EW", "RL", "RC", "RLP"],
              2: ["RCP", "RP", "RP", "RL", "RC", "RCL"]}


def _path(card, x, y, rot=0):
    return lambda a: _name(a) == "Path" and a.card == card and (a.x, a.y) == (x, y) and a.rot == rot


def _discard(card):
    return lambda a: _name(a) == "Discard" and a.card == card


def _sab_build(gold_at: int, first, final, hands=None):
    g = GAMES["saboteur"]
    roles = "DDS"
    plan = {k: list(v) for k, v in (hands or _SAB_HANDS).items()}
    last = 1  # the round scripted (the earlier ones, if any, are played by the bots)

    def chance(state, outcomes):
        if state.round != last:
            return None
        who = (state.start + state.dealt) % state.n
        if state.phase == "goals":
            return next(a for a, _ in outcomes if a.goals[gold_at] == "GOLD")
        if state.phase == "roles":
            return next(a for a, _ in outcomes if a.role == roles[who])
        if state.phase == "deal" and plan.get(who):
            want = plan[who].pop(0)
            return next(a for a, _ in outcomes if a.card == want)
        return None

    b = Builder(g, 3, seed=5, chance=chance)
    while not b.match.is_over and b.state.round < last:
        b.bot_move()
        b.resolve()
    queues = {0: [first, _path("NESW", 2, 0), _path("EW", 4, 0), _path("EW", 6, 0)],
              1: [_path("NEW", 1, 0), _path("NEW", 3, 0), _path("EW", 5, 0), _discard("RL")],
              2: [_discard("RCP"), _discard("RP"), _discard("RP"), _discard("RL")]}
    while True:
        b.resolve()
        seat = b.match.to_act
        if seat == 0 and not queues[0]:
            break
        action = b.pick(queues[seat].pop(0))
        if action is None:
            raise NotFound(f"the scripted move of seat {seat + 1} is not legal")
        b.play(action)
    move = b.pick(final)
    if move is None:
        raise NotFound("the scenario's move is not legal")
    return b, b.play(move)


def bad():
    """sab.deadend / sab.gold: a gold-digger who has seen the gold (sab.map)
    could reach it now with a cross, and instead closes the only opening
    next to it with a dead end (the saboteur then may well win the round)."""
    b, k = _sab_build(1, lambda a: _name(a) == "Map" and a.goal == 1, _path("EWx", 7, 0))
    return b.finish(), 0, k


def unlucky():
    """sab.goal: a gold-digger who has seen no goal reaches the middle one with
    a cross -- the best it can do -- and it is stone (the gold lies above)."""
    hands = {**_SAB_HANDS, 0: ["BL", "NESW", "EW", "EW", "NESW", "EWx"]}
    b, k = _sab_build(0, _discard("BL"), _path("NESW", 7, 0), hands)
    return b.finish(), 0, k
