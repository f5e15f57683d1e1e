"""The review as a job for a Web Worker (static/js/review-worker.js).

The worker holds one interpreter and one job at a time; every call takes
and returns JSON text, so nothing but strings crosses between JavaScript
and Python. Pure standard library: the same job runs on CPython in the
tests (tests/review/test_job.py).

    job = start(save_text, seat, overrides_json, resume_json)   # -> status JSON
    step(40)        # -> {"kind": "progress", "done", "total"} ... {"kind": "result", "result": {...}}
    cancel()        # -> {"kind": "cancelled", "result": {... "complete": false}}

A bad save, seat or setting gives ``{"kind": "error", "code": ...}`` with a
code that has a ``review.error.<code>`` text (EN and DE).
"""

from __future__ import annotations

import json

from ..core.errors import SaveError
from .engine import Review, ReviewError, settings_for

ERROR_CODES = ("bad-save", "bad-seat", "bad-settings", "failed")
_job: dict = {}


def _out(kind: str, **data) -> str:
    return json.dumps({"kind": kind, **data}, separators=(",", ":"))


def start(save_text: str, seat: int, overrides_json: str = "{}", resume_json: str = "") -> str:
    """Begin a review; a kept partial result (``resume_json``) is taken up
    when it fits (else the review starts from the beginning)."""
    _job.clear()
    try:
        data = json.loads(save_text)
    except (TypeError, ValueError):
        return _out("error", code="bad-save")
    game_id = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game_id, str) or not game_id.isidentifier():
        return _out("error", code="bad-save")
    try:
        overrides = json.loads(overrides_json or "{}")
        if not isinstance(overrides, dict):
            raise ReviewError("bad-settings", "settings must be an object")
        settings = settings_for(game_id, **overrides)
    except (ReviewError, TypeError, ValueError):
        return _out("error", code="bad-settings")
    resume = None
    if resume_json:
        try:
            resume = json.loads(resume_json)
        except ValueError:
            resume = None
    try:
        rv = Review.from_save(save_text, int(seat), settings, resume=resume)
    except SaveError:
        return _out("error", code="bad-save")
    except ReviewError as err:
        if resume is None:
            return _out("error", code=err.code if err.code in ERROR_CODES else "failed")
        rv = None
    except (TypeError, ValueError, IndexError):
        return _out("error", code="bad-seat")
    if rv is None:  # the kept partial did not fit: start again
        try:
            rv = Review.from_save(save_text, int(seat), settings)
        except (SaveError, ReviewError, TypeError, ValueError, IndexError):
            return _out("error", code="failed")
    _job["rv"] = rv
    return _out("progress", done=rv.done, total=rv.total)


def step(budget_ms: float = 40.0) -> str:
    rv = _job.get("rv")
    if rv is None:
        return _out("error", code="failed")
    p = rv.step(budget_ms)
    if p["finished"]:
        _job.clear()
        return _out("result", result=rv.result())
    return _out("progress", done=p["done"], total=p["total"])


def cancel() -> str:
    rv = _job.pop("rv", None)
    if rv is None:
        return _out("cancelled", result=None)
    rv.cancel()
    return _out("cancelled", result=rv.result())
