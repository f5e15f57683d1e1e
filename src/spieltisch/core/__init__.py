"""The engine contract shared by every game: see docs/engine.md."""

from .errors import Illegal, IllegalActionError, SaveError
from .game import CHANCE, Game, GameInfo, Outcome
from .match import Match, Seat
from .rng import Rng

__all__ = [
    "CHANCE", "Game", "GameInfo", "Illegal", "IllegalActionError", "Match",
    "Outcome", "Rng", "SaveError", "Seat",
]
