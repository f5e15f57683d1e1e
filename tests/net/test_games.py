"""Issue 30: whole games of every game over the in-memory transport, each
seat on its own device; what reaches a device is its seat's screen only."""

from __future__ import annotations

import pytest
from support.registry import GAME_IDS, data

from spieltisch.core import Match, Seat
from spieltisch.games import GAMES
from spieltisch.net import HostSession

from .wire import Table


def seats_for(game_id: str) -> int:
    game = GAMES[game_id]
    return data(game_id).get("seats", max(2, game.info.min_players))


def new_table(game_id: str, seed: int = 3, seats: int | None = None) -> Table:
    n = seats or seats_for(game_id)
    match = Match(GAMES[game_id], [Seat(f"P{i}") for i in range(n)], seed=seed)
    table = Table(HostSession(match, range(n)))
    for seat in range(n):
        table.pair(seat)
    return table


def test_there_are_games():
    assert GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_with_every_seat_on_its_own_device(game_id):
    table = new_table(game_id)
    host = table.host
    assert all(host.status(s) == "connected" for s in table.devices)
    moves = table.play_out()
    m = host.match
    assert m.is_over and moves == sum(1 for p, _ in m.log if p >= 0)
    for seat, device in table.devices.items():
        mine = host.screen(seat)
        assert device.view == mine["view"], f"{game_id}: seat {seat}'s device shows another view"
        assert device.screen["over"] and device.screen["outcome"] == mine["outcome"]
        assert device.log_lines() == [(k, p) for _n, k, p in mine["log"]]
        assert not device.refusals and not device.errors
        assert not host.outbox[seat], "every host message was acknowledged"
        assert all('"state"' not in text for text in table.received[seat])

