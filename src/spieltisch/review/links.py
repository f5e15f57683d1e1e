""""Try the better move": a flagged decision as a position link.

    link = try_better(match, result, n)
    # {"n": 7, "seat": 0, "code": "2.…", "route": "#/position/2.…", "move": "play:R3:2"}

The link is the one the share panel makes (``ui/position.py``): the game up
to the moment of that decision, opened from the reviewed seat (the reader
plays it; every other seat becomes a bot). ``move`` is the better move's
action text, legal there, for the page to offer or play first.
"""

from __future__ import annotations

from ..core.match import Match
from ..ui import position
from . import result as engine
from .replay import prefix


def try_better(match: Match, result: dict, n: int) -> dict:
    """The position link of decision ``n`` (0-based) of a checked result."""
    result = engine.check_result(result)
    rows = result["decisions"]
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < len(rows):
        raise engine.ReviewError("bad-moment", "no such decision in this review")
    row = rows[n]
    seat = result["seat"]
    if row["log"] >= len(match.log) or tuple(match.log[row["log"]]) != (seat, row["played"]):
        raise engine.ReviewError("stale", "the review does not belong to this game")
    at = prefix(match, row["log"])
    if row["best"] not in at.legal_texts(seat):
        raise engine.ReviewError("stale", "the better move is not legal there")
    code = position.encode(at, seat)
    return {"n": n, "seat": seat, "code": code, "route": f"#/position/{code}", "move": row["best"]}


def flagged_links(match: Match, result: dict) -> list[dict]:
    """``try_better`` for every flagged decision, biggest drop first."""
    checked = engine.check_result(result)
    return [try_better(match, checked, n) for n in checked["summary"]["flagged"]]
