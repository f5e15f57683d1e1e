#!/usr/bin/env python3
"""Benchmark: a move's round trip through the real screens (issue 30).

One host page and N device pages (browser contexts of one headless
Chromium, real data channels, no ICE server): the host starts a Saboteur
game with every seat on its own device (ui/table_host.py), each device
opens its link and the host takes its answer (ui/table_device.py). Then the
devices play random legal moves by their own click path
(tests/support/tablepages.py). Per move: from the click on the device
(``performance.timeOrigin + performance.now()`` just before it) until every
device has taken and drawn the host's update (the last message of the move
handled by its page's Python, which re-renders in the same task), and the
bytes the devices received for it. Pages of one Chromium share one clock.

    nice -n 10 python3 bench/net_browser.py [--devices 4 10] [--moves 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tests"))

from playwright.sync_api import sync_playwright
from support import browser as sb
from support import tablepages as tp

from spieltisch.core.rng import Rng

STAMPS = """() => { const s = window.spieltischTable.stamps; window.spieltischTable.stamps = []; return s; }"""
CLICK_AT = """text => { const t = performance.timeOrigin + performance.now(); (%s)(text); return t; }""" % tp.CLICK


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def run(browser, site_url, n: int, moves: int, seed: int) -> dict:
    host = tp.boot(browser, site_url)
    devices = {s: tp.boot(browser, site_url) for s in range(n)}
    tp.start_host(host, "saboteur", ["device"] * n, seed=str(seed))
    for s, d in devices.items():
        tp.join(host, d, s)
    for d in devices.values():
        d.evaluate("() => { window.spieltischTable.stamps = []; window.spieltischTable.stamp = true; }")
    rng = Rng(seed)
    trips, sizes = [], []
    while len(trips) < moves and not tp.over(host):
        mover = next(((s, t) for s, d in devices.items() if (t := tp.legal(d))), None)
        if mover is None:
            time.sleep(0.01)
            continue
        seat, texts = mover
        for d in devices.values():
            d.evaluate(STAMPS)
        t0 = devices[seat].evaluate(CLICK_AT, texts[rng.below(len(texts))])
        got = {s: [] for s in devices}
        quiet = time.monotonic()
        while time.monotonic() - quiet < 0.3 or not all(got.values()):
            for s, d in devices.items():
                new = d.evaluate(STAMPS)
                if new:
                    got[s] += new
                    quiet = time.monotonic()
            assert time.monotonic() - quiet < 30, "a device was not updated"
            time.sleep(0.01)
        trips.append(max(st[0] for v in got.values() for st in v) - t0)
        sizes.append(sum(st[1] for v in got.values() for st in v))
    for p in [host, *devices.values()]:
        sb.check_page(p)
        p.context.close()
    return {"devices": n, "moves": len(trips), "p50": pct(trips, 50), "p95": pct(trips, 95),
            "bytes": statistics.median(sizes)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--devices", type=int, nargs="+", default=[4, 10])
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    server, site_url = sb.start_site()
    try:
        with sync_playwright() as p:
            browser = sb.launch_chromium(p)
            print(f"load before: {os.getloadavg()[0]:.1f}")
            print("| devices | moves | round trip p50 ms | p95 ms | bytes to all devices per move (median) |")
            print("|---:|---:|---:|---:|---:|")
            for n in args.devices:
                r = run(browser, site_url, n, args.moves, args.seed)
                print(f"| {r['devices']} | {r['moves']} | {r['p50']:.0f} | {r['p95']:.0f} | {r['bytes']:.0f} |",
                      flush=True)
            print(f"load after: {os.getloadavg()[0]:.1f}")
            browser.close()
    finally:
        sb.stop_site(server)


if __name__ == "__main__":
    main()
