"""The games, as every test suite about "each game" sees them (issue 28).

The one list of games is the registry (``_BUILT`` in
src/spieltisch/games/__init__.py); a suite that is about every game takes
its ids from :data:`GAME_IDS` (in the registry's order) and never names a
list of its own (``tests/test_registry.py`` fails if a test module does).

What a suite needs to know about one game beyond its rules -- how many
seats, which seed, which clauses to try in the browser -- is optional data in
the game's own folder, ``games/<id>/testing.toml`` (docs/adding-a-game.md,
"Data for the generic tests"); :func:`data` reads it, :data:`KEYS` says what
each key is for and its default.

A failing generic test says which game, which piece and the fix:
:func:`problem`.
"""

from __future__ import annotations

import tomllib
from functools import cache

from spieltisch.games import GAMES, folder

GAME_IDS: tuple[str, ...] = tuple(GAMES)
if not GAME_IDS:  # a check that loops over no game would pass by checking nothing
    raise RuntimeError("the registry (_BUILT in src/spieltisch/games/__init__.py) names no game")

TESTING = "testing.toml"

# key -> (type, what it is for and the default)
KEYS: dict[str, tuple[type, str]] = {
    "seats": (int, "seats in the generic suites' games (default: 2, or the game's minimum if higher)"),
    "keyboard_seed": (int, "tests/browser/test_follow.py: the seed of the game played by keyboard alone (default 1)"),
    "tryit_picks": (list, "tests/browser/test_tryit_browser.py: three clause ids tried in the browser, the first "
                          "from the rules panel (default: the first three scenarios of tryit.json)"),
    "strength_sample": (int, "tests/ai/test_strength.py: games per match-up for 'hard beats easy' "
                             "(default: not tested; say why in the file, and in docs/bots.md)"),
    "private_log_lines": (bool, "tests/ui/test_follow.py: some log lines are for one seat only, e.g. a drawn "
                                "card or a peek; the test then requires that they reach that seat (default false)"),
    "unclipped": (dict, "tests/browser/test_a11y.py: names that must never be cut off by their box: "
                        "{names = CSS selector, box = CSS selector of the box, skip = CSS selector or ''} "
                        "(default: none checked)"),
}


def problem(game_id: str, piece: str, fix: str) -> str:
    """A failing generic test's message: the game, the piece, the fix."""
    return f"{game_id}: {piece}. Fix: {fix}"


@cache
def data(game_id: str) -> dict:
    """The game's ``testing.toml`` (``{}`` without one), its keys checked."""
    path = folder(game_id) / TESTING
    if not path.is_file():
        return {}
    where = f"games/{game_id}/{TESTING}"
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise AssertionError(problem(game_id, f"{where} is not TOML ({err})", "correct its syntax")) from None
    for key, value in table.items():
        if key not in KEYS:
            raise AssertionError(problem(game_id, f"{where} has an unknown key {key!r}",
                                         f"use one of {sorted(KEYS)} (tests/support/registry.py)"))
        kind, what = KEYS[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise AssertionError(problem(game_id, f"{where}: {key} is not a {kind.__name__}", what))
    return table


def seats(game_id: str) -> int:
    """Seats for a game the generic suites start: ``seats`` in testing.toml,
    else 2 (or the game's minimum if higher), within the game's range."""
    info = GAMES[game_id].info
    n = data(game_id).get("seats", max(2, info.min_players))
    if not info.min_players <= n <= info.max_players:
        raise AssertionError(problem(game_id, f"testing.toml's seats = {n} is outside {info.min_players}-"
                                              f"{info.max_players}", "choose a player count the game takes"))
    return n


def get(game_id: str, key: str, default=None):
    return data(game_id).get(key, default)
