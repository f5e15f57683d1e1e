"""Issue 30: real WebRTC data channels between separate browser contexts, with
no ICE server (static/js/net.js): the host's offer and the device's answer go
through the short codes only, and a whole game is played over the channels
(the host and device sessions of src/spieltisch/net/ run in this test's
Python; each page only carries the texts)."""

from __future__ import annotations

import time

from support import browser as sb
from support.netpair import open_pair_page, pair, relay_game

from spieltisch.games import GAMES


def test_two_contexts_connect_with_short_codes_and_no_ice_server(site_url, new_page):
    host_page = open_pair_page(new_page, site_url)
    device_page = open_pair_page(new_page, site_url)
    offer, answer = pair(host_page, device_page)
    assert len(offer) <= 185 and len(answer) <= 185, (offer, answer)  # digits: tests/browser/test_qr.py
    assert offer.isdigit() and answer.isdigit()  # a packed code, not an SDP
    host_page.evaluate("netTest.send(['ping from the table'])")
    deadline = time.monotonic() + 10
    got = []
    while not got and time.monotonic() < deadline:
        got = device_page.evaluate("netTest.take()")
    assert got == ["ping from the table"]
    for p in (host_page, device_page):
        assert p.outside_requests == []
        sb.check_page(p)


def test_code_round_trip_rebuilds_a_valid_description(site_url, new_page):
    """The byte layout itself is tested in tests/browser/test_qr.py; here the link helpers."""
    page = open_pair_page(new_page, site_url)
    out = page.evaluate("""() => {
        const {pack, unpack, joinLink, codeFromLink} = netTest.net;
        const fp = Array.from({length: 32}, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':');
        const sdp = ['v=0', 'a=ice-ufrag:abcd', 'a=ice-pwd:abcdefghijklmnopqrstuv', 'a=fingerprint:sha-256 ' + fp,
                     'a=setup:actpass',
                     'a=candidate:1 1 udp 2113937151 0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0.local 50000 typ host',
                     ''].join('\\r\\n');
        const code = pack({type: 'offer', sdp});
        const back = unpack(code);
        const link = joinLink('https://example.org/spieltisch/#/hub', code);
        return {code, back, same: codeFromLink(link) === code, link};
    }""")
    assert out["same"]
    assert out["link"] == "https://example.org/spieltisch/#/join/" + out["code"]
    sdp = out["back"]["sdp"]
    assert out["back"]["type"] == "offer"
    for want in ("a=ice-ufrag:abcd", "a=ice-pwd:abcdefghijklmnopqrstuv", "a=setup:actpass",
                 "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0.local 50000 typ host", "a=fingerprint:sha-256 00:01:02"):
        assert want in sdp, want


def test_a_whole_game_over_real_data_channels(site_url, new_page):
    game_id = next(iter(GAMES))
    seats = 2
    host_pages, device_pages = {}, {}
    for s in range(seats):
        host_pages[s] = open_pair_page(new_page, site_url)
        device_pages[s] = open_pair_page(new_page, site_url)
        pair(host_pages[s], device_pages[s])
    host, devices = relay_game(host_pages, device_pages, game_id, seats, seed=3)
    assert host.match.is_over
    for s, d in devices.items():
        assert d.view == host.screen(s)["view"] and not d.refusals and not d.errors
    for p in list(host_pages.values()) + list(device_pages.values()):
        assert p.outside_requests == []


def test_saboteur_with_four_devices_and_the_table(site_url, new_page):
    """Four phones over real channels, the host page as the table: the table
    shows only what everyone may see (the spectator view)."""
    seats = 4
    host_pages, device_pages = {}, {}
    for s in range(seats):
        host_pages[s] = open_pair_page(new_page, site_url)
        device_pages[s] = open_pair_page(new_page, site_url)
        pair(host_pages[s], device_pages[s])
    host, devices = relay_game(host_pages, device_pages, "saboteur", seats, seed=2)
    m = host.match
    assert m.is_over
    table = host.table()
    assert table["view"] == m.game.view(m.state, None) and table["legal"] == []
    for s, d in devices.items():
        assert d.view == host.screen(s)["view"] != table["view"]
        assert not d.refusals and not d.errors
