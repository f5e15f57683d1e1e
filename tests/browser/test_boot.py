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
