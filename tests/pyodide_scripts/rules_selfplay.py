"""Runs inside Pyodide (and on CPython): the contract check on every game,
then prints, as JSON, the final state hash of seeded random games so the test
can compare Pyodide's Python 3.14 with CPython 3.11 move for move."""

import json
import sys

from spieltisch.core.contract import check_game, random_match
from spieltisch.games import GAMES


def main() -> None:
    seeds = range(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
    report = {"python": list(sys.version_info[:2]), "platform": sys.platform, "games": {}}
    for gid, game in sorted(GAMES.items()):
        for n in (game.info.min_players, game.info.max_players):
            stats = check_game(game, n, seeds=range(2))
            hashes = []
            for seed in seeds:
                m, _ = random_match(game, n, seed)
                hashes.append([len(m.log), game.state_hash(m.state), list(m.outcome().scores)])
            report["games"][f"{gid}/{n}"] = {"hashes": hashes, "checked": stats["states"]}
    print(json.dumps(report, sort_keys=True))


main()
