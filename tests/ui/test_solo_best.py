"""brau.solo: the device's best compares only games with the same settings
(clock length, heroes on or off) — ui/solo_best.py, used by the controller."""

from spieltisch.ui.controller import MemoryStorage
from spieltisch.ui.solo_best import SoloResult, best_score

from .helpers import Hooks, new_controller, start_game


def R(score, clock="short", heroes=True, over=True, seats=1, game="brauzeit"):
    return SoloResult(game, seats, {"heroes": heroes, "clock": clock}, over, score)


def test_solo_best_only_same_clock_and_heroes():
    """brau.solo: a long game or one without heroes is not compared with a
    short one with heroes; unfinished games, other games and games with more
    seats never count."""
    mine = R(50)
    others = [R(90, clock="long"), R(80, heroes=False), R(70, over=False), R(99, seats=2),
              R(95, game="hexen_cocktail"), R(40), R(45)]
    assert best_score(mine, others) == 45
    assert best_score(R(50, clock="long"), others) == 90
    assert best_score(R(50, heroes=False), others) == 80
    assert best_score(R(50, clock="long", heroes=False), others) is None
    assert best_score(mine, [R(40), R(30)], low_wins=True) == 30


def test_solo_note_ignores_a_better_game_of_other_settings():
    """brau.solo through the controller: a finished long solo game does not
    set the best for a short one."""
    import random

    from .test_brauzeit_board import human_move

    storage = MemoryStorage()
    notes = []
    for k, clock in enumerate(("long", "short")):
        ctl = new_controller(storage)
        ctl.navigate("#/")
        start_game(ctl, [("Solo", "human", None)], 30 + k, game_id="brauzeit", options={"clock": clock})
        rnd = random.Random(k)
        while not ctl.match.is_over:
            human_move(ctl, rnd)
        notes.append(Hooks(ctl.render("overlay")).all_text)
    assert "Dein erstes Spiel allein auf diesem Gerät" in notes[0]
    assert "Dein erstes Spiel allein auf diesem Gerät" in notes[1]  # the long game does not count
