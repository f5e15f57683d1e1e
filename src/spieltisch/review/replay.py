"""Replaying a game's log: every state on the way, and the game up to a
moment. Used by the engine (``moments``) and by the page (the words, the
position links, what was hidden), which never imports the engine.

Replaying uses ``apply_unchecked``: a ``Match`` has already checked every
entry of its log (``Match.from_save`` replays a save checked).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.game import CHANCE
from ..core.match import Match


def states(match: Match) -> Iterator[tuple[int, object, int, str]]:
    """``(log index, state before the entry, player, action text)`` for every
    log entry, replayed from the start."""
    game = match.game
    state = game.new_state(len(match.seats), match.options)
    for k, (player, text) in enumerate(match.log):
        yield k, state, player, text
        state = game.apply_unchecked(state, game.parse_action(text))


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
