"""The catalogue is complete: EN and DE match, and everything the engine can
say (reasons, rule ids, log lines, end reasons, save errors) has a text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import registry

from spieltisch import check
from spieltisch.core import match as core_match
from spieltisch.games import GAMES
from spieltisch.i18n import CATALOGUES, LANGS, has, pick_lang, placeholders, t
from spieltisch.ui import tryit


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


def test_every_game_has_title_and_blurb():
    for gid in GAMES:
        for lang in LANGS:
            assert has(f"game.{gid}.title", lang) and has(f"game.{gid}.blurb", lang)


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_what_the_rules_say_has_its_text(game_id):
    """Every rule id the rules' source names is a clause of the game's own
    rules.md (its prefixes come from there) and a section of the rules panel
    (board.py's RULE_IDS, with title and body); every refusal code, log key
    and end reason written whole in the source has its EN and DE text. The
    source is read by the conventions T1-T4 of docs/adding-a-game.md; each
    problem names the game, the piece and the fix (spieltisch.check)."""
    found = check.said(game_id, check.rules_sources(game_id), _prefixes(game_id))
    assert found["rules"] and found["codes"], registry.problem(
        game_id, "no rule id or no refusal code found in its rules' source: the check would check nothing",
        "refuse with Illegal(\"<code>\", \"<rule id>\", message) or _illegal(...), ids whole (T1, T2)")
    problems = check.text_problems(game_id)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_what_random_games_meet_has_its_text(game_id):
    """Seeded random games: every log line (for every viewer), refusal and
    end reason met has its text, and every refusal names a rule panel
    section -- including what the source builds at run time."""
    problems = check.sampled_text_problems(game_id)
    assert not problems, "\n".join(problems)


def _prefixes(game_id: str) -> list[str]:
    return sorted({c.split(".")[0] for c in tryit.clause_ids(tryit.rules_doc(game_id).read_text(encoding="utf-8"))})


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_the_rule_id_check_fails_on_a_broken_copy(game_id):
    """The check above can fail, for every game (issue 28: it used to look
    only at games whose clause prefix was the game id or in a dict): a copy
    of the game's rules whose rule id has no clause in rules.md, a copy of
    rules.md without one of its clauses, a rule id built from parts, and a
    text taken out are each reported, naming the game and the fix."""
    sources = check.rules_sources(game_id)
    doc = tryit.rules_doc(game_id).read_text(encoding="utf-8")
    used = sorted(check.said(game_id, sources, _prefixes(game_id))["rules"])
    assert used, f"{game_id}: no rule id found in the rules: the check is vacuous"
    rid = used[0]
    prefix = rid.split(".")[0]
    broken = {name: text.replace(f'"{rid}"', f'"{prefix}.no_such_clause"', 1) for name, text in sources.items()}
    assert broken != sources
    problems = check.text_problems(game_id, sources=broken, doc=doc)
    assert any(f"'{prefix}.no_such_clause', which rules.md does not define" in p and p.startswith(game_id)
               and "Fix:" in p for p in problems), problems
    # rules.md without the clause: its section is no longer a clause
    no_clause = doc.replace(f"**[{rid}]", f"**[{prefix}.renamed_clause]")
    problems = check.text_problems(game_id, doc=no_clause)
    assert any(f"{rid!r}, which rules.md does not define" in p for p in problems), problems
    # a rule id built from parts breaks convention T2
    built = dict(sources)
    name = next(iter(built))
    built[name] += f'\n\ndef _built(x):\n    return f"{prefix}.{{x}}"\n'
    assert any("T2" in p for p in check.text_problems(game_id, sources=built, doc=doc))
    # a text taken out (the panel's title of that rule) is missed in both languages
    gone = f"rules.{rid}.title"
    problems = check.text_problems(game_id, known=lambda key, lang: key != gone and has(key, lang))
    assert [p for p in problems if repr(gone) in p] == [
        f"{game_id}: no text {gone!r} (the rules panel's section {rid}) in EN, DE. "
        f"Fix: add it to games/{game_id}/texts.py, EN and DE"]


def test_the_sampled_check_misses_nothing_it_meets():
    """A log key without its text, met in random games, is reported."""
    gone = "hexen_cocktail.log.play"
    problems = check.sampled_text_problems("hexen_cocktail", games=1,
                                           known=lambda key, lang: key != gone and has(key, lang))
    assert any(repr(gone) in p for p in problems), problems


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
