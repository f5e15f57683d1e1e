"""Issue 11: every untrusted input (stored saves, imported files) goes through
one hardened path: limits before parsing, every field checked, a clear
reason; and saves carry no chance outcome the seed gives (no hidden card in
plain text). Property tests feed generated hostile inputs."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.hostile import ISSUE_IMPORT, ISSUE_SAVE, base_saves, save_texts

from spieltisch.core.errors import SaveError
from spieltisch.core.game import CHANCE
from spieltisch.core.match import Match, Seat, clean_name
from spieltisch.core.safejson import JsonLimitError, parse
from spieltisch.core.saves import MAX_SEALED_CHARS, read_meta, unseal_action
from spieltisch.core.text import graphemes, tidy
from spieltisch.games import GAMES
from spieltisch.i18n import t

SAVES = base_saves()
DATA = Path(__file__).resolve().parents[1] / "games" / "data"
PROPERTY = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _has_text(code: str) -> bool:
    return all(t(lang, f"save.error.{code}") != f"save.error.{code}" for lang in ("en", "de"))


# ---- the scanner ------------------------------------------------------------------------
@pytest.mark.parametrize("text,code", [
    ("[" * 65 + "]" * 65, "too-deep"),
    ('{"a":' * 65 + "1" + "}" * 65, "too-deep"),
    (ISSUE_SAVE, "too-deep"),
    (ISSUE_IMPORT, "too-deep"),
    ("1" * 41, "big-number"),
    ('{"seed": 1e' + "9" * 40 + "}", "big-number"),
    ("x" * 101, "too-big"),
    ('"abc', "not-json"),
    ("[NaN]", "not-json"),
    ("[Infinity]", "not-json"),
    (b"\xff\xfe", "not-json"),
    (None, "not-json"),
])
def test_scanner_refuses_before_parsing(text, code):
    with pytest.raises(JsonLimitError) as err:
        parse(text, max_chars=100 if text == "x" * 101 else 100_000)
    assert err.value.code == code


def test_scanner_does_not_count_brackets_in_strings():
    text = json.dumps({"name": "[" * 500 + "{" * 500 + '\\"]'})
    assert parse(text, max_chars=10_000)["name"].startswith("[[[")
    assert parse("[" * 64 + "]" * 64, max_chars=1000) is not None


# ---- the save loader under fire -----------------------------------------------------------
@PROPERTY
@given(save_texts(SAVES))
def test_save_loader_refuses_hostile_input_with_a_reason(text):
    """Deep nesting, huge numbers, wrong types in every field, truncations,
    random bytes: a SaveError with a translated reason, or a valid game."""
    try:
        match = Match.from_save(text, GAMES)
    except SaveError as err:
        assert _has_text(err.code), err.code
        assert str(err)
    else:
        assert isinstance(match, Match) and isinstance(match.meta, dict)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(SAVES)), st.data())
def test_every_field_of_wrong_type_is_refused_or_harmless(game_id, data):
    """Any field replaced by a value of another JSON type: refused with a
    reason, never an exception; accepted only where the value is of a kind
    the field allows (a name is any text; options and meta may be absent)."""
    from support.hostile import _paths, field_values, replace_at

    save = SAVES[game_id]
    path = data.draw(st.sampled_from(_paths(save)))
    value = data.draw(field_values)
    try:
        Match.from_save(json.dumps(replace_at(save, path, value)), GAMES)
    except SaveError as err:
        assert _has_text(err.code), err.code


@pytest.mark.parametrize("meta", ["x", [1], 7, True, {"created": "soon"}, {"updated": -1},
                                  {"revision": 2**60}, {"slot": 5}, {"updated": 1.5}])
def test_meta_of_the_wrong_shape_is_refused(meta):
    """Issue 11.2: a save whose meta is not an object was listed with a
    Continue that did nothing."""
    data = dict(SAVES["hexen_cocktail"], meta=meta)
    with pytest.raises(SaveError) as err:
        Match.from_save(json.dumps(data), GAMES)
    assert err.value.code == "bad-meta"


def test_meta_keeps_known_fields_only():
    assert read_meta({"created": 5, "updated": 6, "revision": 2, "slot": "a", "evil": [[[]]]}) == {
        "created": 5, "updated": 6, "revision": 2, "slot": "a"}
    m = Match.from_save(json.dumps(SAVES["hexen_cocktail"]), GAMES)
    assert m.meta == {"created": 1, "updated": 2, "revision": 3}


# ---- no plaintext secrets -----------------------------------------------------------------
HIDDEN = sorted(gid for gid, g in GAMES.items() if not g.info.perfect_information)


def _random_game(game_id: str, seed: int, stop: int | None = None) -> Match:
    game = GAMES[game_id]
    n = min(max(game.info.min_players, 3), game.info.max_players)
    m = Match(game, [Seat(f"P{i}") for i in range(n)], seed=seed)
    rnd = random.Random(seed)
    while not m.is_over and (stop is None or len(m.log) < stop):
        m.play(rnd.choice(m.legal_texts()))
    return m


def derivable_chance_texts(m: Match) -> set[str]:
    return {text for i, (p, text) in enumerate(m.log) if p == CHANCE and i not in m.forced}


def assert_no_chance_text(m: Match, text: str) -> None:
    for secret in derivable_chance_texts(m):
        assert json.dumps(secret) not in text, f"{secret!r} is written out"


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("seed", [1, 2])
def test_saves_of_hidden_information_games_spell_out_no_chance_outcome(game_id, seed):
    """Issue 11.5: a Saboteur save began with the gold card and every role, a
    Hexen save listed every dealt card. Now a save holds the seats' actions and
    the seed; learning a card takes running the engine."""
    assert HIDDEN, "no hidden-information game is registered"
    for stop in (5, 40, None):
        m = _random_game(game_id, seed, stop)
        text = m.to_save_text({"created": 1, "updated": 1})
        assert derivable_chance_texts(m), "the game had no chance outcome to hide"
        assert_no_chance_text(m, text)
        assert_no_seat_action_text(m, text)  # Saboteur's face-down discards among them
        data = json.loads(text)
        assert all(entry[0] != CHANCE for entry in data["log"])
        back = Match.from_save(text, GAMES)
        assert back.log == m.log and back.state == m.state


def assert_no_seat_action_text(m: Match, text: str) -> None:
    """No seat action of a hidden-information game is plain text in a save
    (issue 11: Saboteur's face-down ``discard:NW`` was)."""
    for p, action in m.log:
        if p != CHANCE:
            assert json.dumps(action) not in text, f"{action!r} is written out"
            assert action not in text, f"{action!r} is written out"


def test_sealed_actions_are_checked_like_plain_ones():
    m = _random_game("saboteur", 4, 30)
    data = m.to_save()
    first = next(i for i, e in enumerate(data["log"]) if e[0] != CHANCE)
    sealed = data["log"][first][1]
    plain = next(t for p, t in m.log if p != CHANCE)
    assert sealed.startswith("~") and unseal_action(sealed, m.seed, first) == plain
    assert unseal_action(sealed, m.seed + 1, first) != plain
    assert unseal_action(sealed, m.seed, first + 1) != plain
    for bad in ("~", "~!!", "~" + "A" * (MAX_SEALED_CHARS + 1), "~" + sealed[1:] + "A"):
        damaged = json.loads(json.dumps(data))
        damaged["log"][first][1] = bad
        with pytest.raises(SaveError) as err:
            Match.from_save(damaged, GAMES)
        assert err.value.code in ("bad-log", "replay-failed"), bad
    moved = json.loads(json.dumps(data))  # a sealed action is bound to its place
    moved["seed"] = m.seed + 1
    with pytest.raises(SaveError):
        Match.from_save(moved, GAMES)


def test_saves_with_plain_seat_actions_still_load_and_resave_sealed():
    m = _random_game("saboteur", 5, 40)
    data = m.to_save()
    plain = [[p, t] for p, t in m.log if p != CHANCE]
    data["log"] = plain
    assert Match.from_save(data, GAMES).log == m.log
    again = Match.from_save(data, GAMES).to_save()
    assert again["log"] != plain and all(t.startswith("~") for _, t in again["log"])
    assert Match.from_save(again, GAMES).log == m.log


def test_a_game_without_hidden_information_keeps_plain_actions():
    gid = next(gid for gid, g in GAMES.items() if g.info.perfect_information)
    m = _random_game(gid, 1, 10)
    assert [t for _, t in m.to_save()["log"]] == [t for p, t in m.log if p != CHANCE]


def test_a_forced_chance_outcome_is_kept_with_its_place():
    """A forced outcome the seed would not give cannot be re-derived: it stays."""
    game = GAMES["hexen_cocktail"]
    m = Match(game, [Seat("A"), Seat("B")], seed=3, auto_chance=False)
    seeded = Match(game, [Seat("A"), Seat("B")], seed=3)
    first = seeded.log[0][1]
    other = next(str(a) for a, _ in game.chance_outcomes(m.state) if str(a) != first)
    m.play_chance(other)
    m.resolve_chance()
    m.play(m.legal_texts()[0])
    data = m.to_save()
    assert data["log"][0] == [CHANCE, other, 0]
    assert [e for e in data["log"] if e[0] == CHANCE] == [[CHANCE, other, 0]]
    back = Match.from_save(json.dumps(data), GAMES)
    assert back.log == m.log and back.forced == {0}


def test_a_forced_outcome_equal_to_the_seeds_is_left_out():
    game = GAMES["hexen_cocktail"]
    seeded = Match(game, [Seat("A"), Seat("B")], seed=3)
    m = Match(game, [Seat("A"), Seat("B")], seed=3, auto_chance=False)
    for _p, text in seeded.log:
        m.play_chance(text)
    assert m.forced == set() and m.to_save()["log"] == []


@pytest.mark.parametrize("fixture", sorted(p.name for p in DATA.glob("*.json")))
def test_old_saves_with_every_chance_outcome_still_load_and_resave_without(fixture):
    data = json.loads((DATA / fixture).read_text())
    assert data["version"] == 1 and any(e[0] == CHANCE for e in data["log"])
    m = Match.from_save(data, GAMES)
    assert len(m.log) >= len(data["log"]) and not m.forced
    again = m.to_save()
    assert again["version"] == 2 and all(e[0] != CHANCE for e in again["log"])
    back = Match.from_save(json.dumps(again), GAMES)
    assert back.log == m.log and back.state == m.state


def test_a_version_1_log_missing_a_chance_outcome_is_refused():
    data = json.loads((DATA / "saboteur-save-v1.json").read_text())
    data["log"] = [e for e in data["log"] if e[0] != CHANCE]
    with pytest.raises(SaveError) as err:
        Match.from_save(data, GAMES)
    assert err.value.code == "replay-failed"


# ---- names ----------------------------------------------------------------------------------
@pytest.mark.parametrize("raw,expected", [
    ("🧙\u200d♀\ufe0f Mage", "🧙\u200d♀\ufe0f Mage"),  # zero-width joiner kept (issue 11.6)
    ("👨\u200d👩\u200d👧\u200d👦", "👨\u200d👩\u200d👧\u200d👦"),
    ("e\u0301cole", "e\u0301cole"),  # combining accent
    ("🇩🇪🇫🇷", "🇩🇪🇫🇷"),
    ("👍🏽", "👍🏽"),
    ("a\u202eb\u200bc\ufeff", "abc"),  # bidi override, zero-width space, BOM dropped
    ("\u200dAnn\u200d", "Ann"),
])
def test_names_keep_whole_grapheme_clusters(raw, expected):
    assert clean_name(raw, 0) == expected


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_names_are_cut_between_clusters_only(raw):
    name = clean_name(raw, 4)
    assert name and len(graphemes(name)) <= 32 and len(name) <= 96
    if name != "Player 5":
        kept = graphemes(name)
        # every cluster kept is a whole cluster of the cleaned input (or a trimmed mark stack)
        source = graphemes(tidy(raw))
        assert all(any(c == s or s.startswith(c) for s in source) for c in kept if c != " ")


def test_a_long_emoji_name_is_cut_before_a_cluster_not_inside():
    family = "👨\u200d👩\u200d👧\u200d👦"
    name = clean_name(family * 40, 0)
    assert name == family * (96 // len(family))
    assert not name.endswith("\u200d")
