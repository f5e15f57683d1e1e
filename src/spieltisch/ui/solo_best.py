"""The device's best one-seat result (brau.solo), compared like with like.

Pure: the controller hands in what it read from the saves. Only finished
one-seat games of the same game *and the same options* count — in Brauzeit
a short game is not measured against a long one, nor a game with heroes
against one without (issue 10, item 5).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple


class SoloResult(NamedTuple):
    game_id: str
    seats: int
    options: dict
    over: bool
    score: Any  # the final score (only read when ``over``)


def same_settings(a: SoloResult, b: SoloResult) -> bool:
    """Comparable: the same game, one seat each, and equal options."""
    return a.game_id == b.game_id and a.seats == b.seats == 1 and dict(a.options) == dict(b.options)


def best_score(current: SoloResult, others: Iterable[SoloResult], low_wins: bool = False):
    """The best score among finished ``others`` with the same settings as
    ``current``, or ``None`` when there is none."""
    best = None
    for o in others:
        if not o.over or not same_settings(current, o):
            continue
        if best is None or (o.score < best if low_wins else o.score > best):
            best = o.score
    return best
