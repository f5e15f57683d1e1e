"""Rules you can play, in headless Chromium (issue 16, docs/tryit.md): per
game three try-its -- one opened from the rules panel of a guided game, the
others by their link -- each with its expected move made (by click, by
keyboard, by touch) and its explanation seen; and the first three turns of a
guided first game ("Learn to play"), each showing the rule of the move.

Locators and expect() only (works under a strict CSP); the page has touch,
so tap() is a real touch event.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support import registry
from support.play import wait_idle

from spieltisch.games import GAMES
from spieltisch.i18n import t
from spieltisch.ui import tryit
from spieltisch.ui.boards import get_board


def picks(game_id: str) -> tuple[str, ...]:
    """The three clauses tried for a game, the first opened from the rules
    panel: its testing.toml's ``tryit_picks``, else its first three scenarios."""
    chosen = registry.get(game_id, "tryit_picks")
    if chosen is None:
        return tuple(sc.clause for sc in tryit.scenarios(game_id)[:3])
    missing = [c for c in chosen if tryit.scenario(game_id, c) is None]
    assert len(chosen) == 3 and not missing, registry.problem(
        game_id, f"testing.toml's tryit_picks {chosen} are not three clauses with a scenario (no scenario: {missing})",
        "name three clause ids that have a position in tryit.json")
    return tuple(chosen)


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = sb.boot_page(browser, site_url, has_touch=True)
    yield p
    sb.close_page(p)


def lang_of(page) -> str:
    return page.locator("html").get_attribute("lang") or "en"


def go_hub(page):
    page.locator("a.nav-hub").click()
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()


def make_expected_move(page, game_id: str, clause: str, how: str) -> None:
    sc = tryit.scenario(game_id, clause)
    lang = lang_of(page)
    expect(page.locator(f"[data-tryit='{clause}']")).to_be_visible()
    expect(page.locator("[data-tryit-do]")).to_have_text(t(lang, sc.instruction))
    expect(page.locator("#app [data-board]")).to_be_visible()
    move = page.locator(f"[data-ui='try:{sc.expect[0]}']")
    expect(move).to_be_visible()
    if how == "keyboard":
        move.focus()
        page.keyboard.press("Enter")
    elif how == "touch":
        move.tap()
    else:
        move.click()
    result = page.locator("[data-tryit-result]")
    expect(result).to_have_attribute("data-tryit-result", "refused" if sc.kind == "refusal" else "done")
    expect(result).to_contain_text(t(lang, sc.explanation))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_three_try_its_per_game(page, game_id):
    first, *rest = picks(game_id)
    go_hub(page)
    # from the hub: a guided game, its rules panel, the section's Try it
    page.locator(f"[data-game-card='{game_id}'] [data-ui='learn:{game_id}']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    wait_idle(page)
    page.locator("[data-ui='rules']").click()
    section = page.locator(f"#rules [data-rule='{first}']")
    expect(section).to_be_visible()
    section.locator(f"[data-ui='tryit:{first}']").click()
    expect(page.locator("#app[data-screen='tryit']")).to_be_attached()
    make_expected_move(page, game_id, first, "click")
    # try again: the position is back, the explanation gone
    page.locator("[data-ui='tryit-again']").click()
    expect(page.locator("[data-tryit-result]")).to_have_count(0)
    expect(page.locator("[data-ui^='try:']").first).to_be_visible()
    # back: the game again, the rules open at that section
    page.locator("[data-ui='tryit-back']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    expect(page.locator(f"#rules [data-rule='{first}']")).to_be_visible()
    # the other two by their links: one by keyboard, one by touch
    for clause, how in zip(rest, ("keyboard", "touch")):
        page.evaluate(f"location.hash = '#/tryit/{game_id}/{clause}'")
        expect(page.locator("#app[data-screen='tryit']")).to_be_attached()
        make_expected_move(page, game_id, clause, how)


def test_a_refused_tunnel_card_on_the_board(page):
    """Saboteur, sab.edges on the board itself: choose the card, click the
    space where it does not fit; the refusal and the rule are shown."""
    sc = tryit.scenario("saboteur", "sab.edges")
    page.evaluate("location.hash = '#/tryit/saboteur/sab.edges'")
    expect(page.locator("[data-tryit='sab.edges']")).to_be_visible()
    text = sc.expect[0]
    card = text.split(":")[1]
    page.locator(f"[data-hand] [data-ui='select:{card}']").first.click()
    if text.endswith(":r"):
        page.locator(f"[data-ui='select:{card}:r']").first.click()
    page.locator(f"#app [data-board] [data-illegal='{text}']").click()
    result = page.locator("[data-tryit-result]")
    expect(result).to_have_attribute("data-tryit-result", "refused")
    expect(result).to_contain_text(t(lang_of(page), "saboteur.illegal.edge-mismatch"))


def test_first_three_turns_of_a_guided_game(page):
    """Hexen Cocktail, "Learn to play": for each of the first three turns the
    guide names the rule of the reader's turn (with a Try it) and, after the
    bot's moves, the rule that governed each."""
    go_hub(page)
    page.locator("[data-game-card='hexen_cocktail'] [data-ui='learn:hexen_cocktail']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    known = set(get_board("hexen_cocktail").RULE_IDS)
    seen = set()
    for turn in range(3):
        wait_idle(page)
        guide = page.locator("[data-guide]")
        expect(guide).to_be_visible()
        rule = guide.locator("[data-guide-turn]")
        expect(rule).to_be_visible()
        assert rule.get_attribute("data-guide-turn") in known
        expect(rule.locator("[data-ui^='tryit:']")).to_be_visible()
        if turn:
            lines = guide.locator("[data-guide-clause]")
            expect(lines.first).to_be_visible()
            seen |= {lines.nth(i).get_attribute("data-guide-clause") for i in range(lines.count())}
        # the turn: a card, then a row (a potion that explodes asks for a card
        # of its row: the guide goes on until it is the bot's turn)
        page.locator("[data-hand] [data-ui^='select:']").first.click()
        page.locator("#app [data-board] [data-action]").first.click()
        while page.locator("#app [data-board] [data-action], #app [data-action='pass']").count() \
                and not page.locator("#app[data-busy]").count():
            page.locator("#app [data-action]").first.click()
    assert seen and seen <= known, seen


def test_leaving_the_guide_the_game_goes_on(page):
    """Saboteur, "Learn to play": leave the guide at once; it is a normal
    game against easy bots then (a discard by keyboard, the bots answer)."""
    go_hub(page)
    page.locator("[data-game-card='saboteur'] [data-ui='learn:saboteur']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    wait_idle(page)
    expect(page.locator("[data-guide] [data-guide-turn]")).to_be_visible()
    page.locator("[data-ui='guide-leave']").click()
    expect(page.locator("[data-guide]")).to_have_count(0)
    log = page.locator("ol.log li")
    before = log.count()
    card = page.locator("[data-hand] [data-ui^='select:']").first
    card.focus()
    page.keyboard.press("Enter")
    discard = page.locator("#app [data-action^='discard:']").first
    discard.focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    assert log.count() > before
    expect(page.locator("[data-guide]")).to_have_count(0)


STRICT = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
          "connect-src 'self'; object-src 'none'; base-uri 'none'")


def test_try_it_and_guide_under_strict_csp(browser, site_with_csp):
    """No inline styles anywhere: a try-it and a guided game under a CSP
    without 'unsafe-inline' report no violation."""
    page = sb.boot_page(browser, site_with_csp(STRICT))
    try:
        page.evaluate("location.hash = '#/tryit/saboteur/sab.map'")
        make_expected_move(page, "saboteur", "sab.map", "click")
        go_hub(page)
        page.locator("[data-game-card='brauzeit'] [data-ui='learn:brauzeit']").click()
        wait_idle(page)
        expect(page.locator("[data-guide] [data-guide-turn]")).to_be_visible()
        refused = [m for m in page.console_errors if "Content Security Policy" in m or "Refused" in m]
        assert refused == [], refused
    finally:
        sb.close_page(page)
