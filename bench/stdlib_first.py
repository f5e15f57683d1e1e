#!/usr/bin/env python3
"""Which standard-library modules a first visit imports before a new game is
on screen, for every game: the top-level names tools/stdlib_first.txt keeps
in the standard library's first part (tools/build.py split_stdlib,
docs/build.md). Opens the site as a first visit (Python booted, not
restored: ``?image=0``), starts a new game of each kind from the hub with the
form's defaults, and lists the modules in ``sys.modules`` that came from the
standard library (or are built in).

    python3 bench/stdlib_first.py            # prints the names, one a line
    python3 bench/stdlib_first.py --write    # and writes tools/stdlib_first.txt
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb
from support.registry import GAME_IDS

READY = "html[data-ready='1']"
MODULES = """async () => {
  const m = await import('/static/js/runtime.mjs');
  const py = await m.loadPyodide({});
  return py.runPython(`
import json, sys
site = ('/home/pyodide', '/lib/python3.14/site-packages')
json.dumps(sorted(n for n, m in list(sys.modules.items())
                  if not (getattr(m, '__file__', None) or '').startswith(site)))`);
}"""
PROJECT = ("spieltisch", "app", "pyscript", "_pyscript", "polyscript", "js", "pyodide_js", "_stdlib_more")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write tools/stdlib_first.txt")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    names: set[str] = set()
    server, url = sb.start_site_at(REPO)
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            page = sb.open_page(browser, viewport={"width": 1200, "height": 900})
            page.goto(url + "index.html?botdelay=0&image=0")
            page.locator(READY).wait_for(state="attached", timeout=sb.READY_TIMEOUT_MS)
            for gid in GAME_IDS:
                page.evaluate("() => { location.hash = '#/'; }")
                page.locator("#app[data-screen='hub']").wait_for(state="attached")
                page.locator(f"[data-ui='new:{gid}']").first.click()
                page.locator("#app[data-screen='new'] [data-ui='start']").click()
                page.locator("#app[data-screen='play'] [data-board]").wait_for(state="attached")
                names |= {m.split(".")[0] for m in json.loads(page.evaluate(MODULES))}
            sb.check_page(page)
            page.context.close()
            browser.close()
    finally:
        sb.stop_site(server)
    names = {n for n in names if n not in PROJECT}
    text = "\n".join(sorted(names)) + "\n"
    print(text, end="")
    if args.write:
        target = REPO / "tools" / "stdlib_first.txt"
        header = [line for line in target.read_text(encoding="utf-8").splitlines(keepends=True)
                  if line.startswith("#")]
        target.write_text("".join(header) + text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
