"""The easy and normal levels.

easy   -- a random pick among ``game.sensible_actions`` of one determinisation.
normal -- greedy one-ply: every action of ``game.sensible_actions`` (of the
          first determinisation; all legal ones if it gives none) is applied to
          K determinisations (chance after it sampled), scored by the terminal
          return or ``game.heuristic``, and the best average wins.
"""

from __future__ import annotations

from ..core.game import Game
from ..core.rng import Rng
from .base import Bot, _clock, first_determinization, resolve_chance, value_for


class RandomBot(Bot):
    level = "easy"

    def _work(self, game: Game, view: dict, seat: int, rng: Rng, stats: dict):
        state, actions = first_determinization(game, view, seat, rng)
        if len(actions) == 1:
            return str(actions[0])
        pool = game.sensible_actions(state, seat) or actions
        stats["iterations"] = 1
        return str(rng.choice(pool))
        yield  # makes this a generator


class GreedyBot(Bot):
    level = "normal"
    DEFAULT_DETERMINIZATIONS = 8

    def __init__(self, seed: int, *, determinizations: int | None = None,
                 time_budget_ms: float | None = None, prune: bool = True):
        super().__init__(seed)
        self.prune = prune
        k = self.DEFAULT_DETERMINIZATIONS if determinizations is None else int(determinizations)
        if k < 1:
            raise ValueError("normal needs at least one determinisation")
        self.determinizations = k
        self.time_budget_ms = time_budget_ms

    def _work(self, game: Game, view: dict, seat: int, rng: Rng, stats: dict):
        state, actions = first_determinization(game, view, seat, rng)
        if len(actions) == 1:
            return str(actions[0])
        if self.prune:  # the same pruning as the hard level's tree
            actions = list(game.sensible_actions(state, seat)) or actions
        t0 = _clock()
        totals = [0.0] * len(actions)
        counts = [0] * len(actions)
        for k in range(self.determinizations):
            det = state if k == 0 else game.determinize(view, seat, rng)
            available = set(game.legal_actions(det)) if k else None
            for i, action in enumerate(actions):
                if available is not None and action not in available:
                    continue
                after = resolve_chance(game, game.apply_unchecked(det, action), rng)
                totals[i] += value_for(game, after, seat)
                counts[i] += 1
                yield
            stats["iterations"] = k + 1
            if (self.time_budget_ms is not None
                    and (_clock() - t0) * 1000.0 >= self.time_budget_ms):
                break
        best, best_value = 0, -1.0
        for i in range(len(actions)):  # ties: the first in legal order
            if counts[i] and totals[i] / counts[i] > best_value:
                best, best_value = i, totals[i] / counts[i]
        stats["value"] = best_value
        return str(actions[best])
