"""step(budget_ms) hands control back quickly (behaviour, not a benchmark)."""

import time

import pytest

from spieltisch.ai import make_bot

from .helpers import GAMES, random_positions

BOUND_MS = 200.0  # generous: step(10) should come back in ~10 ms


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_step_returns_within_a_small_budget(game_id):
    game = GAMES[game_id]
    players = game.info.max_players  # the heaviest determinisations and rollouts
    for state in random_positions(game, players, 2, seed=13):
        seat = game.current_player(state)
        legal = {str(a) for a in game.legal_actions(state)}
        search = make_bot("hard", 1, time_budget_ms=300).start(game, game.view(state, seat), seat)
        worst = 0.0
        for _ in range(500):
            t = time.perf_counter()
            text = search.step(10)
            worst = max(worst, (time.perf_counter() - t) * 1000.0)
            if text is not None:
                break
        assert text in legal
        assert worst < BOUND_MS, worst
        assert search.done and search.result == text
        assert search.step(10) == text  # stays answered


def test_thinking_takes_several_steps_and_start_is_cheap():
    game = next(iter(GAMES.values()))
    state = random_positions(game, 2, 1, seed=2)[0]
    while len(game.legal_actions(state)) < 2:
        state = random_positions(game, 2, 1, seed=3)[0]
    seat = game.current_player(state)
    t = time.perf_counter()
    search = make_bot("hard", 1, iterations=10_000).start(game, game.view(state, seat), seat)
    assert (time.perf_counter() - t) * 1000.0 < BOUND_MS
    assert search.step(5) is None  # 10,000 iterations do not fit in 5 ms
    assert search.stats["iterations"] > 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_single_legal_action_is_returned_at_once(level):
    game = next(iter(GAMES.values()))
    for seed in range(200):
        states = [s for s in random_positions(game, 2, 5, seed=seed)
                  if len(game.legal_actions(s)) == 1]
        if states:
            break
    else:
        raise AssertionError("no position with a single legal action found")
    state = states[0]
    seat = game.current_player(state)
    search = make_bot(level, 1, iterations=10_000).start(game, game.view(state, seat), seat)
    assert search.step(1) == str(game.legal_actions(state)[0])
    assert search.stats["iterations"] == 0
