"""Review scenarios of Potions Brew (tests/review/test_scenarios.py): ``bad()`` and
``unlucky()`` return ``(match, seat, log_index)``."""

from __future__ import annotations

from spieltisch.core import CHANCE
from spieltisch.games import GAMES

from ..helpers import Builder
from . import NotFound, _name


def _potions_game(seed):
    return Builder(GAMES["potions_brew"], 2, seed, humans=(0, 1))


def bad():
    """potions.win: a witch can lay the card that brews her to 45 points and
    wins at once -- and passes (potions.lay)."""
    g = GAMES["potions_brew"]
    for seed in range(1, 40):
        b = _potions_game(seed)
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            seat = b.match.to_act
            acts = g.legal_actions(s)
            passes = [a for a in acts if _name(a) == "Pass"]
            if passes:
                wins = [a for a in acts if _name(a) in ("Lay", "Move") and _wins(g, s, a, seat)]
                if wins:
                    k = b.play(passes[0])
                    return b.finish(), seat, k
            b.bot_move()
    raise NotFound("no winning lay found")


def _wins(g, s, a, seat) -> bool:
    after = g.apply_unchecked(s, a)
    out = g.outcome(after) if g.current_player(after) is None else None
    return out is not None and out.winners == (seat,)


def unlucky():
    """potions.brew: a witch brews (the clear choice); then the draws and
    the blind picks go the worst way for her (potions.draw, potions.blind)."""
    g = GAMES["potions_brew"]
    for seed in range(1, 40):
        luck = {"seat": None, "events": 0}

        def chance(state, outcomes, luck=luck):
            if luck["seat"] is None or luck["events"] > 6:
                return None
            luck["events"] += 1
            return min((a for a, _ in outcomes),
                       key=lambda a: (g.heuristic(g.apply_unchecked(state, a), luck["seat"]), str(a)))

        b = Builder(g, 2, seed, humans=(0, 1), chance=chance)
        while not b.match.is_over:
            b.resolve()
            s = b.state
            seat = b.match.to_act
            if seat is not None and seat != CHANCE and len(b.match.log) > 60:
                brews = [a for a in g.legal_actions(s) if _name(a) == "Lay"
                         and g.apply_unchecked(s, a).scores[seat] > s.scores[seat]
                         and g.current_player(g.apply_unchecked(s, a)) is not None]
                if brews:
                    k = b.play(brews[0])
                    luck["seat"] = seat
                    return b.finish(max_moves=40), seat, k
            b.bot_move()
    raise NotFound("no brew found")
