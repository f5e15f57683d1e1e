"""Saus und Braus: one scenario per rule clause. Each test names its clause
(ids as in src/spieltisch/games/saus_und_braus/rules.md and the in-game rules panel)."""

from collections import Counter
from dataclasses import replace

import pytest

from spieltisch.core import CHANCE, IllegalActionError, Match, Seat
from spieltisch.core.contract import check_game
from spieltisch.core.rng import Rng
from spieltisch.games.saus_und_braus.rules import (
    AT_HOLE,
    BOOKS,
    CORNERS,
    FIELDS,
    GAME,
    KINDS,
    SLOTS,
    TOKENS,
    SausState,
    known_books,
)

G = GAME
# books laid out by hand: slot i holds BOOK_ROW[i]
BOOK_ROW = ("toadstool", "batwing", "frog", "spider", "eye", "feather", "salamander", "snake") * 2


def fields(**stacks):
    """Every field empty except those given (field=(bottom, ..., top))."""
    return tuple(tuple(stacks.get(f, ())) for f in FIELDS)


def state(stacks=None, at="Z", phase="spin", turn=0, n=2, books=BOOK_ROW, **kw) -> SausState:
    return SausState(n=n, phase=phase, turn=turn, at=at,
                     stacks=stacks if stacks is not None else fields(),
                     books=tuple(books), cauldrons=((),) * n, **kw)


def play(s, text, seat=None):
    return G.apply(s, s.turn if seat is None else seat, G.parse_action(text))


def chance(s, text):
    assert G.current_player(s) == CHANCE
    a = G.parse_action(text)
    assert a in [o for o, _ in G.chance_outcomes(s)], text
    return G.apply(s, CHANCE, a)


def refused(s, text, rule, seat=None):
    why = G.check(s, s.turn if seat is None else seat, G.parse_action(text))
    assert why is not None and why.rule == rule, why
    with pytest.raises(IllegalActionError):
        play(s, text, seat)
    return why


def texts(acts):
    return sorted(str(a) for a in acts)


# ---- saus.pieces / saus.board ---------------------------------------------------------

def test_pieces_26_tokens_and_16_books():
    """saus.pieces: 6 normal kinds x3 + salamander x4 + snake x4; two books of each kind."""
    assert sum(TOKENS.values()) == 26 and TOKENS["salamander"] == TOKENS["snake"] == 4
    assert all(TOKENS[k] == 3 for k in KINDS[:6])
    assert sum(BOOKS.values()) == SLOTS == 16 and set(BOOKS.values()) == {2}


def test_board_ten_holes_thirteen_paths_three_sectors_each():
    """saus.board: 10 holes, 13 fields, exits at the four corners, 3 ways out of every hole."""
    assert len(AT_HOLE) == 10 and len(FIELDS) == 13
    assert all(len(v) == 3 for v in AT_HOLE.values())
    assert sorted(h for h, ps in AT_HOLE.items() if any(p.startswith("out") for p in ps)) == sorted(CORNERS)


# ---- saus.setup -----------------------------------------------------------------------

def test_setup_two_different_per_field_and_shuffled_books():
    """saus.setup: Winnie at Z, 13 stacks of two different kinds (all 26 tokens),
    16 books dealt unseen; chance acts first."""
    m = Match(G, [Seat("A"), Seat("B")], seed=5)
    s = m.state
    assert s.phase == "spin" and s.at == "Z"
    assert all(len(st) == 2 and st[0] != st[1] for st in s.stacks)
    assert Counter(k for st in s.stacks for k in st) == TOKENS
    assert Counter(s.books) == BOOKS
    v = G.view(s, 0)
    assert v["open"] == {} and "books" not in v


def test_setup_never_leaves_a_field_without_two_kinds():
    """saus.setup: the draw keeps the rest layable (e.g. no four snakes left for two fields)."""
    s = G.new_state(2)
    for seed in range(30):
        rng = Rng(seed)
        t = s
        while t.phase == "stacks":
            outs = G.chance_outcomes(t)
            assert outs
            t = G.apply_unchecked(t, outs[rng.weighted_index([w for _, w in outs])][0])
        assert all(st[0] != st[1] for st in t.stacks)


# ---- saus.spin / saus.stop ------------------------------------------------------------

def test_spin_is_a_chance_outcome_among_three_sectors():
    """saus.spin: spin, then chance picks one of the hole's three paths, each weight 1."""
    s = play(state(fields(BZ=("frog",))), "spin")
    assert G.current_player(s) == CHANCE
    assert sorted((str(a), w) for a, w in G.chance_outcomes(s)) == [
        ("broom:BZ", 1), ("broom:DZ", 1), ("broom:ZE", 1)]


def test_stop_over_a_stack():
    """saus.stop: the spun path's field holds a stack -> Winnie stops at the next hole."""
    s = chance(play(state(fields(BZ=("eye", "frog"))), "spin"), "broom:BZ")
    assert s.phase == "guess" and s.at == "B" and s.field == "BZ"
    assert G.view(s, 1)["top"] == "frog" and G.view(s, 1)["need"] == 1


# ---- saus.choose / saus.twice -----------------------------------------------------------

def test_choose_next_path_when_the_field_is_empty():
    """saus.choose: an empty path -> the player chooses among the new hole's unused paths."""
    s = chance(play(state(fields(AB=("frog",))), "spin"), "broom:BZ")
    assert s.phase == "fly" and s.at == "B"
    assert texts(G.legal_actions(s)) == ["fly:AB", "fly:BC"]  # BZ was just flown
    s2 = play(s, "fly:AB")
    assert s2.phase == "guess" and s2.at == "A" and s2.field == "AB"


def test_never_the_same_path_twice():
    """saus.twice: a path flown this turn is refused with its rule."""
    s = chance(play(state(fields(GH=("frog",))), "spin"), "broom:BZ")
    s = play(s, "fly:BC")  # C: paths BC (used), CE, outC
    assert s.phase == "fly" and s.at == "C"
    refused(s, "fly:BC", "saus.twice")
    assert "fly:BC" not in texts(G.legal_actions(s))


# ---- saus.reenter -----------------------------------------------------------------------

def test_reenter_from_a_corner_of_the_players_choice():
    """saus.reenter: off the board at C -> choose another corner, fly on from there."""
    s = state(fields(GI=("snake",)), at="B", phase="fly", used=("BZ",))
    s = play(s, "fly:BC")
    s = play(s, "fly:outC")
    assert s.phase == "reenter"
    assert texts(G.legal_actions(s)) == ["enter:A", "enter:H", "enter:I"]
    refused(s, "enter:C", "saus.reenter")
    s = play(s, "enter:I")
    assert s.at == "I" and s.phase == "fly" and "outI" in s.used
    assert texts(G.legal_actions(s)) == ["fly:FI", "fly:GI"]  # outI was used coming in
    s = play(s, "fly:GI")
    assert s.phase == "guess" and s.field == "GI" and G.view(s, 0)["need"] == 2


def test_reenter_spin_off_the_board():
    """saus.reenter: the broom itself may point off the board at a corner hole."""
    s = chance(play(state(fields(AB=("eye",)), at="A"), "spin"), "broom:outA")
    assert s.phase == "reenter" and texts(G.legal_actions(s)) == ["enter:C", "enter:H", "enter:I"]


# ---- saus.no_path -----------------------------------------------------------------------

def test_no_path_left_ends_the_turn():
    """saus.no_path: Winnie's hole has no unused path -> the turn ends, nothing flown over."""
    # Winnie at G having used FG and GH; she flies GI to I, whose FI is used
    # too and whose way off needs a free corner: A, C and H are all used.
    s = state(fields(), at="G", phase="fly", used=("FG", "GH", "FI", "outA", "outC", "outH"))
    assert texts(G.legal_actions(s)) == ["fly:GI"]
    s2 = play(s, "fly:GI")
    assert s2.phase == "spin" and s2.turn == 1 and s2.at == "I" and s2.used == ()
    assert G.describe(s, 0, G.parse_action("fly:GI"), 1)[0] == "saus_und_braus.log.no_path"


def test_no_path_an_exit_without_a_free_corner_is_not_offered():
    """saus.no_path / decision 1: no corner to come back in at -> the way off is not a path."""
    s = state(fields(), at="A", phase="fly", used=("outC", "outH", "outI", "AB"))
    assert texts(G.legal_actions(s)) == ["fly:AD"]
    refused(s, "fly:outA", "saus.reenter")


# ---- saus.book / saus.right / saus.wrong ---------------------------------------------------

def _guess(top, field="BZ", **kw):
    st = fields(**{field: ("eye", top) if top != "eye" else ("frog", top)})
    return state(st, at=field[1] if field[0] == "B" else field[0], phase="guess", field=field, **kw)


def test_book_one_book_for_a_normal_ingredient():
    """saus.book: one book, exactly; two are refused."""
    s = _guess("frog")
    assert len(G.legal_actions(s)) == 16 and all(len(a.slots) == 1 for a in G.legal_actions(s))
    refused(s, "open:1+3", "saus.book")


def test_right_book_takes_the_top_token():
    """saus.right: the right book -> the top token into the cauldron; duplicates count."""
    s = _guess("frog")
    s = replace(s, cauldrons=(("frog",), ()))
    s2 = play(s, "open:3")  # slot 3 (index 2) holds a frog
    assert s2.cauldrons[0] == ("frog", "frog") and s2.stacks[FIELDS.index("BZ")] == ("eye",)
    assert s2.phase == "close" and G.view(s2, 1)["open"] == {"2": "frog"}
    assert G.describe(s, 0, G.parse_action("open:3"), 1)[0] == "saus_und_braus.log.right_one"


def test_wrong_book_moves_the_token_to_a_stack_of_choice():
    """saus.wrong: a wrong book -> choose another field with room; the token goes on top."""
    s = _guess("frog")
    s2 = play(s, "open:1")
    assert s2.phase == "move" and s2.cauldrons == ((), ())
    assert "move:BZ" not in texts(G.legal_actions(s2))
    refused(s2, "move:BZ", "saus.wrong")
    s3 = play(s2, "move:AB")
    assert s3.stacks[FIELDS.index("AB")] == ("frog",) and s3.stacks[FIELDS.index("BZ")] == ("eye",)
    assert s3.phase == "close"
    key, params = G.describe(s, 0, G.parse_action("open:1"), 1)
    assert key == "saus_und_braus.log.wrong_one" and set(params) == {"seat"}


def test_stack_max_three():
    """saus.stack_max: a full stack (3) is not a place for the flying token."""
    st = fields(BZ=("eye", "frog"), AB=("eye", "snake", "spider"))
    s = state(st, at="B", phase="guess", field="BZ")
    s = play(s, "open:1")
    assert "move:AB" not in texts(G.legal_actions(s))
    refused(s, "move:AB", "saus.stack_max")


# ---- saus.two_books / saus.swap -----------------------------------------------------------

def test_two_books_for_salamander_and_snake():
    """saus.two_books: two books at once, both right -> take it."""
    s = _guess("snake")
    acts = G.legal_actions(s)
    assert len(acts) == 120 and all(len(a.slots) == 2 for a in acts)
    refused(s, "open:8", "saus.two_books")
    s2 = play(s, "open:8+16")  # slots 8 and 16 hold the snakes
    assert s2.cauldrons[0] == ("snake",) and s2.phase == "close"
    s3 = play(s2, "close")
    assert s3.books == BOOK_ROW  # right: no swap


def test_swap_two_wrong_books_change_places_on_closing():
    """saus.swap: one of two books wrong -> the token flies away and the two books swap."""
    s = _guess("salamander")
    s2 = play(s, "open:7+8")  # salamander and snake: wrong
    assert s2.phase == "move"
    s3 = play(s2, "move:GI")
    s4 = play(s3, "close")
    assert s4.books[6] == "snake" and s4.books[7] == "salamander"
    assert s4.record[-1] == ("swap", 0, 6, 7)
    assert known_books(s4.record) == {6: "snake", 7: "salamander"}
    assert G.describe(s3, 0, G.parse_action("close"), 1)[0] == "saus_und_braus.log.close_swap"


# ---- saus.close / saus.turn ---------------------------------------------------------------

def test_close_books_ends_the_turn():
    """saus.close: closing hides the books again and passes the turn."""
    s = play(play(_guess("frog"), "open:1"), "move:AB")
    assert G.view(s, 1)["open"] == {"0": "toadstool"}
    s2 = play(s, "close")
    assert s2.phase == "spin" and s2.turn == 1 and G.view(s2, 0)["open"] == {} and s2.turns == 1


def test_turn_only_the_player_acts():
    """saus.turn: another seat is refused; steps out of order are refused."""
    s = state(fields(BZ=("frog",)))
    refused(s, "spin", "saus.turn", seat=1)
    refused(s, "close", "saus.spin")
    refused(s, "open:1", "saus.spin")


# ---- saus.win / saus.dry / saus.limit -------------------------------------------------------

def test_win_five_ingredients_at_once():
    """saus.win: the fifth ingredient wins at once."""
    s = replace(_guess("frog"), cauldrons=(("eye",) * 4, ("frog",) * 4))
    s2 = play(s, "open:3")
    assert G.current_player(s2) is None and G.outcome(s2).winners == (0,)
    assert G.outcome(s2).reason == "saus_und_braus.end.five"


def test_dry_fields_end_most_tokens_last_collector_breaks_ties():
    """saus.dry: the last token leaves the board -> most tokens, tie to who collected last."""
    st = fields(BZ=("frog",))
    s = state(st, at="B", phase="guess", field="BZ", turn=1, n=3)
    s = replace(s, cauldrons=(("eye", "eye"), ("eye",), ("eye",)), last_taker=0)
    s2 = play(s, "open:3", seat=1)
    out = G.outcome(s2)
    assert out.reason == "saus_und_braus.end.dry" and out.scores == (2, 2, 1) and out.winners == (1,)


def test_limit_tie_goes_to_the_tied_leader_who_collected_last():
    """saus.limit / saus.dry: of the tied leaders the one who collected last
    wins, even when the last collector overall is not among them. 3 players,
    scores [1, 2, 2]: seat 2 collected after seat 1, seat 0 collected last."""
    s = state(fields(BZ=("frog",)), at="B", phase="close", n=3, turns=89, turn=2)
    s = replace(s, cauldrons=(("eye",), ("eye", "frog"), ("eye", "frog")),
                last_taker=0, took=(88, 80, 84))
    s2 = play(s, "close", seat=2)
    out = G.outcome(s2)
    assert out.reason == "saus_und_braus.end.limit" and out.scores == (1, 2, 2)
    assert out.winners == (2,)
    # the same through play: the collections themselves set the order
    s = state(fields(BZ=("frog",), CY=("eye",), DX=("bat",)), at="B", phase="guess", field="BZ",
              n=3, turn=1, turns=1)
    s = replace(s, cauldrons=((), ("eye",), ("eye", "frog")), took=(-1, -1, 0))
    s = play(s, "open:3", seat=1)  # seat 1 is right: frog, 2 tokens, took at turn 1
    assert s.took == (-1, 1, 0) and s.last_taker == 1
    # no one tied has collected (0 each at the limit): shared
    s = state(fields(BZ=("frog",)), at="B", phase="close", n=2, turns=59, turn=1)
    assert G.outcome(play(s, "close")).winners == (0, 1)


def test_tie_hash_leaves_took_out():
    """saus.dry: the order of collections (took) follows from the moves; a
    position's hash does not name it, so saves made before it keep theirs."""
    s = state(fields(BZ=("frog",)))
    assert G.state_hash(s) == G.state_hash(replace(s, took=(3, -1)))
    assert G.state_from_json(G.state_to_json(replace(s, took=(3, -1)))).took == (3, -1)


def test_limit_ends_a_game_that_runs_too_long():
    """saus.limit: after 30 rounds the game is scored like the dry end."""
    s = state(fields(BZ=("frog",)), at="B", phase="close", n=2, turns=59, turn=1)
    s = replace(s, cauldrons=(("eye",), ()), last_taker=0)
    s2 = play(s, "close")
    assert G.outcome(s2).reason == "saus_und_braus.end.limit" and G.outcome(s2).winners == (0,)


# ---- saus.memory / saus.bots --------------------------------------------------------------------

def test_memory_view_shows_a_book_only_while_open():
    """saus.memory: views hold no closed book; the record names what was shown openly."""
    s = play(_guess("frog"), "open:5")
    for seat in (0, 1, None):
        v = G.view(s, seat)
        assert v["open"] == {"4": "eye"} and v["record"] == [["open", 0, 4, "eye"]]
    s2 = play(play(s, "move:AB"), "close")
    v = G.view(s2, 1)
    assert v["open"] == {} and v["opened"] == [] and "books" not in v
    det = G.determinize(v, 1, Rng(3))
    assert det.books[4] == "eye" and Counter(det.books) == BOOKS


def test_bots_recall_thins_the_record_by_level():
    """saus.bots: perfect keeps everything, weaker levels forget more, the open book stays in sight."""
    s = state(fields(BZ=("frog",)), turns=30, turn=0)
    record = tuple(("open", t, t % 16, BOOK_ROW[t % 16]) for t in range(30))
    v = G.view(replace(s, record=record), 0)
    kept = {lv: len(G.recall(v, lv, 0)["record"]) for lv in ("easy", "normal", "hard", "perfect")}
    assert kept["perfect"] == 30
    assert kept["easy"] < kept["normal"] < kept["hard"] <= 30
    again = G.recall(v, "easy", 0)["record"]
    assert G.recall(v, "easy", 0)["record"] == again  # the same memory every decision


# ---- the contract, here at all counts (the registry runs it once registered) ---------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_contract(players):
    stats = check_game(G, players, seeds=range(3))
    assert stats["games"] == 3 and stats["hidden_resampled"] > 0


def test_bots_a_bot_opens_the_book_it_remembers():
    """saus.bots: a remembered right book is opened; a forgotten one is a guess."""
    from spieltisch.ai import make_bot

    s = replace(_guess("frog"), record=(("open", 0, 2, "frog"), ("open", 0, 5, "feather")), turns=1)
    view = G.view(s, 0)
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level, 9, iterations=20)
        bot.memory = "perfect"
        assert bot.choose(G, view, 0) == "open:3", level
    blank = G.view(replace(s, record=()), 0)
    picks = {make_bot("easy", k).choose(G, blank, 0) for k in range(12)}
    assert len(picks) > 3  # nothing remembered: a guess among the books


def test_bots_swaps_carry_memories_along():
    """saus.bots / saus.swap: after a swap the bot looks for the picture where it went."""
    from spieltisch.ai import make_bot

    rec = (("open", 0, 2, "frog"), ("open", 0, 9, "snake"), ("swap", 0, 2, 9))
    s = replace(_guess("frog"), record=rec, turns=1, books=BOOK_ROW[:2] + ("snake",) + BOOK_ROW[3:9]
                + ("frog",) + BOOK_ROW[10:])
    bot = make_bot("easy", 1)
    bot.memory = "perfect"
    assert bot.choose(G, G.view(s, 0), 0) == "open:10"
