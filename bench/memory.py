#!/usr/bin/env python3
"""Memory over a long session in one page (run by hand; figures in docs/performance.md).

All-bot games in one page (``?botdelay=0``), "play again" after each game.
Before every sample a forced garbage collection (CDP
``HeapProfiler.collectGarbage``, twice: the second pass frees what the first
one's finalizers let go, e.g. Pyodide proxies) and a heap snapshot whose
data is dropped (its collection is the precise one; ``--no-snapshot``
leaves it out and then counts unreachable nodes too), then:

  nodes       DOM nodes Chrome keeps alive (CDP ``Memory.getDOMCounters``):
              in the document or detached but still reachable
  metric_nodes  the same from CDP ``Performance.getMetrics`` (Nodes)
  doc_nodes   nodes in the document (elements, text, comments: a TreeWalker)
  listeners   JS event listeners (``Memory.getDOMCounters``)
  js_heap     JS heap used (CDP ``Performance.getMetrics`` JSHeapUsedSize)
  wasm        bytes of every live ``WebAssembly.Memory`` (Pyodide's heap),
              kept from ``WebAssembly.instantiate*`` by an init script

    python3 bench/memory.py games --game hexen_cocktail --players 8 -n 6
    python3 bench/memory.py games --game saboteur --players 10 -n 6
    python3 bench/memory.py actions --game saboteur --players 10 --actions 1000

``games``: a sample after the page is ready, then after each of ``-n`` games.
``actions``: one long session (games follow each other with "play again"),
sampled after 100 and 1,000 actions (an action = a line added to the log),
and every ``--every`` actions between. Growth is reported from the first
sample after the first game (``games``) or after 100 actions (``actions``):
the first game builds caches that are meant to stay (goal: at most 5 %).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb

READY = "html[data-ready='1']"

# Counts actions by the log's own line numbers (the newest line's value),
# summed over the games of the session: a log drawn anew (a new screen)
# adds its lines to the page again, but not to the count.
COUNTER = """
(() => {
  const m = window.__mem = {actions: 0, base: 0, last: 0};
  new MutationObserver(() => {
    const li = document.querySelector('ol.log li');
    const v = li ? Number(li.getAttribute('value')) || 0 : 0;
    if (v < m.last) m.base += m.last;  // a new game (or the game-over screen)
    m.last = v;
    m.actions = m.base + v;
  }).observe(document, {childList: true, subtree: true});
})();
"""

# Keeps each instantiated module's exported memories (Pyodide's heap) in
# reach of the bench: the page's own code never reads this.
WASM_HOOK = """
(() => {
  const mems = window.__wasmMemories = new Set();
  const Orig = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Orig, {construct(t, a, nt) { const m = Reflect.construct(t, a, nt); mems.add(m); return m; }});
  const keep = r => {
    const inst = r && (r.instance || r);
    if (inst && inst.exports) for (const v of Object.values(inst.exports)) if (v instanceof Orig) mems.add(v);
    return r;
  };
  const wrap = name => {
    const orig = WebAssembly[name];
    if (orig) WebAssembly[name] = function (...args) { return orig.apply(this, args).then(keep); };
  };
  wrap('instantiate'); wrap('instantiateStreaming');
})();
"""
DOC_NODES = """(() => {
  let n = 1;
  const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  while (w.nextNode()) n++;
  return n;
})()"""
WASM_BYTES = "[...(window.__wasmMemories || [])].reduce((s, m) => s + m.buffer.byteLength, 0)"


class Probe:
    def __init__(self, page, gcs=2, pygc=False, garbage=False, precise=True):
        self.page = page
        self.pygc = pygc
        self.garbage = garbage
        self.gcs = gcs
        self.precise = precise
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")
        if precise:
            self.cdp.send("HeapProfiler.enable")

    def collect(self) -> None:
        """Free what nothing reaches. ``HeapProfiler.collectGarbage`` alone
        can leave tens of thousands of unreachable DOM nodes counted (measured
        mid-game, Saboteur at 10 bots: 21,630 held after two such passes,
        3,859 after a heap snapshot, 1,236 in the document; docs/performance.md),
        so a precise sample also takes a heap snapshot (its data is dropped):
        the snapshot's collection frees every node no script reaches."""
        for _ in range(self.gcs):
            self.cdp.send("HeapProfiler.collectGarbage")
        if self.precise:
            self.cdp.send("HeapProfiler.takeHeapSnapshot", {"reportProgress": False})

    def wasm_bytes(self) -> int:
        return int(self.page.evaluate(WASM_BYTES))

    def sample(self, label) -> dict:
        found = None
        if self.garbage:  # what Python's collector finds (it frees it too)
            found = json.loads(self.page.evaluate("window.__spieltischPyGarbage()"))
        if self.pygc:
            self.page.evaluate("window.__spieltischPyGC && window.__spieltischPyGC()")
        self.collect()
        counters = self.cdp.send("Memory.getDOMCounters")
        metrics = {m["name"]: m["value"] for m in self.cdp.send("Performance.getMetrics")["metrics"]}
        return {
            "at": label,
            "nodes": counters["nodes"],
            "metric_nodes": int(metrics["Nodes"]),
            "doc_nodes": self.page.evaluate(DOC_NODES),
            "listeners": counters["jsEventListeners"],
            "js_heap": int(metrics["JSHeapUsedSize"]),
            "wasm": self.wasm_bytes(),
        } | ({"py_garbage": found} if found is not None else {})


def start_game(page, game_id, players, level, seed):
    page.locator(f"[data-ui='new:{game_id}']").first.click()
    page.select_option("select[name=seats]", str(players))
    for i in range(players):
        page.select_option(f"select[name=seat-{i}-kind]", "bot")
        page.select_option(f"select[name=seat-{i}-level]", level)
    page.fill("input[name=seed]", seed)
    page.locator("[data-ui='start']").click()
    page.locator("#app[data-screen='play']").wait_for(state="attached")


def nudge(page) -> None:
    """A pause a bot cannot end (e.g. books left open for the table): its button."""
    pause = page.locator("[data-region='overlay'] button")
    if pause.count() and not page.locator("[data-gameover]").count():
        try:
            pause.first.click(timeout=2000)
        except Exception:  # replaced while clicking: the next look finds the new one
            pass


def wait_over(page, timeout_s=600.0, until_actions=None) -> bool:
    """Until the game is over (True), or the action count reaches ``until_actions`` (False)."""
    end = time.time() + timeout_s
    while time.time() < end:
        if until_actions is not None and page.evaluate("window.__mem.actions") >= until_actions:
            return False
        if page.locator("[data-gameover]").count():
            return True
        nudge(page)
        page.wait_for_timeout(100)
    raise TimeoutError("game did not end")


def again(page) -> None:
    page.locator("[data-gameover] [data-ui='again']").click()
    page.locator("[data-gameover]").wait_for(state="detached")


def growth(samples, key, base_index):
    base = samples[base_index][key]
    return round(100.0 * (samples[-1][key] - base) / base, 1) if base else None


def run(args) -> dict:
    from playwright.sync_api import sync_playwright

    server, base = sb.start_site()
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            page = sb.open_page(browser, viewport={"width": 1200, "height": 900})
            page.add_init_script(COUNTER)
            page.add_init_script(WASM_HOOK)
            page.goto(base + "index.html?botdelay=0" + ("&perf" if args.pygc or args.garbage else "")
                      + (f"&{args.query}" if args.query else ""))
            page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
            probe = Probe(page, args.gc, args.pygc, args.garbage, precise=not args.no_snapshot)
            samples = [probe.sample("ready")]
            start_game(page, args.game, args.players, args.level, args.seed)
            if args.what == "games":
                for g in range(1, args.n + 1):
                    wait_over(page)
                    samples.append(probe.sample(f"game {g}") | {"actions": page.evaluate("window.__mem.actions")})
                    print(json.dumps(samples[-1]), file=sys.stderr)
                    if g < args.n:
                        again(page)
                base_index = 1
            else:
                marks = sorted({100, args.actions, *range(args.every, args.actions + 1, args.every)})
                for mark in marks:
                    while wait_over(page, until_actions=mark):  # a game ended first: the next one
                        again(page)
                    samples.append(probe.sample(f"{mark} actions") | {"actions": page.evaluate("window.__mem.actions")})
                    print(json.dumps(samples[-1]), file=sys.stderr)
                base_index = 1
            sb.check_page(page)
            browser.close()
    finally:
        sb.stop_site(server)
    return {
        "what": args.what, "game": args.game, "players": args.players, "level": args.level,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "growth_pct": {k: growth(samples, k, base_index) for k in ("nodes", "metric_nodes", "listeners", "js_heap", "wasm")},
        "nodes_per_game": (round((samples[-1]["nodes"] - samples[1]["nodes"]) / max(1, len(samples) - 2))
                           if args.what == "games" and len(samples) > 2 else None),
        "samples": samples,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", nargs="?", default="games", choices=["games", "actions"])
    ap.add_argument("--game", default="hexen_cocktail")
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--seed", default="4242")
    ap.add_argument("-n", type=int, default=6, help="games (games)")
    ap.add_argument("--actions", type=int, default=1000, help="actions (actions)")
    ap.add_argument("--every", type=int, default=250, help="a sample every this many actions (actions)")
    ap.add_argument("--gc", type=int, default=2, help="forced garbage collections before each sample")
    ap.add_argument("--garbage", action="store_true",
                    help="before each sample, list what Python's cycle collector frees (kinds, frames; ?perf)")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="collect with HeapProfiler.collectGarbage only (no heap snapshot before each sample)")
    ap.add_argument("--pygc", action="store_true",
                    help="also run Python's cycle collector (gc.collect in Pyodide, via ?perf) before each sample")
    ap.add_argument("--query", default="", help="more of the page's query string, e.g. image=0 (no runtime image)")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    out = run(args)
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text)


if __name__ == "__main__":
    main()
