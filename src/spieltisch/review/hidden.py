"""After the game: what was hidden at a moment (hands, roles, closed books).

    shown = hidden_at(match, log_index, seat)

This is the switch "show what was really there" of the review screen, off
by default. It is never used by the judgement (``engine``/``search`` read
the seat's view only; tests/review/test_hidden_info.py checks that the
numbers do not change with anything the seat could not see). It is refused
while the game is still on: during a game it would show every hand.
"""

from __future__ import annotations

from ..core.match import Match
from .replay import states
from .result import ReviewError


def hidden_at(match: Match, log_index: int, seat: int, *, finished_only: bool = True) -> dict:
    """At the moment before log entry ``log_index``: ``views``, every seat's
    own view (what each could see, ``views[seat]`` being the reviewed
    seat's); ``state``, the whole position as the rules hold it
    (``state_to_json``: also what nobody saw, such as the draw pile or the
    closed books); ``others``, the seats whose view holds something the
    reviewed seat's does not (JSON-safe, like a view)."""
    if finished_only and not match.is_over:
        raise ReviewError("not-over", "what was hidden is shown after the game only")
    if isinstance(log_index, bool) or not isinstance(log_index, int) or not 0 <= log_index <= len(match.log):
        raise ReviewError("bad-moment", "no such moment in this game")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(match.seats):
        raise ReviewError("bad-seat", "no such seat")
    game = match.game
    state = match.state
    if log_index < len(match.log):
        for k, before, _player, _text in states(match):
            if k == log_index:
                state = before
                break
    views = [game.view(state, s) for s in range(len(match.seats))]
    mine = views[seat]
    others = [s for s, v in enumerate(views) if s != seat and _differs(v, mine)]
    return {"log": log_index, "seat": seat, "views": views, "state": game.state_to_json(state),
            "others": others}


def _differs(view: dict, mine: dict) -> bool:
    keys = set(view) | set(mine)
    return any(view.get(k) != mine.get(k) for k in keys if k != "viewer")
