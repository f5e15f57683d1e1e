"""Resume paint (issue 15; static/js/resume.js, src/app/snapshot.py): a saved
game of each game is on screen, inert, before PyScript's ``py:ready``
(checked by the order of events the page records, not by time), then the
live screen replaces it; a hot-seat snapshot holds nobody's hand; another
build's, a malformed or a hostile snapshot paints nothing harmful; the hub's
"Continue" card is in the page before Python, in the page's language; the
embed page resumes too. (Offline resume: tests/browser/test_offline.py.)

Saves are made in CPython (the same controller the page runs) and put into
the page's localStorage; the page itself writes the snapshots."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support.play import READY
from ui.helpers import make_save

from spieltisch.games import GAMES
from spieltisch.ui.controller import SAVE_PREFIX

SNAP = "spieltisch.snap."
GAME_IDS = sorted(GAMES)

# Records the order of PyScript's py:ready and the snapshot's arrival, and
# what #app held at py:ready, from before any of the page's own scripts run.
RECORDER = """
window.__seen = [];
document.addEventListener("py:ready", () => {
  const app = document.getElementById("app");
  window.__seen.push({event: "py:ready", snapshot: !!(app && app.hasAttribute("data-snapshot")),
                      inert: !!(app && app.hasAttribute("inert")),
                      board: app && app.querySelector("[data-board]") ? app.querySelector("[data-board]").textContent : null});
}, true);
new MutationObserver(() => {
  const app = document.getElementById("app");
  if (app && app.hasAttribute("data-snapshot") && !window.__seen.some((e) => e.event === "snapshot")) {
    window.__seen.push({event: "snapshot", inert: app.hasAttribute("inert")});
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-snapshot"]});
"""


def put(page, items: dict) -> None:
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


def stored(page, key):
    return page.evaluate("(k) => localStorage.getItem(k)", key)


def wait_snapshot(page, slot: str) -> dict:
    page.wait_for_function("(k) => localStorage.getItem(k) !== null", arg=SNAP + slot, timeout=60_000)
    return json.loads(stored(page, SNAP + slot))


def show(page, slot: str) -> dict:
    """Open a saved game in the live page; its snapshot once stored."""
    page.evaluate("() => { location.hash = '#/'; }")
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    page.evaluate("(k) => localStorage.removeItem(k)", SNAP + slot)
    page.evaluate("(h) => { location.hash = h; }", f"#/play/{slot}")
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    return wait_snapshot(page, slot)


def newest_record(page) -> tuple[str, dict]:
    texts = page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith("spieltisch.snap."))
                                   .map((k) => localStorage.getItem(k))""")
    recs = [json.loads(t) for t in texts]
    best = max((r for r in recs if not r["over"]), key=lambda r: r["updated"])
    return best["slot"], best


def fresh(context, url: str, *, python: bool = True):
    """A new page in the same context (same storage), the recorder installed;
    without ``python`` PyScript never loads, so what resume.js did stays."""
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    page.add_init_script(RECORDER)
    # loads without Python never become interactive: keep safe mode's count
    # (static/js/boot.js) from offering it on the next load
    page.add_init_script("localStorage.removeItem('spieltisch.boot.attempts')")
    if not python:
        page.route("**/static/vendor/pyscript/core.js", lambda route: route.abort())
        page.route("**/static/js/runtime.mjs", lambda route: route.abort())
    page.wasm_requests = []
    page.on("request", lambda req: req.url.endswith(".wasm") and page.wasm_requests.append(req.url))
    page.goto(url)
    return page


@pytest.fixture(scope="module")
def resumed(browser, site_url):
    """One context with a saved game of each game (the live page writes a
    game's snapshot when it shows it: ``show``)."""
    page = sb.boot_page(browser, site_url)
    slots = {}
    for k, gid in enumerate(GAME_IDS):
        slot, text = make_save(gid, start=1_700_000_000 + k * 10_000_000)
        slots[gid] = slot
        put(page, {SAVE_PREFIX + slot: text})
    for gid in GAME_IDS:
        show(page, slots[gid])
    yield page, slots
    sb.close_page(page)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_saved_game_paints_before_python_then_the_live_screen(resumed, site_url, game_id):
    page, slots = resumed
    slot = slots[game_id]
    rec = show(page, slot)  # at most three snapshots are kept: this one is fresh
    assert rec["build"] == page.locator("html").get_attribute("data-app-build")
    assert rec["game"] == game_id and rec["over"] is False
    view = fresh(page.context, f"{site_url}index.html?botdelay=0#/play/{slot}")
    expect(view.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    seen = view.evaluate("window.__seen")
    boot = view.evaluate("window.spieltischBoot")
    # by order: the snapshot was painted (inert) before PyScript was ready ...
    assert [e["event"] for e in seen][:2] == ["snapshot", "py:ready"], seen
    assert seen[0]["inert"] is True
    ready = seen[1]
    assert ready["snapshot"] is True and ready["inert"] is True and ready["board"]
    assert boot.index("snapshot-painted") < boot.index("py:ready") < boot.index("interactive"), boot
    # the runtime was started by static/js/runtime.mjs before PyScript asked
    # for it, and PyScript got that instance: one download of the runtime
    assert boot.index("runtime-started") < boot.index("runtime-handed-over") < boot.index("py:ready"), boot
    assert [u.rsplit("/", 1)[1] for u in view.wasm_requests] == ["pyodide.asm.wasm"], view.wasm_requests
    # ... then the live screen took its place: the same board, no longer inert
    app = view.locator("#app")
    expect(app).to_have_attribute("data-screen", "play")
    assert app.get_attribute("inert") is None and app.get_attribute("data-snapshot") is None
    assert view.locator("html[data-resume-pending]").count() == 0
    assert view.locator("[data-board]").text_content() == ready["board"]
    assert view.page_errors == []
    view.close()


def test_phone_snapshot_of_the_mine_shows_the_live_view(browser, resumed, site_url):
    """At 375 px the live mine opens zoomed on the tunnel's end
    (static/js/panzoom.js); the snapshot is painted with that same view, so
    the live render does not jump from the whole mine to it."""
    page, slots = resumed
    slot = slots["saboteur"]
    show(page, slot)
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block",
                                  storage_state=page.context.storage_state())
    try:
        url = f"{site_url}index.html#/play/{slot}"
        mine = "#app [data-panzoom] svg[data-fit][data-focus]"
        view = fresh(context, url, python=False)
        svg = view.locator(mine)
        expect(svg).to_have_count(1)
        focus = svg.get_attribute("data-focus")
        assert focus != svg.get_attribute("data-fit")
        assert svg.get_attribute("viewBox") == focus
        view.close()
        live = fresh(context, url)
        expect(live.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
        expect(live.locator("#app[data-snapshot]")).to_have_count(0)
        assert live.locator(mine).get_attribute("viewBox") == live.locator(mine).get_attribute("data-focus")
        assert live.page_errors == []
    finally:
        context.close()


def test_the_page_around_a_snapshot_speaks_its_language(resumed, site_url):
    """Brauzeit opens in German in an English browser (no language picked):
    its snapshot is framed by the German header, switch and progress line
    (static/js/resume.js), which the live page then keeps."""
    page, slots = resumed
    slot = slots["brauzeit"]
    before = stored(page, "spieltisch.lang")
    page.evaluate("() => localStorage.removeItem('spieltisch.lang')")
    try:
        assert show(page, slot)["lang"] == "de"
        url = f"{site_url}index.html#/play/{slot}"
        view = fresh(page.context, url, python=False)
        expect(view.locator("#app[data-snapshot]")).to_be_attached()
        shown = {"nav": view.locator("a.nav-hub").inner_text(), "title": view.title(),
                 "de": view.locator("[data-ui='lang:de']").get_attribute("aria-pressed"),
                 "en": view.locator("[data-ui='lang:en']").get_attribute("aria-pressed")}
        assert shown == {"nav": "Alle Spiele", "title": "Spieltisch", "de": "true", "en": "false"}
        expect(view.locator("#boot-stage")).to_have_text("Der Tisch wird vorbereitet…")
        view.close()
        live = fresh(page.context, url)
        expect(live.locator(READY)).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
        assert {"nav": live.locator("a.nav-hub").inner_text(), "title": live.title(),
                "de": live.locator("[data-ui='lang:de']").get_attribute("aria-pressed"),
                "en": live.locator("[data-ui='lang:en']").get_attribute("aria-pressed")} == shown
        live.close()
    finally:
        if before is not None:
            put(page, {"spieltisch.lang": before})


def test_hot_seat_snapshot_holds_no_hand(resumed, site_url):
    """Two humans at one device: the stored screen is the curtain, even when
    the page is left while a seat's cards are showing."""
    page, _ = resumed
    slot, text = make_save("hexen_cocktail", humans=2, moves=3, start=1_760_000_000)
    put(page, {SAVE_PREFIX + slot: text})
    page.evaluate("(h) => { location.hash = h; }", f"#/play/{slot}")
    expect(page.locator("#curtain")).to_be_visible()
    page.locator("[data-ui='reveal']").click()
    expect(page.locator("[data-hand] [data-card]").first).to_be_visible()
    hand = page.locator("[data-hand]").inner_html()
    # leave the page with the hand on screen (the snapshot is flushed on hide)
    page.evaluate("() => window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    rec = wait_snapshot(page, slot)
    assert 'id="curtain"' in rec["html"]
    assert hand not in rec["html"]
    hand_region = rec["html"].split('data-region="hand">', 1)[1].split('<div data-region="rules">', 1)[0]
    assert "data-card" not in hand_region and "curtain" in hand_region
    # and a fresh load paints exactly that: the curtain, no cards in the hand
    view = fresh(page.context, f"{site_url}index.html#/play/{slot}", python=False)
    expect(view.locator("#app[data-snapshot] #curtain")).to_be_attached()
    assert view.locator("#app [data-hand] [data-card]").count() == 0
    view.close()


def test_other_build_or_malformed_snapshot_is_ignored(resumed, site_url):
    page, slots = resumed
    slot = slots["saboteur"]
    show(page, slot)
    good = stored(page, SNAP + slot)
    rec = json.loads(good)
    # another build's or revision's record is only ignored; a malformed one is
    # dropped (issue 27: a derived record is made again from its save)
    stale = (dict(rec, build="0000000000000000"), dict(rec, revision=rec["revision"] + 1))
    for bad in (*stale, dict(rec, v=2), "{not json", dict(rec, label={"en": "x"}), dict(rec, html=7)):
        text = bad if isinstance(bad, str) else json.dumps(bad)
        put(page, {SNAP + slot: text})
        view = fresh(page.context, f"{site_url}index.html#/play/{slot}", python=False)
        view.wait_for_load_state("load")
        assert stored(page, SNAP + slot) == (text if bad in stale else None), bad
        assert stored(page, SAVE_PREFIX + slot) is not None  # its save, never touched
        assert "snapshot-painted" not in view.evaluate("window.spieltischBoot || []"), bad
        assert view.locator("#app[data-snapshot]").count() == 0
        assert view.locator("#app .hub").count() == 1  # the static page, as it was, visible
        assert view.locator("html[data-resume-pending]").count() == 0
        expect(view.locator("#app .hub")).to_be_visible()
        assert view.page_errors == []
        view.close()
    put(page, {SNAP + slot: good})


HOSTILE = (
    '<div class="play"><img src="x" onerror="window.__pwned=1">'
    '<script>window.__pwned=2</script>'
    '<a id="evil" href="javascript:window.__pwned=3">x</a>'
    '<a id="far" href="https://example.org/">y</a>'
    '<iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>'
    '<div id="click" onclick="window.__pwned=5" style="position:fixed;inset:0">z</div>'
    '<svg><a id="svga" href="javascript:window.__pwned=6"><text>t</text></a>'
    '<animate attributeName="href" to="javascript:window.__pwned=7"/>'
    '<use href="https://example.org/x.svg#a"/><foreignObject><img src=x onerror="window.__pwned=8"></foreignObject></svg>'
    '<style>body{display:none}</style><form action="javascript:window.__pwned=9"><button id="sub">go</button></form>'
    '<object data="x"></object><embed src="x"><base href="https://example.org/">'
    '<p id="kept" class="ok" data-x="1">kept text</p></div>'
)


def test_hostile_snapshot_does_nothing(resumed, site_url):
    page, slots = resumed
    slot = slots["brauzeit"]
    show(page, slot)
    good = stored(page, SNAP + slot)
    put(page, {SNAP + slot: json.dumps(dict(json.loads(good), html=HOSTILE))})
    view = fresh(page.context, f"{site_url}index.html#/play/{slot}", python=False)
    view.wait_for_load_state("load")
    assert "snapshot-painted" in view.evaluate("window.spieltischBoot"), (view.page_errors, stored(page, SNAP + slot)[:300])
    expect(view.locator("#app #kept")).to_have_text("kept text")
    app = view.locator("#app")
    for sel in ("script", "img", "iframe", "style", "form", "object", "embed", "base", "animate",
                "foreignObject", "[onclick]", "[onerror]", "[style]", "[srcdoc]"):
        assert app.locator(sel).count() == 0, sel
    for sel in ("#evil", "#far", "#svga"):
        assert view.locator(sel).get_attribute("href") is None, sel
    assert view.locator("#app use").get_attribute("href") is None
    view.locator("#kept").click(force=True)  # inert: nothing answers
    view.mouse.click(10, 10)
    view.wait_for_timeout(200)
    assert view.evaluate("window.__pwned") is None
    assert view.page_errors == []
    view.close()
    put(page, {SNAP + slot: good})


@pytest.mark.parametrize("lang,title", [("en", "Continue: "), ("de", "Weiterspielen: ")])
def test_continue_card_is_in_the_page_before_python(resumed, site_url, lang, title):
    page, _ = resumed
    put(page, {"spieltisch.lang": lang})
    newest, rec = newest_record(page)
    view = fresh(page.context, f"{site_url}index.html#/", python=False)
    view.wait_for_load_state("load")
    card = view.locator("#app .hub > [data-continue]:first-child a.continue-card")
    expect(card).to_have_attribute("href", f"#/play/{newest}")
    assert rec["label"][lang]["title"].startswith(title)
    expect(card.locator(".continue-title")).to_have_text(rec["label"][lang]["title"])
    expect(card.locator(".continue-detail")).to_have_text(rec["label"][lang]["detail"])
    assert view.evaluate("window.spieltischBoot") == ["continue-painted"]
    # followed before Python: the game's snapshot is painted
    card.click()
    expect(view.locator("#app[data-snapshot]")).to_be_attached()
    assert view.evaluate("window.spieltischBoot")[-1] == "snapshot-painted"
    view.close()
    put(page, {"spieltisch.lang": "en"})


def test_live_hub_shows_the_same_continue_card(resumed):
    page, _ = resumed
    page.evaluate("() => { location.hash = '#/'; }")
    card = page.locator("#app .hub > [data-continue]:first-child a.continue-card")
    expect(card).to_have_count(1)
    newest, rec = newest_record(page)
    expect(card).to_have_attribute("href", f"#/play/{newest}")
    lang = page.locator("html").get_attribute("lang")
    expect(card.locator(".continue-title")).to_have_text(rec["label"][lang]["title"])
    expect(card.locator(".continue-detail")).to_have_text(rec["label"][lang]["detail"])
    card.click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    assert page.url.endswith(f"#/play/{newest}")


def test_embed_page_paints_the_snapshot(resumed, site_url):
    page, slots = resumed
    slot = slots["potions_brew"]
    show(page, slot)
    view = fresh(page.context, f"{site_url}embed.html#/play/{slot}", python=False)
    view.wait_for_load_state("load")
    expect(view.locator("#app[data-snapshot][inert] [data-board]")).to_be_attached()
    assert view.page_errors == []
    view.close()
