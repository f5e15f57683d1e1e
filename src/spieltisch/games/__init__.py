"""The registry of games. A game is listed here once its rules exist."""

from __future__ import annotations

from ..core.game import Game
from .brauzeit import GAME as BRAUZEIT
from .hexen_cocktail import GAME as HEXEN_COCKTAIL
from .saboteur import GAME as SABOTEUR

GAMES: dict[str, Game] = {g.info.id: g for g in (HEXEN_COCKTAIL, SABOTEUR, BRAUZEIT)}

# Every game of the site, in hub order; those not in GAMES show "coming soon".
CATALOGUE: tuple[str, ...] = (
    "hexen_cocktail", "saboteur", "potions_brew", "saus_und_braus", "brauzeit",
)


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
