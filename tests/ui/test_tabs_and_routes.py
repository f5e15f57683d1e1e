"""Issue 11 in the controller: two tabs on one game never lose a move, a bad
link never traps the player, leaving with unsaved moves asks first, saves
under odd hand-made keys open."""

from __future__ import annotations

import json
import random

import pytest
from support import registry

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.ui.controller import SAVE_PREFIX, MemoryStorage
from spieltisch.ui.safety import WithoutSaves

from .helpers import Hooks, new_controller, start_game


def _human_turn(ctl, rnd) -> str:
    if ctl.curtain_up:
        ctl.handle("ui", "reveal")
    text = rnd.choice(sorted(ctl.match.legal_texts(ctl.shown)))
    ctl.handle("action", text)
    return text


def _seat_moves(text: str) -> list:
    return [e for e in json.loads(text)["log"] if e[0] >= 0]


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_two_tabs_take_turns_on_one_game_and_keep_every_move(game_id):
    """Humans in two tabs play one hot-seat game, a move each in turn:
    every move is in storage; a tab learns of the other's move from the
    storage event and never writes over it."""
    storage = MemoryStorage()
    a = new_controller(storage)
    humans = [(name, "human", None) for name in ("Ann", "Bo", "Cy", "Di")[:registry.seats(game_id)]]
    slot = start_game(a, humans, seed=5, game_id=game_id)
    b = new_controller(storage)
    b.navigate(f"#/play/{slot}")
    rnd = random.Random(1)
    made = 0
    for turn in range(12):
        tab, other = (a, b) if turn % 2 == 0 else (b, a)
        if tab.match.is_over:
            break
        _human_turn(tab, rnd)
        made += 1
        other.handle("storage", SAVE_PREFIX + slot)  # the browser's storage event in the other tab
        assert other.match.log == tab.match.log
    stored = storage.data[SAVE_PREFIX + slot]
    assert len(_seat_moves(stored)) >= made
    assert json.loads(stored)["meta"]["revision"] == 1 + made


def test_a_stale_tab_is_told_and_refuses_and_never_overwrites():
    """Issue 11.3: the stale tab's move replaced the other tab's in storage.
    Without the storage event (say it came late), the stale tab's move is
    refused, the newer game is shown and nothing is overwritten."""
    storage = MemoryStorage()
    a = new_controller(storage)
    slot = start_game(a, [("Ann", "human", None), ("Bo", "human", None)], seed=8)
    b = new_controller(storage)
    b.navigate(f"#/play/{slot}")
    rnd = random.Random(2)
    _human_turn(a, rnd)
    newer = storage.data[SAVE_PREFIX + slot]
    writes = storage.writes
    stale_log = list(b.match.log)
    if b.curtain_up:
        b.handle("ui", "reveal")
    stale_move = min(b.match.legal_texts(b.shown))  # legal in the stale tab's (older) position
    b.handle("action", stale_move)
    assert storage.data[SAVE_PREFIX + slot] == newer and storage.writes == writes
    assert b.match.log == a.match.log != stale_log
    assert "another tab" in b.render("status")
    # and from there both go on
    _human_turn(b, rnd)
    a.handle("storage", SAVE_PREFIX + slot)
    assert a.match.log == b.match.log
    assert "another tab" in a.render("status")


def test_a_stale_bot_move_is_not_written_over_the_newer_game():
    storage = MemoryStorage()
    a = new_controller(storage)
    slot = start_game(a, [("Ann", "human", None), ("Bot", "bot", "easy")], seed=3)
    b = new_controller(storage)
    b.navigate(f"#/play/{slot}")
    rnd = random.Random(5)
    while not a.bot_pending():
        _human_turn(a, rnd)
        b.handle("storage", SAVE_PREFIX + slot)
    # both tabs think for the bot; tab a plays and saves first
    while not a.bot_step(50):
        pass
    after_a = storage.data[SAVE_PREFIX + slot]
    while b.bot_pending() and not b.bot_step(50):
        pass
    assert storage.data[SAVE_PREFIX + slot] == after_a or json.loads(storage.data[SAVE_PREFIX + slot])[
        "meta"]["revision"] > json.loads(after_a)["meta"]["revision"]
    assert b.match.log[: len(a.match.log)] == a.match.log


def test_old_saves_without_a_revision_are_revision_0():
    storage = MemoryStorage()
    m = Match(GAMES["hexen_cocktail"], [Seat("A"), Seat("B")], seed=2)
    storage.data[SAVE_PREFIX + "old"] = m.to_save_text({"created": 5, "updated": 5})
    ctl = new_controller(storage)
    ctl.navigate("#/play/old")
    _human_turn(ctl, random.Random(1))
    assert json.loads(storage.data[SAVE_PREFIX + "old"])["meta"]["revision"] == 1


# ---- routes -----------------------------------------------------------------------------
def test_after_a_bad_link_the_hub_link_works():
    """Issue 11.4: the route said "#/" already, so the header's link did nothing."""
    ctl = new_controller()
    ctl.navigate("#/position/2.nonsense")
    assert ctl.screen == "position" and ctl.hash == "#/position/2.nonsense"
    assert ctl.hash != "#/"  # the browser adapter compares the new hash with this
    ctl.handle("route", "#/")
    assert ctl.screen == "hub"


@pytest.mark.parametrize("slot", ["a b", "x/y", "ä#%?", "", "spieltisch.save.z", "🧙\u200d♀\ufe0f"])
def test_saves_under_odd_hand_made_keys_open(slot):
    storage = MemoryStorage()
    m = Match(GAMES["hexen_cocktail"], [Seat("A"), Seat("B")], seed=2)
    storage.data[SAVE_PREFIX + slot] = m.to_save_text({"created": 1})
    ctl = new_controller(storage)
    ctl.navigate("#/")
    assert slot in Hooks(ctl.render("screen")).values("data-save")
    ctl.handle("ui", f"continue:{slot}")
    assert ctl.screen == "play" and ctl.slot == slot
    url = ctl.hash
    assert url.startswith("#/play/") and "/" not in url[len("#/play/"):] and " " not in url
    other = new_controller(storage)
    other.navigate(url)  # the same URL in a new tab
    assert other.screen == "play" and other.slot == slot
    ctl.handle("ui", "hub")
    ctl.handle("ui", f"delete:{slot}")
    ctl.handle("ui", f"delete-confirm:{slot}")
    assert SAVE_PREFIX + slot not in storage.data


def test_leaving_with_unsaved_moves_asks_first():
    storage = MemoryStorage()
    ctl = new_controller(storage)
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "human", None)], seed=4)
    storage.quota = 10
    _human_turn(ctl, random.Random(3))
    assert ctl.unsaved
    assert ctl.handle("route", "#/") == {"status"}  # the header's link
    assert ctl.screen == "play" and ("hash", f"#/play/{slot}") in ctl.take_effects()
    ui = Hooks(ctl.render("status")).values("data-ui")
    assert "leave:#/" in ui and "stay" in ui and "export" in ui
    ctl.handle("ui", "stay")
    assert ctl.screen == "play" and not Hooks(ctl.render("status")).has("data-leave")
    ctl.handle("ui", "export")
    (download,) = [e for e in ctl.take_effects() if e[0] == "download"]
    assert Match.from_save(download[2], GAMES).log == ctl.match.log  # the unsaved moves too
    ctl.handle("ui", "hub")
    assert ctl.screen == "play"
    ctl.handle("ui", "leave:#/")
    assert ctl.screen == "hub"


def test_safe_mode_storage_hides_the_saves_and_touches_none():
    """Safe mode (static/js/boot.js): the app starts as if there were no
    saves; they stay byte for byte; a new game is saved and listed."""
    poison = '{"format":"spieltisch-save","version":1,"seats":' + "[" * 5000 + "]" * 5000 + "}"
    storage = MemoryStorage({SAVE_PREFIX + "poison": poison, SAVE_PREFIX + "meta": '{"meta": "x"}',
                             "spieltisch.lang": "en"})
    snapshot = dict(storage.data)
    ctl = new_controller(WithoutSaves(storage))
    ctl.navigate("#/")
    hooks = Hooks(ctl.render("screen"))
    assert not hooks.values("data-save") and not hooks.values("data-broken-save")
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")])
    ctl.handle("ui", "hub")
    assert Hooks(ctl.render("screen")).values("data-save") == [slot]
    ctl.handle("ui", "delete:poison")
    ctl.handle("ui", "delete-confirm:poison")
    assert all(storage.data[k] == v for k, v in snapshot.items())


def _delete_in(tab, slot: str) -> None:
    tab.navigate("#/")
    tab.handle("ui", f"delete:{slot}")
    tab.handle("ui", f"delete-confirm:{slot}")


@pytest.mark.parametrize("told", [True, False], ids=["storage-event", "event-late"])
def test_a_game_deleted_in_one_tab_is_asked_about_in_the_other_and_never_written(told):
    """Issue 27.3: deleting is a decision. The other tab says "This game was
    deleted in another tab" and writes nothing (no move, no bot, no save)
    until "Keep it as a new game" or "Close" is chosen."""
    storage = MemoryStorage()
    a = new_controller(storage)
    slot = start_game(a, [("Ann", "human", None), ("Bo", "human", None)], seed=8)
    b = new_controller(storage)
    b.navigate(f"#/play/{slot}")
    _delete_in(a, slot)
    assert SAVE_PREFIX + slot not in storage.data
    if told:
        b.handle("storage", SAVE_PREFIX + slot)
        assert "deleted in another tab" in b.render("status")
    writes, log = storage.writes, list(b.match.log)
    if b.curtain_up:
        b.handle("ui", "reveal")
    b.handle("action", min(b.match.legal_texts(b.shown)))
    assert b.match.log == log and storage.writes == writes  # no move, nothing written
    assert not [k for k in storage.data if k.startswith(SAVE_PREFIX)]
    status = b.render("status")
    assert "This game was deleted in another tab." in status
    assert 'data-ui="deleted-keep"' in status and 'data-ui="deleted-close"' in status
    b.handle("ui", "deleted-keep")
    kept = [k for k in storage.data if k.startswith(SAVE_PREFIX)]
    assert len(kept) == 1 and kept[0] != SAVE_PREFIX + slot  # a new game of its own
    assert len(_seat_moves(storage.data[kept[0]])) == len([e for e in log if e[0] >= 0])  # as it was on screen
    assert b.hash == "#/play/" + kept[0][len(SAVE_PREFIX):]
    _human_turn(b, random.Random(3))  # and it plays on
    assert len(_seat_moves(storage.data[kept[0]])) > len([e for e in log if e[0] >= 0])


def test_close_after_a_deletion_elsewhere_writes_nothing_and_the_german_texts():
    storage = MemoryStorage()
    a = new_controller(storage)
    slot = start_game(a, [("Ann", "human", None), ("Bot", "bot", "easy")], seed=4)
    b = new_controller(storage)
    b.navigate(f"#/play/{slot}")
    b.handle("ui", "lang:de")
    _delete_in(a, slot)
    b.handle("storage", SAVE_PREFIX + slot)
    assert "Dieses Spiel wurde in einem anderen Tab gelöscht." in b.render("status")
    assert "Als neues Spiel behalten" in b.render("status") and "Schließen" in b.render("status")
    assert not b.bot_pending()
    writes = storage.writes
    b.handle("ui", "deleted-close")
    assert b.route == "hub" and storage.writes == writes
    assert not [k for k in storage.data if k.startswith(SAVE_PREFIX)]
