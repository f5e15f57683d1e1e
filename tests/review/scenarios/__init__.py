"""Per game: a game with one clearly bad move, and one with a move that was
right by what the seat knew but went wrong by what it could not know.

One module per game, named by its id (``scenarios/<game_id>.py``, as a
game's own tests are named): ``bad()`` and ``unlucky()`` return
``(match, seat, log_index)``: the game, the seat to review and the place of
the move in the log. Each is found by rules facts -- this card explodes,
this dead end closes the tunnel next to the gold, this lay would win --
never by the review's numbers; bots play the rest (seeded). A game with
neither chance after its start nor hidden information cannot have an
unlucky move: its module sets ``unlucky = None`` and says why in
``NO_UNLUCKY``. tests/review/test_scenarios.py fails for a registered game
without a module.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


def _name(a) -> str:
    return type(a).__name__


class NotFound(AssertionError):
    pass


def scenarios(game_id: str) -> ModuleType | None:
    """The game's scenario module, or None when it has none."""
    try:
        return import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{game_id}":
            raise
        return None
