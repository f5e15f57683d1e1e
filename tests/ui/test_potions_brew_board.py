"""Potions Brew's board: data-action only on legal actions and every legal
action reachable (each selection, at positions of whole games), every
data-illegal answered with a reason; hidden information never in another
seat's render; the hot-seat curtain for a blind pick."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from spieltisch.core.match import Match, Seat
from spieltisch.core.rng import Rng
from spieltisch.games import GAMES
from spieltisch.games.potions_brew import board

from .helpers import Hooks, new_controller, page, start_game

GAME = GAMES["potions_brew"]
_ATTR = {name: re.compile(rf'\s{name}="([^"]*)"') for name in ("data-action", "data-illegal", "data-ui")}


def _values(html: str, name: str) -> list[str]:
    return [unescape(v) for v in _ATTR[name].findall(html)]


def _selections(view, seat) -> list:
    out = [None] + [str(c) for c in sorted(set(view.get("hand") or ()))]
    out += [str(c) for st in view["stacks"][seat] for c in st]
    return out


def _check_position(ctl) -> tuple[int, int]:
    m = ctl.match
    seat = ctl.shown
    legal = set(m.legal_texts(seat)) if seat is not None else set()
    view = GAME.view(m.state, seat)
    reachable: set[str] = set()
    checked = illegal_n = 0
    saved = ctl.selected
    for sel in _selections(view, seat):
        ctl.selected = sel
        html = "".join(ctl.render(r) for r in ("top", "board", "hand", "side"))
        if sel is None:
            html += ctl.render("rules") + ctl.render("overlay")
        actions = _values(html, "data-action")
        for text in actions:
            assert text in legal, (sel, text)
        reachable |= set(actions)
        for text in _values(html, "data-illegal"):
            why = m.check(seat, text)
            assert why is not None, f"{text} is legal but marked illegal"
            reason = ctl.illegal_text(why)
            assert reason and not reason.startswith("potions_brew.") and "{" not in reason, (text, reason)
            assert why.rule in board.RULE_IDS, why.rule
            illegal_n += 1
        checked += len(actions)
    ctl.selected = saved
    if m.to_act == seat and not ctl.curtain_up:
        assert legal <= reachable, sorted(legal - reachable)[:5]
    return checked, illegal_n


@pytest.mark.parametrize("seed,players", [(1, 2), (3, 6)])
def test_data_action_only_legal_and_every_legal_action_reachable(seed, players):
    rnd = random.Random(seed)
    ctl = new_controller()
    seats = [("A", "human", None)] + [(f"B{i}", "bot", "easy") for i in range(players - 1)]
    start_game(ctl, seats, seed, game_id="potions_brew")
    checked = illegal = 0
    for k in range(3000):
        if ctl.match.is_over:
            break
        if ctl.curtain_up:
            ctl.handle("ui", "reveal")
            continue
        bot = ctl.bot_pending()
        if k % 3 == 0 or not bot:
            c, i = _check_position(ctl)
            checked += c
            illegal += i
        if bot:
            while not ctl.bot_step(50):
                pass
            continue
        ctl.handle("action", rnd.choice(sorted(ctl.match.legal_texts(ctl.shown))))
    assert ctl.match.is_over
    assert checked > 100 and illegal > 20
    assert not Hooks(page(ctl)).values("data-action")


REGIONS = ("top", "board", "hand", "seats", "log")  # the players panel (others' hands, the log) too


def test_renders_depend_only_on_what_the_seat_may_see():
    """potions.hidden: a render for a seat is the same when everything that seat
    cannot see is resampled (others' ingredient sides, blind cards, the draw
    pile): so none of it is in its DOM. Own hand cards are the only data-card."""
    rnd = random.Random(4)
    m = Match(GAME, [Seat(f"W{i}") for i in range(4)], seed=9)
    ctl = new_controller()
    checked = blind = 0
    while not m.is_over and checked < 160:
        s = m.state
        for viewer in range(4):
            ctl.match, ctl.shown, ctl.curtain_for, ctl.selected = m, viewer, None, None
            ctl._rebuild_trail()
            html = "".join(ctl.render(r) for r in REGIONS)
            assert sorted(int(c) for c in Hooks(html).values("data-card")) == sorted(s.hands[viewer])
            det = GAME.determinize(GAME.view(s, viewer), viewer, Rng(checked))
            m.state = det
            ctl._rebuild_trail()
            again = "".join(ctl.render(r) for r in REGIONS)
            m.state = s
            assert again == html
            checked += 1
            if s.step == "blind":
                blind += 1
                assert "data-blind" in html
        seat = m.to_act
        m.play(rnd.choice(m.legal_texts(seat)), seat)
    assert checked >= 100


def test_hot_seat_blind_pick_behind_the_curtain():
    """potions.blind: a non-active human makes the blind pick on her own screen,
    after the curtain; the active witch's hand is not shown to her."""
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bea", "human", None), ("Cat", "human", None)], seed=5,
               game_id="potions_brew")
    m = ctl.match
    rnd = random.Random(2)
    for _ in range(4000):
        if m.is_over:
            break
        if ctl.curtain_up:
            if m.state.step == "blind":
                screen = page(ctl)
                assert "data-hand" not in screen and "data-card" not in screen
                ctl.handle("ui", "reveal")
                picker = m.to_act
                assert ctl.shown == picker
                html = ctl.render("board")
                acts = _values(html, "data-action")
                assert sorted(acts) == ["pick:1", "pick:2"]
                hand_cards = sorted(int(c) for c in Hooks(ctl.render("hand")).values("data-card"))
                assert hand_cards == sorted(m.state.hands[picker])
                ctl.handle("action", "pick:2")
                return
            ctl.handle("ui", "reveal")
            continue
        ctl.handle("action", rnd.choice(sorted(m.legal_texts(ctl.shown))))
    pytest.fail("no blind pick by the other human in this game")


def test_stall_counter_shows_how_close_the_stall_is():
    """potions.stall: the board counts the cards drawn since the last potion
    ("… 37 of 102", a meter, data-stall) in both languages; a short game
    (rules 1) shows the reshuffles left instead."""
    from dataclasses import replace

    ctl = new_controller()
    m = Match(GAME, [Seat("Ann"), Seat("Ben")], seed=5)
    while m.state.step == "deal" or m.to_act is None or m.to_act < 0:
        m.play(m.legal_texts(m.to_act)[0], m.to_act)
    m.state = replace(m.state, stall=37)
    ctl.match, ctl.shown = m, m.to_act
    html = ctl.render("board")
    assert 'data-stall="37"' in html and "Cards since the last potion: 37 of 102" in html
    assert '<meter min="0" max="102" value="37"' in html and "is-near" not in html
    m.state = replace(m.state, stall=90)
    assert "pb-stall is-near" in ctl.render("board")
    ctl.lang = "de"
    assert "Karten seit dem letzten Trank: 90 von 102" in ctl.render("board")
    m.state = replace(m.state, short=True, reshuffles=1)
    ctl.lang = "en"
    html = ctl.render("board")
    assert "data-stall" not in html and "Reshuffles left: 1" in html


_SLOT = re.compile(r'<li class="pb-slot[^"]*" data-row="(\d+)"[^>]*>(.*?)</li>', re.DOTALL)
# (data-next: the keyboard's next step, render/focus.py, on the chosen card's first recipe)
_TARGET = re.compile(r'<button(?: data-next)? type="button" class="pb-card [^"]*pb-target"([^>]*)><span class="sr">([^<]*)</span>')


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_lay_is_a_tap_on_its_recipe_card(lang):
    """potions.lay (issue 29): with a hand card chosen, each recipe card is the
    button for laying it there -- data-action exactly when the lay is legal,
    else data-illegal, aria-disabled and out of the tab order -- named "Lay
    <card> on recipe <n>"; no other element of the board lays a card."""
    rnd = random.Random(11)
    m = Match(GAME, [Seat("Ann"), Seat("Ben"), Seat("Cid")], seed=3)
    ctl = new_controller()
    ctl.lang = lang
    legal_seen = illegal_seen = 0
    for _ in range(400):
        if m.is_over or (legal_seen > 40 and illegal_seen > 40):
            break
        seat = m.to_act
        if seat is not None and seat >= 0 and m.state.step == "act":
            ctl.match, ctl.shown, ctl.curtain_for = m, seat, None
            ctl._rebuild_trail()
            legal = set(m.legal_texts(seat))
            for card in sorted(set(m.state.hands[seat])):
                ctl.selected = str(card)
                html = ctl.render("board")
                slots = _SLOT.findall(html)
                assert len(slots) == len(m.state.recipes)
                for row, body in slots:
                    text = f"lay:{card}:{row}"
                    found = _TARGET.findall(body)
                    assert len(found) == 1, (text, body[:300])
                    attrs_, name = found[0]
                    name = unescape(name)
                    want = board.t(lang, "potions_brew.lay_here", card=board.t(lang, f"potions_brew.ing.{board.ING[card]}"),
                                   slot=int(row))
                    assert name.startswith(want), (name, want)
                    if text in legal:
                        assert f'data-action="{text}"' in attrs_ and "aria-disabled" not in attrs_
                        legal_seen += 1
                    else:
                        assert f'data-illegal="{text}"' in attrs_ and 'aria-disabled="true"' in attrs_
                        assert 'tabindex="-1"' in attrs_ and m.check(seat, text) is not None
                        illegal_seen += 1
                assert sorted(_values(html, "data-action")) == sorted(
                    a for a in legal if a.startswith(f"lay:{card}:")), card
                assert "Lay " not in re.sub(r'<span class="sr">[^<]*</span>', "", html)  # no wall of buttons
            ctl.selected = None
        m.play(rnd.choice(sorted(m.legal_texts(seat))), seat)
    assert legal_seen > 40 and illegal_seen > 40, (legal_seen, illegal_seen)
