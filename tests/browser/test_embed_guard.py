"""Issue 27, point 2: the blog script (static/js/spieltisch-embed.js) frames
only the play and embed pages of the site it was loaded from, shows replay
frames only from that site or data:image/..., refuses anything else visibly,
and no figure of any shape makes it throw.

The blog page is of ANOTHER origin (a second server on another port, a folder
of its own) and loads the script from the site, as a real blog does.
"""

from __future__ import annotations

import html

import pytest
from playwright.sync_api import expect
from support import browser as sb

from spieltisch import diagram
from spieltisch.core.match import Match, Seat
from spieltisch.diagram import embed
from spieltisch.games import GAMES
from spieltisch.ui import position

REFUSED_EN = "This figure's link is not a Spieltisch page"
REFUSED_DE = "Der Link dieser Abbildung führt nicht zu einer Spieltisch-Seite"
HOSTILE = (
    "javascript:top.__pwned.push('x')",
    "  JaVaScRiPt:top.__pwned.push('x')",
    "java\tscript:top.__pwned.push('x')",
    " JAVASCRIPT : top.__pwned.push('x')",
    "vbscript:msgbox(1)",
    "data:text/html,<script>top.__pwned.push('x')</script>",
    "data:text/html;base64,PHNjcmlwdD50b3AuX19wd25lZC5wdXNoKCd4Jyk8L3NjcmlwdD4=",
    "//evil.test/embed.html#/position/x",
    "https://evil.test/embed.html#/position/x",
    "http://evil.test/index.html",
    "{site}static/js/boot.js",  # our site, but not a play page
    "{site}tests/pages/embed.html",  # a page of that name elsewhere on the site
    "http://user:pw@{host}/embed.html",
)


def _match():
    m = Match(GAMES["hexen_cocktail"], [Seat("Ann"), Seat("Bo")], seed=3)
    for _ in range(3):
        m.play(m.legal_texts()[0])
    return m


def _page_html(site: str, figures: str, *, lang: str = "en") -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>A blog</title>'
            "<script>window.__pwned = [];</script></head><body>"
            '<div id="spieltischEmbed">an element with the id the script uses</div>'
            f"{figures}<script src=\"{site}static/js/spieltisch-embed.js\"></script>"
            f"<script src=\"{site}static/js/spieltisch-embed.js\"></script></body></html>")


@pytest.fixture(scope="module")
def blog_host(tmp_path_factory):
    """Another origin: a server of its own on another port; tests write their pages into its folder."""
    folder = tmp_path_factory.mktemp("blog")
    server, url = sb.start_site_at(folder)
    yield folder, url
    sb.stop_site(server)


def _open(browser, blog_host, body: str):
    folder, url = blog_host
    name = f"post{len(list(folder.iterdir()))}.html"
    (folder / name).write_text(body, encoding="utf-8")
    page = sb.open_page(browser, viewport={"width": 800, "height": 900})
    page.blog = url + name
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.goto(page.blog)
    page.wait_for_load_state("load")
    return page


def _hostile_figures(site: str) -> tuple[str, int]:
    host = site.split("/")[2]
    img = f'<img src="{embed.data_uri(diagram.render(_match(), 0, lang="en"))}" alt="x">'
    out = []
    for i, raw in enumerate(HOSTILE):
        url = html.escape(raw.format(site=site, host=host), quote=True)
        out.append(f'<figure id="f{i}" data-spieltisch-play="{url}"><a href="#here">{img}</a></figure>')
    n = len(out)
    # shapes: no link and no image, nested figures, duplicated ids, empty attribute
    out.append(f'<figure id="f{n}" data-spieltisch-play="javascript:top.__pwned.push(1)"></figure>')
    out.append(f'<figure id="f{n + 1}" data-spieltisch-play="{site}embed.html#/position/x">'
               f'<figure id="f{n + 1}" data-spieltisch-play="javascript:top.__pwned.push(2)"><p>inner</p></figure></figure>')
    out.append(f'<figure id="f{n + 3}" data-spieltisch-play=""><span>empty</span></figure>')
    # replays whose frames are not ours
    out.append('<figure id="r1" data-spieltisch-replay><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="">'
               '<ol><li data-frame="javascript:top.__pwned.push(3)">a</li>'
               '<li data-frame="https://evil.test/x.png">b</li></ol></figure>')
    out.append('<figure id="r2" data-spieltisch-replay><ol><li data-frame="x">no image</li></ol></figure>')
    out.append('<figure id="r3" data-spieltisch-replay><img alt=""></figure>')
    return "".join(out), len(HOSTILE)


def test_hostile_figures_run_nothing_frame_nothing_and_say_so(browser, site_url, blog_host):
    assert blog_host[1] != site_url
    figures, hostile = _hostile_figures(site_url)
    page = _open(browser, blog_host, _page_html(site_url, figures))
    for i in range(hostile + 1):
        fig = page.locator(f"#f{i}").first
        expect(fig.locator(".spieltisch-refused")).to_have_text(REFUSED_EN + ".")
        expect(fig.locator("button")).to_have_count(0)
        link = fig.locator("a")
        if link.count():
            link.click(no_wait_after=True)
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.__pwned.length") == 0
    expect(page.locator("iframe")).to_have_count(0)
    expect(page.locator("#r1 .spieltisch-refused")).to_have_text(REFUSED_EN + ".")
    expect(page.locator("#r1 .spieltisch-controls")).to_have_count(0)
    assert page.page_errors == []
    assert page.dialogs == []
    loaded = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert [u for u in loaded if "evil.test" in u or "embed.html" in u] == []
    assert page.outside_requests == []  # nothing asked of another host (support/browser.py records it)
    page.context.close()


def test_the_refusal_is_german_on_a_german_page(browser, site_url, blog_host):
    body = _page_html(site_url, '<figure id="g" data-spieltisch-play="vbscript:x"><p>x</p></figure>', lang="de")
    page = _open(browser, blog_host, body)
    expect(page.locator("#g .spieltisch-refused")).to_have_text(REFUSED_DE + ".")
    assert page.page_errors == []
    page.context.close()


@pytest.mark.parametrize("kind", ["position", "replay"])
def test_the_share_panels_snippets_still_play_on_a_blog_of_another_origin(browser, site_url, blog_host, kind):
    m = _match()
    if kind == "position":
        snippet = embed.play_snippet(site_url, position.encode(m, 0), diagram.render(m, 0, lang="en"),
                                     lang="en", script=False)
    else:
        snippet = embed.replay_snippet(m, 0, site_url, lang="en", steps=3, script=False)
    page = _open(browser, blog_host, _page_html(site_url, snippet))
    expect(page.locator(".spieltisch-refused")).to_have_count(0)
    if kind == "position":
        page.locator(".spieltisch-play-btn").click()
        frame = page.locator("iframe[data-spieltisch]")
        expect(frame).to_have_count(1)
        assert frame.get_attribute("src").startswith(site_url + "embed.html#/position/")
    else:
        page.locator(".spieltisch-first").click()
        expect(page.locator("[data-spieltisch-replay]")).to_have_attribute("data-step", "0")
        page.locator(".spieltisch-forward").click()
        expect(page.locator("[data-spieltisch-replay]")).to_have_attribute("data-step", "1")
    assert page.page_errors == []
    page.context.close()


def test_a_copy_of_the_script_on_the_blog_frames_the_site_it_names(browser, site_url, blog_host):
    folder, _ = blog_host
    (folder / "spieltisch-embed.js").write_bytes((sb.REPO / "static/js/spieltisch-embed.js").read_bytes())
    m = _match()
    good = embed.play_snippet(site_url, position.encode(m, 0), diagram.render(m, 0, lang="en"), lang="en", script=False)
    bad = '<figure id="bad" data-spieltisch-play="javascript:top.__pwned.push(4)"><p>x</p></figure>'
    body = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>'
            f"<script>window.__pwned = [];</script></head><body>{good}{bad}"
            f'<script src="spieltisch-embed.js" data-site="{site_url}"></script></body></html>')
    page = _open(browser, blog_host, body)
    expect(page.locator("#bad .spieltisch-refused")).to_have_text(REFUSED_EN + ".")
    page.locator(".spieltisch-play-btn").click()
    expect(page.locator("iframe[data-spieltisch]")).to_have_count(1)
    assert page.locator("iframe").get_attribute("src").startswith(site_url + "embed.html#/position/")
    assert page.evaluate("() => window.__pwned.length") == 0
    assert page.page_errors == []
    page.context.close()
