"""An in-memory transport for the net sessions: each device is one
connection to the host; every text sent to a device is recorded."""

from __future__ import annotations

import itertools

from spieltisch.core.rng import Rng
from spieltisch.net import DeviceSession, HostSession


def counter_tokens(prefix: str = "t"):  # one letter: tokens are 16 characters
    """Deterministic tokens (twin games must see the very same texts)."""
    n = itertools.count(1)
    return lambda: f"{prefix}{next(n):015d}"


class Table:
    """A host and its devices, connected by lists of texts."""

    def __init__(self, host: HostSession):
        self.host = host
        self.devices: dict[int, DeviceSession] = {}
        self.conn: dict[int, object] = {}  # seat -> connection id
        self.received: dict[int, list[str]] = {}  # seat -> every text the host sent it
        self._ids = itertools.count(1)

    def pair(self, seat: int, device: DeviceSession | None = None) -> DeviceSession:
        """A new connection for ``seat``: a new device with the join code, or
        ``device`` (it resumes with its stored secret)."""
        if device is None:
            device = DeviceSession(self.host.join_code(seat))
        self.devices[seat] = device
        conn = ("conn", next(self._ids))
        self.conn[seat] = conn
        self.deliver(self.host.connect(conn))
        return device

    def drop(self, seat: int) -> None:
        self.host.disconnect(self.conn.pop(seat))
        self.devices[seat].connection_lost()

    def seat_of(self, conn):
        return next((s for s, c in self.conn.items() if c == conn), None)

    def deliver(self, wire) -> None:
        """Carry host texts to devices and their answers back, until quiet."""
        queue = list(wire)
        while queue:
            conn, text = queue.pop(0)
            seat = self.seat_of(conn)
            if seat is None:
                continue  # that connection is gone
            self.received.setdefault(seat, []).append(text)
            for answer in self.devices[seat].receive(text):
                queue += self.host.receive(conn, answer)

    def send(self, seat: int, text: str) -> None:
        """A raw text from ``seat``'s connection (hostile tests)."""
        self.deliver(self.host.receive(self.conn[seat], text))

    def act(self, seat: int, text: str) -> None:
        for out in self.devices[seat].act(text):
            self.send(seat, out)

    def play_out(self, rng_seed: int = 1, limit: int = 3000) -> int:
        """Every device picks a random legal action in turn until the game ends."""
        rng = Rng(rng_seed)
        moves = 0
        while not self.host.match.is_over:
            turn = [s for s, d in self.devices.items() if d.my_turn and s in self.conn]
            assert turn, "no device may act though the game is not over"
            seat = turn[0]
            legal = self.devices[seat].legal
            assert legal, f"seat {seat} is to act but was sent no legal action"
            self.act(seat, legal[rng.below(len(legal))])
            moves += 1
            assert moves < limit, "the game did not end"
        return moves
