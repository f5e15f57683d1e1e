"""Bot against bot, headless: ``python -m spieltisch.ai.arena --help``.

Games are played with :class:`spieltisch.core.match.Match`, seeded. Deal *d*
is played ``players`` times with the seat order rotated by one each time, so
every level sits in every seat equally often on the same deals (the deal is
the same; later chance draws may differ once the play does).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from ..core.game import Game
from ..core.match import Match, Seat
from ..core.rng import mix_seed
from ..games import GAMES
from . import LEVELS, make_bot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for a win rate (shared wins count as fractions)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_levels(levels: list[str], game_index: int) -> list[str]:
    k = game_index % len(levels)
    return levels[k:] + levels[:k]


def play_game(game: Game, levels: list[str], seed: int, game_index: int, *,
              iterations: int | None = None, time_budget_ms: float | None = None,
              normal_iterations: int | None = None) -> dict:
    """One seeded game; returns its levels, outcome, log and timing per seat."""
    order = seat_levels(levels, game_index)
    deal = game_index // len(levels)
    seats = [Seat(f"{lv} {i + 1}", "bot", lv.partition("@")[0]) for i, lv in enumerate(order)]
    match = Match(game, seats, seed=mix_seed(seed, "deal", deal))
    bots = []
    for i, label in enumerate(order):
        bot_seed = mix_seed(seed, "bot", game_index, i) & 0x7FFFFFFF
        lv, _, memory = label.partition("@")  # "normal@perfect": a normal bot with another memory model
        if lv == "hard":
            bots.append(make_bot(lv, bot_seed, iterations=iterations, time_budget_ms=time_budget_ms))
        elif lv == "normal":
            bots.append(make_bot(lv, bot_seed, iterations=normal_iterations))
        else:
            bots.append(make_bot(lv, bot_seed))
        if memory:
            bots[-1].memory = memory
    ms = [[] for _ in order]
    its = [[] for _ in order]
    while not match.is_over:
        seat = match.to_act
        view = game.view(match.state, seat)
        t = time.perf_counter()
        text = bots[seat].choose(game, view, seat)
        ms[seat].append((time.perf_counter() - t) * 1000.0)
        its[seat].append(bots[seat].last_stats.get("iterations", 0))
        match.play(text, seat)  # checked: an illegal bot move raises here
    out = match.outcome()
    return {"levels": order, "scores": list(out.scores), "returns": list(out.returns),
            "winners": list(out.winners), "log": match.log, "ms": ms, "iterations": its}


def run(game_id: str, players: int, games: int, levels: list[str], seed: int = 1, *,
        iterations: int | None = None, time_budget_ms: float | None = None,
        normal_iterations: int | None = None, progress: bool = False,
        max_seconds: float | None = None) -> dict:
    game = GAMES[game_id]
    game.check_players(players)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"--seats needs 1 or {players} levels, got {len(levels)}")
    for lv in levels:
        if lv.partition("@")[0] not in LEVELS:
            raise ValueError(f"unknown level {lv!r}")
    per = {lv: {"seat_games": 0, "wins": 0.0, "score_sum": 0, "decisions": 0,
                "ms_sum": 0.0, "ms_max": 0.0, "ms_all": [], "iter_sum": 0} for lv in levels}
    t0 = time.perf_counter()
    played = 0
    for g in range(games):
        if max_seconds is not None and time.perf_counter() - t0 >= max_seconds and g % players == 0:
            break  # stop between whole deals so the seat rotation stays balanced
        played += 1
        res = play_game(game, list(levels), seed, g, iterations=iterations,
                        time_budget_ms=time_budget_ms, normal_iterations=normal_iterations)
        for seat, lv in enumerate(res["levels"]):
            st = per[lv]
            st["seat_games"] += 1
            st["wins"] += res["returns"][seat]
            st["score_sum"] += res["scores"][seat]
            st["decisions"] += len(res["ms"][seat])
            st["ms_sum"] += sum(res["ms"][seat])
            st["ms_all"] += res["ms"][seat]
            st["ms_max"] = max([st["ms_max"]] + res["ms"][seat])
            st["iter_sum"] += sum(res["iterations"][seat])
        if progress:
            done = g + 1
            line = "  ".join(f"{lv} {per[lv]['wins'] / max(1, per[lv]['seat_games']):.3f}" for lv in per)
            print(f"[{done}/{games}] {line}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - t0
    levels_out = {}
    for lv, st in per.items():
        n = st["seat_games"]
        lo, hi = wilson(st["wins"], n)
        ms_sorted = sorted(st["ms_all"])
        p95 = ms_sorted[min(len(ms_sorted) - 1, int(0.95 * len(ms_sorted)))] if ms_sorted else 0.0
        levels_out[lv] = {
            "seat_games": n, "wins": st["wins"], "win_rate": st["wins"] / n if n else 0.0,
            "win_rate_95": [lo, hi], "mean_score": st["score_sum"] / n if n else 0.0,
            "decisions": st["decisions"],
            "ms_per_decision": st["ms_sum"] / st["decisions"] if st["decisions"] else 0.0,
            "ms_per_decision_p95": p95, "ms_per_decision_max": st["ms_max"],
            "iterations_per_decision": st["iter_sum"] / st["decisions"] if st["decisions"] else 0.0,
        }
    return {"game": game_id, "players": players, "games": played, "games_requested": games,
            "seats": levels, "seed": seed,
            "iterations": iterations, "time_budget_ms": time_budget_ms,
            "normal_iterations": normal_iterations, "seconds": elapsed,
            "games_per_second": played / elapsed if elapsed else 0.0, "levels": levels_out,
            "fair_share": 1.0 / players}


def format_report(r: dict) -> str:
    lines = [
        f"{r['game']}  players={r['players']}  games={r['games']}  seats={','.join(r['seats'])}  "
        f"seed={r['seed']}  hard: iterations={r['iterations']} time_budget_ms={r['time_budget_ms']}",
        f"{r['seconds']:.1f} s, {r['games_per_second']:.2f} games/s; a fair share is {r['fair_share']:.3f}"
        + (f"  (stopped by --max-seconds: {r['games']} of {r['games_requested']} games)"
           if r.get("games_requested", r["games"]) != r["games"] else ""),
        f"{'level':<7} {'n':>5} {'wins':>7} {'win rate':>8} {'95% interval':>15} {'mean score':>10} "
        f"{'ms/dec':>7} {'p95':>7} {'max':>7} {'iter/dec':>8}",
    ]
    for lv, s in r["levels"].items():
        lo, hi = s["win_rate_95"]
        lines.append(
            f"{lv:<7} {s['seat_games']:>5} {s['wins']:>7.1f} {s['win_rate']:>8.3f} "
            f"{f'[{lo:.3f}, {hi:.3f}]':>15} {s['mean_score']:>10.2f} {s['ms_per_decision']:>7.1f} "
            f"{s['ms_per_decision_p95']:>7.1f} {s['ms_per_decision_max']:>7.1f} "
            f"{s['iterations_per_decision']:>8.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m spieltisch.ai.arena", description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--game", default="hexen_cocktail", choices=sorted(GAMES))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seats", default="hard,easy",
                    help="levels in seat order (rotated across games); one level fills every seat")
    ap.add_argument("--iterations", type=int, default=None, help="hard: iteration cap per decision")
    ap.add_argument("--time-ms", type=float, default=None,
                    help="hard: time budget per decision (default 900 when --iterations is not given)")
    ap.add_argument("--normal-iterations", type=int, default=None,
                    help="normal: determinisations per decision (default 8)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-seconds", type=float, default=None,
                    help="stop starting new deals after this long (reports the games played)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    ap.add_argument("--progress", action="store_true", help="running win rates on stderr")
    a = ap.parse_args(argv)
    try:
        r = run(a.game, a.players, a.games, [s.strip() for s in a.seats.split(",") if s.strip()],
                a.seed, iterations=a.iterations, time_budget_ms=a.time_ms,
                normal_iterations=a.normal_iterations, progress=a.progress,
                max_seconds=a.max_seconds)
    except ValueError as err:
        ap.error(str(err))
    print(json.dumps(r, indent=2) if a.json else format_report(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
