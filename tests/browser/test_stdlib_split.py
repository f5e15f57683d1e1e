"""The standard library in two parts (tools/build.py split_stdlib,
tools/stdlib_more.py, static/js/runtime.mjs; docs/build.md): a first visit
loads only the modules imported before a new game is on screen, and the rest
after the page is interactive; a module of the rest imported before it
arrived is fetched there and then, never missing.

The page's requests for the second part by ``fetch`` (runtime.mjs's
low-priority download) can be refused here, which leaves only the finder's
synchronous request (an XMLHttpRequest): ``_stdlib_more.EARLY`` then names
every module that needed the second part early."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from support import browser as sb
from support.play import READY
from support.registry import GAME_IDS

MORE = "**/static/build/python_stdlib_more.zip"
PYTHON = """async (code) => {
  const m = await import('/static/js/runtime.mjs');
  const py = await m.loadPyodide({});
  return py.runPython(code);
}"""
EARLY = "import _stdlib_more, json\njson.dumps([_stdlib_more.EARLY, _stdlib_more.mounted()])"


def open_first_visit(browser, site_url, refuse_fetch: bool):
    page = sb.open_page(browser, viewport={"width": 1200, "height": 900})  # no service worker: a first visit
    page.more = []
    page.on("request", lambda r: r.url.endswith("/python_stdlib_more.zip") and page.more.append(r.resource_type))
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.warnings = []
    page.on("console", lambda msg: msg.type == "warning" and page.warnings.append(msg.text))
    if refuse_fetch:
        page.route(MORE, lambda route: route.abort() if route.request.resource_type == "fetch" else route.continue_())
    page.goto(site_url + "index.html?botdelay=0")
    expect(page.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    return page


def early(page) -> tuple[list[str], bool]:
    names, mounted = json.loads(page.evaluate(PYTHON, EARLY))
    return names, mounted


def test_a_new_game_of_each_kind_needs_only_the_first_part(browser, site_url):
    assert GAME_IDS, "the registry lists no game"
    page = open_first_visit(browser, site_url, refuse_fetch=True)
    try:
        for gid in GAME_IDS:
            page.evaluate("() => { location.hash = '#/'; }")
            expect(page.locator("#app[data-screen='hub']")).to_be_attached()
            page.locator(f"[data-ui='new:{gid}']").first.click()
            page.locator("#app[data-screen='new'] [data-ui='start']").click()
            expect(page.locator("#app[data-screen='play'] [data-board]")).to_be_attached()
        names, mounted = early(page)
        assert names == [], (f"imported before the second part was there: {names}; "
                             "add their top-level names to tools/stdlib_first.txt (bench/stdlib_first.py)")
        assert not mounted
        assert "xhr" not in page.more
        # the part is asked for a while after interactive (static/js/runtime.mjs, AFTER_INTERACTIVE_MS),
        # here refused: every game above started without it
        for _ in range(100):
            if [w for w in page.warnings if "second part waits" in w]:
                break
            page.wait_for_timeout(200)
        assert [w for w in page.warnings if "second part waits" in w], page.warnings
    finally:
        sb.close_page(page)


def test_a_module_of_the_second_part_needed_early_is_fetched_there_and_then(browser, site_url):
    page = open_first_visit(browser, site_url, refuse_fetch=True)
    try:
        out = page.evaluate(PYTHON, "import difflib\n''.join(difflib.ndiff(['a'], ['b']))")
        assert "- a" in out and "+ b" in out
        names, mounted = early(page)
        assert names == ["difflib"] and mounted
        assert page.more.count("xhr") == 1
        page.evaluate(PYTHON, "import argparse, pprint")  # the rest is there now: no second request
        assert page.more.count("xhr") == 1 and early(page)[0] == ["difflib"]
    finally:
        sb.close_page(page)


def test_the_second_part_arrives_after_the_page_is_interactive(browser, site_url):
    page = open_first_visit(browser, site_url, refuse_fetch=False)
    try:
        page.wait_for_function("() => (window.spieltischBoot || []).includes('stdlib-more')", timeout=60_000)
        log = page.evaluate("window.spieltischBoot")
        assert log.index("interactive") < log.index("stdlib-more"), log
        assert page.more == ["fetch"]
        names, mounted = early(page)
        assert names == [] and mounted
        page.evaluate(PYTHON, "import difflib")
        assert page.more == ["fetch"]
    finally:
        sb.close_page(page)
