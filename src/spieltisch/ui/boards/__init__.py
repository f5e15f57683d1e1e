"""Game-specific rendering, one module per game, behind this tiny registry.

A board module provides:

* ``RULE_IDS`` -- rule section ids (``Illegal.rule`` values) in page order;
* ``board(view, ctx) -> str`` -- the ``[data-board]`` element;
* ``hand(view, ctx) -> str`` -- the viewer's ``[data-hand]`` (empty for a spectator);
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

Adding a game means adding a module here and one line to ``_MODULES``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_MODULES = {
    "hexen_cocktail": "spieltisch.ui.boards.hexen_cocktail",
    "saboteur": "spieltisch.ui.boards.saboteur",
    "brauzeit": "spieltisch.ui.boards.brauzeit",
}
_loaded: dict[str, ModuleType] = {}


def has_board(game_id: str) -> bool:
    return game_id in _MODULES


def get_board(game_id: str) -> ModuleType:
    mod = _loaded.get(game_id)
    if mod is None:
        mod = importlib.import_module(_MODULES[game_id])
        _loaded[game_id] = mod
    return mod
