"""The hard level: single-observer information-set MCTS.

After Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG 4(2), 2012), SO-ISMCTS. One tree for the observing seat;
each iteration

1. samples a determinisation from the seat's *view* (``game.determinize``),
2. descends the tree, using only the actions legal in that determinisation:
   UCB1 where every child counts how often it was *available* (not how often
   its parent was visited); chance nodes pick an outcome by its weight,
3. expands one untried action,
4. plays out with a light policy (random among ``game.sensible_actions``,
   chance by weight) to the end, or to a depth cap and then
   ``game.heuristic`` for every seat,
5. backs the returns up; a node keeps the total return of the seat that
   chose the action leading to it.

The move played is the root child visited most.
"""

from __future__ import annotations

import math

from ..core.game import CHANCE, Game
from ..core.rng import Rng
from .base import Bot, _clock, first_determinization

DEFAULT_TIME_BUDGET_MS = 900.0


class Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int | None):
        self.player = player  # the seat that acted to get here (CHANCE, None at the root)
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # sum of returns for ``player``


class IsmctsBot(Bot):
    level = "hard"

    def __init__(self, seed: int, *, time_budget_ms: float | None = None,
                 iterations: int | None = None, exploration: float = 0.7,
                 rollout_depth: int = 8, rollout: str = "sensible", prune: bool = True):
        super().__init__(seed)
        if time_budget_ms is None and iterations is None:
            time_budget_ms = DEFAULT_TIME_BUDGET_MS
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if rollout not in ("sensible", "random"):
            raise ValueError("rollout is 'sensible' or 'random'")
        self.time_budget_ms = time_budget_ms
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout = rollout
        self.prune = prune

    def _work(self, game: Game, view: dict, seat: int, rng: Rng, stats: dict):
        state, actions = first_determinization(game, view, seat, rng)
        if len(actions) == 1:
            return str(actions[0])
        root = Node(None)
        # The budget is wall time from the first step(): yields to the event
        # loop count too, so a decision takes about time_budget_ms for the user.
        t0 = _clock()
        deadline = None if self.time_budget_ms is None else t0 + self.time_budget_ms / 1000.0
        cap = self.iterations
        done = 0
        det = state
        while True:
            self._iterate(game, root, det, rng)
            done += 1
            stats["iterations"] = done
            if cap is not None and done >= cap:
                break
            if deadline is not None and _clock() >= deadline:
                break
            yield
            det = game.determinize(view, seat, rng)
        stats["search_ms"] = (_clock() - t0) * 1000.0
        stats["nodes_at_root"] = len(root.children)
        best, best_key = actions[0], (-1, -1.0)
        for action in actions:
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = action, key
        stats["visits"] = best_key[0]
        stats["value"] = best_key[1]
        return str(best)

    # ---- one iteration ---------------------------------------------------------
    def _iterate(self, game: Game, root: Node, state, rng: Rng) -> None:
        c = self.exploration
        node = root
        path = [root]
        apply = game.apply_unchecked
        while True:
            player = game.current_player(state)
            if player is None:
                break
            if player == CHANCE:
                outcomes = game.chance_outcomes(state)
                action = outcomes[rng.weighted_index([w for _, w in outcomes])][0]
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node(CHANCE)
                node = child
                path.append(node)
                state = apply(state, action)
                continue
            legal = (game.sensible_actions(state, player) if self.prune else None) or game.legal_actions(state)
            untried = []
            best, best_score = None, -1.0
            children = node.children
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                    continue
                child.avail += 1
                if not untried:
                    score = child.total / child.visits + c * math.sqrt(
                        math.log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = action, score
            if untried:  # expand one untried action, then play out
                action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = Node(player)
                path.append(child)
                state = apply(state, action)
                break
            node = children[best]
            path.append(node)
            state = apply(state, best)
        returns = self._playout(game, state, rng)
        for n in path:
            n.visits += 1
            if n.player is not None and n.player >= 0:
                n.total += returns[n.player]

    def _playout(self, game: Game, state, rng: Rng):
        apply = game.apply_unchecked
        sensible = self.rollout == "sensible"
        moves = 0
        while True:
            player = game.current_player(state)
            if player is None:
                return game.outcome(state).returns
            if player == CHANCE:
                outcomes = game.chance_outcomes(state)
                state = apply(state, outcomes[rng.weighted_index([w for _, w in outcomes])][0])
                continue
            if moves >= self.rollout_depth:
                return tuple(game.heuristic(state, s) for s in range(game.num_players(state)))
            pool = (game.sensible_actions(state, player) if sensible else None) or game.legal_actions(state)
            state = apply(state, pool[rng.below(len(pool))])
            moves += 1
