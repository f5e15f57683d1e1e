#!/usr/bin/env python3
"""Saus und Braus: how long bot games last (rounds) and how they end (five,
dry, the 30-round limit), by seats; figures for docs/bots.md.

    PYTHONPATH=src python3 bench/saus_lengths.py --seats easy,easy --games 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spieltisch.ai.arena import play_game
from spieltisch.games import GAMES


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", default="easy,easy", help="levels (level@memory allowed), one per seat")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    game = GAMES["saus_und_braus"]
    levels = [s.strip() for s in a.seats.split(",") if s.strip()]
    rounds, ends = [], Counter()
    for g in range(a.games):
        res = play_game(game, list(levels), a.seed, g, iterations=20)
        turns = sum(1 for p, t in res["log"] if t == "spin")
        rounds.append(turns / len(levels))
        ends[(max(res["scores"]) >= 5 and "five") or "other"] += 1
    q = statistics.quantiles(rounds, n=20)
    print(f"seats={','.join(levels)} games={a.games}: rounds median {statistics.median(rounds):.1f}, "
          f"p95 {q[-1]:.1f}, max {max(rounds):.1f}; ended by five: {ends['five']}, "
          f"by the dry or 30-round end: {ends['other']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
