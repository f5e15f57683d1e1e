#!/usr/bin/env python3
"""A blog post with five click-to-play figures (tests/pages/blog_diagrams.html):
what it costs before any click, and how long a click takes to a playable
frame (figures in docs/performance.md).

Each round uses a fresh browser context (empty cache, no service worker):

  page      bytes transferred (navigation + resources; the diagrams are data:
            images inside the page), requests, first contentful paint and the
            load event, before any click
  click     "Play from here" on the first figure -> the embed's first board
            with a legal move to click ([data-hand] [data-ui^='select:']),
            measured in the page (performance.now() at the click, polled)

    nice -n 10 python3 bench/blog_embeds.py [-n 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb

PAGE = "tests/pages/blog_diagrams.html"
PAINT_JS = """() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  const all = [nav].concat(performance.getEntriesByType('resource'));
  return {fcp: fcp ? fcp.startTime : null, load: nav.loadEventEnd,
          bytes: all.reduce((s, e) => s + (e.transferSize || e.encodedBodySize || 0), 0),
          requests: all.length};
}"""
PLAYABLE = "[data-hand] [data-ui^='select:']"


def round_(browser, url: str) -> dict:
    from playwright.sync_api import expect

    context = browser.new_context(service_workers="block", viewport={"width": 800, "height": 900})
    page = context.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(url + PAGE)
    page.wait_for_load_state("load")
    page.wait_for_timeout(1000)
    before = page.evaluate(PAINT_JS)
    python = [u for u in requests if any(k in u for k in ("pyodide", "pyscript", "app.zip"))]
    t0 = time.perf_counter()
    page.locator(".spieltisch-play-btn").first.click()
    frame = page.frame_locator("iframe")
    expect(frame.locator(PLAYABLE).first).to_be_visible(timeout=sb.READY_TIMEOUT_MS)
    click_ms = (time.perf_counter() - t0) * 1000
    after = len(requests)
    context.close()
    return {**before, "python_before": len(python), "click_ms": click_ms, "requests_after": after}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3, help="rounds (default 3)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = sb.start_site()
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            rows = [round_(browser, url) for _ in range(args.n)]
            browser.close()
    finally:
        sb.stop_site(server)
    for r in rows:
        print(f"bytes {r['bytes']:>7}  requests {r['requests']}  python-before-click {r['python_before']}  "
              f"fcp {r['fcp']:.0f} ms  load {r['load']:.0f} ms  click->playable {r['click_ms']:.0f} ms  "
              f"requests-after {r['requests_after']}")
    med = {k: statistics.median(r[k] for r in rows) for k in ("bytes", "fcp", "load", "click_ms")}
    print(f"median: bytes {med['bytes']:.0f}, first contentful paint {med['fcp']:.0f} ms, "
          f"load {med['load']:.0f} ms, click to playable {med['click_ms']:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
