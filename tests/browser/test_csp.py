"""The runtime boots under a Content-Security-Policy that allows only 'self'.

Bare Pyodide needs only 'wasm-unsafe-eval'; PyScript 0.7.31 also evaluates
strings as JavaScript, so it needs 'unsafe-eval' (documented in docs/build.md).
"""

from support.browser import check_page, wait_ready

BASE = (
    "default-src 'self'; connect-src 'self'; worker-src 'self' blob:; style-src 'self'"
)
PYODIDE_CSP = BASE + "; script-src 'self' 'wasm-unsafe-eval'"
PYSCRIPT_CSP = BASE + "; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'"


def test_bare_pyodide_under_strict_csp(site_with_csp, new_page):
    page = new_page()
    page.goto(site_with_csp(PYODIDE_CSP) + "tests/pages/bare.html")
    assert wait_ready(page)["python"] == "3.14"
    check_page(page, console_errors=True)


def test_pyscript_files_under_csp(site_with_csp, new_page):
    page = new_page()
    page.goto(site_with_csp(PYSCRIPT_CSP) + "tests/pages/pyscript_files.html")
    assert wait_ready(page)["version"]
    check_page(page, console_errors=True)


# ---- the real site under the policy a careful host can set (docs/embedding.md) ----

STRICT = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
          "connect-src 'self'; object-src 'none'; base-uri 'none'")


def _no_csp_reports(page):
    """CSP violations show up as console errors ("Refused to ...")."""
    refused = [m for m in page.console_errors if "Content Security Policy" in m or "Refused" in m]
    assert refused == [], refused


def test_site_full_game_and_position_link_under_strict_csp(browser, tmp_path):
    """Service worker included: served from a private copy of the site, whose
    precache list cannot go stale while the test runs."""
    from playwright.sync_api import expect
    from support import browser as sb
    from support.play import READY, human_move, play_to_end, start_game, wait_idle
    from support.site_copy import copy_site

    server, site = sb.start_site_at(copy_site(tmp_path / "site"), csp=STRICT)
    page = sb.open_page(browser, service_workers="allow", viewport={"width": 1200, "height": 900})
    page.goto(site + "index.html?botdelay=0")
    expect(page.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    expect(page.locator("html[data-offline='ready']")).to_be_attached(timeout=120_000)
    start_game(page, [("Ann", "human", None), ("Easy", "bot", "easy"), ("Normal", "bot", "normal")])
    for _ in range(3):
        human_move(page)
    wait_idle(page)
    page.locator("[data-ui='share']").click()
    link = page.locator("[data-share-url]").input_value()
    board = page.locator("[data-board]").inner_text()
    play_to_end(page)
    # the position link, opened in a fresh browser under the same policy
    reader = sb.open_page(browser, viewport={"width": 1200, "height": 900})
    reader.goto(link.replace(site, site + "index.html?botdelay=0"))
    expect(reader.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    expect(reader.locator("#app[data-screen='play']")).to_be_attached()
    assert reader.locator("[data-board]").inner_text() == board
    for p in (page, reader):
        _no_csp_reports(p)
        check_page(p)
        p.context.close()
    sb.stop_site(server)


def test_embed_under_strict_csp_in_a_strict_blog(browser, site_with_csp):
    """The site and the blog both send the policy; the blog adds only
    frame-src for the site's origin (its own policy would otherwise refuse
    the iframe)."""
    from playwright.sync_api import expect
    from support import browser as sb
    from support.play import READY, human_move, start_game, wait_idle

    site = site_with_csp(STRICT)
    blog = site_with_csp(STRICT + "; frame-src " + site.rstrip("/"))
    page = sb.open_page(browser, viewport={"width": 1000, "height": 800})
    page.goto(f"{blog}tests/pages/blog.html?site={site}&path=embed.html%3Fbotdelay%3D0%23/new/hexen_cocktail")
    frame = page.frame_locator("#game")
    expect(frame.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    start_game(frame, [("Reader", "human", None), ("Bot", "bot", "easy")])
    human_move(frame)
    human_move(frame)
    wait_idle(frame)
    heights = page.locator("#heights")
    expect(heights).not_to_have_attribute("data-count", "0", timeout=30_000)
    _no_csp_reports(page)
    check_page(page)
    page.context.close()


def test_site_needs_unsafe_eval(browser, site_with_csp):
    """Pins why the policy has 'unsafe-eval': without it PyScript's core
    stops with a CSP error and the site never becomes interactive."""
    from support import browser as sb

    site = site_with_csp(STRICT.replace(" 'unsafe-eval'", ""))
    page = sb.open_page(browser)
    page.goto(site + "index.html")
    for _ in range(300):
        if page.page_errors:
            break
        page.wait_for_timeout(100)
    assert any("unsafe-eval" in e for e in page.page_errors), page.page_errors
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.outside_requests == []
    page.context.close()
