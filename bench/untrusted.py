#!/usr/bin/env python3
"""Benchmark: what the hardened save reader costs (issue 11).

For a long Saboteur save (the format-1 fixture, 330+ log entries, and the
same game saved as format 2) and for the issue's poisoned save, prints the
median time of:

  json      json.loads(text)                      -- what the loader used to do
  scan      core.safejson.parse(text)             -- scan (limits) + json.loads
  check     core.saves.read_save(text)            -- + every field checked
  load      Match.from_save(text)                 -- + the replay (moves checked, hash)

    nice -n 10 python3 bench/untrusted.py [-n 30]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from spieltisch.core.errors import SaveError
from spieltisch.core.match import Match
from spieltisch.core.safejson import JsonLimitError, parse
from spieltisch.core.saves import MAX_SAVE_CHARS, read_save
from spieltisch.games import GAMES

POISON = ('{"format":"spieltisch-save","version":1,"game":"hexen_cocktail","rules_version":1,"seats":'
          + "[" * 5000 + "]" * 5000 + "}")


def median_ms(fn, n: int) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        try:
            fn()
        except (SaveError, JsonLimitError, RecursionError):
            pass
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=30)
    args = ap.parse_args()
    v1 = (REPO / "tests" / "games" / "data" / "saboteur-save-v1.json").read_text()
    v2 = Match.from_save(v1, GAMES).to_save_text()
    print(f"python {platform.python_version()} on {platform.machine()}, median of {args.n}")
    for name, text in (("saboteur format 1", v1), ("saboteur format 2", v2), ("issue 11 poison", POISON)):
        row = {
            "json": median_ms(lambda t=text: json.loads(t), args.n),
            "scan": median_ms(lambda t=text: parse(t, max_chars=MAX_SAVE_CHARS), args.n),
            "check": median_ms(lambda t=text: read_save(t, GAMES), args.n),
            "load": median_ms(lambda t=text: Match.from_save(t, GAMES), max(3, args.n // 5)),
        }
        cells = "  ".join(f"{k} {v:8.3f} ms" for k, v in row.items())
        print(f"{name:18} {len(text):7d} chars  {cells}")


if __name__ == "__main__":
    main()
