"""Issue 11 through the app: the import path and position links under
generated hostile input, and no stored or exported save of a
hidden-information game spells out a chance outcome."""

from __future__ import annotations

import base64
import json
import random
import zlib

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


def test_saboteur_face_down_discards_are_not_in_a_save_an_export_or_a_link():
    """Issue 11: learning a hidden card must take running the engine. The
    discard a seat makes face down (``discard:<card>``) is sealed in a save,
    an export and a position link; the seed unseals it on load."""
    from spieltisch.core.match import Match, Seat

    m = Match(GAMES["saboteur"], [Seat(f"P{i}") for i in range(3)], seed=3)
    rnd = random.Random(3)
    while not m.is_over:
        m.play(rnd.choice(m.legal_texts()))
    seat_actions = {t for p, t in m.log if p != CHANCE}
    discards = {t for t in seat_actions if t.startswith("discard:")}
    assert discards, "the game had no face-down discard"
    storage = MemoryStorage({SAVE_PREFIX + "s": m.to_save_text({"created": 1, "updated": 1})})
    ctl = new_controller(storage)
    ctl.export("s")
    (effect,) = [e for e in ctl.take_effects() if e[0] == "download"]
    code = position.encode(m, 0)
    payload = zlib.decompress(base64.urlsafe_b64decode(code[2:] + "=" * (-len(code[2:]) % 4))).decode()
    for text in (storage.data[SAVE_PREFIX + "s"], effect[2], payload):
        for action in seat_actions:
            assert action not in text, f"{action!r} is written out"
    assert json.loads(effect[2])["version"] == 2 and code.startswith("2.")
    assert Match.from_save(effect[2], GAMES).log == m.log
    assert position.decode(code, GAMES)[0].log == m.log


def test_position_links_with_plain_seat_actions_still_open():
    from spieltisch.core.match import Match, Seat

    m = Match(GAMES["saboteur"], [Seat(f"P{i}") for i in range(3)], seed=4)
    for _ in range(12):
        m.play(m.legal_texts()[-1])
    old = {"g": "saboteur", "r": m.game.info.rules_version, "s": [[s.name, s.kind, s.level] for s in m.seats],
           "o": dict(m.options), "seed": 4, "log": [[p, t] for p, t in m.log if p != CHANCE], "n": len(m.log),
           "h": m.game.state_hash(m.state), "me": 0}
    back, me = position.decode(pack_link(old, "2."), GAMES)
    assert back.log == m.log and me == 0
