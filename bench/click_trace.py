"""Where a click's frame goes: Chrome's timeline over a click bench game
(bench/site.py's page, probe and clicks), and per click the main thread's
time by kind (the handler, style, Layout with its dirty/total layout
objects, Paint...) between the click and the probe's next-frame mark, then
the medians. Run by hand (docs/performance.md, "Current figures").

    python3 bench/click_trace.py REPO GAME PLAYERS [CLICKS]
    CSS='.x { contain: strict }' python3 bench/click_trace.py . brauzeit 6 16   # try a rule first

REPO: a built checkout (this one: .); CSS: a style sheet added to the page
before the game starts, to try a change without a build."""
import collections
import importlib.util
import json
import os
import sys
import tempfile

TRACE_KINDS = ("EventDispatch", "FunctionCall", "TimerFire", "FireAnimationFrame", "UpdateLayoutTree", "Layout",
               "PrePaint", "Paint", "Layerize", "Commit", "HitTest", "ParseHTML", "MajorGC", "MinorGC")


def load_site_bench(repo: str):
    sys.path.insert(0, f"{repo}/bench")
    spec = importlib.util.spec_from_file_location("site_bench", f"{repo}/bench/site.py")
    mod = importlib.util.module_from_spec(spec)
    argv, sys.argv = sys.argv, [sys.argv[0]]
    spec.loader.exec_module(mod)
    sys.argv = argv
    return mod


def record(m, game: str, players: int, limit: int, trace: str) -> list:
    """Play ``limit`` clicks of a game under Chrome's tracing; the probe's clicks."""
    from playwright.sync_api import sync_playwright

    sb = m.sb
    server, base = sb.start_site_process()
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            page = m.fresh_page(browser)
            page.goto(base + "index.html?botdelay=0")
            page.locator(m.READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
            if os.environ.get("CSS"):
                page.add_style_tag(content=os.environ["CSS"])
            seats = [("Ann", "human", None)] + [(f"Bot{i}", "bot", "easy") for i in range(1, players)]
            m.start_game(page, seats, game_id=game)
            for _ in range(2):
                m.human_click(page)
            browser.start_tracing(page=page, path=trace, categories=m.TRACE_CATEGORIES)
            n = 0
            while n < limit and m.human_click(page):
                n += 1
            page.wait_for_timeout(300)
            browser.stop_tracing()
            clicks = page.evaluate("window.__bench.clicks")[-n:] if n else []
            page.context.close()
            browser.close()
    finally:
        sb.stop_site_process(server)
    return clicks


def report(trace: str, clicks: list) -> None:
    with open(trace) as f:
        ev = json.load(f)
    ev = ev["traceEvents"] if isinstance(ev, dict) else ev
    main = collections.Counter((e["pid"], e["tid"]) for e in ev if e.get("name") == "EventDispatch").most_common(1)[0][0]
    mev = [e for e in ev if (e.get("pid"), e.get("tid")) == main and e.get("ph") == "X"]
    clk = [e for e in mev if e["name"] == "EventDispatch" and e.get("args", {}).get("data", {}).get("type") == "click"]
    print(f"{len(clk)} clicks traced, {len(clicks)} bench clicks")
    tot = collections.defaultdict(list)
    for c, b in zip(clk, clicks):
        t0, t1 = c["ts"], c["ts"] + b[2] * 1000
        inside = [e for e in mev if t0 <= e["ts"] < t1]
        kinds = collections.Counter()
        for e in inside:
            if e["name"] in TRACE_KINDS:
                kinds[e["name"]] += e.get("dur", 0) / 1000
        scripts = [e for e in inside if e["name"] in ("FunctionCall", "EventDispatch", "TimerFire")]
        layouts = []
        for e in inside:
            if e["name"] != "Layout":
                continue
            forced = any(f["ts"] <= e["ts"] < f["ts"] + f.get("dur", 0) for f in scripts)  # read by a script
            data = e["args"].get("beginData", {})
            layouts.append(f"[{e.get('dur', 0) / 1000:.1f}{'F' if forced else ''} "
                           f"{data.get('dirtyObjects')}/{data.get('totalObjects')}]")
        top = " ".join(f"{k} {v:.1f}" for k, v in kinds.most_common(6))
        print(f"{b[0][:28]:28s} dom {b[1]:6.1f} frame {b[2]:6.1f} | {top}  LAYOUT {' '.join(layouts)}")
        for k, v in kinds.items():
            tot[k].append(v)
    print("medians:", {k: round(sorted(v)[len(v) // 2], 1) for k, v in tot.items()})


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    repo, game, players = sys.argv[1], sys.argv[2], int(sys.argv[3])
    limit = int(sys.argv[4]) if len(sys.argv) > 4 else 30
    m = load_site_bench(repo)
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "trace.json")
        clicks = record(m, game, players, limit, trace)
        report(trace, clicks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
