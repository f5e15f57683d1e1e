"""A review's result as the page reads it: the settings, the marks, the
check of a kept result -- everything but the search (docs/review.md, "In the
browser").

The page draws a kept result (words, chart, table, links) with this module
and never imports the engine (``engine``, ``search``, ``moments``, ``job``):
those run in the review's Web Worker only, from ``static/build/review.zip``
(tools/build.py), so the page's app.zip and runtime image do not hold them
(tests/test_startup_imports.py, tests/test_image_build.py).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, replace

from ..core.match import Match
from ..games import need

ENGINE = 5  # bump when the numbers for the same view and settings change
FORMAT = "spieltisch-review"
VERSION = 1

# The drop that makes a move an inaccuracy, a mistake, a blunder -- in the
# seat's chance to win (lichess's 0.1 / 0.2 / 0.3 of its winning-chances
# scale, which runs from -1 to 1, are 5 / 10 / 15 percentage points), or in
# points for a game about its score (a one-seat game; docs/review.md).
THRESHOLDS = {
    "win": (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05)),
    "score": (("blunder", 7.0), ("mistake", 4.0), ("inaccuracy", 2.0)),
}
CLASSES = ("inaccuracy", "mistake", "blunder")
MIN_Z = 2.0  # a drop is flagged only when it is at least twice its standard error

class ReviewError(ValueError):
    """A review that cannot be made or a stored result that cannot be used;
    ``code`` says why in a stable word."""

    def __init__(self, code: str, message: str = ""):
        super().__init__(message or code)
        self.code = code


@dataclass(frozen=True)
class Settings:
    """How hard the review looks. With ``playouts`` unset, each decision gets
    ``budget`` divided by the number of decisions, within
    ``min_playouts``..``max_playouts`` (so a long game does not take longer
    than a short one by much); the result records the number used."""

    seed: int = 1
    budget: int = 8000  # samples for the whole review
    playouts: int | None = None  # samples per decision (overrides budget)
    min_playouts: int = 32
    max_playouts: int = 256
    depth: int = 1  # play-outs stop when the seat is to act the depth-th time again; 0: right after; -1: the end
    candidates: int = 10

    def per_decision(self, count: int) -> int:
        if self.playouts is not None:
            return max(2, int(self.playouts))
        if count <= 0:
            return self.max_playouts
        return max(self.min_playouts, min(self.max_playouts, self.budget // count))

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Settings:
        if not isinstance(data, dict):
            raise ReviewError("bad-settings", "settings must be an object")
        out = cls()
        for name, _default in asdict(out).items():
            if name not in data:
                continue
            v = data[name]
            if name == "playouts" and v is None:
                continue
            if isinstance(v, bool) or not isinstance(v, int) or not -1 <= v < (1 << 53):
                raise ReviewError("bad-settings", f"{name} must be a whole number")
            out = replace(out, **{name: v})
        if out.depth < -1 or out.candidates < 2 or out.min_playouts < 2 or out.max_playouts < out.min_playouts:
            raise ReviewError("bad-settings", "settings out of range")
        if (out.playouts is not None and not 2 <= out.playouts <= 100_000) or out.max_playouts > 100_000:
            raise ReviewError("bad-settings", "too many play-outs")
        return out


DEFAULTS_FILE = "review.json"  # optional, in a game's folder: {"settings": {...}, "why": "..."}


def game_defaults(game_id: str) -> dict:
    """A game's own defaults for its review (``games/<id>/review.json``), or
    ``{}``: e.g. Saboteur measures a move right after it and its draw, since
    its play-outs cost ten times another game's (docs/review.md)."""
    from importlib import resources  # imported here: a heavy module, needed once per game

    try:
        need(game_id)  # the file is in the game's own part (docs/build.md, "The games' parts")
        path = resources.files(f"spieltisch.games.{game_id}").joinpath(DEFAULTS_FILE)
        if not path.is_file():
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ImportError, OSError, ValueError):  # ImportError: no such game, or its part is not here
        return {}
    settings = data.get("settings") if isinstance(data, dict) else None
    return dict(settings) if isinstance(settings, dict) else {}


def settings_for(game_id: str, **overrides) -> Settings:
    """The default settings for a game's review (its ``review.json`` over the
    general defaults), then ``overrides`` (those that are not ``None``)."""
    data = {**game_defaults(game_id), **{k: v for k, v in overrides.items() if v is not None}}
    return Settings.from_json(data)


def mode_of(match: Match) -> str:
    """What the numbers are: ``"score"`` (expected final points) for a game of
    one seat, where winning means nothing; else ``"win"`` (the chance to win,
    a shared win counting its share)."""
    return "score" if len(match.seats) == 1 else "win"


def classify(mode: str, drop: float, se: float) -> str | None:
    """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``None``."""
    if drop < MIN_Z * se:
        return None
    for name, limit in THRESHOLDS[mode]:
        if drop >= limit - 1e-12:
            return name
    return None


def _r(x: float) -> float:
    return round(float(x), 4)


def summarize(mode: str, rows: list[dict]) -> dict:
    """Counts per class, the biggest drop, the lowest and highest value of the
    move played (a comeback: how low it went before the end)."""
    counts = dict.fromkeys(CLASSES, 0)
    for r in rows:
        if r["class"] in counts:
            counts[r["class"]] += 1
    flagged = sorted((r for r in rows if r["class"]), key=lambda r: (-r["drop"], r["n"]))
    biggest = max(rows, key=lambda r: (r["drop"], -r["n"]), default=None)
    low = min(rows, key=lambda r: (r["value_played"], r["n"]), default=None)
    return {
        "counts": counts,
        "flagged": [r["n"] for r in flagged],
        "biggest": None if biggest is None or biggest["drop"] <= 0 else biggest["n"],
        "low": None if low is None else {"n": low["n"], "value": low["value_played"]},
        "mean_drop": _r(math.fsum(r["drop"] for r in rows) / len(rows)) if rows else 0.0,
    }


def fingerprint(match: Match) -> dict:
    """What a result records of the game it reviewed (``result["save"]``)."""
    return {"game": match.game.info.id, "rules_version": match.game.info.rules_version,
            "length": len(match.log), "state_hash": match.game.state_hash(match.state)}


def result_fits(result: object, match: Match, seat: int, settings: Settings | None = None) -> bool:
    """Is a kept result the finished review of this game as it is now, of
    this seat, by this engine (and with these settings, if given)? A page
    shows a kept result only then, and otherwise reviews again (or resumes
    a partial one: ``Review(..., resume=result)``)."""
    try:
        checked = check_result(result)
    except ReviewError:
        return False
    return (checked["complete"] and checked["seat"] == seat and checked["engine"] == ENGINE
            and checked["save"] == fingerprint(match)
            and (settings is None or checked["settings"] == settings.to_json()))


# ---- reading a stored result ---------------------------------------------------------------

MAX_DECISIONS = 5000
MAX_TEXT = 200


def _num(x, lo=-1e9, hi=1e9) -> bool:
    return (isinstance(x, (int, float)) and not isinstance(x, bool) and x == x and lo <= x <= hi)


def _int(x, lo=0, hi=1 << 53) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def check_result(data: object) -> dict:
    """A stored review result (kept with a save, so untrusted), checked field
    by field; raises :class:`ReviewError` (``not-a-review``, ``version``,
    ``bad-field``). Returns a copy whose ``summary`` is computed again."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReviewError("not-a-review", "not a review result")
    if data.get("version") != VERSION:
        raise ReviewError("version", "a review of another version")
    if not _int(data.get("engine")):
        raise ReviewError("bad-field", "engine")
    for key in ("seat", "players", "total", "playouts"):
        if not _int(data.get(key), 0, MAX_DECISIONS * 1000):
            raise ReviewError("bad-field", key)
    if data.get("mode") not in THRESHOLDS or not isinstance(data.get("complete"), bool):
        raise ReviewError("bad-field", "mode")
    if not isinstance(data.get("game"), str) or len(data["game"]) > 64:
        raise ReviewError("bad-field", "game")
    Settings.from_json(data.get("settings"))
    save = data.get("save")
    if (not isinstance(save, dict) or not isinstance(save.get("game"), str)
            or not _int(save.get("length")) or not _int(save.get("rules_version"))
            or not isinstance(save.get("state_hash"), str) or len(save["state_hash"]) > 128):
        raise ReviewError("bad-field", "save")
    rows = data.get("decisions")
    if not isinstance(rows, list) or len(rows) > MAX_DECISIONS or len(rows) > data["total"]:
        raise ReviewError("bad-field", "decisions")
    for i, r in enumerate(rows):
        if not isinstance(r, dict) or r.get("n") != i:
            raise ReviewError("bad-field", f"decision {i}")
        ok = (_int(r.get("log")) and _int(r.get("options")) and _int(r.get("samples"))
              and all(isinstance(r.get(k), str) and len(r[k]) <= MAX_TEXT for k in ("played", "best"))
              and all(_num(r.get(k)) for k in ("value_played", "value_best", "drop", "se"))
              and r.get("class") in (None, *CLASSES) and isinstance(r.get("moves"), list)
              and len(r["moves"]) <= 16
              and all(isinstance(m, list) and len(m) == 3 and isinstance(m[0], str) and len(m[0]) <= MAX_TEXT
                      and _num(m[1]) and _int(m[2]) for m in r["moves"]))
        if not ok:
            raise ReviewError("bad-field", f"decision {i}")
    return {**data, "summary": summarize(data["mode"], rows)}  # the summary is never trusted
