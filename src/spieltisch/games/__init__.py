"""The registry of games: the one place a game is named.

A game is one folder, ``games/<id>/`` (docs/adding-a-game.md):

* ``__init__.py`` exports ``GAME`` (the rules object), importing ``rules.py``
  only when first asked for, and imports nothing else;
* ``rules.py`` and its data modules: the rules, importing only ``spieltisch.core``
  and the folder's own data (the rules wheel works with these alone);
* ``board.py``: the renderer (docs/ui.md), importing ``spieltisch.render``;
* ``texts.py``: ``EN`` and ``DE`` dicts with the same keys (merged into the catalogue);
* ``diagram.py``: its position diagram (docs/blogging.md);
* ``style.css``: the board's stylesheet (bundled into ``static/build/games.css``);
* ``clauses.py``, ``tryit.json``: which clause a move brings, its "Try it" positions;
* ``rules.md``: the rules as built, with the clause ids; ``blog.md``: its
  worked example for rules bloggers; ``testing.toml`` (optional): seats,
  seeds and picks for the generic test suites.

Adding a game is its folder and one line in ``_BUILT``; ``python -m
spieltisch check <id>`` names whatever is missing.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from ..core.game import Game

# THE list of games: every game of the site, in hub order, one line each.
# Everything else -- the hub (and its pre-rendered copy in index.html), the
# catalogue's texts, games.css, the service worker's files, the wheel and
# every test about "each game" -- is derived from it (docs/adding-a-game.md).
_BUILT: tuple[str, ...] = (
    "hexen_cocktail",
    "saboteur",
    "potions_brew",
    "saus_und_braus",
    "brauzeit",
)


class _Registry(Mapping):
    """``GAMES``: every built game by id, its rules imported when first asked
    for (a resumed game's page imports that game's rules, not all five:
    ~40 frozen dataclasses each, whose methods Python compiles at import)."""

    def __init__(self, ids: tuple[str, ...]):
        self._ids = ids
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is None:
            if game_id not in self._ids:
                raise KeyError(game_id)
            game = import_module(f"{__name__}.{game_id}").GAME
            if game.info.id != game_id:
                raise RuntimeError(f"games/{game_id}/ registers a game with id {game.info.id!r}")
            self._loaded[game_id] = game
        return game

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids

    def __iter__(self):
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


GAMES: Mapping[str, Game] = _Registry(_BUILT)


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None


def folder(game_id: str):
    """The game's folder on disk (its rules doc, blog example, test data)."""
    from pathlib import Path  # not at import: the page's start-up does not need pathlib here

    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    return Path(__file__).resolve().parent / game_id


def part(game_id: str, name: str):
    """A game folder's own module (``board``, ``texts``), imported on first use."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    return import_module(f"{__name__}.{game_id}.{name}")
