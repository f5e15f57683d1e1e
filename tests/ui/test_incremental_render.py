"""The parts of a re-render the browser does by halves: the players panel as
two regions (seats, log), the log brought up to date by adding its new lines
(``Controller.log_patch``), a bot's decision and its move as two steps, and
the render context reused while nothing changed.

The log test applies each patch the way src/app/dom.py does (the new
``<li>`` first in ``ol.log``, then keep LOG_LIMIT items) to the HTML text and
compares it with a full render after every move, an undo and a language
switch.
"""

from __future__ import annotations

import random
import re

from spieltisch.ui.controller import LOG_LIMIT

from .helpers import new_controller, start_game

LI = re.compile(r'<li value="\d+">.*?</li>')
OL = '<ol class="log" reversed tabindex="0" aria-labelledby="log-h">'  # screens.side_log


def start(ctl, game_id, seats, seed=7):
    start_game(ctl, seats, seed, game_id=game_id)


def patched(html: str, op: str, new: str) -> str:
    """The log region after a patch, as the browser adapter applies it."""
    if op == "none":
        return html
    if op == "full":
        return new
    assert op == "prepend" and OL in html, (op, html[:200])
    head, _, rest = html.partition(OL)
    items = LI.findall(new + rest)[:LOG_LIMIT]
    return head + OL + "".join(items) + "</ol>"


def one_move(ctl, rnd) -> None:
    if ctl.pause_key() is not None:
        ctl.handle("ui", "ack")
    elif ctl.curtain_up:
        ctl.handle("ui", "reveal")
    elif ctl.bot_pending():
        while not ctl.bot_step(50):
            pass
    else:
        ctl.handle("action", rnd.choice(sorted(ctl.match.legal_texts(ctl.shown))))


def test_log_patches_give_the_full_render_through_a_whole_game():
    ctl = new_controller(bot_iterations=1)
    start(ctl, "saboteur", [("Ann", "human", None)] + [(f"B{i}", "bot", "easy") for i in range(4)], seed=11)
    rnd = random.Random(3)
    shown, token = ctl.render("log"), ctl.log_token()
    ops = {"none": 0, "prepend": 0, "full": 0}
    undone = switched = False
    for step in range(3000):
        if ctl.match.is_over:
            break
        if not undone and ctl.undo_allowed() and len(ctl.match.log) > 40:
            ctl.handle("ui", "undo")  # the log shrinks: rebuilt
            undone = True
        elif not switched and len(ctl.match.log) > 150:
            ctl.handle("ui", "lang:de")  # other words: rebuilt
            switched = True
        else:
            one_move(ctl, rnd)
        token, op, html = ctl.log_patch(token)
        ops[op] += 1
        shown = patched(shown, op, html)
        assert shown == ctl.render("log"), (step, op)
        assert ctl.log_patch(token)[1] == "none"  # nothing new: nothing to do
    assert ctl.match.is_over and undone and switched
    assert len(LI.findall(shown)) == LOG_LIMIT  # the log grew past the lines shown
    assert ops["prepend"] > 100 and ops["full"] >= 2, ops
    # a token of another game, or none, gets the whole log
    assert ctl.log_patch(None)[1] == "full"
    other = new_controller()
    start(other, "saboteur", [("A", "human", None), ("B", "bot", "easy"), ("C", "bot", "easy")])
    assert other.log_patch(token)[1] == "full"


def test_side_is_the_seats_and_the_log_regions():
    ctl = new_controller()
    start(ctl, "hexen_cocktail", [("Ann", "human", None), ("Bot", "bot", "easy")])
    side = ctl.render("side")
    assert side == (f'<section class="seats" data-region="seats">{ctl.render("seats")}</section>'
                    f'<section class="moves" data-log data-region="log">{ctl.render("log")}</section>')
    assert 'data-region="side"' in ctl.render("screen")


def test_a_bot_decides_then_plays_in_two_steps():
    ctl = new_controller()
    start(ctl, "hexen_cocktail", [("Bot", "bot", "hard"), ("Ann", "human", None)])
    assert ctl.bot_pending() and not ctl.bot_searching
    assert ctl.bot_think(20, start_alone=True) is None  # starting is a step of its own
    assert ctl.bot_searching
    text = None
    while text is None:
        text = ctl.bot_think(20, start_alone=True)
    assert ctl.bot_think(20) == text  # decided: the same answer until played
    assert "iterations" in ctl.last_bot_stats
    n = len(ctl.match.log)
    assert ctl.bot_play()
    assert ctl.match.log[n] == (0, text) and ctl.take_dirty() >= {"board", "top"}
    assert not ctl.bot_play()  # nothing decided any more


def test_a_decision_is_dropped_when_the_game_moved_on():
    ctl = new_controller()
    start(ctl, "hexen_cocktail", [("Bot", "bot", "easy"), ("Ann", "human", None)])
    while ctl.bot_think(20) is None:
        pass
    slot, n = ctl.slot, len(ctl.match.log)
    ctl.handle("ui", "hub")  # leave before the move is played
    assert not ctl.bot_play()
    ctl.handle("ui", f"continue:{slot}")
    assert len(ctl.match.log) == n and ctl.bot_pending()  # the move was not played
    while ctl.bot_think(20) is None:
        pass
    ctl.handle("ui", "lang:de")  # nothing in the game changed: the decision stands
    assert ctl.bot_play() and len(ctl.match.log) > n


def test_the_render_context_is_reused_until_something_changes():
    ctl = new_controller()
    start(ctl, "hexen_cocktail", [("Ann", "human", None), ("Bot", "bot", "easy")])
    rnd = random.Random(1)
    while ctl.bot_pending() or ctl.shown is None:
        one_move(ctl, rnd)
    ctx = ctl.ctx()
    assert ctl.ctx() is ctx
    card = ctl.match.game.view(ctl.match.state, ctl.shown)["hand"][0]
    ctl.handle("ui", f"select:{card}")
    assert ctl.ctx() is not ctx and ctl.ctx().selected == card
    ctl.handle("ui", f"select:{card}")
    assert ctl.ctx().selected is None and ctl.ctx().legal == ctx.legal
    text = min(ctl.match.legal_texts(ctl.shown))
    ctl.handle("action", text)
    after = ctl.ctx()
    assert after is not ctx and after.log != ctx.log
    legal = ctl.match.legal_texts(ctl.shown) if ctl.shown is not None and not ctl.match.is_over else ()
    assert after.legal == frozenset(legal)
