"""The review screen and the record page on CPython: the controller's
routes and the worker's protocol (review/job.py, run here in-process as
static/js/review-worker.js runs it in the browser). docs/review.md, "In the
browser"."""

from __future__ import annotations

import json

from spieltisch.review import job
from spieltisch.review import record as records
from spieltisch.ui.controller import SAVE_PREFIX, Controller, MemoryStorage
from spieltisch.ui.review_control import review_key

from .helpers import TEST_SETTINGS

OVERRIDES = {"playouts": 8}


def _ctl(match, slot="s1"):
    st = MemoryStorage({SAVE_PREFIX + slot: match.to_save_text({})})
    ctl = Controller(st, browser_lang="en")
    ctl.review_overrides = dict(OVERRIDES)
    return ctl, st


def _run_worker(ctl, *, cancel_after=None) -> int:
    """Play the worker: take the start effect, run job.py, hand the messages back."""
    starts = [e for e in ctl.take_effects() if e[0] == "review-start"]
    assert len(starts) == 1
    p = starts[0][1]
    msg = json.loads(job.start(p["save"], p["seat"], json.dumps(p["settings"]),
                               json.dumps(p["resume"]) if p["resume"] else ""))
    steps = 0
    while msg["kind"] == "progress":
        ctl.handle("review", {**msg, "id": p["id"]})
        if cancel_after is not None and msg["done"] >= cancel_after:
            msg = json.loads(job.cancel())
            break
        msg = json.loads(job.step(5))
        steps += 1
    ctl.handle("review", {**msg, "id": p["id"]})
    return steps


def test_review_route_runs_in_the_worker_shows_chart_and_table_and_keeps_the_result(hexen_game):
    ctl, st = _ctl(hexen_game)
    ctl.navigate("#/review/s1")
    assert ctl.review["state"] == "running" and ctl.review["seat"] == 0  # the human seat by default
    _run_worker(ctl)
    assert ctl.review["state"] == "done"
    html = ctl.render("screen")
    assert "<svg" in html and "data-review-chart" in html and "<table" in html and "data-review-n" in html
    kept = json.loads(st.get(review_key("s1", 0)))
    assert kept["complete"] and kept["settings"]["playouts"] == 8
    # a second open reuses it: no worker run asked for
    ctl.navigate("#/")
    ctl.take_effects()
    ctl.navigate("#/review/s1/0")
    assert ctl.review["state"] == "done"
    assert not [e for e in ctl.take_effects() if e[0] == "review-start"]
    # German
    ctl.set_lang("de")
    assert "Analyse" in ctl.render("screen")


def test_a_bad_kept_result_is_dropped_and_made_again_the_save_untouched(hexen_game):
    ctl, st = _ctl(hexen_game)
    save = st.get(SAVE_PREFIX + "s1")
    st.set(review_key("s1", 0), '{"format": "spieltisch-review", "decisions": "nope"}')
    ctl.navigate("#/review/s1")
    assert ctl.review["state"] == "running"
    assert st.get(review_key("s1", 0)) is None
    assert st.get(SAVE_PREFIX + "s1") == save


def test_cancel_keeps_the_partial_result_and_go_on_resumes_it(hexen_game):
    ctl, st = _ctl(hexen_game)
    ctl.navigate("#/review/s1")
    ctl.handle("ui", "review-cancel")
    assert ctl.review["state"] == "cancelling"
    _run_worker(ctl, cancel_after=2)
    assert ctl.review["state"] == "cancelled"
    partial = json.loads(st.get(review_key("s1", 0)))
    assert partial["complete"] is False and 0 < len(partial["decisions"]) < partial["total"]
    ctl.handle("ui", "review-again")
    starts = [e for e in ctl._effects if e[0] == "review-start"]
    assert starts and starts[-1][1]["resume"]["decisions"] == partial["decisions"]
    _run_worker(ctl)
    assert ctl.review["state"] == "done" and ctl.review["result"]["complete"]


def test_try_the_better_move_opens_the_position_to_play_on(hexen_game):
    ctl, _ = _ctl(hexen_game)
    ctl.review_overrides = {k: v for k, v in TEST_SETTINGS.items() if k == "budget"}
    ctl.navigate("#/review/s1")
    _run_worker(ctl)
    res = ctl.review["result"]
    n = next(d["n"] for d in res["decisions"] if d["best"] != d["played"])
    ctl.handle("ui", f"review-try:{n}")
    assert ctl.route == "play" and ctl.match is not None and not ctl.match.is_over
    assert res["decisions"][n]["best"] in ctl.match.legal_texts(res["seat"])


def test_show_what_was_hidden_is_off_by_default_and_shows_the_other_hand(hexen_game):
    ctl, _ = _ctl(hexen_game)
    ctl.navigate("#/review/s1")
    _run_worker(ctl)
    assert "data-review-hidden-panel" not in ctl.render("screen")
    ctl.handle("ui", "review-hidden")
    html = ctl.render("screen")
    assert "data-review-hidden-panel" in html and "P2" in html


def test_a_worker_error_gets_its_text_and_the_page_goes_on(hexen_game):
    ctl, _ = _ctl(hexen_game)
    ctl.navigate("#/review/s1")
    rid = ctl.review["id"]
    ctl.handle("review", {"kind": "error", "id": rid, "code": "bad-save"})
    html = ctl.render("screen")
    assert "could not be replayed" in html
    ctl.set_lang("de")
    assert "nachspielen" in ctl.render("screen")


def test_job_refuses_a_bad_save_and_seat():
    assert json.loads(job.start("{not json", 0))["code"] == "bad-save"
    assert json.loads(job.start('{"game": "hexen_cocktail"}', 0))["code"] == "bad-save"


def test_a_finished_game_goes_into_the_record_and_the_record_page_shows_it(hexen_game):
    st = MemoryStorage()
    ctl = Controller(st, browser_lang="en")
    ctl._record_game(hexen_game)
    ctl._record_game(hexen_game)  # once only
    rec, _ = records.load_stored(st)
    assert len(rec.entries) == 1
    ctl.navigate("#/record")
    html = ctl.render("screen")
    assert "data-record-chart" in html and 'data-record-game="hexen_cocktail"' in html
    # the record exported and imported back: nothing added, nothing lost
    ctl.handle("ui", "record-export")
    (_, _name, text), = [e for e in ctl.take_effects() if e[0] == "download"]
    ctl.handle("file", text)
    assert len(records.load_stored(st)[0].entries) == 1
    # a malformed entry never loses the rest
    data = json.loads(st.get(records.RECORD_KEY))
    data["entries"].append({"id": 5})
    st.set(records.RECORD_KEY, json.dumps(data))
    ctl.navigate("#/")
    ctl.navigate("#/record")
    html = ctl.render("screen")
    assert 'data-record-game="hexen_cocktail"' in html and "left out" in html


def test_the_record_chart_draws_the_share_won_so_far_with_a_shape_per_result():
    """Issue 29/31: the record's results over time: the line is the share of
    games won so far (not a flat row of bars), each result a mark whose shape
    (not only its colour) says won, lost, shared or solo; the axis gives the
    scale and the first and last day; a shared win reads as a half."""
    import re

    from spieltisch.ui.review_screen import _fmt, timeline_svg
    day = 86_400_000
    tl = [{"ended": 1_764_806_400_000 + i * day, "game": "hexen_cocktail", "score": i, "result": r}
          for i, r in enumerate((1, 0, 0.5, None, 0))]
    svg = timeline_svg("en", tl, {"hexen_cocktail": "Hexen Cocktail"})
    assert svg.count('class="rec-dot is-win"') == 1 and svg.count('class="rec-dot is-loss"') == 2
    assert svg.count('class="rec-dot is-shared"') == 1 and svg.count('class="rec-half"') == 1
    assert svg.count('class="rec-solo"') == 1
    ys = [float(y) for y in re.findall(r'class="rec-dot [^"]*" cx="[\d.]+" cy="([\d.]+)"', svg)]
    # won 1/1, 1/2, 1.5/3, 1.5/4: 100 %, 50 %, 50 %, 37.5 % (y grows downwards)
    assert ys[0] < ys[1] == ys[2] < ys[3]
    assert "<polyline" in svg and "100 %" in svg and "0 %" in svg
    assert ">Dec 4<" in svg and ">Dec 8<" in svg
    assert "1½ won, 38 %" in svg
    assert ">4. Dez.<" in timeline_svg("de", tl, {})
    assert _fmt(0.5) == "½" and _fmt(2) == "2" and _fmt(0) == "0"
