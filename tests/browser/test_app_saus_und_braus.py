"""Saus und Braus in headless Chromium: a whole game by clicks against two
bots (spin, flight choices, books, the flying token, closing the books, and
'Seen it!' when a bot's books lie open) to the game-over screen; and a hot-
seat game where a book is opened and closed again and its picture is gone
from the DOM (saus.memory). At no click does a closed book hold a picture.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support import play

CLOSED_PICTURES = "[data-book]:not([data-open]) .sb-token"


@pytest.fixture(scope="module")
def page(browser, site_url):
    """One page for the module (Pyodide boots once)."""
    p = sb.boot_page(browser, site_url, locale="en-US", reduced_motion="reduce")
    yield p
    sb.close_page(p)


def wait_idle(page):
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)


def start(page, seats, seed):
    page.goto(page.url.split("#")[0] + "#/")
    play.start_game(page, seats, seed, game_id="saus_und_braus")


def click_once(page, rnd: random.Random) -> str:
    """One click of the player on screen: the overlay's button if it is up,
    else a random target on the board or the big buttons (a first book in
    hand for salamander and snake)."""
    wait_idle(page)
    if page.locator("[data-gameover]").count():
        return "over"  # the bots ended the game while we waited: never "Play again"
    overlay = page.locator("[data-region='overlay'] button")
    if overlay.count():
        label = overlay.first.get_attribute("data-action") or overlay.first.get_attribute("data-ui")
        overlay.first.click()
        return label
    targets = page.locator("[data-board] [data-action], [data-hand] [data-action]")
    n = targets.count()
    if n == 0:
        first = page.locator("[data-board] [data-ui^='select:']")
        if first.count() == 0:
            return ""
        pick = first.nth(rnd.randrange(first.count()))
        pick.click()
        expect(page.locator("[data-board] .sb-book.is-selected")).to_have_count(1)
        targets = page.locator("[data-board] [data-action]")
        n = targets.count()
        assert n, "no second book to open"
    el = targets.nth(rnd.randrange(n))
    box = el.bounding_box()  # big touch targets: at least 44 px
    assert box["width"] >= 44 and box["height"] >= 44, (el.get_attribute("data-action"), box)
    text = el.get_attribute("data-action")
    el.click()
    return text


def test_whole_game_by_clicks_against_bots(page):
    """saus.turn .. saus.win: a human against an easy and a normal bot, to the end."""
    start(page, [("Mia", "human", None), ("Bot A", "bot", "easy"), ("Bot B", "bot", "normal")], "77")
    rnd = random.Random(7)
    done = set()
    for _ in range(900):
        if page.locator("[data-gameover]").count():
            break
        expect(page.locator(CLOSED_PICTURES)).to_have_count(0)
        what = click_once(page, rnd)
        done.add(what.split(":")[0] if what else what)
    expect(page.locator("#app[data-screen='over']")).to_be_attached()
    assert {"spin", "close", "ack"} <= done, done
    assert "open" in done and ("fly" in done or "move" in done), done
    assert page.locator("[data-gameover] .sb-cauldron").count() >= 1


def test_a_book_opens_and_closes_and_its_picture_is_gone(page):
    """saus.memory: the opened book shows its picture; after closing, the DOM has none."""
    start(page, [("Ann", "human", None), ("Ben", "human", None)], "5")
    rnd = random.Random(5)
    for _ in range(60):
        wait_idle(page)
        if page.locator("[data-board][data-phase='guess']").count():
            break
        click_once(page, rnd)
    else:
        pytest.fail("never reached the books")
    expect(page.locator(".sb-book.is-open")).to_have_count(0)
    click_once(page, rnd)  # open one book (or two)
    wait_idle(page)
    opened = page.locator("[data-board] [data-book][data-open]")
    assert opened.count() >= 1
    slots = [opened.nth(i).get_attribute("data-book") for i in range(opened.count())]
    assert page.locator("[data-board] [data-book][data-open] .sb-token").count() == len(slots)
    for _ in range(3):  # the flying token if wrong, then close the books
        if page.locator("[data-board][data-phase='spin']").count():
            break
        click_once(page, rnd)
        wait_idle(page)
    expect(page.locator("[data-board][data-phase='spin']")).to_have_count(1)
    expect(page.locator(".sb-book.is-open")).to_have_count(0)
    expect(page.locator(CLOSED_PICTURES)).to_have_count(0)
    html = page.locator("#app").inner_html()
    for slot in slots:
        book = page.locator(f"[data-board] [data-book='{slot}']")
        expect(book).to_have_count(1)
        assert "sb-token" not in book.inner_html()
    assert "is-open" not in html


def _canonical(markup: str) -> list:
    """Elements with their attributes as sets, and the text: the DOM a
    markup makes, whatever order patched attributes were set in."""
    from html.parser import HTMLParser

    out: list = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            out.append((tag, sorted(attrs)))

        def handle_endtag(self, tag):
            out.append(("/", tag))

        def handle_data(self, data):
            if data.strip():
                out.append(("text", data.strip()))

        def handle_comment(self, data):
            out.append(("comment", data))  # a part's end mark (render/parts.py)

    P(convert_charrefs=True).feed(markup)
    return out


def test_a_board_patched_part_by_part_matches_a_fresh_render(page):
    """render/parts.py: after many moves whose parts were replaced, or only
    had their attributes set, the board is what a fresh render draws."""
    start(page, [("Ann", "human", None), ("Bot", "bot", "easy")], "23")
    rnd = random.Random(23)
    kinds = set()
    for _ in range(40):
        what = click_once(page, rnd)
        kinds.add(what.split(":")[0] if what else what)
        if what == "over":
            break
    wait_idle(page)
    assert {"spin", "open"} <= kinds, kinds
    board = page.locator("[data-region='board']").inner_html()
    assert page.locator("[data-board] [data-part]").count() > 30
    page.reload()
    expect(page.locator("html[data-ready='1']")).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    assert _canonical(page.locator("[data-region='board']").inner_html()) == _canonical(board)
