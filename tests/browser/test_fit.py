"""The play layout fits the screen (issue 29, docs/ui.md "The play layout").

For every registered game, at the default table and the largest one, mid-game
(a position link, so no game is played through the UI), at each common screen
size: the board and the hand (or a game's actions) are wholly inside the
viewport at scroll 0 and do not overlap, and the page scrolls neither down nor
sideways. The game over's heading and buttons are in view. One page per size
(one Pyodide boot each).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import a11y, registry
from support import browser as sb

from spieltisch.games import GAMES

SIZES = [(1280, 720), (1280, 800), (1440, 900), (768, 1024), (390, 844), (360, 640), (844, 390)]

MEASURE = """() => {
  const box = (sel) => {
    const e = document.querySelector(sel);
    if (!e || !e.innerHTML.trim()) return null;
    const b = e.getBoundingClientRect();
    return {top: b.top, bottom: b.bottom, left: b.left, right: b.right};
  };
  const d = document.documentElement;
  return {sh: d.scrollHeight, sw: d.scrollWidth, w: innerWidth, h: innerHeight, x: scrollX, y: scrollY,
          board: box('[data-region=board]'), hand: box('[data-region=hand]'),
          over: box('[data-gameover] h2'), again: box('[data-gameover] [data-ui=again]'),
          hub: box('[data-gameover] [data-ui=hub]')};
}"""


def tables(game_id: str) -> list[int]:
    """The default table (the suites' size) and the largest one."""
    return sorted({registry.seats(game_id), GAMES[game_id].info.max_players})


def go(page, route: str, screen: str) -> dict:
    page.evaluate("(h) => { location.hash = h; }", route)
    expect(page.locator(f"#app[data-screen='{screen}']")).to_be_attached()
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    return page.evaluate(MEASURE)


def inside(name: str, box: dict | None, m: dict, problems: list[str], where: str) -> None:
    if box is None:
        problems.append(f"{where}: no {name}")
        return
    if box["top"] < -0.5 or box["left"] < -0.5 or box["bottom"] > m["h"] + 0.5 or box["right"] > m["w"] + 0.5:
        problems.append(f"{where}: the {name} {[round(box[k]) for k in ('top', 'bottom', 'left', 'right')]} "
                        f"is not inside the {m['w']}x{m['h']} viewport")


def no_scroll(m: dict, problems: list[str], where: str) -> None:
    if m["sw"] > m["w"]:
        problems.append(f"{where}: the page scrolls sideways ({m['sw']} px wide)")
    if m["sh"] > m["h"]:
        problems.append(f"{where}: the page scrolls ({m['sh']} px tall)")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_play_and_game_over_fit(browser, site_url, size):
    assert registry.GAME_IDS, "no game in the registry"
    w, h = size
    page = sb.boot_page(browser, site_url, viewport={"width": w, "height": h})
    problems: list[str] = []
    checked = 0
    try:
        for game_id in registry.GAME_IDS:
            for seats in tables(game_id):
                where = f"{game_id}, {seats} seats, {w}x{h}"
                m = go(page, "#/position/" + a11y.mid_game_link(game_id, seats=seats), "play")
                no_scroll(m, problems, where)
                inside("board", m["board"], m, problems, where)
                if m["hand"] is not None:  # a game whose actions are on its board has an empty hand region
                    inside("hand", m["hand"], m, problems, where)
                    b, hd = m["board"], m["hand"]
                    if b and b["bottom"] > hd["top"] + 0.5 and b["top"] < hd["bottom"] - 0.5 \
                            and b["right"] > hd["left"] + 0.5 and b["left"] < hd["right"] - 0.5:
                        problems.append(f"{where}: the board and the hand overlap")
                checked += 1
            where = f"{game_id} game over, {w}x{h}"
            m = go(page, "#/position/" + a11y.game_over_link(game_id), "over")
            if m["sw"] > m["w"]:
                problems.append(f"{where}: the page scrolls sideways ({m['sw']} px wide)")
            for name in ("over", "again", "hub"):
                inside({"over": "heading", "again": "Play again button", "hub": "hub button"}[name],
                       m[name], m, problems, where)
    finally:
        sb.close_page(page)
    assert checked == sum(len(tables(g)) for g in registry.GAME_IDS)
    assert not problems, "\n".join(problems)


def test_live_region_is_emptied_on_the_next_screen(browser, site_url):
    """Issue 29: the hidden live region kept the last game's announcements on
    the next screen. After moves on the play screen it has lines; on the hub
    it has none."""
    page = sb.boot_page(browser, site_url, viewport={"width": 1280, "height": 800})
    try:
        game_id = registry.GAME_IDS[0]
        go(page, "#/position/" + a11y.mid_game_link(game_id), "play")
        for _ in range(6):  # select a card if needed, then play: the moves (and the bots' answers) are announced
            if page.locator("#live > *").count():
                break
            target = page.locator("[data-region=board] [data-action], [data-region=hand] [data-action], "
                                  "[data-region=hand] [data-ui^='select:']").first
            target.click()
            expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
            page.wait_for_timeout(200)
        assert page.locator("#live > *").count() > 0, "no announcement after moves"
        go(page, "#/", "hub")
        assert page.locator("#live > *").count() == 0, page.locator("#live").inner_text()
    finally:
        sb.close_page(page)
