"""A hand (or a row of choices) is one tab stop (issue 29, roving tabindex;
docs/ui.md "Keyboard"): for every registered game, mid-game on the player's
turn, each ``[data-rove]`` group has exactly one item in the tab order -- the
chosen card, else where the next step starts, else the first move --; the
arrow keys, Home and End move focus between its items and take the tab stop
with them; Tab leaves the group and Shift+Tab comes back to the item last
focused; and a move made by keys alone (Enter on the stop, then on where the
page puts focus) is played. One Pyodide boot for the module.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import a11y, registry
from support import browser as sb

GROUPS = """() => [...document.querySelectorAll('#app [data-rove]')].map((g, i) => {
  g.dataset.testGroup = i;
  const items = [...g.querySelectorAll('button:not([disabled]):not([data-illegal])')];
  return {i, n: items.length, stops: items.filter(e => e.tabIndex >= 0).length,
          stop: items.findIndex(e => e.tabIndex >= 0),
          pressed: items.findIndex(e => e.getAttribute('aria-pressed') === 'true'),
          next: items.findIndex(e => e.hasAttribute('data-next')),
          action: items.findIndex(e => e.hasAttribute('data-action'))};
}).filter(g => g.n > 0)"""

FOCUS = """(i) => {
  const a = document.activeElement, g = document.querySelector(`[data-test-group="${i}"]`);
  const items = g ? [...g.querySelectorAll('button:not([disabled]):not([data-illegal])')] : [];
  return {at: items.indexOf(a), body: !a || a === document.body,
          stops: items.filter(e => e.tabIndex >= 0).length, stop: items.findIndex(e => e.tabIndex >= 0)};
}"""

MOVES = "() => document.querySelectorAll('ol.log li').length + '|' + (document.querySelector('ol.log li')?.textContent || '')"


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = sb.boot_page(browser, site_url, viewport={"width": 1280, "height": 800})
    yield p
    sb.close_page(p)


def _open(page, game_id: str) -> None:
    page.evaluate("(h) => { location.hash = h; }", "#/position/" + a11y.mid_game_link(game_id))
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
    page.wait_for_timeout(150)  # the page's own focus move runs in a task of its own


def _idle(page) -> None:
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
    page.wait_for_timeout(150)


def test_every_game_has_a_hand_or_row_that_is_one_tab_stop(page):
    assert registry.GAME_IDS, "no game in the registry"
    multi = 0
    for game_id in registry.GAME_IDS:
        _open(page, game_id)
        groups = page.evaluate(GROUPS)
        assert groups, registry.problem(game_id, "no [data-rove] group with an item on the player's turn",
                                        "mark the hand's cards (or the row of choices) data-rove")
        for g in groups:
            assert g["stops"] == 1, registry.problem(game_id, f"group {g}: {g['stops']} items in the tab order",
                                                     "static/js/boot.js keeps one (roving tabindex)")
            want = next(k for k in (g["pressed"], g["next"], g["action"], 0) if k >= 0)
            assert g["stop"] == want, registry.problem(game_id, f"the tab stop is item {g['stop']}, not {want}: {g}",
                                                       "the chosen card, else data-next, else the first move")
        g = max(groups, key=lambda x: x["n"])
        stop = page.locator(f"[data-test-group='{g['i']}'] button:not([disabled]):not([data-illegal])").nth(g["stop"])
        stop.focus()
        n = g["n"]
        multi += n > 1
        page.keyboard.press("ArrowRight")
        st = page.evaluate(FOCUS, g["i"])
        assert st["at"] == (g["stop"] + 1) % n and st["stops"] == 1 and st["stop"] == st["at"], (game_id, st)
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(FOCUS, g["i"])["at"] == g["stop"], game_id
        page.keyboard.press("End")
        st = page.evaluate(FOCUS, g["i"])
        assert st["at"] == n - 1 and st["stop"] == n - 1, (game_id, st)
        page.keyboard.press("ArrowRight")  # wraps
        assert page.evaluate(FOCUS, g["i"])["at"] == 0, game_id
        page.keyboard.press("End")
        page.keyboard.press("Home")
        st = page.evaluate(FOCUS, g["i"])
        assert st["at"] == 0 and st["stops"] == 1, (game_id, st)
        if n > 1:
            page.keyboard.press("ArrowDown")  # Down as Right, Up as Left
            assert page.evaluate(FOCUS, g["i"])["at"] == 1, game_id
        last = page.evaluate(FOCUS, g["i"])["at"]
        # Tab leaves the group (to the next stop, or past the page's last one when the hand ends it)
        page.keyboard.press("Tab")
        st = page.evaluate(FOCUS, g["i"])
        assert st["at"] == -1, registry.problem(game_id, f"Tab did not leave the group: {st}",
                                                "every item but one has tabindex -1")
        page.keyboard.press("Shift+Tab")
        st = page.evaluate(FOCUS, g["i"])
        assert st["at"] == last, registry.problem(game_id, f"Shift+Tab came back to {st}, not item {last}",
                                                  "the item moved to keeps the tab stop")
        # Shift+Tab leaves it backwards (the bar's controls are before it), Tab comes back
        page.keyboard.press("Shift+Tab")
        st = page.evaluate(FOCUS, g["i"])
        assert st["at"] == -1 and not st["body"], registry.problem(game_id, f"Shift+Tab stayed: {st}",
                                                                 "every item but one has tabindex -1")
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS, g["i"])["at"] == last, game_id
    assert multi, "no game had a group of two or more items: the arrow keys were not tried"


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_a_move_by_keys_from_the_hands_tab_stop(page, game_id):
    """Her turn comes (the position opens on it): focus is where her move
    starts -- the hand's tab stop, or the decision to make --, never <body>;
    Enter there, then Enter where the page puts focus (a card's first target,
    data-next): a move is played within a few keys."""
    _open(page, game_id)
    groups = page.evaluate(GROUPS)
    assert groups, registry.problem(game_id, "no [data-rove] group", "mark the hand data-rove")
    before = page.evaluate(MOVES)
    start = page.evaluate("() => { const a = document.activeElement; if (!a || a === document.body) return null; "
                          "const g = a.closest('[data-rove]'); return {rove: !!g, tab: a.tabIndex, "
                          "act: !!a.closest('[data-action],[data-next]')}; }")
    assert start, registry.problem(game_id, "focus is on <body> when her turn comes", "data-next (render/focus.py)")
    assert start["act"] or (start["rove"] and start["tab"] == 0), registry.problem(
        game_id, f"her turn's focus {start} is neither a move, the next step, nor the hand's tab stop",
        "mark where her turn starts with data-next")
    went = []
    for _ in range(4):
        page.keyboard.press("Enter")
        _idle(page)
        if page.evaluate(MOVES) != before:
            break
        active = page.evaluate("() => { const a = document.activeElement; return a && a !== document.body "
                               "&& (a.getAttribute('data-action') || a.getAttribute('data-ui') || a.outerHTML.slice(0, 80)); }")
        assert active, registry.problem(game_id, "focus fell to <body> after a choice by keyboard",
                                        "mark the next step with data-next (render/focus.py)")
        went.append(active)
    assert page.evaluate(MOVES) != before, registry.problem(
        game_id, f"no move was played by Enter from the hand's tab stop (focus went to {went})",
        "after a choice by keyboard, data-next must lead to a legal target")
