"""hard beats easy on a fixed, seeded sample (2 players, iteration cap)."""

import pytest

from .helpers import GAMES
from spieltisch.ai.arena import run

GAMES_PER_MATCHUP = 24  # 12 deals, each with both seat orders


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_beats_easy(game_id):
    r = run(game_id, 2, GAMES_PER_MATCHUP, ["hard", "easy"], seed=2024, iterations=20)
    hard = r["levels"]["hard"]
    # measured 21 of 24 (0.875) with this sample; 0.5 is a coin toss
    assert hard["win_rate"] >= 0.65, hard
