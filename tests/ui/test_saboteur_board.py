"""Saboteur's board: data-action only on legal actions (every card selection
and board mode, at random positions), every data-illegal answered with a
reason, nothing private of another seat in a render, names escaped, the
round-end pause, and the curtain for a help decision."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from spieltisch.core.game import CHANCE
from spieltisch.core.match import Match, Seat, clean_name
from spieltisch.games import GAMES
from spieltisch.games.saboteur import board
from spieltisch.ui.controller import PLAY_REGIONS

from .helpers import XSS, Hooks, new_controller, page, start_game

GAME = GAMES["saboteur"]
REGIONS = sorted(PLAY_REGIONS - {"status"})
_ATTR = {name: re.compile(rf'\s{name}="([^"]*)"') for name in ("data-action", "data-illegal", "data-ui")}


def _values(html: str, name: str) -> list[str]:
    return [unescape(v) for v in _ATTR[name].findall(html)]


def start(ctl, seats, seed=7, options=None):
    start_game(ctl, seats, seed, game_id="saboteur", options=options)


def _selections(view) -> list:
    out = [None]
    for card in sorted(set(view.get("hand") or ())):
        out += [card, f"{card}:r", f"{card}:dwarf"]
    return out


def _check_position(ctl) -> tuple[int, int]:
    """Every selection and mode of the seat on screen: hooks are honest, and
    every legal action of the seat is reachable through some selection."""
    m = ctl.match
    seat = ctl.shown
    legal = set(m.legal_texts(seat)) if seat is not None else set()
    view = GAME.view(m.state, seat)
    reachable: set[str] = set()
    checked = illegal_n = 0
    saved = ctl.selected
    for sel in _selections(view):
        ctl.selected = sel
        html = "".join(ctl.render(r) for r in ("top", "board", "hand", "side"))
        if sel is None:
            html += ctl.render("rules") + ctl.render("overlay")
        actions = _values(html, "data-action")
        for text in actions:
            assert text in legal, (sel, text)
        reachable |= set(actions)
        for text in _values(html, "data-illegal"):
            why = m.check(seat, text) if seat is not None else None
            assert why is not None, f"{text} is legal but marked illegal"
            reason = ctl.illegal_text(why)
            assert reason and not reason.startswith("saboteur.") and "{" not in reason, (text, reason)
            assert why.rule in board.RULE_IDS, why.rule
            illegal_n += 1
        for ui in _values(html, "data-ui"):
            if ui.startswith("select:"):
                card = ui.split(":")[1]
                assert card in (view.get("hand") or ()), ui
        checked += len(actions)
    ctl.selected = saved
    if seat is not None and m.to_act == seat and not ctl.curtain_up:
        assert legal <= reachable, sorted(legal - reachable)[:5]
    return checked, illegal_n


def _drive(ctl, rnd, check_every=1, limit=4000):
    checked = illegal = 0
    counts = {True: 0, False: 0}
    for _ in range(limit):
        m = ctl.match
        if m.is_over:
            break
        if ctl.pause_key() is not None:
            overlay = ctl.render("overlay")
            assert 'data-ui="ack"' in overlay and "data-round-end" in overlay
            ctl.handle("ui", "ack")
            continue
        if ctl.curtain_up:
            ctl.handle("ui", "reveal")
            continue
        # every check_every-th position of bots' turns and of the human's
        # (one counter would, at some table sizes, only ever land on bots' turns)
        bot = ctl.bot_pending()
        counts[bot] += 1
        if counts[bot] % check_every == 0:
            c, i = _check_position(ctl)
            checked += c
            illegal += i
        if bot:
            while not ctl.bot_step(50):
                pass
            continue
        legal = m.legal_texts(ctl.shown)
        ctl.handle("action", rnd.choice(sorted(legal)))
    assert ctl.match.is_over
    return checked, illegal


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 5), (3, 4)])
def test_data_action_only_legal_and_every_legal_action_reachable(seed, players):
    rnd = random.Random(seed)
    ctl = new_controller()
    seats = [("A", "human", None)] + [(f"B{i}", "bot", "easy") for i in range(players - 1)]
    start(ctl, seats, seed=seed)
    checked, illegal = _drive(ctl, rnd, check_every=2)
    assert checked > 150 and illegal > 50
    assert not Hooks(page(ctl)).values("data-action")  # game over: nothing to act on


def test_turned_selection_shows_the_turned_cells():
    """sab.turn180: with '<card>:r' selected the targets are the turned placements."""
    ctl = new_controller()
    start(ctl, [("A", "human", None), ("B", "bot", "easy"), ("C", "bot", "easy")], seed=11)
    m = ctl.match
    legal = m.legal_texts(0)
    turned = [t for t in legal if t.startswith("path:") and t.endswith(":r")]
    assert turned, "no turned placement at the start of this deal"
    card = turned[0].split(":")[1]
    ctl.handle("ui", f"select:{card}")
    plain = set(_values(ctl.render("board"), "data-action"))
    assert plain == {t for t in legal if t.startswith(f"path:{card}:") and not t.endswith(":r")}
    hand = ctl.render("hand")
    assert f'data-ui="select:{card}:r"' in hand  # the turn toggle, one tap away
    ctl.handle("ui", f"select:{card}:r")
    assert set(_values(ctl.render("board"), "data-action")) == {
        t for t in legal if t.startswith(f"path:{card}:") and t.endswith(":r")}
    assert f'data-ui="select:{card}:r"' in ctl.render("hand")  # the card itself now clears it
    ctl.handle("ui", f"select:{card}:r")
    assert ctl.selected is None


def _private_bits(state, seat: int) -> dict:
    """Facts about ``seat`` that other seats may not see during a round."""
    return {"role": state.roles[seat], "hand": state.hands[seat], "nuggets": state.nuggets[seat]}


def test_no_private_information_of_other_seats_in_any_render():
    """sab.hidden: another seat's role, hand, peeked goal and gold-card values
    never reach a render of this seat (checked through the data hooks and
    the text, at many positions of a 4-player game)."""
    rnd = random.Random(5)
    m = Match(GAME, [Seat("A"), Seat("B"), Seat("C"), Seat("D")], seed=21)
    ctl = new_controller()
    checked = 0
    while not m.is_over and checked < 160:
        s = m.state
        if s.phase in ("play", "help", "keep", "orient") and not GAME.round_done(s):
            for viewer in range(4):
                ctl.match, ctl.shown, ctl.curtain_for, ctl.selected = m, viewer, None, None
                ctl._rebuild_trail()
                html = "".join(ctl.render(r) for r in REGIONS)
                hooks = Hooks(html)
                # only the viewer's own cards are hand cards
                assert sorted(hooks.values("data-card")) == sorted(s.hands[viewer])
                # roles: only the viewer's own badge
                roles = hooks.values("data-role") + hooks.values("data-my-role")
                assert set(roles) <= {s.roles[viewer]}
                # peeked goals: a mark on the board only for the viewer's own peeks
                marks = html.count('class="seen ')
                assert marks == len(s.peeks[viewer])
                # others' gold-card values
                for other in range(4):
                    if other != viewer and s.nuggets[other]:
                        vals = ", ".join(map(str, sorted(s.nuggets[other])))
                        assert f"({vals})" not in html or sorted(s.nuggets[other]) == sorted(s.nuggets[viewer])
                checked += 1
        seat = m.to_act
        m.play(rnd.choice(m.legal_texts(seat)), seat)
        if m.is_over:
            break
    assert checked >= 100


def test_roles_shown_at_the_round_end_pause_and_bots_wait():
    """sab.rounds: at a round's end every role is shown; bots wait until a
    human moves on."""
    rnd = random.Random(8)
    ctl = new_controller()
    start(ctl, [("A", "human", None), ("B", "bot", "easy"), ("C", "bot", "easy")], seed=3)
    for _ in range(3000):
        if ctl.pause_key() is not None:
            break
        if ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
            continue
        ctl.handle("action", rnd.choice(sorted(ctl.match.legal_texts(ctl.shown))))
    assert ctl.pause_key() == "round-1"
    overlay = Hooks(ctl.render("overlay"))
    res = ctl.match.state.results[0]
    shown = overlay.all_text
    for _seat, role in enumerate(res.roles):
        assert board.role_name(role, ctl.ctx()) in shown
    assert len(overlay.values("data-result-seat")) == 3
    if any(ctl.match.seats[s].is_bot for s in range(3)) and ctl.match.to_act != 0:
        assert not ctl.bot_pending()  # paused
    regions = ctl.handle("ui", "ack")
    assert "overlay" in regions and ctl.pause_key() is None and ctl.render("overlay") == ""


def _on(texts, cell):
    return [t for t in texts if t.startswith("path:") and t.split(":")[2] == f"{cell[0]},{cell[1]}"]


def _help_position(seed: int):
    """Ann places a dwarf, Bo pays it with his only gold, Cy places the second
    dwarf, Ann discards, Bo (no gold left) builds on it and must ask for help."""
    ctl = new_controller()
    start(ctl, [("Ann", "human", None), ("Bo", "human", None), ("Cy", "human", None)], seed=seed)
    m = ctl.match

    def act(seat, choose):
        if m.to_act != seat:
            return False
        if ctl.curtain_up:
            ctl.handle("ui", "reveal")
        texts = choose(m.legal_texts(seat))
        if not texts:
            return False
        ctl.handle("action", texts[0])
        return True

    if m.to_act != 0:
        return None
    cells = sorted({t.split(":")[2] for t in m.legal_texts(0) if t.startswith("dwarf:")})
    if not cells:
        return None
    first = tuple(map(int, cells[0].split(",")))
    if not act(0, lambda L: [t for t in L if t.startswith("dwarf:") and t.endswith(f":{first[0]},{first[1]}")]):
        return None
    if not act(1, lambda L: _on(L, first)):
        return None
    if m.state.gold[1] != 0:
        return None
    target = None
    if m.to_act == 2:
        dwarfs = [t for t in m.legal_texts(2) if t.startswith("dwarf:")]
        if dwarfs:
            target = tuple(map(int, dwarfs[0].split(":")[2].split(",")))
            act(2, lambda L: dwarfs[:1])
    if target is None or m.to_act != 0:
        return None
    act(0, lambda L: [t for t in L if t.startswith("discard:")])
    if m.to_act != 1 or not _on(m.legal_texts(1), target):
        return None
    act(1, lambda L: _on(L, target))
    return ctl if m.state.phase == "help" else None


def test_help_decision_gets_a_curtain_for_another_human():
    """sab.dwarf.help: the seat asked to help is shown behind a curtain when
    another human was on screen, and only then sees the question."""
    ctl = next((c for c in map(_help_position, range(60)) if c is not None), None)
    assert ctl is not None, "could not build the help position"
    m = ctl.match
    helper = m.state.helper
    assert m.to_act == helper != m.state.to_move
    assert ctl.curtain_up and ctl.curtain_for == helper
    html = page(ctl)
    assert "help:yes" not in html and not Hooks(html).has("data-hand")
    ctl.handle("ui", "reveal")
    hand = ctl.render("hand")
    assert 'data-action="help:no"' in hand and "help:yes" in hand


def test_names_are_escaped_on_the_board_seats_and_round_end():
    rnd = random.Random(6)
    ctl = new_controller()
    start(ctl, [(XSS, "human", None), (XSS + "2", "bot", "easy"), ("C", "bot", "easy")], seed=9,
          options={"dwarfs": True})
    name = clean_name(XSS, 0)
    saw_dwarf = saw_pause = False
    for _ in range(4000):
        m = ctl.match
        if m.is_over:
            break
        html = "".join(ctl.render(r) for r in REGIONS)
        hooks = Hooks(html)
        assert not hooks.tags("img") and "<img" not in html
        assert not any(k.startswith("on") for _, a in hooks.elements for k in a)
        saw_dwarf = saw_dwarf or ('class="dwarf ' in html and name[:7] in hooks.all_text)
        if ctl.pause_key() is not None:
            saw_pause = saw_pause or name in hooks.all_text
            ctl.handle("ui", "ack")
            continue
        if ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
            continue
        legal = sorted(m.legal_texts(ctl.shown))
        dwarfs = [t for t in legal if t.startswith("dwarf:")]
        ctl.handle("action", dwarfs[0] if dwarfs and not saw_dwarf else rnd.choice(legal))
    html = page(ctl)
    assert "<img" not in html and name in Hooks(html).all_text
    assert saw_pause


def test_param_formats_log_parameters():
    ctx = new_controller().ctx()
    ctx = type(ctx)("en", "saboteur", ("Ann", "Bo"))
    assert board.param("seat", 1, ctx) == "Bo"
    assert board.param("card", "NESx", ctx) == "dead end (T-junction)"
    assert board.param("tool", "P", ctx) == "pickaxe"
    assert board.param("role", "S", ctx) == "saboteur"
    assert board.param("x", -2, ctx) == "-2"


def test_frontier_and_fit_box_grow_with_the_maze():
    view = GAME.view(Match(GAME, [Seat("A"), Seat("B"), Seat("C")], seed=1).state, 0)
    html = board.board(view, new_controller().ctx().__class__("en", "saboteur", ("A", "B", "C"), viewer=0))
    fit = re.search(r'data-fit="([^"]+)"', html).group(1).split()
    x0, _, w, _ = map(float, fit)
    assert x0 < 0 and x0 + w > 9 * board.CW  # the start, the goals and the spaces around them
    assert CHANCE == -1


def test_dwarf_change_loose_gold_next_to_every_seat_and_new_games_give_change():
    """sab.dwarf.change: the change a payer keeps is loose gold, shown next to
    the seat to every reader; a game started from the new-game form gives
    change (its options name dwarf_change)."""
    from spieltisch.games.saboteur.rules import replace
    from spieltisch.render.context import Ctx

    ctl = new_controller()
    start(ctl, [("A", "human", None), ("B", "bot", "easy"), ("C", "bot", "easy")], seed=4,
          options={"dwarfs": True})
    m = ctl.match
    assert m.options["dwarf_change"] is True and m.state.change
    s = replace(m.state, phase="play", maze=((1, 0, "EW", 0),), dwarfs=((2, 0, 2),),
                gold=(0, 0, 0), nuggets=((3,), (), ()), hands=(("EW",), ("NS",), ("NE",)),
                to_move=0)
    s = GAME.apply(s, 0, GAME.parse_action("path:EW:2,0"))
    assert s.gold == (2, 0, 1)
    for lang, word in (("en", "Loose gold: 2"), ("de", "Loses Gold: 2")):
        for viewer in (0, 1, None):
            ctx = Ctx(lang, "saboteur", ("A", "B", "C"), viewer=viewer)
            html = unescape(board.seat_info(GAME.view(s, viewer), 0, ctx))
            assert word in html, (lang, viewer, html)
