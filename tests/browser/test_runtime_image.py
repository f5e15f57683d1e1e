"""The runtime image (static/js/runtime.mjs, tools/make_image.mjs,
src/app/image.py; docs/build.md, "The runtime image"): the page restores
Python from its build's image instead of booting it; the image holds every
module the page imports on its way to a game of each kind, except those that
read the page; each load still draws its own random numbers; and without the
image (``?image=0``) or with a missing, corrupt or foreign one the page
starts Python the ordinary way and works.

The image is for a returning visit (a service worker that holds it controls
the page); these pages block service workers, so they ask for it with
``?image=1``. A first visit never fetches it: ``test_a_first_visit_…``, and
tests/browser/test_offline.py for the visit after."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.play import READY
from ui.helpers import make_save

from app.image import BROWSER
from spieltisch.games import GAMES
from spieltisch.ui.controller import SAVE_PREFIX

REPO = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((REPO / "static" / "build" / "manifest.json").read_text())
IMAGE_ROUTE = "**/static/build/runtime-image-*.bin"
# imported in the page after the image is restored, and rightly so: they
# read the page (or PyScript's JS modules) when imported
PAGE_ONLY = (*BROWSER, "js", "pyscript", "_pyscript", "polyscript")


def page_only(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in PAGE_ONLY)


def boot(browser, site_url, query: str = "&image=1", route=None):
    page = sb.open_page(browser, viewport={"width": 1200, "height": 900})
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.warnings = []
    page.on("console", lambda msg: msg.type == "warning" and page.warnings.append(msg.text))
    page.image_responses = []
    page.on("response", lambda r: "/runtime-image-" in r.url and page.image_responses.append((r.url, r.status)))
    if route is not None:
        page.route(IMAGE_ROUTE, route)
    page.goto(site_url + "index.html?botdelay=0&perf=1" + query)
    expect(page.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    return page


def report(page) -> dict:
    return json.loads(page.evaluate("window.__spieltischPyImage()"))


def boot_log(page) -> list[str]:
    return page.evaluate("window.spieltischBoot")


def test_the_build_has_an_image():
    assert "image" in MANIFEST, "tools/build.py made no runtime image (is node there?)"
    assert MANIFEST["image"]["file"] == f"runtime-image-{MANIFEST['build_id']}.bin"


def test_the_page_starts_from_its_builds_image(browser, site_url):
    page = boot(browser, site_url)
    try:
        log = boot_log(page)
        assert "runtime-image" in log and "runtime-image-failed" not in log, log
        assert log.index("runtime-started") < log.index("runtime-image") < log.index("runtime-handed-over"), log
        assert page.image_responses == [(site_url + "static/build/" + MANIFEST["image"]["file"], 200)]
        got = report(page)
        imaged = set(got["imaged"])
        assert {"spieltisch.ui.controller", "app.image"} <= imaged
        assert {f"spieltisch.games.{gid}.rules" for gid in GAMES} <= imaged
        assert not imaged & set(BROWSER), "the image imported a module that reads the page"
        assert got["path"].count("") == 1, got["path"]
        # PyScript's own package came with its bytecode (tools/pyscript_pyc.mjs)
        assert got["pyscript_bytecode"] and all(got["pyscript_bytecode"].values()), got["pyscript_bytecode"]
        assert not [w for w in page.warnings if "runtime image" in w]
    finally:
        sb.close_page(page)


def test_the_image_holds_what_a_game_of_each_kind_imports(browser, site_url):
    """Open a saved game of every game in one page: whatever Python imported
    on the way that is not in the image must be a module that reads the page
    (else add it to app.image.STDLIB)."""
    page = boot(browser, site_url)
    try:
        saves = {}
        for k, gid in enumerate(sorted(GAMES)):
            slot, text = make_save(gid, start=1_600_000_000 + k * 10_000_000)
            saves[gid] = slot
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_PREFIX + slot, text])
        for slot in saves.values():
            page.evaluate("(h) => { location.hash = h; }", f"#/play/{slot}")
            expect(page.locator("#app[data-screen='play'] [data-board]")).to_be_attached()
            page.evaluate("() => { location.hash = '#/'; }")
            expect(page.locator("#app[data-screen='hub']")).to_be_attached()
        got = report(page)
        extra = sorted(set(got["modules"]) - set(got["imaged"]))
        assert extra, "nothing imported after the image: is it the page's report at all?"
        missing = [m for m in extra if not page_only(m)]
        assert missing == [], f"imported by the page but not in the image: {missing}"
    finally:
        sb.close_page(page)


def test_each_load_draws_its_own_random_numbers(browser, site_url):
    """The image was saved once; the shared generator is reseeded per load."""
    numbers = []
    for _ in range(2):
        page = boot(browser, site_url)
        try:
            got = report(page)
            assert got["imaged"], "this load did not restore the image"
            numbers.append(got["random"])
        finally:
            sb.close_page(page)
    assert numbers[0] != numbers[1]


def test_image_0_starts_python_without_it(browser, site_url):
    page = boot(browser, site_url, query="&image=0")
    try:
        log = boot_log(page)
        assert "runtime-image" not in log and "runtime-image-failed" not in log, log
        assert page.image_responses == []
        assert report(page)["imaged"] == []
        page.locator("[data-ui='new:hexen_cocktail']").first.click()
        expect(page.locator("#app[data-screen='new']")).to_be_attached()
    finally:
        sb.close_page(page)


def test_a_first_visit_does_not_fetch_the_image(browser, site_url):
    """No service worker controls the page and nothing asks for the image:
    Python starts the ordinary way and the 7 MB image is not requested, not
    before the page is interactive and not after (the worker fetches it for
    the next visit: tests/browser/test_offline.py)."""
    page = boot(browser, site_url, query="")
    try:
        log = boot_log(page)
        assert "runtime-started" in log and "runtime-handed-over" in log, log
        assert "runtime-image" not in log and "runtime-image-failed" not in log, log
        page.locator("[data-ui='new:brauzeit']").first.click()
        expect(page.locator("#app[data-screen='new']")).to_be_attached()
        assert page.image_responses == []
        assert report(page)["imaged"] == []
    finally:
        sb.close_page(page)


def _image_bytes() -> bytes:
    return (REPO / "static" / "build" / MANIFEST["image"]["file"]).read_bytes()


BROKEN = {
    "missing": lambda route: route.fulfill(status=404, body="not here"),
    "not gzip": lambda route: route.fulfill(status=200, body=b"\x00" * 4096),
    "not an image": lambda route: route.fulfill(status=200, body=gzip.compress(os.urandom(64 * 1024))),
    # issue 27: checked as it streams; 100 MB of zeros inflated from ~100 kB
    "too big inflated": lambda route: route.fulfill(status=200, body=gzip.compress(b"\0" * (100 * 1024 * 1024))),
    "cut short": lambda route: route.fulfill(status=200, body=_image_bytes()[: len(_image_bytes()) // 2]),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_image_is_passed_over(browser, site_url, kind):
    page = boot(browser, site_url, route=BROKEN[kind])
    try:
        log = boot_log(page)
        assert "runtime-image-failed" in log and "runtime-image" not in log, log
        assert [w for w in page.warnings if "runtime image could not be used" in w], page.warnings
        if kind == "too big inflated":  # refused by the bound as it streamed, not by Pyodide
            assert [w for w in page.warnings if "bytes inflated" in w], page.warnings
        if kind == "not gzip":
            assert [w for w in page.warnings if "not gzip data" in w], page.warnings
        assert report(page)["imaged"] == []
        page.locator("[data-ui='new:saboteur']").first.click()
        expect(page.locator("#app[data-screen='new']")).to_be_attached()
    finally:
        sb.close_page(page)


def test_the_inflated_image_is_let_go_once_restored(site_url, new_page):
    """Pyodide keeps its options, the image's 31.5 MB among them: runtime.mjs
    detaches that buffer once the memory is in the interpreter."""
    page = new_page()
    page.goto(site_url + "tests/pages/runtime_image.html?image=1")
    data = sb.wait_ready(page)
    log = data["log"].split()
    # the restored image also unpacks every game's own part (docs/build.md, "The games' parts")
    assert [e for e in log if not e.startswith("game-part:")] == ["runtime-started", "runtime-image",
                                                                   "runtime-handed-over"]
    from spieltisch.games import GAMES

    assert sorted(e for e in log if e.startswith("game-part:")) == sorted(f"game-part:{g}" for g in GAMES)
    version, imaged = data["python"].split()
    assert version == "3.14" and int(imaged) > 100
    assert data["keptBytes"] == "0"
    sb.check_page(page)
