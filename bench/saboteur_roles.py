#!/usr/bin/env python3
"""Saboteur bot against bot, with win rates by role and by level.

    python3 bench/saboteur_roles.py --players 5 --seats hard,normal,easy,normal,easy \\
        --games 200 --iterations 60 [--seed 1] [--max-seconds 840] [--json]

Every game is three rounds (``spieltisch.core.match.Match``, every bot move
checked). As in ``spieltisch.ai.arena``, deal *d* is played once per seat
order, rotated by one each game. Reported:

* per level: games (seat-games), game wins (shared wins split, the sum of
  ``Outcome.returns``), win rate with a 95 % Wilson interval, mean gold;
* per level and role: rounds played in that role and the rate at which that
  seat's team won the round (a round is won by the gold-diggers when the gold
  is reached, else by the saboteurs), with a 95 % interval;
* per role over all seats: the team's round win rate (the role balance);
* ms per decision per level.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from spieltisch.ai import LEVELS, make_bot
from spieltisch.ai.arena import seat_levels, wilson
from spieltisch.core.match import Match, Seat
from spieltisch.core.rng import mix_seed
from spieltisch.games import GAMES

GAME = GAMES["saboteur"]


def play(levels: list[str], seed: int, index: int, iterations: int | None,
         normal_iterations: int | None) -> dict:
    order = seat_levels(levels, index)
    deal = index // len(levels)
    match = Match(GAME, [Seat(f"{lv} {i}", "bot", lv) for i, lv in enumerate(order)],
                  seed=mix_seed(seed, "deal", deal))
    bots = []
    for i, lv in enumerate(order):
        bseed = mix_seed(seed, "bot", index, i) & 0x7FFFFFFF
        it = iterations if lv == "hard" else normal_iterations if lv == "normal" else None
        bots.append(make_bot(lv, bseed, iterations=it))
    ms = [[] for _ in order]
    while not match.is_over:
        seat = match.to_act
        t = time.perf_counter()
        text = bots[seat].choose(GAME, GAME.view(match.state, seat), seat)
        ms[seat].append((time.perf_counter() - t) * 1000.0)
        match.play(text, seat)
    out = match.outcome()
    rounds = [{"winner": r.winner, "roles": list(r.roles)} for r in match.state.results]
    return {"levels": order, "returns": list(out.returns), "scores": list(out.scores),
            "rounds": rounds, "ms": ms}


def run(players: int, levels: list[str], games: int, seed: int, iterations: int | None,
        normal_iterations: int | None, max_seconds: float | None, progress: bool) -> dict:
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players or any(lv not in LEVELS for lv in levels):
        raise SystemExit(f"--seats needs 1 or {players} of {LEVELS}")
    per = {lv: {"n": 0, "wins": 0.0, "gold": 0, "ms": [], "roles": {"D": [0, 0], "S": [0, 0]}}
           for lv in levels}
    team = {"D": [0, 0], "S": [0, 0]}
    rounds = {"diggers": 0, "saboteurs": 0}
    t0 = time.perf_counter()
    played = 0
    for g in range(games):
        if max_seconds is not None and time.perf_counter() - t0 >= max_seconds and g % players == 0:
            break
        res = play(levels, seed, g, iterations, normal_iterations)
        played += 1
        for seat, lv in enumerate(res["levels"]):
            st = per[lv]
            st["n"] += 1
            st["wins"] += res["returns"][seat]
            st["gold"] += res["scores"][seat]
            st["ms"] += res["ms"][seat]
            for r in res["rounds"]:
                role = r["roles"][seat]
                won = (r["winner"] == "diggers") == (role == "D")
                st["roles"][role][0] += 1
                st["roles"][role][1] += won
                team[role][0] += 1
                team[role][1] += won
        for r in res["rounds"]:
            rounds[r["winner"]] += 1
        if progress:
            line = "  ".join(f"{lv} {st['wins'] / max(1, st['n']):.3f}" for lv, st in per.items())
            print(f"[{g + 1}/{games}] {time.perf_counter() - t0:.0f}s {line}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - t0
    out_levels = {}
    for lv, st in per.items():
        ms = sorted(st["ms"])
        roles = {}
        for role, (n, won) in st["roles"].items():
            roles[role] = {"rounds": n, "won": won, "rate": won / n if n else 0.0,
                           "rate_95": list(wilson(won, n))}
        out_levels[lv] = {
            "seat_games": st["n"], "wins": st["wins"], "win_rate": st["wins"] / st["n"] if st["n"] else 0.0,
            "win_rate_95": list(wilson(st["wins"], st["n"])),
            "mean_gold": st["gold"] / st["n"] if st["n"] else 0.0, "roles": roles,
            "ms_per_decision": sum(ms) / len(ms) if ms else 0.0,
            "ms_p95": ms[int(0.95 * (len(ms) - 1))] if ms else 0.0, "ms_max": ms[-1] if ms else 0.0,
        }
    return {"players": players, "seats": levels, "games": played, "games_requested": games, "seed": seed,
            "iterations": iterations, "normal_iterations": normal_iterations, "seconds": elapsed,
            "fair_share": 1.0 / players, "levels": out_levels,
            "team": {r: {"rounds": n, "won": w, "rate": w / n if n else 0.0, "rate_95": list(wilson(w, n))}
                     for r, (n, w) in team.items()},
            "rounds_won": rounds}


def report(r: dict) -> str:
    lines = [f"saboteur  players={r['players']}  seats={','.join(r['seats'])}  games={r['games']}"
             f" (of {r['games_requested']})  seed={r['seed']}  hard iterations={r['iterations']}"
             f"  normal determinisations={r['normal_iterations']}  {r['seconds']:.0f} s",
             f"rounds won: gold-diggers {r['rounds_won']['diggers']}, saboteurs {r['rounds_won']['saboteurs']};"
             f" fair game share {r['fair_share']:.3f}",
             f"{'level':<7} {'games':>5} {'wins':>6} {'rate':>6} {'95% interval':>15} {'gold':>5}"
             f" {'as digger (rounds, won)':>26} {'as saboteur (rounds, won)':>27} {'ms/dec':>7} {'p95':>6}"]
    for lv, s in r["levels"].items():
        d, sb = s["roles"]["D"], s["roles"]["S"]
        lines.append(
            f"{lv:<7} {s['seat_games']:>5} {s['wins']:>6.1f} {s['win_rate']:>6.3f} "
            f"{'[%.3f, %.3f]' % tuple(s['win_rate_95']):>15} {s['mean_gold']:>5.2f} "
            f"{'%d, %.3f [%.2f, %.2f]' % (d['rounds'], d['rate'], *d['rate_95']):>26} "
            f"{'%d, %.3f [%.2f, %.2f]' % (sb['rounds'], sb['rate'], *sb['rate_95']):>27} "
            f"{s['ms_per_decision']:>7.1f} {s['ms_p95']:>6.1f}")
    for role, t in r["team"].items():
        name = "gold-diggers" if role == "D" else "saboteurs"
        lines.append(f"all seats as {name}: {t['rounds']} seat-rounds, team won {t['rate']:.3f} "
                     f"[{t['rate_95'][0]:.3f}, {t['rate_95'][1]:.3f}]")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seats", default="hard,normal,easy,normal,easy")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--iterations", type=int, default=60, help="hard: MCTS iterations per decision")
    ap.add_argument("--normal-iterations", type=int, default=None, help="normal: determinisations (default 8)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-seconds", type=float, default=None)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true")
    a = ap.parse_args(argv)
    r = run(a.players, [x.strip() for x in a.seats.split(",") if x.strip()], a.games, a.seed,
            a.iterations, a.normal_iterations, a.max_seconds, a.progress)
    print(json.dumps(r, indent=2) if a.json else report(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
