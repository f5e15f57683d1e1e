"""Rules you can play: a "Try it" position for every rule clause (docs/tryit.md).

Each game keeps its scenarios as data beside its rules, in
``games/<id>/tryit.json``; which clause a move brings into play is told by
the game's ``games/<id>/clauses.py``. Per clause id the data holds either

* a scenario: ``kind`` (``move``: the expected moves are legal and the clause
  governs them; ``refusal``: the expected moves are refused with that clause
  as the ``Illegal.rule``), ``position`` -- a position link's payload
  (``g`` game, ``r`` rules version, ``s`` seats, ``o`` options, ``seed``,
  ``log``, ``h`` state hash, ``me`` the reader's seat; ``ui/position.py``) --
  and ``expect``, the moves to offer first; the catalogue keys
  ``tryit.<clause>.do`` (instruction) and ``tryit.<clause>.done``
  (explanation) are in the game's ``texts.py``; or
* ``reason``: why no position can show it (``tryit.reason.<reason>``).

A position is only ever reached by the engine: the seed and the log are
replayed with every move checked (``Match.from_save``), so no state is
written by hand. ``tools/find_tryit.py`` finds the positions by seeded
self-play.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache

from ..core.errors import BadActionText, IllegalActionError
from ..core.game import CHANCE, Game
from ..core.match import LEVELS, SAVE_FORMAT, Match
from ..games import GAMES, folder, need, part

FORMAT = "spieltisch-tryit"
VERSION = 1
KINDS = ("move", "refusal")
REASONS = ("setup", "chance", "material", "information")
DATA_FILE = "tryit.json"
FULL_LOG_VERSION = 1  # the save version whose log spells out every chance outcome
GUIDE_TURNS = 3  # the guided first game explains the clauses of the reader's first turns


_CLAUSE = re.compile(r"\*\*\[([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)\]")


RULES_DOC = "rules.md"


def clause_ids(doc_text: str) -> list[str]:
    """The clause ids a rules doc (``games/<id>/rules.md``) defines: each
    ``**[id]`` -- bold and bracketed -- in order, once."""
    return list(dict.fromkeys(_CLAUSE.findall(doc_text)))


def rules_doc(game_id: str):
    """The game's rules doc, ``games/<id>/rules.md``, beside its code (a
    checkout's file: the wheel and the site leave the docs out)."""
    return folder(game_id) / RULES_DOC


@dataclass(frozen=True)
class Scenario:
    game_id: str
    clause: str
    kind: str
    position: dict
    expect: tuple[str, ...]

    @property
    def seat(self) -> int:
        return self.position["me"]

    @property
    def instruction(self) -> str:
        return f"tryit.{self.clause}.do"

    @property
    def explanation(self) -> str:
        return f"tryit.{self.clause}.done"


class TryItError(ValueError):
    """Scenario data that does not hold (a test and the finder report it)."""


def data_path(game_id: str):
    # imported here: importlib.resources brings pathlib, tempfile and
    # urllib.parse along, start-up time the first screen does not need
    from importlib import resources

    need(game_id)  # the file is in the game's own part (docs/build.md, "The games' parts")
    return resources.files(f"spieltisch.games.{game_id}").joinpath(DATA_FILE)


@cache
def load(game_id: str) -> dict:
    """The game's scenario data (``{}`` clauses when it has none yet)."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    path = data_path(game_id)
    if not path.is_file():
        return {"format": FORMAT, "version": VERSION, "game": game_id, "clauses": {}}
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or data.get("version") != VERSION or data.get("game") != game_id:
        raise TryItError(f"games/{game_id}/{DATA_FILE} is not {FORMAT} v{VERSION} for {game_id}")
    return data


def entry(game_id: str, clause: str) -> dict | None:
    return load(game_id)["clauses"].get(clause)


def scenario(game_id: str, clause: str) -> Scenario | None:
    e = entry(game_id, clause)
    if not e or "position" not in e:
        return None
    return Scenario(game_id, clause, e["kind"], e["position"], tuple(e["expect"]))


def reason(game_id: str, clause: str) -> str | None:
    e = entry(game_id, clause)
    return e.get("reason") if e else None


def scenarios(game_id: str) -> list[Scenario]:
    return [s for c in load(game_id)["clauses"] if (s := scenario(game_id, c)) is not None]


def has_tryit(game_id: str, clause: str) -> bool:
    return scenario(game_id, clause) is not None


# ---- positions ------------------------------------------------------------------


def payload(match: Match, me: int) -> dict:
    """A position link's payload of version ``1.`` (docs/embedding.md): game,
    rules version, seats, options, seed, the whole log -- every chance
    outcome written out, so the position never depends on how a later
    version draws chance from the seed -- the state hash and ``me``."""
    save = match.to_save()
    return {"g": save["game"], "r": save["rules_version"],
            "s": [[s["name"], s["kind"], s["level"]] for s in save["seats"]],
            "o": save["options"], "seed": save["seed"], "log": [[p, t] for p, t in match.log],
            "h": save["state_hash"], "me": me}


def replay(pos: dict, *, level: str = "easy") -> Match:
    """The match at a payload's position: the reader's seat human, the others
    bots. Every move of the log is checked and the hash compared."""
    me = pos["me"]
    seats = [{"name": name, "kind": "human" if i == me else "bot",
              "level": None if i == me else (lvl if lvl in LEVELS else level)}
             for i, (name, _kind, lvl) in enumerate(pos["s"])]
    save = {"format": SAVE_FORMAT, "version": FULL_LOG_VERSION, "game": pos["g"],
            "rules_version": pos["r"], "seats": seats, "options": pos["o"], "seed": pos["seed"],
            "log": pos["log"], "state_hash": pos["h"]}
    return Match.from_save(save, GAMES)


def start(sc: Scenario) -> Match:
    """A fresh match at the scenario's position."""
    match = replay(sc.position)
    if match.to_act != sc.seat:
        raise TryItError(f"{sc.clause}: seat {sc.seat} is not to act at the position")
    return match


# ---- which clause applies --------------------------------------------------------


def clauses_module(game_id: str):
    """The game's ``clauses`` part, or None if it has none yet."""
    try:
        return part(game_id, "clauses")
    except ModuleNotFoundError:
        return None


def governs(game: Game, state, seat: int, text: str) -> tuple[str, ...]:
    """The clause ids a move brings into play at ``state``: for a legal move,
    those the game's ``clauses`` names from what the engine did; for an
    illegal one, the rule of the refusal (one id)."""
    try:
        action = game.parse_action(text)
    except BadActionText as err:
        return (err.illegal.rule,)
    why = game.check(state, seat, action)
    if why is not None:
        return (why.rule,)
    mod = clauses_module(game.info.id)
    if mod is None:
        return ()
    after = game.apply_unchecked(state, action)
    return tuple(mod.clauses(state, seat, action, after))


def try_move(match: Match, sc: Scenario, text: str) -> tuple[tuple[str, ...], bool]:
    """Make the reader's move in a try-it: ``(clauses, refused)``. A legal move
    is played (chance resolved); a refused one leaves the position as it was."""
    clauses = governs(match.game, match.state, sc.seat, text)
    try:
        match.play(text, sc.seat)
    except IllegalActionError:
        return clauses, True
    return clauses, False


def verify(sc: Scenario) -> list[str]:
    """What is wrong with a scenario (empty when it holds): the position is
    reached, it is the reader's turn, every expected move is legal and
    governed by the clause (``move``) or refused by it (``refusal``)."""
    problems = []
    try:
        match = start(sc)
    except Exception as err:
        return [f"{sc.clause}: the position does not replay: {err}"]
    if not sc.expect:
        problems.append(f"{sc.clause}: no expected move")
    legal = set(match.legal_texts(sc.seat))
    for text in sc.expect:
        got = governs(match.game, match.state, sc.seat, text)
        if sc.kind == "move":
            if text not in legal:
                problems.append(f"{sc.clause}: {text} is not legal at the position")
            elif sc.clause not in got:
                problems.append(f"{sc.clause}: {text} brings {got}, not the clause")
        elif text in legal or got != (sc.clause,):
            problems.append(f"{sc.clause}: {text} is not refused by the clause (got {got})")
    return problems


def first_clause(game: Game, state, seat: int, text: str) -> str | None:
    """The clause that governs a move most directly (for the guided game)."""
    got = governs(game, state, seat, text)
    return got[0] if got else None


def seat_to_act(match: Match) -> int | None:
    who = match.to_act
    return None if who is None or who == CHANCE else who
