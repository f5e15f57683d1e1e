#!/usr/bin/env python3
"""Saboteur in the browser: the longest main-thread task while bots move, and
click latency on the mine (run by hand; figures go to docs/performance.md).

    python3 bench/saboteur_site.py [--players 10] [--level hard] [--turns 8]
                                   [--slice MS] [--perf] [--trace] [--root DIR] [--json FILE]

One human and ``players - 1`` bots of ``level`` (hard: 900 ms of search per
decision, run in 20 ms slices between which the page yields). The human plays
by clicks (select a card, click a highlighted space or seat, else discard);
round ends are acknowledged. Long tasks come from the Long Tasks API (tasks
over 50 ms); click timings (click -> DOM updated, click -> next frame) from
bench/site.py's probe.

With ``--perf`` the page runs with ``?perf=1``: the app wraps each bot slice,
each move and each region render (Python, then DOM) in ``performance.measure``;
the report then names what ran inside every long task, and the longest of
each kind of measure.

The Long Tasks API measures wall time: on a busy machine a task that uses
8 ms of CPU can last 50+ ms because the page's thread waits for a core.
``--trace`` records a Chromium trace of the same run and reports the tasks
of the page's main thread by wall time *and* by the thread's CPU time
(``cpu_longest_ms``: the most CPU any one task used).

``--root DIR`` serves another checkout (built; e.g. a ``git worktree`` of an
older commit) with this script, for before/after figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb

_spec = importlib.util.spec_from_file_location("bench_site", REPO / "bench" / "site.py")
bench_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_site)

READY = "html[data-ready='1']"


def start_game(page, seats, seed="777"):
    bench_site.start_game(page, seats, game_id="saboteur", seed=seed)


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


def perf_report(tasks, measures) -> dict:
    """Per kind of measure: count, p50, p95, max (ms); per long task: the
    measures inside it (longest first) and the time none of them covers."""
    kinds: dict[str, list[float]] = {}
    for name, _, dur in measures:
        kinds.setdefault(name, []).append(dur)
    summary = {name: {"n": len(ds), "p50": round(bench_site.pct(ds, 50), 1),
                      "p95": round(bench_site.pct(ds, 95), 1), "max": round(max(ds), 1)}
               for name, ds in sorted(kinds.items())}
    inside = []
    for start, dur in sorted(tasks, key=lambda t: -t[1]):
        end = start + dur
        parts = [(name, s, d) for name, s, d in measures if s >= start - 0.5 and s + d <= end + 0.5]
        # "apply" and "py:/dom:" nest; count only the leaves for the uncovered time
        leaves = [(s, d) for name, s, d in parts if name != "apply"]
        covered = sum(d for _, d in leaves)
        inside.append({"task_ms": round(dur, 1),
                       "parts": [f"{name} {d:.1f}" for name, _, d in sorted(parts, key=lambda p: -p[2])][:8],
                       "uncovered_ms": round(dur - covered, 1)})
    return {"measures": summary, "longtasks": inside}


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]


def trace_report(path: Path, limit_ms: float = 50.0) -> dict:
    """Top-level tasks on the renderer's main thread: wall (dur) and thread CPU (tdur)."""
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    best = None
    for key in mains:
        runs = sorted((e for e in events if (e["pid"], e["tid"]) == key and e.get("ph") == "X"
                       and e.get("name") in ("RunTask", "ThreadControllerImpl::RunTask")), key=lambda e: e["ts"])
        top, end = [], -1
        for e in runs:  # nested run loops: keep the outermost task
            if e["ts"] >= end:
                top.append(e)
                end = e["ts"] + e.get("dur", 0)
        if best is None or len(top) > len(best):
            best = top
    tasks = [(e.get("dur", 0) / 1000.0, e.get("tdur", 0) / 1000.0) for e in best or ()]
    long_wall = sorted((t for t in tasks if t[0] > limit_ms), reverse=True)
    return {
        "tasks": len(tasks),
        "wall_over_50": len(long_wall),
        "wall_over_50_as_wall_cpu_ms": [[round(w, 1), round(c, 1)] for w, c in long_wall[:10]],
        "cpu_over_50": sum(1 for _, c in tasks if c > limit_ms),
        "cpu_longest_ms": round(max((c for _, c in tasks), default=0.0), 1),
        "cpu_over_25": sum(1 for _, c in tasks if c > 25.0),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=10)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--turns", type=int, default=8, help="human turns to play")
    ap.add_argument("--slice", type=float, help="?botslice=: the bots' slice in ms (default: the app's)")
    ap.add_argument("--perf", action="store_true", help="?perf=1: what each long task contained")
    ap.add_argument("--trace", action="store_true", help="Chromium trace: long tasks by wall and by CPU time")
    ap.add_argument("--root", help="serve this checkout instead of the one this script is in")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = sb.start_site_at(Path(args.root).resolve()) if args.root else sb.start_site()
    trace_file = Path(tempfile.mkstemp(suffix=".json", prefix="saboteur-trace-")[1]) if args.trace else None
    out = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
           "date": time.strftime("%Y-%m-%d %H:%M"), "players": args.players, "level": args.level,
           "slice_ms": args.slice or "default", "root": args.root or str(REPO)}
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            page = bench_site.fresh_page(browser)
            page.goto(base + "index.html?botdelay=0" + ("&perf=1" if args.perf else "")
                      + (f"&botslice={args.slice:g}" if args.slice else ""))
            page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
            seats = [("Ann", "human", None)] + [(f"Bot{i}", "bot", args.level) for i in range(1, args.players)]
            start_game(page, seats)
            page.evaluate("window.__bench.longtasks = []; window.__bench.clicks = []; "
                          "performance.clearMeasures(); performance.clearMarks()")
            if trace_file:
                browser.start_tracing(page=page, path=str(trace_file), categories=TRACE_CATEGORIES)
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
            if trace_file:
                browser.stop_tracing()
            tasks = page.evaluate("window.__bench.longtasks")
            clicks = page.evaluate("window.__bench.clicks")
            measures = page.evaluate(
                "performance.getEntriesByType('measure').map(e => [e.name, e.startTime, e.duration])")
            iterations = page.evaluate(
                "performance.getEntriesByName('bot:iterations').map(e => e.detail)")
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
    if trace_file:
        out["trace"] = trace_report(trace_file)
        trace_file.unlink()
    if args.perf:
        out["perf"] = perf_report(tasks, measures)
        its = [i for i in iterations if i]
        out["perf"]["iterations_per_decision"] = {
            "decisions": len(iterations), "searched": len(its),
            "p50": bench_site.pct(its, 50), "mean": round(sum(its) / len(its), 1) if its else 0}
    text = json.dumps(out, indent=1, default=lambda x: round(x, 2))
    print(text)
    if args.json:
        Path(args.json).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
