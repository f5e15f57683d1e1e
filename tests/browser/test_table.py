"""Issue 30, the screens over real data channels (no ICE server): the host's
page runs HostSession in its Pyodide, each device's page (opened from the
host's link, in a browser context of its own) runs DeviceSession in its
Pyodide and plays its seat by its own clicks; the texts travel through
static/js/table.js and net.js only. tests/support/tablepages.py drives it;
tests/ui/test_table_screens.py is the same flow in CPython."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import a11y
from support import browser as sb
from support import tablepages as tp
from support.registry import GAME_IDS
from support.tablepages import check_only_own_seat, host_save

from spieltisch.core.rng import Rng
from spieltisch.games import GAMES
from spieltisch.ui.table_device import parse_payload

OPTIONS = {"potions_brew": {"short": True}}  # the short game: the suite's time is shared
# Saboteur with four devices plus the table (issue 30); every other game with two devices
# (Saus und Braus: a phone per child)
DEVICES = {"saboteur": 4}


@pytest.fixture(scope="module")
def pages(browser, site_url):
    """One host page and four device pages for the module (each boots once)."""
    made = {"host": tp.boot(browser, site_url)}
    for s in range(4):
        made[s] = tp.boot(browser, site_url)
    yield made
    for p in made.values():
        sb.close_page(p)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_on_the_devices_with_the_host_as_the_table(pages, game_id):
    """Every seat on its own device; the host's page is the table."""
    host = pages["host"]
    n = max(GAMES[game_id].info.min_players, DEVICES.get(game_id, 2))
    tp.start_host(host, game_id, ["device"] * n, options=OPTIONS.get(game_id))
    expect(host.locator(".net-table-note")).to_be_attached()  # no seat on this screen: the table
    devices = {s: pages[s] for s in range(n)}
    for s, d in devices.items():
        tp.join(host, d, s)
    moves = tp.play_to_end(host, devices, seed=7)
    assert moves > 0
    match = host_save(host)
    assert match.is_over
    assert len([e for e in match.log if e[0] in devices]) == moves  # every click played, none twice
    for seat, d in devices.items():
        assert check_only_own_seat(match, seat, tp.received(d)) > 0
        assert d.page_errors == [] and d.outside_requests == []
    if n > 2:  # the table shows only what everyone may see: no seat's hand on the host
        assert host.locator("[data-region='hand'] [data-card]").count() == 0


def test_a_device_page_closed_and_reopened_from_its_link_keeps_every_move(pages, site_url):
    """Two devices and a bot; after a few moves device 1's page is closed and
    opened again from the link the host then shows (its stored secret
    reclaims the seat); the game ends with every move kept."""
    host = pages["host"]
    tp.start_host(host, "hexen_cocktail", ["device", "device", "bot"], seed="9")
    devices = {0: pages[0], 1: pages[1]}
    for s, d in devices.items():
        tp.join(host, d, s)
    clicks = []
    rng = Rng(5)
    while len(clicks) < 4:
        done = tp.move(devices, rng)
        if done:
            clicks.append(done)
    before = host_save(host).log
    pages[1].goto("about:blank")  # the phone's page is closed
    expect(host.locator("[data-net-seat='1'] [data-net-state='away']")).to_be_attached(timeout=30_000)
    link = tp.seat_link(host, 1)
    got = parse_payload(link.split("#/join/", 1)[1])
    assert got is not None and got[1] == 1 and got[2] == "", \
        "a used code: the link carries no token, the secret reclaims the seat"
    tp.reload_with_link(pages[1], site_url, link)
    tp.answer(host, pages[1], 1)
    moves = tp.play_to_end(host, devices, seed=6)
    match = host_save(host)
    assert match.is_over and match.log[:len(before)] == before
    assert len([e for e in match.log if e[0] in devices]) == len(clicks) + moves


def test_the_new_screens_are_axe_clean_in_both_languages_light_and_dark(pages):
    """The host's seat panel (a seat connected, one waiting with its link and
    answer box), a device waiting for the host (its answer) and a device
    playing its seat: no serious or critical axe violation, EN/DE, light/dark."""
    host = pages["host"]
    tp.start_host(host, "saboteur", ["device", "device", "bot"], seed="4")
    tp.join(host, pages[0], 0)
    tp.open_link(pages[1], tp.seat_link(host, 1))
    expect(pages[1].locator("[data-net-answer]")).to_be_attached(timeout=30_000)
    # the codes are drawn as QR codes beside their text (static/js/qr.js through table.js)
    expect(host.locator("[data-net-seat='1'] .qr svg[role='img']")).to_be_visible(timeout=30_000)
    expect(pages[1].locator(".qr svg[role='img']")).to_be_visible(timeout=30_000)
    for lang in ("de", "en"):
        for page in (host, pages[0], pages[1]):
            page.locator(f"[data-ui='lang:{lang}']").first.click()
            expect(page.locator(f"html[lang='{lang}']")).to_be_attached()
        expect(pages[0].locator("[data-net-seat-screen]")).to_be_attached()
        for scheme in ("light", "dark"):
            for where, page in (("host", host), ("device", pages[0]), ("pairing", pages[1])):
                page.emulate_media(color_scheme=scheme)
                v = a11y.scan(page)
                assert a11y.count(v) == 0, f"{where} {lang} {scheme}:\n{a11y.describe(v)}"
    for page in (host, pages[0], pages[1]):
        page.emulate_media(color_scheme="light")
