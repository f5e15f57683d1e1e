#!/usr/bin/env python3
"""CPU time of a play screen's game regions on CPython (figures in docs/performance.md).

A seeded game at the largest table (seat 0 human, the rest easy bots, random
moves); every 5th move the board, the hand and the players panel of seat 0
are rendered 3 times by a fresh controller; prints the p50 and p95 CPU ms of
one render of the three, per game.

    python3 bench/board_render.py [game_id ...]   (default: every registered game)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "src"), str(REPO / "tests")]

from ui.helpers import new_controller

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES


def measure(game_id: str, moves: int = 300) -> tuple[int, float, float]:
    seats = GAMES[game_id].info.max_players
    m = Match(GAMES[game_id], [Seat("Ann")] + [Seat(f"Bot {i}", "bot", "easy") for i in range(1, seats)], seed=5)
    rnd = random.Random(5)
    times = []
    for n in range(moves):
        if m.is_over:
            break
        if n % 5 == 0:
            ctl = new_controller()
            ctl.match, ctl.shown = m, 0
            ctl._rebuild_trail()
            t0 = time.process_time()
            for _ in range(3):
                ctl.render("board"), ctl.render("hand"), ctl.render("side")
            times.append((time.process_time() - t0) / 3 * 1000)
        m.play(rnd.choice(sorted(m.legal_texts())))
    times.sort()
    return len(times), times[len(times) // 2], times[int(len(times) * 0.95)]


def main() -> None:
    ids = sys.argv[1:] or list(GAMES)
    for game_id in ids:
        n, p50, p95 = measure(game_id)
        print(f"{game_id} ({GAMES[game_id].info.max_players} seats): {n} renders, CPU ms p50 {p50:.2f} p95 {p95:.2f}")


if __name__ == "__main__":
    main()
