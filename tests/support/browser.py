"""Playwright helpers for browser tests: local server, Chromium, watched pages.

Chromium is the Debian one at /usr/bin/chromium (``scripts/setup --browser``
installs it); Playwright's own browser download is never used.

Every page made by :func:`open_page` records

* ``page.outside_requests`` -- URLs of requests to any host other than
  127.0.0.1 (they are also aborted, so a test never reaches the network),
* ``page.console_errors`` -- text of ``console.error`` messages,
* ``page.page_errors`` -- uncaught exceptions in the page,

and :func:`check_page` turns outside requests / page errors into a failure.
"""

from __future__ import annotations

import sys
import time
import urllib.parse
from pathlib import Path

# counts the main thread's long tasks into window.__longtasks (the review test and bench/review_browser.py)
LONGTASKS = """() => { window.__longtasks = []; new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration}); })
    .observe({type: "longtask"}); }"""

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ALLOWED_HOSTS = frozenset({"127.0.0.1"})
# Schemes that never leave the machine.
LOCAL_SCHEMES = frozenset(
    {"data", "blob", "about", "chrome", "chrome-extension", "devtools"}
)

# Pyodide boot in a 2-core VM: several seconds, more on a cold disk cache.
READY_TIMEOUT_MS = 90_000


def start_site(csp: str | None = None):
    """Serve the repository root on a free 127.0.0.1 port: (server, url)."""
    tools = str(REPO / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import serve  # tools/serve.py

    return serve.start(REPO, 0, csp=csp, quiet=True)


def start_site_at(root, csp: str | None = None, gzip: bool = False):
    """Serve another folder (e.g. a copy of the site) on a free port: (server, url).
    ``gzip``: send the FILE.gz copies with Content-Encoding (tools/serve.py --gzip)."""
    tools = str(REPO / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import serve  # tools/serve.py

    return serve.start(root, 0, csp=csp, quiet=True, gzip=gzip)


def start_site_process(csp: str | None = None):
    """Serve the repository root from a process of its own: (process, url).
    For benchmarks: a server in the benchmark's own process shares its GIL
    with Playwright's client, and a page of many parallel requests waits
    for both (a static host does not)."""
    import subprocess

    cmd = [sys.executable, str(REPO / "tools" / "serve.py"), "--port", "0", "--quiet"]
    if csp:
        cmd += ["--csp", csp]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()  # "Spieltisch is at http://127.0.0.1:PORT/"
    if not line.startswith("Spieltisch is at "):
        proc.kill()
        raise RuntimeError(f"tools/serve.py did not start: {line!r}")
    return proc, line.rsplit(" ", 1)[1]


def stop_site_process(proc) -> None:
    proc.terminate()
    proc.wait(timeout=10)


def stop_site(server) -> None:
    server.shutdown()
    server.server_close()


def launch_chromium(playwright, **kwargs):
    """Launch the system Chromium headless with the project's flags."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} missing: run `scripts/setup --browser`")
    return playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **kwargs
    )


def is_local(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname in ALLOWED_HOSTS


def open_page(browser, intercept: bool = True, **context_options):
    """A page in a fresh context that records (and blocks) off-host traffic.

    ``intercept=False`` (benchmarks): off-host requests are only recorded,
    not blocked. Playwright's routing sends every request through its
    driver and back before the browser may send it (tens of ms a request
    on this machine, more while the page fetches twenty files at once), so
    a timed page load is measured without it; the benchmark then fails on
    any recorded off-host request (``check_page``)."""
    context_options.setdefault("service_workers", "block")
    context = browser.new_context(**context_options)
    page = context.new_page()
    page.outside_requests = []
    page.console_errors = []
    page.page_errors = []

    def guard(route):
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            page.outside_requests.append(url)
            route.abort("blockedbyclient")

    if intercept:
        context.route("**/*", guard)
    # Requests that bypass routing (e.g. from workers) are still seen here.
    context.on(
        "request",
        lambda req: (
            None
            if is_local(req.url) or req.url in page.outside_requests
            else page.outside_requests.append(req.url)
        ),
    )
    context.on("weberror", lambda err: page.page_errors.append(str(err.error)))
    page.on(
        "console",
        lambda msg: (
            page.console_errors.append(msg.text) if msg.type == "error" else None
        ),
    )
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    return page


def wait_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> dict:
    """Wait for ``<body data-ready="1">``; return ``body.dataset`` as a dict.

    Fails early -- instead of at the timeout -- when the page sets
    ``data-error``, PyScript shows an error box (``.py-error``) or an uncaught
    page error (e.g. a CSP violation) is recorded.
    """
    state_js = """() => ({
        data: document.body ? {...document.body.dataset} : {},
        pyError: document.querySelector('.py-error')?.textContent ?? null,
    })"""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        state = page.evaluate(state_js)
        data = state["data"]
        if data.get("ready") == "1":
            return data
        if "error" in data:
            raise AssertionError(f"page reported an error: {data['error']}")
        if state["pyError"] is not None:
            raise AssertionError(f"PyScript error: {state['pyError']}")
        if page.page_errors:
            raise AssertionError(f"page errors: {page.page_errors}")
        if time.monotonic() > deadline:
            raise AssertionError(
                f"page not ready after {timeout_ms} ms; dataset={data}"
            )
        page.wait_for_timeout(50)


def check_page(page, *, console_errors: bool = False) -> None:
    """Fail on off-host requests and page errors (and console errors if asked)."""
    problems = []
    if page.outside_requests:
        problems.append(f"requests left 127.0.0.1: {page.outside_requests}")
    if page.page_errors:
        problems.append(f"page errors: {page.page_errors}")
    if console_errors and page.console_errors:
        problems.append(f"console errors: {page.console_errors}")
    if problems:
        raise AssertionError("; ".join(problems))


def boot_page(browser, base_url: str, path: str = "index.html?botdelay=0", **context_options):
    """A watched page with the app booted (Pyodide ready); dialogs are
    recorded in ``page.dialogs`` and dismissed. Pair with :func:`close_page`."""
    from playwright.sync_api import expect

    context_options.setdefault("viewport", {"width": 1200, "height": 900})
    page = open_page(browser, **context_options)
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.goto(base_url + path)
    expect(page.locator("html[data-ready='1']")).to_be_attached(timeout=READY_TIMEOUT_MS)
    return page


def close_page(page) -> None:
    """Fail on off-host requests, page errors or dialogs; then close."""
    try:
        check_page(page)
        assert page.dialogs == [], f"a dialog opened: {page.dialogs}"
    finally:
        page.context.close()
