"""Engine contract: every registered game passes the generic checks."""

import pytest
from support import registry

from spieltisch.core.contract import check_game
from spieltisch.games import GAMES

CASES = []
for gid in sorted(registry.GAME_IDS):
    game = GAMES[gid]
    counts = sorted({game.info.min_players, (game.info.min_players + game.info.max_players) // 2,
                     game.info.max_players})
    CASES += [(gid, n) for n in counts]


@pytest.mark.parametrize("gid,players", CASES)
def test_contract(gid, players):
    """Includes check_play_anywhere (issue 10, item 10): every action text
    legal anywhere, played through Match.play at other positions, succeeds
    or raises IllegalActionError and leaves the match unchanged."""
    try:
        stats = check_game(GAMES[gid], players, seeds=range(6))
    except AssertionError as err:  # the contract's message names the seed and the step
        raise AssertionError(registry.problem(gid, f"the engine contract fails at {players} players: {err}",
                                              "see docs/engine.md (the table of methods, Decisions)")) from None
    assert stats["games"] == 6 and stats["actions"] > 0 and stats["plays_anywhere"] > 0
