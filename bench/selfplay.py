#!/usr/bin/env python3
"""Random self-play speed on CPython for every registered game.

    python3 bench/selfplay.py [--seconds 1.0] [--game ID] [--json]

For each game and each player count, plays whole games from many seeds with
uniformly random legal actions (chance drawn by weight, as a Match would) for
about ``--seconds`` and reports actions/s (chance included), player actions/s,
games/s and mean game length. Pure engine speed: no Match, no checks.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from spieltisch.core.game import CHANCE
from spieltisch.core.rng import Rng, mix_seed
from spieltisch.games import GAMES


def selfplay(game, players: int, seconds: float, seed: int = 0) -> dict:
    actions = chance = games = 0
    longest = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        rng = Rng(mix_seed("selfplay", game.info.id, players, seed, games))
        state = game.new_state(players, {})
        n = 0
        while True:
            p = game.current_player(state)
            if p is None:
                break
            if p == CHANCE:
                outcomes = game.chance_outcomes(state)
                action = outcomes[rng.weighted_index([w for _, w in outcomes])][0]
                chance += 1
            else:
                legal = game.legal_actions(state)
                action = legal[rng.below(len(legal))]
            state = game.apply_unchecked(state, action)
            n += 1
        if n > game.info.max_length:
            raise AssertionError(f"{game.info.id}: a game took {n} actions > max_length")
        game.outcome(state)
        actions += n
        longest = max(longest, n)
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - t0
    return {"game": game.info.id, "players": players, "games": games, "actions": actions,
            "seconds": elapsed, "actions_per_s": actions / elapsed,
            "player_actions_per_s": (actions - chance) / elapsed,
            "games_per_s": games / elapsed, "mean_length": actions / games, "max_length": longest}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="per game and player count")
    ap.add_argument("--game", choices=sorted(GAMES), help="only this game")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    rows = []
    for gid, game in GAMES.items():
        if a.game and gid != a.game:
            continue
        for players in range(game.info.min_players, game.info.max_players + 1):
            rows.append(selfplay(game, players, a.seconds, a.seed))
    if a.json:
        print(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2))
        return 0
    print(f"random self-play, CPython {platform.python_version()} ({platform.machine()}), "
          f"~{a.seconds:g} s per row")
    head = (f"{'game':<16} {'players':>7} {'games':>6} {'actions/s':>10} {'player act/s':>12} "
            f"{'games/s':>8} {'mean len':>8} {'max len':>7}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['game']:<16} {r['players']:>7} {r['games']:>6} {r['actions_per_s']:>10.0f} "
              f"{r['player_actions_per_s']:>12.0f} {r['games_per_s']:>8.1f} {r['mean_length']:>8.1f} "
              f"{r['max_length']:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
