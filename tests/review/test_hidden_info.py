"""Issue 31: the review of a seat never reads hidden state. Twin games --
the same seed, seats and moves, one chance outcome the reviewed seat could
not see changed -- give the same numbers for every decision of that seat,
though the true positions differ."""

from __future__ import annotations

import pytest

from spieltisch.core import CHANCE
from spieltisch.games import GAMES
from spieltisch.review import Review, prefix
from spieltisch.review.moments import decisions, states

from .helpers import Builder, replay_with, settings
from .scenarios.saboteur import unlucky as saboteur_unlucky

HIDDEN = sorted(g for g in GAMES if not GAMES[g].info.perfect_information)
NUMBERS = ("played", "best", "value_played", "value_best", "drop", "se", "samples", "class", "moves", "options", "log")


def _alternatives(match, trail):
    """``(k, log)``: logs that differ from ``match.log`` in chance only, from
    entry ``k`` on: one outcome replaced, or two outcomes of the same kind
    swapped (so that every later outcome stays possible: books shuffled
    into other slots)."""
    game = match.game
    chance = [(k, trail[k][1], t) for k, (p, t) in enumerate(match.log) if p == CHANCE]
    for k, state, text in chance:
        for alt, _w in game.chance_outcomes(state):
            if str(alt) != text:
                log = list(match.log)
                log[k] = (CHANCE, str(alt))
                yield k, log
        kind = text.split(":")[0]
        for j, _s2, other in chance:
            if j > k and other != text and other.split(":")[0] == kind:
                log = list(match.log)
                log[k], log[j] = (CHANCE, other), (CHANCE, text)
                yield k, log


def _walk(match, trail, k, log, seat):
    """From entry ``k`` (the logs agree before it): how far ``log`` replays
    with the seat's view as in the game, and whether the true positions
    differed on the way."""
    game = match.game
    state = trail[k][1]
    same, differ = k, False
    for i in range(k, len(log)):
        view, h = trail[i][2], trail[i][3]
        if i > k and game.view(state, seat) != view:
            break
        same, differ = i, differ or game.state_hash(state) != h
        player, text = log[i]
        try:
            act = game.parse_action(text)
            if player == CHANCE:
                if all(a != act for a, _w in game.chance_outcomes(state)):
                    break
                state = game.apply_unchecked(state, act)
            else:
                state = game.apply(state, player, act)
        except ValueError:
            break
    return same, differ


def find_twin(match, seat, want=4, most=12):
    """(a, b): two prefixes of equal length, of ``match`` and of a twin whose
    log differs in chance only, in which ``seat`` saw exactly the same at
    every step (its view), the true positions differ somewhere, and the seat
    has at least ``want`` decisions (at most ``most`` are kept)."""
    game = match.game
    trail = [(k, s, game.view(s, seat), game.state_hash(s)) for k, s, _p, _t in states(match)]
    for k, log in _alternatives(match, trail):
        same, differ = _walk(match, trail, k, log, seat)
        if not differ:
            continue
        ds = decisions(prefix(match, same), seat)
        if len(ds) >= want:
            if len(ds) > most:
                same = ds[most].log_index
            a, b = prefix(match, same), replay_with(match, log[:same])
            hashes = lambda m: [m.game.state_hash(s) for _k, s, _p, _t in states(m)] + [m.game.state_hash(m.state)]
            if len(b.log) == same and hashes(a) != hashes(b):
                return a, b
    return None


def _game(game_id):
    game = GAMES[game_id]
    b = Builder(game, max(2, game.info.min_players), seed=11)
    b.finish(max_moves=120)
    return b.match


def test_there_are_games_with_hidden_information():
    assert HIDDEN, "no registered game hides anything: the twin test checks nothing"


@pytest.mark.parametrize("game_id", HIDDEN)
def test_twin_games_give_the_same_review(game_id):
    match = _game(game_id)
    found = find_twin(match, 0)
    assert found is not None, f"no twin game found for {game_id}"
    a, b = found
    assert a.log != b.log and len(a.log) == len(b.log)
    ra = Review(a, 0, settings(game_id)).run()
    rb = Review(b, 0, settings(game_id)).run()
    assert ra["total"] == rb["total"] >= 4
    for x, y in zip(ra["decisions"], rb["decisions"]):
        assert {k: x[k] for k in NUMBERS if k in x} == {k: y[k] for k in NUMBERS if k in y}


def test_the_gold_where_the_seat_could_not_see_it_changes_nothing():
    """sab.goal/sab.hidden: the unlucky Saboteur scenario (the cross reaches a
    stone; the gold lay above) and its lucky twin (the gold in the middle)
    are one game for the seat until its cross turns the goal over: the same
    numbers for every decision up to and including that one."""
    unlucky, seat, k = saboteur_unlucky()
    log = list(unlucky.log)
    g = unlucky.game
    first = max(i for i, s, p, _t in states(unlucky) if p == CHANCE and s.phase == "goals" and i < k)
    state = next(s for i, s, _p, _t in states(unlucky) if i == first)
    lucky = next(a for a, _ in g.chance_outcomes(state) if a.goals[1] == "GOLD")
    log[first] = (CHANCE, str(lucky))
    twin = replay_with(unlucky, log[: k + 1])
    assert len(twin.log) == k + 1, "the lucky twin does not replay"
    a, b = prefix(unlucky, k + 1), twin
    assert g.state_hash(a.state) != g.state_hash(b.state)  # the tunnel reached a stone in one, the gold in the other
    ra = Review(a, seat, settings("saboteur")).run()
    rb = Review(b, seat, settings("saboteur")).run()
    assert ra["total"] == rb["total"] >= 4
    assert [{k2: r[k2] for k2 in NUMBERS} for r in ra["decisions"]] == \
        [{k2: r[k2] for k2 in NUMBERS} for r in rb["decisions"]]
