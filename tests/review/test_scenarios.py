"""Issue 31, "Done when": per game, a clearly bad move is flagged as the
seat's biggest drop, and a move that was right by what the seat knew but
went wrong is not flagged. The scenarios (tests/review/scenarios/<game_id>.py) are
found by rules facts; the review judges them from the seat's view alone."""

from __future__ import annotations

import pytest

from spieltisch.games import GAMES
from spieltisch.review import Review

from .helpers import row_at, settings
from .scenarios import scenarios

GAME_IDS = sorted(GAMES)


def _module(game_id):
    mod = scenarios(game_id)
    assert mod is not None and callable(getattr(mod, "bad", None)), (
        f"{game_id}: no review scenarios. Fix: write tests/review/scenarios/{game_id}.py with bad() "
        "and unlucky() (see tests/review/scenarios/__init__.py)")
    return mod


def test_every_registered_game_has_both_scenarios():
    assert GAME_IDS, "no game registered"
    for game_id in GAME_IDS:
        mod = _module(game_id)
        if getattr(mod, "unlucky", None) is None:
            info = GAMES[game_id].info
            # only a game without hidden information and without chance after its start may lack one
            assert info.perfect_information and getattr(mod, "NO_UNLUCKY", ""), (
                f"{game_id}: no unlucky() scenario. Fix: add one to tests/review/scenarios/{game_id}.py")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_clearly_bad_move_is_the_seats_biggest_drop(game_id):
    """hexen.test, sab.deadend/sab.gold, brau.pass/brau.end, potions.win,
    saus.book/saus.memory: see each scenario's docstring."""
    match, seat, k = _module(game_id).bad()
    result = Review(match, seat, settings(game_id)).run()
    row = row_at(result, k)
    assert row["class"] in ("mistake", "blunder"), row
    assert row["best"] != row["played"]
    assert result["summary"]["biggest"] == row["n"], (result["summary"], row)
    assert result["summary"]["flagged"][0] == row["n"]


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if getattr(scenarios(g), "unlucky", None)])
def test_a_right_but_unlucky_move_is_not_flagged(game_id):
    """hexen.hidden, sab.goal, brau.dice, potions.draw/potions.blind,
    saus.wrong: the move was as good as the seat could know; what went
    wrong came after it or was hidden from it."""
    match, seat, k = _module(game_id).unlucky()
    result = Review(match, seat, settings(game_id)).run()
    row = row_at(result, k)
    assert row["class"] is None, row
    assert row["n"] not in result["summary"]["flagged"]
