"""Default seat names follow the language (issue 29): the name the form
filled in is "Player 1" in English and "Spieler 1" in German, also when the
language changes on the form or a German-first game opens; a typed name stays."""

from __future__ import annotations

from support import registry

from .helpers import new_controller


def test_default_name_follows_the_language():
    assert registry.GAME_IDS, "no game in the registry"
    ctl = new_controller(browser_lang="en")
    ctl.handle("ui", "lang:en")
    game_id = registry.GAME_IDS[0]
    ctl.handle("ui", f"new:{game_id}")
    assert ctl.draft.names[0] == "Player 1"
    assert 'value="Player 1"' in ctl.render("screen")
    ctl.handle("ui", "lang:de")
    assert ctl.draft.names[0] == "Spieler 1"
    assert 'value="Spieler 1"' in ctl.render("screen")
    ctl.handle("ui", "lang:en")
    assert ctl.draft.names[0] == "Player 1"


def test_a_typed_name_stays():
    ctl = new_controller(browser_lang="en")
    ctl.handle("ui", f"new:{registry.GAME_IDS[0]}")
    ctl.draft.names[0] = "Ann"
    ctl.handle("ui", "lang:de")
    assert ctl.draft.names[0] == "Ann"


def test_a_german_first_game_opened_in_english_says_player():
    """Brauzeit opens in German with no saved preference (FIRST_LANG); picking
    English on its form makes the default name English too."""
    from spieltisch.ui.boards import get_board
    firsts = [g for g in registry.GAME_IDS if getattr(get_board(g), "FIRST_LANG", None) == "de"]
    assert firsts, "no German-first game in the registry (Brauzeit sets FIRST_LANG)"
    ctl = new_controller(browser_lang="en")
    ctl.handle("ui", f"new:{firsts[0]}")
    assert ctl.lang == "de" and ctl.draft.names[0] == "Spieler 1"
    ctl.handle("ui", "lang:en")
    assert ctl.draft.names[0] == "Player 1"
