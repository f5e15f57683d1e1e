"""The Saus und Braus screen (saus.memory): at every step of random games,
for every seat, the page shows a book's picture only while it is open, and
it is the same page whatever the closed books hold and whatever the record
of shown books says. Also: targets only on legal actions, every refusal
explained, no curtain between humans, the open books as a pause for bots."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html import unescape

import pytest

from spieltisch.games import GAMES
from spieltisch.games.saus_und_braus.rules import KINDS, SLOTS

from .helpers import Hooks, new_controller, start_game

GAME = GAMES["saus_und_braus"]
REGIONS = ("top", "board", "hand", "side", "overlay")
_ACTION = re.compile(r'\sdata-action="([^"]*)"')
_ILLEGAL = re.compile(r'\sdata-illegal="([^"]*)"')
_BOOK = re.compile(r'<g class="sb-book([^"]*)" data-book="(\d+)"(.*?)</g>', re.DOTALL)
_DEAL = re.compile(r"book:(" + "|".join(KINDS) + r")\b")
_PICTURE = re.compile(r"k-(" + "|".join(KINDS) + r")\b")


def _page(ctl) -> str:
    return "".join(ctl.render(r) for r in REGIONS) + ctl.render("status")


def _blind_twin(state, rng: random.Random):
    """The same position with the closed books shuffled among themselves and
    no record of what was shown: what a screen that keeps nothing would see."""
    closed = [i for i in range(len(state.books)) if i not in state.opened]
    kinds = [state.books[i] for i in closed]
    rng.shuffle(kinds)
    books = list(state.books)
    for i, k in zip(closed, kinds):
        books[i] = k
    return replace(state, books=tuple(books), record=())


_SLOT_WORD = re.compile(r"\b(?:book|buch|open:)\s*(\d+)", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")


def _closed_look(cls: str, slot: int, body: str) -> str:
    """A closed book's markup without what every closed book has of its own:
    its number and the hooks and choice marks of the seat that is guessing."""
    body = re.sub(r'\sdata-(?:action|ui|illegal)="[^"]*"', "", body)
    body = re.sub(r'\s(?:x|y|cx|cy|r|rx|width|height|d|transform)="[^"]*"', "", body)  # its place
    body = re.sub(rf"\b{slot}\b", "#", body)
    cls = " ".join(c for c in cls.split() if c not in ("is-choice", "is-selected"))
    return cls + body


def combine(html: str, live: list[str], closed: set[int]) -> list[str]:
    """What a seat can read by putting the page's parts together (saus.memory,
    issue 26): a closed book that looks unlike the other closed books (a
    last-move mark, initials, "last move: Ann" in its label), or a log line
    or live announcement that names a book by number, joined with the log's
    "right! The spider goes into the cauldron" / "wrong", says what that
    closed book holds or does not hold. Returns every such reading."""
    looks: dict[str, list[int]] = {}
    for cls, slot, body in _BOOK.findall(html):
        if int(slot) in closed:
            looks.setdefault(_closed_look(cls, int(slot), body), []).append(int(slot))
    found = []
    if len(looks) > 1:
        common = max(looks.values(), key=len)
        found += [f"closed book {s} stands out" for slots in looks.values() if slots is not common
                  for s in slots]
    text = unescape(_TAG.sub(" ", html))
    results = ("right", "wrong", "richtig", "falsch")
    told = [line for line in (*re.split(r"(?<=[.!])\s", text), *live) if any(r in line for r in results)]
    for line in told:
        found += [f"{line!r} names closed book {n}" for n in _SLOT_WORD.findall(line) if int(n) in closed]
    if told and any(r in " ".join(live) for r in results):
        for line in live:
            found += [f"live {line!r} names closed book {n}" for n in _SLOT_WORD.findall(line)
                      if int(n) in closed]
    return found


def check_memory(ctl, rng: random.Random, live: list[str] | None = None) -> int:
    """saus.memory at this step, for every seat and the spectator: alone
    (no closed picture, the same page with the closed books shuffled) and
    combined (board marks + log + live text say nothing of a closed book)."""
    m = ctl.match
    real = m.state
    twin = _blind_twin(real, rng)
    opened = {i + 1 for i in real.opened}
    checked = 0
    keep = ctl.shown
    for seat in list(range(len(m.seats))) + [None]:
        ctl.shown = seat
        ctl.selected = None
        html = _page(ctl)
        m.state = twin
        try:
            blind = _page(ctl)
        finally:
            m.state = real
        assert html == blind, f"seat {seat}: the page depends on closed books or on the record"
        assert not _DEAL.search(html)  # the chance outcomes that shuffled the books
        closed = {i + 1 for i in range(len(real.books))} - opened
        leaks = combine(html, list(live or ()) if seat == keep else [], closed)
        assert not leaks, f"seat {seat} can combine: {leaks[:3]}"
        for cls, slot, body in _BOOK.findall(html):
            slot = int(slot)
            if slot in opened:
                assert "is-open" in cls and _PICTURE.search(body), slot
            else:
                assert "is-open" not in cls and not _PICTURE.search(body), (seat, slot)
        checked += 1
    ctl.shown = keep
    return checked


def check_targets(ctl) -> None:
    """data-action only on legal actions; every data-illegal has a reason."""
    m = ctl.match
    seat = ctl.shown
    html = "".join(ctl.render(r) for r in ("board", "hand", "overlay"))
    legal = set(m.legal_texts(seat)) if seat is not None and not m.is_over else set()
    actions = {unescape(v) for v in _ACTION.findall(html)}
    assert actions <= legal, actions - legal
    for text in {unescape(v) for v in _ILLEGAL.findall(html)}:
        why = m.check(seat, text)
        assert why is not None and why.rule.startswith("saus."), text


def _human_step(ctl, rnd: random.Random) -> None:
    """One legal move for the seat on screen, through the page's hooks."""
    m = ctl.match
    seat = ctl.shown
    assert seat == m.to_act
    html = "".join(ctl.render(r) for r in ("board", "hand", "overlay"))
    actions = sorted({unescape(v) for v in _ACTION.findall(html)})
    selects = sorted({v for v in Hooks(html).values("data-ui") if v.startswith("select:")})
    if not actions and selects:  # salamander / snake: one book in hand first
        ctl.handle("ui", rnd.choice(selects))
        html = ctl.render("board")
        actions = sorted({unescape(v) for v in _ACTION.findall(html)})
    assert actions, f"no target for {m.legal_texts(seat)[:3]}"
    ctl.handle("action", rnd.choice(actions))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_memory_no_closed_book_on_any_screen(players):
    """saus.memory: every step of two random games, every seat: a closed book's
    picture is nowhere on the page; the page is the same with closed books
    shuffled and the record of shown books dropped."""
    total = 0
    for seed in (players,):
        ctl = new_controller()
        start_game(ctl, [(f"P{i}", "human", None) for i in range(players)], seed=seed,
                   game_id="saus_und_braus")
        rnd = random.Random(seed)
        steps = 0
        live: list[str] = []
        while not ctl.match.is_over and steps < 500:
            total += check_memory(ctl, rnd, live)
            check_targets(ctl)
            assert not ctl.curtain_up  # nothing private: no curtain between humans
            _human_step(ctl, rnd)
            live = (live + ctl.take_announcements())[-4:]  # what the live region keeps
            steps += 1
        total += check_memory(ctl, rnd, live)
    assert total > 25 * players


def test_memory_combined_reading_fails_on_a_marked_closed_book():
    """saus.memory (issue 26): the combined reading finds the old leak, a
    closed book marked as the last move beside the log's "right! The spider
    goes into the cauldron"; and it finds nothing on today's page."""
    book = ('<g class="sb-book{}" data-book="{}" role="img" aria-label="Book {}, closed{}">'
            '<rect class="sb-cover" x="1" y="2"/><text class="sb-num" x="1" y="2">{}</text></g>')
    plain = "".join(book.format("", n, n, "", n) for n in (8, 9, 10))
    marked = "".join(book.format(" is-last" if n == 9 else "", n, n,
                                 ", last move: Ann" if n == 9 else "", n) for n in (8, 9, 10))
    log = "<li>Ann opened a book: right! The spider goes into the cauldron.</li>"
    assert combine(marked + log, [], {8, 9, 10}) == ["closed book 9 stands out"]
    assert combine(plain + log, [], {8, 9, 10}) == []
    assert combine(plain, ["Ann opened book 9: right!"], {8, 9, 10})
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Ben", "human", None)], seed=6, game_id="saus_und_braus")
    rnd = random.Random(6)
    opened_then_closed = 0
    for _ in range(400):
        m = ctl.match
        if m.is_over:
            break
        was_open = bool(m.state.opened)
        _human_step(ctl, rnd)
        if was_open and not m.state.opened:
            opened_then_closed += 1
            closed = set(range(1, SLOTS + 1))
            for seat in (0, 1, None):
                ctl.shown = seat
                assert combine(_page(ctl), [], closed) == [], seat
                # the resume snapshot is the screen as rendered (ui/snapshot.py)
                assert combine(ctl.render("screen"), [], closed) == [], seat
            ctl.shown = m.to_act
            assert 'class="sb-book is-last' not in ctl.render("board")
    assert opened_then_closed >= 3


def test_open_books_are_a_pause_before_a_bot_closes_them():
    """saus.close: a bot's open books wait for the humans (the overlay shows
    them); after 'Seen it!' the bot closes them and they are gone."""
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bot", "bot", "easy")], seed=3, game_id="saus_und_braus")
    rnd = random.Random(3)
    for _ in range(600):
        m = ctl.match
        if m.is_over:
            break
        if ctl.pause_key() is not None and m.seats[m.to_act].is_bot:
            overlay = ctl.render("overlay")
            assert 'data-ui="ack"' in overlay and _PICTURE.search(overlay)
            assert not ctl.bot_pending()
            opened = [i + 1 for i in m.state.opened]
            ctl.handle("ui", "ack")
            while ctl.bot_step(50) is False and ctl.bot_pending():
                pass
            assert m.state.opened == () or m.is_over
            board = ctl.render("board")
            for cls, slot, body in _BOOK.findall(board):
                if int(slot) in opened:
                    assert "is-open" not in cls and not _PICTURE.search(body)
            return
        if m.seats[m.to_act].is_bot:
            ctl.bot_step(50)
        else:
            _human_step(ctl, rnd)
    pytest.fail("the bot never opened a book")


def test_every_book_slot_and_field_is_drawn():
    """saus.board: 16 books, 13 fields, Winnie, on the first screen."""
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Ben", "human", None)], seed=4, game_id="saus_und_braus")
    html = ctl.render("board")
    assert len(re.findall(r'data-book="\d+"', html)) == SLOTS
    assert len(re.findall(r'data-field="[A-Z]{2}"', html)) == 13
    assert 'class="sb-winnie' in html and 'data-action="spin"' in ctl.render("hand")
    assert "style=" not in html + ctl.render("hand") + ctl.render("side")


def test_a_move_replaces_parts_never_the_kitchen():
    """Issue 13 (speed): every board render of a whole game has the kitchen's
    skeleton of the one before, so the page replaces only the parts that
    changed (render/parts.py); the kitchen itself is never among them."""
    from spieltisch.render.parts import patch_plan

    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Ben", "human", None)], seed=5, game_id="saus_und_braus")
    rnd = random.Random(5)
    before = ctl.render("board")
    renders = changed_parts = attrs_only = 0
    while not ctl.match.is_over and renders < 400:
        _human_step(ctl, rnd)
        now = ctl.render("board")
        plan = patch_plan(before, now)
        assert plan is not None, "the board's skeleton changed"
        _attrs, changed = plan
        assert all(k.startswith(("field-", "book-")) or k in {"paths", "choices", "open-books", "winnie", "ghost"}
                   for k in changed), changed
        changed_parts += len(changed)
        attrs_only += sum("html" not in v for v in changed.values())
        renders += 1
        before = now
    parts = 13 + 16 + 5  # fields, book slots, paths/choices/open books/Winnie/flight
    assert renders > 20 and changed_parts < renders * parts * 0.6  # much of the board stays
    # a field that becomes a choice, a book that can be opened: their drawings stay too
    assert attrs_only > changed_parts / 3, (attrs_only, changed_parts)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_stacked_field_names_its_visible_count(lang):
    """Issue 29 (voice control, axe label-content-name-mismatch): a field with
    a stack shows its count, and its accessible name contains that count."""
    ctl = new_controller()
    ctl.handle("ui", f"lang:{lang}")
    start_game(ctl, [("Ann", "human", None), ("Ben", "human", None)], seed=4, game_id="saus_und_braus")
    rnd = random.Random(4)
    field = re.compile(r'<g class="sb-field[^"]*" data-field="[A-Z]{2}"[^>]*aria-label="([^"]*)"[^>]*>(.*?)</g>(?=<g class="sb-field|</g>)')
    stacked = 0
    for _ in range(400):
        if ctl.match.is_over or stacked:
            break
        if ctl.render("overlay"):
            ctl.handle("ui", "ack")
        if ctl.curtain_up:
            ctl.handle("ui", "reveal")
        _human_step(ctl, rnd)
        for label, body in field.findall(ctl.render("board")):
            count = re.search(r'<g class="sb-count">.*?<text[^>]*>(\d+)</text>', body)
            if count:
                stacked += 1
                assert count.group(1) in unescape(label), (label, count.group(1))
    assert stacked, "no field with a stack in 400 moves (seed 4): pick another seed"
