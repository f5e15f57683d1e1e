"""A bot decides from the seat's view alone: it cannot read the true state."""

import copy

import pytest

from spieltisch.ai import LEVELS, NotMyTurn, make_bot
from spieltisch.core.rng import Rng

from .helpers import GAMES, random_positions

LIMITS = {"easy": {}, "normal": {"iterations": 3}, "hard": {"iterations": 60}}


def _twin(game, state, seat, salt):
    """Another true state that this seat cannot tell apart from ``state``."""
    view = game.view(state, seat)
    for k in range(50):
        other = game.determinize(view, seat, Rng(1000 * salt + k))
        if game.state_to_json(other) != game.state_to_json(state):
            assert game.view(other, seat) == view
            return other
    return None


HIDDEN = sorted(g for g, game in GAMES.items() if not game.info.perfect_information)


def test_there_is_a_game_with_hidden_information():
    assert HIDDEN


@pytest.mark.parametrize("game_id", HIDDEN)
def test_same_view_different_truth_same_decision(game_id):
    game = GAMES[game_id]
    checked = 0
    for players in sorted({max(2, game.info.min_players), game.info.max_players}):
        for k, state in enumerate(random_positions(game, players, 4, seed=77)):
            seat = game.current_player(state)
            twin = _twin(game, state, seat, k)
            if twin is None:
                continue  # nothing hidden at this point
            checked += 1
            for level in LEVELS:
                a = make_bot(level, 5, **LIMITS[level]).choose(game, game.view(state, seat), seat)
                b = make_bot(level, 5, **LIMITS[level]).choose(game, game.view(twin, seat), seat)
                assert a == b, (level, a, b)
    assert checked > 0


def test_start_takes_a_view_not_a_state():
    game = next(iter(GAMES.values()))
    state = random_positions(game, 2, 1, seed=1)[0]
    seat = game.current_player(state)
    for level in LEVELS:
        with pytest.raises(TypeError):
            make_bot(level, 1).start(game, state, seat)


def test_bot_does_not_change_the_view():
    game = next(iter(GAMES.values()))
    for state in random_positions(game, 3, 3, seed=4):
        seat = game.current_player(state)
        view = game.view(state, seat)
        before = copy.deepcopy(view)
        for level in LEVELS:
            make_bot(level, 2, **LIMITS[level]).choose(game, view, seat)
        assert view == before


def test_refuses_a_view_where_the_seat_is_not_to_act():
    game = next(iter(GAMES.values()))
    state = random_positions(game, 2, 1, seed=9)[0]
    seat = game.current_player(state)
    other = (seat + 1) % 2
    for level in LEVELS:
        with pytest.raises(NotMyTurn):
            make_bot(level, 1, **LIMITS[level]).choose(game, game.view(state, other), other)


def test_refuses_another_seats_view():
    game = next(iter(GAMES.values()))
    state = random_positions(game, 2, 1, seed=9)[0]
    seat = game.current_player(state)
    view = game.view(state, (seat + 1) % 2)
    assert view["viewer"] == (seat + 1) % 2  # the contract: a view names its viewer
    for level in LEVELS:
        with pytest.raises(ValueError):
            make_bot(level, 1).start(game, view, seat)
