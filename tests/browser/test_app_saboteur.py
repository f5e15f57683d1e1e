"""Saboteur in headless Chromium: a full three-round game against two bots
played by clicks to the game-over screen (round ends acknowledged), the mine's
pan and zoom, and the hot-seat curtain hiding the other human's role.

Pyodide boots once for the module. Locators and expect() only.
"""

from __future__ import annotations

from playwright.sync_api import expect
from support import browser as sb

READY = "html[data-ready='1']"
BOOT_MS = sb.READY_TIMEOUT_MS


def start_game(page, seats, seed="2024"):
    if page.locator("[data-gameover]").count():
        page.locator("[data-gameover] [data-ui='hub']").click()
    else:
        page.locator("a.nav-hub").click()
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    page.locator("[data-ui='new:saboteur']").first.click()
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


def wait_idle(page):
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)


def human_turn(page) -> str:
    """One decision of the human by clicks: a round-end 'next round', a
    decision button, a card put on a highlighted target, or a discard."""
    wait_idle(page)
    ack = page.locator("[data-ui='ack']")
    if ack.count():
        ack.click()
        return "ack"
    decide = page.locator(".sab-decide [data-action]")
    if decide.count():
        text = decide.first.get_attribute("data-action")
        decide.first.click()
        return text
    cards = page.locator("[data-hand] [data-card]")
    n = cards.count()
    if not n:
        return "none"
    codes = [cards.nth(i).get_attribute("data-card") for i in range(n)]
    for code in dict.fromkeys(codes):
        page.locator(f"[data-hand] [data-card='{code}']").first.click()
        target = page.locator("[data-board] [data-action], [data-region='side'] [data-action]")
        if target.count():
            text = target.first.get_attribute("data-action")
            target.first.click()
            return text
    discard = page.locator(".btn-discard[data-action]")
    if discard.count():
        text = discard.get_attribute("data-action")
        discard.click()
        return text
    return "none"


def test_full_three_round_game_against_bots_by_clicks(page):
    start_game(page, [("Ann", "human", None), ("Easy1", "bot", "easy"), ("Easy2", "bot", "easy")])
    svg = page.locator("[data-panzoom] svg")
    expect(svg).to_be_visible()
    # pan and zoom are pure view: the viewBox changes, the game does not
    fit = svg.get_attribute("data-fit")
    page.locator("[data-pz='in']").click()
    assert svg.get_attribute("viewBox") != fit
    page.locator("[data-panzoom]").focus()
    page.keyboard.press("0")
    assert svg.get_attribute("viewBox") == fit
    acks, moves = 0, 0
    while not page.locator("[data-gameover]").count():
        done = human_turn(page)
        if done == "ack":
            acks += 1
        elif done != "none":
            moves += 1
        assert moves < 400, "the game did not end"
        wait_idle(page)
        if done == "none" and not page.locator("[data-gameover]").count():
            # nothing to do for the human right now (a bot is about to move)
            page.wait_for_timeout(50)
    over = page.locator("[data-gameover]")
    expect(over).to_be_visible()
    for name in ("Ann", "Easy1", "Easy2"):
        expect(over).to_contain_text(name)
    expect(over).to_contain_text("round 3")
    assert acks == 2, acks  # rounds 1 and 2 ended with a pause; round 3 with the result
    assert moves > 5


def test_zoom_keeps_through_a_move_and_a_drag_is_not_a_click(page):
    start_game(page, [("Ann", "human", None), ("Bot", "bot", "easy"), ("Bot2", "bot", "easy")], seed="77")
    wait_idle(page)
    vp = page.locator("[data-panzoom]")
    svg = vp.locator("svg")
    box = vp.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -400)
    zoomed = svg.get_attribute("viewBox")
    assert zoomed != svg.get_attribute("data-fit")
    # selecting a card re-renders the board: the view stays where it was
    page.locator("[data-hand] [data-card]").first.click()
    expect(page.locator("[data-panzoom] svg")).to_have_attribute("viewBox", zoomed)
    # a drag that starts on a cell pans and plays nothing
    log_before = page.locator("[data-log] li").count()
    vp.scroll_into_view_if_needed()
    box = vp.bounding_box()  # the click on the hand may have scrolled the page
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 20, steps=5)
    page.mouse.up()
    assert page.locator("[data-panzoom] svg").get_attribute("viewBox") != zoomed
    assert page.locator("[data-log] li").count() == log_before


def test_hot_seat_curtain_hides_the_other_humans_role(page):
    start_game(page, [("Ann", "human", None), ("Bo", "human", None), ("Bot", "bot", "easy")], seed="5")
    curtain = page.locator("#curtain")
    roles = {}
    for _turn in range(4):
        wait_idle(page)
        if page.locator("[data-ui='ack']").count():
            page.locator("[data-ui='ack']").click()
        expect(curtain).to_be_visible()
        # nothing private in the DOM while the curtain is up
        expect(page.locator("[data-my-role]")).to_have_count(0)
        expect(page.locator("[data-role]")).to_have_count(0)
        expect(page.locator("[data-hand] [data-card]")).to_have_count(0)
        expect(page.locator(".seen")).to_have_count(0)
        name = curtain.locator("h2").inner_text()
        who = "Ann" if "Ann" in name else "Bo"
        curtain.locator("[data-ui='reveal']").click()
        badge = page.locator("[data-my-role]")
        expect(badge).to_have_count(1)
        roles[who] = badge.get_attribute("data-my-role")
        # the other human's role is nowhere in the page's hooks
        expect(page.locator("[data-role]")).to_have_count(1)  # the own badge in the players list
        human_turn(page)
    assert set(roles) == {"Ann", "Bo"}


def test_log_and_seats_kept_up_to_date_by_parts_match_a_fresh_render(page):
    """After bot moves the log gets only its new lines and the seats are
    replaced only when they changed (src/app/dom.py); a reload renders the
    whole screen: both must show exactly the same."""
    start_game(page, [("Ann", "human", None)] + [(f"Bot{i}", "bot", "easy") for i in range(1, 5)], seed="31")
    moves = 0
    while moves < 6:
        done = human_turn(page)
        moves += done not in ("ack", "none")
        assert not page.locator("[data-gameover]").count()
    wait_idle(page)
    if page.locator("[data-ui='ack']").count():  # a round's end: a reload would go on past it
        page.locator("[data-ui='ack']").click()
        human_turn(page)
        wait_idle(page)
    assert page.locator("[data-ui='ack']").count() == 0
    log = page.locator("[data-region='log']").inner_html()
    seats = page.locator("[data-region='seats']").inner_html()
    assert page.locator("[data-log] li").count() > 20
    page.reload()
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    assert page.locator("[data-region='log']").inner_html() == log
    assert page.locator("[data-region='seats']").inner_html() == seats
