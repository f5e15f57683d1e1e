#!/usr/bin/env python3
"""Benchmark: one table, many devices (issue 30).

Part 1, the protocol (src/spieltisch/net/) on CPython over an in-memory wire:
a whole Saboteur game with 4 and with 10 devices, every seat on its own
device picking a random legal move. Per move it takes the time from the
device's click (``DeviceSession.act``) until every device has taken the
host's update and the acknowledgements are back (the host's and the devices'
work, no network), and the bytes host -> devices and device -> host.

Part 2 (``--browser``), real data channels in headless Chromium with no ICE
server (static/js/net.js, tests/pages/net_pair.html): the time from the
device reading the host's code to an open channel on both sides (what
follows a scan), the code lengths and, with ``segno`` installed (``pip
install segno``), the QR version of the link ``<site>#/join/<code>`` and of
the bare code, error correction L and M.

    nice -n 10 python3 bench/net.py [--games 3] [--browser] [--site https://example.org/spieltisch/]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tests"))

from spieltisch.core import Match, Seat
from spieltisch.core.rng import Rng
from spieltisch.games import GAMES
from spieltisch.net import DeviceSession, HostSession


def play(game_id: str, seats: int, seed: int):
    match = Match(GAMES[game_id], [Seat(f"P{i}") for i in range(seats)], seed=seed)
    host = HostSession(match, range(seats))
    devices = {s: DeviceSession(host.join_code(s)) for s in range(seats)}
    down = [0]
    up = [0]

    def deliver(wire):
        queue = list(wire)
        while queue:
            conn, text = queue.pop(0)
            down[0] += len(text.encode())
            for answer in devices[conn].receive(text):
                up[0] += len(answer.encode())
                queue += host.receive(conn, answer)

    for s in range(seats):
        deliver(host.connect(s))
    rng = Rng(seed)
    times, bytes_down, bytes_up = [], [], []
    while not match.is_over:
        seat = next(s for s, d in devices.items() if d.my_turn)
        legal = devices[seat].legal
        down[0] = up[0] = 0
        t0 = time.perf_counter()
        for text in devices[seat].act(legal[rng.below(len(legal))]):
            up[0] += len(text.encode())
            deliver(host.receive(seat, text))
        times.append((time.perf_counter() - t0) * 1000)
        bytes_down.append(down[0])
        bytes_up.append(up[0])
    return times, bytes_down, bytes_up


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def part1(games: int) -> None:
    print("| devices | moves | round trip p50 ms | p95 ms | bytes to all devices per move (median) "
          "| bytes from the device per move (median) |")
    print("|---:|---:|---:|---:|---:|---:|")
    for seats in (4, 10):
        times, down, up = [], [], []
        for seed in range(1, games + 1):
            t, d, u = play("saboteur", seats, seed)
            times += t
            down += d
            up += u
        print(f"| {seats} | {len(times)} | {pct(times, 50):.2f} | {pct(times, 95):.2f} "
              f"| {statistics.median(down):.0f} | {statistics.median(up):.0f} |")


def qr_versions(page, text: str) -> str:
    """The version of the QR code static/js/qr.js draws for text, at least level L and M."""
    return ", ".join(f"{lv}: {page.evaluate('([t, l]) => qrTest.qr.qrInfo(t, {level: l}).version', [text, lv])}"
                     for lv in ("L", "M"))


def part2(site: str, n: int) -> None:
    from playwright.sync_api import sync_playwright
    from support import browser as sb

    server, url = sb.start_site()
    try:
        with sync_playwright() as pw:
            chromium = sb.launch_chromium(pw)
            rows = []
            for _ in range(n):
                pages = []
                for _k in range(2):
                    page = sb.open_page(chromium)
                    page.goto(url + "tests/pages/net_pair.html")
                    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=30_000)
                    pages.append(page)
                host, device = pages
                offer = host.evaluate("netTest.host([])")
                t0 = time.perf_counter()
                answer = device.evaluate("code => netTest.join(code, [])", offer)
                t_answer = time.perf_counter()
                host.evaluate("code => netTest.accept(code)", answer)
                for p in pages:
                    p.wait_for_function("netTest.opened()", timeout=20_000)
                t_open = time.perf_counter()
                rows.append((offer, answer, (t_answer - t0) * 1000, (t_open - t_answer) * 1000))
                for p in pages:
                    assert p.outside_requests == [], p.outside_requests
                    p.context.close()
            qr_page = sb.open_page(chromium)
            qr_page.goto(url + "tests/pages/net_qr.html")
            qr_page.locator("body[data-ready='1']").wait_for(state="attached", timeout=30_000)
            print("\n| code | digits (median) | QR version of the bare code | QR version of the link |")
            print("|---|---:|---|---|")
            for k, name in ((0, "offer (host)"), (1, "answer (device)")):
                sample = rows[len(rows) // 2][k]
                chars = statistics.median(len(r[k]) for r in rows)
                link = site.rstrip("/") + "/#/join/" + sample
                print(f"| {name} | {chars:.0f} | {qr_versions(qr_page, sample)} "
                      f"| {qr_versions(qr_page, link)} ({len(link)} characters) |")
            chromium.close()
    finally:
        sb.stop_site(server)
    print(f"\nscan to connected ({n} pairings): device makes its answer "
          f"p50 {pct([r[2] for r in rows], 50):.0f} ms; answer taken to channel open "
          f"p50 {pct([r[3] for r in rows], 50):.0f} ms, max {max(r[3] for r in rows):.0f} ms")


def part3(n: int) -> None:
    import tempfile

    from playwright.sync_api import sync_playwright
    from support import browser as sb
    from support.camera import camera_browser, camera_join, open_camera_page
    from support.y4m import write_blank_y4m

    server, url = sb.start_site()
    rows = []
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            for k in range(n):
                cams = [write_blank_y4m(Path(tmp) / f"host{k}.y4m"), write_blank_y4m(Path(tmp) / f"device{k}.y4m")]
                browsers = [camera_browser(pw.chromium, c) for c in cams]
                try:
                    host, device = (open_camera_page(b, url, intercept=False) for b in browsers)
                    run = camera_join(host, device, *cams)
                    for p in (host, device):
                        sb.check_page(p)
                    d, h = run["device_times"], run["host_times"]
                    rows.append((run["seconds"] * 1000, d["read"] - d["scan"], h["read"] - h["scan"]))
                finally:
                    for b in browsers:
                        b.close()
    finally:
        sb.stop_site(server)
    print(f"\ncamera join ({n} runs, two Chromium processes, fake cameras): scan to connected "
          f"p50 {pct([r[0] for r in rows], 50):.0f} ms, max {max(r[0] for r in rows):.0f} ms; "
          f"the device's camera read the link in p50 {pct([r[1] for r in rows], 50):.0f} ms, "
          f"the host's read the answer in p50 {pct([r[2] for r in rows], 50):.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--browser", action="store_true")
    ap.add_argument("--camera", action="store_true")
    ap.add_argument("--pairings", type=int, default=5)
    ap.add_argument("--site", default="https://example.org/spieltisch/")
    args = ap.parse_args()
    print(f"# bench/net.py on {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}\n")
    part1(args.games)
    if args.browser:
        part2(args.site, args.pairings)
    if args.camera:
        part3(args.pairings)


if __name__ == "__main__":
    main()
