"""Brauzeit in headless Chromium, German first: a whole short game against an
easy bot played by clicks (dice, then a cauldron; a new potion when one is
done) to the game-over screen; an illegal pair says which rule forbids it;
the roll animation stays off with reduced motion.

Pyodide boots once for the module. No language is saved and the browser
says English, so the German screen comes from Brauzeit's German-first rule.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import browser as sb

READY = "html[data-ready='1']"
BOOT_MS = sb.READY_TIMEOUT_MS


@pytest.fixture(scope="module")
def page(browser, site_url):
    """One page for the module (Pyodide boots once)."""
    p = sb.boot_page(browser, site_url, locale="en-US",
                     reduced_motion="reduce")
    yield p
    sb.close_page(p)


def wait_idle(page):
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)


def start_game(page, seed="2026"):
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the hub: the browser's language
    page.locator("[data-ui='new:brauzeit']").first.click()
    expect(page.locator("#app[data-screen='new']")).to_be_attached()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("form.new-game h2")).to_have_text("Neues Spiel: Brauzeit")
    page.select_option("select[name=seats]", "2")
    page.fill("input[name=seat-0-name]", "Anna")
    page.select_option("select[name=seat-1-kind]", "bot")
    page.select_option("select[name=seat-1-level]", "easy")
    expect(page.locator("select[name=option-clock]")).to_have_value("short")
    page.fill("input[name=seed]", seed)
    page.get_by_role("button", name="Spiel starten").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()


def one_choice(page) -> str:
    """Anna's choice by clicks: a potion for an emptied cauldron; or a
    quantity die, an ingredient die and a cauldron; or a wizard and a
    cauldron; or, if nothing fits, pass. Returns what was done."""
    wait_idle(page)
    brew = page.locator(".bz-brew[data-action]")
    if brew.count():
        brew.first.click()
        return "brew"
    board = page.locator("[data-board]")
    tray = page.locator("[data-region='hand'] .bz-tray")  # the dice tray is the hand (issue 29)
    qty = tray.locator("button.bz-die.k-q:not(.is-dead)")
    if qty.count():
        qty.first.click()
        ing = tray.locator("button.bz-die.k-i:not(.is-dead)")
        if ing.count():
            ing.first.click()
            target = board.locator(".bz-cauldron [data-action]")
            expect(target.first).to_be_visible()
            target.first.click()
            return "take"
        qty.first.click()  # let go of it again
    wiz = tray.locator("button.bz-die.k-w:not(.is-dead)")
    if wiz.count():
        wiz.first.click()
        target = board.locator(".bz-cauldron [data-action]")
        expect(target.first).to_be_visible()
        target.first.click()
        return "wizard"
    done = page.locator("[data-action='done']")  # brau.last: after the last roll
    if done.count():
        done.click()
        return "done"
    page.locator("[data-action='pass']").click()
    return "pass"


def test_full_short_game_in_german_by_clicks(page):
    start_game(page)
    wait_idle(page)
    top = page.locator("[data-region='top']")
    board = page.locator("[data-board]")
    tray = page.locator("[data-region='hand'] .bz-tray")  # the dice tray is the hand (issue 29)
    expect(tray.locator(".bz-hourglass")).to_have_attribute("aria-label", "Sanduhr: noch 47 von 48 Würfen")
    expect(board).to_contain_text("Deine Kessel")
    expect(board).to_contain_text("Kessel von")
    expect(page.locator("#curtain")).to_have_count(0)
    # the two-step choice is explained in German
    tray.locator("button.bz-die.k-q").first.click()
    expect(top.locator(".prompt")).to_contain_text("jetzt eine Zutat")
    tray.locator("button.bz-die.k-q").first.click()
    done = {"brew": 0, "take": 0, "wizard": 0, "pass": 0, "done": 0}
    for _ in range(400):
        if page.locator("[data-gameover]").count():
            break
        done[one_choice(page)] += 1
        wait_idle(page)
    over = page.locator("[data-gameover]")
    expect(over).to_be_visible()
    expect(over).to_contain_text("Spielende")
    expect(over).to_contain_text("Die Sanduhr ist abgelaufen")
    expect(over).to_contain_text("Fertige Tränke")
    expect(over).to_contain_text("Anna")
    expect(page.locator("#app[data-screen='over']")).to_be_attached()
    assert done["take"] >= 20 and done["brew"] >= 1, done
    # the bot's picks were shown as they happened: its lines are in the log
    expect(page.locator("[data-log]")).to_contain_text("in Kessel")
    over.locator("[data-ui='hub']").click()
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_a_pair_that_does_not_fit_names_the_rule(page):
    start_game(page, seed="31")
    board = page.locator("[data-board]")
    tray = page.locator("[data-region='hand'] .bz-tray")  # the dice tray is the hand (issue 29)
    status = page.locator("#status")
    for _ in range(60):
        wait_idle(page)
        qty = tray.locator("button.bz-die.k-q")
        ing = tray.locator("button.bz-die.k-i")
        if not qty.count() or not ing.count():
            one_choice(page)
            continue
        for k in range(qty.count()):
            qty.nth(k).click()
            ing.first.click()
            blocked = board.locator(".bz-cauldron [data-illegal^='take:']")
            for j in range(blocked.count()):
                blocked.nth(j).click()
                if "nur noch Platz für" in status.inner_text():
                    expect(status).to_contain_text("Regel: Ein Paar")
                    status.locator("[data-ui='rules:brau.pair']").click()
                    expect(page.locator("#rules [data-rule='brau.pair']")).to_be_visible()
                    page.locator("#rules [data-ui='rules-close']").click()
                    page.locator("a.nav-hub").click()
                    return
            ing.first.click()  # back to the quantity alone
            qty.nth(k).click()  # nothing chosen
        one_choice(page)
    raise AssertionError("no pair that does not fit came up")


def test_roll_animation_respects_reduced_motion(page):
    """The page runs with prefers-reduced-motion: dice never animate."""
    start_game(page, seed="5")
    wait_idle(page)
    die = page.locator("[data-region='hand'] .bz-die").first
    expect(die).to_be_visible()
    expect(die).to_have_css("animation-name", "none")
    page.locator("a.nav-hub").click()
