"""Issue 11 through the app: the import path and position links under
generated hostile input, and no stored or exported save of a
hidden-information game spells out a chance outcome."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from support.hostile import ISSUE_IMPORT, base_saves, link_codes, pack_link, save_texts

from spieltisch.core.game import CHANCE
from spieltisch.games import GAMES
from spieltisch.i18n import t
from spieltisch.ui import position
from spieltisch.ui.boards import has_board
from spieltisch.ui.controller import SAVE_PREFIX, MemoryStorage

from .helpers import new_controller, start_game

SAVES = base_saves()
PROPERTY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(save_texts(SAVES))
def test_import_path_refuses_hostile_files_with_their_reason(text):
    storage = MemoryStorage()
    ctl = new_controller(storage)
    ctl.navigate("#/")
    ctl.handle("file", text)  # never raises
    status = ctl.render("status")
    if ctl.screen == "hub":
        assert "could not be imported" in status
        assert t("en", "save.error.unknown") not in status  # a specific reason, never "damaged"
        assert storage.data == {}
    else:
        assert t(ctl.lang, "import.ok") in status and len(storage.data) == 1  # Brauzeit opens in German
    ctl.navigate("#/")
    assert ctl.screen == "hub"


def test_the_issues_import_says_why_and_the_app_goes_on():
    ctl = new_controller()
    ctl.navigate("#/")
    ctl.handle("file", ISSUE_IMPORT)
    assert "nested too deeply" in ctl.render("status")
    ctl.handle("file", json.dumps(SAVES["hexen_cocktail"]))
    assert ctl.screen == "play" and "Game imported" in ctl.render("status")


@PROPERTY
@given(link_codes(SAVES))
def test_position_decoder_refuses_hostile_links_with_their_reason(code):
    try:
        match, me = position.decode(code, GAMES)
    except position.PositionError as err:
        key = f"position.error.{err.code}"
        assert all(t(lang, key) != key for lang in ("en", "de")), err.code
    else:
        assert 0 <= me < len(match.seats)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(link_codes(SAVES))
def test_a_hostile_link_shows_its_message_and_the_hub_is_one_link_away(code):
    ctl = new_controller()
    ctl.navigate("#/position/" + code)
    assert ctl.screen in ("position", "play")
    if ctl.screen == "position":
        assert "cannot be opened" in ctl.render("screen")
    ctl.navigate("#/")
    assert ctl.screen == "hub"


def test_the_issues_link_of_63_characters_is_refused_as_too_deep():
    code = pack_link(("[" * 5000 + "]" * 5000).encode())
    ctl = new_controller()
    ctl.navigate("#/position/" + code)
    assert "nested too deeply" in ctl.render("screen")


# ---- no chance outcome in a stored or exported save ----------------------------------------
HIDDEN = sorted(gid for gid, g in GAMES.items() if not g.info.perfect_information and has_board(gid))


def _chance_texts(ctl) -> set[str]:
    m = ctl.match
    return {text for i, (p, text) in enumerate(m.log) if p == CHANCE and i not in m.forced}


@pytest.mark.parametrize("game_id", HIDDEN)
def test_stored_and_exported_saves_spell_out_no_chance_outcome(game_id):
    """Issue 11.5: DevTools or an exported file showed the gold card, every
    role and every hand. Played through the app by two humans in hot seat."""
    assert HIDDEN
    storage = MemoryStorage()
    ctl = new_controller(storage)
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "human", None), ("Cy", "human", None)],
                      seed=21, game_id=game_id)
    rnd = random.Random(4)
    for _ in range(30):
        if ctl.match.is_over:
            break
        if ctl.curtain_up:
            ctl.handle("ui", "reveal")
        ctl.handle("action", rnd.choice(sorted(ctl.match.legal_texts(ctl.shown))))
    secrets = _chance_texts(ctl)
    assert secrets
    stored = storage.data[SAVE_PREFIX + slot]
    ctl.take_effects()
    ctl.handle("ui", f"export:{slot}")
    (download,) = [e for e in ctl.take_effects() if e[0] == "download"]
    for text in (stored, download[2]):
        for secret in secrets:
            assert json.dumps(secret) not in text, f"{secret!r} is written out"
        assert all(entry[0] != CHANCE for entry in json.loads(text)["log"])
    payload = json.dumps(position._unpack(position.encode(ctl.match, 0))[1])
    assert not any(json.dumps(secret) in payload for secret in secrets)
