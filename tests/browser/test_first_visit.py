"""A first visit downloads the core (app.zip) and the opened game's own part
only (static/build/game-<id>.zip; docs/build.md, "The games' parts"): not
the other games' parts before the game is playable. Another game's part comes
when it is opened; one that cannot come (offline) is said kindly, in EN and DE.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from support import a11y
from support import browser as sb

from spieltisch.games import GAMES

BOARD = "#app[data-screen='play'] [data-board]"
PART = re.compile(r"/static/build/game-([a-z0-9_]+)\.zip$")


def _registered() -> list[str]:
    ids = list(GAMES)
    assert ids, "the registry lists no game"
    return ids


def _ready(page) -> None:
    expect(page.locator("html[data-ready='1']")).to_be_attached(timeout=sb.READY_TIMEOUT_MS)


def _recording(page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url.split("?")[0]))
    return urls


def _parts(urls: list[str]) -> list[str]:
    return [m.group(1) for u in urls if (m := PART.search(u))]


def _start_new(page, game_id: str) -> None:
    expect(page.locator("#app[data-screen='new'] [data-ui='start']")).to_be_visible(timeout=60_000)
    page.locator("#app[data-screen='new'] [data-ui='start']").click()
    page.locator(BOARD).wait_for(state="attached", timeout=60_000)


def test_a_game_page_fetches_the_core_and_that_games_part_only(site_url, new_page):
    """#/new/<id> on a cold first visit (no service worker): app.zip and
    game-<id>.zip, once, and no other game's part, until its board is on screen."""
    ids = _registered()
    game_id = ids[1] if len(ids) > 1 else ids[0]  # not the hub's first: nothing favours it
    page = new_page()
    urls = _recording(page)
    page.goto(site_url + f"index.html?botdelay=0#/new/{game_id}")
    _ready(page)
    _start_new(page, game_id)
    assert any(u.endswith("/static/build/app.zip") for u in urls), urls
    assert _parts(urls) == [game_id], _parts(urls)
    # fetched by static/js/runtime.mjs while Python started: no import had to wait for it
    assert f"game-part:{game_id}" in page.evaluate("window.spieltischBoot")
    sb.check_page(page)


def test_the_hub_fetches_no_part_and_a_tile_fetches_its_own(site_url, new_page):
    """The hub shows every game (titles, covers, players, minutes) from app.zip
    alone; opening a tile's new game fetches that game's part, not another's."""
    ids = _registered()
    page = new_page()
    urls = _recording(page)
    page.goto(site_url + "index.html?botdelay=0")
    _ready(page)
    expect(page.locator("[data-game-card]")).to_have_count(len(ids))
    for gid in ids:
        expect(page.locator(f"[data-game-card='{gid}'] [data-ui='new:{gid}']")).to_have_count(1)
    assert _parts(urls) == []
    game_id = ids[-1]
    page.locator(f"[data-ui='new:{game_id}']").first.click()
    _start_new(page, game_id)
    assert _parts(urls) == [game_id]
    sb.check_page(page)


def test_a_part_that_cannot_come_is_said_kindly(site_url, new_page):
    """Offline before a game was ever opened here: its screen says so in the
    page's language (game.missing; EN light, DE dark, axe-clean), no
    traceback; the hub still works, and once the part can come the game opens."""
    from spieltisch.i18n import t

    ids = _registered()
    game_id = ids[0]
    for lang in ("en", "de"):
        page = new_page(locale="de-DE" if lang == "de" else "en-GB", color_scheme="dark" if lang == "de" else "light")
        blocked = {"on": True}

        def route(r, _request=None, blocked=blocked):
            if blocked["on"]:
                r.abort("internetdisconnected")
            else:
                r.continue_()

        page.route(re.compile(r".*/static/build/game-.*\.zip$"), route)
        page.goto(site_url + "index.html?botdelay=0")
        _ready(page)
        page.locator(f"[data-ui='new:{game_id}']").first.click()
        title = t(lang, f"game.{game_id}.title")
        expect(page.locator("#app .notice")).to_contain_text(t(lang, "game.missing", game=title), timeout=60_000)
        expect(page.locator(".py-error")).to_have_count(0)
        assert page.page_errors == []
        found = a11y.scan(page)
        assert a11y.count(found) == 0, a11y.describe(found)
        page.locator("#app .notice [data-ui='hub']").click()
        expect(page.locator("#app[data-screen='hub']")).to_be_attached()
        blocked["on"] = False
        page.locator(f"[data-ui='new:{game_id}']").first.click()
        _start_new(page, game_id)
        page.unroute(re.compile(r".*/static/build/game-.*\.zip$"))


def test_a_position_link_on_a_first_visit_fetches_its_games_part(site_url, new_page):
    """A position link names its game only inside the code, so runtime.mjs
    cannot fetch the part early: app.parts' finder fetches it at the game's
    first import (a synchronous request, online), and the position opens."""
    ids = _registered()
    game_id = ids[-1]
    page = new_page()
    urls = _recording(page)
    page.goto(site_url + "index.html?botdelay=0#/position/" + a11y.mid_game_link(game_id))
    _ready(page)
    page.locator(BOARD).wait_for(state="attached", timeout=60_000)
    assert _parts(urls) == [game_id]
    expect(page.locator("#app .notice")).to_have_count(0)
    sb.check_page(page)
