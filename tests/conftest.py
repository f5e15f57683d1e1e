"""Suite-wide fixtures: the local site, Chromium, and watched pages.

Keep this file to these fixtures; put feature-specific fixtures in a
conftest.py inside the relevant tests/ subfolder.
"""

from __future__ import annotations

import pytest
from support import browser as sb


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """scripts/test runs the suite on two workers (pytest-xdist, ``--dist
    loadgroup``): the browser tests go in two groups, each to one worker in
    file order (one Chromium per worker, one Pyodide boot per module), and the
    rest is shared out between both. One group held them all until the
    suite's browser half alone took 21 of its 23 minutes (issue 30's tables
    of devices, the QR and camera tests), leaving the other worker idle:
    the many-device and review files are the second group."""
    for item in items:
        path = item.nodeid.replace("\\", "/")
        if path.startswith("tests/browser/"):
            name = path.split("/")[2].split("::")[0]
            item.add_marker(pytest.mark.xdist_group("browser-2" if name in SECOND_GROUP else "browser"))


# the browser files of the second group (tests/browser/); the rest are the first
SECOND_GROUP = frozenset({"test_table.py", "test_net.py", "test_net_netns.py", "test_net_camera.py", "test_qr.py",
                          "test_review.py", "test_hub_tiles.py", "test_stdlib_split.py", "test_records.py",
                          "test_tabs_deleted.py", "test_hardening.py"})


@pytest.fixture(scope="session")
def site_url():
    """Base URL (ends with /) of the repo root served on 127.0.0.1."""
    server, url = sb.start_site()
    yield url
    sb.stop_site(server)


@pytest.fixture(scope="session")
def site_with_csp():
    """Factory: site_with_csp(policy) -> base URL of a server sending that CSP."""
    servers = {}

    def make(policy: str) -> str:
        if policy not in servers:
            servers[policy] = sb.start_site(csp=policy)
        return servers[policy][1]

    yield make
    for server, _ in servers.values():
        sb.stop_site(server)


@pytest.fixture(scope="session")
def browser():
    """Headless system Chromium (shared by the session)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = sb.launch_chromium(pw)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser):
    """Factory: new_page(**context_options) -> page in a fresh context.

    The page has .outside_requests, .console_errors and .page_errors; the
    test fails if any request left 127.0.0.1.
    """
    pages = []

    def make(**context_options):
        page = sb.open_page(browser, **context_options)
        pages.append(page)
        return page

    yield make
    outside = [url for page in pages for url in page.outside_requests]
    for page in pages:
        page.context.close()
    if outside:
        pytest.fail(f"requests left 127.0.0.1: {outside}")
