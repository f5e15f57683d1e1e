"""The hub's tiles (issue 29): every registered game has a cover drawn by the
project that keeps the art conventions (docs/ui.md, "Art conventions"), a play
time, and a tile with its cover, players, play time, one primary "Play" and
the rest secondary, in English and German."""

from __future__ import annotations

import re

import pytest
from support import registry

from spieltisch.games import GAMES
from spieltisch.i18n import t
from spieltisch.ui import covers, hub_screen
from spieltisch.ui.hub import hub_card_infos

GAME_IDS = registry.GAME_IDS


def test_the_registry_has_games():
    assert GAME_IDS, "no game found in the registry"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_cover_in_its_folder(game_id):
    text = covers.source(game_id)
    assert text is not None, f"games/{game_id}/cover.svg is missing"
    assert covers.problems(text) == []
    assert len(text.encode()) <= covers.BUDGET


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_says_its_play_time(game_id):
    assert 5 <= GAMES[game_id].info.play_minutes <= 240


BAD = [
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect fill="#c00" stroke="currentColor"/></svg>',
     'paint with var'),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect fill="currentColor"/></svg>', "viewBox"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><image fill="currentColor"/></svg>', "<image>"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><g fill="currentColor"></svg>',
     "not well-formed"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect id="a" fill="currentColor"/></svg>', "id="),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect fill="var(--a)"/></svg>', "currentColor"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect fill="none"/>hello</svg>', "outside a <text>"),
    ('<svg viewBox="0 0 160 100"><rect fill="currentColor"/></svg>', "xmlns"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect fill="currentColor"/>'
      "<!--" + "x" * covers.BUDGET + "--></svg>", "over the budget"),
]


@pytest.mark.parametrize(("text", "said"), BAD)
def test_the_cover_check_can_fail(text, said):
    found = covers.problems(text)
    assert any(said in p for p in found), found


def test_inline_drops_comments_and_hides_the_drawing():
    gid = GAME_IDS[0]
    svg = covers.inline(gid)
    assert svg.startswith('<svg class="cover-svg" aria-hidden="true" focusable="false"')
    assert "<!--" not in svg and "\n" not in svg
    assert covers.inline("no_such_game") == ""


def _tiles(lang: str) -> dict[str, str]:
    html = hub_screen.hub_cards(lang, hub_card_infos(tuple(GAMES), GAMES))
    return dict(re.findall(r'<li class="game-card[^"]*" data-game-card="([a-z_]+)".*?>(.*?)</li>', html, re.DOTALL))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tile_shows_cover_players_time_and_one_play_button(lang):
    tiles = _tiles(lang)
    assert list(tiles) == list(GAME_IDS)
    for gid, tile in tiles.items():
        info = GAMES[gid].info
        assert covers.inline(gid) in tile, gid
        players = t(lang, "hub.players", min=info.min_players, max=info.max_players)
        assert players in tile and t(lang, "hub.minutes", n=info.play_minutes) in tile, gid
        assert tile.count("btn-primary") == 1, gid
        primary = re.search(r'<a class="btn btn-primary[^>]*>([^<]*)</a>', tile)
        assert primary.group(1) == t(lang, "hub.play") and f'href="#/new/{gid}"' in primary.group(0)
        links = tile.split('<div class="card-links">', 1)[1]
        assert f'data-ui="learn:{gid}"' in links and f'href="#/rules/{gid}"' in links, gid


def test_play_time_reads_in_both_languages():
    assert t("en", "hub.minutes", n=20) == "20 min"
    assert t("de", "hub.minutes", n=20) == "20 Min."
    assert t("en", "hub.play") != t("de", "hub.play")
