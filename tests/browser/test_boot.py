"""The vendored runtime boots offline: bare Pyodide, PyScript + [files], PyScript + wheel.

Each page must reach <body data-ready="1">, show the package version and
make no request to a host other than 127.0.0.1.
"""

import json
from pathlib import Path

import pytest
from support.browser import check_page, wait_ready

REPO = Path(__file__).resolve().parents[2]


def built_version() -> str:
    manifest = json.loads((REPO / "static" / "build" / "manifest.json").read_text())
    return manifest["version"]


def test_bare_pyodide_boots(site_url, new_page):
    page = new_page()
    page.goto(site_url + "tests/pages/bare.html")
    data = wait_ready(page)
    assert data["python"] == "3.14"
    check_page(page, console_errors=True)


@pytest.mark.parametrize(
    ("page_name", "source_prefix"),
    [
        # [files] unpacks app.zip into Pyodide's cwd (/home/pyodide).
        ("pyscript_files.html", "/home/pyodide/spieltisch/"),
        # micropip installs the wheel into site-packages.
        ("pyscript_wheel.html", "/lib/python3.14/site-packages/spieltisch/"),
    ],
)
def test_pyscript_delivers_package(site_url, new_page, page_name, source_prefix):
    page = new_page()
    page.goto(site_url + "tests/pages/" + page_name)
    data = wait_ready(page)
    assert data["python"] == "3.14"
    assert data["version"] == built_version()
    assert data["source"].startswith(source_prefix), data["source"]
    assert page.outside_requests == []
    check_page(page)


def _console(page):
    seen = []
    page.on("console", lambda msg: seen.append((msg.type, msg.text)))
    return seen


def test_runtime_module_keeps_pythons_output(site_url, new_page):
    """static/js/runtime.mjs (the site's `interpreter`) starts Pyodide before
    PyScript asks; PyScript's stdout and stderr still get Python's output."""
    page = new_page()
    seen = _console(page)
    page.goto(site_url + "tests/pages/runtime_stdout.html")
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=90_000)
    texts = [text for _, text in seen]
    assert "runtime.mjs stdout line" in texts, seen
    assert "runtime.mjs stderr line" in texts, seen
    assert page.evaluate("window.spieltischBoot") == ["runtime-started", "runtime-handed-over"]
    check_page(page)


def test_runtime_module_with_packages(site_url, new_page):
    """A config with `packages` (not the site's): PyScript installs them into
    the early instance with micropip. On the next visit PyScript's package
    cache hands loadPyodide a lock file and the packages; the early instance
    lacks them, so runtime.mjs says so and starts Pyodide with those options."""
    wheel = json.loads((REPO / "static" / "build" / "manifest.json").read_text())["wheel"]["file"]
    toml = f'interpreter = "/static/js/runtime.mjs"\npackages = ["/static/build/{wheel}"]\n'
    page = new_page()
    seen = _console(page)
    page.route("**/tests/pages/runtime_packages.toml",
               lambda route: route.fulfill(status=200, body=toml, headers={"content-type": "application/toml"}))
    for visit in ("first", "cached"):
        seen.clear()
        page.goto(site_url + "tests/pages/runtime_packages.html")
        data = wait_ready(page)
        assert data["version"] == built_version(), visit
        assert data["source"].startswith("/lib/python3.14/site-packages/spieltisch/"), (visit, data["source"])
        warned = any(kind == "warning" and "starting Pyodide again" in text for kind, text in seen)
        handed = "runtime-handed-over" in page.evaluate("window.spieltischBoot")
        assert (warned, handed) == ((False, True) if visit == "first" else (True, False)), (visit, seen)
    check_page(page)
