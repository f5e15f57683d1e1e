"""The record on this device (review/record.py, review/standings.py): kept
beside the saves, bounded, and never lost by a malformed entry."""

from __future__ import annotations

import json

import pytest

from spieltisch.core import Match, Seat
from spieltisch.games import GAMES
from spieltisch.review import Settings, review, standings
from spieltisch.review import record as rec_mod
from spieltisch.review.record import (
    ASIDE_KEY,
    RECORD_KEY,
    Record,
    entry_for,
    export_text,
    from_text,
    import_text,
    load_stored,
    store,
)
from spieltisch.ui.saves import SAVE_PREFIX, MemoryStorage, StorageFull

from .helpers import Builder


def _played(game_id, players, seed, levels=("normal",), humans=(0,)):
    b = Builder(GAMES[game_id], players, seed, humans=humans, level=levels[0] if levels else "normal")
    m = b.finish()
    seats = [Seat("Ann") if i in humans else Seat(f"Bot {i}", "bot", levels[i % len(levels)])
             for i in range(players)]
    return Match.from_save({**m.to_save(), "seats": [s.to_json() for s in seats]}, GAMES)


@pytest.fixture(scope="module")
def three_games():
    return [_played("hexen_cocktail", 2, 3), _played("hexen_cocktail", 3, 4, levels=("easy", "hard")),
            _played("brauzeit", 1, 5, levels=())]


def test_entries_of_finished_games_only(three_games, hexen_game):
    e = entry_for(three_games[0], ended_ms=1000)
    assert e["game"] == "hexen_cocktail" and e["players"] == 2 and e["bots"] == ["normal"]
    assert e["people"][0]["name"] == "Ann" and e["people"][0]["result"] in (0.0, 0.5, 1.0)
    from spieltisch.review import prefix

    assert entry_for(prefix(hexen_game, 10), ended_ms=1) is None  # not over
    bots = Match.from_save({**hexen_game.to_save(), "seats": [
        {"name": "A", "kind": "bot", "level": "easy"}, {"name": "B", "kind": "bot", "level": "easy"}]}, GAMES)
    assert entry_for(bots, ended_ms=1) is None  # nobody's record
    assert entry_for(three_games[2], ended_ms=3)["people"][0]["result"] is None  # alone: a score, no win


def test_the_record_page_after_three_games(three_games):
    r = Record()
    for i, m in enumerate(three_games):
        assert r.add(entry_for(m, ended_ms=1000 * (i + 1)))
    assert not r.add(entry_for(three_games[0], ended_ms=9999))  # the same game counts once
    s = standings.stats(r)
    assert s["total"] == 3
    hx = s["games"]["hexen_cocktail"]
    assert hx["played"] == 2 and set(hx["players"]) == {"2", "3"}
    assert set(hx["levels"]) == {"normal", "easy", "hard"}
    assert hx["levels"]["easy"]["played"] == hx["levels"]["hard"]["played"] == 1
    won = sum(entry_for(m, ended_ms=0)["people"][0]["result"] for m in three_games[:2])
    assert hx["won"] == pytest.approx(won)
    solo = s["games"]["brauzeit"]
    assert solo["played"] == 1 and solo["won"] == 0.0
    assert solo["best"][0]["score"] == three_games[2].outcome().scores[0]
    assert [x["ended"] for x in standings.timeline(r)] == [1000, 2000, 3000]
    assert standings.timeline(r, game="brauzeit")[0]["score"] == three_games[2].outcome().scores[0]
    json.dumps(s)  # JSON as it is


def test_best_scores_compare_like_with_like(three_games):
    r = Record()
    for i, m in enumerate(three_games):
        r.add(entry_for(m, ended_ms=i))
    best = standings.best_scores(r)["hexen_cocktail"]
    assert sorted(b["players"] for b in best) == [2, 3]  # per number of players (and options)
    assert all(b["low_wins"] for b in best)


def test_a_comeback_the_review_found():
    m = next(m for m in (_played("hexen_cocktail", 2, seed) for seed in range(20, 60)) if m.outcome().returns[0] > 0)
    res = review(m, 0, Settings(playouts=8))
    r = Record()
    e = entry_for(m, ended_ms=5)
    r.add(e)
    assert r.add_review(e["id"], res)
    cb = standings.comebacks(r)
    assert cb and cb[0]["low"] == res["summary"]["low"]["value"] and cb[0]["name"] == "Ann"
    assert not r.add_review("0" * 24, res)
    assert not r.add_review(e["id"], {**res, "complete": False})


def test_malformed_entries_are_dropped_with_a_note_and_the_rest_kept(three_games):
    r = Record()
    for i, m in enumerate(three_games):
        r.add(entry_for(m, ended_ms=i + 1))
    data = json.loads(r.to_text())
    data["entries"].insert(1, {"id": "nope"})
    data["entries"].append({**data["entries"][0], "id": "f" * 24, "players": 99})
    data["entries"].append("a string")
    data["entries"].append({**data["entries"][0], "id": "e" * 24, "people": [{"seat": 0, "name": 5}]})
    data["earlier"] = {"played": {"game|x": "many"}}
    back, notes, problems = from_text(json.dumps(data))
    assert [e["id"] for e in back.entries] == [e["id"] for e in r.entries]
    assert notes == [("record.note.dropped", {"count": len(problems)})] and len(problems) == 5


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format":"other"}', "\x00\xff", "[" * 5000, '{"a":1e999999}',
                                  '{"format":"spieltisch-record","version":2}'])
def test_an_unreadable_record_never_crashes(text):
    r, notes, problems = from_text(text)
    assert r.entries == [] and notes == [("record.note.unreadable", {})] and problems


def test_storage_keeps_an_unreadable_record_aside_and_never_touches_the_saves(three_games):
    st = MemoryStorage({RECORD_KEY: "{not json", SAVE_PREFIX + "a": "save text"})
    r, notes = load_stored(st)
    assert notes == [("record.note.unreadable", {})]
    r.add(entry_for(three_games[0], ended_ms=1))
    store(st, r)
    assert st.get(ASIDE_KEY) == "{not json"  # kept, not written over
    assert st.get(SAVE_PREFIX + "a") == "save text"
    again, notes = load_stored(st)
    assert notes == [] and len(again.entries) == 1


def test_a_full_storage_leaves_the_old_record(three_games):
    st = MemoryStorage()
    r = Record()
    r.add(entry_for(three_games[0], ended_ms=1))
    store(st, r)
    old = st.get(RECORD_KEY)
    st.quota = len(old) + len(RECORD_KEY) + 10
    r.add(entry_for(three_games[1], ended_ms=2))
    with pytest.raises(StorageFull):
        store(st, r)
    assert st.get(RECORD_KEY) == old


def test_export_and_import(three_games):
    mine, theirs = Record(), Record()
    mine.add(entry_for(three_games[0], ended_ms=1))
    mine.add(entry_for(three_games[1], ended_ms=2))
    theirs.add(entry_for(three_games[1], ended_ms=2))
    theirs.add(entry_for(three_games[2], ended_ms=3))
    merged, notes = import_text(mine, export_text(theirs))
    assert len(merged.entries) == 3 and ("record.note.import_ok", {"count": 1}) in notes
    again, notes = import_text(merged, export_text(merged))  # your own export: nothing changes
    assert again.to_json() == merged.to_json() and ("record.note.import_ok", {"count": 0}) in notes
    same, notes = import_text(mine, "a save, not a record")
    assert same is mine and notes == [("record.note.import_failed", {})]


def test_the_record_is_bounded_and_old_games_are_folded(three_games, monkeypatch):
    monkeypatch.setattr(rec_mod, "MAX_ENTRIES", 2)
    r = Record()
    for i, m in enumerate(three_games):
        r.add(entry_for(m, ended_ms=i + 1))
    assert len(r.entries) == 2 and r.folded
    s = standings.stats(r)
    assert s["total"] == 3 and s["games"]["hexen_cocktail"]["played"] == 2  # nothing lost from the counts
    assert standings.best_scores(r)["hexen_cocktail"]
    back, notes, _ = from_text(r.to_text())
    assert notes == [] and standings.stats(back) == s
    merged, _ = import_text(back, export_text(back))
    assert standings.stats(merged) == s  # folded counts merge by the larger, never twice


def test_every_note_the_record_gives_has_its_text_in_both_languages(three_games, monkeypatch):
    from spieltisch.i18n import CATALOGUES

    notes = set()
    notes.update(k for k, _ in from_text("{")[1])
    data = json.loads(Record().to_text())
    data["entries"] = [{"id": 1}]
    notes.update(k for k, _ in from_text(json.dumps(data))[1])
    notes.update(k for k, _ in import_text(Record(), "x")[1])
    monkeypatch.setattr(rec_mod, "MAX_ENTRIES", 1)
    theirs = Record()
    theirs.add(entry_for(three_games[0], ended_ms=1))
    mine = Record()
    mine.add(entry_for(three_games[1], ended_ms=2))
    notes.update(k for k, _ in import_text(mine, export_text(theirs))[1])
    assert notes == {"record.note.unreadable", "record.note.dropped", "record.note.import_failed",
                     "record.note.import_ok", "record.note.folded"}
    for lang in ("en", "de"):
        assert all(CATALOGUES[lang].get(k) for k in notes)
