"""Match.save_log seals each seat action once (a per-match cache, for the
cost of a save after every move): the saved log must be exactly what
sealing from scratch gives, after undos and new moves too."""

from __future__ import annotations

import random

from spieltisch.core import Match, Seat
from spieltisch.core.match import CHANCE
from spieltisch.core.saves import seal_action
from spieltisch.games import GAMES


def from_scratch(m: Match) -> list[list]:
    out = []
    for i, (p, t) in enumerate(m.log):
        if p != CHANCE:
            out.append([p, seal_action(t, m.seed, len(out))])
        elif i in m.forced:
            out.append([p, t, i])
    return out


def test_cached_seals_equal_fresh_ones_through_undo():
    game = GAMES["saboteur"]
    m = Match(game, [Seat("A"), Seat("B"), Seat("C")], seed=11)
    rnd = random.Random(4)
    undone = 0
    for step in range(120):
        if m.is_over:
            break
        seat = m.to_act
        m.play(rnd.choice(m.legal_texts()))
        if step % 7 == 3 and m.undo(seat):
            undone += 1
            m.play(rnd.choice(m.legal_texts()))  # another move in the undone one's place
        assert m.save_log() == from_scratch(m)
    assert undone > 0
    again = Match.from_save(m.to_save_text(), GAMES)
    assert again.log == m.log


def test_the_saved_log_grows_by_the_new_moves_only_and_stays_right():
    """The saved log is kept between saves (a save adds the moves since the
    last one): saves every few moves, undos between them, and a caller that
    changes the list it got, all give what a save from scratch gives."""
    game = GAMES["saboteur"]
    m = Match(game, [Seat("A"), Seat("B"), Seat("C"), Seat("D")], seed=5)
    rnd = random.Random(9)
    undone = saves = 0
    for step in range(300):
        if m.is_over:
            break
        seat = m.to_act
        m.play(rnd.choice(m.legal_texts()))
        if step % 5 == 2 and m.undo(seat):
            undone += 1
            m.play(rnd.choice(m.legal_texts()))
        if step % 4 == 0:
            got = m.save_log()
            assert got == from_scratch(m)
            got.append(["spoiled"])  # the caller's list is a copy
            saves += 1
    assert m.save_log() == from_scratch(m)
    assert undone > 0 and saves > 20
    assert Match.from_save(m.to_save_text(), GAMES).log == m.log
