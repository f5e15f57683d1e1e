"""A short reviewed game shared by the review's unit tests (built once)."""

from __future__ import annotations

import functools

import pytest

from spieltisch.games import GAMES

from .helpers import Builder


@functools.cache
def _hexen_game():
    b = Builder(GAMES["hexen_cocktail"], 2, seed=7, humans=(0,))
    return b.finish()


@pytest.fixture
def hexen_game():
    """A finished two-seat Hexen Cocktail game (seat 1 human, seat 2 a bot), a fresh Match each time."""
    from spieltisch.core import Match

    m = _hexen_game()
    return Match.from_save(m.to_save(), GAMES)


@functools.cache
def _small_review_text(seat: int, seed: int) -> str:
    import json

    from spieltisch.review import Settings, review

    return json.dumps(review(_hexen_game(), seat, Settings(playouts=12, seed=seed)))


@pytest.fixture
def small_review():
    """``small_review(seat=0, seed=1)``: the review of ``hexen_game`` at 12
    samples a decision (computed once; a fresh dict each time)."""
    import json

    return lambda seat=0, seed=1: json.loads(_small_review_text(seat, seed))
