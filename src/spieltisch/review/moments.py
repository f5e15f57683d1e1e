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

from collections.abc import Iterator
from dataclasses import dataclass

from ..core.game import CHANCE, Game
from ..core.match import Match


@dataclass(frozen=True)
class Decision:
    """One decision of the seat under review."""

    number: int  # 0-based among the seat's decisions
    log_index: int  # the place of the action in ``match.log`` (the log before it has this length)
    view: dict  # game.view(state before the action, seat): all the review may know
    played: str  # the action text the seat played
    options: int  # how many legal actions the seat had


def states(match: Match) -> Iterator[tuple[int, object, int, str]]:
    """``(log index, state before the entry, player, action text)`` for every
    log entry, replayed from the start."""
    game = match.game
    state = game.new_state(len(match.seats), match.options)
    for k, (player, text) in enumerate(match.log):
        yield k, state, player, text
        state = game.apply_unchecked(state, game.parse_action(text))


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


def prefix(match: Match, log_index: int) -> Match:
    """A new match holding the first ``log_index`` entries of ``match``'s log
    (chance outcomes forced where the original forced them, else drawn from
    the seed at the same place, as a save replays). Nothing after
    ``log_index`` is played, and no chance is drawn past it."""
    if not 0 <= log_index <= len(match.log):
        raise ValueError("log_index is outside the log")
    m = Match(match.game, list(match.seats), dict(match.options), match.seed, auto_chance=False)
    for player, text in match.log[:log_index]:
        if player == CHANCE:
            m.play_chance(text)
        else:
            m.play(text, player)
    m.auto_chance = True
    return m
