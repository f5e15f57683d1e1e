"""Every level returns a legal action text, for every game, at 2..max players."""

import pytest

from spieltisch.ai import LEVELS, make_bot
from spieltisch.ai.arena import play_game

from .helpers import GAMES, game_player_counts, random_positions

SMALL = {"easy": {}, "normal": {"iterations": 2}, "hard": {"iterations": 12}}


@pytest.mark.parametrize("game_id,players", game_player_counts())
def test_bots_return_legal_texts(game_id, players):
    game = GAMES[game_id]
    for k, state in enumerate(random_positions(game, players, 6, seed=players)):
        seat = game.current_player(state)
        legal = {str(a) for a in game.legal_actions(state)}
        for level in LEVELS:
            bot = make_bot(level, 100 + k, **SMALL[level])
            text = bot.choose(game, game.view(state, seat), seat)
            assert text in legal, (f"{game_id}: the {level} bot chose {text!r}, not a legal move of seat {seat} "
                                   f"({sorted(legal)[:8]}). Fix: the game's legal_actions/determinize/"
                                   f"sensible_actions must agree (docs/bots.md)")
            assert game.parse_action(text) in game.legal_actions(state)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_whole_games_with_every_level(game_id):
    """Whole matches through Match.play (which checks every move)."""
    game = GAMES[game_id]
    # Fewest players only: max players are covered position by position above.
    for players in (max(2, game.info.min_players),):
        levels = [LEVELS[i % len(LEVELS)] for i in range(players)]
        res = play_game(game, levels, seed=3, game_index=players, iterations=4,
                        normal_iterations=1)
        assert len(res["returns"]) == players
        assert abs(sum(res["returns"]) - 1.0) < 1e-9 or sum(res["returns"]) == 0


def test_unknown_level_and_bad_limits():
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)
    with pytest.raises(ValueError):
        make_bot("hard", 1, iterations=0)
    with pytest.raises(ValueError):
        make_bot("normal", 1, iterations=0)
    with pytest.raises(TypeError):
        make_bot("easy", "seed")
