"""Rules you can play (issue 16, docs/tryit.md): every clause id of every
registered game's games/<id>/rules.md has a "Try it" scenario or a written
reason why none can exist, and every scenario holds when replayed: the
position is reached by the engine (seed + log, every move checked), the
expected moves are legal and the clause named is the one that governs them
(or, for a refusal, the rule of the Illegal), and the texts exist in EN and DE.

A game added to the registry is covered without touching this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch.core.errors import IllegalActionError
from spieltisch.games import GAMES
from spieltisch.i18n import CATALOGUES, LANGS
from spieltisch.ui import position, tryit

ROOT = Path(__file__).resolve().parents[2]


def doc_path(game_id: str) -> Path:
    return tryit.rules_doc(game_id)


def doc_clauses(game_id: str) -> list[str]:
    """The clause ids a rules doc defines: each ``**[id]`` (bold, bracketed)."""
    return tryit.clause_ids(doc_path(game_id).read_text(encoding="utf-8"))


def test_clause_ids_are_read_as_the_docs_write_them():
    doc = ("- **[hexen.cards]** 72 cards ... **[brau.setup] Aufbau.** see [hexen.cards] and\n"
           "- **[sab.dwarf.pay]** pay; **[sab.variant.new_mine]** x; **[hexen.cards]** again; **[nodot]**")
    assert tryit.clause_ids(doc) == ["hexen.cards", "brau.setup", "sab.dwarf.pay", "sab.variant.new_mine"]


GAME_IDS = sorted(GAMES)
SCENARIOS = [(gid, sc.clause) for gid in GAME_IDS for sc in tryit.scenarios(gid)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_clause_has_a_scenario_or_a_reason(game_id):
    """Each clause id of the rules doc: a scenario, or a reason from tryit.REASONS."""
    clauses = doc_clauses(game_id)
    assert clauses, f"{doc_path(game_id)} names no clause ids"
    missing, bad = [], []
    for clause in clauses:
        entry = tryit.entry(game_id, clause)
        if entry is None or ("position" not in entry and "reason" not in entry):
            missing.append(clause)
        elif "reason" in entry and entry["reason"] not in tryit.REASONS:
            bad.append(clause)
    assert not missing, (f"{game_id}: no try-it scenario and no reason for {missing}; add them to "
                         f"games/{game_id}/tryit.json and run tools/find_tryit.py --game {game_id}")
    assert not bad, f"{game_id}: unknown reasons for {bad} (use one of {tryit.REASONS})"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_scenario_for_a_clause_the_doc_does_not_have(game_id):
    stale = sorted(set(tryit.load(game_id)["clauses"]) - set(doc_clauses(game_id)))
    assert not stale, f"{game_id}: tryit.json has clauses the rules doc does not: {stale}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_says_which_clause_a_move_brings(game_id):
    """games/<id>/clauses.py exists and names only clause ids of the doc."""
    mod = tryit.clauses_module(game_id)
    assert mod is not None and callable(getattr(mod, "clauses", None)), game_id
    known = set(doc_clauses(game_id))
    for sc in tryit.scenarios(game_id):
        match = tryit.start(sc)
        for text in match.legal_texts(sc.seat):
            named = tryit.governs(match.game, match.state, sc.seat, text)
            assert set(named) <= known, (game_id, text, set(named) - known)


@pytest.mark.parametrize(("game_id", "clause"), SCENARIOS, ids=[f"{g}:{c}" for g, c in SCENARIOS])
def test_scenario_replays_and_names_its_clause(game_id, clause):
    """The position replays, the reader is to move, and each expected move is
    governed by (move) or refused by (refusal) the named clause."""
    sc = tryit.scenario(game_id, clause)
    assert sc.kind in tryit.KINDS
    assert sc.position["g"] == game_id
    assert tryit.verify(sc) == []


@pytest.mark.parametrize(("game_id", "clause"), SCENARIOS, ids=[f"{g}:{c}" for g, c in SCENARIOS])
def test_making_the_expected_move(game_id, clause):
    """What the reader does in the try-it: the move is made (or refused) on a
    live match and the clause is reported; a refusal changes nothing."""
    sc = tryit.scenario(game_id, clause)
    match = tryit.start(sc)
    before_log = list(match.log)
    named, refused = tryit.try_move(match, sc, sc.expect[0])
    assert clause in named
    if sc.kind == "refusal":
        assert refused and named == (clause,)
        assert match.log == before_log
        with pytest.raises(IllegalActionError) as err:
            match.play(sc.expect[0], sc.seat)
        assert err.value.illegal.rule == clause
    else:
        assert not refused
        assert match.log[len(before_log)] == (sc.seat, sc.expect[0])


@pytest.mark.parametrize(("game_id", "clause"), SCENARIOS, ids=[f"{g}:{c}" for g, c in SCENARIOS])
def test_scenario_texts_in_both_languages(game_id, clause):
    sc = tryit.scenario(game_id, clause)
    for lang in LANGS:
        for key in (sc.instruction, sc.explanation, f"rules.{clause}.title"):
            assert CATALOGUES[lang].get(key, "").strip(), (lang, key)


def test_reason_texts_in_both_languages():
    for reason in tryit.REASONS:
        for lang in LANGS:
            assert CATALOGUES[lang].get(f"tryit.reason.{reason}", "").strip(), (lang, reason)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_scenario_is_a_position_link(game_id):
    """One position format (issue 17's blog embeds reuse it): a scenario's
    match encodes to a position link that decodes to the same position."""
    for sc in tryit.scenarios(game_id)[:3]:
        match = tryit.start(sc)
        back, me = position.decode(position.encode(match, sc.seat), GAMES)
        assert me == sc.seat
        assert back.game.state_hash(back.state) == sc.position["h"]
        assert tryit.payload(match, sc.seat)["log"] == sc.position["log"]


def test_a_damaged_scenario_is_reported():
    """verify() finds a wrong clause, an illegal expected move and a log that
    does not replay: the checks above can fail."""
    sc = tryit.scenario("hexen_cocktail", "hexen.explosion")
    wrong = tryit.Scenario(sc.game_id, "hexen.bonus", sc.kind, sc.position, sc.expect)
    assert tryit.verify(wrong)
    illegal = tryit.Scenario(sc.game_id, sc.clause, sc.kind, sc.position, ("take:R1",))
    assert tryit.verify(illegal)
    log = [list(e) for e in sc.position["log"]]
    log[-1][1] = "deal:K0" if log[-1][1] != "deal:K0" else "deal:K1"
    broken = tryit.Scenario(sc.game_id, sc.clause, sc.kind, dict(sc.position, log=log), sc.expect)
    assert tryit.verify(broken)
    refusal = tryit.Scenario(sc.game_id, "hexen.explosion", "refusal", sc.position, sc.expect)
    assert tryit.verify(refusal)


def test_the_finder_finds_a_position_the_engine_reaches():
    """tools/find_tryit.py on one clause: what it finds verifies."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("find_tryit", ROOT / "tools" / "find_tryit.py")
    finder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(finder)
    game = GAMES["hexen_cocktail"]
    want = {"kind": "move", "find": {"players": 3, "try": "play:", "contrast": True}}
    found = finder.search_group(game, {"hexen.explosion": want}, seeds=2, log_to=None)
    pos, expect = found["hexen.explosion"]
    sc = tryit.Scenario("hexen_cocktail", "hexen.explosion", "move", pos, tuple(expect))
    assert len(pos["s"]) == 3 and tryit.verify(sc) == []
