"""Review scenarios of Brauzeit (tests/review/test_scenarios.py): ``bad()`` and
``unlucky()`` return ``(match, seat, log_index)``."""

from __future__ import annotations

from spieltisch.games import GAMES

from ..helpers import Builder
from . import NotFound, _name


def _brau_finishes(g, s, a) -> bool:
    after = g.apply_unchecked(s, a)
    return g.finished(after, 0) > g.finished(s, 0)


def bad():
    """brau.pair / brau.end: on one of the last rolls a pair would finish a
    potion worth 7 or more, and the brewer passes (brau.pass) instead."""
    g = GAMES["brauzeit"]
    for seed in range(20, 100):  # any start finds one; with the rules of 2026-12 this one is quick (seed 24)
        b = Builder(g, 1, seed)
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            if s.rolls_left == 0 and s.phase == "pick":
                acts = g.legal_actions(s)
                passes = [a for a in acts if _name(a) == "Pass"]
                big = [a for a in acts if _name(a) in ("Take", "Wizard") and _brau_finishes(g, s, a)
                       and g.points(g.apply_unchecked(s, a), 0) - g.points(s, 0) >= 7]
                if passes and big:
                    k = b.play(passes[0])
                    return b.finish(), 0, k
            b.bot_move()
    raise NotFound("no late finishing pair found")


def unlucky():
    """brau.pair / brau.dice: the brewer finishes a potion (the clear choice),
    and the dice of the next rolls are the worst for it."""
    g = GAMES["brauzeit"]
    for seed in range(1, 60):
        bad_luck = {"on": False, "rolls": 0}

        def chance(state, outcomes, bad_luck=bad_luck):
            if not bad_luck["on"] or bad_luck["rolls"] > 12:
                return None
            bad_luck["rolls"] += 1
            return min((a for a, _ in outcomes),
                       key=lambda a: (g.expected_score(g.apply_unchecked(state, a), 0), str(a)))

        b = Builder(g, 1, seed, chance=chance)
        while not b.match.is_over:
            b.resolve()
            s = b.state
            if 10 <= s.rolls_left <= 30 and s.phase == "pick":
                fin = [a for a in g.legal_actions(s) if _name(a) in ("Take", "Wizard") and _brau_finishes(g, s, a)]
                if fin:
                    k = b.play(max(fin, key=lambda a: (g.points(g.apply_unchecked(s, a), 0), str(a))))
                    bad_luck["on"] = True
                    return b.finish(), 0, k
            b.bot_move()
    raise NotFound("no finishing pair found")
