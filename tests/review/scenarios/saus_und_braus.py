"""Review scenarios of Saus und Braus (tests/review/test_scenarios.py): ``bad()`` and
``unlucky()`` return ``(match, seat, log_index)``."""

from __future__ import annotations

from spieltisch.games import GAMES

from ..helpers import Builder
from . import NotFound, _name


def _saus():
    from spieltisch.games.saus_und_braus import rules

    return rules


def bad():
    """saus.book / saus.memory: Winnie flew over an ingredient whose book the
    whole table saw open (the record), and the player opens a book it saw
    showing something else."""
    g = GAMES["saus_und_braus"]
    rules = _saus()
    for seed in range(1, 60):
        b = Builder(g, 2, seed, humans=(0, 1))
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            seat = b.match.to_act
            if s.phase == "guess" and not rules.is_special(g.top(s)):
                known = rules.known_books(s.record)
                kind = g.top(s)
                right = [x for x, k in known.items() if k == kind]
                wrong = [x for x, k in known.items() if k != kind]
                if right and wrong and len(s.cauldrons[seat]) >= 2:
                    move = next(a for a in g.legal_actions(s) if _name(a) == "Open" and a.slots == (min(wrong),))
                    k = b.play(move)
                    return b.finish(), seat, k
            b.bot_move()
    raise NotFound("no known book found")


def unlucky():
    """saus.book: no book of the ingredient has been seen, the player opens one
    it knows nothing of -- as good as any -- and it is wrong (saus.wrong)."""
    g = GAMES["saus_und_braus"]
    rules = _saus()
    for seed in range(1, 60):
        b = Builder(g, 2, seed, humans=(0, 1))
        while not b.match.is_over:
            b.resolve()
            if b.match.is_over:
                break
            s = b.state
            seat = b.match.to_act
            if s.phase == "guess" and not rules.is_special(g.top(s)) and s.turns >= 4:
                known = rules.known_books(s.record)
                kind = g.top(s)
                if kind not in known.values():
                    wrong = [a for a in g.legal_actions(s) if _name(a) == "Open" and a.slots[0] not in known
                             and s.books[a.slots[0]] != kind]
                    if wrong:
                        k = b.play(wrong[0])
                        return b.finish(), seat, k
            b.bot_move()
    raise NotFound("no unknown book found")
