"""What every bot level shares: the view-only entry point and sliced search.

A bot is started with ``bot.start(game, view, seat)`` and never sees a true
state: the only way to get a full state is ``game.determinize(view, seat,
rng)``, which resamples whatever the seat cannot see. The work of a decision
is a generator that yields after each small unit (one determinisation, one
MCTS iteration ...); :meth:`Search.step` runs units until its slice of time is
spent, so a browser can call ``step(20)`` and hand control back to its event
loop between calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any

from ..core.game import CHANCE, Game, canonical_json
from ..core.match import LEVELS  # noqa: F401  (re-exported: one list of levels for saves and bots)
from ..core.rng import Rng, mix_seed

_clock = time.perf_counter


class NotMyTurn(ValueError):
    """The view handed to a bot is not one where that seat is to act."""


class Search:
    """One decision in progress. ``step(budget_ms)`` returns ``None`` while
    thinking, then the chosen action text (and keeps returning it)."""

    def __init__(self, work: Generator[None, None, str], stats: dict):
        self._work = work
        self._result: str | None = None
        self.stats = stats  # level, iterations, thinking_ms ... (for tools)

    @property
    def done(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> str | None:
        return self._result

    def step(self, budget_ms: float) -> str | None:
        if self._result is not None:
            return self._result
        start = _clock()
        deadline = start + max(0.0, float(budget_ms)) / 1000.0
        try:
            while True:  # at least one unit per call, so every call makes progress
                next(self._work)
                if _clock() >= deadline:
                    break
        except StopIteration as stop:
            self._result = stop.value
        self.stats["thinking_ms"] = self.stats.get("thinking_ms", 0.0) + (_clock() - start) * 1000.0
        self.stats["steps"] = self.stats.get("steps", 0) + 1
        return self._result


class Bot:
    """Base class: ``start`` builds the decision's work from the view alone."""

    level = "?"

    def __init__(self, seed: int):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("a bot seed must be an int")
        self.seed = seed
        # The memory model a game's optional ``recall(view, memory, seat)``
        # applies (default: the level's own; tools may set "perfect").
        self.memory = self.level

    def start(self, game: Game, view: dict, seat: int) -> Search:
        if not isinstance(view, dict):
            # The API takes the seat's view, never a state: refuse anything else.
            raise TypeError("bots take game.view(state, seat) (a dict), not a state")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise TypeError("seat must be a seat number")
        if "viewer" in view and view["viewer"] != seat:
            # Views that name their viewer must be this seat's own view.
            raise ValueError(f"this is seat {view['viewer']}'s view, not seat {seat}'s")
        recall = getattr(game, "recall", None)
        if recall is not None:  # a game that models memory (Saus und Braus): the view as this level remembers it
            view = recall(view, self.memory, seat)
        rng = Rng(self._decision_seed(game, view, seat))
        stats: dict[str, Any] = {"level": self.level, "iterations": 0}
        return Search(self._work(game, view, seat, rng, stats), stats)

    def choose(self, game: Game, view: dict, seat: int, slice_ms: float = 50.0) -> str:
        """Think to the end and return the action text (CPython tools, tests)."""
        search = self.start(game, view, seat)
        while True:
            text = search.step(slice_ms)
            if text is not None:
                self.last_stats = search.stats
                return text

    def _decision_seed(self, game: Game, view: dict, seat: int) -> int:
        # Same seed + same view -> same decision, whatever came before.
        return mix_seed("spieltisch.ai", self.level, self.seed, game.info.id, seat,
                        canonical_json(view))

    def _work(self, game: Game, view: dict, seat: int, rng: Rng, stats: dict):
        raise NotImplementedError
        yield  # pragma: no cover


# ---- helpers shared by the levels ---------------------------------------------

def first_determinization(game: Game, view: dict, seat: int, rng: Rng):
    """A determinisation where ``seat`` is to act, and its legal actions."""
    state = game.determinize(view, seat, rng)
    to_act = game.current_player(state)
    if to_act != seat:
        raise NotMyTurn(f"seat {seat} is not to act in this view (to act: {to_act})")
    actions = game.legal_actions(state)
    if not actions:
        raise NotMyTurn(f"seat {seat} has no legal action in this view")
    return state, actions


def sample_chance(game: Game, state, rng: Rng):
    outcomes = game.chance_outcomes(state)
    return outcomes[rng.weighted_index([w for _, w in outcomes])][0]


def resolve_chance(game: Game, state, rng: Rng):
    while game.current_player(state) == CHANCE:
        state = game.apply_unchecked(state, sample_chance(game, state, rng))
    return state


def value_for(game: Game, state, seat: int) -> float:
    """Terminal return, or the game's heuristic, for ``seat``."""
    if game.current_player(state) is None:
        return game.outcome(state).returns[seat]
    return game.heuristic(state, seat)


Factory = Callable[..., Bot]
