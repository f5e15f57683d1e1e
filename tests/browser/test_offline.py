"""Offline play through the service worker (sw.js, docs/offline.md).

Each test serves its own copy of the site (tests/support/site_copy.py) on its
own port, with service workers allowed (open_page blocks them by default).

(a) after one visit: offline, reload (the saved game's snapshot painted
    before Python), a whole game vs bots, resume a save.
(b) a new version deployed: the open page keeps its version, shows the update
    notice, and after "Reload" everything comes from the new version's cache.
(c) without service workers the page says offline play is unavailable.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.play import READY, human_move, play_to_end, start_game, wait_idle
from support.site_copy import copy_site, rebuild_sw

BOOT_MS = sb.READY_TIMEOUT_MS
SW_MS = 120_000  # the first install fetches and hashes ~15 MB


@pytest.fixture
def site_copy(tmp_path):
    root = copy_site(tmp_path / "site")
    server, url = sb.start_site_at(root)
    yield root, url
    sb.stop_site(server)


def open_sw_page(browser, url):
    page = sb.open_page(browser, service_workers="allow", viewport={"width": 1200, "height": 900})
    page.responses = []
    page.on("response", lambda r: page.responses.append(r))
    page.goto(url)
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(page.locator("html[data-offline='ready']")).to_be_attached(timeout=SW_MS)
    expect(page.locator("html[data-version]")).to_be_attached(timeout=SW_MS)
    return page


def test_offline_after_one_visit(browser, site_copy):
    _root, url = site_copy
    page = open_sw_page(browser, url + "index.html?botdelay=0")
    # a first visit starts Python the ordinary way: the page never asks for
    # the runtime image (the worker fetches it, after interactive, for the next visit)
    assert "runtime-image" not in page.evaluate("window.spieltischBoot")
    assert [r.url for r in page.responses if "/runtime-image-" in r.url] == []
    # a game in progress, saved, to resume later offline
    start_game(page, [("Ann", "human", None), ("Bot", "bot", "easy")])
    for _ in range(4):
        human_move(page)
    wait_idle(page)
    saved_slot = page.url.split("#/play/")[1]
    board = page.locator("[data-board]").inner_text()
    hand = page.locator("[data-hand]").inner_text()

    # its resume snapshot (static/js/resume.js) is stored ...
    page.wait_for_function("(k) => localStorage.getItem(k) !== null", arg="spieltisch.snap." + saved_slot)

    page.context.set_offline(True)
    page.responses.clear()
    # ... and painted offline before Python is ready, then the live game (issue 15)
    page.reload()
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    order = page.evaluate("window.spieltischBoot")
    assert order.index("snapshot-painted") < order.index("py:ready") < order.index("interactive"), order
    # the visit after: the worker controls the page and holds the image, so Python is restored from it
    assert "runtime-image" in order and "runtime-image-failed" not in order, order
    assert page.locator("[data-board]").inner_text() == board
    assert page.locator("#app[inert]").count() == 0
    page.goto(url + "index.html?botdelay=0#/")
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    # a whole new game vs bots, offline
    start_game(page, [("Cleo", "human", None), ("Easy", "bot", "easy"), ("Normal", "bot", "normal")], seed="77")
    play_to_end(page)
    expect(page.locator("[data-gameover]")).to_contain_text("Cleo")
    # resume the first game, offline
    page.locator("[data-gameover] [data-ui='hub']").click()
    page.locator(f"[data-ui='continue:{saved_slot}']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    assert page.locator("[data-board]").inner_text() == board
    assert page.locator("[data-hand]").inner_text() == hand
    human_move(page)
    wait_idle(page)

    served = [r for r in page.responses if r.url.startswith(url)]
    assert served, "no responses recorded"
    not_sw = [r.url for r in served if not r.from_service_worker]
    assert not_sw == [], f"offline responses not from the service worker: {not_sw}"
    assert all(r.status == 200 for r in served), [(r.url, r.status) for r in served if r.status != 200]
    sb.check_page(page)
    page.context.close()


def test_new_version_replaces_the_old_cleanly(browser, site_copy):
    root, url = site_copy
    page = open_sw_page(browser, url + "index.html?botdelay=0")
    old = page.locator("html").get_attribute("data-version")

    # deploy: a changed page and stylesheet, a new precache list
    index = root / "index.html"
    index.write_text(index.read_text().replace('<html lang="en">', '<html lang="en" data-build="two">', 1))
    css = root / "static" / "build" / "page.css"  # the shells' one stylesheet (tools/build.py)
    css.write_text(css.read_text() + "\n/* deploy two */\n")
    new = rebuild_sw(root)
    assert new != old

    page.reload()
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    # the open page still runs the old version, whole, and offers the update
    note = page.locator("#offline-note [data-offline-text='update']")
    expect(note).to_be_visible(timeout=SW_MS)
    assert page.locator("html").get_attribute("data-version") == old
    expect(page.locator("html[data-build]")).to_have_count(0)

    page.responses.clear()
    with page.expect_navigation(timeout=BOOT_MS):
        page.locator("#offline-reload").click()
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(page.locator("html[data-build='two']")).to_be_attached()
    expect(page.locator(f"html[data-version='{new}']")).to_be_attached(timeout=SW_MS)
    expect(page.locator("#offline-note")).to_be_hidden()

    served = [r for r in page.responses if r.url.startswith(url) and r.request.resource_type != "other"]
    css_bodies = [r.text() for r in served if r.url.endswith("/static/build/page.css")]
    assert css_bodies and all("deploy two" in b for b in css_bodies)
    assert all(r.from_service_worker for r in served if "sw-manifest" not in r.url and not r.url.endswith("sw.js"))
    caches = page.evaluate("async () => (await caches.keys()).filter(k => k.startsWith('spieltisch-'))")
    assert caches == [f"spieltisch-{new}"]
    sb.check_page(page)
    page.context.close()


def test_without_service_workers_the_page_says_so(site_url, new_page):
    page = new_page()  # service workers blocked, like a window that has none
    page.goto(site_url + "index.html")
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    expect(page.locator("html[data-offline='unavailable']")).to_be_attached()
    expect(page.locator("#offline-note [data-offline-text='unavailable']")).to_be_visible()
    expect(page.locator("[data-game-card='hexen_cocktail']")).to_be_visible()
    sb.check_page(page)


@pytest.mark.parametrize("query", ["", "&image=0"])
def test_every_game_opens_offline_after_one_visit_to_the_hub(browser, site_copy, query):
    """One visit to the hub fetched no game's own part (docs/build.md, "The
    games' parts"), but the service worker precached them all: offline, each
    game's new game starts (from the runtime image, and without it), and its
    rules page shows its try-it links (a data file of its part)."""
    from spieltisch.games import GAMES

    _root, url = site_copy
    ids = list(GAMES)
    assert ids, "the registry lists no game"
    page = open_sw_page(browser, url + "index.html?botdelay=0")
    assert not [r.url for r in page.responses if "/static/build/game-" in r.url]
    page.context.set_offline(True)
    page.responses.clear()
    page.goto(url + f"index.html?botdelay=0{query}#/")
    page.reload()  # a new load (the goto may have changed the hash only)
    expect(page.locator(READY)).to_be_attached(timeout=BOOT_MS)
    order = page.evaluate("window.spieltischBoot")
    assert ("runtime-image" in order) == (query == ""), order
    for gid in ids:
        assert f"game-part:{gid}" in order, order  # unpacked before Python started the app
    for gid in ids:
        page.goto(url + f"index.html?botdelay=0{query}#/new/{gid}")
        expect(page.locator("#app[data-screen='new'] [data-ui='start']")).to_be_visible(timeout=60_000)
        page.locator("#app[data-screen='new'] [data-ui='start']").click()
        page.locator("#app[data-screen='play'] [data-board]").wait_for(state="attached", timeout=60_000)
        page.goto(url + f"index.html?botdelay=0{query}#/rules/{gid}")
        expect(page.locator("#app[data-screen='rules']")).to_be_attached(timeout=60_000)
        expect(page.locator("#app .notice")).to_have_count(0)
    served = [r for r in page.responses if r.url.startswith(url)]
    assert served and all(r.from_service_worker for r in served), [r.url for r in served if not r.from_service_worker]
    sb.check_page(page)
    page.context.close()
