"""tools/contact_sheet.py's pure parts (issue 29): the list of shots, taken
from the registry, and the HTML page that shows them side by side. The
browser run itself is by hand (about three minutes): docs/ui.md, "The
contact sheet"."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from support import registry

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import contact_sheet as cs  # noqa: E402


def test_every_game_every_screen_size_and_scheme():
    assert registry.GAME_IDS, "no game found in the registry"
    plan = cs.shots(registry.GAME_IDS)
    keys = {(s.game, s.screen, s.size, s.scheme) for s in plan}
    assert len(keys) == len(plan)  # no shot twice
    for size in ("laptop", "phone"):
        for scheme in ("light", "dark"):
            assert ("", "hub", size, scheme) in keys
            for gid in registry.GAME_IDS:
                for screen in ("new", "play", "rules", "over"):
                    assert (gid, screen, size, scheme) in keys, (gid, screen, size, scheme)
    assert len(plan) == 4 * (1 + 4 * len(registry.GAME_IDS))
    assert len({s.file for s in plan}) == len(plan)
    assert all(re.fullmatch(r"[a-z_]+(-[a-z]+)?-(laptop|phone)-(light|dark)\.png", s.file) for s in plan)


def test_no_games_is_an_error():
    with pytest.raises(ValueError, match="no games"):
        cs.shots([])


def test_sizes_are_a_laptop_and_a_phone():
    assert {n: (w, h) for n, w, h in cs.SIZES} == {"laptop": (1280, 800), "phone": (390, 844)}


def test_routes():
    gid = registry.GAME_IDS[0]
    asked = []

    def links(game, screen):
        asked.append((game, screen))
        return f"LINK-{screen}"

    assert cs.route(cs.Shot("", "hub", "phone", "dark"), links) == "#/"
    assert cs.route(cs.Shot(gid, "new", "phone", "dark"), links) == f"#/new/{gid}"
    assert cs.route(cs.Shot(gid, "rules", "phone", "dark"), links) == f"#/rules/{gid}"
    assert cs.route(cs.Shot(gid, "play", "phone", "dark"), links) == "#/position/LINK-play"
    assert cs.route(cs.Shot(gid, "over", "phone", "dark"), links) == "#/position/LINK-over"
    assert asked == [(gid, "play"), (gid, "over")]


def test_the_page_shows_every_shot_by_its_relative_path():
    plan = cs.shots(registry.GAME_IDS)
    taken = plan[:-1]  # one missing: an empty cell, not a broken image
    page = cs.page_html(taken, {g: f"Title of {g} <&>" for g in registry.GAME_IDS})
    imgs = re.findall(r'<img src="([^"]+)"', page)
    assert sorted(imgs) == sorted(s.file for s in taken)
    assert "<td></td>" in page
    assert "http://" not in page and "https://" not in page and "//" not in page.replace("<!doctype", "")
    assert "Title of" in page and "&lt;&amp;&gt;" in page and "<&>" not in page
    rows = re.findall(r"<tr><th scope=\"row\">", page)
    assert len(rows) == 1 + 4 * len(registry.GAME_IDS)
    assert all('alt="' in m for m in re.findall(r"<img [^>]*>", page))
