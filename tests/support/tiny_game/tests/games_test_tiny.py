"""Tiny Cauldron's rules, one scenario per clause (ids as in
src/spieltisch/games/tiny/rules.md). In the repository this file is fixture
data (tests/support/tiny_game/); tests/test_new_game.py copies it to
tests/games/test_tiny.py beside the game it adds."""

from __future__ import annotations

import pytest

from spieltisch.core.errors import IllegalActionError
from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES

GAME = GAMES["tiny"]


def _match(*moves: str, seed: int = 1) -> Match:
    m = Match(GAME, [Seat("Ann"), Seat("Bo")], seed=seed)
    for text in moves:
        m.play(text)
    return m


def test_tiny_start_chance_chooses_who_starts():
    """tiny.start: the first move is chance's, and every seat may start."""
    starters = {Match(GAME, [Seat("A"), Seat("B"), Seat("C")], seed=s).to_act for s in range(40)}
    assert starters == {0, 1, 2}
    fresh = GAME.new_state(2)
    assert [str(a) for a, w in GAME.chance_outcomes(fresh)] == ["start:1", "start:2"]


def test_tiny_turn_only_the_player_to_act_adds():
    """tiny.turn: the seats take turns; another seat's move is refused."""
    m = _match()
    first = m.to_act
    with pytest.raises(IllegalActionError) as err:
        m.play("add:1", 1 - first)
    assert err.value.illegal.code == "not-your-turn" and err.value.illegal.rule == "tiny.turn"
    m.play("add:2")
    assert m.to_act == 1 - first


def test_tiny_add_one_to_three_and_never_overflow():
    """tiny.add: one, two or three drops; never past 15."""
    m = _match("add:3", "add:3", "add:3", "add:2", "add:1", "add:1")  # 13
    assert m.legal_texts() == ["add:1", "add:2"]
    with pytest.raises(IllegalActionError) as err:
        m.play("add:3")
    assert err.value.illegal.code == "too-much" and err.value.illegal.rule == "tiny.add"


def test_tiny_win_exactly_fifteen_wins():
    """tiny.win: whoever fills the cauldron to exactly 15 wins; the game ends."""
    m = _match("add:3", "add:3", "add:3", "add:3")
    winner = m.to_act
    m.play("add:3")
    assert m.is_over and m.outcome().winners == (winner,) and m.outcome().reason == "tiny.end.brewed"
