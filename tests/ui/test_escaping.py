"""A player's name is text everywhere: hub, seats, log, curtain, reasons,
game over."""

from __future__ import annotations

import random

from spieltisch.core.match import clean_name

from .helpers import XSS, Hooks, human_move, new_controller, page, run_to_end, start_game

NAME = clean_name(XSS, 0)  # what is stored (names are cut at 24 characters)


def _assert_safe(html: str, where: str) -> None:
    hooks = Hooks(html)
    assert not hooks.tags("img"), where
    assert not any(name.startswith("on") for _, a in hooks.elements for name in a), where
    assert "<img" not in html, where
    assert NAME in hooks.all_text, where  # shown, as text


def test_names_are_escaped_everywhere():
    rnd = random.Random(3)
    ctl = new_controller()
    start_game(ctl, [(XSS, "human", None), (XSS + "2", "human", None), ("Bot", "bot", "easy")])
    # curtain: "pass the device to <name>"
    assert ctl.curtain_up
    _assert_safe(page(ctl), "curtain")
    ctl.handle("ui", "reveal")
    _assert_safe(page(ctl), "seats")
    # an illegal reason naming a seat: take while it is not the time -> try a take on another seat's turn
    human_move(ctl, rnd)
    while ctl.bot_pending():
        ctl.bot_step(50)
    _assert_safe(ctl.render("side"), "log")
    # hub list of saves
    ctl.handle("ui", "hub")
    _assert_safe(page(ctl), "hub")
    ctl.handle("ui", f"continue:{ctl.save_keys()[0].split('.')[-1]}")
    run_to_end(ctl, rnd)
    _assert_safe(page(ctl), "game over")


def test_not_your_turn_reason_names_the_seat_as_text():
    ctl = new_controller()
    start_game(ctl, [("Me", "human", None), (XSS, "bot", "easy")])
    rnd = random.Random(1)
    # play until it is the bot's turn, then try to act
    while not ctl.bot_pending():
        human_move(ctl, rnd)
    card = ctl.match.game.view(ctl.match.state, 0)["hand"][0]
    ctl.handle("ui", f"select:{card}")
    board = Hooks(ctl.render("board"))
    target = board.values("data-illegal")[0]
    ctl.handle("illegal", target)
    status = ctl.render("status")
    assert "&lt;img" in status and "<img" not in status
    assert 'data-ui="rules:hexen.turn"' in status


def test_esc_matches_the_standard_library():
    import html

    from spieltisch.render.html import esc

    for text in (XSS, "a & b", "\"quoted\" 'single'", "<>&\"'", "plain", "Ünïcödé ✹", ""):
        assert esc(text) == html.escape(text, quote=True)
    assert esc(None) == "" and esc(3) == "3"
