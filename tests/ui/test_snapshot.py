"""Resume snapshots (spieltisch.ui.snapshot; issue 15): what is stored is the
screen a fresh open of the save shows (never a seat's hand behind the
hot-seat curtain), storage stays bounded, a full storage drops snapshots
before it ever fails a save, and the hub's "Continue" card leads."""

from __future__ import annotations

import json
import random
from pathlib import Path

from spieltisch.games import GAMES
from spieltisch.ui import snapshot
from spieltisch.ui.controller import SAVE_PREFIX, MemoryStorage
from spieltisch.ui.saves import SNAP_PREFIX
from ui.helpers import Hooks, human_move, new_controller, start_game

BUILD = "b" * 16
ROOT = Path(__file__).resolve().parents[2]


def opened_afresh(storage, slot, clock_start=1_900_000_000) -> str:
    """The screen another controller shows when it opens the save."""
    clock = iter(range(clock_start, clock_start + 100_000))
    other = new_controller(storage, clock=lambda: float(next(clock)))
    other.handle("route", f"#/play/{slot}")
    return other.render("screen")


def bring_to_human(ctl, rnd, moves):
    for _ in range(moves):
        while ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
        if ctl.pause_key() is not None:
            ctl.handle("ui", "ack")
        human_move(ctl, rnd)
    while ctl.bot_pending():
        while not ctl.bot_step(50):
            pass


def test_each_game_stores_the_screen_a_fresh_open_shows():
    for gid in sorted(GAMES):
        ctl = new_controller()
        slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy")], game_id=gid)
        bring_to_human(ctl, random.Random(5), 3)
        ctl.handle("ui", "rules")  # the rules panel open: not part of a fresh open
        assert snapshot.write(ctl, BUILD)
        rec = json.loads(ctl.storage.get(SNAP_PREFIX + slot))
        assert rec["build"] == BUILD and rec["game"] == gid and rec["slot"] == slot
        assert rec["html"] == opened_afresh(ctl.storage, slot), gid
        assert rec["revision"] == json.loads(ctl.storage.get(SAVE_PREFIX + slot))["meta"]["revision"]
        assert rec["label"]["en"]["title"] == f"Continue: {ctl.tr(f'game.{gid}.title')}"
        assert rec["label"]["de"]["title"].startswith("Weiterspielen: ")
        assert rec["ready"] == {"en": "Getting the table ready…", "de": "Der Tisch wird vorbereitet…"}
        assert not snapshot.due(ctl, BUILD)  # written once per stored state
        other = new_controller(ctl.storage)
        other.handle("route", f"#/play/{slot}")
        assert not snapshot.due(other, BUILD)  # opened again: the stored record is current
        assert snapshot.due(other, "c" * 16)  # another build's is not


def test_a_snapshot_removed_behind_the_pages_back_is_written_again_on_the_next_open():
    """Another tab's pruning (at most three records) or a hand may remove the
    record of a game this page wrote; opening the game again writes it again
    (it used to count as written until the game changed, so the next load had
    no snapshot to paint)."""
    ctl = new_controller()
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")])
    bring_to_human(ctl, random.Random(2), 2)
    assert snapshot.write(ctl, BUILD) and not snapshot.due(ctl, BUILD)
    ctl.handle("route", "#/")
    ctl.storage.remove(SNAP_PREFIX + slot)
    ctl.handle("route", f"#/play/{slot}")
    assert snapshot.due(ctl, BUILD) and snapshot.write(ctl, BUILD)
    assert ctl.storage.get(SNAP_PREFIX + slot) is not None and not snapshot.due(ctl, BUILD)
    ctl.handle("route", "#/")
    ctl.handle("route", f"#/play/{slot}")  # opened again, the record still there: nothing to write
    assert not snapshot.due(ctl, BUILD)


def test_hot_seat_snapshot_is_the_curtain_never_a_hand():
    """Two humans share the device in a game with secrets: while Ann's cards
    are on screen the snapshot is still the curtain, and it names no card of
    any seat's hand."""
    ctl = new_controller()
    slot = start_game(ctl, [("Ann", "human", None), ("Bob", "human", None), ("Cy", "bot", "easy")])
    rnd = random.Random(2)
    bring_to_human(ctl, rnd, 2)
    if ctl.curtain_up:
        ctl.handle("ui", "reveal")
    assert ctl.shown is not None and not ctl.curtain_up
    on_screen = Hooks(ctl.render("hand"))
    assert on_screen.values("data-card")  # the seat's cards are showing now
    ctl._snap_written = None
    assert snapshot.write(ctl, BUILD)
    html = json.loads(ctl.storage.get(SNAP_PREFIX + slot))["html"]
    assert html == opened_afresh(ctl.storage, slot)
    hand = html.split('data-region="hand">', 1)[1].split('<div data-region="rules">', 1)[0]
    assert 'id="curtain"' in hand and "data-card" not in hand
    m = ctl.match
    for seat in range(len(m.seats)):
        for card in m.game.view(m.state, seat).get("hand") or ():
            assert f'data-card="{card}"' not in html
    # the state on screen is as it was: Ann still sees her cards
    assert not ctl.curtain_up and Hooks(ctl.render("hand")).values("data-card") == on_screen.values("data-card")


def test_storage_is_bounded_and_never_loses_a_save():
    storage = MemoryStorage()
    slots = []
    for k in range(5):
        clock = iter(range(1_700_000_000 + k * 1000, 1_800_000_000))
        ctl = new_controller(storage, clock=lambda c=clock: float(next(c)))
        slots.append(start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")]))
        assert snapshot.write(ctl, BUILD)
    snaps = sorted(k for k in storage.data if k.startswith(SNAP_PREFIX))
    assert snaps == sorted(SNAP_PREFIX + s for s in slots[-snapshot.KEEP:])  # the most recent ones
    assert all(storage.get(SAVE_PREFIX + s) for s in slots)  # every save kept
    # a snapshot whose save is gone goes at the next write
    storage.remove(SAVE_PREFIX + slots[-1])
    snapshot.prune(storage)
    assert SNAP_PREFIX + slots[-1] not in storage.data


def test_too_big_a_screen_is_not_stored(monkeypatch):
    ctl = new_controller()
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")])
    ctl.storage.set(SNAP_PREFIX + slot, "old")
    monkeypatch.setattr(snapshot, "MAX_SNAP_CHARS", 1000)
    assert not snapshot.write(ctl, BUILD)
    assert SNAP_PREFIX + slot not in ctl.storage.data  # an older state is never left behind


def test_full_storage_drops_snapshots_first_and_the_save_goes_through():
    ctl = new_controller()
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")])
    assert snapshot.write(ctl, BUILD)
    ctl.storage.set("spieltisch.snap.other", "x" * 5000)
    # no room for the save to grow, unless the snapshots go
    ctl.storage.quota = sum(len(k) + len(v) for k, v in ctl.storage.data.items()) + 5
    rnd = random.Random(1)
    bring_to_human(ctl, rnd, 2)
    assert not ctl.save_failed
    saved = json.loads(ctl.storage.get(SAVE_PREFIX + slot))
    assert len(saved["log"]) >= 2
    assert not [k for k in ctl.storage.data if k.startswith(SNAP_PREFIX)]  # dropped to make room
    # and a snapshot that does not fit is simply not written
    ctl._snap_written = None
    ctl.storage.quota = sum(len(k) + len(v) for k, v in ctl.storage.data.items()) + 10
    assert not snapshot.write(ctl, BUILD)
    assert ctl.storage.get(SAVE_PREFIX + slot) is not None and not ctl.save_failed


def test_deleting_a_save_deletes_its_snapshot():
    ctl = new_controller()
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")])
    assert snapshot.write(ctl, BUILD)
    ctl.handle("route", "#/")
    ctl.handle("ui", f"delete:{slot}")
    ctl.handle("ui", f"delete-confirm:{slot}")
    assert SAVE_PREFIX + slot not in ctl.storage.data and SNAP_PREFIX + slot not in ctl.storage.data


def test_hub_leads_with_the_most_recent_unfinished_game():
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")])
    later = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy")],
                       game_id="saboteur")
    ctl.build = BUILD
    assert snapshot.write(ctl, BUILD)
    ctl.handle("route", "#/")
    html = ctl.render("screen")
    assert html.startswith('<div class="hub"><section class="hub-continue" data-continue')
    card = [a for t, a in Hooks(html).elements if t == "a" and a.get("class") == "continue-card"]
    assert card and card[0]["href"] == f"#/play/{later}" and "data-ui" not in card[0]
    rec = json.loads(ctl.storage.get(SNAP_PREFIX + later))
    assert rec["label"]["en"]["title"] in html and rec["label"]["en"]["detail"] in html
    # a record from another build is not used for the label; the card stays
    ctl.build = "c" * 16
    html = ctl.render("screen")
    assert "Continue: Saboteur" in html and rec["label"]["en"]["detail"] not in html
    ctl.handle("ui", "lang:de")
    assert "Weiterspielen: Saboteur" in ctl.render("screen")


def test_hub_label_from_a_hostile_record_is_escaped():
    ctl = new_controller()
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")])
    assert snapshot.write(ctl, BUILD)
    rec = json.loads(ctl.storage.get(SNAP_PREFIX + slot))
    rec["label"]["en"] = {"title": "<img src=x onerror=alert(1)>", "detail": "<script>x</script>"}
    ctl.storage.set(SNAP_PREFIX + slot, json.dumps(rec))
    ctl.handle("route", "#/")
    html = ctl.render("screen")
    assert "<img" not in html and "<script" not in html and "&lt;img" in html
    ctl.storage.set(SNAP_PREFIX + slot, "{broken")
    assert "Continue: Hexen Cocktail" in ctl.render("screen")


def _shell_keys(page: str) -> set[str]:
    """The data-i18n keys of a shell outside <main id="app">, without args."""
    from html.parser import HTMLParser

    class Keys(HTMLParser):
        def __init__(self):
            super().__init__()
            self.depth = 0  # inside #app
            self.keys: set[str] = set()

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "main" and a.get("id") == "app":
                self.depth = 1
            elif self.depth and tag == "main":
                self.depth += 1
            if not self.depth and "data-i18n" in a and "data-i18n-args" not in a:
                self.keys.add(a["data-i18n"])

        def handle_endtag(self, tag):
            if tag == "main" and self.depth:
                self.depth -= 1

    parser = Keys()
    parser.feed((ROOT / page).read_text(encoding="utf-8"))
    return parser.keys


def test_the_record_carries_the_shells_texts_in_its_language():
    """static/js/resume.js sets the shells' own texts from the record, so a
    Brauzeit snapshot (German first) is not framed by an English header.
    Safe mode's texts are never seen with a snapshot (it is not painted
    then), nor is <noscript>'s."""
    unseen = {k for k in _shell_keys("index.html") | _shell_keys("embed.html")
              if k.startswith("safe.") or k == "boot.noscript"}
    shells = (_shell_keys("index.html") | _shell_keys("embed.html")) - unseen
    assert shells == set(snapshot.SHELL_KEYS)
    ctl = new_controller(browser_lang="en")
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")], game_id="brauzeit")
    bring_to_human(ctl, random.Random(2), 1)
    assert ctl.lang == "de"  # Brauzeit opens in German when no language was picked
    assert snapshot.write(ctl, BUILD)
    rec = json.loads(ctl.storage.get(SNAP_PREFIX + slot))
    assert rec["lang"] == "de"
    assert rec["shell"] == {k: ctl.tr(k) for k in snapshot.SHELL_KEYS}
    assert rec["shell"]["nav.hub"] == "Alle Spiele"


def test_a_write_reads_no_stored_record_while_there_are_few():
    """prune() runs before every write; with no more records than it keeps it
    ranks nothing, so it reads (parses) none, the current game's old record
    included. Over the limit it still keeps the most recent (the test above)."""
    reads = []

    class Counting(MemoryStorage):
        def get(self, key):
            if key.startswith(SNAP_PREFIX):
                reads.append(key)
            return super().get(key)

    storage = Counting()
    slots = []
    for k in range(snapshot.KEEP):
        clock = iter(range(1_700_000_000 + k * 1000, 1_800_000_000))
        ctl = new_controller(storage, clock=lambda c=clock: float(next(c)))
        slots.append(start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")]))
        assert snapshot.write(ctl, BUILD)
    reads.clear()
    snapshot.prune(storage, keep_slot=slots[-1], keep=snapshot.KEEP - 1)
    assert reads == []
    assert sorted(k for k in storage.data if k.startswith(SNAP_PREFIX)) == sorted(SNAP_PREFIX + s for s in slots)
