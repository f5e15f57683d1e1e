"""The review engine: deterministic, driven in slices, resumable, its result
JSON-safe and checked when read back (docs/review.md)."""

from __future__ import annotations

import json

import pytest

from spieltisch.games import GAMES
from spieltisch.review import (
    ENGINE,
    Review,
    ReviewError,
    Settings,
    check_result,
    classify,
    decisions,
    review,
    settings_for,
)

SMALL = Settings(playouts=12)


def test_same_save_seat_and_settings_give_the_same_numbers(hexen_game, small_review):
    a = review(hexen_game, 0, SMALL)
    assert a == small_review() and a["complete"] and a["total"] >= 10


def test_another_seed_gives_other_samples(small_review):
    a = small_review()
    b = small_review(seed=2)
    assert [r["value_played"] for r in a["decisions"]] != [r["value_played"] for r in b["decisions"]]


def test_slices_do_not_change_the_numbers(hexen_game, small_review):
    whole = small_review()
    rv = Review(hexen_game, 0, SMALL)
    seen = []
    while not rv.finished:
        p = rv.step(0.0)  # one unit of work per call
        seen.append(p["done"])
    assert rv.result() == whole
    assert seen == sorted(seen) and seen[-1] == whole["total"] and len(seen) > whole["total"]


def test_units_yield_progress(hexen_game):
    rv = Review(hexen_game, 0, SMALL)
    steps = list(rv.units())
    assert steps[-1] == {"done": rv.total, "total": rv.total, "finished": True, "cancelled": False}
    assert all(0 <= s["done"] <= s["total"] for s in steps)


def test_cancel_then_resume_gives_the_whole_review(hexen_game, small_review):
    whole = small_review()
    rv = Review(hexen_game, 0, SMALL)
    while rv.done < 4:
        rv.step(0.0)
    part = rv.cancel()
    assert part["cancelled"] and not part["finished"]
    partial = json.loads(json.dumps(rv.result()))  # as kept in storage
    assert not partial["complete"] and len(partial["decisions"]) == rv.done
    again = Review(hexen_game, 0, SMALL, resume=partial)
    assert again.done == rv.done
    assert again.run() == whole


def test_a_partial_result_of_other_settings_or_seat_is_not_resumed(hexen_game):
    rv = Review(hexen_game, 0, SMALL)
    while rv.done < 3:
        rv.step(0.0)
    partial = rv.result()
    assert Review(hexen_game, 0, Settings(playouts=12, seed=9), resume=partial).done == 0
    assert Review(hexen_game, 1, SMALL, resume=partial).done == 0
    forged = json.loads(json.dumps(partial))
    forged["decisions"][1]["played"] = "pass"
    assert Review(hexen_game, 0, SMALL, resume=forged).done == 0


def test_the_result_is_json_safe_and_reads_back(hexen_game, small_review):
    res = small_review()
    text = json.dumps(res, allow_nan=False)
    back = check_result(json.loads(text))
    assert back == res
    assert res["engine"] == ENGINE and res["save"]["length"] == len(hexen_game.log)


@pytest.mark.parametrize("damage", [
    lambda r: r.update(format="x"), lambda r: r.update(version=99), lambda r: r.update(mode="chess"),
    lambda r: r["decisions"][0].update(value_played="0.5"), lambda r: r["decisions"][0].update(n=5),
    lambda r: r["decisions"][0].update(**{"class": "genius"}), lambda r: r.update(settings={"depth": "deep"}),
    lambda r: r["decisions"][0]["moves"].append(["x" * 500, 0.1, 1]), lambda r: r.update(decisions="all"),
    lambda r: r.update(save=None),
])
def test_a_damaged_result_is_refused_with_a_code(small_review, damage):
    res = small_review()
    damage(res)
    with pytest.raises(ReviewError) as err:
        check_result(res)
    assert err.value.code in ("not-a-review", "version", "bad-field", "bad-settings")


def test_the_summary_of_a_stored_result_is_computed_again(small_review):
    res = small_review()
    res["summary"] = {"flagged": [0, 1, 2], "biggest": 0}
    assert check_result(res)["summary"] == small_review()["summary"]


def test_classes_follow_the_documented_thresholds():
    assert classify("win", 0.049, 0.0) is None
    assert classify("win", 0.05, 0.0) == "inaccuracy"
    assert classify("win", 0.10, 0.01) == "mistake"
    assert classify("win", 0.15, 0.01) == "blunder"
    assert classify("win", 0.30, 0.2) is None  # not twice its standard error: noise
    assert classify("score", 1.9, 0.0) is None
    assert classify("score", 2.0, 0.0) == "inaccuracy"
    assert classify("score", 4.0, 0.0) == "mistake"
    assert classify("score", 7.0, 1.0) == "blunder"


def test_decisions_are_the_seats_turns_with_a_choice(hexen_game):
    game = hexen_game.game
    ds = decisions(hexen_game, 0)
    assert ds and all(hexen_game.log[d.log_index] == (0, d.played) for d in ds)
    assert all(d.options >= 2 and d.view["viewer"] == 0 for d in ds)
    own = sum(1 for p, _t in hexen_game.log if p == 0)
    assert len(ds) <= own
    with pytest.raises(ValueError):
        decisions(hexen_game, 2)
    assert game.info.id == "hexen_cocktail"


def test_a_bots_decisions_are_reviewed_the_same_way(hexen_game, small_review):
    assert hexen_game.seats[1].is_bot
    res = small_review(seat=1)
    assert res["seat"] == 1 and res["total"] == len(decisions(hexen_game, 1)) > 0


def test_a_game_still_running_is_reviewed_up_to_now(hexen_game, small_review):
    from spieltisch.review import prefix

    half = prefix(hexen_game, len(hexen_game.log) // 2)
    full = small_review()
    part = review(half, 0, SMALL)
    assert 0 < part["total"] < full["total"]
    # each decision's numbers depend on its view alone: the same in both
    n = part["total"]
    same = ["played", "best", "value_played", "value_best", "drop"]
    assert part["playouts"] == full["playouts"] == 12
    assert all(part["decisions"][i][k] == full["decisions"][i][k] for i in range(n) for k in same)


def test_settings_are_checked_and_a_game_may_set_its_own():
    assert settings_for("saboteur").depth == 0  # games/saboteur/review.json
    assert settings_for("hexen_cocktail").depth == Settings().depth
    assert settings_for("hexen_cocktail", seed=5, playouts=None).seed == 5
    for bad in ({"depth": -2}, {"candidates": 1}, {"seed": True}, {"playouts": 10**9}, {"budget": "x"}, []):
        with pytest.raises(ReviewError):
            Settings.from_json(bad)
    assert Settings(budget=1000, min_playouts=10, max_playouts=50).per_decision(40) == 25
    assert Settings(budget=1000, min_playouts=10, max_playouts=50).per_decision(5) == 50
    assert Settings(playouts=7).per_decision(500) == 7


def test_a_review_refuses_a_seat_that_is_not_there(hexen_game):
    with pytest.raises(ReviewError):
        Review(hexen_game, 5)
    with pytest.raises(ReviewError):
        Review(hexen_game, True)


def test_from_save_checks_the_save_and_defaults_to_a_human_seat(hexen_game):
    from spieltisch.core import SaveError

    text = hexen_game.to_save_text()
    rv = Review.from_save(text, settings=SMALL)
    assert rv.seat == 0 and rv.total == len(decisions(hexen_game, 0))
    with pytest.raises(SaveError):
        Review.from_save(text.replace('"state_hash":"', '"state_hash":"0'), 0, SMALL, games=GAMES)


def test_a_kept_result_fits_only_its_game_seat_and_engine(hexen_game, small_review):
    from spieltisch.review import prefix, result_fits

    res = small_review()
    assert result_fits(res, hexen_game, 0) and result_fits(res, hexen_game, 0, SMALL)
    assert not result_fits(res, hexen_game, 0, Settings(playouts=13))
    assert not result_fits(res, hexen_game, 1)
    assert not result_fits(res, prefix(hexen_game, len(hexen_game.log) - 1), 0)  # another state of the game
    assert not result_fits({**res, "engine": res["engine"] + 1}, hexen_game, 0)
    assert not result_fits({**res, "complete": False}, hexen_game, 0)
    assert not result_fits("garbage", hexen_game, 0)
