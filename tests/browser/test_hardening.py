"""Issue 11 in headless Chromium: poison in storage, a poison import and a
poison link never break the site; two tabs on one game never lose a move;
after a bad link the header's link reaches the hub; safe mode.

Run ``python3 tools/build.py && python3 tools/build_sw.py`` first (the page
loads static/build/app.zip).
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.hostile import ISSUE_IMPORT, ISSUE_SAVE
from support.play import human_move, start_game, wait_idle
from support.site_copy import copy_site

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES

READY = "html[data-ready='1']"
BOOT_MS = sb.READY_TIMEOUT_MS
PREFIX = "spieltisch.save."


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A private copy of the built site (real files: it also works in a git
    worktree whose static/vendor is a symlink the server will not follow)."""
    server, url = sb.start_site_at(copy_site(tmp_path_factory.mktemp("site")))
    yield url
    sb.stop_site(server)


def _good_save(seed: int = 7) -> str:
    m = Match(GAMES["hexen_cocktail"], [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=seed)
    m.play(m.legal_texts()[0])
    while m.to_act != 0:  # the human's turn: nothing happens on its own after loading
        m.play(m.legal_texts()[0])
    return m.to_save_text({"created": 1_700_000_000_000, "updated": 1_700_000_000_000})


def _with_meta(meta) -> str:
    data = json.loads(_good_save(8))
    data["meta"] = meta
    return json.dumps(data)


POISON = {
    PREFIX + "nested": ISSUE_SAVE,  # killed Pyodide on every visit
    PREFIX + "meta-text": _with_meta("hello"),  # Continue did nothing, #/play/ hung
    PREFIX + "meta-list": _with_meta([1, 2]),
    PREFIX + "big-number": _good_save(9).replace('"seed":9', '"seed":' + "9" * 5000),
    PREFIX + "bytes": "\u0000\ufffd\ud7ff" * 100,
}


def _seed_storage(page, items: dict) -> None:
    page.add_init_script(
        "(() => { const s = " + json.dumps(items) + "; for (const [k, v] of Object.entries(s)) "
        "if (localStorage.getItem(k) === null) localStorage.setItem(k, v); })()")


def _storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def _seat_moves(page, slot: str) -> int:
    text = _storage(page).get(PREFIX + slot)
    return sum(1 for e in json.loads(text)["log"] if e[0] >= 0) if text else 0


def test_poison_saves_in_storage_the_hub_loads_and_the_good_save_plays_on(browser, site):
    p = sb.open_page(browser)
    _seed_storage(p, {**POISON, PREFIX + "good": _good_save()})
    p.goto(site + "index.html?botdelay=0")
    expect(p.locator(READY)).to_be_attached(timeout=BOOT_MS)
    for key in POISON:
        item = p.locator(f"[data-broken-save='{key}']")
        expect(item).to_be_visible()
    assert "nested too deeply" in p.locator(f"[data-broken-save='{PREFIX}nested']").inner_text()
    assert "extra data" in p.locator(f"[data-broken-save='{PREFIX}meta-text']").inner_text()
    expect(p.locator("[data-save]")).to_have_count(1)
    # the good save plays on
    before = _seat_moves(p, "good")
    p.locator("[data-ui='continue:good']").click()
    expect(p.locator("#app[data-screen='play']")).to_be_attached()
    wait_idle(p)
    for _ in range(4):
        human_move(p)
        wait_idle(p)
    assert _seat_moves(p, "good") > before
    # a poison slot opened directly: a plain message, and the hub one link away
    p.evaluate("() => { location.hash = '#/play/meta-text'; }")
    expect(p.locator("#app")).to_contain_text("cannot be opened")
    p.locator("a.nav-hub").click()
    expect(p.locator("#app[data-screen='hub']")).to_be_attached()
    store = _storage(p)
    for key, value in POISON.items():
        assert store[key] == value, f"{key} was changed"
    sb.check_page(p)
    p.context.close()


def test_poison_import_says_why_and_the_app_keeps_working(browser, site):
    p = sb.boot_page(browser, site)
    p.locator("#import-file").set_input_files(
        files=[{"name": "nested.json", "mimeType": "application/json", "buffer": ISSUE_IMPORT.encode()}])
    expect(p.locator("#status")).to_contain_text("nested too deeply")
    # imports and bots still work
    p.locator("#import-file").set_input_files(
        files=[{"name": "good.json", "mimeType": "application/json", "buffer": _good_save().encode()}])
    expect(p.locator("#app[data-screen='play']")).to_be_attached()
    expect(p.locator("#status")).to_contain_text("Game imported")
    for _ in range(3):
        human_move(p)
        wait_idle(p)  # the bot answers
    sb.close_page(p)


def test_poison_link_gives_its_message_then_the_header_reaches_the_hub(browser, site):
    """Issue 11.1 and 11.4: 63 characters of link held 5000 levels; after a
    bad link the header's "All games", the logo and typing #/ did nothing."""
    code = "2." + base64.urlsafe_b64encode(zlib.compress(b"[" * 5000 + b"]" * 5000, 9)).decode()
    p = sb.boot_page(browser, site)
    for leave in ("a.nav-hub", "a.brand", "typed"):
        p.evaluate("(c) => { location.hash = '#/position/' + c; }", code)
        expect(p.locator("#app[data-screen='position']")).to_be_attached()
        expect(p.locator("#app")).to_contain_text("nested too deeply")
        if leave == "typed":
            p.evaluate("() => { location.hash = '#/'; }")
        else:
            p.locator(leave).click()
        expect(p.locator("#app[data-screen='hub']")).to_be_attached()
    start_game(p, [("Ann", "human", None), ("Bot", "bot", "easy")])
    human_move(p)
    wait_idle(p)
    sb.close_page(p)


def _reveal(page) -> None:
    curtain = page.locator("[data-ui='reveal']")
    if curtain.count():
        curtain.click()


def _move(page, slot: str) -> None:
    """Reveal if needed, then click until this tab has made one move."""
    before = _seat_moves(page, slot)
    for _ in range(4):
        _reveal(page)
        human_move(page)
        if _seat_moves(page, slot) > before:
            return
    raise AssertionError("no move was made")


def test_two_tabs_on_one_game_never_lose_a_move(browser, site):
    """Two humans in two tabs play one hot-seat game, a move each in turn:
    each tab learns of the other's move at once and the stored log holds
    every move."""
    context_options = {"service_workers": "block", "viewport": {"width": 1200, "height": 900}}
    a = sb.open_page(browser, **context_options)
    a.goto(site + "index.html?botdelay=0")
    expect(a.locator(READY)).to_be_attached(timeout=BOOT_MS)
    start_game(a, [("Ann", "human", None), ("Bo", "human", None)])
    slot = a.url.rsplit("/", 1)[-1]
    b = a.context.new_page()
    b.goto(site + f"index.html?botdelay=0#/play/{slot}")
    expect(b.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(b.locator("#app[data-screen='play']")).to_be_attached()
    made = 0
    for turn in range(6):
        tab, other = (a, b) if turn % 2 == 0 else (b, a)
        _move(tab, slot)
        made += 1
        expect(other.locator("#status")).to_contain_text("another tab")
    assert _seat_moves(a, slot) == made
    log = json.loads(_storage(a)[PREFIX + slot])
    assert log["meta"]["revision"] == made + 1
    sb.check_page(a)
    a.context.close()


def test_safe_mode_starts_without_the_saves_and_offers_the_failing_item(browser, site):
    """Two loads that never became interactive: the next offers to start
    without the saved games and names the item read last; nothing is deleted
    unless asked twice."""
    p = sb.open_page(browser)
    _seed_storage(p, {PREFIX + "good": _good_save(), PREFIX + "nested": ISSUE_SAVE})
    p.add_init_script("""(() => { if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('spieltisch.boot.attempts', '2');
        localStorage.setItem('spieltisch.boot.item', 'spieltisch.save.nested'); } })()""")
    p.goto(site + "index.html?botdelay=0")
    box = p.locator("#safe-mode")
    expect(box).to_be_visible()
    expect(box.locator("[data-safe-key]")).to_have_text(PREFIX + "nested")
    p.wait_for_timeout(500)
    assert not p.locator(READY).count()  # the app waits for the choice
    with p.expect_download() as download:
        box.locator("[data-safe='export']").click()
    assert download.value.suggested_filename == "spieltisch-broken-nested.json"
    box.locator("[data-safe='without']").click()
    expect(p.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(p.locator("#safe-note")).to_be_visible()
    expect(p.locator("[data-save], [data-broken-save]")).to_have_count(0)
    store = _storage(p)
    assert PREFIX + "good" in store and PREFIX + "nested" in store
    assert "spieltisch.boot.attempts" not in store  # interactive: the count starts again
    p.locator("[data-safe='restore']").click()  # start with them again
    expect(p.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(p.locator("[data-save='good']")).to_be_visible()
    expect(p.locator(f"[data-broken-save='{PREFIX}nested']")).to_be_visible()
    sb.check_page(p)
    p.context.close()
