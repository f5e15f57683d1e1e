"""The hub lists saves without replaying them (issue 11: "saves are read
lazily"): a checked summary (``meta.summary``, or the log when it is missing or
malformed) gives the row; a save is replayed only when opened or exported."""

from __future__ import annotations

import json
import random

import pytest

from spieltisch.core.errors import SaveError
from spieltisch.core.match import Match, Seat
from spieltisch.core.saves import summarize_save
from spieltisch.games import GAMES
from spieltisch.ui.controller import SAVE_PREFIX, MemoryStorage

from .helpers import Hooks, new_controller

GAME = GAMES["hexen_cocktail"]


def _match(seed: int, moves: int | None) -> Match:
    """A two-seat game after ``moves`` random seat actions (None: to the end)."""
    m = Match(GAME, [Seat(f"A{seed}"), Seat("B")], seed=seed)
    rnd = random.Random(seed)
    n = 0
    while not m.is_over and (moves is None or n < moves):
        m.play(rnd.choice(m.legal_texts()))
        n += 1
    return m


@pytest.fixture
def counted(monkeypatch):
    """Counts every replay of a save (Match.from_save and Match._replay)."""
    calls = {"from_save": 0, "_replay": 0}
    from_save, replay = Match.from_save.__func__, Match._replay

    def counting_from_save(cls, *a, **kw):
        calls["from_save"] += 1
        return from_save(cls, *a, **kw)

    def counting_replay(self, *a, **kw):
        calls["_replay"] += 1
        return replay(self, *a, **kw)

    monkeypatch.setattr(Match, "from_save", classmethod(counting_from_save))
    monkeypatch.setattr(Match, "_replay", counting_replay)
    return calls


def test_listing_many_saves_replays_none(counted):
    n = 12
    storage = MemoryStorage({SAVE_PREFIX + f"s{i:02d}": _match(i, 3 + i).to_save_text({"updated": i})
                             for i in range(n)})
    finished = _match(99, None)
    storage.data[SAVE_PREFIX + "done"] = finished.to_save_text({"updated": 100})
    ctl = new_controller(storage)
    for _ in range(3):  # listing again and again never replays
        ctl.navigate("#/")
        html = ctl.render("screen")
    assert counted == {"from_save": 0, "_replay": 0}
    rows = Hooks(html).values("data-save")
    assert rows[-1] == "done" and sorted(rows[:-1]) == [f"s{i:02d}" for i in range(n)]
    assert "continue:done" in Hooks(html).values("data-ui")  # its row says "Show the result"
    assert "A5" in html and "8 moves" in html  # names and the count of seat actions
    # opening one replays that one only
    ctl.handle("ui", "continue:s04")
    assert ctl.match is not None and ctl.match.seats[0].name == "A4"
    assert counted["from_save"] == 1 and counted["_replay"] == 1


def test_the_summary_is_written_with_each_save_and_checked():
    m = _match(3, 6)
    data = json.loads(m.to_save_text({"updated": 5}))
    assert data["meta"]["summary"] == {"moves": 6, "over": False}
    s = summarize_save(data, GAMES)
    assert (s.game_id, s.names, s.moves, s.over, s.updated) == ("hexen_cocktail", ("A3", "B"), 6, False, 5)
    done = json.loads(_match(4, None).to_save_text({"updated": 1}))
    assert summarize_save(done, GAMES).over is True


@pytest.mark.parametrize("summary", [None, "over", [], {"moves": 6}, {"moves": -1, "over": False},
                                     {"moves": 6, "over": 1}, {"moves": True, "over": False},
                                     {"moves": 5, "over": True}, {"moves": 10**30, "over": False}])
def test_a_missing_or_malformed_summary_is_listed_from_the_log(summary, counted):
    """An older save (no summary) or a damaged one is still listed: the moves
    from its log, finished unknown (shown in progress) until it is opened."""
    data = json.loads(_match(3, 6).to_save_text({"updated": 5}))
    if summary is None:
        del data["meta"]["summary"]
    else:
        data["meta"]["summary"] = summary
    s = summarize_save(data, GAMES)
    assert (s.moves, s.over, s.names) == (6, None, ("A3", "B"))
    storage = MemoryStorage({SAVE_PREFIX + "old": json.dumps(data)})
    snapshot = dict(storage.data)
    ctl = new_controller(storage)
    ctl.navigate("#/")
    html = ctl.render("screen")
    assert Hooks(html).values("data-save") == ["old"] and "6 moves" in html
    assert counted["from_save"] == 0
    ctl.handle("ui", "continue:old")
    assert ctl.match is not None and len([p for p, _ in ctl.match.log if p >= 0]) == 6
    assert storage.data == snapshot  # opening rewrites nothing


def test_a_summary_never_hides_a_field_fault():
    data = json.loads(_match(3, 6).to_save_text({"updated": 5}))
    data["seats"][0]["kind"] = "robot"
    with pytest.raises(SaveError) as err:
        summarize_save(data, GAMES)
    assert err.value.code == "bad-seats"
