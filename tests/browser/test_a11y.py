"""Accessibility in headless Chromium (issue 14): axe-core scans of every
screen (0 serious or critical violations), Saboteur's mine as a keyboard
grid, phones at 375x667 (tap targets >= 44 px, nothing scrolls sideways,
Saboteur opens on the tunnel's end), dark mode (colours change, contrast
holds), ingredient names never clipped.

axe-core comes from node_modules (npm package axe-core, pinned in
package.json) and is injected by Playwright; the pages are opened with
``bypass_csp=True`` because the site's Content-Security-Policy (rightly)
refuses an injected script -- see tests/support/a11y.py. Positions come
from position links made on CPython (seeded random play), so every screen
is reached without playing through the UI. One page (one Pyodide boot) per
viewport / colour scheme.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import a11y, registry
from support import browser as sb

GAMES = registry.GAME_IDS
UNCLIPPED = [g for g in GAMES if registry.get(g, "unclipped")]  # games whose testing.toml names names to keep whole
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def apage(browser, site_url):
    p = sb.boot_page(browser, site_url, bypass_csp=True)
    yield p
    sb.close_page(p)


@pytest.fixture(scope="module")
def phone(browser, site_url):
    p = sb.boot_page(browser, site_url, bypass_csp=True, **PHONE)
    yield p
    sb.close_page(p)


@pytest.fixture(scope="module")
def dark(browser, site_url):
    p = sb.boot_page(browser, site_url, bypass_csp=True, color_scheme="dark")
    yield p
    sb.close_page(p)


def go(page, route: str, screen: str) -> None:
    page.evaluate("(h) => { location.hash = h; }", route)
    expect(page.locator(f"#app[data-screen='{screen}']")).to_be_attached()
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
    settle(page)


def settle(page) -> None:
    """Wait for finite CSS animations (a dice roll) to end: sizes are measured after."""
    page.evaluate("""() => Promise.race([
        Promise.all(document.getAnimations()
            .filter(a => isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
            .map(a => a.finished.catch(() => null))),
        new Promise(r => setTimeout(r, 4000))])""")


def play(page, game_id: str) -> None:
    go(page, "#/position/" + a11y.mid_game_link(game_id), "play")


def select_first_card(page) -> None:
    card = page.locator("[data-hand] [data-ui^='select:']")
    if card.count():
        card.first.click()
        settle(page)


def assert_clean(page, where: str, rules=None) -> None:
    v = a11y.scan(page, rules=rules)
    assert a11y.count(v) == 0, (f"{where}: serious or critical accessibility violations (axe-core):\n"
                                f"{a11y.describe(v)}\nFix: the game's board.py / style.css (names, roles, "
                                "contrast); docs/ui.md")


# ---- axe: 0 serious or critical on every screen ----------------------------------------------------

def test_axe_hub_and_how_to_play_pages(apage):
    go(apage, "#/", "hub")
    assert_clean(apage, "hub")
    for gid in GAMES:
        link = apage.locator(f"[data-game-card='{gid}'] a[data-howto]")
        expect(link).to_have_count(1)
    apage.locator("[data-game-card='saboteur'] a[data-howto]").click()
    expect(apage.locator("#app[data-screen='rules'] [data-rules-page='saboteur']")).to_be_visible()
    jump = apage.locator(".rules-index [data-ui='rules:sab.tools']")
    jump.click()
    expect(apage.locator("[data-rule='sab.tools']")).to_be_focused()
    assert_clean(apage, "rules page")


@pytest.mark.parametrize("game_id", GAMES)
def test_axe_every_screen_of_a_game(apage, game_id):
    """The new-game form, the play screen mid-game (and with a card selected),
    the rules drawer and the game-over screen."""
    go(apage, f"#/new/{game_id}", "new")
    expect(apage.locator(f"form.new-game a[href='#/rules/{game_id}']")).to_be_visible()
    assert_clean(apage, f"{game_id} new game")
    play(apage, game_id)
    assert_clean(apage, f"{game_id} mid-game")
    select_first_card(apage)
    assert_clean(apage, f"{game_id} card selected")
    apage.locator("[data-ui='rules']").first.click()
    drawer = apage.locator("#rules")
    expect(drawer).to_be_visible()
    expect(drawer.locator(".rules-index button[data-ui^='rules:']").first).to_be_visible()
    # the drawer leaves the header (language buttons, "All games") uncovered and clickable
    head = apage.locator(".site-head").bounding_box()
    assert drawer.bounding_box()["y"] >= head["y"] + head["height"] - 1
    for btn in ("[data-ui='lang:de']", "a.nav-hub"):
        hit = apage.evaluate("""(sel) => { const b = document.querySelector(sel).getBoundingClientRect();
            const el = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            return el && el.closest(sel) !== null; }""", btn)
        assert hit, f"{btn} is covered by the rules drawer"
    assert_clean(apage, f"{game_id} rules drawer")
    apage.locator("[data-ui='rules-close']").click()
    go(apage, "#/position/" + a11y.game_over_link(game_id), "over")
    expect(apage.locator("[data-gameover]")).to_be_visible()
    assert_clean(apage, f"{game_id} game over")


# ---- Saboteur's mine: a grid for the keyboard ------------------------------------------------------

def test_saboteur_mine_grid_arrow_keys_and_enter(apage):
    go(apage, "#/position/" + a11y.mid_game_link("saboteur", moves=2), "play")
    from spieltisch.games.saboteur.cards import TUNNELS
    cards = apage.locator("[data-hand] [data-card]")
    codes = [c for c in dict.fromkeys(cards.nth(i).get_attribute("data-card") for i in range(cards.count()))
             if c in TUNNELS]
    grid = apage.locator("[data-board] [role='grid']")
    expect(grid).to_have_count(1)
    stops = grid.locator("[role='gridcell'][tabindex='0']")
    for code in codes:  # a tunnel card that fits somewhere
        apage.locator(f"[data-hand] [data-card='{code}']").first.click()
        if grid.locator("[role='gridcell'][data-action]").count():
            break
        apage.locator(f"[data-hand] [data-card='{code}']").first.click()  # unselect
    else:
        pytest.fail("no tunnel card fits in this position")
    expect(stops).to_have_count(1)
    assert stops.get_attribute("data-action"), "the tab stop is not a legal target"
    assert grid.locator("[role='gridcell'][data-illegal][tabindex='0']").count() == 0
    stops.focus()
    x = int(stops.get_attribute("data-gx"))
    y = int(stops.get_attribute("data-gy"))
    apage.keyboard.press("ArrowUp")
    focused = apage.evaluate("() => [document.activeElement.getAttribute('data-gx'), document.activeElement.getAttribute('data-gy'),"
                             " document.activeElement.getAttribute('role'), document.activeElement.getAttribute('aria-label')]")
    assert focused[:3] == [str(x), str(y - 1), "gridcell"], focused
    assert focused[3] and not a11y_coords(focused[3])
    expect(grid.locator("[role='gridcell'][tabindex='0']")).to_have_count(1)  # roving: still one stop
    apage.keyboard.press("ArrowDown")
    assert apage.evaluate("() => document.activeElement.getAttribute('data-gy')") == str(y)
    # Enter on a legal target plays the card there
    hand_before = apage.locator("[data-hand] [data-card]").count()
    log_before = apage.locator("ol.log li").count()
    apage.keyboard.press("Enter")
    expect(apage.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
    assert (apage.locator("ol.log li").count() > log_before
            or apage.locator("[data-hand] [data-card]").count() != hand_before)


def test_saboteur_broken_tool_hint_in_the_page(apage):
    """sab.tools: Ann's pickaxe is broken in this position (seed 8); a tunnel
    card explains why no space is green."""
    go(apage, "#/position/" + a11y.mid_game_link("saboteur", moves=8, seed=8), "play")
    from spieltisch.games.saboteur.cards import TUNNELS
    cards = apage.locator("[data-hand] [data-card]")
    code = next(c for c in (cards.nth(i).get_attribute("data-card") for i in range(cards.count())) if c in TUNNELS)
    apage.locator(f"[data-hand] [data-card='{code}']").first.click()
    hint = apage.locator(".sab-hint")
    expect(hint).to_contain_text("broken tool")
    expect(hint).not_to_contain_text("Green spaces")
    expect(apage.locator("[data-board] [role='gridcell'][data-action]")).to_have_count(0)


def a11y_coords(text: str) -> bool:
    import re
    return bool(re.search(r"-?\d+\s*,\s*-?\d+", text))


# ---- phones ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_phone_play_screens_tap_targets_and_no_sideways_scroll(phone, game_id, tmp_path_factory):
    """375x667: no tap target (buttons, links, [tabindex=0], inputs) under
    44 px and nothing scrolls sideways, mid-game, with a card selected, with
    the rules drawer open and on the game-over screen; screenshots kept."""
    shots = tmp_path_factory.mktemp("phone")
    play(phone, game_id)
    if game_id == "saboteur":  # a phone opens zoomed on the tunnel's end
        svg = phone.locator("[data-panzoom] svg")
        assert svg.get_attribute("viewBox") == svg.get_attribute("data-focus") != svg.get_attribute("data-fit")
    # the hand is on screen with the board (sticky at the bottom)
    hand = phone.locator("[data-hand]")
    if hand.count():
        box = hand.bounding_box()
        assert box["y"] < 667 and box["y"] + min(box["height"], 60) <= 667 + 1
    for step in ("play", "selected", "rules", "over"):
        if step == "selected":
            select_first_card(phone)
        elif step == "rules":
            phone.locator("[data-ui='rules']").first.click()
            expect(phone.locator("#rules")).to_be_visible()
        elif step == "over":
            phone.locator("[data-ui='rules-close']").click()
            go(phone, "#/position/" + a11y.game_over_link(game_id), "over")
        phone.screenshot(path=str(shots / f"{game_id}-{step}.png"))
        small = a11y.small_targets(phone)
        assert small == [], registry.problem(game_id, f"tap targets under 44 px on a phone ({step}): {small}",
                                             "give them min-width/min-height 44px in the game's style.css")
        assert a11y.sideways_scroll(phone) <= 0, registry.problem(
            game_id, f"the phone screen scrolls sideways ({step})", "let the board shrink or wrap (style.css)")


# ---- dark mode ---------------------------------------------------------------------------------------

def test_dark_mode_follows_the_system_and_keeps_contrast(dark, apage):
    go(apage, "#/", "hub")
    go(dark, "#/", "hub")
    colours = "() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]"
    light_bg, light_ink = apage.evaluate(colours)
    dark_bg, dark_ink = dark.evaluate(colours)
    assert (dark_bg, dark_ink) != (light_bg, light_ink)
    lum = "(c) => { const [r, g, b] = c.match(/\\d+/g).map(Number); return 0.2126 * r + 0.7152 * g + 0.0722 * b; }"
    assert dark.evaluate(lum, dark_bg) < 60 < dark.evaluate(lum, dark_ink)
    for gid in GAMES:
        before = dark.evaluate("() => getComputedStyle(document.querySelector('.game-card')).backgroundColor")
        assert before != apage.evaluate("() => getComputedStyle(document.querySelector('.game-card')).backgroundColor")
        assert_clean(dark, "dark hub", rules=["color-contrast"])
        play(dark, gid)
        assert_clean(dark, f"dark {gid} mid-game", rules=["color-contrast"])
        go(dark, "#/", "hub")


def test_brauzeit_wizard_states_differ_without_colour(apage):
    """'wizard needed' and 'wizard waiting' (and 'enchanted') differ in a sign,
    not only in colour: the legend's three items read differently in text."""
    play(apage, "brauzeit")
    signs = apage.locator(".bz-legend .bz-wiz .bz-sign")
    expect(signs).to_have_count(3)
    texts = [signs.nth(i).inner_text() for i in range(3)]
    assert len(set(texts)) == 3 and all(texts)


# ---- names never clipped -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
def test_ingredient_names_not_clipped_at_1280(browser, site_url, lang):
    """Each game whose testing.toml names ``unclipped`` names (ingredients,
    potions): none is cut off by its box, in either language."""
    assert UNCLIPPED, "no game's testing.toml names unclipped names: nothing would be checked"
    p = sb.boot_page(browser, site_url, viewport={"width": 1280, "height": 900})
    try:
        for gid in UNCLIPPED:
            play(p, gid)
            p.locator(f"[data-ui='lang:{lang}']").first.click()
            p.wait_for_timeout(100)
            clipped = a11y.clipped_names(p, registry.get(gid, "unclipped"))
            assert clipped == [], registry.problem(gid, f"names cut off by their box in {lang}: {clipped}",
                                                   "widen the box or let the name wrap (the game's style.css)")
    finally:
        sb.close_page(p)


# ---- German and dark play screens (issue 29: the new card art and boards) ---------------------------

def select_something(page) -> None:
    """A hand card (Brauzeit: a die of its tray), else the board's first choosable piece: the targets then show."""
    for sel in ("[data-hand] [data-ui^='select:']", "[data-board] [data-ui^='select:']"):
        card = page.locator(sel)
        if card.count():
            card.first.click()
            settle(page)
            return


@pytest.mark.parametrize("scheme,lang", [("light", "de"), ("dark", "en"), ("dark", "de")])
def test_axe_play_screens_in_german_and_dark(browser, site_url, scheme, lang):
    """Every game's play screen mid-game and with a piece chosen, in German
    and in dark mode (the cards' art, names and contrast): 0 serious or
    critical axe violations."""
    assert GAMES, "no game in the registry"
    p = sb.boot_page(browser, site_url, bypass_csp=True, color_scheme=scheme)
    try:
        for gid in GAMES:
            play(p, gid)
            if lang != "en":
                p.locator(f"[data-ui='lang:{lang}']").first.click()
                expect(p.locator("html")).to_have_attribute("lang", lang)
                settle(p)
            assert_clean(p, f"{gid} mid-game, {lang}, {scheme}")
            select_something(p)
            assert_clean(p, f"{gid} piece chosen, {lang}, {scheme}")
            if lang != "en":  # the next game opens in English first
                p.locator("[data-ui='lang:en']").first.click()
                settle(p)
    finally:
        sb.close_page(p)
