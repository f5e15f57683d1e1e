"""Where the UI finds a game's board renderer: ``games/<id>/board.py``.

A board module provides:

* ``RULE_IDS`` -- rule section ids (``Illegal.rule`` values) in page order;
* ``board(view, ctx) -> str`` -- the ``[data-board]`` element;
* ``hand(view, ctx) -> str`` -- the viewer's ``[data-hand]`` (empty for a spectator;
  Brauzeit's public dice tray for everyone), its cards (or its row of choices)
  in a ``data-rove`` element -- one tab stop, static/js/boot.js --, the viewer's
  own words ("Your hand") through ``ctx.own(key)``, since the review shows
  other seats' hands ("Anna's hand", ``<key>_of``);
* ``seat_info(view, seat, ctx) -> str`` -- public facts about one seat;
* ``prompt(view, ctx) -> str`` -- a plain-text hint for the viewer (may be "");
* ``param(name, value, ctx) -> str`` -- plain text for a log/illegal parameter;
* ``final(views, outcome, seat, ctx) -> str`` -- extra game-over detail for a seat
  (``views`` are each seat's own view, shown only once the game is over).

Optional: ``pause(view) -> str | None`` (given the spectator view) names a
moment the humans should see before play goes on, e.g. a round's end; until
someone clicks ``data-ui="ack"`` bots wait and the overlay shows
``interlude(view, ctx) -> str``. A selection may carry a board mode after the
card (``select:<card>:<mode>``, e.g. Saboteur's turned card).

Every registered game has a board (tests/test_layout.py checks).
"""

from __future__ import annotations

from types import ModuleType

from ..games import GAMES, part


def seat_secrets(game) -> bool:
    """Does a seat's view hold something other seats may not see? Not in a
    perfect-information game, nor where hidden parts are hidden from all alike
    (``seat_secrets = False``: Saus und Braus's closed books). Without seat
    secrets hot-seat play needs no curtain."""
    return not game.info.perfect_information and getattr(game, "seat_secrets", True)


def has_board(game_id: str) -> bool:
    return game_id in GAMES


def get_board(game_id: str) -> ModuleType:
    return part(game_id, "board")
