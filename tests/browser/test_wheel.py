"""The rules wheel published with the site, used by a blog's own PyScript
page on another origin (README: "Use the rules in your own PyScript page").

The blog page finds the wheel in the site's static/build/manifest.json and
lists its URL in `packages`; micropip installs it (cross-origin, so the site
sends Access-Control-Allow-Origin: * for it) and Python plays five moves.
Nothing leaves 127.0.0.1.
"""

import json

from support import browser as sb
from support.browser import check_page, wait_ready


def test_blog_pyscript_page_installs_the_wheel_and_plays(new_page, site_url):
    server, blog = sb.start_site_at(sb.REPO)
    try:
        page = new_page()
        page.requested = []
        page.on("request", lambda r: page.requested.append(r.url))
        page.goto(f"{blog}tests/pages/wheel_blog.html?site={site_url}")
        data = wait_ready(page)
        manifest = json.loads((sb.REPO / "static" / "build" / "manifest.json").read_text())
        assert data["version"] == manifest["version"]
        assert data["source"].startswith("/lib/python3.14/site-packages/spieltisch/")
        assert int(data["moves"]) == 5
        assert page.locator("#moves").inner_text().count("\n") == 4
        wheel = f"{site_url}static/build/{manifest['wheel']['file']}"
        assert any(wheel == u for u in page.requested), "the wheel came from the site's origin"
        check_page(page)
    finally:
        sb.stop_site(server)
