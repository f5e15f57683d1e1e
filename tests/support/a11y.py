"""Accessibility helpers for the browser tests (issue 14): position links
for a game mid-game and over (made on CPython from seeded random play), and
an axe-core scan of the page (node_modules/axe-core, injected by Playwright).

The site sends a Content-Security-Policy (index.html and the test server):
an injected <script> would be refused, so a scan runs in a context opened
with ``bypass_csp=True`` -- the policy is a property of the host, and what axe
checks (the DOM, names, roles, contrast) does not depend on it.
"""

from __future__ import annotations

import random
from pathlib import Path

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.ui import position

from . import registry

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
GAME_IDS = registry.GAME_IDS  # every registered game, in the registry's order


def _match(game_id: str, seed: int, seats: int | None = None) -> Match:
    n = seats or registry.seats(game_id)
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", "bot", "easy") for i in range(1, n)]
    return Match(GAMES[game_id], seats, seed=seed)


def mid_game_link(game_id: str, moves: int = 8, seed: int = 5, seats: int | None = None) -> str:
    """A position after about ``moves`` seat moves where Ann (seat 0) is to
    act (in a game shorter than that, her last turn before the end); ``seats``: the
    table's size (default: the suites' size, registry.seats)."""
    m = _match(game_id, seed, seats)
    rnd = random.Random(seed)
    played = 0
    last = None
    while not m.is_over:
        if m.to_act == 0:
            last = position.encode(m, 0)
            if played >= moves:
                return last
        m.play(rnd.choice(sorted(m.legal_texts())))
        played += 1
    if last is None:
        raise AssertionError(registry.problem(game_id, f"Ann (seat 0) never had a turn in a seeded random game "
                                                       f"(seed {seed})", "pass another seed"))
    return last


def game_over_link(game_id: str, seed: int = 5, seats: int | None = None) -> str:
    m = _match(game_id, seed, seats)
    rnd = random.Random(seed)
    while not m.is_over:
        m.play(rnd.choice(sorted(m.legal_texts())))
    return position.encode(m, 0)


RUN_AXE = """async (opts) => {
  const r = await axe.run(document, opts);
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary,
                             html: n.html.slice(0, 200)}))}));
}"""


def scan(page, *, rules: list[str] | None = None) -> list[dict]:
    """axe-core's violations on the page as it is now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    opts = {"resultTypes": ["violations"]}
    if rules:
        opts["runOnly"] = {"type": "rule", "values": rules}
    return page.evaluate(RUN_AXE, opts)


def count(violations: list[dict], impacts=("serious", "critical")) -> int:
    return sum(len(v["nodes"]) for v in violations if v["impact"] in impacts)


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']} {v['id']} ({len(v['nodes'])}): {v['help']}")
        for n in v["nodes"][:4]:
            lines.append(f"    {n['target']}  {n['html'][:120]}")
    return "\n".join(lines)


SMALL_TARGETS = """(min) => {
  const sel = 'button, a[href], [tabindex="0"], input, select, textarea, [data-action], [data-ui]';
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest('[hidden], [inert]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;          // screen-reader-only (e.g. the file input)
    if (r.right <= 0 || r.left >= innerWidth) continue;   // off screen until focused (the skip link)
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    if (r.width < min || r.height < min)
      out.push({w: Math.round(r.width), h: Math.round(r.height),
                what: el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : '')
                      + ' ' + (el.getAttribute('data-ui') || el.getAttribute('data-action') || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30))});
  }
  return out;
}"""


def small_targets(page, minimum: int = 44) -> list[dict]:
    return page.evaluate(SMALL_TARGETS, minimum)


def sideways_scroll(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


CLIPPED = """(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel.names)) {
    if (sel.skip && el.closest(sel.skip)) continue;   // e.g. stacked under the top card on purpose
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    const box = (el.closest(sel.box) || el.parentElement).getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 || r.left < box.left - 1 || r.right > box.right + 1)
      out.push(el.textContent.trim());
  }
  return out;
}"""


def clipped_names(page, selectors: dict) -> list[str]:
    """Names (e.g. ingredients, potions) cut off by their box (issue 14);
    ``selectors`` is the game's ``unclipped`` in its testing.toml."""
    return page.evaluate(CLIPPED, {"names": selectors["names"], "box": selectors["box"],
                                   "skip": selectors.get("skip", "")})
