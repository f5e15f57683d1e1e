"""Playing Hexen Cocktail in the real page by clicks (for browser tests of
offline play, embedding and CSP). Locators only, so it works under a strict
CSP and inside frames (pass a FrameLocator as ``page``)."""

from __future__ import annotations

from playwright.sync_api import expect

READY = "html[data-ready='1']"


def wait_idle(page) -> None:
    expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)


def start_game(page, seats, seed: str = "4242", game_id: str = "hexen_cocktail") -> None:
    """From the hub or the new-game screen; seats: [(name, kind, level)]."""
    if not page.locator("#app[data-screen='new']").count():
        page.locator(f"[data-ui='new:{game_id}']").first.click()
    expect(page.locator("#app[data-screen='new']")).to_be_attached()
    page.locator("select[name=seats]").select_option(str(len(seats)))
    for i, (name, kind, level) in enumerate(seats):
        page.locator(f"input[name=seat-{i}-name]").fill(name)
        page.locator(f"select[name=seat-{i}-kind]").select_option(kind)
        if kind == "bot":
            page.locator(f"select[name=seat-{i}-level]").select_option(level)
    page.locator("input[name=seed]").fill(seed)
    page.locator("[data-ui='start']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()


def human_move(page) -> str:
    """One click: a legal [data-action] if any, else select a hand card."""
    wait_idle(page)
    acts = page.locator("#app [data-action]")
    if acts.count():
        el = acts.first
        text = el.get_attribute("data-action")
        el.click()
        return text
    el = page.locator("[data-hand] [data-ui^='select:']").first
    text = el.get_attribute("data-ui")
    el.click()
    return text


def play_to_end(page, limit: int = 400) -> None:
    clicks = 0
    while not page.locator("[data-gameover]").count():
        human_move(page)
        clicks += 1
        assert clicks < limit, "the game did not end"
        wait_idle(page)
    expect(page.locator("#app[data-screen='over']")).to_be_attached()
