"""Brauzeit: points and the end (brau.end, brau.ties, brau.solo). A mixin
of :class:`Brauzeit`."""

from __future__ import annotations

from ...core.game import Outcome
from .data import HEROES, POTIONS
from .state import BrauState


class Scoring:
    # ---- end -----------------------------------------------------------------
    def points(self, s: BrauState, p: int) -> int:
        """brau.end: potion points; those of a complete order count double."""
        total = sum(POTIONS[x].points for x in s.shelf[p])
        for _hid, got in s.heroes[p]:
            total += sum(POTIONS[x].points for x in got)
        for hid in s.happy[p]:
            total += 2 * sum(POTIONS[x].points for x in HEROES[hid].order)
        return total

    def finished(self, s: BrauState, p: int) -> int:
        return (len(s.shelf[p]) + sum(len(got) for _, got in s.heroes[p])
                + sum(len(HEROES[h].order) for h in s.happy[p]))

    def outcome(self, s: BrauState):
        if s.phase != "over":
            return None
        scores = tuple(self.points(s, p) for p in range(s.n))
        done = tuple(self.finished(s, p) for p in range(s.n))
        if s.n == 1:  # brau.solo: beat your own best score
            return Outcome(scores=scores, winners=(0,), reason="brauzeit.end.solo",
                           details=(("finished", list(done)),))
        best = max(scores)
        tied = [p for p in range(s.n) if scores[p] == best]
        most = max(done[p] for p in tied)  # brau.ties
        winners = tuple(p for p in tied if done[p] == most)
        return Outcome(scores=scores, winners=winners, reason="brauzeit.end.clock",
                       details=(("finished", list(done)),))

