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
    python3 bench/resume.py --jump [--game all]

``--jump``: does the live screen land where the snapshot was? For each game,
at 375 and 1200 px wide, the snapshot alone (Python kept from starting) and
then the live page: the largest move of any of the play screen's regions
(px), whether the boxes' sizes changed, the mine's view (Saboteur), and
whether the page's own texts and the language switch read the same.
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


# Where the play screen's parts are, and what the page around them says.
LAYOUT = """() => {
  const out = {rects: {}, texts: {}};
  for (const el of document.querySelectorAll("#app [data-region], #app [data-board], #app [data-hand]")) {
    const key = el.getAttribute("data-region") || (el.hasAttribute("data-board") ? "board" : "hand");
    const r = el.getBoundingClientRect();
    out.rects[key] = [r.x, r.y, r.width, r.height];
  }
  const svg = document.querySelector("#app [data-panzoom] svg[data-fit]");
  out.view = svg ? svg.getAttribute("viewBox") : null;
  for (const el of document.querySelectorAll("[data-i18n]")) {
    // the progress box (#boot) says its stages and then goes: not compared
    if (!document.getElementById("app").contains(el) && !el.closest("[hidden], #boot")) out.texts[el.getAttribute("data-i18n")] = el.textContent;
  }
  out.texts.switch = [...document.querySelectorAll("[data-lang-switch] [aria-pressed='true']")].map((b) => b.textContent).join();
  return out;
}"""


def bench_jump(browser, base, game_id, width):
    url, storage = saved_game(browser, base, game_id)
    seen = {}
    for kind in ("snapshot", "live"):
        p = sb.open_page(browser, intercept=True, viewport={"width": width, "height": 800}, storage_state=storage)
        if kind == "snapshot":  # Python never starts: what resume.js painted stays
            p.route("**/static/vendor/pyscript/core.js", lambda route: route.abort())
            p.route("**/static/js/runtime.mjs", lambda route: route.abort())
            p.add_init_script("localStorage.removeItem('spieltisch.boot.attempts')")
        p.goto(url)
        if kind == "snapshot":
            p.wait_for_load_state("load")
            if "snapshot-painted" not in p.evaluate("window.spieltischBoot || []"):
                raise RuntimeError(f"{game_id}: no snapshot painted")
        else:
            p.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
            p.wait_for_timeout(300)
        seen[kind] = p.evaluate(LAYOUT)
        p.context.close()
    snap, live = seen["snapshot"], seen["live"]
    common = set(snap["rects"]) & set(live["rects"])
    moved = max((max(abs(a - b) for a, b in zip(snap["rects"][k][:2], live["rects"][k][:2])) for k in common), default=0)
    resized = max((max(abs(a - b) for a, b in zip(snap["rects"][k][2:], live["rects"][k][2:])) for k in common),
                  default=0)
    # a text on screen in both that reads otherwise (a note that appears
    # later, e.g. offline.js's, is not the snapshot's)
    texts = sorted(k for k in set(snap["texts"]) & set(live["texts"]) if snap["texts"][k] != live["texts"][k])
    return {"game": game_id, "width": width, "regions": len(common), "missing": sorted(set(live["rects"]) ^ common),
            "moved_px": round(moved, 1), "resized_px": round(resized, 1), "mine_view_same": snap["view"] == live["view"],
            "texts_changed": texts}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", "--runs", type=int, default=9)
    ap.add_argument("--game", default="hexen_cocktail", help="a game id, or all")
    ap.add_argument("--intercept", action="store_true",
                    help="route every request through Playwright (as the tests do; slower loads)")
    ap.add_argument("--settle", type=int, default=site_bench.SETTLE_MS,
                    help="ms a fresh window idles on about:blank before a timed load (0: none)")
    ap.add_argument("--jump", action="store_true", help="snapshot vs live screen: regions, view, texts")
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
                for width in ((375, 1200) if args.jump else (None,)):
                    out["results"].append(bench_jump(browser, base, gid, width) if args.jump
                                          else bench_resume(browser, base, gid, args.runs))
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
