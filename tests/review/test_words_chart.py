"""The review in words (EN, DE), its chart and table, the position link of
"Try the better move", and what was hidden (after the game only)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from spieltisch.core import Seat
from spieltisch.games import GAMES
from spieltisch.i18n import t
from spieltisch.review import ReviewError, prefix, review
from spieltisch.review.chart import chart_svg, table
from spieltisch.review.hidden import hidden_at
from spieltisch.review.links import flagged_links, try_better
from spieltisch.review.words import rows
from spieltisch.ui import position

from .helpers import settings
from .scenarios.hexen_cocktail import bad as hexen_bad

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def bad_game():
    """Hexen Cocktail with an explosion where a safe play was there (hexen.test)."""
    match, seat, k = hexen_bad()
    match.seats[seat] = Seat("Ann <b>&")  # a name that must be escaped
    return match, seat, k, review(match, seat, settings("hexen_cocktail"))


def test_the_flagged_move_in_words_in_both_languages(bad_game):
    match, _seat, k, res = bad_game
    for lang in ("en", "de"):
        row = next(r for r in rows(res, match, lang) if r["log"] == k)
        assert row["class"] and row["advice"].startswith(t(lang, f"review.class.{row['class']}"))
        assert row["played"].startswith("Ann <b>&")  # the seat's own log line (escaping is the page's)
        assert t(lang, "review.better", move="").strip() in row["advice"]
        assert row["better"] and row["better"] in row["advice"] and row["certain"]
        assert "%" in row["value"] and row["drop"].startswith("−")
    en = next(r for r in rows(res, match, "en") if r["log"] == k)
    de = next(r for r in rows(res, match, "de") if r["log"] == k)
    assert "explodes" in en["played"] and "explodiert" in de["played"]
    assert "on row" in en["better"] and "an Reihe" in de["better"]


def test_rows_cover_every_decision_and_only_flagged_ones_advise(bad_game):
    match, _seat, _k, res = bad_game
    out = rows(res, match, "en")
    assert [r["n"] for r in out] == [d["n"] + 1 for d in res["decisions"]]
    assert all(bool(r["advice"]) == bool(r["class"]) for r in out)
    assert all(r["better"] == "" for r in out if r["action"] == r["best_action"])


def test_the_chart_is_one_svg_with_a_mark_per_flagged_decision(bad_game):
    match, seat, _k, res = bad_game
    svg = chart_svg(res, "de", name=match.seats[seat].name)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("viewBox") == "0 0 360 200" and root.get("role") == "img"
    ids = root.get("aria-labelledby").split()
    assert {e.get("id") for e in root.iter() if e.get("id")} == set(ids)
    assert "Ann <b>&" in root.find(SVG + "title").text  # escaped in the text, whole when read
    marks = [g for g in root.iter(SVG + "g") if g.get("data-review-n") is not None]
    assert sorted(int(g.get("data-review-n")) for g in marks) == sorted(res["summary"]["flagged"])
    assert all(g.find(SVG + "title") is not None for g in marks)
    assert not any(e.get("style") for e in root.iter())  # the CSP allows no inline style
    assert "<script" not in svg and "&lt;b&gt;&amp;" in svg
    assert any(t("de", f"review.class.{c}") in svg for c in ("mistake", "blunder"))
    line = root.find(f".//{SVG}polyline[@class='rv-line']")
    assert len(line.get("points").split()) == res["total"]


def test_the_table_holds_the_same_numbers(bad_game):
    match, _seat, _k, res = bad_game
    data = table(res, "en", name="Ann", words=rows(res, match, "en"))
    assert len(data["columns"]) == len(data["rows"][0]["cells"])
    assert [r["n"] for r in data["rows"]] == [d["n"] for d in res["decisions"]]
    row = next(r for r in data["rows"] if r["class"])
    assert row["cells"][5] == t("en", f"review.class.{row['class']}")


def test_the_chart_of_a_solo_game_shows_points(tmp_path):
    from .scenarios.brauzeit import unlucky as brauzeit_unlucky

    match, seat, k = brauzeit_unlucky()
    res = review(prefix(match, k + 1), seat, settings("brauzeit"))
    assert res["mode"] == "score"
    svg = chart_svg(res, "en", name="Solo")
    assert "points" in svg and "expected points" in svg
    ET.fromstring(svg)


def test_try_the_better_move_opens_that_moment_from_the_seat(bad_game):
    match, seat, k, res = bad_game
    links = flagged_links(match, res)
    assert links and links[0]["n"] == res["summary"]["flagged"][0]
    link = links[0]
    opened, me = position.decode(link["code"], GAMES)
    assert me == seat and link["route"] == "#/position/" + link["code"]
    assert opened.log == match.log[:k] and opened.to_act == seat
    assert link["move"] in opened.legal_texts(seat) and link["move"] != match.log[k][1]
    assert not opened.seats[seat].is_bot and all(s.is_bot for i, s in enumerate(opened.seats) if i != seat)


def test_a_link_for_a_review_of_another_game_is_refused(bad_game, hexen_game):
    match, _seat, _k, res = bad_game
    with pytest.raises(ReviewError):
        try_better(hexen_game, res, res["summary"]["flagged"][0])
    with pytest.raises(ReviewError):
        try_better(match, res, 10_000)


def test_what_was_hidden_is_shown_after_the_game_only(bad_game):
    match, seat, k, _res = bad_game
    shown = hidden_at(match, k, seat)
    other = 1 - seat
    assert shown["views"][seat] == match.game.view(prefix(match, k).state, seat)
    assert shown["views"][other]["hand"] and shown["views"][seat]["hand"] != shown["views"][other]["hand"]
    assert shown["others"] == [other]
    assert shown["state"]["hands"][other] == shown["views"][other]["hand"]
    with pytest.raises(ReviewError) as err:
        hidden_at(prefix(match, k), k, seat)
    assert err.value.code == "not-over"
    with pytest.raises(ReviewError):
        hidden_at(match, len(match.log) + 1, seat)
