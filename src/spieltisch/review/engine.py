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

import time

from ..core.match import Match
from .moments import Decision, decisions
from .result import (  # noqa: F401 -- the names a caller of the engine knows it by
    CLASSES,
    ENGINE,
    FORMAT,
    MIN_Z,
    THRESHOLDS,
    VERSION,
    ReviewError,
    Settings,
    _r,
    check_result,
    classify,
    fingerprint,
    game_defaults,
    mode_of,
    result_fits,
    settings_for,
    summarize,
)
from .search import Plan, evaluate

_clock = time.perf_counter



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
                         refine_at=THRESHOLDS[self.mode][-1][1] / 2,
                         skip_below=THRESHOLDS[self.mode][-1][1] / 2)
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


def review(match: Match, seat: int, settings: Settings | None = None) -> dict:
    """The whole review at once (CPython tools and tests)."""
    return Review(match, seat, settings).run()
