"""Hexen Cocktail: one scenario per rule clause. Each test names its clause
(ids as in src/spieltisch/games/hexen_cocktail/rules.md and the in-game rules panel)."""

from collections import Counter
from dataclasses import replace

import pytest

from spieltisch.core import CHANCE, IllegalActionError, Match, Seat
from spieltisch.games.hexen_cocktail.rules import (
    DECK,
    GAME,
    NUMBERED_EACH,
    PASS,
    POTIONS,
    HexenState,
    Play,
    Take,
)

G = GAME


def state(hands, potions=("R10", "B10", "G10", "Y10", "P10"), rows=None, pool=(), to_move=0,
          **kw) -> HexenState:
    """A play-phase position built by hand (cards need not add up to the deck)."""
    n = len(hands)
    return HexenState(
        n=n, phase=kw.pop("phase", "play"), to_move=to_move,
        hands=tuple(tuple(sorted(h)) for h in hands), known=tuple(() for _ in hands),
        unseen_zeros=tuple(sum(1 for c in h if c[1:] == "0") for h in hands),
        rows=tuple(tuple(r) for r in (rows or ((),) * 5)), potions=tuple(potions),
        potion_pool=tuple(pool), undealt=(), taken=tuple(() for _ in hands), discard=(), **kw,
    )


def play(s, text, seat=None):
    return G.apply(s, s.to_move if seat is None else seat, G.parse_action(text))


# ---- hexen.cards -------------------------------------------------------------

def test_cards_ingredient_deck_has_72_cards_of_six_colours():
    """hexen.cards: 5 colours x (1,1,2,2,3,3,4,4,5,6) + black 1-6 + 16 zeros."""
    assert len(DECK) == 72
    c = Counter(DECK)
    for col in "RBGYP":
        assert [c[f"{col}{v}"] for v in range(7)] == [3, 2, 2, 2, 2, 1, 1]
    assert [c[f"K{v}"] for v in range(7)] == [1, 1, 1, 1, 1, 1, 1]
    assert sum(k for card, k in c.items() if card.endswith("0") and len(card) == 2) == 16


def test_cards_potion_deck_is_five_colours_by_six_values():
    """hexen.cards: 30 potions, colours R B G Y P, values 4..14 even."""
    assert len(POTIONS) == 30 and len(set(POTIONS)) == 30
    assert {p[0] for p in POTIONS} == set("RBGYP")
    assert sorted({int(p[1:]) for p in POTIONS}) == [4, 6, 8, 10, 12, 14]


# ---- hexen.deal ----------------------------------------------------------------

@pytest.mark.parametrize("n", range(2, 9))
def test_deal_two_zeros_each_then_numbered_by_player_count(n):
    """hexen.deal: exactly 2 zero cards each, then 12/12/11/9/8/7/6 numbered
    cards at 2..8 players; undealt cards leave the game; 5 potions laid out."""
    m = Match(G, [Seat(f"P{i}") for i in range(n)], seed=40 + n)
    s = m.state
    assert s.phase == "play" and m.to_act == 0
    for hand in s.hands:
        assert sum(1 for c in hand if c.endswith("0") and len(c) == 2) == 2
        assert len(hand) == 2 + NUMBERED_EACH[n]
    assert len(s.undealt) == 72 - n * (2 + NUMBERED_EACH[n])
    assert all(p is not None for p in s.potions) and len(s.potion_pool) == 25
    # chance outcomes during the zero deal are zeros only
    fresh = G.new_state(n)
    for _ in range(5):
        fresh = G.apply_unchecked(fresh, G.chance_outcomes(fresh)[0][0])
    assert fresh.phase == "deal"
    assert all(str(a).endswith("0") for a, _ in G.chance_outcomes(fresh))


def test_deal_is_not_a_player_move():
    """hexen.deal: seats cannot deal; the chance outcome is forced by tests."""
    fresh = G.new_state(3)
    why = G.check(fresh, 0, G.parse_action("potion:R4"))
    assert why.code == "not-a-move" and why.rule == "hexen.deal"
    assert G.current_player(fresh) == CHANCE


# ---- hexen.turn ----------------------------------------------------------------

def test_turn_play_exactly_one_card_no_passing():
    """hexen.turn: one hand card onto any potion row; no passing."""
    s = state([["R3", "B2"], ["G1"]])
    assert PASS not in G.legal_actions(s)
    why = G.check(s, 0, PASS)
    assert why.code == "no-passing" and why.rule == "hexen.turn"
    assert len(G.legal_actions(s)) == 2 * 5


def test_turn_card_must_be_in_hand_and_it_must_be_your_turn():
    """hexen.turn: only your own cards, only on your turn."""
    s = state([["R3"], ["G1"]])
    assert G.check(s, 0, Play("B5", 0)).code == "not-in-hand"
    assert G.check(s, 1, Play("G1", 2)).code == "not-your-turn"
    with pytest.raises(IllegalActionError) as err:
        G.apply(s, 1, Play("G1", 2))
    assert err.value.illegal.rule == "hexen.turn"


def test_turn_passes_clockwise():
    """hexen.turn: players take turns clockwise (seat order)."""
    s = state([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]])
    s = play(s, "play:R1:1")
    assert s.to_move == 1
    s = play(s, "play:B1:2")
    s = play(s, "play:G1:3")
    assert s.to_move == 0


# ---- hexen.test ----------------------------------------------------------------

@pytest.mark.parametrize("potion,row,card,boom", [
    ("R10", [], "R6", False),               # right colour, sum 6 <= 10
    ("R10", ["R4"], "R6", False),           # sum exactly the value: safe
    ("R10", ["R4", "R1"], "R6", True),      # sum 11 > 10
    ("R10", [], "B1", True),                # wrong colour
    ("R10", ["R2"], "K6", False),           # black is wild
    ("R4", ["R2"], "K3", True),             # black still adds to the sum
    ("R10", [], "B0", True),                # a 0-card must match colour too
    ("R10", ["R6", "R4"], "R0", False),     # a matching 0 never overflows
    ("G4", ["G4"], "K0", False),            # black 0 matches anything
])
def test_test_colour_and_sum(potion, row, card, boom):
    """hexen.test: explodes on a wrong colour (black matches all) or when the
    row's sum, the new card included, exceeds the potion's value."""
    assert G.explodes(potion, tuple(row), card) is boom
    s = state([[card, "Y1"], ["G1"]], potions=(potion, "B10", "G10", "Y10", "P10"), rows=(row, (), (), (), ()),
              pool=("Y4",))
    after = play(s, f"play:{card}:1")
    assert (after.phase == "pick") is boom


# ---- hexen.explosion -----------------------------------------------------------

def test_explosion_take_potion_pick_one_card_discard_rest_refill():
    """hexen.explosion: the player takes the potion, chooses one card of the
    row (the card just played counts) into hand, the rest is discarded, a new
    potion is laid in the slot."""
    s = state([["B3", "R1"], ["G1"]], rows=(["R4", "R5"], (), (), (), ()), pool=("P14", "Y4"))
    s = play(s, "play:B3:1")
    assert s.phase == "pick" and s.taken[0] == ("R10",) and s.potions[0] is None
    assert {str(a) for a in G.legal_actions(s)} == {"take:B3", "take:R4", "take:R5"}
    # must take before anything else
    assert G.check(s, 0, Play("R1", 1)).code == "must-take"
    assert G.check(s, 0, PASS).code == "must-take"
    assert G.check(s, 0, Take("G6")).code == "not-in-row"
    s = play(s, "take:B3")   # the card just played may be taken back
    assert sorted(s.hands[0]) == ["B3", "R1"] and "B3" in s.known[0]
    assert sorted(s.discard) == ["R4", "R5"] and s.rows[0] == ()
    assert G.current_player(s) == CHANCE
    assert sorted(str(a) for a, _ in G.chance_outcomes(s)) == ["potion:P14", "potion:Y4"]
    s = G.apply_unchecked(s, G.parse_action("potion:Y4"))
    assert s.potions[0] == "Y4" and s.potion_pool == ("P14",)


def test_explosion_take_is_refused_without_an_explosion():
    """hexen.explosion: taking a card only follows an explosion."""
    s = state([["R1"], ["G1"]], rows=(["R4"], (), (), (), ()))
    why = G.check(s, 0, Take("R4"))
    assert why.code == "no-explosion" and why.rule == "hexen.explosion"


# ---- hexen.bonus ---------------------------------------------------------------

def test_bonus_play_once_more_or_decline():
    """hexen.bonus: after an explosion the player may play one more card at
    once, or decline."""
    s = state([["B3", "R1", "G2"], ["G1"]], pool=("Y4", "Y6"))
    s = play(s, "play:B3:1")
    s = play(s, "take:B3")
    s = G.apply_unchecked(s, G.parse_action("potion:Y4"))
    assert s.phase == "bonus" and s.to_move == 0
    assert PASS in G.legal_actions(s)
    declined = play(s, "pass")
    assert declined.to_move == 1 and declined.phase == "play"
    again = play(s, "play:R1:5")  # P10 gets R1: explodes (wrong colour)
    assert again.phase == "pick"


def test_bonus_explosion_in_bonus_gives_no_further_bonus():
    """hexen.bonus: an explosion during the bonus play resolves the same way,
    with no further bonus."""
    s = state([["B3", "R1", "G2"], ["G1"]], pool=("Y4", "Y6", "Y8"))
    s = play(s, "play:B3:1")
    s = play(s, "take:B3")
    s = G.apply_unchecked(s, G.parse_action("potion:Y4"))
    s = play(s, "play:R1:2")   # onto B10: explodes again
    s = play(s, "take:R1")
    s = G.apply_unchecked(s, G.parse_action("potion:Y6"))
    assert s.phase == "play" and s.to_move == 1


def test_bonus_safe_bonus_play_ends_the_turn():
    """hexen.bonus: one more card only — after a safe bonus play the turn ends."""
    s = state([["B3", "R1", "G2"], ["G1"]], pool=("Y4",))
    s = play(s, "play:B3:1")
    s = play(s, "take:B3")
    s = G.apply_unchecked(s, G.parse_action("potion:Y4"))
    s = play(s, "play:G2:3")
    assert s.phase == "play" and s.to_move == 1


# ---- hexen.potions -------------------------------------------------------------

def test_potions_empty_slot_stays_empty_when_deck_is_out():
    """hexen.potions: with the potion deck empty, an exploded slot stays empty
    and nobody can play there."""
    s = state([["B3", "R1"], ["G1"]], pool=())
    s = play(s, "play:B3:1")
    s = play(s, "take:R1") if False else play(s, "take:B3")
    assert s.potions[0] is None and s.phase == "bonus"
    why = G.check(s, 0, Play("R1", 0))
    assert why.code == "no-potion" and why.rule == "hexen.potions"
    assert all(a.row != 0 for a in G.legal_actions(s) if isinstance(a, Play))


# ---- hexen.end -----------------------------------------------------------------

def test_end_last_card_without_explosion_completes_the_round():
    """hexen.end: a player plays their last card without an explosion; the
    round is completed so everyone has had the same number of turns."""
    s = state([["R1", "R2"], ["B1"], ["G1", "G2"]])
    s = play(s, "play:R1:1")          # seat 0
    s = play(s, "play:B1:2")          # seat 1 empties the hand safely
    assert s.end_triggered and s.phase == "play" and s.to_move == 2
    s = play(s, "play:G1:3")          # seat 2 completes the round
    assert G.current_player(s) is None and s.end_reason == "hand"


def test_end_by_last_seat_ends_at_once():
    """hexen.end: if the last seat of the round empties their hand, the round
    is already complete."""
    s = state([["R1", "R2"], ["B1"]])
    s = play(s, "play:R1:1")
    s = play(s, "play:B1:2")
    assert G.is_terminal(s)


def test_end_last_card_with_explosion_does_not_end():
    """hexen.end: only a last card played WITHOUT an explosion ends the game
    (an explosion puts a card back into the hand)."""
    s = state([["B1"], ["G1", "G2"]], pool=("Y4",))
    s = play(s, "play:B1:1")
    s = play(s, "take:B1")
    assert not s.end_triggered and s.hands[0] == ("B1",)


def test_end_all_potions_taken_ends_at_once():
    """hexen.end: when no potion is left on display and none remain, the game
    ends at once (no card is taken, no bonus)."""
    s = state([["B3", "R1"], ["G1"]], potions=("R10", None, None, None, None),
              rows=(["R2"], (), (), (), ()), pool=())
    s = play(s, "play:B3:1")
    assert G.is_terminal(s) and s.end_reason == "potions"
    assert s.hands[0] == ("R1",) and sorted(s.discard) == ["B3", "R2"]
    out = G.outcome(s)
    assert out.reason == "hexen_cocktail.end.potions"


# ---- hexen.score / hexen.ties --------------------------------------------------

def test_score_potions_plus_hand_zero_counts_ten():
    """hexen.score: potion values taken + face values in hand; a 0 counts 10."""
    s = state([["R0", "B5"], ["K6"]], phase="over", end_reason="hand")
    s = replace(s, taken=(("G8",), ("Y4", "P6")))
    assert G.outcome(s).scores == (8 + 10 + 5, 10 + 6)
    assert G.outcome(s).winners == (1,) and G.outcome(s).low_wins


def test_ties_fewer_potions_wins_then_shared():
    """hexen.ties: equal totals -> fewer potion cards taken wins; else shared."""
    s = state([["B4"], ["B4"], ["B4"]], phase="over", end_reason="hand")
    s = replace(s, taken=(("G8",), ("Y4", "P4"), ("R8",)))
    out = G.outcome(s)
    assert out.scores == (12, 12, 12) and out.winners == (0, 2)
    assert out.returns == (0.5, 0.0, 0.5)


# ---- hexen.hidden --------------------------------------------------------------

def test_hidden_others_see_hand_sizes_not_cards():
    """hexen.hidden: others see each hand's size, not its cards; rows and taken
    potions are public; cards taken from an exploded row are public."""
    s = state([["B3", "R1", "K0"], ["G1", "Y6"]], pool=("Y4",))
    s = play(s, "play:B3:1")
    s = play(s, "take:B3")
    v1 = G.view(s, 1)
    assert v1["hand"] == ["G1", "Y6"] and v1["hand_sizes"] == [3, 2]
    assert v1["known"][0] == ["B3"]
    flat = repr(v1)
    assert "K0" not in flat and "'R1'" not in flat
    spectator = G.view(s, None)
    assert spectator["hand"] is None and "Y6" not in repr(spectator)


def test_hidden_undealt_cards_are_seen_by_nobody():
    """hexen.deal / hexen.hidden: undealt cards never show in any view."""
    m = Match(G, [Seat("A"), Seat("B")], seed=3)
    for seat in (0, 1, None):
        v = G.view(m.state, seat)
        assert "undealt" not in v


def test_hidden_determinize_refuses_another_seats_view():
    """hexen.hidden: a determinisation is made from the seat's own view only."""
    from spieltisch.core.rng import Rng
    m = Match(G, [Seat("A"), Seat("B")], seed=3)
    with pytest.raises(ValueError):
        G.determinize(G.view(m.state, 1), 0, Rng(1))
    with pytest.raises(ValueError):
        G.determinize(G.view(m.state, None), 0, Rng(1))
    det = G.determinize(G.view(m.state, 0), 0, Rng(1))
    assert det.hands[0] == m.state.hands[0]


# ---- issue 10, item 9: who starts, clockwise, the last potion -------------------

def test_turn_seat_one_starts_after_the_deal():
    """hexen.turn: Player 1 (seat 0) starts — the first seat action after
    the deal is seat 0's, whatever the seed."""
    for seed in range(5):
        m = Match(G, [Seat("A"), Seat("B"), Seat("C"), Seat("D")], seed=seed)
        assert m.to_act == 0 and m.state.phase == "play"
        assert all(p == CHANCE for p, _ in m.log)


def test_end_final_round_goes_clockwise_to_the_last_seat():
    """hexen.turn / hexen.end: with four players, seat 1 empties the hand
    safely; seats 2 and 3 play once more (clockwise), seat 0 does not."""
    s = state([["R1", "R2"], ["B1"], ["G1", "G2"], ["Y1", "Y2"]])
    s = play(s, "play:R1:1")
    s = play(s, "play:B1:2")
    assert s.end_triggered and G.current_player(s) == 2
    s = play(s, "play:G1:3")
    assert G.current_player(s) == 3
    s = play(s, "play:Y1:4")
    assert G.is_terminal(s) and s.hands[0] == ("R2",)


def test_end_last_potion_blown_up_no_card_from_the_row_no_bonus():
    """hexen.end / hexen.explosion: whoever blows up the last potion takes
    the potion card but no card from the row: `take:` is refused (the game
    is over), no bonus play; the row goes to the discard."""
    s = state([["B3", "R1"], ["G1"]], potions=(None, None, "R10", None, None),
              rows=((), (), ["R2", "R5"], (), ()), pool=())
    s = play(s, "play:B3:3")
    assert G.is_terminal(s) and s.taken[0] == ("R10",) and s.hands[0] == ("R1",)
    assert sorted(s.discard) == ["B3", "R2", "R5"]
    for text in ("take:B3", "take:R2", "pass"):
        with pytest.raises(IllegalActionError):
            G.apply(s, 0, G.parse_action(text))
    m = Match(G, [Seat("A"), Seat("B")], seed=1)
    m.state = s
    with pytest.raises(IllegalActionError):
        m.play("take:R2", 0)
    assert m.state is s and m.is_over
