#!/usr/bin/env python3
"""Time to interactive of the site: first visit vs second visit with the
service worker warm, and the precache size (figures in docs/performance.md).

Each round uses a fresh browser context (empty HTTP cache, no worker):

  first      index.html, nothing cached; the worker installs meanwhile
  sw-warm    the same context, a new tab, after the worker is active:
             everything comes from the service worker's cache
  http-warm  another fresh context with service workers blocked, second
             load: the HTTP cache only (the dev server says no-cache, so
             every file is revalidated with a 304)

TTI = performance.getEntriesByName("spieltisch:interactive") (ms since
navigation start). *Playable* = a new game's board on screen: after TTI the
bench opens the new-game screen of ``--game`` and starts it with the form's
defaults (Playwright's clicks included, tens of ms), ms since navigation
start. The site is served from a private copy (tests/support/site_copy.py)
so concurrent rebuilds cannot make the precache stale, with the build's
``FILE.gz`` copies sent as ``Content-Encoding: gzip`` (tools/serve.py
``--gzip``, as a static host with gzip_static; ``--no-gzip``: as they are).
The first round's requests up to playable are listed with their bytes over
the wire.

    python3 bench/offline.py [-n 5] [--mbps 20] [--cpu 4] [--query image=0] [--no-gzip] [--old DIR]

``--old DIR`` measures another built checkout (say main's, cloned and set up
in /tmp) in the same run, its rounds interleaved with this one's.

``--cpu 4`` slows the page's CPU four times (Chrome's CPU throttling, a
rough stand-in for a phone); ``--query image=0`` loads the page without the
runtime image (static/js/runtime.mjs), for a side-by-side.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb
from support.site_copy import copy_site

READY = "html[data-ready='1']"
TTI_JS = "() => performance.getEntriesByName('spieltisch:interactive')[0]?.startTime ?? null"


WIRE: list[float] = []  # bytes over the wire before interactive, one per load (Network.loadingFinished)
PLAYABLE: list[tuple[float, float, dict]] = []  # (ms, bytes, {url: bytes}) up to a new game's board


def load(context, url: str, mbps: float | None = None, cpu: float | None = None,
         game: str | None = None) -> float:
    """TTI of one load; with ``game``, also start a new game of it and note
    in PLAYABLE when its board is there and what came over the wire until then."""
    from playwright.sync_api import expect

    page = context.new_page()
    if cpu:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    wire = [0.0]
    urls: dict[str, str] = {}
    per: dict[str, float] = {}

    def finished(event):
        wire[0] += event["encodedDataLength"]
        name = urls.get(event["requestId"], "?")
        per[name] = per.get(name, 0) + event["encodedDataLength"]

    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"].split("?")[0]))
    cdp.on("Network.loadingFinished", finished)
    if mbps:
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 40,
            "downloadThroughput": mbps * 1e6 / 8, "uploadThroughput": mbps * 1e6 / 8,
        })
    page.goto(url)
    expect(page.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    WIRE.append(wire[0])
    tti = page.evaluate(TTI_JS)
    if game:
        page.locator(f"[data-ui='new:{game}']").first.click()
        page.locator("#app[data-screen='new'] [data-ui='start']").click()
        page.locator("#app[data-screen='play'] [data-board]").wait_for(state="attached", timeout=120_000)
        PLAYABLE.append((page.evaluate("performance.now()"), wire[0], dict(per)))
    page.close()
    return float(tti)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--mbps", type=float, default=None,
                    help="emulate a network of this many Mbit/s and 40 ms latency (default: none)")
    ap.add_argument("--cpu", type=float, default=None, help="slow the page's CPU this many times (default: not)")
    ap.add_argument("--query", default="", help="more of the page's query string, e.g. image=0")
    ap.add_argument("--game", default="hexen_cocktail", help="the new game the first visit starts (playable)")
    ap.add_argument("--no-gzip", action="store_true", help="serve every file as it is (no FILE.gz copies)")
    ap.add_argument("--old", default=None,
                    help="another built checkout (e.g. /tmp/old) measured in the same run, rounds interleaved")
    args = ap.parse_args()
    from playwright.sync_api import expect, sync_playwright

    sources = [("new", REPO)] + ([("old", Path(args.old).resolve())] if args.old else [])
    sites = {}
    with tempfile.TemporaryDirectory(prefix="spieltisch-bench-") as tmp:
        try:
            for label, source in sources:
                root = copy_site(Path(tmp) / label, compressed=not args.no_gzip, source=source)
                server, url = sb.start_site_at(root, gzip=not args.no_gzip)
                sites[label] = {"server": server, "url": url,
                                "precache": json.loads((root / "static" / "build" / "precache.json").read_text()),
                                "page": url + "index.html?botdelay=0" + (f"&{args.query}" if args.query else ""),
                                "results": {"first": [], "sw-warm": [], "http-warm": []},
                                "wire": [], "playable": []}
            with sync_playwright() as pw:
                browser = sb.launch_chromium(pw)
                for i in range(args.n):
                    order = list(sites.values())
                    for site in order[i % len(order):] + order[:i % len(order)]:
                        page_url, results = site["page"], site["results"]
                        ctx = browser.new_context(service_workers="allow")
                        results["first"].append(load(ctx, page_url, args.mbps, args.cpu, args.game))
                        site["wire"].append(WIRE[-1])
                        site["playable"].append(PLAYABLE[-1])
                        probe = ctx.new_page()
                        probe.goto(page_url)
                        expect(probe.locator("html[data-offline='ready']")).to_be_attached(timeout=180_000)
                        probe.close()
                        results["sw-warm"].append(load(ctx, page_url, args.mbps, args.cpu))
                        ctx.close()
                        ctx = browser.new_context(service_workers="block")
                        load(ctx, page_url, args.mbps, args.cpu)
                        results["http-warm"].append(load(ctx, page_url, args.mbps, args.cpu))
                        ctx.close()
                browser.close()
        finally:
            for site in sites.values():
                sb.stop_site(site["server"])

    net = f"{args.mbps:g} Mbit/s + 40 ms" if args.mbps else "no throttling (127.0.0.1)"
    cpu = f"; CPU slowed {args.cpu:g}x" if args.cpu else ""
    query = f"; page query +{args.query}" if args.query else ""
    served = "as served" if args.no_gzip else "gzip where the build has a .gz copy"
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; network: {net}{cpu}{query}; "
          f"{served}; {args.n} round(s)")
    for label, site in sites.items():
        precache, playable_runs = site["precache"], site["playable"]
        print(f"\n## {label} ({dict(sources)[label]})")
        print(f"precache: version {precache['version']}, {len(precache['files'])} files, "
              f"{precache['bytes']:,} bytes ({precache['bytes'] / 2**20:.1f} MiB)")
        print(f"first visit, bytes over the wire before interactive: median {statistics.median(site['wire']) / 1e6:.2f} MB")
        playable = [ms for ms, _, _ in playable_runs]
        print(f"first visit, a new {args.game} playable (its board on screen): median {statistics.median(playable):.0f} ms "
              f"({min(playable):.0f}-{max(playable):.0f}), "
              f"{statistics.median(b for _, b, _ in playable_runs) / 1e6:.2f} MB over the wire before it")
        _, total, per = playable_runs[0]
        print(f"first round, requests up to playable ({total:,.0f} bytes; the largest first):")
        print("| bytes | request |")
        print("|---:|---|")
        for name, size in sorted(per.items(), key=lambda kv: -kv[1]):
            if size >= 10_000:
                print(f"| {size:,.0f} | {name.replace(site['url'], '/')} |")
        small = [size for size in per.values() if size < 10_000]
        print(f"| {sum(small):,.0f} | {len(small)} requests under 10 kB |")
        first = statistics.median(site["results"]["first"])
        print("| load | median ms | min | max | × first |")
        print("|---|---:|---:|---:|---:|")
        for name, values in site["results"].items():
            med = statistics.median(values)
            print(f"| {name} | {med:.0f} | {min(values):.0f} | {max(values):.0f} | {med / first:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
