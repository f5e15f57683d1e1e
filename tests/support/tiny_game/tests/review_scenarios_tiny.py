"""Review scenarios of Tiny Cauldron (tests/review/test_scenarios.py): in the
copy of tests/test_new_game.py this becomes tests/review/scenarios/tiny.py."""

from __future__ import annotations

from spieltisch.games import GAMES

from ..helpers import Builder
from . import NotFound

# Nothing is hidden and chance acts only at the start: no move can be right
# by what the player knew and go wrong by what it did not.
unlucky = None
NO_UNLUCKY = "Tiny Cauldron hides nothing and has no chance after its start."


def bad():
    """tiny.win: with 12 to 14 drops in, the player to act can fill the
    cauldron to 15 and win at once, and adds one drop instead (the next
    player then wins)."""
    g = GAMES["tiny"]
    for seed in range(1, 40):
        b = Builder(g, 2, seed, humans=(0, 1))
        while not b.match.is_over:
            b.resolve()
            s = b.state
            if 12 <= s.total <= 13:
                seat = b.match.to_act
                k = b.play(next(a for a in g.legal_actions(s) if a.drops == 1))
                return b.finish(), seat, k
            b.bot_move()
    raise NotFound("no position at 12 or 13 drops found")
