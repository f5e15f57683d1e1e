"""After the game: what was hidden at a moment (hands, roles, closed books).

    shown = hidden_at(match, log_index, seat)

Two kinds of hidden: what another seat saw and this one did not (every
seat's own view), and what *no* seat saw -- the cards never dealt, the draw
pile, face-down goal cards, closed books -- from the true state of that
moment, by the game's ``games/<id>/review.py`` ``unseen(state)`` (a game of
perfect information, Brauzeit, has none: its view is the whole state).

This is the switch "show what was really there" of the review screen, off
by default. It is never used by the judgement (``engine``/``search`` read
the seat's view only; tests/review/test_hidden_info.py checks that the
numbers do not change with anything the seat could not see). It is refused
while the game is still on: during a game it would show every hand.
"""

from __future__ import annotations

from importlib import import_module

from ..core.match import Match
from .replay import states
from .result import ReviewError


def hidden_at(match: Match, log_index: int, seat: int, *, finished_only: bool = True) -> dict:
    """At the moment before log entry ``log_index``: ``views``, every seat's
    own view (what each could see, ``views[seat]`` being the reviewed
    seat's); ``state``, the whole position as the rules hold it
    (``state_to_json``: also what nobody saw, such as the draw pile or the
    closed books); ``others``, the seats whose view holds something the
    reviewed seat's does not (JSON-safe, like a view); ``unseen``, what no
    seat saw (:func:`unseen`; ``None`` for a game without the hook)."""
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
            "others": others, "unseen": unseen(game, state)}


def unseen_hook(game):
    """The game's ``unseen(state)`` (its folder's ``review.py``), or ``None``."""
    try:
        hook = import_module(f"spieltisch.games.{game.info.id}.review")
    except ModuleNotFoundError as err:
        if err.name != f"spieltisch.games.{game.info.id}.review":
            raise
        return None
    return getattr(hook, "unseen", None)


def unseen(game, state) -> list[dict] | None:
    """What no seat saw in ``state``: ``[{"pile", "param", "items"}, ...]``
    (the items are named by the game's board ``param(param, item)``, and by
    their place where the pile has ``places``; a pile's words are
    ``review.unseen.<pile>``), or ``None`` when the game has no
    hook (nothing is hidden from everyone: a game of perfect information)."""
    hook = unseen_hook(game)
    if hook is None:
        return None
    out = []
    for p in hook(state):
        pile = {"pile": str(p["pile"]), "param": str(p["param"]), "items": list(p["items"])}
        if "places" in p:  # where each item lies (from 1), e.g. a closed book's place
            pile["places"] = [int(x) for x in p["places"]]
        out.append(pile)
    return out


def _differs(view: dict, mine: dict) -> bool:
    keys = set(view) | set(mine)
    return any(view.get(k) != mine.get(k) for k in keys if k != "viewer")
