"""Potions Brew in headless Chromium: a whole game against a bot played by
clicks to the game-over screen, and a hot-seat game in which a witch who is
not the active one makes the blind pick on her own screen, behind the curtain.

Pyodide boots once for the module. Locators and expect() only.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support import play
from support.play import wait_idle


def start_game(page, seats, seed="2024"):
    """From wherever the page is: the hub, then the new-game form."""
    if page.locator("[data-gameover]").count():
        page.locator("[data-gameover] [data-ui='hub']").click()
    elif not page.locator("#app[data-screen='hub']").count():
        page.locator("a.nav-hub").click()
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    play.start_game(page, seats, seed, game_id="potions_brew")


def human_turn(page) -> str:
    """One decision of the witch on screen by clicks: a decision button
    (keep / give / blind pick / Moonstone / both), a hand card laid on a
    highlighted recipe, a discard for the hand limit, or pass."""
    wait_idle(page)
    decide = page.locator(".pb-decide [data-action]")
    if decide.count():
        text = decide.first.get_attribute("data-action")
        decide.first.click()
        return text
    discard = page.locator("[data-hand] [data-action^='discard:']")
    if discard.count():
        text = discard.first.get_attribute("data-action")
        discard.first.click()
        return text
    passing = page.locator("[data-hand] [data-action='pass']")
    if not passing.count():
        return "none"
    cards = page.locator("[data-hand] [data-card]")
    codes = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    for code in list(dict.fromkeys(codes))[:3]:
        page.locator(f"[data-hand] [data-card='{code}']").first.click()
        target = page.locator("[data-board] .pb-slot-card[data-action^='lay:']")  # the recipe card is the button
        if target.count():
            text = target.first.get_attribute("data-action")
            target.first.click()
            return text
        page.locator(f"[data-hand] [data-card='{code}']").first.click()  # unselect
    page.locator("[data-hand] [data-action='pass']").click()
    return "pass"


def test_whole_game_against_a_bot_by_clicks(page):
    start_game(page, [("Ann", "human", None), ("Easy", "bot", "easy")], seed="12")
    expect(page.locator("[data-rule-now]")).to_be_visible()
    moves = lays = 0
    while not page.locator("[data-gameover]").count():
        done = human_turn(page)
        if done != "none":
            moves += 1
            lays += done.startswith("lay:")
        assert moves < 600, "the game did not end"
        if done == "none" and not page.locator("[data-gameover]").count():
            page.wait_for_timeout(50)
    over = page.locator("[data-gameover]")
    expect(over).to_be_visible()
    for name in ("Ann", "Easy"):
        expect(over).to_contain_text(name)
    assert moves > 20 and lays > 3
    sb.check_page(page)


def test_hot_seat_blind_pick_on_the_pickers_own_screen(page):
    start_game(page, [("Ann", "human", None), ("Bea", "human", None), ("Cat", "human", None)], seed="5")
    curtain = page.locator("#curtain")
    for _ in range(400):
        wait_idle(page)
        assert not page.locator("[data-gameover]").count(), "no blind pick in the whole game"
        if curtain.count() and curtain.is_visible():
            # nothing private while the curtain is up
            expect(page.locator("[data-hand] [data-card]")).to_have_count(0)
            name = curtain.locator("h2").inner_text()
            curtain.locator("[data-ui='reveal']").click()
            picks = page.locator("[data-blind] [data-action^='pick:']")
            if picks.count():
                # the picker is on screen, and she is not the active witch
                rule = page.locator("[data-rule-now]").inner_text()
                picker = next(w for w in ("Ann", "Bea", "Cat") if w in name)
                assert f"for {picker}" not in rule
                expect(picks).to_have_count(2)
                # face-down: no ingredient shown on the blind cards
                expect(page.locator("[data-blind] .pb-ing")).to_have_count(0)
                log_before = page.locator("[data-log] li").count()
                picks.nth(1).click()
                wait_idle(page)
                expect(page.locator("[data-blind]")).to_have_count(0)
                assert page.locator("[data-log] li").count() > log_before
                sb.check_page(page)
                return
            continue
        human_turn(page)
    pytest.fail("no blind pick by a non-active witch within 400 moves")


@pytest.fixture(scope="module")
def narrow(browser, site_url):
    """A phone: 375 px wide, with touch."""
    p = sb.boot_page(browser, site_url, viewport={"width": 375, "height": 740}, has_touch=True)
    yield p
    sb.close_page(p)


def press(page, el, how: str) -> None:
    if how == "touch":
        el.tap()
    else:  # the keyboard alone: focus the button, then Enter or Space
        el.focus()
        page.keyboard.press("Enter" if how == "enter" else " ")


def newest_line(page) -> int:
    """The number of the log's newest line (0 before any)."""
    first = page.locator("[data-log] li").first
    return int(first.get_attribute("value")) if first.count() else 0


def check_phone_layout(page) -> None:
    """Nothing wider than the screen; every move target at least 44 px."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    targets = page.locator("#app [data-action], #app [data-ui^='select:']")
    for i in range(targets.count()):
        el = targets.nth(i)
        if not el.is_visible():
            continue
        box = el.bounding_box()
        label = el.get_attribute("data-action") or el.get_attribute("data-ui")
        assert box["width"] >= 44 and box["height"] >= 44, (label, box)
        if box["x"] < 0 or box["x"] + box["width"] > 375 + 0.5:
            # the phone's hand is one row that scrolls sideways by itself
            # (site.css): a card beyond the edge is reached by swiping the
            # hand, never by scrolling the page
            assert el.evaluate("e => !!e.closest('.hand-cards')"), (label, box)
            el.scroll_into_view_if_needed()
            box = el.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 375 + 0.5, (label, box)
            assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_phone_375_px_by_touch_and_keyboard(narrow):
    """375 px wide: the game is played by taps and by the keyboard alone
    (Enter, Space), with targets of 44 px and no sideways scrolling."""
    page = narrow
    play.start_game(page, [("Ann", "human", None), ("Easy", "bot", "easy")], "12", game_id="potions_brew")
    hows = ("touch", "enter", "space")
    done = dict.fromkeys(hows, 0)
    lays = 0
    for turn in range(60):
        wait_idle(page)
        if page.locator("[data-gameover]").count() or (min(done.values()) >= 4 and lays):
            break
        how = hows[turn % 3]
        check_phone_layout(page)
        log_before = newest_line(page)
        decide = page.locator(".pb-decide [data-action]")
        discard = page.locator("[data-hand] [data-action^='discard:']")
        if decide.count():
            press(page, decide.first, how)
        elif discard.count():
            press(page, discard.first, how)
        elif page.locator("[data-hand] [data-action='pass']").count():
            cards = page.locator("[data-hand] [data-card]")
            laid = False
            for i in range(min(cards.count(), 4)):
                card = page.locator("[data-hand] [data-card]").nth(i)
                press(page, card, how)
                expect(card).to_have_attribute("aria-pressed", "true")
                # issue 29: the recipe card itself is the button, named "Lay <card> on recipe <n>"
                target = page.locator("[data-board] .pb-slot-card[data-action^='lay:']")
                if target.count():
                    check_phone_layout(page)
                    expect(page.locator("[data-board] .pb-target:not(.pb-slot-card)")).to_have_count(0)
                    slot = target.first.get_attribute("data-action").split(":")[2]
                    expect(page.get_by_role("button", name=re.compile(rf"^Lay .+ on recipe {slot}\b"))).to_have_count(1)
                    press(page, target.first, how)
                    laid = True
                    lays += 1
                    break
                press(page, page.locator("[data-hand] [data-card]").nth(i), how)  # unselect
            if not laid:
                press(page, page.locator("[data-hand] [data-action='pass']"), how)
        else:
            page.wait_for_timeout(50)
            continue
        wait_idle(page)
        assert newest_line(page) > log_before, how  # the move was made
        done[how] += 1
    assert min(done.values()) >= 4 and lays >= 1, (done, lays)
    sb.check_page(page)
