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


# ---- tools/png8.py: the README pictures' palette PNG ----------------------------------

import struct  # noqa: E402
import zlib  # noqa: E402

import png8  # noqa: E402


def _rgb_png(w, h, pixels, filters):
    """An RGB PNG with the given filter per row (0 none, 1 sub, 2 up)."""
    raw, prev = bytearray(), bytes(3 * w)
    for y in range(h):
        line = b"".join(bytes(c) for c in pixels[y * w:(y + 1) * w])
        f = filters[y % len(filters)]
        if f == 1:
            enc = bytes((line[x] - (line[x - 3] if x >= 3 else 0)) & 255 for x in range(len(line)))
        elif f == 2:
            enc = bytes((line[x] - prev[x]) & 255 for x in range(len(line)))
        else:
            enc = line
        raw += bytes([f]) + enc
        prev = line
    return (png8.SIGNATURE + png8._chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + png8._chunk(b"IDAT", zlib.compress(bytes(raw))) + png8._chunk(b"IEND", b""))


def _indexed(data):
    chunks = dict(png8._chunks(data))
    w, h = struct.unpack(">II", chunks[b"IHDR"][:8])
    assert chunks[b"IHDR"][9] == 3  # palette
    pal = [tuple(chunks[b"PLTE"][i:i + 3]) for i in range(0, len(chunks[b"PLTE"]), 3)]
    raw = zlib.decompress(chunks[b"IDAT"])
    return [pal[raw[y * (w + 1) + 1 + x]] for y in range(h) for x in range(w)], len(pal)


def test_png8_reads_filtered_rows_and_keeps_few_colours_exactly():
    w, h = 7, 6
    pixels = [((x * 40) % 256, (y * 50) % 256, 128 if (x + y) % 2 else 0) for y in range(h) for x in range(w)]
    data = _rgb_png(w, h, pixels, [0, 1, 2])
    assert png8.read_rgb(data) == (w, h, pixels)
    out, n = _indexed(png8.shrink(data))
    assert out == pixels and n == len(set(pixels))


def test_png8_maps_rare_colours_to_the_nearest_kept_one():
    pixels = [(0, 0, 0)] * 10 + [(250, 250, 250)] * 10 + [(10, 5, 0), (240, 255, 250)]
    out, n = _indexed(png8.palette_png(22, 1, pixels, colours=2))
    assert n == 2 and out == [(0, 0, 0)] * 10 + [(250, 250, 250)] * 10 + [(0, 0, 0), (250, 250, 250)]


def test_png8_refuses_what_it_cannot_read():
    with pytest.raises(ValueError, match="not a PNG"):
        png8.read_rgb(b"GIF89a")
    with pytest.raises(ValueError, match="pixels do not match"):
        png8.palette_png(2, 2, [(0, 0, 0)])


def test_readme_pictures_one_per_game_from_the_shots():
    plan = {s.file for s in cs.shots(registry.GAME_IDS)}
    pictures = cs.readme_shots(registry.GAME_IDS)
    assert [s.game for s, _ in pictures] == list(registry.GAME_IDS)
    assert all(s.file in plan and s.screen == "play" and s.scheme == "light" for s, _ in pictures)
    assert len({name for _, name in pictures}) == len(pictures)
