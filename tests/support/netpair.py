"""Browser tests of issue 30: pages of tests/pages/net_pair.html paired by
their codes, and a whole game relayed over their data channels (the host and
device sessions run in the test's Python; the pages carry the texts)."""

from __future__ import annotations

import time

from spieltisch.core import Match, Seat
from spieltisch.core.rng import Rng
from spieltisch.games import GAMES
from spieltisch.net import DeviceSession, HostSession

PAGE = "tests/pages/net_pair.html"


def open_pair_page(new_page, site_url):
    page = new_page()
    page.goto(site_url + PAGE)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=30_000)
    return page


def pair(host_page, device_page):
    """Offer -> code -> answer -> code -> connected (returns both codes)."""
    offer = host_page.evaluate("netTest.host([])")
    answer = device_page.evaluate("code => netTest.join(code, [])", offer)
    host_page.evaluate("code => netTest.accept(code)", answer)
    for p in (host_page, device_page):
        p.wait_for_function("netTest.opened()", timeout=20_000)
    return offer, answer


def relay_game(host_page, device_pages, game_id, seats, seed):
    """Host and device sessions in Python; every text goes over the real channels."""
    match = Match(GAMES[game_id], [Seat(f"P{i}") for i in range(seats)], seed=seed)
    host = HostSession(match, range(seats))
    devices = {s: DeviceSession(host.join_code(s)) for s in range(seats)}
    conn = {s: ("chan", s) for s in range(seats)}
    host_pages = host_page  # one host page per seat (each holds one channel)

    def carry(wire):
        for c, text in wire:
            host_pages[c[1]].evaluate("t => netTest.send(t)", [text])

    def pump():
        busy = True
        while busy:
            busy = False
            for s, page in device_pages.items():
                for text in page.evaluate("netTest.take()"):
                    busy = True
                    answers = devices[s].receive(text)
                    if answers:
                        page.evaluate("t => netTest.send(t)", answers)
            for s, page in host_pages.items():
                for text in page.evaluate("netTest.take()"):
                    busy = True
                    carry(host.receive(conn[s], text))

    for s in range(seats):
        carry(host.connect(conn[s]))
    settle(pump, until=lambda: all(host.status(s) == "connected" and not host.outbox.get(s) for s in devices))
    rng = Rng(seed)
    moves = 0
    while not match.is_over:
        seat = next(s for s, d in devices.items() if d.my_turn)
        legal = devices[seat].legal
        device_pages[seat].evaluate("t => netTest.send(t)", devices[seat].act(legal[rng.below(len(legal))]))
        settle(pump, until=lambda: all(not host.outbox.get(s) and not d.pending for s, d in devices.items()))
        moves += 1
        assert moves < 2000
    settle(pump, until=lambda: all(d.screen.get("over") for d in devices.values()))
    return host, devices


def settle(pump, until=lambda: True, timeout=60.0):  # generous: 2 cores shared by several jobs
    deadline = time.monotonic() + timeout
    while True:
        pump()
        if until():
            return
        assert time.monotonic() < deadline, "the channel went quiet before the devices were up to date"
        time.sleep(0.02)
