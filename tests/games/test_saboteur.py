"""Saboteur + the dwarf promo: one scenario (at least) per rule clause. Each
test names its clause (ids as in src/spieltisch/games/saboteur/rules.md and the rules panel).

Positions are built by hand with ``table``: the goals lie as ``goals`` says
(index 0, 1, 2 at (8,-2), (8,0), (8,2)); the maze is a list of
(x, y, card, turned) with x to the east and y to the south.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core import CHANCE, IllegalActionError, Match, Seat
from spieltisch.core.contract import check_game, random_match
from spieltisch.core.rng import Rng
from spieltisch.games.saboteur.cards import (
    ACTION_COUNTS,
    DEAD_END,
    DECK,
    GOAL_CELLS,
    HAND_SIZE,
    TUNNEL_COUNTS,
    TUNNEL_MASK,
    E,
    N,
    S,
    W,
    card_mask,
    nugget_set,
)
from spieltisch.games.saboteur.maze import analyse
from spieltisch.games.saboteur.rounds import start_round
from spieltisch.games.saboteur.rules import (
    GAME,
    RoleCard,
    SabState,
    replace,
)

G = GAME
ROW = [(x, 0, "EW", 0) for x in range(1, 7)]  # a straight tunnel from the start to (6,0)


def table(n=4, hands=None, maze=(), goals=("SNE", "GOLD", "SNW"), roles=None, pile=None,
          to_move=0, promo=True, variant="classic", change=True, **kw) -> SabState:
    """A play-phase position built by hand (cards need not add up to the deck)."""
    s = G.new_state(n, {"dwarfs": promo, "variant": variant, "dwarf_change": change})
    hands = hands if hands is not None else [["NS"]] * n
    roles = roles or ("S",) + ("D",) * (n - 1)
    return replace(
        s, phase="play", goals=tuple(goals), roles=tuple(roles), role_pool=(0, 1),
        hands=tuple(tuple(sorted(h)) for h in hands),
        pile=tuple(sorted(pile if pile is not None else ["MAP"] * 10)),
        maze=tuple(sorted(maze)), to_move=to_move, **kw)


def full_pile(s: SabState) -> SabState:
    """The same position with every card not elsewhere in the draw pile, so
    that the cards add up to the deck (views and determinisations need it)."""
    rest = Counter(DECK)
    for part in (*s.hands, *s.down, [m[2] for m in s.maze], s.up,
                 ["B" + t for b in s.broken for t in b], s.pending[:1] if s.phase == "help" else ()):
        rest.subtract(part)
    assert min(rest.values()) >= 0, "more cards of a kind than the deck has"
    nug = Counter(nugget_set(s.variant))
    nug.subtract(v for x in s.nuggets for v in x)
    nug.subtract(s.spent + s.offer)
    return replace(s, pile=tuple(sorted(rest.elements())), nugget_pile=tuple(sorted(nug.elements())))


def act(s, text, seat=None):
    seat = G.current_player(s) if seat is None else seat
    return G.apply(s, seat, G.parse_action(text))


def refused(s, text, seat=None):
    seat = G.current_player(s) if seat is None else seat
    why = G.check(s, seat, G.parse_action(text))
    assert why is not None, f"{text} was allowed"
    with pytest.raises(IllegalActionError) as err:
        G.apply(s, seat, G.parse_action(text))
    assert err.value.illegal == why
    return why


def legal(s):
    return {str(a) for a in G.legal_actions(s)}


def chance(s, text):
    assert G.current_player(s) == CHANCE
    assert text in {str(a) for a, _ in G.chance_outcomes(s)}, text
    return G.apply_unchecked(s, G.parse_action(text))


# ---- sab.players / options -----------------------------------------------------

def test_players_three_to_ten_and_options_checked():
    """sab.players: 3–10 players; the variant must be one of the four."""
    for bad in (2, 11):
        with pytest.raises(ValueError):
            G.new_state(bad)
    with pytest.raises(ValueError, match="variant"):
        G.new_state(4, {"variant": "deep_mine"})
    with pytest.raises(ValueError):
        G.new_state(4, {"dwarfs": "yes"})
    assert G.info.options == (("dwarfs", True), ("variant", "classic"), ("dwarf_change", True))
    for v in ("classic", "new_mine", "old_mine", "competitive"):
        assert G.new_state(3, {"variant": v}).variant == v


# ---- sab.cards -----------------------------------------------------------------

def test_cards_the_full_set():
    """sab.cards: 40 tunnel cards (31 passages, 9 dead ends) by shape, 27 action
    cards, 28 nugget cards 16×1, 8×2, 4×3."""
    assert sum(TUNNEL_COUNTS.values()) == 40 and len(DEAD_END) == 9
    assert sum(k for c, k in TUNNEL_COUNTS.items() if c in DEAD_END) == 9
    c = Counter(DECK)
    assert len(DECK) == 67
    assert [c[x] for x in ("NS", "EW", "NE", "NW", "NES", "NEW", "NESW")] == [4, 3, 5, 4, 5, 5, 5]
    assert c["Nx"] == c["Ex"] == 1
    assert sum(ACTION_COUNTS.values()) == 27
    assert c["MAP"] == 6 and c["FALL"] == 3
    assert [c["BP"], c["BL"], c["BC"], c["RP"], c["RL"], c["RC"]] == [3, 3, 3, 2, 2, 2]
    assert c["RLP"] == c["RCP"] == c["RCL"] == 1
    assert Counter(nugget_set("classic")) == {1: 16, 2: 8, 3: 4}


# ---- sab.roles / sab.deal / sab.layout ----------------------------------------

@pytest.mark.parametrize("n,sab,dig,hand", [
    (3, 1, 3, 6), (4, 1, 4, 6), (5, 2, 4, 6), (6, 2, 5, 5), (7, 3, 5, 5),
    (8, 3, 6, 4), (9, 3, 7, 4), (10, 4, 7, 4)])
def test_roles_and_deal_by_player_count(n, sab, dig, hand):
    """sab.roles / sab.deal: the role cards per player count, one each and one
    spare nobody sees; hands of 6/5/4; the rest is the draw pile."""
    m = Match(G, [Seat(f"P{i}") for i in range(n)], seed=7 * n)
    s = m.state
    assert s.phase == "play" and m.to_act == 0
    dealt = Counter(s.roles)
    spare = Counter({"S": sab, "D": dig}) - dealt
    assert sum(spare.values()) == 1 and sum(s.role_pool) == 1
    assert all(len(h) == hand == HAND_SIZE[n] for h in s.hands)
    assert len(s.pile) == 67 - n * hand
    for seat in list(range(n)) + [None]:
        v = G.view(s, seat)
        assert "role_pool" not in v
        assert [r for i, r in enumerate(v["roles"]) if i != seat] == [None] * (n - (seat is not None))


def test_roles_dealt_card_by_card_with_count_weights():
    """sab.roles: each role card is a chance outcome weighted by the cards left."""
    s = G.new_state(5)
    s = chance(s, "goals:GOLD,SNE,SNW")
    assert {str(a): w for a, w in G.chance_outcomes(s)} == {"role:D": 4, "role:S": 2}
    for _ in range(2):
        s = chance(s, "role:S")
    assert [str(a) for a, _ in G.chance_outcomes(s)] == ["role:D"]
    assert G.check(s, 0, RoleCard("S")).code == "not-a-move"


def test_layout_start_and_three_goals_face_down():
    """sab.layout: the start at (0,0), the goals face down at (8,-2), (8,0),
    (8,2); which goal lies where is a chance outcome (6 orders)."""
    s = G.new_state(3)
    assert G.current_player(s) == CHANCE and len(G.chance_outcomes(s)) == 6
    s = chance(s, "goals:SNW,GOLD,SNE")
    assert s.goals == ("SNW", "GOLD", "SNE") and s.goal_open == (-1, -1, -1)
    assert GOAL_CELLS == ((8, -2), (8, 0), (8, 2))
    assert G.view(s, 0)["goals"] == [None, None, None]


# ---- sab.turn ------------------------------------------------------------------

def test_turn_play_or_discard_then_draw():
    """sab.turn: play one card or discard one face down, then draw one."""
    s = table(hands=[["NS", "MAP"], ["EW"], ["EW"], ["EW"]], pile=["FALL"])
    after = act(s, "discard:MAP")
    assert after.phase == "draw" and G.current_player(after) == CHANCE
    assert after.down[0] == ("MAP",) and G.view(after, 1)["discard_counts"] == [1, 0, 0, 0]
    assert "MAP" not in repr(G.view(after, 1))
    after = chance(after, "draw:FALL")
    assert after.hands[0] == ("FALL", "NS") and after.to_move == 1 and after.pile == ()
    # with the pile empty, no draw: the next seat plays at once
    s2 = act(after, "discard:EW")
    assert s2.phase == "play" and s2.to_move == 2


def test_turn_card_must_be_in_hand_and_your_turn():
    """sab.turn: only your own cards, only on your turn."""
    s = table(hands=[["NS"], ["EW"], ["EW"], ["EW"]])
    assert refused(s, "path:EW:1,0").code == "not-in-hand"
    assert G.check(s, 1, G.parse_action("discard:EW")).code == "not-your-turn"


# ---- sab.path / sab.edges / sab.turn180 / sab.connect / sab.deadend -------------

def test_path_next_to_the_maze_on_a_free_space():
    """sab.path: a path card goes on a free space next to the maze."""
    s = table(hands=[["NS", "EW"]] * 4)
    assert refused(s, "path:EW:0,0").code == "cell-taken"
    assert refused(s, "path:EW:3,3").code == "not-adjacent"
    assert refused(s, "path:EW:8,0").code == "cell-taken"  # a goal card lies there


def test_edges_every_touching_edge_matches():
    """sab.edges: tunnel meets tunnel and rock meets rock on every side."""
    maze = [(0, -1, "NS", 0), (1, 0, "NEW", 0), (2, 0, "EW", 0)]
    s = table(hands=[["NS", "NESW", "NW"]] * 4, maze=maze)
    # (1,-1): tunnel below it (NEW has N), rock to its west (NS has no E)
    assert "path:NS:1,-1" in legal(s)
    assert "path:NW:1,-1:r" in legal(s)          # turned: S and E
    assert refused(s, "path:NESW:1,-1").code == "edge-mismatch"   # W meets rock
    why = refused(s, "path:NW:1,-1")               # upright: no S, so no tunnel below
    assert why.code == "edge-mismatch" and why.rule == "sab.edges"
    # next to the start a card must open towards it
    assert refused(s, "path:NS:-1,0").code == "edge-mismatch"


def test_edges_face_down_goal_imposes_nothing():
    """sab.edges / sab.goal: a face-down goal card imposes no edge."""
    s = table(hands=[["NW"]] * 4, maze=ROW + [(7, -1, "NS", 0)],
              goals=("SNE", "SNW", "GOLD"))
    # (7,0): tunnel west (the row) and north (the NS): NW upright has N and W, rock to the goal
    assert "path:NW:7,0" in legal(s)


def test_turn180_only_upright_or_turned():
    """sab.turn180: a card lies upright or turned 180°, never crosswise; a card
    that looks the same turned has only the upright form."""
    assert card_mask("NE", 1) == S | W and card_mask("NES", 1) == N | S | W
    assert card_mask("NEW", 1) == E | S | W
    with pytest.raises(IllegalActionError):
        G.parse_action("path:NS:0,-1:r")
    with pytest.raises(IllegalActionError):
        G.parse_action("path:NE:0,-1:t")
    s = table(hands=[["NS", "EW"]] * 4)
    # EW never lies north–south: it cannot continue the start's north exit
    assert refused(s, "path:EW:0,-1").code == "edge-mismatch"
    assert "path:NS:0,-1" in legal(s) and "path:EW:1,0" in legal(s)


def test_connect_card_must_join_the_tunnel_from_the_start():
    """sab.connect: the new card joins the network that flows from the start;
    matching edges next to a cut-off card are not enough."""
    # (2,0) was cut off by a rockfall at (1,0)
    s = table(hands=[["EW", "NS"]] * 4, maze=[(2, 0, "EW", 0)])
    why = refused(s, "path:EW:3,0")
    assert why.code == "not-connected" and why.rule == "sab.connect"
    assert "path:EW:1,0" in legal(s)  # rejoins it


def test_deadend_carries_no_flow():
    """sab.deadend: a dead end joins the tunnel but nothing flows through it."""
    s = table(hands=[["EWx", "EW"]] * 4)
    assert "path:EWx:1,0" in legal(s)
    s = act(s, "path:EWx:1,0")
    s = chance(s, "draw:MAP")
    net = analyse(s.maze, s.goals, s.goal_open)
    assert (1, 0) not in net.flowing and (2, 0) not in net.open_cells
    assert refused(s, "path:EW:2,0").code == "not-connected"


def test_deadend_next_to_a_goal_does_not_reach_it():
    """sab.deadend / sab.goal: a dead end's stub facing a goal does not turn it."""
    s = table(hands=[["EWx"]] * 4, maze=ROW)
    s = act(s, "path:EWx:7,0")
    assert s.goal_open == (-1, -1, -1) and not s.results


# ---- sab.tools / sab.repair ----------------------------------------------------

def test_tools_broken_tool_blocks_path_cards():
    """sab.tools: a broken tool goes in front of another player who has not
    that tool broken; with any broken tool you cannot play path cards."""
    s = table(hands=[["BP", "BL"], ["NS", "RP"], ["EW"], ["EW"]])
    assert refused(s, "broken:BP:0").code == "self-break"
    s = act(s, "broken:BP:1")
    s = chance(s, "draw:MAP")
    assert s.broken[1] == "P"
    why = refused(s, "path:NS:0,-1")
    assert why.code == "tool-broken" and why.rule == "sab.tools"
    assert not any(a.startswith("path:") for a in legal(s))
    s2 = replace(s, to_move=0)
    assert refused(s2, "broken:BC:1").code == "not-in-hand"
    s3 = replace(s2, hands=(("BP",),) + s.hands[1:])
    assert refused(s3, "broken:BP:1").code == "already-broken"


def test_repair_two_tool_card_fixes_one_and_both_cards_go_to_discard():
    """sab.repair: a repair fixes a matching broken tool of yourself or another;
    a two-tool repair fixes one of the two; both cards go to the discard pile."""
    s = table(hands=[["RLP", "RC"], ["EW"], ["EW"], ["EW"]], broken=("P", "LP", "", ""))
    assert {a for a in legal(s) if a.startswith("repair")} == {
        "repair:RLP:0:P", "repair:RLP:1:L", "repair:RLP:1:P"}
    assert refused(s, "repair:RC:1:C").code == "nothing-to-repair"
    assert refused(s, "repair:RLP:1:C").code == "wrong-tool"
    after = act(s, "repair:RLP:1:L")
    assert after.broken == ("P", "P", "", "")
    assert sorted(after.up) == ["BL", "RLP"]
    after = act(s, "repair:RLP:0:P")
    assert after.broken[0] == ""


# ---- sab.map -------------------------------------------------------------------

def test_map_peek_known_only_to_the_peeker():
    """sab.map: look secretly at one face-down goal; others learn only which
    goal was looked at; undo never goes back past a peek."""
    s = table(hands=[["MAP"], ["EW"], ["EW"], ["EW"]])
    a = G.parse_action("map:MAP:1")
    assert G.reveals(s, a)
    assert G.describe(s, 0, a, 0) == ("saboteur.log.map_own", {"seat": 0, "goal": 2, "card": "GOLD"})
    assert G.describe(s, 0, a, 1) == ("saboteur.log.map", {"seat": 0, "goal": 2})
    after = G.apply(s, 0, a)
    assert G.view(after, 0)["seen_goals"] == [[1, "GOLD"]]
    for seat in (1, 2, None):
        v = G.view(after, seat)
        assert v["seen_goals"] == [] and "GOLD" not in repr(v)
        assert v["peeked"][0] == [1]
    # a determinisation keeps what the peeker saw and guesses the rest
    for k in range(5):
        det = G.determinize(G.view(after, 0), 0, Rng(k))
        assert det.goals[1] == "GOLD"
    assert {G.determinize(G.view(after, 1), 1, Rng(k)).goals[1] for k in range(12)} == {
        "GOLD", "SNE", "SNW"}


def test_map_only_on_a_face_down_goal():
    """sab.map: a goal card already turned over cannot be looked at."""
    s = table(hands=[["MAP"]] * 4, goal_open=(0, -1, -1))
    assert refused(s, "map:MAP:0").code == "goal-open"
    assert "map:MAP:1" in legal(s)


# ---- sab.rockfall --------------------------------------------------------------

def test_rockfall_removes_one_tunnel_card_never_start_or_goal():
    """sab.rockfall: remove one tunnel card from the maze (never the start or a
    goal); the maze beyond it is cut off."""
    s = table(hands=[["FALL", "EW"]] * 4, maze=ROW)
    assert refused(s, "rockfall:FALL:0,0").code == "no-tunnel-there"
    assert refused(s, "rockfall:FALL:8,0").code == "no-tunnel-there"
    assert refused(s, "rockfall:FALL:4,4").code == "no-tunnel-there"
    after = act(s, "rockfall:FALL:3,0")
    assert (3, 0, "EW", 0) not in after.maze and sorted(after.up) == ["EW", "FALL"]
    net = analyse(after.maze, after.goals, after.goal_open)
    assert (4, 0) not in net.flowing and (3, 0) in net.open_cells


# ---- sab.goal / sab.gold -------------------------------------------------------

def test_goal_stone_turned_to_fit_play_goes_on():
    """sab.goal: a reached stone goal is turned over, turned to the way that
    joins the tunnel; play goes on and the tunnel continues through it."""
    s = table(hands=[["EW"]] * 4, maze=ROW, goals=("SNE", "SNW", "GOLD"))
    s = act(s, "path:EW:7,0")
    assert s.goal_open == (-1, 0, -1)  # SNW upright: its W side meets the tunnel
    assert s.phase == "draw" and not s.results
    net = analyse(s.maze, s.goals, s.goal_open)
    assert (8, 0) in net.flowing and (8, -1) in net.open_cells
    s = table(hands=[["EW"]] * 4, maze=ROW, goals=("SNW", "SNE", "GOLD"))
    s = act(s, "path:EW:7,0")
    assert s.goal_open == (-1, 1, -1)  # SNE turned (S, W)
    assert G.view(s, 2)["goals"] == [None, "SNE", None]


def test_goal_stone_both_ways_fit_player_chooses():
    """sab.goal: should both ways of a stone goal join the tunnel, the placing
    player would choose. In play this never happens (a goal is reached from
    one side only: test_goal_reached_from_one_side_only); the position here is
    built by hand, a bend facing the goal's north side that was never joined
    to the tunnel, and the engine still answers it."""
    maze = ROW + [(7, -1, "NW", 1), (8, -1, "NE", 1)]
    s = table(hands=[["NEW"], ["EW"], ["EW"], ["EW"]], maze=maze, goals=("SNW", "SNE", "GOLD"))
    s = act(s, "path:NEW:7,0")
    assert s.phase == "orient" and G.current_player(s) == 0
    assert legal(s) == {"stone:1", "stone:1:r"}
    assert G.view(s, 3)["goals"] == [None, "SNE", None]   # turned over, lying either way
    assert refused(s, "discard:NEW").code == "must-orient"
    assert refused(s, "stone:0").code == "other-goal"
    s = act(s, "stone:1:r")
    assert s.goal_open == (-1, 1, -1) and s.phase == "draw"


def test_goal_reached_from_one_side_only():
    """sab.goal: a goal is only ever reached from one side, so a stone goal lies
    the one way that joins that side and nobody chooses. Every card that
    faces a face-down goal while the tunnel flows through it turns the goal
    over when it is placed; so when a card is placed, it is the only one that
    newly faces a face-down goal. Checked along games that reach the goals
    (the bots' sensible moves): the reached sides of every goal turned over
    are one side, and the orient phase never comes."""
    turned = 0
    for seed, n in ((1, 4), (2, 5), (4, 3), (6, 7)):
        m = Match(G, [Seat(f"P{i}") for i in range(n)], {}, seed)
        rng = Rng(seed)
        while not m.is_over:
            s, p = m.state, m.to_act
            assert s.phase != "orient"
            a = rng.choice(G.sensible_actions(s, p))
            if isinstance(a, type(G.parse_action("path:NS:0,1"))) and s.phase == "play":
                net = analyse(s.maze, s.goals, s.goal_open)
                after = G.apply_unchecked(s, a)
                net2 = analyse(after.maze, after.goals, s.goal_open)
                for g, sides in net2.reached.items():
                    if s.goal_open[g] < 0:
                        assert g not in net.reached
                        assert sides in (N, E, S, W), (seed, g, sides)
                        turned += after.goal_open[g] >= 0
            m.play(a, p)
    assert turned >= 4  # goals were reached, stone and gold


def test_gold_ends_the_round_diggers_win():
    """sab.gold: reaching the gold ends the round at once; the gold-diggers win."""
    s = table(hands=[["EW"], ["EW"], ["EW"], ["EW"]], maze=ROW, to_move=1)
    a = G.parse_action("path:EW:7,0")
    assert G.reveals(s, a)
    assert G.describe(s, 1, a, 3)[0] == "saboteur.log.path_gold"
    s = G.apply(s, 1, a)
    r = s.results[-1]
    assert r.winner == "diggers" and r.finder == 1 and s.goal_open[1] == 0
    assert s.phase == "nuggets" and s.to_draw == 4 and s.to_move == 1
    assert G.view(s, 2)["roles"] == ["S", "D", "D", "D"]


# ---- sab.empty -----------------------------------------------------------------

def test_empty_pile_play_on_without_drawing_then_saboteurs_win():
    """sab.empty: with the pile empty, players play or discard without drawing;
    a player with no cards is skipped; when every hand is empty the round ends
    and the saboteurs win."""
    s = table(n=3, hands=[["NS"], [], ["EW", "EW"]], pile=[], roles=("D", "S", "D"))
    s = act(s, "discard:NS")
    assert s.phase == "play" and s.to_move == 2        # seat 1 has no cards: skipped
    s = act(s, "discard:EW")
    assert s.to_move == 2                               # nobody else has cards
    s = act(s, "discard:EW")
    r = s.results[-1]
    assert r.winner == "saboteurs" and r.sab_gold == 4
    assert s.gold == (1, 5, 1) and s.round == 2


# ---- sab.share / sab.saboteurs -------------------------------------------------

def test_share_ten_players_nine_cards_counter_clockwise_saboteurs_skipped():
    """sab.share: the finder draws as many nugget cards as players (9 with ten),
    keeps one, passes the rest counter-clockwise to the next gold-digger
    (saboteurs skipped), until all are taken; some get two."""
    roles = ("D", "D", "S", "D", "D", "D", "D", "D", "S", "D")
    s = table(n=10, hands=[["EW"]] * 10, maze=ROW, roles=roles, to_move=5)
    s = act(s, "path:EW:7,0")
    assert s.phase == "nuggets" and s.to_draw == 9 and s.to_move == 5
    for v in (3, 1, 2, 1, 3, 1, 2, 1, 1):
        s = chance(s, f"nugget:{v}")
    assert s.phase == "keep" and G.current_player(s) == 5
    assert G.view(s, 5)["offer"] == [1, 1, 1, 1, 1, 2, 2, 3, 3]
    assert G.view(s, 4)["offer"] is None and G.view(s, 4)["offer_size"] == 9
    assert refused(s, "keep:0").code == "not-offered"
    s = act(s, "keep:3")
    assert G.current_player(s) == 4
    s = act(s, "keep:3")
    s = act(s, "keep:2")     # seat 3
    assert G.current_player(s) == 1  # seat 2 is a saboteur: skipped
    s = act(s, "keep:2")
    # only 1s left: each next gold-digger keeps one without a choice
    r = s.results[-1]
    assert [p for p, _ in r.picks] == [5, 4, 3, 1, 0, 9, 7, 6, 5]
    assert s.nuggets[5] == (1, 3) and s.nuggets[2] == () and s.nuggets[8] == ()
    assert s.round == 2 and s.phase == "goals" and s.start == 6
    assert G.view(s, 0)["results"][0]["picks"][0] == [5, None]
    assert G.view(s, 5)["results"][0]["picks"][0] == [5, 3]


def test_share_saboteur_finder_next_digger_starts():
    """sab.share: if a saboteur reaches the gold, the next gold-digger
    counter-clockwise starts the sharing."""
    s = table(n=4, hands=[["EW"]] * 4, maze=ROW, roles=("D", "D", "S", "D"), to_move=2)
    s = act(s, "path:EW:7,0")
    assert s.results[-1].finder == 2 and s.to_move == 1


@pytest.mark.parametrize("roles,reward", [
    (("S", "D", "D"), 4),
    (("S", "S", "D", "D", "D"), 3),
    (("S", "S", "S", "D", "D", "D", "D"), 3),
    (("S", "S", "S", "S", "D", "D", "D", "D", "D", "D"), 2),
    (("D", "D", "D"), 0),
])
def test_saboteurs_reward_by_their_number(roles, reward):
    """sab.saboteurs: when the saboteurs win, 1 saboteur gets 4, 2–3 get 3
    each, 4 get 2 each (no saboteur in play: nobody)."""
    n = len(roles)
    s = table(n=n, hands=[["EW"]] + [[]] * (n - 1), pile=[], roles=roles, promo=False)
    s = act(s, "discard:EW")
    assert s.results[-1].sab_gold == reward
    assert s.gold == tuple(reward if r == "S" else 0 for r in roles)


# ---- sab.rounds / sab.win ------------------------------------------------------

def test_rounds_next_round_left_of_last_mover_everything_fresh():
    """sab.rounds: the seat left of the one who made the last move starts the
    next round; roles, hands, maze, tools and dwarfs are new; gold stays."""
    s = table(hands=[["EW"]] * 4, maze=ROW, to_move=3, broken=("", "P", "", ""),
              dwarfs_placed=2)
    s = act(s, "path:EW:7,0")
    for v in (1, 1, 1, 2):
        s = chance(s, f"nugget:{v}")
    while s.phase == "keep":
        s = act(s, f"keep:{max(s.offer)}")
    assert s.round == 2 and s.start == 0 and s.phase == "goals"
    assert s.maze == () and s.broken == ("",) * 4 and s.dwarfs_placed == 0
    assert s.roles == ("",) * 4 and s.hands == ((),) * 4 and len(s.pile) == 67
    assert sum(map(len, s.nuggets)) == 4 and s.gold == (1, 1, 1, 1)


def test_win_after_three_rounds_most_gold_tie_shared():
    """sab.win: after the third round the most gold wins; a tie is shared."""
    s = table(n=3, hands=[["EW"], [], []], pile=[], roles=("S", "D", "D"), round=3,
              nuggets=((), (3,), (2,)), promo=False)
    s = act(s, "discard:EW")
    assert G.is_terminal(s)
    out = G.outcome(s)
    assert out.scores == (4, 3, 2) and out.winners == (0,)
    s = table(n=3, hands=[["EW"], [], []], pile=[], roles=("S", "D", "D"), round=3,
              nuggets=((), (4,), (2,)), promo=False)
    out = G.outcome(act(s, "discard:EW"))
    assert out.winners == (0, 1) and out.returns == (0.5, 0.5, 0.0)
    assert G.view(act(s, "discard:EW"), 2)["nuggets"] == [[], [4], [2]]


# ---- sab.hidden ------------------------------------------------------------------

def test_hidden_views_show_only_what_the_seat_may_know():
    """sab.hidden: your role, hand, discards and nugget values are yours alone;
    broken tools, hand sizes, the maze, dwarfs, gold coins and pile size are
    public; the spare role is never shown."""
    s = table(hands=[["NS", "MAP"], ["BP"], ["RCL"], ["FALL"]], roles=("S", "D", "D", "D"),
              nuggets=((2,), (3,), (), ()), broken=("", "", "C", ""))
    v = G.view(s, 1)
    assert v["role"] == "D" and v["roles"] == [None, "D", None, None]
    assert v["hand"] == ["BP"] and v["hand_sizes"] == [2, 1, 1, 1]
    assert v["nuggets"] == [None, [3], None, None] and v["nugget_counts"] == [1, 1, 0, 0]
    assert v["my_total"] == 4 and v["gold"] == [1, 1, 1, 1] and v["broken"][2] == "C"
    flat = repr(v)
    assert "MAP" not in flat and "RCL" not in flat and "'S'" not in flat
    sp = G.view(s, None)
    assert sp["hand"] is None and sp["role"] is None and "'S'" not in repr(sp)


def test_hidden_determinize_keeps_the_view_and_resamples_the_rest():
    """sab.hidden: a determinisation made from a view has that same view; other
    hands, roles (with the spare), the pile and others' nuggets are resampled."""
    m = Match(G, [Seat(f"P{i}") for i in range(5)], seed=11)
    for _ in range(12):
        m.play(G.legal_actions(m.state)[-1])
    v = G.view(m.state, 2)
    seen = set()
    for k in range(10):
        det = G.determinize(v, 2, Rng(k))
        assert G.view(det, 2) == v
        assert Counter(det.roles) + Counter({"S": det.role_pool[0], "D": det.role_pool[1]}) == \
            Counter({"S": 2, "D": 4})
        seen.add((det.hands[0], det.roles))
    assert len(seen) > 1


def test_hidden_record_public_what_each_seat_did_this_round():
    """sab.hidden: what each seat played this round is public (the table saw
    it): paths and rockfalls with how near the tunnel came to the face-down
    goals before and after, tools broken and mended, and whom. The record is
    in every seat's view, and starts afresh each round."""
    maze = [(x, 0, "EW", 0) for x in range(1, 5)]  # the front is (5, 0): 3 from (8, 0)
    s = table(hands=[["EW", "EWx"], ["BP", "NS"], ["RP", "NS"], ["FALL", "NS"]], maze=maze,
              roles=("D", "S", "D", "D"))
    s = act(s, "path:EW:5,0")  # nearer: 3 -> 2
    s = chance(s, "draw:MAP")
    s = act(s, "broken:BP:2")
    s = chance(s, "draw:MAP")
    s = act(s, "repair:RP:2:P")
    s = chance(s, "draw:MAP")
    s = act(s, "rockfall:FALL:5,0")  # the front falls back: 2 -> 3
    assert s.record == ((0, "path", 3, 2), (1, "break", 2, 0), (2, "repair", 2, 0),
                        (3, "rock", 2, 3))
    for seat in (0, 1, None):
        assert G.view(s, seat)["record"] == [list(e) for e in s.record]
    dead = act(replace(s, to_move=0, phase="play", hands=(("EWx",),) * 4), "path:EWx:5,0")
    assert dead.record[-1] == (0, "path", 3, 9)  # a dead end: the nearest open end is at the start
    assert start_round(s, 2, 1).record == ()


def test_hidden_record_left_out_of_the_position_hash_old_saves_load():
    """sab.hidden: the record follows from the moves, so a save made before it
    existed (tests/games/data/saboteur-save-v1.json, 330 moves into round 3)
    still loads with its position hash."""
    import json
    from pathlib import Path

    from spieltisch.games import GAMES

    data = json.loads((Path(__file__).parent / "data" / "saboteur-save-v1.json").read_text())
    m = Match.from_save(data, GAMES)
    assert len(m.log) == len(data["log"]) and m.state.round == 3 and m.state.record
    assert G.state_hash(m.state) == data["state_hash"]


def test_hidden_role_reading_from_plays_dwarfs_and_tools():
    """Bots (sab.hidden): a seat is read as likelier a saboteur after paths
    that led away from the goals and a dwarf in the mine, likelier a digger
    after paths toward them; a tool mended for a seat read as a saboteur
    makes the mender suspect too. Determinisations draw roles by that."""
    from spieltisch.games.saboteur.rules import role_odds

    s = full_pile(table(n=5, hands=[["NS"], ["EW"], ["NE"], ["NW"], ["NES"]],
                        roles=("D", "S", "D", "D", "D"),
                        record=((1, "path", 5, 20), (1, "path", 5, 6), (2, "path", 5, 4),
                                (2, "path", 4, 3)),
                        dwarfs=((3, 3, 1),)))
    s = replace(s, role_pool=(1, 0))  # 5 players: 2 saboteurs, 4 diggers, one card spare
    v = G.view(s, 0)
    odds = role_odds(v, 0)
    assert odds[0] == 0.0
    assert odds[1] > 0.6 > 0.2 > odds[2]
    plain = role_odds(G.view(replace(s, record=(), dwarfs=()), 0), 0)
    assert plain[1] == plain[2] == plain[3] == plain[4]  # nothing seen: all alike
    mended = role_odds(G.view(replace(s, record=s.record + ((4, "repair", 1, 0),)), 0), 0)
    assert mended[4] > odds[4]
    drawn = Counter()
    for k in range(300):
        det = G.determinize(v, 0, Rng(k))
        drawn.update(i for i in range(5) if det.roles[i] == "S")
        assert G.view(det, 0) == v
    assert drawn[1] > 150 > 40 > drawn[2]


# ---- variants ----------------------------------------------------------------

def test_variant_new_mine_draws_as_many_as_gold_diggers():
    """sab.variant.new_mine: draw as many nugget cards as there are gold-diggers."""
    s = table(n=5, hands=[["EW"]] * 5, maze=ROW, roles=("S", "S", "D", "D", "D"),
              variant="new_mine", to_move=2)
    assert act(s, "path:EW:7,0").to_draw == 3


def test_variant_old_mine_nugget_set():
    """sab.variant.old_mine: 4×3, 8×2, 10×1 and 6 nugget cards worth 0."""
    assert Counter(nugget_set("old_mine")) == {3: 4, 2: 8, 1: 10, 0: 6}
    assert Counter(G.new_state(3, {"variant": "old_mine"}).nugget_pile)[0] == 6


def test_variant_competitive_broken_tool_gets_nothing():
    """sab.variant.competitive: a gold-digger with a broken tool at the end of a
    won round gets no gold."""
    s = table(n=4, hands=[["EW"]] * 4, maze=ROW, roles=("D", "D", "S", "D"), to_move=0,
              broken=("", "L", "", ""), variant="competitive")
    s = act(s, "path:EW:7,0")
    assert s.results[-1].skipped == (1,)
    for v in (1, 2, 3, 1):
        s = chance(s, f"nugget:{v}")
    s = act(s, "keep:3")
    assert G.current_player(s) == 3     # seat 1 (broken lamp) and seat 2 (saboteur) skipped


# ---- the dwarf promo ---------------------------------------------------------

def test_dwarf_coins_one_gold_each_at_the_start():
    """sab.dwarf.coins: with the promo each player starts with 1 gold (public);
    without it, none."""
    assert G.new_state(6).gold == (1,) * 6
    assert G.new_state(6, {"dwarfs": False}).gold == (0,) * 6


def test_dwarf_place_discard_no_draw_hand_smaller():
    """sab.dwarf.place: discard a card and put a dwarf on a free space at an open
    end of the tunnel; no draw, so the hand is one smaller for good."""
    s = table(hands=[["NS", "MAP"], ["EW"], ["EW"], ["EW"]])
    assert "dwarf:MAP:1,0" in legal(s)
    assert refused(s, "dwarf:MAP:2,0").code == "dwarf-cell"       # no open end there
    assert refused(s, "dwarf:MAP:0,0").code == "dwarf-cell"
    after = act(s, "dwarf:MAP:1,0")
    assert after.phase == "play" and after.to_move == 1 and after.hands[0] == ("NS",)
    assert after.dwarfs == ((1, 0, 0),) and after.down[0] == ("MAP",)
    v = G.view(after, 2)
    assert v["dwarfs"] == [[1, 0, 0]] and v["dwarfs_left"] == 1 and "MAP" not in repr(v)
    assert refused(replace(after, to_move=0), "dwarf:NS:1,0").code == "dwarf-cell"


def test_dwarf_round_each_dwarf_once_per_round_and_back_next_round():
    """sab.dwarf.round: each dwarf can be placed once per round; both are back
    in the next round. With the promo off there are none."""
    s = table(hands=[["NS", "MAP"]] * 4, dwarfs_placed=2)
    assert refused(s, "dwarf:MAP:1,0").code == "no-dwarf-left"
    assert not any(a.startswith("dwarf") for a in legal(s))
    off = table(hands=[["NS", "MAP"]] * 4, promo=False)
    assert refused(off, "dwarf:MAP:1,0").code == "dwarfs-off"
    fresh = start_round(s, 2, 1)
    assert fresh.dwarfs == () and fresh.dwarfs_placed == 0


def test_dwarf_block_rockfall_does_not_move_it():
    """sab.dwarf.block: the dwarf blocks its space for everyone; a rockfall
    does not move it."""
    s = table(hands=[["EW", "FALL"], ["EW"], ["EW"], ["EW"]], maze=ROW[:2],
              dwarfs=((3, 0, 1),), dwarfs_placed=1, gold=(0, 1, 0, 0), help_asked=True)
    assert "path:EW:3,0" not in legal(s)
    why = refused(s, "path:EW:3,0")
    assert why.code == "dwarf-blocked" and why.rule == "sab.dwarf.pay"
    after = act(s, "rockfall:FALL:2,0")
    assert after.dwarfs == ((3, 0, 1),)


def test_dwarf_pay_one_gold_to_its_owner_then_it_leaves():
    """sab.dwarf.pay: building where a dwarf stands costs 1 gold, paid to the
    player who placed it; the dwarf goes back to the box for the round."""
    s = table(hands=[["EW"], ["EW"], ["EW"], ["EW"]], dwarfs=((1, 0, 2),), dwarfs_placed=1)
    a = G.parse_action("path:EW:1,0")
    assert G.describe(s, 0, a, 1)[0] == "saboteur.log.path_dwarf"
    s = G.apply(s, 0, a)
    assert s.gold == (0, 1, 2, 1) and s.dwarfs == () and (1, 0, "EW", 0) in s.maze
    assert s.dwarfs_placed == 1


def test_dwarf_pay_with_a_nugget_card_shown_openly():
    """sab.dwarf.pay: gold won earlier pays too: without loose gold, your
    smallest nugget card worth something is handed in openly (sab.dwarf.change:
    the owner gets 1, you keep the rest)."""
    s = table(hands=[["EW"]] * 4, dwarfs=((1, 0, 3),), gold=(0, 0, 0, 0),
              nuggets=((0, 2, 3), (), (), ()), variant="old_mine")
    s = act(s, "path:EW:1,0")
    assert s.nuggets[0] == (0, 3) and s.spent == (2,)
    assert s.gold == (1, 0, 0, 1)


def test_dwarf_change_card_worth_3_owner_gets_1_payer_keeps_2():
    """sab.dwarf.change: "you have to pay 1 gold": paid from a gold card worth 3,
    the owner gets 1 and the payer keeps 2 as loose gold, which every view
    shows and the final score counts; the log says so."""
    s = table(hands=[["EW"]] * 4, dwarfs=((1, 0, 2),), gold=(0, 0, 0, 0),
              nuggets=((3,), (), (), ()))
    before = G.totals(s)
    a = G.parse_action("path:EW:1,0")
    assert G.describe(s, 0, a, 1) == ("saboteur.log.path_dwarf_card", {
        "seat": 0, "card": "EW", "x": 1, "y": 0, "at": "1,0", "turned": False, "owner": 2,
        "value": 3, "change": 2})
    s = G.apply(s, 0, a)
    assert s.gold == (2, 0, 1, 0) and s.nuggets[0] == () and s.spent == (3,)
    assert G.totals(s) == (before[0] - 1, 0, before[2] + 1, 0)
    for viewer in (None, 0, 1, 2, 3):
        v = G.view(s, viewer)
        assert v["gold"] == [2, 0, 1, 0] and v["spent"] == [3]
    over = replace(s, phase="over")
    assert G.outcome(over).scores == (2, 0, 1, 0)
    from spieltisch.games.saboteur.texts import DE, EN
    line = EN["saboteur.log.path_dwarf_card"].format(seat="Ann", owner="Bo", card="EW", x=1, y=0, at="1 space right of the start",
                                                     value=3, change=2)
    assert "1 gold" in line and "(change: 2)" in line
    assert "(Wechselgeld: 2)" in DE["saboteur.log.path_dwarf_card"].format(
        seat="A", owner="B", card="EW", x=1, y=0, at="1 space right of the start", value=3, change=2)


def test_dwarf_change_loose_gold_pays_before_a_card():
    """sab.dwarf.change: loose gold pays first; the gold cards stay secret."""
    s = table(hands=[["EW"]] * 4, dwarfs=((1, 0, 2),), gold=(1, 0, 0, 0),
              nuggets=((3,), (), (), ()))
    a = G.parse_action("path:EW:1,0")
    assert G.describe(s, 0, a, 1)[0] == "saboteur.log.path_dwarf"
    s = G.apply(s, 0, a)
    assert s.gold == (0, 0, 1, 0) and s.nuggets[0] == (3,) and s.spent == ()


def test_dwarf_change_a_helper_paying_with_a_card_keeps_the_rest():
    """sab.dwarf.change with sab.dwarf.help: a helper who pays from a gold card
    worth 2 gives the owner 1 and keeps 1 as loose gold."""
    s = table(hands=[["EW", "NS"], ["EW"], ["EW"], ["EW"]], dwarfs=((1, 0, 3),),
              gold=(0, 0, 0, 0), nuggets=((), (), (2, 3), ()))
    s = act(s, "path:EW:1,0")
    assert s.phase == "help" and G.current_player(s) == 2
    a = G.parse_action("help:yes")
    assert G.describe(s, 2, a, 0) == ("saboteur.log.help_yes_card", {
        "seat": 2, "payer": 0, "owner": 3, "value": 2, "change": 1})
    s = G.apply(s, 2, a)
    assert s.gold == (0, 0, 1, 1) and s.nuggets[2] == (3,) and s.spent == (2,)
    assert (1, 0, "EW", 0) in s.maze and s.dwarfs == ()


def test_dwarf_change_off_only_for_saves_from_before():
    """sab.dwarf.change: old saves are told apart by their rules version only.
    A new match with exactly {"dwarfs": True, "variant": "classic"} gives
    change (a dwarf paid from a 2-gold card costs 1); a save of rules 1
    without dwarf_change keeps the rule of then; the same options in a save
    of the current rules give change."""
    from spieltisch.core.saves import read_save

    assert G.info.rules_version == 2 and G.info.old_rules == (1,)
    for opts in (None, {}, {"dwarfs": True}, {"dwarfs": True, "variant": "classic"},
                 {"dwarfs": True, "variant": "classic", "dwarf_change": True}):
        assert G.normalize_options(opts)["dwarf_change"] is True, opts
    exact = {"dwarfs": True, "variant": "classic"}
    m = Match(G, [Seat(f"P{i}") for i in range(4)], dict(exact), 5)
    assert m.options["dwarf_change"] is True and m.state.change
    assert G.new_state(4, dict(exact)).change
    save = m.to_save()
    assert save["rules_version"] == 2 and save["options"]["dwarf_change"] is True
    back = Match.from_save(save, {"saboteur": G})
    assert back.state == m.state
    games = {"saboteur": G}
    assert read_save(dict(save, options=dict(exact)), games).options["dwarf_change"] is True
    assert read_save(dict(save, rules_version=1, options=dict(exact)), games).options["dwarf_change"] is False
    assert read_save(dict(save, rules_version=1, options=dict(exact, dwarf_change=True)),
                     games).options["dwarf_change"] is True
    # a dwarf paid from a 2-gold card costs 1 in the new match's rules
    paid = table(hands=[["EW"], ["NS"], ["NE"], ["NW"]], dwarfs=((1, 0, 2),), gold=(0, 0, 0, 0),
                 nuggets=((2,), (), (), ()), change=m.state.change)
    paid = G.apply(paid, 0, G.parse_action("path:EW:1,0"))
    assert paid.gold == (1, 0, 1, 0)
    old = table(hands=[["EW"], ["NS"], ["NE"], ["NW"]], dwarfs=((1, 0, 2),), gold=(0, 0, 0, 0),
                nuggets=((3,), (), (), ()), change=False)
    new = replace(old, change=True)
    for pos in (old, new):  # a bot's determinisation keeps the rule of its game
        assert G.determinize(G.view(full_pile(pos), 1), 1, Rng(1)).change is pos.change
    a = G.parse_action("path:EW:1,0")
    assert G.describe(old, 0, a, 1)[0] == "saboteur.log.path_dwarf"
    old = G.apply(old, 0, a)
    assert old.gold == (0, 0, 3, 0) and old.spent == (3,)  # the whole card, as then


def test_dwarf_change_old_save_paid_with_a_card_still_loads():
    """sab.dwarf.change: a save made by the engine before the rule, in which a
    dwarf was paid with a gold card worth 2 (tests/games/data/
    saboteur-save-v1-dwarf-card.json, move 169), loads with its position
    hash; replayed under the new rule it would not."""
    import json
    from pathlib import Path

    from spieltisch.core import SaveError
    from spieltisch.games import GAMES

    data = json.loads((Path(__file__).parent / "data" / "saboteur-save-v1-dwarf-card.json")
                      .read_text())
    assert data["options"] == {"dwarfs": True, "variant": "classic"}
    assert data["log"][168] == [2, "path:NESW:5,-2"]
    m = Match.from_save(data, GAMES)
    assert not m.state.change and m.state.phase == "over" and 2 in m.state.spent
    assert G.state_hash(m.state) == data["state_hash"]
    with pytest.raises(SaveError):
        Match.from_save(dict(data, options=dict(data["options"], dwarf_change=True)), GAMES)


def test_dwarf_owner_builds_there_free():
    """sab.dwarf.pay: the dwarf's owner may build there without paying; the
    dwarf leaves."""
    s = table(hands=[["EW"]] * 4, dwarfs=((1, 0, 0),), gold=(0, 0, 0, 0))
    s = act(s, "path:EW:1,0")
    assert s.dwarfs == () and s.gold == (0, 0, 0, 0)


def test_dwarf_help_other_seats_asked_in_turn_first_yes_pays():
    """sab.dwarf.help: a player who cannot pay may ask for help; every other
    seat with gold in sight is asked once in turn order; the first yes pays
    the owner and the card is placed."""
    s = table(hands=[["EW", "NS"], ["EW"], ["EW"], ["EW"]], dwarfs=((1, 0, 3),),
              gold=(0, 0, 1, 2))
    assert "path:EW:1,0" in legal(s)
    a = G.parse_action("path:EW:1,0")
    assert G.describe(s, 0, a, 2)[0] == "saboteur.log.ask_help"
    s = G.apply(s, 0, a)
    assert s.phase == "help" and G.current_player(s) == 2   # seat 1 has no gold: not asked
    assert s.pending == ("EW", 1, 0, 0) and s.hands[0] == ("NS",)
    assert refused(s, "discard:EW").code == "must-answer"
    assert G.check(s, 0, G.parse_action("help:yes")).code == "not-your-turn"
    s = act(s, "help:no")
    assert G.current_player(s) == 3
    s = act(s, "help:yes")          # the owner itself waves it through
    assert s.gold == (0, 0, 1, 2) and s.dwarfs == () and (1, 0, "EW", 0) in s.maze
    assert s.phase == "draw" and s.to_move == 0


def test_dwarf_help_nobody_pays_cell_stays_blocked():
    """sab.dwarf.help: if nobody pays, the space stays blocked, the card goes
    back to the hand, and the player does something else this turn."""
    s = table(hands=[["EW", "NS"], ["EW"], ["EW"], ["EW"]], dwarfs=((1, 0, 3),),
              gold=(0, 1, 0, 0))
    s = act(s, "path:EW:1,0")
    assert G.current_player(s) == 1
    s = act(s, "help:no")
    assert s.phase == "play" and s.to_move == 0 and s.help_asked
    assert s.hands[0] == ("EW", "NS") and s.dwarfs == ((1, 0, 3),)
    assert refused(s, "path:EW:1,0").code == "dwarf-blocked"
    assert refused(replace(s, help_asked=False, gold=(0, 0, 0, 0)), "path:EW:1,0").code == \
        "dwarf-blocked"
    s = act(s, "path:NS:0,-1")
    assert s.phase == "draw"
    assert not chance(s, "draw:MAP").help_asked


def test_dwarf_help_refused_when_asked_seat_cannot_pay():
    """sab.dwarf.help: only a seat that can pay may say yes."""
    s = table(hands=[["EW"]] * 4, dwarfs=((1, 0, 3),), gold=(0, 0, 0, 0),
              nuggets=((), (0,), (), ()), variant="old_mine")
    s = act(s, "path:EW:1,0")
    assert G.current_player(s) == 1 and legal(s) == {"help:no"}
    assert refused(s, "help:yes").code == "cannot-pay"


def _replayed(n, options, seed, log):
    """The match of ``random_match(G, n, seed, options)`` after ``log``."""
    m = Match(G, [Seat(f"P{i + 1}") for i in range(n)], options, seed, auto_chance=False)
    for player, text in log:
        if player == CHANCE:
            m.play_chance(text)
        else:
            m.play(text, player)
    m.auto_chance = True
    return m


def test_turn_refused_through_match_with_a_reason_match_untouched():
    """sab.turn / sab.dwarf.help / sab.goal / sab.share: Match.play refuses a
    well-formed move that is illegal here with IllegalActionError naming its
    clause (not a bare exception from looking ahead), and the match is as it
    was: help when nobody asked, a path card not in the hand, a stone or a
    keep out of their phase."""
    m = Match(G, [Seat(f"P{i}") for i in range(4)], {}, 3)
    seat = m.to_act
    missing = next(c for c in ("NESW", "NS", "EW", "NE", "NW", "NES", "NEW")
                   if c not in m.state.hands[seat])
    for text, code, rule in (("help:yes", "no-help-asked", "sab.dwarf.help"),
                             ("help:no", "no-help-asked", "sab.dwarf.help"),
                             (f"path:{missing}:1,0", "not-in-hand", "sab.turn"),
                             ("stone:1", "no-stone", "sab.goal"),
                             ("keep:2", "no-keep", "sab.share")):
        state, log = m.state, list(m.log)
        with pytest.raises(IllegalActionError) as err:
            m.play(text, seat)
        assert (err.value.illegal.code, err.value.illegal.rule) == (code, rule), text
        assert m.state is state and m.log == log


@pytest.mark.parametrize("seed,n,options", [(2, 4, {}), (9, 6, {"variant": "old_mine"})])
def test_turn_any_action_text_anywhere_plays_or_is_refused(seed, n, options):
    """sab.turn (the engine contract, issue 10): every action text legal
    somewhere in a random game, played through Match.play at other points of
    it (by the seat to act, and by another seat), either plays or raises
    IllegalActionError with a clause id and leaves the match untouched; never
    another exception."""
    m, visited = random_match(G, n, seed, options)
    pool = sorted({str(a) for st, _ in visited for a in G.legal_actions(st)}
                  | {"help:yes", "help:no", "stone:1", "stone:0:r", "keep:1", "keep:3"})
    rng = Rng(seed)
    points = sorted({rng.below(len(m.log)) for _ in range(12)})
    refusals = plays = 0
    for at in points:
        trial = _replayed(n, options, seed, m.log[:at])
        seat = trial.to_act
        if seat is None or seat == CHANCE:
            continue
        tries = [(rng.choice(pool), seat) for _ in range(40)]
        tries += [(rng.choice(pool), (seat + 1 + rng.below(n - 1)) % n) for _ in range(8)]
        tries.append((rng.choice(trial.legal_texts()), seat))
        for text, who in tries:
            state, log = trial.state, list(trial.log)
            try:
                trial.play(text, who)
            except IllegalActionError as err:
                assert err.illegal.rule.startswith("sab."), (text, err.illegal)
                assert trial.state is state and trial.log == log, text
                refusals += 1
            else:
                plays += 1
                trial = _replayed(n, options, seed, m.log[:at])
    assert refusals > 100 and plays >= len(points) // 2


# ---- action text ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "path:NE:3,-2:r", "path:NS:0,-1", "broken:BC:2", "repair:RCL:0:L", "map:MAP:2",
    "rockfall:FALL:4,0", "discard:NESWx", "dwarf:RP:-1,0", "help:yes", "help:no", "stone:0:r",
    "keep:3", "goals:SNE,GOLD,SNW", "role:S", "deal:Ex", "draw:BP", "nugget:0"])
def test_text_round_trips(text):
    """sab.turn: every action has one canonical text."""
    assert str(G.parse_action(text)) == text


@pytest.mark.parametrize("text", [
    "path:NS:0,-1:r", "path:NS:+1,0", "path:NS:01,0", "path:NS:1, 0", "map:MAP:3", "keep:4",
    "broken:RP:1", "repair:BP:1:P", "goals:GOLD,GOLD,SNE", "stone:1:x", "path:MAP:1,0"])
def test_text_non_canonical_refused(text):
    """sab.turn: only the canonical text parses."""
    with pytest.raises(IllegalActionError):
        G.parse_action(text)


# ---- bots ----------------------------------------------------------------------

def test_bots_digger_heads_for_the_gold_saboteur_away():
    """Bots: the heuristic prefers paths toward the gold for a gold-digger and
    the opposite for a saboteur."""
    maze = [(x, 0, "EW", 0) for x in range(1, 5)]
    s = table(hands=[["EW", "NS"]] * 4, maze=maze, roles=("D", "S", "D", "D"))
    towards = act(s, "path:EW:5,0")
    blocked = act(s, "discard:EW")
    assert G.heuristic(towards, 0) > G.heuristic(blocked, 0)
    assert G.heuristic(towards, 1) < G.heuristic(blocked, 1)
    sens = {str(a) for a in G.sensible_actions(s, 0)}
    assert "path:EW:5,0" in sens and not any(a.startswith("discard") for a in sens)
    sab = replace(s, to_move=1)
    assert "path:EW:5,0" not in {str(a) for a in G.sensible_actions(sab, 1)}


NEAR = [(x, 0, "EW" if x < 4 else "NESW", 0) for x in range(1, 7)]  # front (7, 0), by goal 1


def _bot_move(level, s, seat, seed=1):
    from spieltisch.ai import make_bot

    return make_bot(level, seed, iterations=150).choose(G, G.view(s, seat), seat)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_digger_takes_the_gold_it_saw_on_a_map(level):
    """Bots, sab.map + sab.gold: a gold-digger who saw the gold under goal 1
    and can reach it, does."""
    s = full_pile(table(n=4, hands=[["NESW", "NS", "Nx"], ["NS"], ["NE"], ["NW"]], maze=NEAR,
                        roles=("D", "S", "D", "D"), peeks=((1,), (), (), ())))
    assert _bot_move(level, s, 0) == "path:NESW:7,0"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_saboteur_blocks_the_tunnel_next_to_the_gold(level):
    """Bots, sab.deadend + sab.rockfall: a saboteur who saw the gold under
    goal 1, with the tunnel one step from it, does not open the way; it
    blocks the front (a dead end or its dwarf there, or a rockfall on the
    last card)."""
    s = full_pile(table(n=4, hands=[["NS"], ["NESW", "EWx", "FALL"], ["NE"], ["NW"]], maze=NEAR,
                        roles=("D", "S", "D", "D"), peeks=((), (1,), (), ()), to_move=1))
    assert _bot_move(level, s, 1) in ("path:EWx:7,0", "dwarf:EWx:7,0", "dwarf:NESW:7,0",
                                      "rockfall:FALL:6,0")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_digger_breaks_the_tools_of_whom_the_table_suspects(level):
    """Bots, sab.tools + sab.hidden: seat 2 closed the tunnel with a dead end
    and led it away; seat 3 dug toward the goals. A gold-digger with a broken
    pick card and nothing better to do breaks seat 2's pick, for most seeds."""
    s = full_pile(table(n=4, hands=[["BP", "Nx"], ["NS"], ["NE"], ["NW"]], maze=NEAR[:3],
                        roles=("D", "D", "S", "D"),
                        record=((2, "path", 5, 9), (2, "path", 6, 8), (3, "path", 7, 6),
                                (3, "path", 6, 5))))
    picks = Counter(_bot_move(level, s, 0, seed) for seed in range(6))
    assert picks["broken:BP:2"] >= 4, picks


# ---- contract and properties ---------------------------------------------------

@pytest.mark.parametrize("players", [3, 5, 10])
def test_contract(players):
    """The engine contract at 3, 5 and 10 players."""
    stats = check_game(G, players, seeds=range(4))
    assert stats["games"] == 4 and stats["hidden_resampled"] > 0


@pytest.mark.parametrize("options", [
    {"dwarfs": False}, {"variant": "new_mine"}, {"variant": "old_mine"},
    {"variant": "competitive", "dwarfs": False}])
def test_contract_options(options):
    """The engine contract with the promo off and with each variant."""
    stats = check_game(G, 4, seeds=range(2), options=options)
    assert stats["games"] == 2


def _conserved(s: SabState) -> None:
    """Every card is somewhere exactly once; every nugget card too."""
    if s.phase == "goals":
        return
    cards = Counter(s.pile)
    for h in s.hands:
        cards.update(h)
    for d in s.down:
        cards.update(d)
    cards.update(m[2] for m in s.maze)
    cards.update(s.up)
    cards.update("B" + t for b in s.broken for t in b)
    if s.phase == "help":
        cards.update([s.pending[0]])
    assert cards == Counter(DECK)
    nug = Counter(s.nugget_pile) + Counter(s.spent) + Counter(s.offer)
    for x in s.nuggets:
        nug.update(x)
    assert nug == Counter(nugget_set(s.variant))


def _maze_sound(s: SabState) -> None:
    """Every touching pair of maze cards matches (goals excepted); without a
    rockfall every passage card is joined to the start."""
    net = analyse(s.maze, s.goals, s.goal_open)
    for x, y, code, rot in s.maze:
        mask = card_mask(code, rot)
        for side, (dx, dy), opp in ((N, (0, -1), S), (E, (1, 0), W), (S, (0, 1), N), (W, (-1, 0), E)):
            other = net.grid.get((x + dx, y + dy))
            if other is None or other[1] in ("g", "d"):
                continue
            assert bool(mask & side) == bool(other[0] & opp), (x, y, code, rot)
        if "FALL" not in s.up and code not in DEAD_END:
            assert (x, y) in net.flowing


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(3, 10), dwarfs=st.booleans())
def test_property_cards_conserved_and_maze_sound(seed, n, dwarfs):
    """sab.cards / sab.edges / sab.connect: along random games, cards and
    nugget cards are conserved and the maze stays matched and connected."""
    m, visited = random_match(G, n, seed, {"dwarfs": dwarfs})
    for state, _ in visited:
        _conserved(state)
        _maze_sound(state)
    assert G.is_terminal(m.state) and len(m.state.results) == 3


def test_tunnel_masks_cover_every_side_set():
    """sab.cards: up to a turn, the shapes give every non-empty set of sides,
    so any open end can be continued by some card."""
    masks = {card_mask(c, r) for c in TUNNEL_MASK for r in (0, 1)}
    assert masks == set(range(1, 16))


def test_contract_checks_where_random_play_never_goes():
    """The contract's per-position checks (actions, text, views under
    determinisation, JSON) on positions random play seldom reaches: gold found
    and shared, a stone goal to turn, a help request. Games are played with
    the bots' sensible moves, which do reach the gold."""
    from spieltisch.core.contract import check_actions, check_views

    def probe(s, where):
        seat = G.current_player(s)
        check_actions(G, s, seat, s.n, where)
        check_views(G, s, s.n, Rng(5), where)
        assert G.state_from_json(G.state_to_json(s)) == s

    phases = Counter()
    for seed, n in ((1, 4), (3, 10)):
        m = Match(G, [Seat(f"P{i}") for i in range(n)], {}, seed)
        rng = Rng(seed)
        while not m.is_over:
            s, p = m.state, m.to_act
            if s.phase != "play" or len(m.log) % 40 == 0:
                phases[s.phase] += 1
                probe(s, f"seed {seed} step {len(m.log)}")
            m.play(rng.choice(G.sensible_actions(s, p)), p)
        back = Match.from_save(m.to_save(), {"saboteur": G})
        assert back.state == m.state
    assert phases["keep"] > 0
    row = [(x, 0, c, 0) for x, c in zip(range(1, 7), ("NESW",) * 3 + ("NEW",) * 3)]
    both = table(hands=[["NEW"], ["EW"], ["EW"], ["EW"]],
                 maze=row + [(7, -1, "NW", 1), (8, -1, "NE", 1)], goals=("SNW", "SNE", "GOLD"))
    probe(full_pile(act(both, "path:NEW:7,0")), "orient")
    helpme = table(hands=[["EW", "NS"], ["NS"], ["NE"], ["NE"]], dwarfs=((1, 0, 3),),
                   gold=(0, 0, 1, 2), nuggets=((), (), (2,), ()))
    probe(full_pile(act(helpme, "path:EW:1,0")), "help")


# ---- catalogue -------------------------------------------------------------------

def test_catalogue_complete_in_both_languages():
    """Every rule clause of src/spieltisch/games/saboteur/rules.md, every refusal code, log line,
    option value and card of the rules has its text in EN and DE, with the
    same placeholders."""
    import pathlib
    import re
    import string

    from spieltisch.games.saboteur import rules as rules_mod
    from spieltisch.games.saboteur.cards import CARDS, GOALS
    from spieltisch.games.saboteur.rules import VARIANTS
    from spieltisch.games.saboteur.texts import DE, EN

    assert EN.keys() == DE.keys()
    fields = lambda text: sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)
    for k in EN:
        assert fields(EN[k]) == fields(DE[k]), k
    root = pathlib.Path(__file__).resolve().parents[2]
    doc = (root / "src/spieltisch/games/saboteur/rules.md").read_text()
    clauses = set(re.findall(r"\*\*\[(sab\.[a-z0-9_.]+)\]\*\*", doc))
    assert len(clauses) >= 30
    # the rules side: every module of the folder but the board and the texts
    folder = pathlib.Path(rules_mod.__file__).parent
    src = "\n".join(f.read_text() for f in sorted(folder.glob("*.py"))
                    if f.stem not in ("board", "texts"))
    used = set(re.findall(r'"(sab\.[a-z0-9_.]+)"', src))
    assert used <= clauses, used - clauses
    for c in clauses:
        assert f"rules.{c}.title" in EN and f"rules.{c}.body" in EN, c
    for code in set(re.findall(r'illegal\(\s*"([a-z-]+)"', src)) | {"wrong-card"}:
        assert f"saboteur.illegal.{code}" in EN, code
    for kind in set(re.findall(r'key \+ "([a-z_]+)"', src)):
        assert f"saboteur.log.{kind}" in EN, kind
    for v in VARIANTS:
        assert f"saboteur.option.variant.{v}" in EN
    for c in CARDS | set(GOALS):
        assert f"saboteur.card.{c}" in EN, c
    assert "saboteur.end.rounds" in EN and "saboteur.title" in EN
