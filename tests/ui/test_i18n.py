"""The catalogue is complete: EN and DE match, and everything the engine can
say (reasons, rule ids, log lines, end reasons, save errors) has a text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spieltisch.core import match as core_match
from spieltisch.games import CATALOGUE, GAMES
from spieltisch.i18n import CATALOGUES, LANGS, has, pick_lang, placeholders, t
from spieltisch.ui.boards import get_board, has_board

SRC = Path(__file__).resolve().parents[2] / "src" / "spieltisch"
BUILT = [gid for gid in GAMES if has_board(gid)]


def _rules_source(game_id: str) -> str:
    """The rules side of a game's folder (not its board, diagram or texts)."""
    return "".join(p.read_text() for p in sorted((SRC / "games" / game_id).glob("*.py"))
                   if p.name not in ("board.py", "texts.py", "diagram.py"))


def test_languages():
    assert LANGS == ("en", "de")
    assert set(CATALOGUES) == set(LANGS)


def test_same_keys_in_every_language():
    en = set(CATALOGUES["en"])
    for lang in LANGS:
        keys = set(CATALOGUES[lang])
        assert keys == en, (lang, sorted(en ^ keys))


def test_same_placeholders_in_every_language():
    for key, text in CATALOGUES["en"].items():
        for lang in LANGS:
            assert placeholders(CATALOGUES[lang][key]) == placeholders(text), (lang, key)


def test_no_empty_texts():
    for lang in LANGS:
        for key, text in CATALOGUES[lang].items():
            assert isinstance(text, str) and text.strip(), (lang, key)


def test_unknown_key_is_visible_not_a_crash():
    assert t("en", "no.such.key") == "no.such.key"
    assert t("xx", "hub.heading") == "Choose a game"
    assert t("de", "hub.players", min=2) == "2–{max} Spieler"  # missing param stays visible
    assert t("en", "hub.heading", extra=1) == "Choose a game"


def test_pick_lang():
    assert pick_lang(None, "de-AT") == "de"
    assert pick_lang("en", "de-DE") == "en"
    assert pick_lang("fr", "") == "en"


def test_every_catalogue_game_has_title_and_blurb():
    for gid in CATALOGUE:
        for lang in LANGS:
            assert has(f"game.{gid}.title", lang) and has(f"game.{gid}.blurb", lang)


@pytest.mark.parametrize("game_id", BUILT)
def test_every_illegal_code_has_text(game_id):
    codes = set(re.findall(r'_illegal\(\s*"([a-z0-9-]+)"', _rules_source(game_id)))
    assert codes, "no reasons found: did the rules module change shape?"
    for code in codes:
        assert has(f"{game_id}.illegal.{code}"), code


@pytest.mark.parametrize("game_id", BUILT)
def test_every_rule_id_has_a_section(game_id):
    source = _rules_source(game_id)
    prefix = {"hexen_cocktail": "hexen", "brauzeit": "brau"}.get(game_id, game_id)
    used = set(re.findall(rf'"({re.escape(prefix)}\.[a-z_]+)"', source))
    used |= {"core.chance"}
    board = get_board(game_id)
    assert used <= set(board.RULE_IDS), used - set(board.RULE_IDS)
    for rid in board.RULE_IDS:
        assert has(f"rules.{rid}.title") and has(f"rules.{rid}.body"), rid


@pytest.mark.parametrize("game_id", BUILT)
def test_every_log_key_and_end_reason_has_text(game_id):
    source = _rules_source(game_id)
    keys = set(re.findall(rf'"({re.escape(game_id)}\.log\.[a-z_]+)"', source))
    if f'"{game_id}.log."' in source:  # key = "<game>.log."; ... key + "path"
        keys |= {f"{game_id}.log.{k}" for k in re.findall(r'key \+ "([a-z_]+)"', source)}
    assert keys
    for key in keys:
        assert has(key), key
    reasons = set(re.findall(r'end_reason="([a-z_]+)"', source))
    reasons |= {"hand"} if game_id == "hexen_cocktail" else set()
    for reason in reasons:
        assert has(f"{game_id}.end.{reason}"), reason
    for key in re.findall(rf'reason="({re.escape(game_id)}\.end\.[a-z_]+)"', source):
        assert has(key), key


def test_hexen_lists_from_the_brief():
    for key in ("potion", "play", "explode", "take", "pass"):
        assert has(f"hexen_cocktail.log.{key}")
    for key in ("hand", "potions"):
        assert has(f"hexen_cocktail.end.{key}")
    for c in "RBGYPK":
        assert has(f"hexen_cocktail.colour.{c}")


def test_every_save_error_code_has_text():
    core = Path(core_match.__file__).parent
    source = "".join((core / name).read_text() for name in ("match.py", "saves.py"))
    codes = set(re.findall(r'SaveError\(\s*"([a-z-]+)"', source))
    codes |= set(re.findall(r'JsonLimitError\(\s*"([a-z-]+)"', (core / "safejson.py").read_text()))
    assert {"not-json", "not-a-save", "unknown-version", "unknown-game", "rules-version", "bad-seats",
            "bad-seed", "bad-log", "bad-setup", "replay-failed", "hash-mismatch"} <= codes
    for code in codes | {"unknown"}:
        assert has(f"save.error.{code}"), code


def test_core_reasons_have_text():
    source = Path(core_match.__file__).read_text()
    for code in set(re.findall(r'Illegal\(\s*"([a-z-]+)"', source)):
        assert has(f"core.illegal.{code}"), code
