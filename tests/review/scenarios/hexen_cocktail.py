"""Review scenarios of Hexen Cocktail (tests/review/test_scenarios.py): ``bad()`` and
``unlucky()`` return ``(match, seat, log_index)``."""

from __future__ import annotations

from spieltisch.games import GAMES

from ..helpers import Builder
from . import NotFound, _name


def _hexen_hunt(seed_range, want):
    g = GAMES["hexen_cocktail"]
    for seed in seed_range:
        b = Builder(g, 2, seed)
        while not b.match.is_over:
            b.resolve()
            s = b.state
            if b.match.to_act == 0 and s.phase == "play" and not s.in_bonus and len(s.hands[0]) >= 4:
                found = want(g, s)
                if found is not None:
                    k = b.play(found)
                    return b, k
            b.bot_move()
    raise NotFound("no position found")


def _hexen_split(g, s):
    """(safe plays, exploding plays) of seat 0 (hexen.test)."""
    plays = [a for a in g.legal_actions(s) if _name(a) == "Play"]
    boom = [a for a in plays if g.explodes(s.potions[a.row], s.rows[a.row], a.card)]
    return [a for a in plays if a not in boom], boom


def bad():
    """hexen.test / hexen.explosion: seat 1 puts a card that explodes a potion
    worth 8 or more while a safe play exists and potions are left (so the
    explosion ends nothing): it only takes the potion's penalty."""

    def want(g, s):
        safe, boom = _hexen_split(g, s)
        big = [a for a in boom if int(s.potions[a.row][1:]) >= 8]
        if safe and big and s.potion_pool:
            return max(big, key=lambda a: (int(s.potions[a.row][1:]), str(a)))
        return None

    b, k = _hexen_hunt(range(1, 40), want)
    return b.finish(), 0, k


def unlucky():
    """The seat plays safely (hexen.test) and has other safe plays too; then the
    other witch, with cards the seat could not see (hexen.hidden), plays so
    that at the seat's next turn every card it holds explodes."""
    g = GAMES["hexen_cocktail"]
    for seed in range(1, 80):
        b = Builder(g, 2, seed)
        candidate = None
        while not b.match.is_over:
            b.resolve()
            s = b.state
            if b.match.to_act == 0 and s.phase == "play" and not s.in_bonus:
                safe, boom = _hexen_split(g, s)
                if candidate is not None:
                    if not safe and boom:
                        return b.finish(), 0, candidate
                    candidate = None
                if len(safe) >= 2:
                    b.bot_move()  # the normal bot's safe play
                    if g.explodes(*_last_play(b.match, g)):
                        continue
                    candidate = len(b.match.log) - 1
                    continue
            b.bot_move()
    raise NotFound("no unlucky safe play found")


def _last_play(match, g):
    state = g.new_state(len(match.seats), match.options)
    for _player, text in match.log[:-1]:
        state = g.apply_unchecked(state, g.parse_action(text))
    a = g.parse_action(match.log[-1][1])
    return state.potions[a.row], state.rows[a.row], a.card
