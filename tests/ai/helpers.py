"""Seeded positions for bot tests: every registered game, 2..max players."""

from __future__ import annotations

from spieltisch.core.game import CHANCE
from spieltisch.core.rng import Rng, mix_seed
from spieltisch.games import GAMES


def game_player_counts():
    """(game id, players) for every registered game at 2..max players."""
    out = []
    for gid, game in GAMES.items():
        for n in range(max(2, game.info.min_players), game.info.max_players + 1):
            out.append((gid, n))
    return out


def random_positions(game, players: int, count: int, seed: int):
    """``count`` states where a seat is to act, from seeded random playouts
    (chance by weight, seats uniformly at random), spread over the game."""
    found = []
    attempt = 0
    while len(found) < count and attempt < 50 * count:
        rng = Rng(mix_seed("ai-positions", game.info.id, players, seed, attempt))
        attempt += 1
        state = game.new_state(players, {})
        stop_after = rng.below(game.info.max_length)
        steps = 0
        last_seat_state = None
        while True:
            p = game.current_player(state)
            if p is None:
                break
            if p == CHANCE:
                outcomes = game.chance_outcomes(state)
                action = outcomes[rng.weighted_index([w for _, w in outcomes])][0]
            else:
                last_seat_state = state
                if steps >= stop_after:
                    break
                legal = game.legal_actions(state)
                action = legal[rng.below(len(legal))]
            state = game.apply_unchecked(state, action)
            steps += 1
        if last_seat_state is not None:
            found.append(last_seat_state)
    return found
