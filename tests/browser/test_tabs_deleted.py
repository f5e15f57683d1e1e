"""Issue 27, point 3, with two pages: a game deleted in one tab's hub is not
written again by the other tab. The other tab says "This game was deleted in
another tab" with "Keep it as a new game" and "Close", and writes nothing
until the player chooses."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from support import a11y
from support import browser as sb
from support.play import READY, human_move, start_game
from support.site_copy import copy_site

BOOT_MS = sb.READY_TIMEOUT_MS
PREFIX = "spieltisch.save."


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server, url = sb.start_site_at(copy_site(tmp_path_factory.mktemp("site")))
    yield url
    sb.stop_site(server)


def _saves(page) -> dict:
    return page.evaluate("""() => Object.fromEntries(Object.entries(localStorage)
                                  .filter(([k]) => k.startsWith('spieltisch.save.')))""")


def _two_tabs(browser, site, **context_options):
    a = sb.open_page(browser, viewport={"width": 1200, "height": 900}, **context_options)
    a.goto(site + "index.html?botdelay=0")
    expect(a.locator(READY)).to_be_attached(timeout=BOOT_MS)
    start_game(a, [("Ann", "human", None), ("Bo", "human", None)])
    slot = a.url.rsplit("/", 1)[-1]
    b = a.context.new_page()
    b.page_errors = []
    b.on("pageerror", lambda exc: b.page_errors.append(str(exc)))
    b.goto(site + f"index.html?botdelay=0#/play/{slot}")
    expect(b.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(b.locator("#app[data-screen='play']")).to_be_attached()
    # delete it in the first tab's hub (asked twice, as always)
    a.locator("a.nav-hub").click()
    expect(a.locator(f"[data-save='{slot}']")).to_be_visible()
    a.locator(f"[data-ui='delete:{slot}']").click()
    a.locator(f"[data-ui='delete-confirm:{slot}']").click()
    expect(a.locator(f"[data-save='{slot}']")).to_have_count(0)
    return a, b, slot


def test_the_other_tab_asks_and_keeps_it_as_a_new_game(browser, site):
    a, b, slot = _two_tabs(browser, site)
    box = b.locator("[data-deleted]")
    expect(box).to_contain_text("This game was deleted in another tab")
    assert _saves(b) == {}
    # a move in the other tab: not made, nothing written. The question sits over the play
    # screen (it is answered first), so the clicks are sent to the controls themselves
    curtain = b.locator("[data-ui='reveal']")
    if curtain.count():
        curtain.dispatch_event("click")
    for _ in range(2):  # a card, then where it goes (or the one click a move takes)
        acts = b.locator("#app [data-action]")
        (acts if acts.count() else b.locator("[data-hand] [data-ui^='select:']")).first.dispatch_event("click")
    b.wait_for_timeout(400)
    assert _saves(b) == {}
    expect(box).to_be_visible()
    box.locator("[data-ui='deleted-keep']").click()
    expect(b.locator("[data-deleted]")).to_have_count(0)
    kept = _saves(b)
    assert len(kept) == 1 and PREFIX + slot not in kept
    new_slot = next(iter(kept))[len(PREFIX):]
    expect(b).to_have_url(f"{site}index.html?botdelay=0#/play/{new_slot}")
    human_move(b)
    b.wait_for_function("(k) => JSON.parse(localStorage.getItem(k)).meta.revision >= 2", arg=PREFIX + new_slot)
    assert json.loads(_saves(b)[PREFIX + new_slot])["meta"]["revision"] >= 2
    assert b.page_errors == []
    sb.check_page(a)
    a.context.close()


def test_close_writes_nothing_and_the_question_keeps_contrast_in_dark_mode(browser, site):
    a, b, _slot = _two_tabs(browser, site, color_scheme="dark", bypass_csp=True)
    box = b.locator("[data-deleted]")
    expect(box).to_be_visible()
    violations = a11y.scan(b)
    assert a11y.count(violations) == 0, a11y.describe(violations)
    box.locator("[data-ui='deleted-close']").click()
    expect(b.locator("#app[data-screen='hub']")).to_be_attached()
    b.wait_for_timeout(400)
    assert _saves(b) == {}
    assert b.page_errors == []
    sb.check_page(a)
    a.context.close()
