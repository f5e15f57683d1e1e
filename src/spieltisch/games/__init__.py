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

The page fetches a game's folder in two parts (docs/build.md, "The games'
parts"): what the hub shows of every game (:data:`HUB_MODULES`,
:data:`HUB_FILES`: the package, its texts, its cover, and the tile's
``PLAYERS`` and ``PLAY_MINUTES`` in ``__init__.py``) is in the page's first
download, ``app.zip``; the rest is the game's own part,
``static/build/game-<id>.zip``, which the page fetches before the game's
first module is imported (app/parts.py). Nothing here reads the browser:
the page hooks in with :func:`hook`.
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


# The modules and files of a game folder that are in the page's first download
# (app.zip): the hub imports them for every game (the catalogue merges each
# texts.py; ui/covers.py reads cover.svg). Everything else in the folder is
# the game's own part (tools/build.py; tests/test_game_parts.py checks that
# these import nothing else of their folder).
HUB_MODULES: tuple[str, ...] = ("__init__", "texts")
HUB_FILES: tuple[str, ...] = ("cover.svg",)


class GameMissing(ImportError):
    """A game's own part is not on this device and could not be fetched
    (offline before the game was ever opened here). The screens show
    ``game.missing`` (EN and DE), never a traceback."""

    def __init__(self, game_id: str, reason: str = ""):
        super().__init__(f"the files of {game_id!r} are not here ({reason or 'not fetched'})",
                         name=f"{__name__}.{game_id}")
        self.game_id = game_id


_hooks: dict[str, object] = {}


def hook(need=None) -> None:
    """The page's (app/parts.py): ``need(game_id)`` makes the game's own
    part be there (fetching it), or raises :class:`GameMissing`."""
    _hooks["need"] = need


def need(game_id: str) -> None:
    """Before reading a data file of a game's folder (its try-it positions,
    its review defaults): its part must be there. Does nothing off the page
    (the wheel, the tests: the folder is whole)."""
    fn = _hooks.get("need")
    if fn is not None:
        fn(game_id)


def card(game_id: str) -> tuple[int, int, int]:
    """What the hub's tile shows of a game -- (min players, max players,
    minutes) -- from its package alone, without the rules (a game that
    declares no ``PLAYERS`` has its rules imported)."""
    if game_id not in _BUILT:
        raise KeyError(f"unknown game {game_id!r}")
    pkg = import_module(f"{__name__}.{game_id}")
    players = pkg.__dict__.get("PLAYERS")
    if players is None:
        info = GAMES[game_id].info
        return info.min_players, info.max_players, info.play_minutes
    return players[0], players[1], pkg.__dict__.get("PLAY_MINUTES", 0)


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
