#!/usr/bin/env python3
"""A fingerprint of Potions Brew's engine: must not change under a refactor.

    python3 bench/potions_fingerprint.py [--games 6] [--quick]

Plays seeded games at 2..6 witches with random legal actions (checked through
``check``/``parse_action``), hashing at every step the state's JSON, every
seat's view and the spectator's, legal and sensible actions, the heuristic,
``describe`` for every viewer and the outcome; then a few seeded bot games
(easy, normal, hard with an iteration cap) through the arena. Prints one
hash per part and a total; compare the output before and after a change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from spieltisch.ai.arena import play_game
from spieltisch.core.game import CHANCE
from spieltisch.core.rng import Rng, mix_seed
from spieltisch.games import GAMES

GAME = GAMES["potions_brew"]


def _feed(h, obj) -> None:
    h.update(json.dumps(obj, sort_keys=True, default=str).encode())


def random_games(players: int, games: int) -> str:
    g = GAME
    h = hashlib.sha256()
    for k in range(games):
        rng = Rng(mix_seed("potions-fingerprint", players, k))
        s = g.new_state(players, {})
        while True:
            _feed(h, g.state_to_json(s))
            assert g.state_from_json(g.state_to_json(s)) == s
            p = g.current_player(s)
            if p is None:
                break
            for viewer in [*range(players), None]:
                _feed(h, g.view(s, viewer))
            if p == CHANCE:
                outcomes = g.chance_outcomes(s)
                _feed(h, [(str(a), w) for a, w in outcomes])
                a = outcomes[rng.weighted_index([w for _, w in outcomes])][0]
            else:
                legal = g.legal_actions(s)
                _feed(h, [str(a) for a in legal])
                _feed(h, [str(a) for a in g.sensible_actions(s, p)])
                _feed(h, [round(g.heuristic(s, i), 9) for i in range(players)])
                a = legal[rng.below(len(legal))]
                assert g.check(s, p, g.parse_action(str(a))) is None
                wrong = (p + 1) % players
                problem = g.check(s, wrong, a)
                _feed(h, None if problem is None else problem.code)
                if p != CHANCE:
                    det = g.determinize(g.view(s, p), p, Rng(mix_seed("det", players, k)))
                    _feed(h, g.state_to_json(det))
            for viewer in [*range(players), None]:
                _feed(h, g.describe(s, p, a, viewer))
            _feed(h, g.reveals(s, a))
            s = g.apply_unchecked(s, a)
        out = g.outcome(s)
        _feed(h, [out.scores, out.winners, out.reason, out.details])
    return h.hexdigest()[:16]


def bot_games(quick: bool) -> str:
    h = hashlib.sha256()
    pairings = [["normal", "easy"], ["hard", "easy"], ["hard", "normal", "easy", "easy"]]
    if quick:
        pairings = pairings[:2]
    for levels in pairings:
        for gi in range(2):
            res = play_game(GAME, levels, 7, gi, iterations=8, normal_iterations=3)
            _feed(h, [res["levels"], res["scores"], res["winners"], res["log"]])
    return h.hexdigest()[:16]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    total = hashlib.sha256()
    for players in range(2, 7):
        fp = random_games(players, a.games)
        total.update(fp.encode())
        print(f"random {players} witches: {fp}")
    fp = bot_games(a.quick)
    total.update(fp.encode())
    print(f"bot games: {fp}")
    print(f"total: {total.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
