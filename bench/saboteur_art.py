"""What Saboteur's card art costs (issue 29): bytes, elements and the browser's
time to put the mine on the page, this checkout against another (run by hand;
figures go to docs/performance.md).

    python3 bench/saboteur_art.py [--old /path/to/other/checkout] [--rounds 8] [--repeats 15]

The position: seed 11, ten seats (Ann and nine easy bots), random moves that
prefer laying a tunnel, until Ann is to play in round 1 with at least 22
tunnel cards in the mine; Ann's first tunnel card chosen (its ghosts on the
legal spaces). For each markup variant — this checkout (``new``), this
checkout with every picture drawn in place (``inline``: ``art.Sheet`` as a
diagram uses it), and ``--old`` (``old``) — it prints the board, hand and
players panel's bytes (raw / gzip -9) and element counts, then sets the
board's and the hand's HTML in a page with that checkout's built CSS
(static/build/page.css and games.css: run tools/build.py first), forces style
and layout, and waits two frames: ``set`` is innerHTML + layout (what a
click's synchronous handler pays), ``frame`` until the second frame (style,
paint). The variants take turns, ``--rounds`` times ``--repeats`` each;
p50 and p90 in ms. Chromium is /usr/bin/chromium (tests/support/browser.py).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run in a fresh interpreter per checkout (each has its own spieltisch package).
RENDER = r'''
import json, random, sys
sys.path[:0] = [SRC + "/src", SRC + "/tests"]
from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from ui.helpers import new_controller
m = Match(GAMES["saboteur"], [Seat("Ann")] + [Seat(f"Bot {i}", "bot", "easy") for i in range(1, 10)], seed=11)
rnd = random.Random(11)
while True:
    v = m.game.view(m.state, 0)
    if m.to_act == 0 and len(v["maze"]) >= 22 and v["phase"] == "play":
        break
    legal = sorted(m.legal_texts())
    paths = [a for a in legal if a.startswith("path:")]
    m.play(rnd.choice(paths if paths and rnd.random() < .9 else legal))
if INLINE:
    from spieltisch.games.saboteur import art
    init = art.Sheet.__init__
    art.Sheet.__init__ = lambda self, prefix="sab-", inline=False: init(self, prefix, True)
ctl = new_controller()
ctl.match, ctl.shown, ctl.curtain_for = m, 0, None
ctl.selected = next((c for c in v["hand"] if c[0] in "NESW"), None)
ctl._rebuild_trail()
print(json.dumps({r: ctl.render(r) for r in ("board", "hand", "side")} | {"cards": len(v["maze"])}))
'''

TIMING = """async ([board, hand, n]) => {
  const b = document.getElementById('b'), h = document.getElementById('h'), t = [];
  for (let i = 0; i < n; i++) {
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    const t0 = performance.now();
    b.innerHTML = board; h.innerHTML = hand; document.body.getBoundingClientRect();
    const t1 = performance.now();
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    t.push([t1 - t0, performance.now() - t0]);
  }
  return t;
}"""


def render(src: Path, inline: bool = False) -> dict:
    code = RENDER.replace("SRC", repr(str(src))).replace("INLINE", repr(inline))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=src)
    return json.loads(out.stdout)


def css(src: Path) -> str:
    build = src / "static" / "build"
    return "".join((build / f).read_text(encoding="utf-8") for f in ("page.css", "games.css"))


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", type=Path, help="another checkout (built) to compare with")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--repeats", type=int, default=15)
    args = ap.parse_args(argv)
    variants = {"new": (render(ROOT), css(ROOT)), "inline": (render(ROOT, inline=True), css(ROOT))}
    if args.old:
        variants["old"] = (render(args.old.resolve()), css(args.old.resolve()))
    for name, (html, _css) in variants.items():
        parts = []
        for region in ("board", "hand", "side"):
            text = html[region]
            parts.append(f"{region} {len(text)}/{len(gzip.compress(text.encode(), 9))} B "
                         f"{len(re.findall(r'<[a-zA-Z]', text))} el")
        print(f"{name:6s} {html['cards']} cards: " + "; ".join(parts))
    sys.path.insert(0, str(ROOT / "tests"))
    from playwright.sync_api import sync_playwright
    from support import browser as sb

    times: dict[str, list] = {k: [] for k in variants}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=sb.CHROMIUM, args=sb.CHROMIUM_ARGS)
        try:
            pages = {}
            for name, (_html, style) in variants.items():
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.set_content(f"<style>{style}</style><main style='width:960px'><div id=b></div><div id=h></div></main>")
                pages[name] = page
            for _ in range(args.rounds):
                for name, (html, _style) in variants.items():
                    times[name] += pages[name].evaluate(TIMING, [html["board"], html["hand"], args.repeats])
        finally:
            browser.close()
    for name, ts in times.items():
        s, f = [a for a, _ in ts], [b for _, b in ts]
        print(f"{name:6s} set p50 {quantile(s, .5):.1f} p90 {quantile(s, .9):.1f} ms; "
              f"frame p50 {quantile(f, .5):.1f} p90 {quantile(f, .9):.1f} ms (n={len(ts)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
