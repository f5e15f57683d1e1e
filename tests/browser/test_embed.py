"""Embedding and position links (docs/embedding.md).

(c) a blog page on another local port embeds one game in an iframe; a move
    is played inside the frame and the blog receives the height messages.
(d) a position link made on the play screen opens that exact position as a
    new local game in a fresh browser; a malformed link gives a message and
    the page keeps working.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.play import READY, human_move, start_game, wait_idle

BOOT_MS = sb.READY_TIMEOUT_MS


@pytest.fixture(scope="module")
def blog_url():
    """The repository on a second port: another origin, like a blog."""
    server, url = sb.start_site_at(sb.REPO)
    yield url
    sb.stop_site(server)


def play_in_blog(browser, blog, site, path="embed.html?botdelay=0#/new/hexen_cocktail"):
    page = sb.open_page(browser, viewport={"width": 1000, "height": 800})
    page.goto(f"{blog}tests/pages/blog.html?site={site}&path={path.replace('#', '%23').replace('&', '%26')}")
    frame = page.frame_locator("#game")
    expect(frame.locator(READY)).to_be_attached(timeout=BOOT_MS)
    return page, frame


def test_blog_embeds_a_game_and_gets_its_height(browser, site_url, blog_url):
    assert site_url != blog_url
    page, frame = play_in_blog(browser, blog_url, site_url)
    heights = page.locator("#heights")
    expect(heights).not_to_have_attribute("data-count", "0", timeout=30_000)
    expect(frame.locator(".site-head")).to_have_count(0)  # the game alone
    expect(frame.locator("#app[data-screen='new']")).to_be_attached()
    expect(frame.locator("[data-embed-snippet]")).to_have_count(0)
    before = int(heights.get_attribute("data-count"))
    start_game(frame, [("Reader", "human", None), ("Bot", "bot", "easy")])
    clicked = human_move(frame)
    if clicked.startswith("select:"):
        human_move(frame)
    wait_idle(frame)
    expect(frame.locator("#app[data-screen='play']")).to_be_attached()
    # a height message arrived after the screen changed, and the blog used it
    expect(heights).not_to_have_attribute("data-count", str(before), timeout=30_000)
    last = int(heights.get_attribute("data-last"))
    body = frame.locator("body").evaluate("b => Math.ceil(b.getBoundingClientRect().height)")
    assert abs(last - body) <= 2, (last, body)
    frame_height = page.locator("#game").evaluate("f => f.clientHeight")
    assert abs(frame_height - min(max(last, 120), 4000)) <= 2
    # "Open on Spieltisch" leads to this very position on the full site
    href = frame.locator("#open-site").get_attribute("href")
    assert href.startswith(site_url + "#/position/2."), href
    sb.check_page(page)
    page.context.close()


def test_position_link_round_trip(browser, site_url):
    page = sb.open_page(browser, viewport={"width": 1200, "height": 900})
    page.goto(site_url + "index.html?botdelay=0")
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    start_game(page, [("Ann", "human", None), ("Bot", "bot", "normal")], seed="99")
    for _ in range(5):
        human_move(page)
    wait_idle(page)
    board = page.locator("[data-board]").inner_text()
    hand = page.locator("[data-hand]").inner_text()
    page.locator("[data-ui='share']").click()
    panel = page.locator("[data-share]")
    expect(panel).to_be_visible()
    expect(panel.locator("[data-share-hidden]")).to_be_visible()  # Hexen hides hands: say so
    link = panel.locator("[data-share-url]").input_value()
    assert link.startswith(site_url + "#/position/2.")
    assert "embed.html#/position/2." in panel.locator("[data-share-embed]").input_value()

    reader = sb.open_page(browser, viewport={"width": 1200, "height": 900})  # a fresh browser
    reader.goto(link.replace(site_url, site_url + "index.html?botdelay=0"))
    expect(reader.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(reader.locator("#app[data-screen='play']")).to_be_attached()
    assert "#/play/" in reader.url
    assert reader.locator("[data-board]").inner_text() == board
    assert reader.locator("[data-hand]").inner_text() == hand
    expect(reader.locator("#status")).to_contain_text("Ann")
    human_move(reader)  # and it plays on
    wait_idle(reader)
    saves = reader.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('spieltisch.save.'))")
    assert len(saves) == 1
    sb.check_page(reader)
    sb.check_page(page)
    reader.context.close()
    page.context.close()


def test_malformed_position_link_gives_a_message(new_page, site_url):
    page = new_page()
    page.goto(site_url + "index.html?botdelay=0#/position/1.bm90IGEgZ2FtZQ")
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(page.locator("#app[data-screen='position']")).to_contain_text("cannot be opened")
    page.locator("#app [data-ui='hub']").click()
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    expect(page.locator("[data-game-card='hexen_cocktail']")).to_be_visible()
    sb.check_page(page)
