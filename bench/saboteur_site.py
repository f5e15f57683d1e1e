#!/usr/bin/env python3
"""Saboteur in the browser: the longest main-thread task while bots move, and
click latency on the mine (run by hand; figures go to docs/performance.md).

    python3 bench/saboteur_site.py [--players 10] [--level hard] [--turns 8] [--json FILE]

One human and ``players - 1`` bots of ``level`` (hard: 900 ms of search per
decision, run in 20 ms slices between which the page yields). The human plays
by clicks (select a card, click a highlighted space or seat, else discard);
round ends are acknowledged. Long tasks come from the Long Tasks API (tasks
over 50 ms); click timings (click -> DOM updated, click -> next frame) from
bench/site.py's probe.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb  # noqa: E402

_spec = importlib.util.spec_from_file_location("bench_site", REPO / "bench" / "site.py")
bench_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_site)

READY = "html[data-ready='1']"


def start_game(page, seats, seed="777"):
    page.locator("[data-ui='new:saboteur']").first.click()
    page.select_option("select[name=seats]", str(len(seats)))
    for i, (name, kind, level) in enumerate(seats):
        page.fill(f"input[name=seat-{i}-name]", name)
        page.select_option(f"select[name=seat-{i}-kind]", kind)
        if level:
            page.select_option(f"select[name=seat-{i}-level]", level)
    page.fill("input[name=seed]", seed)
    page.locator("[data-ui='start']").click()
    page.locator("#app[data-screen='play']").wait_for(state="attached")


def human_turn(page) -> str | None:
    page.locator("#app:not([data-busy])").wait_for(state="attached", timeout=300_000)
    if page.locator("[data-gameover]").count():
        return None
    if page.locator("[data-ui='ack']").count():
        page.locator("[data-ui='ack']").click()
        return "ack"
    decide = page.locator(".sab-decide [data-action]")
    if decide.count():
        decide.first.click()
        return "decide"
    cards = page.locator("[data-hand] [data-card]")
    codes = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    for code in dict.fromkeys(codes):
        page.locator(f"[data-hand] [data-card='{code}']").first.click()
        target = page.locator("[data-board] [data-action], [data-region='side'] [data-action]")
        if target.count():
            target.first.click()
            return "play"
    discard = page.locator(".btn-discard[data-action]")
    if discard.count():
        discard.click()
        return "discard"
    return "none"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--turns", type=int, default=8, help="human turns to play")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = sb.start_site()
    out = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
           "date": time.strftime("%Y-%m-%d %H:%M"), "players": args.players, "level": args.level}
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            page = bench_site.fresh_page(browser)
            page.goto(base + "index.html?botdelay=0")
            page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
            seats = [("Ann", "human", None)] + [(f"Bot{i}", "bot", args.level) for i in range(1, args.players)]
            start_game(page, seats)
            page.evaluate("window.__bench.longtasks = []; window.__bench.clicks = []")
            t0 = time.time()
            turns = 0
            while turns < args.turns:
                what = human_turn(page)
                if what is None:
                    break
                turns += what in ("play", "discard", "decide")
            page.locator("#app:not([data-busy])").wait_for(state="attached", timeout=300_000)
            elapsed = time.time() - t0
            page.wait_for_timeout(300)
            tasks = page.evaluate("window.__bench.longtasks")
            clicks = page.evaluate("window.__bench.clicks")
            log = page.locator("[data-log] li").count()
            sb.check_page(page)
            page.context.close()
            browser.close()
    finally:
        sb.stop_site(server)
    durations = sorted(d for _, d in tasks)
    dom = [c[1] for c in clicks]
    frame = [c[2] for c in clicks]
    select = [c[1] for c in clicks if c[0].startswith("select:")]
    acts = [c[1] for c in clicks if not c[0].startswith(("select:", "ack"))]
    out.update({
        "human_turns": turns, "seconds": round(elapsed, 1), "log_lines": log,
        "longtasks": len(durations), "longest_task_ms": durations[-1] if durations else 0.0,
        "longtasks_ms": durations[-10:],
        "clicks": len(dom), "dom_p50": bench_site.pct(dom, 50), "dom_p95": bench_site.pct(dom, 95),
        "frame_p50": bench_site.pct(frame, 50), "frame_p95": bench_site.pct(frame, 95),
        "select_dom_p50": bench_site.pct(select, 50), "select_dom_p95": bench_site.pct(select, 95),
        "action_dom_p50": bench_site.pct(acts, 50), "action_dom_p95": bench_site.pct(acts, 95),
    })
    text = json.dumps(out, indent=1, default=lambda x: round(x, 2))
    print(text)
    if args.json:
        Path(args.json).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
