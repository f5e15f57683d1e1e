"""Match: log, chance, undo policy, saves and their failure modes."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core import CHANCE, IllegalActionError, Match, SaveError, Seat
from spieltisch.core.match import clean_name
from spieltisch.games import GAMES
from spieltisch.games.hexen_cocktail.rules import DECK as HEXEN_DECK
from spieltisch.games.hexen_cocktail.rules import GAME as HEXEN
from spieltisch.games.hexen_cocktail.rules import POTIONS as HEXEN_POTIONS

SEATS3 = [Seat("Ann"), Seat("Bo"), Seat("Cy", "bot", "easy")]


def fresh(seed=5, seats=SEATS3):
    return Match(HEXEN, seats, seed=seed)


def test_same_seed_same_deal_different_seed_different_deal():
    assert fresh(5).log == fresh(5).log
    assert fresh(5).log != fresh(6).log


def test_play_rejects_illegal_with_reason_and_keeps_state():
    m = fresh()
    before = m.state
    with pytest.raises(IllegalActionError) as err:
        m.play("pass")
    assert err.value.illegal.rule == "hexen.turn"
    with pytest.raises(IllegalActionError) as err:
        m.play("nonsense!!")
    assert err.value.illegal.code == "bad-text"
    assert m.state is before


def test_undo_own_action_until_someone_else_acts():
    """Undo (DESIGN): own action only; never past another seat or chance."""
    m = fresh()
    safe = next(a for a in HEXEN.sensible_actions(m.state, 0)
                if not HEXEN.explodes(m.state.potions[a.row], m.state.rows[a.row], a.card))
    before = m.state
    m.play(safe)
    assert m.can_undo(0) and not m.can_undo(1)
    assert m.undo(0) and m.state == before and m.log[-1][0] == CHANCE
    assert not m.can_undo(0)  # nothing of seat 0's left: the deal is chance
    m.play(safe)
    nxt = HEXEN.legal_actions(m.state)[0]
    m.play(nxt)
    assert not m.can_undo(0)  # seat 1 has acted since


def test_undo_never_past_revealed_chance():
    m = fresh(seed=11)
    # play a card that explodes, take a card: a potion is revealed (chance)
    s = m.state
    boom = next(a for a in HEXEN.legal_actions(s)
                if HEXEN.explodes(s.potions[a.row], s.rows[a.row], a.card))
    m.play(boom)
    assert m.can_undo(0)
    m.play(HEXEN.legal_actions(m.state)[0])  # take -> refill (chance) follows
    assert m.log[-1][0] == CHANCE and not m.can_undo(0)


def test_save_roundtrip_mid_game_and_hash():
    m = fresh()
    for _ in range(7):
        m.play(HEXEN.legal_actions(m.state)[0])
    data = m.to_save({"slot": "x"})
    back = Match.from_save(json.dumps(data), GAMES)
    assert back.state == m.state and back.log == m.log
    assert back.seats == m.seats and data["meta"] == {"slot": "x", "summary": {"moves": 7, "over": False}}


@pytest.mark.parametrize("mutate,code", [
    (lambda d: "{not json", "not-json"),
    (lambda d: [], "not-a-save"),
    (lambda d: {**d, "format": "other"}, "not-a-save"),
    (lambda d: {**d, "version": 99}, "unknown-version"),
    (lambda d: {**d, "game": "chess"}, "unknown-game"),
    (lambda d: {**d, "rules_version": 0}, "rules-version"),
    (lambda d: {**d, "seats": "many"}, "bad-seats"),
    (lambda d: {**d, "seats": [{"kind": "robot"}] * 3}, "bad-seats"),
    (lambda d: {**d, "seats": [{"name": "a"}]}, "bad-setup"),
    (lambda d: {**d, "seed": "x"}, "bad-seed"),
    (lambda d: {**d, "log": {}}, "bad-log"),
    (lambda d: {**d, "log": d["log"] + [["x", 1]]}, "bad-log"),
    (lambda d: {**d, "log": d["log"] + [[0, "play:Z9:1"]], "length": d["length"] + 1}, "replay-failed"),
    (lambda d: {**d, "log": d["log"] + [[0, "play:Z9:1"]]}, "bad-log"),
    (lambda d: {**d, "log": d["log"][:-1], "length": d["length"] - 1}, "hash-mismatch"),
    (lambda d: {**d, "log": d["log"][:-1]}, "bad-log"),
    (lambda d: {**d, "meta": "x"}, "bad-meta"),
    (lambda d: {**d, "meta": [1]}, "bad-meta"),
    (lambda d: {**d, "meta": 7}, "bad-meta"),
    (lambda d: {**d, "meta": {"updated": "soon"}}, "bad-meta"),
    (lambda d: {**d, "state_hash": 5}, "bad-hash"),
    (lambda d: {**d, "options": []}, "bad-options"),
    (lambda d: {**d, "options": {"colour": 1}}, "bad-options"),
    (lambda d: {**d, "rules_version": True}, "rules-version"),
    (lambda d: {**d, "seed": 10**30}, "bad-seed"),
    (lambda d: {**d, "length": 10**6}, "bad-log"),
    (lambda d: '{"format":"spieltisch-save","version":1,"game":"hexen_cocktail","rules_version":1,"seats":'
     + "[" * 5000 + "]" * 5000 + "}", "too-deep"),
    (lambda d: '{"seed": ' + "9" * 5000 + "}", "big-number"),
    (lambda d: {**d, "state_hash": "0" * 32}, "hash-mismatch"),
])
def test_bad_saves_say_why(mutate, code):
    m = fresh()
    m.play(HEXEN.legal_actions(m.state)[0])
    bad = mutate(m.to_save())
    text = bad if isinstance(bad, str) else json.dumps(bad)
    with pytest.raises(SaveError) as err:
        Match.from_save(text, GAMES)
    assert err.value.code == code and str(err.value)


@pytest.mark.parametrize("raw,expected", [
    ("  Anna  ", "Anna"),
    ("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"),
    ("a\u0000b\u202ec\n", "abc"),
    ("", "Player 3"),
    (None, "Player 3"),
    ("x" * 100, "x" * 32),
])
def test_names_are_cleaned_not_escaped(raw, expected):
    """Odd names: control characters dropped, length capped; HTML escaping is
    the renderer's job (tests/ui)."""
    assert clean_name(raw, 2) == expected


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), players=st.integers(min_value=2, max_value=8),
       picks=st.lists(st.integers(min_value=0, max_value=10**6), max_size=120))
def test_property_cards_and_potions_are_conserved(seed, players, picks):
    """Engine property: whatever is played, the 72 ingredient cards and 30
    potions are all somewhere, exactly once."""
    m = Match(HEXEN, [Seat(str(i)) for i in range(players)], seed=seed)
    for k in picks:
        if m.is_over:
            break
        acts = HEXEN.legal_actions(m.state)
        m.play(acts[k % len(acts)])
        s = m.state
        cards = sorted(sum(s.hands, ()) + sum(s.rows, ()) + s.discard + s.undealt)
        assert cards == sorted(HEXEN_DECK)
        potions = [p for p in s.potions if p] + list(s.potion_pool) + list(sum(s.taken, ()))
        assert sorted(potions) == sorted(HEXEN_POTIONS)
        # the text of every legal action parses back to it
        for a in HEXEN.legal_actions(s):
            assert HEXEN.parse_action(str(a)) == a


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30))
def test_property_any_text_is_parsed_or_refused_with_reason(text):
    try:
        a = HEXEN.parse_action(text)
    except IllegalActionError as err:
        assert err.illegal.message and err.illegal.rule
    else:
        assert str(a) == text  # only the canonical text parses: no stripping


@pytest.mark.parametrize("text", ["play:R3:01", "play:R3:+1", "play:R3:6", "take:R3:1", "PASS", " pass", "pass\n", "play:R3:1 "])
def test_only_the_canonical_text_parses(text):
    with pytest.raises(IllegalActionError):
        HEXEN.parse_action(text)



# ---- issue 10, item 10: Match.play refuses cleanly -------------------------------------

def _frozen(m):
    return (m.state, list(m.log), m.can_undo(0), m.to_save())


def test_play_checks_before_reveals_saboteur_help_and_card_not_in_hand():
    """core: a well-formed but illegal action is refused with
    IllegalActionError before the game's reveals() sees it (Saboteur's
    reveals() raised a bare ValueError for `help:yes` when nobody asked and
    for a path card not in hand); the match is untouched."""
    sab = GAMES["saboteur"]
    m = Match(sab, [Seat("A"), Seat("B"), Seat("C")], seed=1)
    before = _frozen(m)
    hand = set(m.legal_texts())
    for text in ("help:yes", "help:no", "path:NESW:-1,0", "path:Ex:-3,1"):
        if text in hand:
            continue
        with pytest.raises(IllegalActionError) as err:
            m.play(text)
        assert err.value.illegal.code and err.value.illegal.rule
        assert _frozen(m) == before


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_play_as_chance_while_a_seat_acts_names_the_right_reason(gid):
    """core.chance: m.play(text, -1) while a seat is to act is refused as
    `not-chance` (no chance event is due), not "it is chance's turn"."""
    game = GAMES[gid]
    m = Match(game, [Seat(f"P{i}") for i in range(game.info.min_players)], seed=3)
    assert m.to_act not in (None, CHANCE)
    before = _frozen(m)
    with pytest.raises(IllegalActionError) as err:
        m.play(m.legal_texts()[0], CHANCE)
    assert err.value.illegal.code == "not-chance" and err.value.illegal.rule == "core.chance"
    assert m.check(CHANCE, m.legal_texts()[0]).code == "not-chance"  # check() says what play() would
    assert _frozen(m) == before


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_play_only_the_canonical_text_whitespace_is_refused(gid):
    """core (docs/engine.md): only the canonical action text parses — a legal
    text with whitespace around it is refused as BadActionText (`bad-text`)."""
    from spieltisch.core.errors import BadActionText

    game = GAMES[gid]
    m = Match(game, [Seat(f"P{i}") for i in range(game.info.min_players)], seed=4)
    text = m.legal_texts()[0]
    before = _frozen(m)
    for padded in (f" {text}", f"{text} ", f"{text}\n", f"\t{text}"):
        with pytest.raises(BadActionText) as err:
            m.play(padded)
        assert err.value.illegal.code == "bad-text"
        assert m.check(m.to_act, padded).code == "bad-text"
    assert _frozen(m) == before
    m.play(text)  # the canonical text itself is fine
