"""Brauzeit: the hooks of the generic bots (``sensible_actions``,
``heuristic``), planning with the hourglass. A mixin of :class:`Brauzeit`;
see rules.md, "Bots"."""

from __future__ import annotations

import math

from .data import HEROES, POTIONS
from .state import BrauState, Pass, Reroll, Take, Wizard, new_cauldron


class BotHooks:
    # ---- bots ----------------------------------------------------------------
    def sensible_actions(self, s: BrauState, player: int):
        """The moves worth a bot's thought, with the clock in mind: equal dice
        once; no pass or re-roll while something useful can be taken; no work
        on a cauldron that cannot be finished in the picks left (unless that
        is all there is); for a new potion, the four best by expected worth
        against the picks it costs (a hero's order counts)."""
        acts = self.legal_actions(s, player)
        if s.phase == "brew":
            left = self.picks_left(s, player)
            want = self._wanted(s, player)
            wiz_cost = _WIZ_COST.get(s.n, 1.4)
            scored = []
            for a in acts:
                pairs, wizards = _needs(new_cauldron(a.potion))
                need = pairs + wiz_cost * wizards
                worth = POTIONS[a.potion].points * (2.0 if a.potion in want else 1.0)
                slack = (left - need) / (0.6 + 0.25 * need)
                chance = 1.0 / (1.0 + math.exp(-2.2 * slack))
                scored.append((-(worth * chance - PICK_RATE * need * chance), str(a), a))
            scored.sort(key=lambda x: (x[0], x[1]))
            return [a for _, _, a in scored[:4]]
        left = self.picks_left(s, player)
        caul = s.cauldrons[player]
        seen, out, hopeless = set(), [], []
        useful = False
        for a in acts:
            t = type(a)
            if t is Take:
                key = ("t", s.qty[a.qty], s.ing[a.ing], a.cauldron)
            elif t is Wizard:
                key = ("w", s.wiz[a.die], a.cauldron)
            else:
                key = None
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
                pairs, wizards = _needs(caul[a.cauldron])
                if pairs + wizards > left:  # cannot be finished before the hourglass runs out
                    hopeless.append(a)
                    continue
                useful = True
            out.append(a)
        if useful:
            out = [a for a in out if not isinstance(a, (Pass, Reroll))]
        return out or hopeless or acts

    def _wanted(self, s: BrauState, p: int) -> set:
        want = set()
        for hid, got in s.heroes[p]:
            want.update(x for x in HEROES[hid].order if x not in got)
        return want

    def heuristic(self, s: BrauState, player: int) -> float:
        """Expected final points with the clock in mind (see :meth:`_estimate`),
        compared with the best rival through a logistic (solo: a saturating
        curve of the points)."""
        est = [self._estimate(s, p) for p in range(s.n)]
        if s.n == 1:
            return 1.0 - math.exp(-est[0] / 60.0)
        rival = max(e for i, e in enumerate(est) if i != player)
        return 1.0 / (1.0 + math.exp(-(est[player] - rival) / 8.0))

    def expected_score(self, s: BrauState, player: int) -> float:
        """The final points the brewer may expect (:meth:`_estimate`): what a
        review of a solo game measures a choice by (docs/review.md)."""
        return self._estimate(s, player)

    def picks_left(self, s: BrauState, p: int) -> int:
        """Choices brewer ``p`` still gets: one per roll to come, plus one on
        the roll under way if ``p`` has not chosen from it yet."""
        left = s.rolls_left
        if s.phase == "roll" or (s.phase in ("pick", "brew", "hero") and (p - s.active) % s.n >= s.picks):
            left += 1
        return left

    def _estimate(self, s: BrauState, p: int) -> float:
        """Banked points; plus each cauldron's worth (its points, plus its share
        of a hero's doubled order) times the chance to finish it with the picks
        left (cauldrons cheapest per point first); plus picks left over, at
        what a pick earns on a fresh potion; letters and a waiting Archmage
        count as part of a pick."""
        value = float(self.points(s, p))
        want: dict[str, float] = {}
        if s.heroes_on:
            for hid, got in s.heroes[p]:
                order = HEROES[hid].order
                pts = sum(POTIONS[x].points for x in order)
                todo = [x for x in order if x not in got]
                # the bonus comes only with the whole order: the fewer missing, the likelier
                share = pts / len(todo) * (0.55 + 0.45 * len(got) / len(order))
                for x in todo:
                    want[x] = max(want.get(x, 0.0), share)
        budget = float(self.picks_left(s, p))
        wiz_cost = _WIZ_COST.get(s.n, 1.4)
        rows = []
        for cd in s.cauldrons[p]:
            if cd is None:
                continue
            pairs, wizards = _needs(cd)
            need = pairs + wiz_cost * wizards
            worth = POTIONS[cd[0]].points + want.get(cd[0], 0.0)
            rows.append((need / worth, need, worth))
        rows.sort()
        for _, need, worth in rows:
            if need <= 0.0:
                value += worth
                continue
            # the chance to finish: certain with room to spare, none without the picks
            slack = (budget - need) / (0.6 + 0.25 * need)
            chance = 1.0 / (1.0 + math.exp(-2.2 * slack))
            value += worth * chance
            budget -= need * chance
        value += PICK_RATE * max(0.0, budget - 1.0)
        value += PICK_RATE * (0.3 * s.letters[p] + (1.2 if s.mage[p] else 0.0))
        return value




PICK_RATE = 1.3  # points a choice earns on a fresh potion (bronze ~1.2-1.5, heroes more)
_WIZ_COST = {1: 2.0, 2: 1.6, 3: 1.3, 4: 1.5, 5: 1.2, 6: 1.4}  # a wizard waits for its face


def _needs(cd) -> tuple[float, int]:
    """(pairs, wizards) a cauldron still needs; a pair brings ~3 units."""
    pid, filled, magic = cd
    pot = POTIONS[pid]
    pairs = 0.0
    wizards = 0
    for k, (_, units) in enumerate(pot.recipe):
        lack = units - filled[k]
        if lack > 0:
            pairs += 1.0 if lack <= 2 else 1.25 if lack == 3 else 1.6
        if pot.magic and magic[k] == 0:
            wizards += 1
    return pairs, wizards


