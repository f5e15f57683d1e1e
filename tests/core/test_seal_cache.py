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


def play_with_undos(m: Match, rnd: random.Random, steps: int, undo_every: int, after_step) -> int:
    """Random moves; every ``undo_every`` steps the mover takes hers back and
    plays another in its place; ``after_step(step)`` after each. Returns the undos."""
    undone = 0
    for step in range(steps):
        if m.is_over:
            break
        seat = m.to_act
        m.play(rnd.choice(m.legal_texts()))
        if step % undo_every == undo_every // 2 and m.undo(seat):
            undone += 1
            m.play(rnd.choice(m.legal_texts()))  # another move in the undone one's place
        after_step(step)
    return undone


def test_cached_seals_equal_fresh_ones_through_undo():
    m = Match(GAMES["saboteur"], [Seat("A"), Seat("B"), Seat("C")], seed=11)

    def check(_step):
        assert m.save_log() == from_scratch(m)

    assert play_with_undos(m, random.Random(4), 120, 7, check) > 0
    again = Match.from_save(m.to_save_text(), GAMES)
    assert again.log == m.log


def test_the_saved_log_grows_by_the_new_moves_only_and_stays_right():
    """The saved log is kept between saves (a save adds the moves since the
    last one): saves every few moves, undos between them, and a caller that
    changes the list it got, all give what a save from scratch gives."""
    m = Match(GAMES["saboteur"], [Seat("A"), Seat("B"), Seat("C"), Seat("D")], seed=5)
    saves = []

    def save_now_and_then(step):
        if step % 4 == 0:
            got = m.save_log()
            assert got == from_scratch(m)
            got.append(["spoiled"])  # the caller's list is a copy
            saves.append(step)

    undone = play_with_undos(m, random.Random(9), 300, 5, save_now_and_then)
    assert m.save_log() == from_scratch(m)
    assert undone > 0 and len(saves) > 20
    assert Match.from_save(m.to_save_text(), GAMES).log == m.log
