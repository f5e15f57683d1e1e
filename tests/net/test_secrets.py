"""Issue 30, "Each device sees its seat only": every text sent to a device
over a whole game, recorded, is the same in twin games -- the same seed,
seats and moves, one chance outcome that seat could not see changed (found
as the review's hidden-information test finds them) -- though the true
positions differ. So nothing of another seat's secrets travels to it."""

from __future__ import annotations

import pytest
from review.test_hidden_info import HIDDEN, _game, find_twin

from spieltisch.core import CHANCE, Match
from spieltisch.net import HostSession

from .wire import Table, counter_tokens


def streams(match_like, log, host=HostSession):
    """Play ``log`` (chance forced as given) on a host with every seat on a
    device; every text each device received, and the final state hash."""
    m = Match(match_like.game, list(match_like.seats), dict(match_like.options), match_like.seed,
              auto_chance=False)
    table = Table(host(m, range(len(m.seats)), token=counter_tokens()))
    for seat in range(len(m.seats)):
        table.pair(seat)
    for player, text in log:
        if player == CHANCE:
            m.play_chance(text)
            table.deliver(table.host.changed())
        else:
            table.act(player, text)
    assert m.log == list(log), "the devices' moves were not all played"
    return table.received, m.game.state_hash(m.state), table.host.table()


def test_there_are_hidden_information_games():
    assert HIDDEN


@pytest.mark.parametrize("game_id", HIDDEN)
def test_a_device_receives_the_same_texts_in_twin_games(game_id):
    match = _game(game_id)
    found = find_twin(match, 0)
    assert found is not None, f"no twin game found for {game_id}"
    a, b = found
    got_a, hash_a, _ = streams(a, a.log)
    got_b, hash_b, _ = streams(b, b.log)
    assert hash_a != hash_b, "the twins are the same game"
    assert len(got_a[0]) > 3
    assert got_a[0] == got_b[0], f"{game_id}: seat 0's device was sent something it may not see"


class LeakyHost(HostSession):
    """A host that (wrongly) sends the true state with every screen."""

    def screen(self, viewer, start=0):
        return {**super().screen(viewer, start), "leak": self.match.game.state_to_json(self.match.state)}


@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_twin_check_finds_a_leak(game_id):
    """The check above can fail: a host that sends the state is caught."""
    a, b = find_twin(_game(game_id), 0)
    got_a, _, _ = streams(a, a.log, host=LeakyHost)
    got_b, _, _ = streams(b, b.log, host=LeakyHost)
    assert got_a[0] != got_b[0]
