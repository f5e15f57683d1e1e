"""The moments a review looks at: a seat's decisions in a game's log.

A *decision* is a place in the log where the seat was to act and had more
than one legal action (a turn with one legal action is no choice and is not
reviewed). For each one this keeps what the review may use -- the seat's
view at that moment and the action it played -- and where it is in the log,
so that the UI can rebuild the position (``prefix``) for a position link or
for the after-the-game reveal (``hidden.py``).

Replaying uses ``apply_unchecked``: a ``Match`` has already checked every
entry of its log (``Match.from_save`` replays a save checked).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.game import CHANCE, Game
from ..core.match import Match
from .replay import prefix, states

__all__ = ["Decision", "decisions", "prefix", "states"]


@dataclass(frozen=True)
class Decision:
    """One decision of the seat under review."""

    number: int  # 0-based among the seat's decisions
    log_index: int  # the place of the action in ``match.log`` (the log before it has this length)
    view: dict  # game.view(state before the action, seat): all the review may know
    played: str  # the action text the seat played
    options: int  # how many legal actions the seat had


def decisions(match: Match, seat: int) -> list[Decision]:
    """Every decision of ``seat`` in ``match.log``, oldest first."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(match.seats):
        raise ValueError(f"seat must be 0..{len(match.seats) - 1}")
    game: Game = match.game
    out: list[Decision] = []
    for k, state, player, text in states(match):
        if player != seat or player == CHANCE:
            continue
        legal = game.legal_actions(state)
        if len(legal) < 2:
            continue
        out.append(Decision(len(out), k, game.view(state, seat), text, len(legal)))
    return out
