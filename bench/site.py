#!/usr/bin/env python3
"""Browser benchmarks of the site (run by hand; figures go to docs/performance.md).

  tti     time to interactive of the Hexen Cocktail game page divided by the
          time of a bare page that only boots the same vendored Pyodide, in
          the same run, loads interleaved (goal <= 1.10); the game page as it
          is (Python restored from the runtime image) and with ?image=0
          (Python booted)
  click   human action: click -> DOM updated (the app's handler runs
          synchronously in the click's dispatch), and click -> next frame,
          p50/p95 over a game against bots; move_dom_*: the clicks on moves
          ([data-action]) alone, without the hub, new-game and start buttons
          (goal p95 <= 16 ms)
  clicks  click, for every game at its largest player count (the registry's),
          and one table of the move and frame figures
  bots    the longest main-thread task while bots move (Long Tasks API,
          which reports tasks over 50 ms; goal: none), with hard bots
  spin    Saus und Braus: frame intervals (requestAnimationFrame) while
          Winnie's spin and flight animate, over -n spins (goal: none over 50 ms)

    python3 bench/site.py [tti|click|clicks|bots|spin|all] [-n 7] [--players 4]
                          [--game hexen_cocktail] [--games 3] [--moves 24] [--cpu 4]

``--perf`` loads the page with ``?perf=1`` (src/app/dom.py then wraps bot
slices, moves, click handlers and region renders in ``performance.measure``)
and adds, per kind of measure, its count, p50, p95 and max, and what ran
inside the longest tasks.

``--game`` picks the game of the click and bots runs (its human clicks:
an open pause's button first, then the first legal target, else a hand
card to select first).
"""

from __future__ import annotations

import argparse
import itertools
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

READY = "html[data-ready='1']"

# Records when the app marks itself interactive, long tasks, and click timing.
PROBE = """
(() => {
  const w = window;
  w.__bench = {ready: null, longtasks: [], clicks: []};
  new MutationObserver(() => {
    if (w.__bench.ready === null && document.documentElement.dataset.ready === '1')
      w.__bench.ready = performance.now();
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) w.__bench.longtasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  let t0 = null, label = null;
  document.addEventListener('click', e => {
    const el = e.target.closest && e.target.closest('[data-action],[data-ui],[data-illegal]');
    t0 = performance.now();
    label = el ? (el.getAttribute('data-action') || el.getAttribute('data-ui') || 'illegal') : null;
    if (el && el.hasAttribute('data-action')) label = 'move ' + label;  // a move, not a screen's button
  }, true);
  w.addEventListener('click', () => {
    if (t0 === null || label === null) return;
    const t1 = performance.now(), start = t0, what = label;
    t0 = null;
    requestAnimationFrame(() => setTimeout(() => {
      w.__bench.clicks.push([what, t1 - start, performance.now() - start]);
    }, 0));
  });
})();
"""


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


# Timed pages are not routed through Playwright (tests/support/browser.py
# open_page): off-host requests are recorded and fail the run, not blocked.
# --intercept measures with the routing, as the tests run.
INTERCEPT = False
# A fresh context opens a new browser window, and Chromium builds that
# window's own UI (its omnibox popup pages, ~130 chrome:// files) in the
# first ~200 ms, on the same two cores as the page. Timed loads wait this
# long on about:blank first, so they measure the page, not the window
# (docs/performance.md, "How the loads are timed"); --settle 0: as before.
SETTLE_MS = 800


def settle(page):
    if SETTLE_MS:
        page.goto("about:blank")
        page.wait_for_timeout(SETTLE_MS)


CPU = None  # --cpu: Chrome's CPU throttling rate for every timed page (a rough stand-in for a phone)


def throttle(page):
    if CPU:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU})
    return page


def fresh_page(browser, **kw):
    kw.setdefault("intercept", INTERCEPT)
    page = sb.open_page(browser, viewport={"width": 1200, "height": 900}, **kw)
    page.add_init_script(PROBE)
    return throttle(page)


def start_game(page, seats, game_id="hexen_cocktail", seed="777"):
    page.locator(f"[data-ui='new:{game_id}']").first.click()
    page.select_option("select[name=seats]", str(len(seats)))
    for i, (name, kind, level) in enumerate(seats):
        page.fill(f"input[name=seat-{i}-name]", name)
        page.select_option(f"select[name=seat-{i}-kind]", kind)
        if level:
            page.select_option(f"select[name=seat-{i}-level]", level)
    page.fill("input[name=seed]", seed)
    page.locator("[data-ui='start']").click()
    page.locator("#app[data-screen='play']").wait_for(state="attached")


def human_click(page):
    page.locator("#app:not([data-busy])").wait_for(state="attached", timeout=120_000)
    if page.locator("[data-gameover]").count():
        return False
    pause = page.locator("[data-region='overlay'] button")  # e.g. books left open by a bot
    acts = page.locator("#app [data-action]")
    if pause.count():
        pause.first.click()
    elif acts.count():
        acts.first.click()
    else:
        page.locator("#app [data-ui^='select:']").first.click()
    return True


PERF = ""  # "&perf=1" with --perf
TRACE = False  # --trace: the bots run's tasks by CPU time too (bench/saboteur_site.py's trace_report)


def _trace_report(path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("saboteur_site", REPO / "bench" / "saboteur_site.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.trace_report(path)


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]


def perf_summary(page, tasks=()) -> dict:
    """The ``?perf`` measures by kind, and the measures inside the longest tasks."""
    measures = page.evaluate(
        "performance.getEntriesByType('measure').map(e => [e.name, e.startTime, e.duration])")
    kinds: dict[str, list[float]] = {}
    for name, _, dur in measures:
        kinds.setdefault(name, []).append(dur)
    out = {"measures": {k: {"n": len(v), "p50": round(pct(v, 50), 1), "p95": round(pct(v, 95), 1),
                            "max": round(max(v), 1)} for k, v in sorted(kinds.items())}}
    inside = []
    for start, dur in sorted(tasks, key=lambda t: -t[1])[:8]:
        parts = [(n, d) for n, s, d in measures if s >= start - 0.5 and s + d <= start + dur + 0.5]
        inside.append({"task_ms": round(dur, 1),
                       "parts": [f"{n} {d:.1f}" for n, d in sorted(parts, key=lambda p: -p[1])][:8],
                       # a human's click (handle:*, the new-game form) or the bots' own work
                       "by": "human" if any(n.startswith(("handle:", "form")) for n, _ in parts) else "bots"})
    out["longtasks"] = inside
    bots = [t["task_ms"] for t in inside if t["by"] == "bots"]
    out["longest_bot_task_ms"] = max(bots) if bots else None  # None: no long task while only bots worked
    return out


def bench_tti(browser, base, runs):
    """Interleave: bare page, then the game page (a saved game resumed)."""
    # make one saved game to resume, so the game page is the play screen
    page = fresh_page(browser)
    page.goto(base + "index.html?botdelay=0")
    page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
    start_game(page, [("Ann", "human", None), ("Bot", "bot", "easy")])
    human_click(page)
    human_click(page)
    page.locator("#app:not([data-busy])").wait_for(state="attached", timeout=120_000)
    play_url = page.url
    # the resume snapshot of the stored state is written too: the game page
    # paints it before Python, as a returning player's does
    page.wait_for_function("""(slot) => {
        const snap = localStorage.getItem("spieltisch.snap." + slot), save = localStorage.getItem("spieltisch.save." + slot);
        return snap !== null && save !== null && JSON.parse(snap).revision === (JSON.parse(save).meta.revision || 0);
    }""", arg=play_url.split("#/play/")[1], timeout=60_000)
    storage = page.context.storage_state()
    page.context.close()
    # the game page as it starts (from the runtime image), and without the
    # image (?image=0: Python booted, as before the image and as a page whose
    # image fails); the order rotates each round
    pages = {"bare": [], "game": [], "game_no_image": []}
    kinds = list(pages)
    base_url, _, fragment = play_url.partition("#")
    # these pages block service workers: a returning visit's image is asked for (?image=1)
    urls = {"game": f"{base_url}&image=1#{fragment}", "game_no_image": f"{base_url}&image=0#{fragment}"}
    for i in range(runs):
        for kind in kinds[i % 3:] + kinds[:i % 3]:
            if kind == "bare":
                p = throttle(sb.open_page(browser, intercept=INTERCEPT))
                settle(p)
                p.goto(base + "tests/pages/bare.html")
                pages[kind].append(float(sb.wait_ready(p)["readyMs"]))
            else:
                p = fresh_page(browser, storage_state=storage)
                settle(p)
                p.goto(urls[kind])
                p.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
                p.locator("[data-board]").wait_for(state="attached")
                pages[kind].append(float(p.evaluate("window.__bench.ready")))
                log = p.evaluate("window.spieltischBoot")
                if ("runtime-image" in log) != (kind == "game"):
                    raise RuntimeError(f"{kind}: the page's boot log is {log}")
            sb.check_page(p)
            p.context.close()
    bare = pages["bare"]
    out = {"bare_ms": bare, "bare_median": statistics.median(bare)}
    for kind in ("game", "game_no_image"):
        ms = pages[kind]
        out[f"{kind}_ms"] = ms
        out[f"{kind}_median"] = statistics.median(ms)
        out[f"{kind}_ratio_of_medians"] = statistics.median(ms) / statistics.median(bare)
        out[f"{kind}_ratio_median_pairwise"] = statistics.median([g / b for g, b in zip(ms, bare)])
    return out


def bench_click(browser, base, players, game_id="hexen_cocktail", games=3):
    page = fresh_page(browser)
    page.goto(base + "index.html?botdelay=0" + PERF)
    page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
    samples = []
    for _game in range(games):
        seats = [("Ann", "human", None)] + [(f"Bot{i}", "bot", "easy") for i in range(1, players)]
        start_game(page, seats, game_id=game_id)
        while human_click(page):
            pass
        page.locator("[data-gameover] [data-ui='hub']").click()
    page.wait_for_timeout(300)
    clicks = page.evaluate("window.__bench.clicks")
    perf = perf_summary(page) if PERF else None
    sb.check_page(page)
    page.context.close()
    dom = [c[1] for c in clicks]
    frame = [c[2] for c in clicks]
    for c in clicks:
        c.append(c[0].startswith("move "))
        c[0] = c[0].removeprefix("move ")
    act = [c[1] for c in clicks if not c[0].startswith("select:")]  # not selections
    moves = [c[1] for c in clicks if c[3]]  # [data-action]: the game's moves (no hub, new game, start...)
    samples = {"game": game_id, "players": players,
        "n": len(dom), "n_actions": len(act),
        "dom_p50": pct(dom, 50), "dom_p95": pct(dom, 95), "dom_max": max(dom),
        "action_dom_p50": pct(act, 50), "action_dom_p95": pct(act, 95),
        "n_moves": len(moves), "move_dom_p50": pct(moves, 50), "move_dom_p95": pct(moves, 95),
        "frame_p50": pct(frame, 50), "frame_p95": pct(frame, 95),
    }
    kinds: dict[str, list[float]] = {}
    for c in clicks:  # click -> DOM by kind of click (the text before ':')
        kinds.setdefault(c[0].split(":")[0], []).append(c[1])
    samples["dom_by_kind"] = {k: {"n": len(v), "p50": pct(v, 50), "p95": pct(v, 95), "max": max(v)}
                              for k, v in sorted(kinds.items())}
    if perf:
        samples["perf"] = perf
    return samples


def bench_bots(browser, base, players, level, moves, game_id="hexen_cocktail"):
    page = fresh_page(browser)
    page.goto(base + "index.html?botdelay=0" + PERF)
    page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
    page.evaluate("window.__bench.longtasks = []")
    seats = [("Ann", "human", None)] + [(f"{level}{i}", "bot", level) for i in range(1, players)]
    start_game(page, seats, game_id=game_id)
    trace_file = None
    if TRACE:
        import tempfile
        trace_file = Path(tempfile.mkstemp(suffix=".json", prefix="site-trace-")[1])
        page.evaluate("window.__bench.longtasks = []; performance.clearMeasures()")
        browser.start_tracing(page=page, path=str(trace_file), categories=TRACE_CATEGORIES)
    t0 = time.time()
    done = 0
    while done < moves and human_click(page):
        done += 1
    page.locator("#app:not([data-busy])").wait_for(state="attached", timeout=120_000)
    elapsed = time.time() - t0
    if trace_file:
        browser.stop_tracing()
    tasks = page.evaluate("window.__bench.longtasks")
    log_len = page.locator("[data-region='side'] li").count()
    perf = perf_summary(page, tasks) if PERF else None
    sb.check_page(page)
    page.context.close()
    out = {
        "level": level, "players": players, "human_clicks": done, "seconds": round(elapsed, 1),
        "log_lines_visible": log_len, "longtasks": len(tasks),
        "longest_task_ms": max((d for _, d in tasks), default=0.0),
        "longtasks_ms": sorted(round(d, 1) for _, d in tasks)[-10:],
    }
    if perf:
        out["perf"] = perf
    if trace_file:
        out["trace"] = _trace_report(trace_file)
        trace_file.unlink()
    return out


FRAMES = """
(ms) => new Promise(done => {
  const ts = [];
  const tick = t => { ts.push(t); if (t - t1 < ms) requestAnimationFrame(tick); else done({ts, t0, t1}); };
  const t0 = performance.now();
  document.querySelector("[data-action='spin']").click();  // the handler runs inside the click
  const t1 = performance.now();
  requestAnimationFrame(tick);
})
"""


def bench_spin(browser, base, spins, motion="no-preference"):
    """Winnie's spin (1 s) and flight (0.6 s), motion not reduced: the click's
    own handling (click -> DOM), then the intervals between animation frames
    for 1.8 s after it (requestAnimationFrame timestamps)."""
    page = fresh_page(browser, reduced_motion=motion)
    page.goto(base + "index.html?botdelay=0")
    page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
    seats = [("Ann", "human", None), ("Bot", "bot", "easy")]
    start_game(page, seats, "saus_und_braus")
    gaps, handler, first, animated, late = [], [], [], 0, []
    while animated < spins:
        page.locator("#app:not([data-busy])").wait_for(state="attached", timeout=120_000)
        if page.locator("[data-gameover]").count():
            page.locator("[data-gameover] [data-ui='hub']").click()
            start_game(page, seats, "saus_und_braus")
            continue
        if page.locator("[data-hand] [data-action='spin']").count():
            r = page.evaluate(FRAMES, 1800)
            if not page.locator(".sb-spin").count():  # no spin on the board (e.g. Winnie left it)
                continue
            animated += 1
            handler.append(r["t1"] - r["t0"])
            first.append(r["ts"][0] - r["t1"])
            gaps += [b - a for a, b in itertools.pairwise(r["ts"])]
            late += [[round(b - r["t0"]), round(b - a, 1)] for a, b in itertools.pairwise(r["ts"]) if b - a > 33.4]
            continue
        human_click(page)
    sb.check_page(page)
    page.context.close()
    return {"motion": motion, "spins": animated, "click_to_dom_p50": pct(handler, 50), "click_to_dom_max": max(handler),
            "first_frame_after_p50": pct(first, 50), "first_frame_after_max": max(first),
            "frames": len(gaps), "frame_p50": pct(gaps, 50), "frame_p95": pct(gaps, 95),
            "frame_max": max(gaps), "frames_over_50ms": sum(g > 50 for g in gaps),
            "long_frames": late}  # [ms after the click, frame interval] of every frame over two intervals


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", nargs="?", default="all", choices=["tti", "click", "clicks", "bots", "spin", "all"])
    ap.add_argument("--game", default="hexen_cocktail", help="the game of the click and bots runs")
    ap.add_argument("--motion", default="no-preference", choices=["no-preference", "reduce"],
                    help="spin: the page's prefers-reduced-motion (reduce: a control without the animation)")
    ap.add_argument("-n", "--runs", type=int, default=7)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--moves", type=int, default=24, help="human clicks in the bots run")
    ap.add_argument("--games", type=int, default=3, help="games in the click run")
    ap.add_argument("--perf", action="store_true", help="?perf=1: measures by kind, what the long tasks held")
    ap.add_argument("--trace", action="store_true", help="bots: a Chromium trace, tasks by wall and CPU time")
    ap.add_argument("--intercept", action="store_true",
                    help="route every request through Playwright (as the tests do; slower loads)")
    ap.add_argument("--settle", type=int, default=None,
                    help="ms a fresh window idles on about:blank before a timed load (0: none)")
    ap.add_argument("--cpu", type=float, default=None, help="slow every timed page's CPU this many times")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    global PERF, TRACE, INTERCEPT, SETTLE_MS, CPU
    CPU = args.cpu
    PERF = "&perf=1" if args.perf else ""
    INTERCEPT = args.intercept
    if args.settle is not None:
        SETTLE_MS = args.settle
    TRACE = args.trace
    from playwright.sync_api import sync_playwright

    server, base = sb.start_site_process()
    out = {"game": args.game, "players": args.players, "cpu": args.cpu or 1,
           "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
           "date": time.strftime("%Y-%m-%d %H:%M")}
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            if args.what in ("tti", "all"):
                out["tti"] = bench_tti(browser, base, args.runs)
            if args.what == "clicks":  # every game at its largest player count, one table
                sys.path.insert(0, str(REPO / "src"))
                from support.registry import GAME_IDS

                from spieltisch.games import GAMES
                out["clicks"] = {gid: bench_click(browser, base, GAMES[gid].info.max_players, gid, args.games)
                                 for gid in GAME_IDS}
            if args.what in ("click", "all"):
                out["click"] = bench_click(browser, base, args.players, args.game, args.games)
            if args.what in ("bots", "all"):
                out["bots"] = bench_bots(browser, base, args.players, args.level, args.moves, args.game)
            if args.what == "spin":
                out["spin"] = bench_spin(browser, base, args.runs, args.motion)
            browser.close()
    finally:
        sb.stop_site_process(server)
    text = json.dumps(out, indent=1, default=lambda x: round(x, 2))
    print(text)
    if "clicks" in out:
        print(f"\nclick -> DOM and click -> next frame, ms ({out['machine']}, CPU x{out['cpu']:g}; budget: "
              "moves p95 <= 16 to DOM, <= 33 to the next frame)")
        print("| game | players | moves | move DOM p50 | move DOM p95 | all clicks frame p50 | frame p95 |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for gid, c in out["clicks"].items():
            print(f"| {gid} | {c['players']} | {c['n_moves']} | {c['move_dom_p50']:.1f} | {c['move_dom_p95']:.1f} "
                  f"| {c['frame_p50']:.1f} | {c['frame_p95']:.1f} |")
    if "tti" in out:
        t = out["tti"]
        print(f"\nTTI, ms ({out['machine']}, CPU x{out['cpu']:g}; interleaved)")
        print("| page | median | × bare (of medians) | × bare (median of pairs) |")
        print("|---|---:|---:|---:|")
        print(f"| bare Pyodide | {t['bare_median']:.0f} | 1.00 | 1.00 |")
        for kind in ("game", "game_no_image"):
            print(f"| {kind} | {t[kind + '_median']:.0f} | {t[kind + '_ratio_of_medians']:.2f} "
                  f"| {t[kind + '_ratio_median_pairwise']:.2f} |")
    if args.json:
        Path(args.json).write_text(text)


if __name__ == "__main__":
    main()
