"""Runs inside Pyodide (and on CPython): one game of every game with every
seat on its own device over an in-memory wire (spieltisch.net), with
deterministic tokens; prints, as JSON, per game the log length and a hash of
every text each device received, so that the test can compare Pyodide's
Python 3.14 with CPython 3.11 byte for byte."""

import hashlib
import itertools
import json
import sys

from spieltisch.core import Match, Seat
from spieltisch.core.rng import Rng
from spieltisch.games import GAMES
from spieltisch.net import DeviceSession, HostSession


def play(game_id: str) -> dict:
    game = GAMES[game_id]
    n = max(2, game.info.min_players)
    count = itertools.count(1)
    match = Match(game, [Seat(f"P{i}") for i in range(n)], seed=5)
    host = HostSession(match, range(n), token=lambda: f"t{next(count):015d}")
    devices = {s: DeviceSession(host.join_code(s)) for s in range(n)}
    seen = {s: hashlib.sha256() for s in range(n)}

    def deliver(wire):
        queue = list(wire)
        while queue:
            seat, text = queue.pop(0)
            seen[seat].update(text.encode())
            for answer in devices[seat].receive(text):
                queue += host.receive(seat, answer)

    for s in range(n):
        deliver(host.connect(s))
    rng = Rng(7)
    while not match.is_over:
        seat = next(s for s, d in devices.items() if d.my_turn)
        legal = devices[seat].legal
        for text in devices[seat].act(legal[rng.below(len(legal))]):
            deliver(host.receive(seat, text))
    return {"log": len(match.log), "texts": {str(s): h.hexdigest() for s, h in seen.items()}}


def link():
    """spieltisch.net.link on a fixed offer code (format 1, one mDNS candidate)."""
    from spieltisch.net.link import join_payload, parse_payload
    body = bytes([0x21, 4, 1, 2, 3, 24]) + bytes(range(18)) + bytes(range(100, 132)) + bytes([0]) + bytes(16) + b"\xc3\x50"
    offer = str(int.from_bytes(b"\x01" + body, "big"))
    payload = join_payload("AbCdEfGhIjKlMnOp", 3, "QrStUvWxYz012-_5", offer)
    return {"payload": payload, "back": list(parse_payload(payload)), "same": parse_payload(payload)[3] == offer}


report = {"python": list(sys.version_info[:2]), "platform": sys.platform,
          "games": {gid: play(gid) for gid in GAMES}, "link": link()}
print(json.dumps(report, sort_keys=True))
