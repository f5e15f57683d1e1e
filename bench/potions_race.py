#!/usr/bin/env python3
"""Potions Brew: does the race to 45 happen? The share of bot games won at 45
points (potions.win) and the median length in turns, per witch count and bot
level, under the rules of now (rules 2: reshuffle every time, potions.stall)
or, with --short, the old bound (rules 1: at most two reshuffles). Figures
for docs/bots.md and games/potions_brew/rules.md.

    PYTHONPATH=src python3 bench/potions_race.py --level normal --games 50
    PYTHONPATH=src python3 bench/potions_race.py --level hard --iterations 10 --games 30 --short

Every seat is a bot of the level; the deals are seeded (the same deals with
and without --short). Ends are counted by their reason: win (45), stall
(potions.stall), cards (potions.cards_out).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spieltisch.ai import make_bot
from spieltisch.core import Match, Seat
from spieltisch.core.rng import mix_seed
from spieltisch.games import GAMES


def play(n: int, level: str, seed: int, index: int, short: bool, iterations: int | None) -> dict:
    game = GAMES["potions_brew"]
    seats = [Seat(f"{level} {i + 1}", "bot", level) for i in range(n)]
    match = Match(game, seats, {"short": short}, seed=mix_seed(seed, "race", n, index))
    bots = [make_bot(level, mix_seed(seed, "bot", n, index, i) & 0x7FFFFFFF, iterations=iterations)
            for i in range(n)]
    while not match.is_over:
        seat = match.to_act
        match.play(bots[seat].choose(game, game.view(match.state, seat), seat), seat)
    s = match.state
    held = sum(len(h) for h in s.hands) + sum(len(st) for seat in s.stacks for st in seat)
    return {"end": s.end, "turns": s.turns, "best": max(s.scores), "held": held,
            "brewed": sum(len(b) for b in s.brewed), "reshuffles": s.reshuffles}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--iterations", type=int, default=None, help="normal: determinisations; hard: iterations")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--witches", default="2,3,4,5,6")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--short", action="store_true", help="the option short: rules 1's two reshuffles")
    a = ap.parse_args(argv)
    rules = "short (rules 1)" if a.short else "rules 2"
    print(f"# potions_race level={a.level} iterations={a.iterations} games={a.games} {rules}")
    for n in (int(x) for x in a.witches.split(",")):
        t = time.perf_counter()
        res = [play(n, a.level, a.seed, g, a.short, a.iterations) for g in range(a.games)]
        ends = Counter(r["end"] for r in res)
        turns = statistics.median(r["turns"] for r in res)
        held = [r["held"] for r in res if r["end"] != "win"]
        print(f"{n} witches: won at 45 {ends['win'] / len(res):.2f} (win {ends['win']}, "
              f"stall {ends['stall']}, cards {ends['cards']}), median turns {turns:.0f}, "
              f"median best {statistics.median(r['best'] for r in res):.0f}, "
              f"median reshuffles {statistics.median(r['reshuffles'] for r in res):.0f}"
              + (f", cards held at a non-45 end (median) {statistics.median(held):.0f}" if held else "")
              + f"  [{time.perf_counter() - t:.0f} s]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
