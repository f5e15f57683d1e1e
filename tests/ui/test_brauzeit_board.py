"""The Brauzeit board: data-action only on legal actions (every position and
every selection state of the seat on screen), every data-illegal has a
reason and a rule, the two-step dice choice, names as text, German first,
no curtain between humans (nothing is private), a whole game by the hooks."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from spieltisch.games import GAMES
from spieltisch.games.brauzeit import board as board_mod
from spieltisch.ui.controller import LANG_KEY, MemoryStorage

from .helpers import XSS, Hooks, new_controller, page, start_game

GAME = GAMES["brauzeit"]
_ATTR = {name: re.compile(rf'\s{name}="([^"]*)"') for name in ("data-action", "data-illegal", "data-ui")}


def _values(html: str, name: str) -> list[str]:
    return [unescape(v) for v in _ATTR[name].findall(html)]


def start(ctl, seats, seed=7, **options) -> str:
    return start_game(ctl, seats, seed, game_id="brauzeit", options=options)


def selections(view: dict) -> list[str | None]:
    """Every selection the board can be in (and a few stale ones)."""
    q = [f"q{k + 1}" for k, f in enumerate(view["qty"])]
    i = [f"i{k + 1}" for k, f in enumerate(view["ing"])]
    w = [f"w{k + 1}" for k, f in enumerate(view["wiz"])]
    return [None, "mage", "q9", *q, *i, *w] + [f"{a}:{b}" for a in q for b in i]


def _table_and_board(ctl) -> str:
    """The breweries (the board) and the dice tray (the hand region, issue 29)."""
    return ctl.render("board") + ctl.render("hand")


def check_position(ctl) -> int:
    m = ctl.match
    seat = ctl.shown
    legal = set(m.legal_texts(seat)) if seat is not None else set()
    view = GAME.view(m.state, seat)
    checked = 0
    for sel in selections(view):
        ctl.selected = sel
        html = "".join(ctl.render(r) for r in ("top", "board", "hand"))
        if sel is None:
            html += ctl.render("side") + ctl.render("overlay")
        actions = _values(html, "data-action")
        assert set(actions) <= legal, (sel, set(actions) - legal)
        for text in _values(html, "data-illegal"):
            why = m.check(seat, text)
            assert why is not None, f"{text} is legal but marked illegal ({sel})"
            reason = ctl.illegal_text(why)
            assert reason and not reason.startswith(("brauzeit.", "core.")), (text, reason)
            assert why.rule in board_mod.RULE_IDS, why.rule
            checked += 1
        # complete: whatever the selection makes possible is offered
        if sel and m.to_act == seat and m.state.phase == "pick":
            parts = sel.split(":")
            if len(parts) == 2 and GAME.view(m.state, seat)["qty"][int(parts[0][1:]) - 1] is not None:
                want = {t for t in legal if t.startswith(f"take:{parts[0]}:{parts[1]}:")}
                assert want <= set(actions), want - set(actions)
            if parts[0].startswith("w") and len(parts) == 1 and int(parts[0][1:]) <= len(view["wiz"]):
                want = {t for t in legal if t.startswith(f"wizard:{parts[0]}:")}
                assert want <= set(actions), want - set(actions)
            if sel == "mage":
                assert {t for t in legal if t.startswith("mage:")} <= set(actions)
        if sel is None and m.to_act == seat:
            for text in legal:
                if text in ("pass", "reroll", "hire", "done") or text.startswith("brew:"):
                    assert text in actions, text
        checked += len(actions)
    ctl.selected = None
    return checked


def human_move(ctl, rnd: random.Random) -> str:
    """One legal move of the seat on screen, made through the hooks: a pair
    is chosen die by die, then its cauldron."""
    legal = sorted(ctl.match.legal_texts(ctl.shown))
    sensible = [t for t in legal if t.startswith(("take:", "wizard:", "brew:"))]
    text = rnd.choice(sensible or legal)
    if text.startswith("take:"):
        _, q, i, _ = text.split(":")
        ui = _values(_table_and_board(ctl), "data-ui")
        assert f"select:{q}" in ui
        ctl.handle("ui", f"select:{q}")
        ui = _values(_table_and_board(ctl), "data-ui")
        assert f"select:{q}:{i}" in ui, ui
        ctl.handle("ui", f"select:{q}:{i}")
    elif text.startswith("wizard:"):
        ctl.handle("ui", "select:" + text.split(":")[1])
    elif text.startswith("mage:"):
        ctl.handle("ui", "select:mage")
    hooks = _values(_table_and_board(ctl), "data-action")
    assert text in hooks, (text, ctl.selected, hooks)
    ctl.handle("action", text)
    return text


def play_bots(ctl) -> None:
    while ctl.bot_pending():
        while not ctl.bot_step(50):
            pass


@pytest.mark.parametrize("seed,seats,steps", [
    (1, [("A", "human", None), ("B", "bot", "easy")], 400),
    (2, [("A", "human", None), ("B", "bot", "easy"), ("C", "bot", "easy")], 150),
    (3, [("A", "human", None)], 400),
])
def test_data_action_only_on_legal_actions(seed, seats, steps):
    rnd = random.Random(seed)
    ctl = new_controller()
    start(ctl, seats, seed=seed)
    checked = 0
    for step in range(steps):
        if ctl.match.is_over:
            break
        if ctl.bot_pending():
            if step % 3 == 0:
                checked += check_position(ctl)  # the human looks on while a bot chooses
            play_bots(ctl)
            continue
        checked += check_position(ctl)
        human_move(ctl, rnd)
    assert checked > 300


def test_pair_that_does_not_fit_names_the_rule():
    """A quantity larger than what a cauldron lacks: data-illegal, and a click
    says why with the rule brau.pair."""
    rnd = random.Random(5)
    ctl = new_controller(browser_lang="en")
    start(ctl, [("Ann", "human", None), ("Bot", "bot", "easy")], seed=11)
    ctl.set_lang("en")
    for _ in range(200):
        play_bots(ctl)
        m = ctl.match
        view = GAME.view(m.state, 0)
        if m.to_act == 0 and m.state.phase == "pick":
            for sel in selections(view):
                if sel and ":" in sel:
                    ctl.selected = sel
                    for text in _values(_table_and_board(ctl), "data-illegal"):
                        why = m.check(0, text)
                        if why.code == "too-much":
                            ctl.handle("illegal", text)
                            status = ctl.render("status")
                            assert "must fit into one cauldron" in status
                            assert 'data-ui="rules:brau.pair"' in status
                            return
            ctl.selected = None
        human_move(ctl, rnd)
    raise AssertionError("no pair that does not fit came up")


def test_two_step_dice_choice_and_roll_animation():
    ctl = new_controller()
    start(ctl, [("Ann", "human", None), ("Bot", "bot", "easy")], seed=3)
    play_bots(ctl)
    view = GAME.view(ctl.match.state, 0)
    board = _table_and_board(ctl)
    fresh = ctl.lines and [x for x in ctl.lines if x][-1][0] == "brauzeit.log.roll"
    assert ("bz-rolling" in board) == bool(fresh and ctl.match.to_act == 0)
    ui = _values(board, "data-ui")
    assert "select:q1" in ui and "select:i1" in ui and "select:w1" in ui
    assert not [a for a in _values(board, "data-action") if a.startswith("take:")]
    ctl.handle("ui", "select:q1")
    board = _table_and_board(ctl)
    assert "bz-rolling" not in board  # a selection never shakes the dice again
    ui = _values(board, "data-ui")
    assert "select:q1:i1" in ui and "select:q1:i2" in ui
    assert "select:q1" in ui  # tapping the chosen die again lets go of it
    ctl.handle("ui", "select:q1:i2")
    hooks = Hooks(_table_and_board(ctl))
    targets = hooks.values("data-action") + hooks.values("data-illegal")
    assert {t.rsplit(":", 1)[0] for t in targets if t.startswith("take:")} == {"take:q1:i2"}
    assert len([t for t in targets if t.startswith("take:")]) == sum(
        1 for cd in view["cauldrons"][0] if cd is not None)
    prompt = ctl.render("top")
    assert "Kessel" in prompt  # German first
    ctl.handle("ui", "select:q1:i2")  # tap again: nothing chosen
    assert ctl.selected is None


def test_names_are_text():
    ctl = new_controller()
    start(ctl, [(XSS, "human", None), (XSS + "2", "bot", "easy")], seed=4)
    rnd = random.Random(2)
    for _ in range(30):
        play_bots(ctl)
        if ctl.match.is_over:
            break
        human_move(ctl, rnd)
    html = page(ctl)
    hooks = Hooks(html)
    assert "<img" not in html and not hooks.tags("img")
    assert any("&lt;img" in chunk for chunk in (html,))
    assert not any(name.startswith("on") for _, a in hooks.elements for name in a)


def test_german_first_unless_a_language_was_picked():
    ctl = new_controller(browser_lang="en-GB")
    ctl.navigate("#/")
    assert ctl.lang == "en"
    regions = ctl.handle("ui", "new:brauzeit")
    assert ctl.lang == "de" and {"screen", "static"} <= regions
    assert ("lang", "de") in ctl.take_effects()
    html = ctl.render("screen")
    assert "Neues Spiel" in html or "Spiel starten" in html or "Brauzeit" in html
    assert "Kurz: 48 Würfe (zu fünft 50)" in html  # the clock is a choice, not a text field
    start(ctl, [("Ann", "human", None), ("Bot", "bot", "easy")])
    assert "Deine Kessel" in _table_and_board(ctl)
    regions = ctl.handle("ui", "hub")
    assert ctl.lang == "en" and "static" in regions
    # Hexen Cocktail stays in the browser's language
    ctl.handle("ui", "new:hexen_cocktail")
    assert ctl.lang == "en"
    # a picked language wins everywhere
    ctl.handle("ui", "lang:en")
    ctl.handle("ui", "new:brauzeit")
    assert ctl.lang == "en" and "Kessel" not in ctl.render("screen")
    storage = MemoryStorage({LANG_KEY: "en"})
    other = new_controller(storage, browser_lang="de")
    other.handle("ui", "new:brauzeit")
    assert other.lang == "en"


def test_no_curtain_between_humans_when_nothing_is_private():
    ctl = new_controller()
    start(ctl, [("Ann", "human", None), ("Bea", "human", None), ("Bot", "bot", "easy")], seed=5)
    rnd = random.Random(3)
    seen = set()
    for _ in range(80):
        play_bots(ctl)
        if ctl.match.is_over:
            break
        assert not ctl.curtain_up and "curtain" not in ctl.render("hand")
        assert ctl.shown == ctl.match.to_act
        seen.add(ctl.shown)
        human_move(ctl, rnd)
    assert seen == {0, 1}
    # Hexen Cocktail (hidden hands) keeps its curtain
    hx = new_controller()
    hx.handle("ui", "new:hexen_cocktail")
    hx.handle("ui", "start", {"seats": "2", "seat-0-kind": "human", "seat-1-kind": "human", "seed": "2"})
    assert hx.curtain_up


def test_whole_game_by_the_hooks_to_the_result():
    ctl = new_controller()
    start(ctl, [("Ann", "human", None), ("Easy", "bot", "easy"), ("Normal", "bot", "normal")], seed=9)
    rnd = random.Random(9)
    for _ in range(3000):
        play_bots(ctl)
        if ctl.match.is_over:
            break
        human_move(ctl, rnd)
    assert ctl.match.is_over and ctl.screen == "over"
    html = page(ctl)
    hooks = Hooks(html)
    assert hooks.has("data-gameover") and not hooks.values("data-action")
    assert "Fertige Tränke" in html and "Sanduhr ist abgelaufen" in html
    for name in ("Ann", "Easy", "Normal"):
        assert name in hooks.all_text


def test_choosing_a_new_potion_lists_all_sixteen():
    ctl = new_controller()
    start(ctl, [("Ann", "human", None), ("Bot", "bot", "easy")], seed=12)
    rnd = random.Random(12)
    for _ in range(2000):
        play_bots(ctl)
        m = ctl.match
        if m.is_over:
            break
        if m.state.phase == "brew" and m.to_act == 0:
            hooks = Hooks(_table_and_board(ctl))
            brews = [a for a in hooks.values("data-action") if a.startswith("brew:")]
            assert len(brews) == 16 and len({b.split(":")[2] for b in brews}) == 16
            assert "Neuer Trank" in _table_and_board(ctl)
            return
        human_move(ctl, rnd)
    raise AssertionError("no cauldron was emptied")


def test_solo_is_played_against_the_devices_best():
    """brau.solo: alone, the result is compared with the best finished solo
    game saved on this device."""
    storage = MemoryStorage()
    scores = []
    for k in range(2):
        ctl = new_controller(storage)
        ctl.navigate("#/")
        start(ctl, [("Solo", "human", None)], seed=20 + k)
        rnd = random.Random(k)
        while not ctl.match.is_over:
            human_move(ctl, rnd)
        scores.append(ctl.match.outcome().scores[0])
        note = Hooks(ctl.render("overlay"))
        assert note.has("data-solo-best")
        text = note.all_text
        if k == 0:
            assert f"Dein erstes Spiel allein auf diesem Gerät: {scores[0]} Punkte" in text
        elif scores[1] > scores[0]:
            assert f"Neuer Bestwert auf diesem Gerät: {scores[1]} Punkte (bisher {scores[0]})" in text
        else:
            assert f"Dein Bestwert auf diesem Gerät: {scores[0]} Punkte" in text
    # games with more seats carry no such note
    ctl = new_controller()
    start(ctl, [("A", "human", None), ("B", "bot", "easy")], seed=3)
    assert "data-solo-best" not in ctl.render("overlay")


def test_cached_breweries_equal_fresh_ones():
    """Other brewers' cauldrons come from a cache on re-render: the board is
    the same as one drawn from scratch, at every step of a game."""
    ctl = new_controller()
    start(ctl, [("A", "human", None), ("B", "bot", "easy"), ("C", "bot", "easy")], seed=6)
    rnd = random.Random(6)
    for _ in range(60):
        play_bots(ctl)
        if ctl.match.is_over:
            break
        for sel in (None, "q1", "q1:i1", "w1"):
            ctl.selected = sel
            cached = _table_and_board(ctl)
            board_mod._CACHE.clear()
            assert _table_and_board(ctl) == cached
        ctl.selected = None
        human_move(ctl, rnd)


def test_after_the_last_roll_the_archmage_then_done():
    """brau.last on the board: after the last roll a brewer who can still
    call the Archmage sees "Erzmagierin einstellen" and "Fertig" (no pass, no
    dice to pick); "Fertig" ends the game."""
    from dataclasses import replace

    ctl = new_controller()
    start(ctl, [("Solo", "human", None)], seed=5)
    m = ctl.match
    m.state = replace(m.state, phase="last", rolls_left=0, picks=1, letters=(3,))
    m._undo_states = [m.state]
    assert set(m.legal_texts(0)) == {"done", "hire"}
    html = _table_and_board(ctl)
    actions = set(_values(html, "data-action"))
    assert {"done", "hire"} <= actions and "pass" not in actions
    assert not any(a.startswith(("take:", "wizard:")) for a in actions)
    assert "Fertig" in html and '<button type="button" class="bz-die' not in html  # no dice to pick
    assert "Der letzte Wurf ist vorbei" in ctl.render("top")
    ctl.handle("action", "done")
    assert ctl.match.is_over
