"""data-action only on legal actions; every data-illegal gets a reason;
no view shows what its seat may not know; the curtain hides every hand."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.games.hexen_cocktail.board import RULE_IDS
from spieltisch.ui.controller import PLAY_REGIONS

from .helpers import Hooks, human_move, new_controller, page, start_game

GAME = GAMES["hexen_cocktail"]
REGIONS = sorted(PLAY_REGIONS - {"status"})


def _all_regions(ctl) -> str:
    return "".join(ctl.render(r) for r in REGIONS)


_ATTR = {name: re.compile(rf'\s{name}="([^"]*)"') for name in ("data-action", "data-illegal")}


def _values(html: str, name: str) -> list[str]:
    """Fast attribute scan (renders always quote with ", and escape values)."""
    return [unescape(v) for v in _ATTR[name].findall(html)]


def _check_position(ctl) -> int:
    """Every selection of the seat on screen: hooks are honest. Returns the
    number of hooks checked."""
    m = ctl.match
    seat = ctl.shown
    legal = set(m.legal_texts(seat))
    hand = GAME.view(m.state, seat)["hand"] if seat is not None else []
    checked = 0
    for sel in [None] + sorted(set(hand)):
        ctl.selected = sel
        # board, hand and top carry the hooks that depend on a selection
        html = "".join(ctl.render(r) for r in ("top", "board", "hand"))
        if sel is None:
            html += ctl.render("side") + ctl.render("rules") + ctl.render("overlay")
        actions = _values(html, "data-action")
        for text in actions:
            assert text in legal, (text, sorted(legal))
        for text in _values(html, "data-illegal"):
            why = m.check(seat, text)
            assert why is not None, f"{text} is legal but marked illegal"
            reason = ctl.illegal_text(why)
            assert reason and not reason.startswith("hexen_cocktail."), text
            assert why.rule in RULE_IDS, why.rule
            checked += 1
        if sel is not None and m.to_act == seat and m.state.phase in ("play", "bonus"):
            plays = {t for t in legal if t.startswith(f"play:{sel}:")}
            assert plays <= set(actions), plays - set(actions)
        checked += len(actions)
    ctl.selected = None
    return checked


@pytest.mark.parametrize("seed", range(4))
def test_data_action_only_on_legal_actions(seed):
    rnd = random.Random(seed)
    ctl = new_controller()
    start_game(ctl, [("A", "human", None), ("B", "bot", "easy"), ("C", "bot", "easy")][: 2 + seed % 2], seed=seed)
    checked = 0
    while not ctl.match.is_over:
        if ctl.bot_pending():
            checked += _check_position(ctl)  # the human looks on while a bot is to act
            while not ctl.bot_step(50):
                pass
            continue
        checked += _check_position(ctl)
        human_move(ctl, rnd)
    assert checked > 200
    # game over: nothing to act on
    assert not Hooks(page(ctl)).values("data-action")


def test_pick_phase_offers_takes_and_rule_reasons():
    """After an explosion: row cards carry take:, plays are answered with a rule."""
    rnd = random.Random(11)
    ctl = new_controller()
    start_game(ctl, [("A", "human", None), ("B", "human", None)], seed=5)
    for _ in range(400):
        if ctl.curtain_up:
            ctl.handle("ui", "reveal")
        if ctl.match.state.phase == "pick":
            break
        human_move(ctl, rnd)
    assert ctl.match.state.phase == "pick"
    hooks = Hooks(ctl.render("board"))
    takes = [a for a in hooks.values("data-action") if a.startswith("take:")]
    assert takes and set(takes) == set(ctl.match.legal_texts(ctl.shown))
    hand = GAME.view(ctl.match.state, ctl.shown)["hand"]
    ctl.handle("ui", f"select:{hand[0]}")
    illegal = Hooks(ctl.render("board")).values("data-illegal")
    assert any(x.startswith("play:") for x in illegal)
    ctl.handle("illegal", next(x for x in illegal if x.startswith("play:")))
    status = ctl.render("status")
    assert "First take one card" in status and 'data-ui="rules:hexen.explosion"' in status
    # the rule link opens the rules panel at that section
    ctl.handle("ui", "rules:hexen.explosion")
    rules = Hooks(ctl.render("rules"))
    panel = next(a for t, a in rules.elements if a.get("id") == "rules")
    assert "hidden" not in panel
    assert "hexen.explosion" in rules.values("data-rule")
    assert ("focus", '[data-rule="hexen.explosion"]') in ctl.take_effects()


def test_views_never_show_other_hands():
    rnd = random.Random(2)
    m = Match(GAME, [Seat("A"), Seat("B"), Seat("C")], seed=9)
    ctl = new_controller()
    for _ in range(60):
        if m.is_over:
            break
        for viewer in range(3):
            ctl.match, ctl.shown, ctl.curtain_for = m, viewer, None
            ctl._rebuild_trail()
            hooks = Hooks(_all_regions(ctl))
            shown_cards = hooks.values("data-card")
            assert sorted(shown_cards) == sorted(m.state.hands[viewer])
        seat = m.to_act
        m.play(rnd.choice(m.legal_texts(seat)), seat)


def test_curtain_hides_every_hand():
    rnd = random.Random(4)
    ctl = new_controller()
    start_game(ctl, [("A", "human", None), ("B", "human", None), ("C", "bot", "easy")], seed=3)
    seen_curtains = 0
    for _ in range(120):
        if ctl.match.is_over:
            break
        if ctl.curtain_up:
            seen_curtains += 1
            html = page(ctl)
            hooks = Hooks(html)
            assert 'id="curtain"' in html and 'data-ui="reveal"' in html
            assert not hooks.has("data-card") and not hooks.has("data-hand")
            assert not hooks.values("data-action")
            # no hand card as a hand card: none of the 'select:' hooks
            assert not [u for u in hooks.values("data-ui") if u.startswith("select:")]
            # nothing private in any region rendered for the status line either
            ctl.handle("action", "pass")
            assert "pass the device" in ctl.render("status").lower()
            ctl.handle("ui", "reveal")
            continue
        if ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
            continue
        human_move(ctl, rnd)
    assert seen_curtains >= 5
