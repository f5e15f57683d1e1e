"""A game whose own part cannot come (offline, never opened on this device:
docs/build.md, "The games' parts") is said kindly on its screen, in the
player's language, and the site goes on (no traceback)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from spieltisch.games import GAMES, GameMissing
from spieltisch.i18n import t

from .helpers import new_controller


class Unfetched(Mapping):
    """The registry as the page has it while ``missing``'s parts cannot come."""

    def __init__(self, missing: str):
        self.missing = missing

    def __getitem__(self, game_id):
        if game_id == self.missing:
            raise GameMissing(game_id, "offline")
        return GAMES[game_id]

    def __contains__(self, game_id):
        return game_id in GAMES

    def __iter__(self):
        return iter(GAMES)

    def __len__(self):
        return len(GAMES)


def _ids() -> list[str]:
    ids = list(GAMES)
    assert ids, "the registry lists no game"
    return ids


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("how", ["route", "ui"])
def test_a_game_that_cannot_come_is_said_kindly(lang, how):
    for game_id in _ids():
        ctl = new_controller(browser_lang=lang)
        ctl.games = Unfetched(game_id)
        regions = ctl.handle("route", f"#/new/{game_id}") if how == "route" else ctl.handle("ui", f"new:{game_id}")
        assert "screen" in regions
        assert ctl.screen == "missing"
        html = ctl.render("screen")
        shown = ctl.lang  # a German-first game turns the page German (controller._follow_game_lang)
        title = t(shown, f"game.{game_id}.title")
        assert t(shown, "game.missing", game=title)[:40] in html.replace("&#x27;", "'")
        assert title in html and 'data-ui="hub"' in html
        ctl.handle("ui", "hub")  # the rest of the site goes on
        assert ctl.screen == "hub" and "data-game-card" in ctl.render("screen")


def test_the_message_is_kind_in_both_languages():
    for lang in ("en", "de"):
        text = t(lang, "game.missing", game="X")
        assert text.startswith("X ") and "{" not in text and "Traceback" not in text
    assert t("en", "game.missing") != t("de", "game.missing")
