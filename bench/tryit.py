#!/usr/bin/env python3
"""How long a rule's "Try it" takes to open and to answer (docs/tryit.md).

    python3 bench/tryit.py            # CPython
    python3 bench/tryit.py --pyodide  # the same inside Pyodide under Node

Per scenario of every registered game: ``open`` -- replaying its position
(seed + log, every move checked, the hash compared: ``tryit.start``) and
rendering the try-it screen through the controller, as a click on "Try it"
does; ``move`` -- the expected move made and the panel re-rendered. Also
``guide``: naming the rule of the reader's first turn of a guided game
(``learn.turn_rule``, judged on a spread of the legal moves), per game.
Figures: median and the slowest, in ms (docs/performance.md).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))


def measure() -> dict:
    from spieltisch.core.match import Match, Seat
    from spieltisch.games import GAMES
    from spieltisch.ui import learn, tryit
    from spieltisch.ui.boards import get_board
    from spieltisch.ui.controller import Controller, MemoryStorage

    out = {}
    for gid in sorted(GAMES):
        ctl = Controller(MemoryStorage(), browser_lang="en")
        opens, moves = [], []
        for sc in tryit.scenarios(gid):
            t0 = time.perf_counter()
            ctl.navigate(f"#/tryit/{gid}/{sc.clause}")
            ctl.render("screen")
            t1 = time.perf_counter()
            for region in ctl.handle("ui", f"try:{sc.expect[0]}"):
                ctl.render(region)
            t2 = time.perf_counter()
            opens.append(((t1 - t0) * 1000, sc.clause, len(sc.position["log"])))
            moves.append(((t2 - t1) * 1000, sc.clause))
        game = GAMES[gid]
        n = max(2, game.info.min_players)
        guide = []
        for seed in range(5):
            m = Match(game, [Seat("A")] + [Seat(f"B{i}", "bot", "easy") for i in range(1, n)], {}, seed)
            while m.to_act != 0:
                m.play(m.legal_texts()[0])
            t0 = time.perf_counter()
            learn.turn_rule(m, 0, get_board(gid).RULE_IDS)
            guide.append((time.perf_counter() - t0) * 1000)
        slow = max(opens)
        out[gid] = {
            "scenarios": len(opens),
            "open_ms_median": round(statistics.median(o[0] for o in opens), 1),
            "open_ms_max": round(slow[0], 1), "open_max_clause": slow[1], "open_max_log": slow[2],
            "move_ms_median": round(statistics.median(x[0] for x in moves), 1),
            "move_ms_max": round(max(moves)[0], 1), "move_max_clause": max(moves)[1],
            "guide_rule_ms_max": round(max(guide), 1),
        }
    return out


def main() -> int:
    if "--pyodide" in sys.argv:
        from support.pyodide_node import run_in_pyodide

        print(run_in_pyodide(os.path.abspath(__file__), "--inner", timeout=600), end="")
        return 0
    where = "pyodide" if sys.platform == "emscripten" else f"cpython {sys.version.split()[0]}"
    print(json.dumps({"python": where, "games": measure()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
