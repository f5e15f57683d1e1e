#!/usr/bin/env python3
"""First paint of a resumed game (issue 15; docs/performance.md, "Resume paint").

Makes one saved game per game asked (a human and two bots, two clicks; the page
writes its resume snapshot), then opens ``index.html#/play/<slot>`` in -n
fresh browser contexts carrying that storage, and reports, from the page's
own clock (ms since navigation start):

  snapshot   performance mark "spieltisch:snapshot-painted" (static/js/resume.js
             put the saved screen into #app; goal p50 <= 200 ms)
  fcp        first-contentful-paint (the browser's)
  live       the app interactive (mark "spieltisch:interactive": the live
             screen replaced the snapshot)

    python3 bench/resume.py [-n 9] [--game hexen_cocktail|all] [--json out.json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb

# bench/site.py (its name is taken by the standard library's site module)
_spec = importlib.util.spec_from_file_location("site_bench", REPO / "bench" / "site.py")
site_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_bench)
READY = site_bench.READY

MARKS = """() => {
  const mark = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {snapshot: mark("spieltisch:snapshot-painted"), live: mark("spieltisch:interactive"),
          fcp: fcp ? fcp.startTime : null, order: window.spieltischBoot || []};
}"""


def saved_game(browser, base, game_id):
    page = site_bench.fresh_page(browser)
    page.goto(base + "index.html?botdelay=0")
    page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
    seats = [("Ann", "human", None), ("Bot", "bot", "easy"), ("Bit", "bot", "easy")]  # 3 fit every game
    site_bench.start_game(page, seats, game_id=game_id)
    site_bench.human_click(page)
    site_bench.human_click(page)
    page.locator("#app:not([data-busy])").wait_for(state="attached", timeout=120_000)
    slot = page.url.split("#/play/")[1]
    # the snapshot of the stored state (not of a state before the bots' last moves)
    page.wait_for_function("""(slot) => {
        const snap = localStorage.getItem("spieltisch.snap." + slot), save = localStorage.getItem("spieltisch.save." + slot);
        return snap !== null && save !== null && JSON.parse(snap).revision === (JSON.parse(save).meta.revision || 0);
    }""", arg=slot, timeout=60_000)
    url, storage = page.url, page.context.storage_state()
    page.context.close()
    return url, storage


def bench_resume(browser, base, game_id, runs):
    url, storage = saved_game(browser, base, game_id)
    rows = []
    for _ in range(runs):
        p = sb.open_page(browser, intercept=site_bench.INTERCEPT,
                         viewport={"width": 1200, "height": 900}, storage_state=storage)
        site_bench.settle(p)
        p.goto(url)
        p.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
        p.locator("[data-board]").wait_for(state="attached")
        rows.append(p.evaluate(MARKS))
        sb.check_page(p)
        p.context.close()
    painted = [r["snapshot"] for r in rows if r["snapshot"] is not None]
    out = {"game": game_id, "runs": runs, "painted": len(painted),
           "snapshot_ms": painted, "fcp_ms": [r["fcp"] for r in rows], "live_ms": [r["live"] for r in rows],
           "order_ok": all(r["order"].index("snapshot-painted") < r["order"].index("py:ready")
                           for r in rows if "snapshot-painted" in r["order"] and "py:ready" in r["order"])}
    for name in ("snapshot", "fcp", "live"):
        xs = [x for x in out[f"{name}_ms"] if x is not None]
        out[f"{name}_p50"] = statistics.median(xs) if xs else None
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", "--runs", type=int, default=9)
    ap.add_argument("--game", default="hexen_cocktail", help="a game id, or all")
    ap.add_argument("--intercept", action="store_true",
                    help="route every request through Playwright (as the tests do; slower loads)")
    ap.add_argument("--settle", type=int, default=site_bench.SETTLE_MS,
                    help="ms a fresh window idles on about:blank before a timed load (0: none)")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    site_bench.INTERCEPT = args.intercept
    site_bench.SETTLE_MS = args.settle
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(REPO / "src"))
    from spieltisch.games import GAMES

    games = sorted(GAMES) if args.game == "all" else [args.game]
    server, base = sb.start_site_process()
    out = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
           "date": time.strftime("%Y-%m-%d %H:%M"), "results": []}
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            for gid in games:
                out["results"].append(bench_resume(browser, base, gid, args.runs))
                print(json.dumps(out["results"][-1], default=lambda x: round(x, 1)), file=sys.stderr, flush=True)
            browser.close()
    finally:
        sb.stop_site_process(server)
    out["load_after"] = f"{os.getloadavg()[0]:.1f}"
    text = json.dumps(out, indent=1, default=lambda x: round(x, 1))
    print(text)
    if args.json:
        Path(args.json).write_text(text)


if __name__ == "__main__":
    main()
