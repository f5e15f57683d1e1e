"""The site in headless Chromium: hub, a full Hexen Cocktail game against bots
by clicks, resume after reload, broken saves, the hot-seat curtain, odd names.

Pyodide boots once per page; tests that need a fresh boot (reload) say so.
Locators and expect() only, so the same tests also work under a strict CSP.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect
from support import browser as sb
from support.play import human_move, start_game, wait_idle

READY = "html[data-ready='1']"
BOOT_MS = sb.READY_TIMEOUT_MS
XSS = "<img src=x onerror=alert(1)>"


def go_hub(page):
    page.locator("a.nav-hub").click()
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()


def test_hub_lists_every_registered_game(page):
    """Hub: one card per registered game, in the registry's order, none
    "coming soon"."""
    from spieltisch.games import GAMES

    cards = page.locator("[data-game-card]")
    expect(cards).to_have_count(len(GAMES))
    assert [cards.nth(i).get_attribute("data-game-card") for i in range(len(GAMES))] == list(GAMES)
    expect(page.locator("[data-game-card][data-coming-soon]")).to_have_count(0)
    expect(page.locator("[data-game-card='hexen_cocktail'] [data-ui='new:hexen_cocktail']")).to_have_count(1)
    expect(page.locator("#boot")).to_be_hidden()


def test_full_game_against_bots_by_clicks(page):
    """A full game vs two bots, played only by clicking [data-action] (and
    selecting cards), until the game-over screen with scores."""
    start_game(page, [("Ann", "human", None), ("Easy", "bot", "easy"), ("Normal", "bot", "normal")])
    clicks = 0
    while not page.locator("[data-gameover]").count():
        human_move(page)
        clicks += 1
        assert clicks < 400, "the game did not end"
        wait_idle(page)
    over = page.locator("[data-gameover]")
    expect(over).to_be_visible()
    text = over.inner_text()
    for name in ("Ann", "Easy", "Normal"):
        assert name in text
    expect(over.locator("[data-ui='again']")).to_be_visible()
    expect(page.locator("#app[data-screen='over']")).to_be_attached()
    # play again: same seats, a new game
    over.locator("[data-ui='again']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    go_hub(page)


def test_illegal_attempt_names_the_rule(page):
    """Every illegal attempt gets the rule that forbids it, in words."""
    start_game(page, [("Ann", "human", None), ("Bot", "bot", "easy")])
    wait_idle(page)
    illegal = page.locator("#app [data-illegal]")
    if not illegal.count():
        page.locator("[data-hand] [data-ui^='select:']").first.click()
    illegal = page.locator("#app [data-illegal]")
    assert illegal.count() > 0, "no meaningful illegal target on the board"
    illegal.first.click()
    status = page.locator("#status")
    expect(status).not_to_be_empty()
    assert len(status.inner_text().strip()) > 10
    go_hub(page)


def test_odd_name_is_shown_as_text(page):
    """A name like <img src=x onerror=alert(1)> is text, never markup."""
    start_game(page, [(XSS, "human", None), ("Bot", "bot", "easy")])
    expect(page.locator("#app")).to_contain_text(XSS)
    expect(page.locator("#app img[src='x']")).to_have_count(0)
    go_hub(page)
    expect(page.locator("#app")).to_contain_text(XSS)
    expect(page.locator("img[src='x']")).to_have_count(0)
    assert page.dialogs == []


def test_hot_seat_curtain_hides_the_other_hand(page):
    """Two humans on one device: a curtain between their turns; while it is
    up, no hand card of anyone is in the DOM."""
    start_game(page, [("Ann", "human", None), ("Bo", "human", None)])
    curtain = page.locator("#curtain")
    for turn in range(3):
        expect(curtain).to_be_visible()
        expect(page.locator("[data-hand] [data-card]")).to_have_count(0)
        expect(page.locator("[data-ui^='select:']")).to_have_count(0)
        name = "Ann" if turn % 2 == 0 else "Bo"
        expect(curtain).to_contain_text(name)
        curtain.locator("[data-ui='reveal']").click()
        expect(page.locator("[data-hand] [data-card]").first).to_be_visible()
        # a turn: select a card, put it on a row (no explosion keeps it simple)
        while True:
            clicked = human_move(page)
            if not clicked.startswith("select:"):
                break
        # after an explosion the same player takes a card and may go on
        for _ in range(4):
            if curtain.count() and curtain.is_visible():
                break
            clicked = human_move(page)
            if clicked == "pass":
                break
    go_hub(page)


def test_reload_resumes_the_same_position(browser, site_url):
    """Reload mid-game resumes the same position exactly (fresh boot)."""
    p = sb.open_page(browser)
    p.goto(site_url + "index.html?botdelay=0")
    expect(p.locator(READY)).to_be_attached(timeout=BOOT_MS)
    start_game(p, [("Ann", "human", None), ("Bot", "bot", "normal")])
    for _ in range(6):
        human_move(p)
    wait_idle(p)
    url = p.url
    assert "#/play/" in url
    board = p.locator("[data-board]").inner_text()
    hand = p.locator("[data-hand]").inner_text()
    saved = {k: v for k, v in _storage(p).items() if k.startswith("spieltisch.save.")}
    assert len(saved) == 1
    p.reload()
    expect(p.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(p.locator("#app[data-screen='play']")).to_be_attached()
    assert p.url == url
    assert p.locator("[data-board]").inner_text() == board
    assert p.locator("[data-hand]").inner_text() == hand
    after = {k: v for k, v in _storage(p).items() if k.startswith("spieltisch.save.")}
    assert json.loads(list(after.values())[0])["log"] == json.loads(list(saved.values())[0])["log"]
    sb.check_page(p)
    p.context.close()


def _storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


BROKEN = {
    "spieltisch.save.broken-json": "{this is not json",
    "spieltisch.save.future": json.dumps({"format": "spieltisch-save", "version": 99, "game": "hexen_cocktail"}),
}


def test_corrupt_save_is_reported_and_kept(browser, site_url):
    """A corrupt or unknown-version save: a plain message on the hub, the save
    untouched, the rest works (a new game starts and is saved)."""
    p = sb.open_page(browser)
    p.add_init_script(
        "(() => { const s = %s; for (const [k, v] of Object.entries(s)) "
        "if (localStorage.getItem(k) === null) localStorage.setItem(k, v); })()" % json.dumps(BROKEN))
    p.goto(site_url + "index.html?botdelay=0")
    expect(p.locator(READY)).to_be_attached(timeout=BOOT_MS)
    for key in BROKEN:
        item = p.locator(f"[data-broken-save='{key}']")
        expect(item).to_be_visible()
        assert len(item.inner_text().strip()) > 10
    start_game(p, [("Ann", "human", None), ("Bot", "bot", "easy")])
    human_move(p)
    human_move(p)
    wait_idle(p)
    go_hub(p)
    store = _storage(p)
    for key, value in BROKEN.items():
        assert store[key] == value, f"{key} was changed"
    assert len([k for k in store if k.startswith("spieltisch.save.")]) == 3
    expect(p.locator("[data-save]")).to_have_count(1)
    sb.check_page(p)
    p.context.close()


def test_board_and_hand_patched_in_parts_match_a_fresh_render(browser, site_url):
    """Issue 32 (render/parts.py): after many moves whose rows and cards were
    patched, removed or had only their attributes set, the board and the hand
    are what a fresh render of the same position draws (fresh boot)."""
    import random

    from support.parts_dom import canonical

    p = sb.boot_page(browser, site_url)
    try:
        start_game(p, [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy"), ("Di", "bot", "easy")],
                   seed="29")
        rnd = random.Random(29)
        moves = 0
        rows = "document.querySelector('[data-board] .hx-rows')"
        for _ in range(60):
            wait_idle(p)
            if p.locator("[data-gameover]").count() or moves >= 14:
                break
            acts = p.locator("#app [data-board] [data-action], #app [data-hand] [data-action]")
            if acts.count():
                acts.nth(rnd.randrange(acts.count())).click()
                moves += 1
                if moves == 1:  # the screen's first render is drawn whole; from here on parts
                    wait_idle(p)
                    p.evaluate(f"() => {{ {rows}.__kept = true; }}")
            else:
                cards = p.locator("[data-hand] [data-ui^='select:']")
                cards.nth(rnd.randrange(cards.count())).click()
        wait_idle(p)
        assert moves >= 8, moves
        assert p.locator("[data-board] [data-part]").count() >= 6
        # the rows' list was patched, never drawn again
        assert p.evaluate(f"() => !!{rows}.__kept")
        before = {r: p.locator(f"[data-region='{r}']").inner_html() for r in ("board", "hand")}
        p.reload()
        expect(p.locator(READY)).to_be_attached(timeout=BOOT_MS)
        expect(p.locator("#app[data-screen='play']")).to_be_attached()
        wait_idle(p)
        for region, html in before.items():
            assert canonical(p.locator(f"[data-region='{region}']").inner_html()) == canonical(html), region
    finally:
        sb.close_page(p)
