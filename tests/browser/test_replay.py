"""Replays in the site (``#/replay/<code>``, ui/replay.py; docs/blogging.md),
reached the way a blog reader reaches one: the example blog page under a
strict CSP, "Watch the replay" clicked, the embed page in the iframe.
Pyodide boots once for the module (in that frame); other replays are opened
by changing the frame's hash.

* the replay steps first/back/forward/last by buttons and by arrow keys,
  and each step shows its log line and the diagram the command line draws;
* autoplay runs to the last step and stops there; under reduced motion it
  does not start by itself (Play still works);
* a Saboteur replay from Bob's view never puts another seat's hand or role
  into the DOM, at any step;
* a malformed replay link gets a clear message, and the page keeps working.
"""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.play import READY

from spieltisch.core.match import Match, Seat
from spieltisch.diagram import embed
from spieltisch.games import GAMES
from spieltisch.ui import position, replay

BOOT_MS = sb.READY_TIMEOUT_MS
# the blog's strict policy of test_blog.py (docs/blogging.md); no inline style anywhere
BLOG_CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; img-src 'self' data:; "
            "frame-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'")
SVG_NS = "{http://www.w3.org/2000/svg}"
WALK_JS = """root => {
  const walk = e => [e.localName,
    Object.fromEntries([...e.attributes].filter(a => a.name !== 'xmlns').map(a => [a.name, a.value])),
    [...e.childNodes].map(c => c.nodeType === 3 ? c.data : walk(c)).filter(c => c !== '')];
  return walk(root.querySelector('svg'));
}"""


def _pages():
    spec = importlib.util.spec_from_file_location("make_blog_pages", sb.REPO / "tests" / "pages" / "make_blog_pages.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _tree(svg: str):
    """The SVG as (tag, attributes, children) -- what the DOM walk returns."""
    def walk(el):
        kids = [el.text] if el.text else []
        for child in el:
            kids.append(walk(child))
            if child.tail:
                kids.append(child.tail)
        return [el.tag.replace(SVG_NS, ""), dict(el.attrib), kids]
    return walk(ET.fromstring(svg))


def _expected(match: Match, seat: int, lang: str = "en"):
    """[(frame tree without its <style>, log line)] per step, from CPython."""
    out = []
    for state, moves, line in embed.replay_steps(match, seat, lang=lang, steps=None):
        svg, _css = replay.split_style(embed.replay_frame(match, seat, state, moves, lang=lang))
        out.append((_tree(svg), line, state))
    return out


def _short_hexen() -> Match:
    m = Match(GAMES["hexen_cocktail"], [Seat("Ann"), Seat("Bob")], seed=77)
    for _ in range(3):
        m.play(m.legal_texts(m.to_act)[0], m.to_act)
    return m


@pytest.fixture(scope="module")
def blog(site_with_csp):
    return site_with_csp(BLOG_CSP)


@pytest.fixture(scope="module")
def watched(browser, blog):
    """The blog page with the Saboteur replay figure clicked: (page, frame)."""
    page = open_blog(browser, f"{blog}tests/pages/blog_replay.html")
    figure = page.locator("figure[data-spieltisch-play]")
    expect(figure).to_have_count(1)
    assert "embed.html#/replay/2." in figure.get_attribute("data-spieltisch-play")
    assert "#/replay/2." in figure.locator("a").get_attribute("href")  # without JS: a link to the replay
    expect(figure.locator(".spieltisch-play-btn")).to_have_text("Watch the replay")
    page.wait_for_timeout(1000)
    # before the click: the page and the one shared script, no Python
    own = sorted(u.split("/")[-1] for u in page.requests_seen if not u.startswith("data:"))
    assert own == ["blog_replay.html", "spieltisch-embed.js"], own
    figure.locator(".spieltisch-play-btn").click()
    expect(page.locator("iframe")).to_have_count(1)
    frame = page.frame_locator("iframe")
    expect(frame.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(frame.locator("[data-replay]")).to_be_visible(timeout=BOOT_MS)
    yield page, frame
    sb.check_page(page, console_errors=True)  # no CSP report: the diagram's styles came through the CSSOM
    page.context.close()


def open_blog(browser, url):
    page = sb.open_page(browser, viewport={"width": 800, "height": 900})
    page.requests_seen = []
    page.on("request", lambda req: page.requests_seen.append(req.url))
    page.goto(url)
    page.wait_for_load_state("load")
    return page


def _frame_window(page):
    (child,) = [f for f in page.frames if f is not page.main_frame]
    return child


def _open(page, frame, hash_: str):
    _frame_window(page).evaluate("h => { location.hash = h; }", hash_)
    expect(frame.locator("#app")).to_have_attribute("data-screen", "replay")


def _check_step(frame, expected, k: int):
    section = frame.locator("[data-replay]")
    expect(section).to_have_attribute("data-step", str(k))
    tree, line, _state = expected[k]
    expect(frame.locator("[data-replay-line]")).to_have_text(f"Step {k} of {len(expected) - 1}: {line}")
    assert frame.locator("[data-replay-frame]").evaluate(WALK_JS) == tree, f"step {k}: not the command line's diagram"


def test_the_replay_embed_steps_by_buttons_and_arrow_keys(watched):
    page, frame = watched
    m = _pages().saboteur_replay_match()
    expected = _expected(m, 1)
    last = len(expected) - 1
    assert last == sum(1 for p, _ in m.log if p >= 0) == 13  # one step per seat move
    section = frame.locator("[data-replay]")
    expect(section).to_have_attribute("data-steps", str(last))
    expect(frame.locator("#replay-h")).to_have_text("Replay: Saboteur")
    _check_step(frame, expected, 0)
    assert expected[0][1] == "The start of the game."
    # the diagram's own styles reached it (a constructed stylesheet: no inline <style> under the CSP)
    assert frame.locator("[data-replay-frame] .dg-bg").evaluate("e => getComputedStyle(e).fill") == "rgb(251, 248, 241)"
    first, back = frame.locator(".replay-first"), frame.locator(".replay-back")
    forward, to_last = frame.locator(".replay-forward"), frame.locator(".replay-last")
    expect(back).to_have_attribute("aria-disabled", "true")
    forward.click()
    _check_step(frame, expected, 1)
    forward.click()
    _check_step(frame, expected, 2)
    back.click()
    _check_step(frame, expected, 1)
    to_last.click()
    _check_step(frame, expected, last)
    expect(forward).to_have_attribute("aria-disabled", "true")
    forward.click(force=True)  # at the end (aria-disabled, still focusable): stays
    _check_step(frame, expected, last)
    first.click()
    _check_step(frame, expected, 0)
    # the keyboard: the focus stays on the button; arrows, Home and End step
    forward.focus()
    page.keyboard.press("Enter")
    _check_step(frame, expected, 1)
    page.keyboard.press("ArrowRight")
    _check_step(frame, expected, 2)
    page.keyboard.press("ArrowLeft")
    _check_step(frame, expected, 1)
    page.keyboard.press("End")
    _check_step(frame, expected, last)
    page.keyboard.press("Home")
    _check_step(frame, expected, 0)
    assert frame.locator(".replay-forward").evaluate("b => b === document.activeElement")


def test_a_saboteur_replay_shows_no_other_seats_hand_or_role_at_any_step(watched):
    """Bob's view: at every step his own hand and role, the command line's
    diagram of his view, and nothing of the others' hands or roles."""
    page, frame = watched
    m = _pages().saboteur_replay_match()
    expected = _expected(m, 1)
    _open(page, frame, "#/replay/" + position.encode(m, 1))
    frame.locator(".replay-first").click(force=True)  # (already at step 0 when the hash was the same)
    frame.locator(".replay-forward").focus()
    game = m.game
    for k, (_tree_k, _line, state) in enumerate(expected):
        if k:
            page.keyboard.press("ArrowRight")
        _check_step(frame, expected, k)
        view = game.view(state, 1)
        dom = frame.locator("body").evaluate("""b => ({
            cards: [...b.querySelectorAll('[data-card]')].map(e => e.getAttribute('data-card')),
            roles: [...b.querySelectorAll('[data-role]')].map(e => e.getAttribute('data-role'))})""")
        assert sorted(dom["cards"]) == sorted(view["hand"]) == sorted(state.hands[1]), f"step {k}"
        assert dom["roles"] == [state.roles[1]], f"step {k}: only Bob's own role"
        assert [r for i, r in enumerate(view["roles"]) if i != 1] == [None, None, None]  # none public yet


def test_autoplay_runs_to_the_last_step_and_stops(watched):
    page, frame = watched
    m = _short_hexen()
    expected = _expected(m, 0)
    last = len(expected) - 1
    _open(page, frame, "#/replay/" + position.encode(m, 0) + "/auto")
    section = frame.locator("[data-replay]")
    expect(section).to_have_attribute("data-steps", str(last))
    expect(frame.locator(".replay-toggle")).to_have_text("Pause")
    expect(section).to_have_attribute("data-step", str(last), timeout=(last + 3) * replay.INTERVAL_MS)
    expect(section).not_to_have_attribute("data-running", "")
    expect(frame.locator(".replay-toggle")).to_have_text("Play")
    _check_step(frame, expected, last)
    page.wait_for_timeout(2 * replay.INTERVAL_MS)
    expect(section).to_have_attribute("data-step", str(last))  # stopped: no step past the end, no restart
    # Play at the end starts again from the first step; Pause stops it
    frame.locator(".replay-toggle").click()
    expect(section).to_have_attribute("data-running", "")
    frame.locator(".replay-toggle").click()
    expect(section).not_to_have_attribute("data-running", "")
    step = section.get_attribute("data-step")
    page.wait_for_timeout(2 * replay.INTERVAL_MS)
    expect(section).to_have_attribute("data-step", step)


def test_under_reduced_motion_autoplay_does_not_start_by_itself(watched):
    page, frame = watched
    m = _short_hexen()
    page.emulate_media(reduced_motion="reduce")
    try:
        _open(page, frame, "#/replay/" + position.encode(m, 1) + "/auto")  # Bob's view: another hash
        section = frame.locator("[data-replay]")
        expect(section).to_have_attribute("data-step", "0")
        page.wait_for_timeout(2 * replay.INTERVAL_MS)
        expect(section).to_have_attribute("data-step", "0")
        expect(section).not_to_have_attribute("data-running", "")
        frame.locator(".replay-toggle").click()  # the reader may still play it
        expect(section).to_have_attribute("data-running", "")
        expect(section).to_have_attribute("data-step", "1", timeout=3 * replay.INTERVAL_MS)
        frame.locator(".replay-toggle").click()
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_a_malformed_replay_link_gets_a_message_and_the_page_keeps_working(watched):
    page, frame = watched
    m = _short_hexen()
    code = position.encode(m, 0)
    for bad in ("#/replay/2.eNqrVkrLz1eyUsrJT0nNzFOqBQA", "#/replay/" + code[:-9], "#/replay/" + code + "/fast"):
        _frame_window(page).evaluate("h => { location.hash = h; }", bad)
        message = frame.locator("[data-replay-error]")
        expect(message).to_contain_text("This replay link cannot be opened:")
        expect(frame.locator("[data-replay]")).to_have_count(0)
    # the page still works: the hub link, then a good replay
    frame.locator("[data-replay-error] [data-ui='hub']").click()
    expect(frame.locator("#app")).not_to_have_attribute("data-screen", "replay")
    _open(page, frame, "#/replay/" + code)
    expect(frame.locator("[data-replay]")).to_have_attribute("data-steps", "3")
    frame.locator(".replay-last").click()
    expect(frame.locator("[data-replay]")).to_have_attribute("data-step", "3")
