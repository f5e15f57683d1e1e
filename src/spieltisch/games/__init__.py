"""The registry of games: the one place a game is named.

A game is one folder, ``games/<id>/`` (docs/adding-a-game.md):

* ``__init__.py`` exports ``GAME`` (the rules object) and imports nothing else;
* ``rules.py`` and its data modules: the rules, importing only ``spieltisch.core``
  and the folder's own data (the rules wheel works with these alone);
* ``board.py``: the renderer (docs/ui.md), importing ``spieltisch.render``;
* ``texts.py``: ``EN`` and ``DE`` dicts with the same keys (merged into the catalogue);
* ``style.css``: the board's stylesheet (bundled into ``static/build/games.css``).

Adding a game is one line in ``_BUILT``.
"""

from __future__ import annotations

from importlib import import_module

from ..core.game import Game

# Built games, in hub order among themselves (one line each).
_BUILT: tuple[str, ...] = (
    "hexen_cocktail",
    "saboteur",
    "brauzeit",
    "potions_brew",
    "saus_und_braus",
)

# Every game of the site, in hub order; those not built show "coming soon".
CATALOGUE: tuple[str, ...] = (
    "hexen_cocktail", "saboteur", "potions_brew", "saus_und_braus", "brauzeit",
)

GAMES: dict[str, Game] = {}
for _id in _BUILT:
    _game = import_module(f"{__name__}.{_id}").GAME
    if _game.info.id != _id:
        raise RuntimeError(f"games/{_id}/ registers a game with id {_game.info.id!r}")
    GAMES[_id] = _game
del _id, _game


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None


def part(game_id: str, name: str):
    """A game folder's own module (``board``, ``texts``), imported on first use."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    return import_module(f"{__name__}.{game_id}.{name}")
