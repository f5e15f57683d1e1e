"""Runs inside Pyodide (and on CPython): reviews seeded bot games and prints
the results as JSON, so a test can compare the review's numbers on
Pyodide's Python 3.14 with CPython's (docs/review.md, "Determinism").

    review_numbers.py GAME:PLAYERS:SEED:PLAYOUTS[:LEVEL] ...    (default: three games)

Each game is played by bots of LEVEL (easy unless given; seeded) to its
end; seat 1 is reviewed (PLAYOUTS ``-``: the game's default settings). The
third default game is the one whose numbers once differed in the fourth
decimal (the built-in ``sum`` of floats is compensated from Python 3.12).
``seconds`` is the review's wall time (bench/review.py --pyodide reads it;
the test ignores it)."""

import json
import sys
import time

from spieltisch.ai import make_bot
from spieltisch.core import Match, Seat
from spieltisch.games import GAMES
from spieltisch.review import Review, settings_for


def played(game_id, players, seed, level="easy"):
    game = GAMES[game_id]
    m = Match(game, [Seat(f"P{i + 1}", "bot", level) for i in range(players)], seed=seed)
    bots = [make_bot(level, 500 + i) for i in range(players)]
    while not m.is_over:
        seat = m.to_act
        m.play(bots[seat].choose(game, game.view(m.state, seat), seat), seat)
    return m


def main() -> None:
    specs = sys.argv[1:] or ["hexen_cocktail:2:7:8", "brauzeit:1:3:6", "saus_und_braus:2:1:-:normal"]
    out = {"python": list(sys.version_info[:2]), "platform": sys.platform, "reviews": {}}
    for spec in specs:
        game_id, players, seed, playouts = spec.split(":")[:4]
        level = spec.split(":")[4] if spec.count(":") >= 4 else "easy"
        m = played(game_id, int(players), int(seed), level)
        settings = settings_for(game_id, playouts=int(playouts) if playouts != "-" else None)
        t0 = time.perf_counter()
        result = Review(m, 0, settings).run()
        out["reviews"][spec] = {"seconds": time.perf_counter() - t0, "result": result}
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
