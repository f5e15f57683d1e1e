#!/usr/bin/env python3
"""axe-core violations and small tap targets on every screen (issue 14; run by hand).

    python3 bench/a11y_scan.py [--root DIR] [--dark] [--phone] [--json FILE]

Screens: the hub, each game's new-game form, each game mid-game (a position
link where the human is to act, vs bots), its rules drawer and its game-over
screen. For each: axe-core 4.14 violation nodes by impact (serious+critical,
moderate, minor). With ``--phone`` the viewport is 375x667 and the play
screens also get the number of tap targets under 44 px and the sideways
overflow. ``--dark`` emulates prefers-color-scheme: dark. ``--root`` serves
another built checkout (before/after figures).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from support import a11y
from support import browser as sb


def screens():
    yield "hub", "#/", None
    for g in a11y.GAME_IDS:
        yield f"{g} new", f"#/new/{g}", None
        yield f"{g} play", "#/position/" + a11y.mid_game_link(g), "play"
        yield f"{g} selected", None, "selected"
        yield f"{g} rules", None, "rules"
        yield f"{g} over", "#/position/" + a11y.game_over_link(g), "over"


def go(page, route, then):
    from playwright.sync_api import expect
    if route is not None:
        page.evaluate("(h) => { location.hash = h; }", route)
    if then == "play":
        expect(page.locator("#app[data-screen='play']")).to_be_attached()
        expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
    elif then == "over":
        expect(page.locator("[data-gameover]")).to_be_attached()
    elif then == "selected":
        card = page.locator("[data-hand] [data-ui^='select:']")
        if card.count():
            card.first.click()
    elif then == "rules":
        page.locator("[data-ui='rules']").first.click()
        expect(page.locator("#rules")).to_be_visible()
    page.wait_for_timeout(150)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root")
    ap.add_argument("--dark", action="store_true")
    ap.add_argument("--phone", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    server, url = sb.start_site_at(Path(args.root) if args.root else ROOT)
    rows = []
    with sync_playwright() as pw:
        browser = sb.launch_chromium(pw)
        opts = {"bypass_csp": True}
        if args.phone:
            opts.update(viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True)
        if args.dark:
            opts["color_scheme"] = "dark"
        page = sb.boot_page(browser, url, **opts)
        for name, route, then in screens():
            go(page, route, then)
            v = a11y.scan(page)
            row = {"screen": name, "serious": a11y.count(v), "moderate": a11y.count(v, ("moderate",)),
                   "minor": a11y.count(v, ("minor",)), "rules": sorted({x["id"] for x in v})}
            if args.phone and then in ("play", "selected", "rules", "over"):
                row["small"] = len(a11y.small_targets(page))
                row["targets"] = page.evaluate("() => document.querySelectorAll(\"button, a[href], [tabindex='0'], input, select\").length")
                row["sideways"] = a11y.sideways_scroll(page)
                page.screenshot(path=f"/tmp/a11y-{name.replace(' ', '-')}.png")
            rows.append(row)
            print(json.dumps(row), flush=True)
            if args.verbose:
                print(a11y.describe(v))
        sb.close_page(page)
        browser.close()
    sb.stop_site(server)
    print("total serious+critical:", sum(r["serious"] for r in rows), "moderate:", sum(r["moderate"] for r in rows))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
