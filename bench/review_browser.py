"""Time to review a whole game of each game in the browser (issue 31):
the worker (static/js/review-worker.js, its own Pyodide) with the default
settings, on the same bot-played games as bench/review.py (deal 1, seat 1
reviewed), against the same review on CPython in this process.

    python3 bench/review_browser.py [--level easy|normal] [--games id,id] [--review budget:8000,...]

Per game: the worker's first start (from the page's runtime image, or with
``--image 0`` the ordinary way: the vendored Pyodide, app.zip; then
review.zip; once per page) and which it was, the run in the browser from the
page's "review-start" mark to its "review-result" mark (wall), the worker's
time inside Python, the long tasks of the page's main thread during the run,
and CPython's wall and CPU seconds; ``same_numbers`` compares the kept
result's decisions with CPython's (and prints both settings when they differ).
``--boot-only`` stops after the first game (the worker's start).
Figures in docs/performance.md and docs/review.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests"), str(ROOT / "tests" / "pyodide_scripts")]

from review_numbers import played  # the games bench/review.py uses
from support import browser as sb

from spieltisch.games import GAMES
from spieltisch.review import Review, settings_for

IN_RUN = """() => { const s = performance.getEntriesByName("spieltisch:review-start").at(-1);
    const e = performance.getEntriesByName("spieltisch:review-result").at(-1);
    return {run: e.startTime - s.startTime,
            long: window.__longtasks.filter(t => t.start >= s.startTime && t.start + t.ms <= e.startTime)
                                    .map(t => Math.round(t.ms)),
            boot: +(document.documentElement.getAttribute("data-review-worker") || 0),
            image: document.documentElement.getAttribute("data-review-image"),
            work: +(document.documentElement.getAttribute("data-review-work") || 0)}; }"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="easy")
    ap.add_argument("--games", default="")
    ap.add_argument("--review", default="", help="settings as in ?review=, e.g. budget:8000")
    ap.add_argument("--image", default="1", help="0: the page and the worker start without the runtime image")
    ap.add_argument("--boot-only", action="store_true", help="only the worker's start, on the first game")
    args = ap.parse_args(argv)
    from playwright.sync_api import expect, sync_playwright

    tables = []
    for gid, game in GAMES.items():
        if args.games and gid not in args.games.split(","):
            continue
        tables.append((gid, max(2, game.info.min_players)))
        if game.info.min_players == 1:
            tables.append((gid, 1))
    server, url = sb.start_site_at(ROOT)
    rows = []
    query = f"index.html?botdelay=0&review={args.review}" if args.review else "index.html?botdelay=0"
    if args.image == "0":
        query += "&image=0"
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            page = sb.boot_page(browser, url, query)
            page.evaluate(sb.LONGTASKS)
            for gid, players in tables:
                m = played(gid, players, 1, args.level)
                slot = f"bench-{gid}-{players}"
                page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"spieltisch.save.{slot}", m.to_save_text({})])
                page.evaluate("(k) => localStorage.removeItem(k)", f"spieltisch.review.{slot}.0")
                page.evaluate("(h) => { location.hash = h; }", f"#/review/{slot}/0")
                expect(page.locator("[data-review='done']")).to_be_attached(timeout=600_000)
                info = page.evaluate(IN_RUN)
                overrides = dict(p.split(":") for p in args.review.split(",") if p)
                settings = settings_for(gid, **{k: int(v) for k, v in overrides.items()})
                c0, w0 = time.process_time(), time.perf_counter()
                res = Review(m, 0, settings).run()
                cpu, wall = time.process_time() - c0, time.perf_counter() - w0
                kept = json.loads(page.evaluate("(k) => localStorage.getItem(k)", f"spieltisch.review.{slot}.0"))
                same = kept["decisions"] == res["decisions"]
                rows.append({"game": gid, "players": players, "decisions": res["total"],
                             "browser_s": round(info["run"] / 1000, 1), "worker_boot_ms": info["boot"],
                             "worker_image": info["image"], "browser_python_s": round(info["work"] / 1000, 1),
                             "long_tasks_ms": info["long"], "cpython_wall_s": round(wall, 1),
                             "cpython_cpu_s": round(cpu, 1), "same_numbers": same,
                             **({} if same else {"settings": [kept["settings"], res["settings"]]})})
                print(json.dumps(rows[-1]), f"load {os.getloadavg()[0]:.1f}", flush=True)
                if args.boot_only:
                    break
                page.evaluate("(h) => { location.hash = h; }", "#/")
            sb.close_page(page)
            browser.close()
    finally:
        sb.stop_site(server)
    print(f"load: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
