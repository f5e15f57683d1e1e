"""The play layout fits the screen (issue 29, docs/ui.md "The play layout").

For every registered game, at the default table and the largest one, mid-game
(a position link, so no game is played through the UI), at each common screen
size: the board and the hand (or a game's actions) are wholly inside the
viewport at scroll 0 and do not overlap, no other element lies over a move or a
hand's button that is in view (a click on it would miss: Brauzeit's "Take
nothing" lay under what this roll brought at 1200 px in German), and the page
scrolls neither down nor sideways. The game over's heading and buttons are in view. One page per size
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
  // every move and button of the hand, and every move on the board, whose centre is in view (not
  // scrolled out of a scroller): a click there reaches it, no other element lies over it
  const covered = [];
  for (const el of document.querySelectorAll('[data-region=hand] :is(button, [data-action]), [data-region=board] [data-action]')) {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    if (!r.width || !r.height || s.visibility === 'hidden' || s.pointerEvents === 'none') continue;
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    // its centre, and a point inside each edge (a rounded button's corners are not its own)
    const points = [[x, y], [r.left + 6, y], [r.right - 6, y], [x, r.top + 4], [x, r.bottom - 4]];
    const clips = [{left: 0, top: 0, right: innerWidth, bottom: innerHeight}];  // the scrollers it is in
    for (let a = el.parentElement; a; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect(), left = b.left + a.clientLeft, top = b.top + a.clientTop;
      clips.push({left, top, right: left + a.clientWidth, bottom: top + a.clientHeight});  // its scrollport
    }
    const seen = ([px, py]) => clips.every(b => px >= b.left + 1 && px < b.right - 1 && py >= b.top + 1 && py < b.bottom - 1);
    if (!seen([x, y])) continue;  // scrolled out of view
    for (const [px, py] of points) {
      if (!seen([px, py])) continue;
      const hit = document.elementFromPoint(px, py);
      if (hit && (hit === el || el.contains(hit))) continue;
      covered.push(`${el.getAttribute('data-action') || el.getAttribute('data-ui') || el.textContent.trim().slice(0, 30)}`
                   + ` under ${hit ? hit.tagName.toLowerCase() + '.' + String(hit.className.baseVal ?? hit.className).split(' ')[0] : 'nothing'}`);
      break;
    }
  }
  return {sh: d.scrollHeight, sw: d.scrollWidth, w: innerWidth, h: innerHeight, x: scrollX, y: scrollY, covered,
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
    # a die rolling or a card settling is drawn bigger for a moment: measure the screen at rest
    page.evaluate("""() => Promise.race([
      Promise.all(document.getAnimations()
        .filter(a => a.effect && isFinite(a.effect.getComputedTiming().endTime)).map(a => a.finished)),
      new Promise(r => setTimeout(r, 5000))])""")
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
                if m["covered"]:
                    problems.append(f"{where}: covered, a click would miss them: {m['covered'][:4]}")
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


def test_no_move_is_covered_later_in_a_game_in_german(browser, site_url):
    """Longer words and a fuller table: at 1280x800 in German, every game at
    its largest table, positions further into a game (what this roll
    brought grows in Brauzeit and lay over "Nichts nehmen" once); no move or
    hand button in view lies under another element."""
    assert registry.GAME_IDS, "no game in the registry"
    page = sb.boot_page(browser, site_url, viewport={"width": 1280, "height": 800})
    problems: list[str] = []
    checked = 0
    try:
        page.locator("[data-ui='lang:de']").first.click()
        expect(page.locator("html")).to_have_attribute("lang", "de")
        for game_id in registry.GAME_IDS:
            seats = GAMES[game_id].info.max_players
            for moves in (8, 16, 24, 32):
                m = go(page, "#/position/" + a11y.mid_game_link(game_id, moves=moves, seats=seats), "play")
                if m["covered"]:
                    problems.append(f"{game_id}, {seats} seats, after {moves} moves: covered, a click would miss "
                                    f"them: {m['covered'][:4]}")
                checked += 1
    finally:
        sb.close_page(page)
    assert checked == 4 * len(registry.GAME_IDS)
    assert not problems, "\n".join(problems)
