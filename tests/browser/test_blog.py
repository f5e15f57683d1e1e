"""Spieltisch in a blog post (docs/blogging.md), under a strict CSP:

* five click-to-play figures: little to transfer, no Python before a click;
  a click plays from exactly that position in an iframe;
* a replay steps through its frames and log lines; autoplay, but not under
  reduced motion;
* a puzzle: a wrong answer and an illegal move each get their message.

The pages are tests/pages/blog_*.html (made by tests/pages/make_blog_pages.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.play import READY

BOOT_MS = sb.READY_TIMEOUT_MS
# A blog's strict policy (docs/blogging.md): its own scripts only, the
# diagrams as data: images, the frame from the site (the same server here,
# which also sends the site's own needs for the embed).
BLOG_CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; img-src 'self' data:; "
            "frame-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'")
PYTHON_MARKERS = ("pyodide", "pyscript", "app.zip", ".whl", "python_stdlib", "core.js")


@pytest.fixture(scope="module")
def blog(site_with_csp):
    return site_with_csp(BLOG_CSP)


def open_blog(browser, url, **kw):
    page = sb.open_page(browser, viewport={"width": 800, "height": 900}, **kw)
    page.requests_seen = []
    page.on("request", lambda req: page.requests_seen.append(req.url))
    page.goto(url)
    page.wait_for_load_state("load")
    return page


def test_five_figures_load_little_and_no_python_before_a_click(browser, blog):
    page = open_blog(browser, f"{blog}tests/pages/blog_diagrams.html")
    expect(page.locator(".spieltisch-play-btn")).to_have_count(5)
    page.wait_for_timeout(1500)  # anything lazy would have started by now
    urls = list(page.requests_seen)
    assert not [u for u in urls if any(k in u.lower() for k in PYTHON_MARKERS)], urls
    own = [u for u in urls if not u.startswith("data:")]
    assert sorted(u.split("/")[-1] for u in own) == ["blog_diagrams.html", "spieltisch-embed.js"], own
    sizes = page.evaluate("""() => performance.getEntriesByType('navigation').concat(
        performance.getEntriesByType('resource')).map(e => e.transferSize || e.encodedBodySize)""")
    assert sum(sizes) <= 250_000, sizes
    assert page.evaluate("() => typeof window.pyodide === 'undefined' && typeof window.loadPyodide === 'undefined'")
    expect(page.locator("iframe")).to_have_count(0)
    # every picture is a diagram, and without the script it would be a link to its position
    for fig in page.locator("figure[data-spieltisch-play]").all():
        assert fig.locator("img").get_attribute("src").startswith("data:image/svg+xml;base64,")
        assert "#/position/2." in fig.locator("a").get_attribute("href")
        assert fig.locator("img").evaluate("i => i.complete && i.naturalWidth > 0")
    sb.check_page(page, console_errors=True)
    page.context.close()


def test_without_javascript_a_figure_is_a_link(browser, blog):
    page = sb.open_page(browser, java_script_enabled=False)
    page.goto(f"{blog}tests/pages/blog_diagrams.html")
    expect(page.locator(".spieltisch-play-btn")).to_have_count(0)
    links = page.locator("figure[data-spieltisch-play] > a")
    expect(links).to_have_count(5)
    assert links.first.get_attribute("href").startswith("/#/position/2.")
    page.context.close()


def test_a_click_plays_from_that_position(browser, blog):
    page = open_blog(browser, f"{blog}tests/pages/blog_diagrams.html")
    figure = page.locator("figure[data-spieltisch-play]").nth(1)  # Saboteur, Bob's view
    src = figure.get_attribute("data-spieltisch-play")
    figure.locator(".spieltisch-play-btn").click()
    expect(page.locator("iframe")).to_have_count(1)  # only this one
    # the script frames the URL it checked: the figure's, resolved against its own site (issue 27)
    assert page.locator("iframe").get_attribute("src") == urljoin(blog, src)
    frame = page.frame_locator("iframe")
    expect(frame.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(frame.locator("#app[data-screen='play']")).to_be_attached(timeout=BOOT_MS)
    expect(frame.locator("#status")).to_contain_text("Bob", timeout=BOOT_MS)
    expect(frame.locator("[data-board]")).to_be_visible()
    expect(page.locator(".spieltisch-play-btn")).to_have_count(4)
    # exactly that position: the embed's "Open on Spieltisch" link is the live game's position,
    # which replays to the figure's state (same moves, same state hash), Bob's seat
    from spieltisch import diagram
    from spieltisch.games import GAMES
    from spieltisch.ui import position

    expect(frame.locator("#open-site")).to_have_attribute("href", re.compile(r"#/position/2\."))
    shared, _ = position.decode(diagram.link_code(src), GAMES)
    live, me = position.decode(diagram.link_code(frame.locator("#open-site").get_attribute("href")), GAMES)
    assert me == 1 and len(live.log) == len(shared.log)
    assert live.game.state_hash(live.state) == shared.game.state_hash(shared.state)
    sb.check_page(page)
    page.context.close()


def test_a_replay_steps_through_its_moves(browser, blog):
    page = open_blog(browser, f"{blog}tests/pages/blog_replay.html")
    replay = page.locator("figure[data-spieltisch-replay]").first
    img = replay.locator("img")
    line = replay.locator(".spieltisch-line")
    expect(replay).to_have_attribute("data-step", "8")
    expect(line).to_contain_text("Step 8 of 8")
    last_src = img.get_attribute("src")
    replay.locator(".spieltisch-first").click()
    expect(replay).to_have_attribute("data-step", "0")
    expect(line).to_contain_text("Step 0 of 8: The position before these moves.")
    first_src = img.get_attribute("src")
    assert first_src != last_src
    expect(replay.locator(".spieltisch-back")).to_be_disabled()
    replay.locator(".spieltisch-forward").click()
    expect(replay).to_have_attribute("data-step", "1")
    steps = replay.locator("li[data-frame]")
    expect(line).to_contain_text(steps.nth(1).text_content())
    assert img.get_attribute("src") == steps.nth(1).get_attribute("data-frame")
    replay.locator(".spieltisch-last").click()
    expect(replay).to_have_attribute("data-step", "8")
    expect(replay.locator(".spieltisch-forward")).to_be_disabled()
    # the list is the no-script fallback: hidden once the controls are there
    expect(replay.locator("ol")).to_be_hidden()
    # play from the start, step by step, then pause
    replay.locator(".spieltisch-toggle").click()
    expect(replay).to_have_attribute("data-running", "")
    expect(replay).not_to_have_attribute("data-step", "0", timeout=5000)
    replay.locator(".spieltisch-toggle").click()
    expect(replay).not_to_have_attribute("data-running", "")
    # the autoplay one runs by itself
    auto = page.locator("figure[data-spieltisch-replay]").nth(1)
    expect(auto).to_have_attribute("data-step", "3", timeout=15_000)
    sb.check_page(page, console_errors=True)
    page.context.close()


def test_no_autoplay_under_reduced_motion(browser, blog):
    page = open_blog(browser, f"{blog}tests/pages/blog_replay.html", reduced_motion="reduce")
    auto = page.locator("figure[data-spieltisch-replay]").nth(1)
    expect(auto).to_have_attribute("data-step", "3")
    page.wait_for_timeout(2500)
    expect(auto).to_have_attribute("data-step", "3")
    expect(auto).not_to_have_attribute("data-running", "")
    page.context.close()


def _puzzle_moves():
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_blog_pages", sb.REPO / "tests" / "pages" / "make_blog_pages.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    _, safe, wrong = mod.puzzle_position()
    return safe, wrong


def _play_card(frame, text):
    """play:<card>:<row> by clicks: the hand card, then the row."""
    card = text.split(":")[1]
    target = frame.locator(f"[data-board] [data-action='{text}']")
    pressed = frame.locator(f"[data-hand] [data-card='{card}'][aria-pressed='true']")
    if not pressed.count():  # after a wrong answer the card stays chosen
        frame.locator(f"[data-hand] [data-ui='select:{card}']").first.click()
    expect(frame.locator(f"[data-hand] [data-card='{card}'][aria-pressed='true']")).to_have_count(1)
    expect(target).to_have_count(1)
    target.click()


def test_a_puzzle_tells_wrong_answers_and_illegal_moves(browser, blog):
    safe, wrong = _puzzle_moves()
    page = open_blog(browser, f"{blog}tests/pages/blog_diagrams.html")
    figure = page.locator("figure[data-spieltisch-play]").nth(3)
    assert "/puzzle/" in figure.get_attribute("data-spieltisch-play")
    figure.locator(".spieltisch-play-btn").click()
    frame = page.frame_locator("iframe")
    expect(frame.locator(READY)).to_be_attached(timeout=BOOT_MS)
    status = frame.locator("#status")
    expect(status).to_contain_text("Puzzle: Which card can Ann play without an explosion?", timeout=BOOT_MS)
    # an illegal move: the rule that refuses it
    frame.locator("[data-hand] [data-illegal='pass']").click()
    expect(status.locator(".msg-illegal")).to_be_visible()
    expect(status.locator(".msg-illegal")).to_contain_text("You cannot pass")
    expect(status.locator(".rule-ref")).to_be_visible()
    expect(status.locator("[data-ui='rules:hexen.turn']")).to_have_count(1)
    # a legal move that explodes: wrong, and the position stays
    _play_card(frame, wrong[0])
    expect(status.locator(".msg-wrong")).to_be_visible()
    expect(status.locator(".msg-wrong")).to_contain_text("Not this one")
    expect(frame.locator("[data-board] .row--boom")).to_have_count(0)
    # an answer: right
    _play_card(frame, safe[0])
    expect(status.locator(".msg-right")).to_be_visible()
    expect(status.locator(".msg-right")).to_contain_text("Right!")
    sb.check_page(page)
    page.context.close()


def test_the_share_panel_downloads_the_diagram(browser, site_url):
    from support.play import start_game

    page = sb.boot_page(browser, site_url)
    start_game(page, [("Ann", "human", None), ("Bot", "bot", "easy")])
    page.locator("[data-ui='share']").click()
    code = page.locator("[data-share-diagram]").input_value()
    assert code.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    with page.expect_download() as info:
        page.locator("[data-share-download]").click()
    download = info.value
    assert download.suggested_filename.startswith("hexen_cocktail-move") and download.suggested_filename.endswith(".svg")
    assert Path(download.path()).read_text(encoding="utf-8") == code
    assert "data-spieltisch-play" in page.locator("[data-share-play]").input_value()
    # the same bytes as the command line (CPython) draws from the panel's link (Pyodide drew this one)
    from spieltisch import diagram

    lang = page.locator("html").get_attribute("lang") or "en"
    link = page.locator("[data-share-url]").input_value()
    assert diagram.from_text(link, lang=lang) == code
    page.locator("[data-puzzle-box] summary").click()
    page.locator("[data-answer]").first.click()
    expect(page.locator("[data-puzzle-url]")).to_contain_text("/puzzle/")
    # the replay of this game: its link and the embed code (the diagram, the replay after a click)
    replay_link = page.locator("[data-share-replay-url]").input_value()
    assert replay_link == link.replace("#/position/", "#/replay/")
    assert f'data-spieltisch-play="{link.split("#")[0]}embed.html#/replay/' in page.locator(
        "[data-share-replay-embed]").input_value()
    page.evaluate("h => { location.hash = h; }", "#" + replay_link.split("#", 1)[1])
    expect(page.locator("[data-replay]")).to_be_visible()
    moves = diagram.moves_made(diagram.read(link)[0].log)
    expect(page.locator("[data-replay]")).to_have_attribute("data-steps", str(moves))
    sb.close_page(page)
