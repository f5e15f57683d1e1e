#!/usr/bin/env python3
"""How long a review of a whole typical game takes, and how stable its
numbers are from one search seed to another (docs/review.md, docs/performance.md).

    python3 bench/review.py [--game ID ...] [--players ID=N ...] [--seeds 5]
                            [--deal 1] [--level normal] [--pyodide] [--json]

For every registered game (at its typical table: two seats, or its fewest
if more; a game that can be played alone is also run alone), one game is
played to its end by bots of ``--level`` (seeded by ``--deal``), and seat 1
is reviewed with the game's default settings (``settings_for``), once per
search seed 1..``--seeds``. Reported per game: decisions, samples per
decision, CPU seconds of one review (mean over the seeds) and ms per
decision; the stability over the seeds: where the biggest drop is and how
big (min..max), how many decisions are flagged by any seed and by all, the
mean Jaccard index of each seed's flagged set with the union, the same
any/all counts for mistakes and blunders only, and the mean spread
(max - min) of the played move's value. ``--pyodide`` also times the
first seed's review in Pyodide under Node (tests/pyodide_runner.mjs) and
checks it gives the same result. Run by hand on an idle machine; report
``uptime`` with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "src"))
sys.path.insert(0, os.path.join(ROOT, "tests", "pyodide_scripts"))

from review_numbers import played  # the same games in Pyodide and here

from spieltisch.games import GAMES
from spieltisch.review import Review, settings_for


def tables(only: list[str], extra: dict[str, int]) -> list[tuple[str, int]]:
    out = []
    for gid, game in GAMES.items():
        if only and gid not in only:
            continue
        out.append((gid, extra.get(gid, max(2, game.info.min_players))))
        if game.info.min_players == 1 and gid not in extra:
            out.append((gid, 1))
    return out


def bench(gid: str, players: int, seeds: int, deal: int, level: str) -> dict:
    m = played(gid, players, deal, level)
    runs = []
    for seed in range(1, seeds + 1):
        settings = settings_for(gid, seed=seed)
        rv = Review(m, 0, settings)
        c0, w0 = time.process_time(), time.perf_counter()
        res = rv.run()
        runs.append({"cpu": time.process_time() - c0, "wall": time.perf_counter() - w0, "result": res})
    first = runs[0]["result"]
    n = first["total"]
    flagged = [set(r["result"]["summary"]["flagged"]) for r in runs]
    union = set().union(*flagged)
    common = set.intersection(*flagged) if flagged else set()
    jacc = [len(f) / len(union) if union else 1.0 for f in flagged]
    strong = [{d["n"] for d in r["result"]["decisions"] if d["class"] in ("mistake", "blunder")} for r in runs]
    strong_any, strong_all = set().union(*strong), set.intersection(*strong)
    biggest = [(r["result"]["summary"]["biggest"],
                r["result"]["decisions"][r["result"]["summary"]["biggest"]]["drop"]
                if r["result"]["summary"]["biggest"] is not None else 0.0) for r in runs]
    spread = [max(r["result"]["decisions"][i]["value_played"] for r in runs)
              - min(r["result"]["decisions"][i]["value_played"] for r in runs) for i in range(n)]
    cpu = sum(r["cpu"] for r in runs) / len(runs)
    return {"game": gid, "players": players, "deal": deal, "level": level, "mode": first["mode"],
            "decisions": n, "samples": first["playouts"], "depth": first["settings"]["depth"],
            "cpu_s": cpu, "wall_s": sum(r["wall"] for r in runs) / len(runs),
            "ms_per_decision": 1000.0 * cpu / max(1, n), "biggest": biggest,
            "flagged_any": sorted(union), "flagged_all": sorted(common),
            "strong_any": sorted(strong_any), "strong_all": sorted(strong_all),
            "jaccard_mean": sum(jacc) / len(jacc), "value_spread_mean": sum(spread) / max(1, n),
            "first": first}


def in_pyodide(rows: list[dict]) -> None:
    specs = [f"{r['game']}:{r['players']}:{r['deal']}:-:{r['level']}" for r in rows]
    proc = subprocess.run(["node", os.path.join(ROOT, "tests", "pyodide_runner.mjs"),
                           os.path.join(ROOT, "tests", "pyodide_scripts", "review_numbers.py"), *specs],
                          capture_output=True, text=True, cwd=ROOT, timeout=7200)
    if proc.returncode:
        sys.exit(f"bench: Pyodide run failed\n{proc.stderr[-2000:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    for r, spec in zip(rows, specs):
        there = out["reviews"][spec]
        r["pyodide_s"] = there["seconds"]
        r["pyodide_same"] = there["result"] == r["first"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", default=[], choices=sorted(GAMES))
    ap.add_argument("--players", action="append", default=[], help="ID=N: review that game at N seats")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--deal", type=int, default=1, help="the seed of the game played")
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--pyodide", action="store_true", help="also time the first review in Pyodide under Node")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    extra = {k: int(v) for k, _, v in (p.partition("=") for p in a.players)}
    rows = []
    for gid, n in tables(a.game, extra):
        rows.append(bench(gid, n, a.seeds, a.deal, a.level))
        r = rows[-1]
        print(f"{gid}/{n}: {r['decisions']} decisions x {r['samples']} samples (depth {r['depth']}): "
              f"{r['cpu_s']:.1f} s CPU ({r['ms_per_decision']:.0f} ms/decision); biggest "
              f"{[b[0] for b in r['biggest']]} {min(b[1] for b in r['biggest']):.3f}..{max(b[1] for b in r['biggest']):.3f}; "
              f"flagged any {len(r['flagged_any'])} all {len(r['flagged_all'])} (Jaccard {r['jaccard_mean']:.2f}); "
              f"value spread {r['value_spread_mean']:.3f}", file=sys.stderr, flush=True)
    if a.pyodide:
        in_pyodide(rows)
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    for r in rows:
        r.pop("first")
    if a.json:
        print(json.dumps({"load": load, "rows": rows}, indent=1))
        return 0
    print(f"load average {load}")
    print(f"{'game':<16}{'n':>2} {'mode':<5} {'dec':>4} {'smp':>4} {'CPU s':>6} {'ms/dec':>7} "
          f"{'biggest (seeds)':<22} {'drop min..max':<14} {'any':>4} {'all':>4} {'Jacc':>5} {'M+B any/all':>11} "
          f"{'spread':>6}"
          + ("  Pyodide s  same" if a.pyodide else ""))
    for r in rows:
        b = r["biggest"]
        line = (f"{r['game']:<16}{r['players']:>2} {r['mode']:<5} {r['decisions']:>4} {r['samples']:>4} "
                f"{r['cpu_s']:>6.1f} {r['ms_per_decision']:>7.0f} {','.join(str(x[0]) for x in b):<22} "
                f"{min(x[1] for x in b):.3f}..{max(x[1] for x in b):.3f}  {len(r['flagged_any']):>4} "
                f"{len(r['flagged_all']):>4} {r['jaccard_mean']:>5.2f} "
                f"{len(r['strong_any']):>5}/{len(r['strong_all']):<5} {r['value_spread_mean']:>6.3f}")
        if a.pyodide:
            line += f"  {r['pyodide_s']:>9.1f}  {r['pyodide_same']}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
