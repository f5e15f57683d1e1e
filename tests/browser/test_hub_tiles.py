"""The hub's tiles in the real page (issue 29): every registered game's tile
shows its cover drawing, players and play time and one primary "Play", in
English and German, light and dark, with 0 serious or critical axe findings;
dark mode re-colours the covers; on a phone the tiles keep 44 px targets and
do not scroll sideways. Screenshots kept in a temporary folder."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import a11y, registry
from support import browser as sb

from spieltisch.games import GAMES
from spieltisch.i18n import t

GAME_IDS = registry.GAME_IDS
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LOCALE = {"en": "en-GB", "de": "de-DE"}

# the fill of the first shape painted with a cover variable, and the colour of the drawing's ink
PAINT = """(gid) => {
  const svg = document.querySelector(`[data-game-card='${gid}'] .cover-svg`);
  const el = svg.querySelector("[fill^='var(--cv']");
  const box = svg.getBoundingClientRect();
  return {fill: getComputedStyle(el).fill, ink: getComputedStyle(svg).color, w: box.width, h: box.height};
}"""


def test_the_registry_has_games():
    assert GAME_IDS, "no game found in the registry"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tiles_in_light_and_dark(browser, site_url, lang, tmp_path_factory):
    shots = tmp_path_factory.mktemp(f"hub-{lang}")
    seen = {}
    for scheme in ("light", "dark"):
        page = sb.boot_page(browser, site_url, bypass_csp=True, color_scheme=scheme, locale=LOCALE[lang])
        try:
            expect(page.locator("#app[data-screen='hub']")).to_be_attached()
            expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
            assert page.evaluate("document.documentElement.lang") == lang
            for gid in GAME_IDS:
                tile = page.locator(f"[data-game-card='{gid}']")
                info = GAMES[gid].info
                expect(tile.locator("h3")).to_have_text(t(lang, f"game.{gid}.title"))
                expect(tile.locator(".facts")).to_contain_text(
                    t(lang, "hub.players", min=info.min_players, max=info.max_players))
                expect(tile.locator(".facts")).to_contain_text(t(lang, "hub.minutes", n=info.play_minutes))
                expect(tile.locator(".btn-primary")).to_have_count(1)
                expect(tile.locator(".btn-primary")).to_have_text(t(lang, "hub.play"))
                paint = page.evaluate(PAINT, gid)
                assert paint["w"] > 100 and paint["h"] > 60, (gid, paint)
                seen[gid, scheme] = paint
            page.screenshot(path=str(shots / f"hub-{scheme}.png"), full_page=True)
            v = a11y.scan(page)
            assert a11y.count(v) == 0, f"hub ({lang}, {scheme}):\n{a11y.describe(v)}"
        finally:
            sb.close_page(page)
    for gid in GAME_IDS:
        light, dark = seen[gid, "light"], seen[gid, "dark"]
        assert light["fill"] != dark["fill"] and light["ink"] != dark["ink"], (gid, light, dark)


def test_phone_tiles_keep_their_targets_and_fit(browser, site_url):
    page = sb.boot_page(browser, site_url, bypass_csp=True, **PHONE)
    try:
        expect(page.locator("#app[data-screen='hub']")).to_be_attached()
        expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
        small = a11y.small_targets(page)
        assert small == [], f"tap targets under 44 px on the phone hub: {small}"
        assert a11y.sideways_scroll(page) <= 0
        for gid in GAME_IDS:
            box = page.locator(f"[data-game-card='{gid}']").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, (gid, box)
    finally:
        sb.close_page(page)
