"""Potions Brew: the card table, and one scenario (or more) per rule clause.
Each test names its clause id (src/spieltisch/games/potions_brew/rules.md)."""

from collections import Counter
from dataclasses import replace

import pytest

from spieltisch.core import CHANCE, IllegalActionError, Match, Seat
from spieltisch.core.rng import Rng
from spieltisch.games.potions_brew.cards import CARD_TABLE
from spieltisch.games.potions_brew.rules import (
    BOTH,
    CARDS,
    GAME,
    ING,
    NEEDS,
    PASS,
    REC,
    STALL_CARDS,
    VALUE,
    Card,
    Give,
    Lay,
    Move,
    Order,
    Pick,
    PotState,
)

G = GAME


# ---- helpers -------------------------------------------------------------------

class Pool:
    """Hands out distinct card numbers by ingredient and/or recipe."""

    def __init__(self):
        self.used: set[int] = set()

    def get(self, ing=None, rec=None, needs=None) -> int:
        for c in CARDS:
            if c in self.used or (ing and ING[c] != ing) or (rec and REC[c] != rec):
                continue
            if needs and any(NEEDS[REC[c]].get(k, 0) < v for k, v in Counter(needs).items()):
                continue
            self.used.add(c)
            return c
        raise LookupError((ing, rec, needs))


def table(n=2, hands=None, stacks=None, recipes=None, turn=0, turns=10, discard=None,
          pool=None, step="act") -> tuple[PotState, Pool]:
    """A position built by hand: ``hands`` lists of ingredient letters or card
    numbers; ``recipes`` six card numbers; the unused cards form the draw pile."""
    pool = pool or Pool()

    def card(x):
        return x if isinstance(x, int) else pool.get(x)

    recipes = list(recipes or [])
    hands = [tuple(sorted(card(x) for x in h)) for h in (hands or [[] for _ in range(n)])]
    st = []
    for seat in range(n):
        row = []
        for slot in range(6):
            cards = (stacks or {}).get((seat, slot), ())
            row.append(tuple(card(x) for x in cards))
        st.append(tuple(row))
    while len(recipes) < 6:
        recipes.append(pool.get())
    discard = tuple(card(x) for x in (discard if discard is not None else ["O"]))
    top = pool.get()
    pile = tuple(c for c in CARDS if c not in pool.used)
    s = PotState(n=n, step=step, turn=turn, turns=turns, hands=tuple(hands), stacks=tuple(st),
                 recipes=tuple(recipes), top=top, pile=pile, discard=discard,
                 scores=(0,) * n, brewed=((),) * n)
    return s, pool


def play(s, text, seat=None):
    return G.apply(s, G.current_player(s) if seat is None else seat, G.parse_action(text))


def flip(s, card=None):
    """Resolve chance: the lowest card (or the given one) turns up; blind
    cards stay in draw order."""
    while G.current_player(s) == CHANCE:
        outs = [a for a, _ in G.chance_outcomes(s)]
        if isinstance(outs[0], Order):
            a = outs[0]
        else:
            a = Card(card) if card is not None and Card(card) in outs else outs[0]
        s = G.apply_unchecked(s, a)
    return s


def next_turn(s, **kw):
    """Seat ``s.turn`` passes; the next witch's gathering begins."""
    return flip(play(s, "pass"), **kw)


# ---- potions.cards -----------------------------------------------------------------

def test_cards_counts_and_balance():
    """potions.cards: 102 cards; 17 ingredient sides of each kind; recipe sizes
    24 x 2 (3 points), 30 x 3 (5), 30 x 4 (7), 18 x 5 (10); every ingredient 58
    times over all recipes; no recipe needs its own card's ingredient."""
    assert len(CARD_TABLE) == 102
    assert Counter(ing for ing, _ in CARD_TABLE) == dict.fromkeys("TMSDLO", 17)
    sizes = Counter(sum(NEEDS[r].values()) for _, r in CARD_TABLE)
    assert sizes == {2: 24, 3: 30, 4: 30, 5: 18}
    assert {sum(NEEDS[r].values()): VALUE[r] for _, r in CARD_TABLE} == {2: 3, 3: 5, 4: 7, 5: 10}
    per = Counter()
    for _, r in CARD_TABLE:
        per.update(NEEDS[r])
    assert per == dict.fromkeys("TMSDLO", 58)
    for ing, r in CARD_TABLE:
        assert ing not in NEEDS[r]
        kinds = len(NEEDS[r])
        size = sum(NEEDS[r].values())
        assert (size, kinds) in {(2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (5, 3)}
        assert all(v >= 1 for v in NEEDS[r].values())


def test_cards_recipe_side_never_tells_the_ingredient_side():
    """potions.cards / potions.hidden: each distinct recipe is printed on at
    least three cards, all with different ingredient sides."""
    by_recipe: dict[str, list[str]] = {}
    for ing, r in CARD_TABLE:
        by_recipe.setdefault(r, []).append(ing)
    for r, sides in by_recipe.items():
        assert len(sides) >= 3, r
        assert len(set(sides)) == len(sides), r


# ---- potions.setup / potions.start -------------------------------------------------

@pytest.mark.parametrize("n", [2, 4, 6])
def test_setup_deal(n):
    """potions.setup: 4 cards each, 6 recipes, one discard, the draw pile's top
    recipe public; potions.start: seat 1 begins with the basic draw."""
    m = Match(G, [Seat(f"P{i}") for i in range(n)], seed=3 + n)
    s = m.state
    assert all(len(h) == 4 for h in s.hands)
    assert all(r is not None for r in s.recipes) and len(s.discard) == 1
    # the first witch has drawn two cards (the top turned up twice)
    assert s.turn == 0 and s.step == "keep" and len(s.drawn) == 2
    assert len(s.pile) + 1 == 102 - 4 * n - 6 - 1 - 2
    assert G.view(s, 1)["top"] == REC[s.top]
    assert sum(1 for p, _ in m.log if p == CHANCE) == 4 * n + 8 + 2


def test_start_seat_one_begins_and_turns_go_clockwise():
    """potions.start: seat 1 begins; then turns go clockwise (seat 1, 2, 3,
    1 ...): each witch keeps a card and passes here, in round 1 (basic draw)."""
    m = Match(G, [Seat(f"P{i}") for i in range(3)], seed=21)
    order = []
    for _ in range(4):
        s = m.state
        order.append(s.turn)
        assert m.to_act == s.turn and s.step == "keep" and s.rule == ""
        m.play(f"keep:{s.drawn[0]}", s.turn)
        if m.state.step == "act":
            m.play("pass", s.turn)
        while m.state.step == "discard":  # not in round 1 with 4 + 1 cards, but safe
            m.play(m.legal_texts(s.turn)[0], s.turn)
    assert order == [0, 1, 2, 0]


def test_setup_deal_is_not_a_player_move():
    """potions.setup: seats cannot deal cards."""
    fresh = G.new_state(3)
    why = G.check(fresh, 0, Card(5))
    assert why.code == "not-a-move"


# ---- potions.hidden ------------------------------------------------------------------

def test_hidden_hands_show_recipe_sides_to_the_others():
    """potions.hidden: your hand's cards to you; only recipe sides to others."""
    m = Match(G, [Seat("A"), Seat("B"), Seat("C")], seed=11)
    s = m.state
    for viewer in range(3):
        v = G.view(s, viewer)
        assert v["hand"] == list(s.hands[viewer])
        for seat in range(3):
            assert v["hands"][seat] == sorted(REC[c] for c in s.hands[seat])
            if seat != viewer:
                text = repr(v["hands"][seat])
                assert all(str(c) not in text.split("'") for c in s.hands[seat])
    # the active witch sees her two drawn cards; the others see recipes only
    assert G.view(s, 0)["drawn"] == list(s.drawn)
    assert G.view(s, 1)["drawn"] == sorted(REC[c] for c in s.drawn)
    # a determinisation resamples what seat 1 cannot see
    changed = False
    v = G.view(s, 1)
    for k in range(10):
        d = G.determinize(v, 1, Rng(k))
        assert G.view(d, 1) == v
        changed |= d.hands[0] != s.hands[0]
    assert changed


def test_hidden_blind_cards_are_hidden_from_everyone():
    """potions.hidden / potions.blind: under Toadstool nobody sees the two cards."""
    s, _p = table(n=3, hands=[["T"], ["D"], ["D"]], stacks={(1, 0): ["T"]})
    s = next_turn(s)
    assert s.step == "blind" and s.picker == 2
    for viewer in range(3):
        v = G.view(s, viewer)
        assert v["drawn_seen"] is False
        assert v["drawn"] == sorted(REC[c] for c in s.drawn)


# ---- potions.draw / potions.turn -------------------------------------------------------

def test_draw_two_keep_one_discard_the_other():
    """potions.draw: keep one of the two drawn cards, the other is discarded."""
    s, _p = table(hands=[[], ["D"]], turns=0)
    s = next_turn(s)
    assert s.turn == 1 and s.step == "keep" and s.rule == ""
    a, b = s.drawn
    s2 = play(s, f"keep:{a}")
    assert a in s2.hands[1] and s2.discard[-1] == b and s2.step == "act"
    assert G.check(s, 0, G.parse_action(f"keep:{a}")).code == "not-your-turn"
    assert G.check(s, 1, PASS).code == "now-keep"


# ---- potions.lay ------------------------------------------------------------------------

def test_lay_only_what_the_recipe_still_needs():
    """potions.lay: lay a hand card toward a recipe that needs it, or pass."""
    p = Pool()
    r = p.get(needs="TT")
    t1, t2, t3 = p.get("T"), p.get("T"), p.get("T")
    need_t = NEEDS[REC[r]]["T"]
    stack = [p.get("T") for _ in range(need_t - 1)]
    s, _ = table(hands=[[t1, t2], []], recipes=[r], stacks={(0, 0): stack}, pool=p)
    assert G.check(s, 0, Lay(t1, 0)) is None
    s2 = G.apply(s, 0, Lay(t1, 0))
    assert s2.stacks[0][0][-1] == t1 or G.outcome(s2) or s2.scores[0] > 0
    full = replace(s, stacks=((tuple(stack) + (t3,),) + ((),) * 5, s.stacks[1]))
    if need_t == len(stack) + 1:
        assert G.check(full, 0, Lay(t1, 0)).code == "not-needed"
    wrong = p.get("L") if "L" not in NEEDS[REC[r]] else p.get("O")
    s3 = replace(s, hands=(tuple(sorted(s.hands[0] + (wrong,))), ()))
    if ING[wrong] not in NEEDS[REC[r]]:
        assert G.check(s3, 0, Lay(wrong, 0)).code == "not-needed"
    s4 = replace(s, recipes=(None,) + s.recipes[1:])
    assert G.check(s4, 0, Lay(t1, 0)).code == "no-recipe"
    assert PASS in G.legal_actions(s)


# ---- potions.handlimit -----------------------------------------------------------------

def test_hand_limit_eight_at_the_end_of_the_turn():
    """potions.handlimit: with 9 cards at the end of her turn she discards one
    of her choice, then the turn passes."""
    s, _p = table(hands=[["D"] * 3 + ["L"] * 3 + ["O"] * 3, []])
    s = play(s, "pass")
    assert s.step == "discard" and s.turn == 0
    assert G.check(s, 0, PASS).code == "now-discard"
    c = s.hands[0][4]
    s = flip(play(s, f"discard:{c}"))
    assert len(s.hands[0]) == 8 and s.discard[-1] == c and s.turn == 1


# ---- potions.round2 / potions.strength ---------------------------------------------------

def test_round2_changes_start_once_every_witch_had_a_turn():
    """potions.round2: a Toadstool on top does nothing in round 1."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["T"]}, turns=0)
    s = next_turn(s)
    assert s.turn == 1 and s.rule == "" and s.step == "keep"
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["T"]}, turns=2)
    s = next_turn(s)
    assert s.rule == "T" and s.step == "blind"


@pytest.mark.parametrize("tops,rule", [
    ("TM", "T"), ("MS", "M"), ("SD", "S"), ("D", "D"), ("DL", "D"), ("LO", ""), ("TMSD", "T"),
])
def test_strength_order(tops, rule):
    """potions.strength: Toadstool > Mistletoe > Snake poison > Mandrake;
    Spider leg and Moonstone are no gathering rule of their own."""
    stacks = {(1, i): [x] for i, x in enumerate(tops)}
    s, _p = table(n=3, hands=[[], [], []], stacks=stacks)
    s = next_turn(s)
    assert s.rule == rule


def test_strength_only_the_top_card_counts():
    """potions.round2: a Toadstool under another card is not visible."""
    s, _p = table(n=2, hands=[[], []], stacks={(1, 0): ["T", "D"]})
    s = next_turn(s)
    assert s.rule == "D"


# ---- the four gathering rules ---------------------------------------------------------

def test_toadstool_other_witch_blindly_keeps_one():
    """potions.toadstool: the picker keeps her card, the other goes to the active witch."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["T"]})
    s = next_turn(s)
    a, b = s.drawn
    s2 = play(s, "pick:2", seat=2)
    assert b in s2.hands[2] and a in s2.hands[1] and s2.step == "act" and s2.turn == 1


def test_mistletoe_other_witch_blindly_discards_one():
    """potions.mistletoe: the picked card goes on the discard pile."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["M"]})
    s = next_turn(s)
    assert s.rule == "M" and s.picker == 2
    a, b = s.drawn
    s2 = play(s, "pick:1", seat=2)
    assert s2.discard[-1] == a and b in s2.hands[1] and a not in s2.hands[2]


def test_snake_poison_one_from_each_pile():
    """potions.snake: one card from the draw pile, one from the discard pile;
    the picked one is discarded."""
    s, _p = table(n=2, hands=[[], []], stacks={(1, 0): ["S"]}, discard=["O", "L"])
    disc_top = s.discard[-1]
    top = s.top
    s = next_turn(s)
    assert s.rule == "S" and set(s.drawn) == {top, disc_top}
    s2 = play(s, "pick:1", seat=0)
    assert s2.discard[-1] == s.drawn[0] and s.drawn[1] in s2.hands[1]


def test_mandrake_look_keep_one_give_the_other():
    """potions.mandrake: she keeps one and gives the other to a witch of her choice."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["D"]})
    s = next_turn(s)
    assert s.step == "give" and G.view(s, 1)["drawn_seen"] is True
    a, b = s.drawn
    s2 = play(s, f"give:{a}:1")
    assert a in s2.hands[0] and b in s2.hands[1]
    assert G.check(s, 1, Give(a, 1)).code == "give-self"


# ---- potions.blind ---------------------------------------------------------------------

def test_blind_pick_is_the_pickers_own_move():
    """potions.blind: the cards are mixed by chance; the next witch to the left
    picks card 1 or 2 herself; nobody else may."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["M"]})
    s = play(s, "pass")
    while G.current_player(s) == CHANCE and G.chance_outcomes(s)[0][0] != Order(False):
        s = G.apply_unchecked(s, G.chance_outcomes(s)[0][0])
    outs = [a for a, _ in G.chance_outcomes(s)]
    assert outs == [Order(False), Order(True)]
    swapped = G.apply_unchecked(s, Order(True))
    assert swapped.drawn == s.drawn[::-1]
    assert G.current_player(swapped) == 2
    assert G.legal_actions(swapped) == [Pick(1), Pick(2)]
    assert G.check(swapped, 1, Pick(1)).code == "not-your-pick"


# ---- potions.spider / potions.spider_all --------------------------------------------------

def test_spider_leg_witch_cannot_be_made_to_keep():
    """potions.spider: under Toadstool the next witch without a Spider leg picks;
    under Mandrake a Spider-leg witch cannot be chosen."""
    s, _p = table(n=4, hands=[[], [], [], []], stacks={(1, 0): ["T"], (2, 0): ["L"]})
    s = next_turn(s)
    assert s.picker == 3
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["D"], (2, 0): ["L"]})
    s = next_turn(s)
    a = s.drawn[0]
    assert Give(a, 2) not in G.legal_actions(s)
    assert G.check(s, 1, Give(a, 2)).code == "spider-protects"
    assert Give(a, 0) in G.legal_actions(s)


def test_spider_leg_no_protection_when_the_card_is_set_down():
    """potions.spider: Mistletoe's card is discarded, so a Spider-leg witch may pick."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["M"], (2, 0): ["L"]})
    s = next_turn(s)
    assert s.picker == 2


def test_spider_all_take_both():
    """potions.spider_all: every other witch shows a Spider leg: take both."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["T"], (0, 0): ["L"], (2, 0): ["L"]})
    s = next_turn(s)
    assert s.step == "both" and G.legal_actions(s) == [BOTH]
    drawn = s.drawn
    s2 = play(s, "both")
    assert set(drawn) <= set(s2.hands[1])


# ---- potions.moonstone -------------------------------------------------------------------

def test_moonstone_swap_with_discard_top():
    """potions.moonstone: a witch with a visible Moonstone may swap the card she
    receives with the discard pile's top; it is her own move."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["T"], (2, 0): ["O"]})
    s = next_turn(s)
    a, _b = s.drawn
    s = play(s, "pick:1", seat=2)
    assert s.step == "moon" and G.current_player(s) == 2 and s.moon[0] == (2, a)
    old_top = s.discard[-1]
    s2 = play(s, "moon:yes", seat=2)
    assert old_top in s2.hands[2] and a not in s2.hands[2] and s2.discard[-1] == a
    assert play(s, "moon:no", seat=2).hands[2] == s.hands[2]
    assert G.check(s, 1, G.parse_action("moon:yes")).code == "not-your-moon"


def test_moonstone_not_with_a_spider_leg():
    """potions.moonstone: unless a Spider leg is visible (same witch)."""
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["T"], (2, 0): ["O"], (2, 1): ["L"]})
    s = next_turn(s)
    assert s.picker == 0  # seat 3 has a Spider leg: seat 1 picks
    s2 = play(s, "pick:1", seat=0)
    assert s2.step == "act"


def test_moonstone_active_witch_own_draw():
    """potions.moonstone: the active witch's own drawn card may be swapped too."""
    s, _p = table(n=2, hands=[[], []], stacks={(1, 0): ["O"]})
    s = next_turn(s)
    assert s.step == "keep"
    s = play(s, f"keep:{s.drawn[0]}")
    assert s.step == "moon" and G.current_player(s) == 1


def test_moonstone_not_for_a_card_set_down():
    """potions.moonstone (decision, rules.md): under Mistletoe and Snake poison
    the picker only sets the card down on the discard pile; she neither draws
    nor receives it, so even with a visible Moonstone she has no swap; the
    active witch (who does receive hers) is asked when she shows one."""
    for rule, stacks in (("M", {(1, 0): ["M"], (2, 0): ["O"]}),
                         ("S", {(1, 0): ["S"], (2, 0): ["O"]})):
        s, _p = table(n=3, hands=[[], [], []], stacks=stacks, discard=["O", "L"])
        s = next_turn(s)
        assert s.rule == rule and s.picker == 2
        s2 = play(s, "pick:1", seat=2)
        assert s2.step == "act" and s2.moon == () and G.current_player(s2) == 1, rule
    s, _p = table(n=3, hands=[[], [], []], stacks={(1, 0): ["M"], (1, 1): ["O"], (2, 0): ["O"]})
    s = next_turn(s)
    s2 = play(s, "pick:1", seat=2)
    assert s2.step == "moon" and [seat for seat, _c in s2.moon] == [1]


# ---- potions.rearrange / potions.cap -----------------------------------------------------

def test_rearrange_needs_three_laid_and_goes_on_top():
    """potions.rearrange: with 3 laid out, move one to another recipe, on top."""
    p = Pool()
    r0 = p.get(needs="D")
    r1 = p.get(needs="D")
    d = p.get("D")
    s, _ = table(hands=[[], []], recipes=[r0, r1], stacks={(0, 0): [d]}, pool=p)
    assert G.check(s, 0, Move(d, 1)).code == "too-few-laid"
    # three laid: one D in slot 1, two fitting cards elsewhere
    kinds = [k for k in NEEDS[REC[s.recipes[2]]]]
    more = [p.get(kinds[0])]
    kinds3 = [k for k in NEEDS[REC[s.recipes[3]]]]
    more3 = [p.get(kinds3[0])]
    st = list(s.stacks[0])
    st[2] = tuple(more)
    st[3] = tuple(more3)
    s = replace(s, stacks=(tuple(st), s.stacks[1]))
    assert G.check(s, 0, Move(d, 0)).code == "same-recipe"
    s2 = G.apply(s, 0, Move(d, 1))
    assert s2.stacks[0][1][-1] == d or s2.scores[0] > 0
    assert d not in s2.stacks[0][0]


def test_cap_five_recipes():
    """potions.cap: at most 5 recipes at once."""
    p = Pool()
    recipes = [p.get() for _ in range(6)]
    stacks = {}
    for slot in range(5):
        k = min(NEEDS[REC[recipes[slot]]])
        stacks[(0, slot)] = [p.get(k)]
    k6 = min(NEEDS[REC[recipes[5]]])
    c = p.get(k6)
    s, _ = table(hands=[[c], []], recipes=recipes, stacks=stacks, pool=p)
    assert G.check(s, 0, Lay(c, 5)).code == "five-recipes"
    assert Lay(c, 5) not in G.legal_actions(s)


# ---- potions.brew / potions.stacks --------------------------------------------------------

def _nearly(p, recipe_needs="DD"):
    r = p.get(needs=recipe_needs)
    need = NEEDS[REC[r]]
    cards = [p.get(k) for k, v in sorted(need.items()) for _ in range(v)]
    return r, cards


def test_brew_points_discard_and_new_recipe():
    """potions.brew: the exact ingredients brew the potion: ingredients to the
    discard pile, the recipe card and its points to the witch, the draw
    pile's top card is the new recipe."""
    p = Pool()
    r, cards = _nearly(p)
    last = cards[-1]
    s, _ = table(hands=[[last], []], recipes=[r], stacks={(0, 0): cards[:-1]}, pool=p)
    top = s.top
    s2 = flip(G.apply(s, 0, Lay(last, 0)))
    assert s2.scores[0] == VALUE[REC[r]] and s2.brewed[0] == (r,)
    assert s2.recipes[0] == top and s2.stacks[0][0] == ()
    assert set(cards) <= set(s2.discard)


def test_stacks_of_others_go_back_to_hand():
    """potions.stacks: another witch's stack for the brewed recipe returns to her hand."""
    p = Pool()
    r, cards = _nearly(p)
    other = p.get(ING[cards[0]])
    s, _ = table(hands=[[cards[-1]], []], recipes=[r], stacks={(0, 0): cards[:-1], (1, 0): [other]},
                 pool=p)
    s2 = flip(G.apply(s, 0, Lay(cards[-1], 0)))
    assert other in s2.hands[1] and s2.stacks[1][0] == ()


# ---- potions.reshuffle / potions.cards_out / potions.win -----------------------------------

def test_reshuffle_discard_except_top():
    """potions.reshuffle: an empty draw pile is rebuilt from the discard pile
    without its top card."""
    s, _p = table(hands=[[], []], discard=["O", "L", "D", "M"], turns=0)
    s = replace(s, pile=(), top=None)
    keep_top = s.discard[-1]
    s2 = play(s, "pass")
    assert G.current_player(s2) == CHANCE and s2.reshuffles == 1
    assert s2.discard == (keep_top,) and len(s2.pile) == 3


def test_cards_out_ends_the_game_highest_wins():
    """potions.cards_out: no card to draw and nothing to reshuffle: most points win."""
    s, _p = table(hands=[[], []], discard=["O"], turns=0)
    s = replace(s, pile=(), top=None, scores=(12, 20))
    s2 = play(s, "pass")
    out = G.outcome(s2)
    assert out.reason == "potions_brew.end.cards" and out.winners == (1,)
    s3 = replace(s, discard=s.discard * 1, reshuffles=2)
    assert G.outcome(play(s3, "pass")).reason == "potions_brew.end.cards"


def test_reshuffle_every_time_the_pile_runs_out():
    """potions.reshuffle (rules 2): the discard pile is shuffled in every time
    the draw pile runs out, not only twice; under the option short (rules 1)
    a third time the cards are out."""
    s, _p = table(hands=[[], []], discard=["O", "L", "D", "M"], turns=0)
    s = replace(s, pile=(), top=None, reshuffles=7)
    s2 = play(s, "pass")
    assert G.current_player(s2) == CHANCE and s2.reshuffles == 8 and len(s2.pile) == 3
    old = replace(s, reshuffles=2, short=True)
    assert G.outcome(play(old, "pass")).reason == "potions_brew.end.cards"
    assert replace(old, reshuffles=1).short and play(replace(old, reshuffles=1), "pass").reshuffles == 2


def test_stall_a_whole_pass_without_a_potion_ends_the_game():
    """potions.stall: when 102 cards have been drawn from the draw pile since
    the last potion (a whole pass through it) the game ends at the end of that
    turn; the most points win. A potion brewed starts the count again; the
    option short has no stall rule."""
    assert STALL_CARDS == len(CARDS) == 102
    s, _p = table(hands=[[], []], turns=0)
    s = replace(s, scores=(9, 14), stall=STALL_CARDS - 1)
    s = play(s, "pass")  # seat 1 gathers: two cards drawn, the count passes 102
    s = flip(s)
    assert G.current_player(s) == 1 and s.stall == STALL_CARDS + 1
    s2 = play(s, "keep:" + str(s.drawn[0]))
    s2 = play(s2, "pass")
    out = G.outcome(s2)
    assert out is not None and out.reason == "potions_brew.end.stall" and out.winners == (1,)
    short = replace(s, short=True)
    assert G.outcome(play(play(short, "keep:" + str(s.drawn[0])), "pass")) is None
    # a potion brewed sets the count back to 0
    p = Pool()
    r, cards = _nearly(p)
    s, _ = table(hands=[[cards[-1]], []], recipes=[r], stacks={(0, 0): cards[:-1]}, pool=p)
    s = replace(s, stall=STALL_CARDS - 1)
    s3 = flip(G.apply(s, 0, Lay(cards[-1], 0)))
    assert s3.brewed[0] == (r,) and G.outcome(s3) is None and s3.stall <= 2
    assert G.view(s3, 1)["stall"] == s3.stall  # the count is public (the board shows it)


def test_stall_rules_version_tells_old_saves_apart():
    """potions.stall / potions.reshuffle: a new match plays rules 2 (short
    off) with any options; a save of rules 1 replays with short on; the
    option short keeps the old bound for whoever asks; the hash names
    neither, so old saves and links keep theirs."""
    from spieltisch.core.saves import read_save

    assert G.info.rules_version == 2 and G.info.old_rules == (1,)
    m = Match(G, [Seat("A"), Seat("B")], None, 3)
    assert m.options == {"short": False} and not m.state.short
    save = m.to_save()
    assert save["rules_version"] == 2
    games = {"potions_brew": G}
    assert read_save(dict(save, options={}), games).options == {"short": False}
    assert read_save(dict(save, rules_version=1, options={}), games).options == {"short": True}
    assert Match(G, [Seat("A"), Seat("B")], {"short": True}, 3).state.short
    assert G.state_hash(m.state) == G.state_hash(replace(m.state, short=True, stall=40))


def test_win_at_45_points():
    """potions.win: reaching 45 ends the game at once."""
    p = Pool()
    r, cards = _nearly(p)
    s, _ = table(hands=[[cards[-1]], []], recipes=[r], stacks={(0, 0): cards[:-1]}, pool=p)
    s = replace(s, scores=(45 - VALUE[REC[r]], 40))
    s2 = G.apply(s, 0, Lay(cards[-1], 0))
    out = G.outcome(s2)
    assert out.reason == "potions_brew.end.win" and out.winners == (0,)
    assert G.legal_actions(s2) == []
    with pytest.raises(IllegalActionError):
        G.apply(s2, 1, PASS)


def test_turn_bad_text_is_refused():
    """potions.turn: garbage text is refused with a reason."""
    for junk in ("lay:0:1", "lay:5:7", "keep:103", "pick:3", "give:5:0", "moon:maybe"):
        with pytest.raises(IllegalActionError) as err:
            G.parse_action(junk)
        assert err.value.illegal.rule == "potions.turn"
