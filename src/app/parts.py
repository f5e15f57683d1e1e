"""The games' own parts, for the page and the review's worker (docs/build.md,
"The games' parts").

``app.zip`` holds what the hub needs of every game (``HUB_MODULES`` and
``HUB_FILES``, spieltisch/games/__init__.py); the rest of a game's folder is
``static/build/game-<id>.zip``. A first visit downloads the opened game's
part only. It is unpacked where app.zip is (the folder above the
``spieltisch`` package, on ``sys.path``):

* ``static/js/runtime.mjs`` fetches the part of the game the URL (or the
  resume snapshot) names while Python starts, and unpacks it before PyScript
  runs the app; a returning visit (a restored runtime image, which holds
  every game's modules, or a page the service worker controls) unpacks every
  part, from the worker's cache. A synchronous request never reaches a
  service worker, so offline that is the only way;
* the review's worker (static/js/review-worker.js) unpacks every part too;
* ``app.dom`` fetches a part without blocking (:func:`fetch_soon`) before it
  routes to a game that is not here yet;
* otherwise :class:`Finder`, first on ``sys.meta_path``, fetches it at the
  first import of one of the game's own modules (a synchronous request: a
  pause, never a missing module), and :func:`need` does the same before a
  game's data file is read (spieltisch.games.need).

A part that cannot be fetched (offline, never opened here) raises
``GameMissing``; the screens say so kindly (``game.missing``).

Nothing here imports the browser at import time: the runtime image imports
this module under Node (app/image.py).
"""

from __future__ import annotations

import io
import os
import sys
import zipfile

MARKER = ".part"  # in each part (tools/build.py PART_MARKER)
EARLY: list[str] = []  # the games whose part an import had to fetch synchronously (tests, bench)
_base: list[str] = []  # the build folder's URL (static/build/), set by install()


def _root() -> str:
    import spieltisch

    return os.path.dirname(spieltisch.__path__[0])


def _games() -> tuple[str, ...]:
    from spieltisch.games import _BUILT

    return _BUILT


def url(game_id: str) -> str:
    return f"{_base[0]}game-{game_id}.zip"


def mounted(game_id: str) -> bool:
    """Is the game's own part unpacked? Asked of the file system: a runtime
    image restores Python's memory, not its files."""
    return os.path.exists(os.path.join(_root(), "spieltisch", "games", game_id, MARKER))


def mount(game_id: str, data) -> None:
    """Unpack a game's part (bytes, or a JS Uint8Array/ArrayBuffer) beside app.zip's files."""
    if mounted(game_id):
        return
    raw = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)
    prefix = f"spieltisch/games/{game_id}/"
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        names = zf.namelist()
        if prefix + MARKER not in names or any(not n.startswith(prefix) or ".." in n.split("/") for n in names):
            raise ValueError(f"game-{game_id}.zip is not that game's part")
        zf.extractall(_root())
    # only the finders of the game's folder forget what they listed: importlib.invalidate_caches()
    # would import importlib.metadata, and with it the standard library's second part (email)
    folder = os.path.join(_root(), "spieltisch", "games", game_id)
    for path, finder in list(sys.path_importer_cache.items()):
        if finder is not None and isinstance(path, str) and (path == folder or path.startswith(folder + os.sep)):
            finder.invalidate_caches()


def _fetch_now(address: str) -> bytes:
    import js  # the page or the worker

    xhr = js.XMLHttpRequest.new()
    xhr.open("GET", address, False)
    xhr.overrideMimeType("text/plain; charset=x-user-defined")  # bytes, one per char
    xhr.send(None)
    if xhr.status != 200:
        raise OSError(f"HTTP {xhr.status}")
    # x-user-defined maps byte b to U+F700+b above 0x7F: the low byte of each code unit
    return xhr.responseText.encode("utf-16-le")[::2]


def need(game_id: str) -> None:
    """The game's part is there when this returns (fetched now if need be),
    or GameMissing is raised."""
    from spieltisch.games import GameMissing

    if not _base or game_id not in _games() or mounted(game_id):
        return
    EARLY.append(game_id)
    try:
        mount(game_id, _fetch_now(url(game_id)))
    except Exception as err:  # offline (a network error), a 404, a damaged file
        raise GameMissing(game_id, str(err)) from None


def pending(game_id: str) -> bool:
    """Would opening this game fetch its part? (installed, a registered game, not here)"""
    return bool(_base) and game_id in _games() and not mounted(game_id)


async def fetch_soon(game_id: str) -> bool:
    """Fetch and unpack a game's part without blocking the page (before a
    route opens the game). False when it could not be fetched: the import
    then tries once more, and a failure there is shown as game.missing."""
    if not _base or game_id not in _games() or mounted(game_id):
        return True
    import js

    try:
        response = await js.fetch(url(game_id))
        if not response.ok:
            return False
        mount(game_id, await response.arrayBuffer())
    except Exception:
        return False
    return True


def _hub_module(bits: list[str]) -> bool:
    from spieltisch.games import HUB_MODULES

    return len(bits) == 4 and bits[3] in HUB_MODULES


class Finder:
    """First on sys.meta_path: for a module of a game's own part while the
    part is not there, fetch it (need), then let the ordinary finders find it."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        bits = name.split(".")
        if len(bits) >= 4 and bits[:2] == ["spieltisch", "games"] and _base and not _hub_module(bits):
            need(bits[2])  # raises GameMissing (an ImportError) when it cannot be fetched
        return None

    @staticmethod
    def invalidate_caches():
        pass


def install(base: str) -> None:
    """The page's (app.dom) and the worker's: fetch parts from ``base``, the
    build folder's URL (ending in ``/``)."""
    from spieltisch import games

    _base[:] = [base if base.endswith("/") else base + "/"]
    if Finder not in sys.meta_path:
        sys.meta_path.insert(0, Finder)
    games.hook(need=need)
