"""Following the table in headless Chromium (issue 14; docs/ui.md,
"Following the table"): a whole game of every game played with the keyboard
alone (Tab and Enter), focus never left on <body> after a move, key presses
per move printed; the live region speaks the bots' moves, "your turn" and
the peek result of the seat that peeked; the bot speed's step mode.

The game is set up through the new-game form by clicks (that form is the
a11y helper's); from the first move on only keys are pressed.
Pyodide boots once for the module.
"""

from __future__ import annotations

import statistics

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from support import browser as sb
from support import registry
from support.play import human_move

BOTS = ("Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")


def keyboard_game(game_id: str) -> tuple[list, str]:
    """Ann and easy bots (the game's seats in the generic suites), and the
    seed of its testing.toml's ``keyboard_seed`` (default 1)."""
    seats = [("Ann", "human", None)] + [(BOTS[i], "bot", "easy") for i in range(registry.seats(game_id) - 1)]
    return seats, str(registry.get(game_id, "keyboard_seed", 1))


PRESSES: dict[str, list[int]] = {}
WAITING = ("pass", "done", "reroll")  # moves that play nothing: tried after the cards and dice

ACTIVE = """() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return {body: true};
  return {body: false, action: a.getAttribute('data-action'), ui: a.getAttribute('data-ui'), next: a.hasAttribute('data-next'),
          board: !!a.closest('[data-board],[data-region=side]')};
}"""


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = sb.boot_page(browser, site_url)
    yield p
    sb.close_page(p)


RECORD = """() => { window.__said = [];
  new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => window.__said.push(n.textContent))))
    .observe(document.getElementById('live'), {childList: true}); }"""


# The way a keyboard player takes to the nearest fitting element, as she knows the page:
# Tab / Shift+Tab between tab stops, and the keys inside a group that is one tab stop
# (roving tabindex): the mine's grid (data-gx/gy, no wrap; app/dom.py arrow_move) and a
# hand or row of choices ([data-rove]: its enabled, legal buttons; the arrows wrap, Home
# and End go to the ends; static/js/boot.js). Returns the first key of the cheapest way
# (every arrow press counts like a Tab).
DIRECTION = """([want, tried]) => {
  const ROVE_ITEM = 'button:not([disabled]):not([data-illegal])';
  const sel = 'a[href],button:not([disabled]),select,input,textarea,[tabindex]:not([tabindex="-1"])';
  const stops = [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length && e.tabIndex >= 0);
  const fits = e => {
    const ui = e.getAttribute('data-ui') || '', act = e.getAttribute('data-action');
    if (want === 'ack') return ui === 'ack' || ui === 'reveal';
    if (want === 'board') return !!act && !!e.closest('[data-board],[data-region=side]') && !['pass', 'done', 'reroll'].includes(act);
    if (want === 'action') return !!act;
    return ui.startsWith('select:') && !tried.includes(ui);
  };
  const group = e => {
    if (e.hasAttribute('data-gx') && e.closest('[role=grid]')) return {kind: 'grid', root: e.closest('[role=grid]')};
    const rove = e.closest('[data-rove]');
    if (rove && e.matches(ROVE_ITEM)) return {kind: 'rove', root: rove};
    return null;
  };
  const arrows = (from, to) => {  // [presses, first key] inside one group, or null
    const g = group(from), h = group(to);
    if (!g || !h || g.root !== h.root) return null;
    if (from === to) return [0, null];
    if (g.kind === 'grid') {
      const dx = +to.dataset.gx - +from.dataset.gx, dy = +to.dataset.gy - +from.dataset.gy;
      return [Math.abs(dx) + Math.abs(dy), dx ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp')];
    }
    const items = [...g.root.querySelectorAll(ROVE_ITEM)], n = items.length;
    const a = items.indexOf(from), b = items.indexOf(to), d = (b - a + n) % n;
    const ways = [[d, 'ArrowRight'], [n - d, 'ArrowLeft'], [1 + b, 'Home'], [n - b, 'End']];
    return ways.reduce((x, y) => (y[0] < x[0] ? y : x));
  };
  const active = document.activeElement, at = stops.indexOf(active), n = stops.length;
  const tabs = i => {  // [presses, key] from the active element to stop i
    if (at < 0) {  // focus on no tab stop (<body>, a heading with tabindex=-1): Tab goes on from its place
      const pos = active && active !== document.body
        ? stops.filter(s => s.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING).length : 0;
      const fwd = (i - pos + n) % n + 1, back = (pos - 1 - i + 2 * n) % n + 1;
      return back < fwd ? [back, 'Shift+Tab'] : [fwd, 'Tab'];
    }
    const fwd = (i - at + n) % n, back = (at - i + n) % n;
    return back < fwd ? [back, 'Shift+Tab'] : [fwd, 'Tab'];
  };
  let best = [Infinity, 'Tab'];
  const consider = (cost, key) => { if (cost < best[0]) best = [cost, key]; };
  for (const e of document.querySelectorAll('[data-ui],[data-action]')) {
    if (!fits(e) || !e.getClientRects().length) continue;
    const inside = active ? arrows(active, e) : null;
    if (inside) consider(inside[0], inside[1]);
    stops.forEach((s, i) => {  // by Tab to a stop, then arrows inside its group
      const rest = s === e ? [0, null] : arrows(s, e);
      if (!rest) return;
      const [t, key] = tabs(i);
      consider(t + rest[0], t ? key : rest[1]);
    });
  }
  return best[1] || 'Tab';
}"""
SETTLED = "() => document.activeElement && document.activeElement !== document.body"


def wait_idle(page):
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=120_000)


def start(page, game_id: str, seats, seed: str) -> None:
    page.evaluate("() => { location.hash = '#/'; }")
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    page.locator(f"[data-ui='new:{game_id}']").first.click()
    expect(page.locator("#app[data-screen='new']")).to_be_attached()
    page.select_option("select[name=seats]", str(len(seats)))
    for i, (name, kind, level) in enumerate(seats):
        page.fill(f"input[name=seat-{i}-name]", name)
        page.select_option(f"select[name=seat-{i}-kind]", kind)
        if kind == "bot":
            page.select_option(f"select[name=seat-{i}-level]", level)
    page.fill("input[name=seed]", seed)
    page.locator("[data-ui='start']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()


def _want(page, tried: set[str]) -> str:
    """What a keyboard player looks for next: a pause's button, the
    curtain's, the move the page focused for her (data-next: e.g. discarding a
    card that fits nowhere), a move on the board or on a seat (a tool card's
    target), a card not yet tried, any move."""
    if page.locator("#app [data-ui='ack'], #app [data-ui='reveal']").count():
        return "ack"
    st = page.evaluate(ACTIVE)
    if st.get("next") and st.get("action"):  # the page put focus on the move to make (data-next)
        return "action"
    acts = page.locator("#app [data-board] [data-action], #app [data-region='side'] [data-action]")
    if any(acts.nth(i).get_attribute("data-action") not in WAITING for i in range(acts.count())):
        return "board"
    selects = page.locator("#app [data-ui^='select:']")
    if any(selects.nth(i).get_attribute("data-ui") not in tried for i in range(selects.count())):
        return "select"
    if page.locator("#app [data-action]").count():
        return "action"
    tried.clear()
    return "select"


def _fits(st: dict, want: str, tried: set[str]) -> bool:
    if st.get("body"):
        return False
    if want == "ack":
        return st.get("ui") in ("ack", "reveal")
    if want == "board":
        return bool(st.get("action")) and st.get("board") and st.get("action") not in WAITING
    if want == "action":
        return bool(st.get("action"))
    ui = st.get("ui") or ""
    return ui.startswith("select:") and ui not in tried


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_a_whole_game_by_keyboard(page, game_id):
    """Tab, Shift+Tab, the arrow keys (inside the mine and the hand) and Enter only,
    against bots: the game reaches its end, focus is never on <body> after a move,
    and each move's key presses are counted: a median of at most 3 per move (issue
    29), the card chosen and its target included."""
    seats, seed = keyboard_game(game_id)
    start(page, game_id, seats, seed)
    presses = 0
    per_move: list[int] = []
    on_body = []
    tried: set[str] = set()
    for _ in range(4000):
        wait_idle(page)
        if page.locator("[data-gameover]").count():
            break
        want = _want(page, tried)
        for _k in range(250):
            if _fits(page.evaluate(ACTIVE), want, tried):
                break
            page.keyboard.press(page.evaluate(DIRECTION, [want, sorted(tried)]))  # the shortest way, as a person
            presses += 1
        else:
            raise AssertionError(registry.problem(
                game_id, f"no {want} target reached by keys", "every legal target needs data-action on a focusable "
                "element (ctx.target() in board.py) and every hand card a select: button"))
        st = page.evaluate(ACTIVE)
        page.keyboard.press("Enter")
        presses += 1
        if want == "select":
            tried.add(st["ui"])
            continue
        if want in ("board", "action"):
            per_move.append(presses)
            presses = 0
            tried.clear()
        wait_idle(page)
        try:  # focus moves in a task of its own right after the re-render
            page.wait_for_function(SETTLED, timeout=1500)
        except PlaywrightTimeout:
            on_body.append((len(per_move), want))
    else:
        raise AssertionError(registry.problem(game_id, "the game played by keyboard did not end",
                                              "check that the board offers a move whenever one is legal"))
    expect(page.locator("[data-gameover]")).to_be_attached()
    assert per_move, registry.problem(game_id, "no move was made by keyboard", "give legal targets data-action")
    assert not on_body, registry.problem(game_id, f"focus on <body> after moves {on_body[:10]}",
                                         "keep a focusable element where the player acted (docs/ui.md, focus)")
    PRESSES[game_id] = per_move
    print(f"\nkeyboard {game_id}: {len(per_move)} moves, key presses per move "
          f"median {statistics.median(per_move)}, max {max(per_move)}")
    assert statistics.median(per_move) <= 3, registry.problem(
        game_id, f"a median of {statistics.median(per_move)} key presses per move (at most 3)",
        "mark where the next step starts with data-next (render/focus.py): the first card when the turn "
        "comes, the first legal target once a card is chosen (docs/ui.md, keyboard)")


def test_the_live_region_speaks_the_bots_and_your_turn(page):
    """Hexen Cocktail, a human and two bots: after the human's move the
    persistent polite region holds the bots' log lines and "Your turn"."""
    start(page, "hexen_cocktail", [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy")], "77")
    live = page.locator("#live")
    expect(live).to_have_attribute("aria-live", "polite")
    assert live.evaluate("e => getComputedStyle(e).display") != "none"
    page.evaluate(RECORD)
    for _ in range(20):  # Ann's moves (an explosion makes her pick too) until the bots have played
        wait_idle(page)
        human_move(page)
        wait_idle(page)
        log = page.locator("ol.log li").all_inner_texts()  # newest first
        bots = [x for x in log if x.startswith(("Bo ", "Cy "))]
        if bots:
            break
    assert bots, log
    expect(live).to_contain_text("Your turn, Ann.")
    said = page.evaluate("() => window.__said")
    assert bots[0] in said, (bots[0], said)
    assert page.locator("#live").count() == 1


def test_the_peek_is_said_to_the_seat_that_peeked(page):
    """Saboteur: Ann plays her map on goal card 2; the live region and her
    log say what she saw (saboteur.log.map_own), in words."""
    start(page, "saboteur", [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy")], "1")
    wait_idle(page)
    page.evaluate(RECORD)  # everything the region is given, however fast the bots follow
    page.locator("[data-hand] [data-card='MAP']").first.click()
    page.locator("[data-action='map:MAP:1']").click()
    wait_idle(page)
    expect(page.locator("ol.log")).to_contain_text("You look at goal card 2:")
    said = page.evaluate("() => window.__said")
    peek = [x for x in said if x.startswith("You look at goal card 2:")]
    assert peek and any(w in peek[0].lower() for w in ("gold", "stone", "tunnel")), said
    assert "Your turn, Ann." in said


def test_step_mode_waits_for_next_move(page):
    """The bot speed "step": a bot moves only after "Next move"; the choice
    is remembered in this browser."""
    start(page, "hexen_cocktail", [("Ann", "human", None), ("Bo", "bot", "easy")], "31")
    wait_idle(page)
    page.select_option("select[data-speed]", "step")
    assert page.evaluate("() => localStorage.getItem('spieltisch.botspeed')") == "step"
    nxt = page.locator("#next-move")
    for _ in range(10):  # Ann's moves until the bot is to play
        human_move(page)
        if nxt.count():
            break
    expect(nxt).to_be_visible()
    moves = page.locator("ol.log li").count()
    page.wait_for_timeout(400)
    assert page.locator("ol.log li").count() == moves  # the bot waits
    nxt.focus()
    page.keyboard.press("Enter")
    expect(page.locator("ol.log li")).not_to_have_count(moves)
    page.select_option("select[data-speed]", "normal")
