"""The review of one seat's game, in steps a browser worker can drive.

    from spieltisch.review import Review, Settings
    rv = Review(match, seat)                 # or Review.from_save(text, seat)
    while not rv.finished:
        progress = rv.step(40)               # about 40 ms of work: {"done", "total", "finished"}
    result = rv.result()                     # JSON-safe; keep it with the save

The numbers depend on the settings and on what the seat could see at each
decision -- never on the true hidden state, the save's seed, the wall
clock or how the work was sliced. See docs/review.md.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import asdict, dataclass, replace

from ..core.match import Match
from .moments import Decision, decisions
from .search import ENGINE, Plan, evaluate

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

_clock = time.perf_counter


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
        path = resources.files(f"spieltisch.games.{game_id}").joinpath(DEFAULTS_FILE)
        if not path.is_file():
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ModuleNotFoundError, OSError, ValueError):
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


class Review:
    """One seat's review, computed decision by decision.

    ``resume`` is an earlier (partial) result of the same save, seat and
    settings: its decisions are kept and the work goes on from there."""

    def __init__(self, match: Match, seat: int, settings: Settings | None = None, *,
                 resume: dict | None = None):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(match.seats):
            raise ReviewError("bad-seat", f"seat must be 0..{len(match.seats) - 1}")
        self.match = match
        self.seat = seat
        self.settings = settings or settings_for(match.game.info.id)
        self.mode = mode_of(match)
        self.moments: list[Decision] = decisions(match, seat)
        out = match.outcome()
        # fewer points better? Known from the outcome; a running game counts higher as better
        # (every one-seat game there is, Brauzeit solo, scores upward)
        self.low_wins = bool(out is not None and out.low_wins)
        self.plan = Plan(self.settings.seed, self.settings.per_decision(len(self.moments)),
                         self.settings.depth, self.settings.candidates, self.mode,
                         self.low_wins and self.mode == "score",
                         refine_at=THRESHOLDS[self.mode][-1][1] / 2)
        self.rows: list[dict] = []
        self.cancelled = False
        self._work = None
        self.elapsed_ms = 0.0
        if resume is not None:
            self._resume(resume)

    # ---- driving -------------------------------------------------------------------
    @classmethod
    def from_save(cls, text_or_data, seat: int | None = None, settings: Settings | None = None, *,
                  games=None, resume: dict | None = None) -> Review:
        """Replay a save (``Match.from_save``: every field and move checked;
        raises ``SaveError``); ``seat`` defaults to the first human seat."""
        if games is None:
            from ..games import GAMES as games
        match = Match.from_save(text_or_data, games)
        if seat is None:
            seat = next((i for i, s in enumerate(match.seats) if not s.is_bot), 0)
        return cls(match, seat, settings, resume=resume)

    @property
    def total(self) -> int:
        return len(self.moments)

    @property
    def done(self) -> int:
        return len(self.rows)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def progress(self) -> dict:
        return {"done": self.done, "total": self.total, "finished": self.finished,
                "cancelled": self.cancelled}

    def units(self):
        """The whole review as a generator: one ``yield`` per small unit of
        work (a few play-outs), each yielding :meth:`progress`."""
        while not self.finished and not self.cancelled:
            d = self.moments[self.done]
            work = evaluate(self.match.game, d.view, self.seat, d.played, self.plan)
            try:
                while True:
                    next(work)
                    yield self.progress()
            except StopIteration as stop:
                self.rows.append(self._row(d, stop.value))
            yield self.progress()

    def step(self, budget_ms: float = 40.0) -> dict:
        """Work for about ``budget_ms`` (at least one unit), then return
        :meth:`progress`. Call again until ``finished``."""
        if self._work is None:
            self._work = self.units()
        start = _clock()
        deadline = start + max(0.0, float(budget_ms)) / 1000.0
        try:
            while True:
                next(self._work)
                if _clock() >= deadline:
                    break
        except StopIteration:
            pass
        self.elapsed_ms += (_clock() - start) * 1000.0
        return self.progress()

    def cancel(self) -> dict:
        """Stop; :meth:`result` then holds the decisions done (``complete``
        false), which ``resume`` can take up later."""
        self.cancelled = True
        self._work = None
        return self.progress()

    def run(self) -> dict:
        while not self.finished and not self.cancelled:
            self.step(1000.0)
        return self.result()

    # ---- the result ----------------------------------------------------------------
    def _row(self, d: Decision, ev) -> dict:
        drop = ev.drop
        return {
            "n": d.number, "log": d.log_index, "options": d.options,
            "played": ev.played, "best": ev.best,
            "value_played": _r(ev.value_played), "value_best": _r(ev.value_best),
            "drop": _r(drop), "se": _r(ev.se), "samples": ev.samples,
            "class": classify(self.mode, _r(drop), _r(ev.se)),
            "moves": [[t, _r(v), n] for t, v, n in ev.options],
        }

    def fingerprint(self) -> dict:
        return fingerprint(self.match)

    def result(self) -> dict:
        rows = list(self.rows)
        return {
            "format": FORMAT, "version": VERSION, "engine": ENGINE,
            "game": self.match.game.info.id, "seat": self.seat, "players": len(self.match.seats),
            "mode": self.mode, "low_wins": self.low_wins and self.mode == "score",
            "settings": self.settings.to_json(), "playouts": self.plan.playouts,
            "save": self.fingerprint(), "total": self.total, "complete": len(rows) >= self.total,
            "decisions": rows, "summary": summarize(self.mode, rows),
        }

    def _resume(self, data: dict) -> None:
        try:
            checked = check_result(data)
        except ReviewError:
            return  # a damaged earlier result is simply not used
        same = (checked["save"] == self.fingerprint() and checked["seat"] == self.seat
                and checked["engine"] == ENGINE and checked["settings"] == self.settings.to_json())
        if not same:
            return
        rows = checked["decisions"]
        for i, row in enumerate(rows):
            d = self.moments[i] if i < len(self.moments) else None
            if d is None or row["n"] != i or row["log"] != d.log_index or row["played"] != d.played:
                return
        self.rows = [dict(r) for r in rows[: self.total]]


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


def review(match: Match, seat: int, settings: Settings | None = None) -> dict:
    """The whole review at once (CPython tools and tests)."""
    return Review(match, seat, settings).run()


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
