"""Bots that play any game through the engine contract alone.

    from spieltisch.ai import make_bot, LEVELS
    bot = make_bot("hard", seed=7)                    # 900 ms of search per decision
    search = bot.start(game, game.view(state, seat), seat)
    while (text := search.step(20)) is None:          # the browser yields between steps
        ...
    # or, on CPython: text = bot.choose(game, view, seat)

A bot gets the seat's *view* only; see docs/bots.md.
"""

from __future__ import annotations

from .base import LEVELS, Bot, NotMyTurn, Search
from .ismcts import DEFAULT_TIME_BUDGET_MS, IsmctsBot
from .simple import GreedyBot, RandomBot


def make_bot(level: str, seed: int, *, time_budget_ms: float | None = None,
             iterations: int | None = None) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`).

    easy ignores both limits. normal: ``iterations`` is the number of
    determinisations averaged (default 8), ``time_budget_ms`` stops it early
    after a whole determinisation. hard: stops at ``iterations`` MCTS
    iterations and/or ``time_budget_ms`` of wall time from its first step;
    with neither given, 900 ms. Decisions are deterministic for a seed and a
    view when no time budget is set.
    """
    if level == "easy":
        return RandomBot(seed)
    if level == "normal":
        return GreedyBot(seed, determinizations=iterations, time_budget_ms=time_budget_ms)
    if level == "hard":
        return IsmctsBot(seed, time_budget_ms=time_budget_ms, iterations=iterations)
    raise ValueError(f"unknown bot level {level!r}; one of {', '.join(LEVELS)}")


__all__ = [
    "DEFAULT_TIME_BUDGET_MS", "LEVELS", "Bot", "GreedyBot", "IsmctsBot", "NotMyTurn",
    "RandomBot", "Search", "make_bot",
]
