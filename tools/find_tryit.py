#!/usr/bin/env python3
"""Find the "Try it" positions of every rule clause by seeded self-play.

    python3 tools/find_tryit.py [--game ID] [--clause ID ...] [--redo] [--seeds N]
    python3 tools/find_tryit.py --init --game ID   # a first tryit.json from the rules doc

Reads each game's ``src/spieltisch/games/<id>/tryit.json`` (docs/tryit.md).
Every clause with a ``find`` spec and no ``position`` yet (all of them with
``--redo``) is searched for: seeded self-play games with the spec's players,
options and policy (``random`` legal moves, or the game's ``sensible``
moves); at each seat's turn the candidate moves (the legal ones for a
``move`` scenario; for a ``refusal`` also the game's ``clauses.candidates``
and moves seen legal earlier) whose text starts with one of ``try`` are
judged by ``spieltisch.ui.tryit.governs``. The first position (shortest log
among a few seeds) where the clause governs a candidate -- and, with
``contrast``, some candidate is not governed by it -- is written back as a
position payload (seed + log, the engine's own) with the governed moves as
``expect``. Chance is the match's seeded chance, so the log replays exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from spieltisch.core.match import Match, Seat
from spieltisch.core.rng import Rng, mix_seed
from spieltisch.games import GAMES
from spieltisch.ui import tryit

ROOT = Path(__file__).resolve().parents[1]
DATA_NAME = tryit.DATA_FILE
NAMES = ("Ann", "Ben", "Cem", "Dora", "Eli", "Fay", "Gus", "Hana", "Ida", "Jon")
MAX_EXPECT = 8
PATIENCE = 4  # seeds searched after the first find, for a shorter log
MAX_POOL = 400  # texts seen legal, tried as refusals
PER_LINE = 6  # log entries per line of the data file


def _prefixes(spec: dict) -> tuple[str, ...]:
    t = spec.get("try", "")
    return (t,) if isinstance(t, str) else tuple(t)


def _policy(game, match: Match, seat: int, rng: Rng, policy: str) -> str:
    state = match.state
    acts = game.sensible_actions(state, seat) if policy == "sensible" else []
    acts = acts or game.legal_actions(state, seat)
    return str(rng.choice(list(acts)))


def search_group(game, clauses: dict[str, dict], seeds: int, log_to=sys.stderr) -> dict:
    """Search the clauses that share players/options/policy; returns
    ``{clause: (position payload, expect)}`` for those found."""
    first = next(iter(clauses.values()))["find"]
    players = first.get("players", game.info.min_players)
    options = first.get("options", {})
    policy = first.get("policy", "random")
    mod = tryit.clauses_module(game.info.id)
    found: dict[str, tuple[dict, list[str]]] = {}
    found_at: dict[str, int] = {}
    budget = max(spec["find"].get("seeds", seeds) for spec in clauses.values())
    pool: list[str] = []
    pool_set: set[str] = set()
    for seed in range(1, budget + 1):
        todo = [c for c in clauses
                if (c not in found_at or seed - found_at[c] <= PATIENCE)
                and seed <= clauses[c]["find"].get("seeds", seeds)]
        if not todo:
            break
        match = Match(game, [Seat(NAMES[i], "bot", "easy") for i in range(players)], options,
                      seed=mix_seed("tryit", game.info.id, seed) % (1 << 31))
        rng = Rng(mix_seed("tryit-policy", game.info.id, seed))
        while not match.is_over:
            seat = match.to_act
            state = match.state
            legal = match.legal_texts(seat)
            for text in legal:
                if text not in pool_set and len(pool) < MAX_POOL:
                    pool.append(text)
                    pool_set.add(text)
            judged: dict[str, tuple[str, ...]] = {}

            def judge(text: str, state=state, seat=seat, judged=judged) -> tuple[str, ...]:
                if text not in judged:
                    judged[text] = tryit.governs(game, state, seat, text)
                return judged[text]

            for clause in todo:
                spec = clauses[clause]
                if clause in found and len(found[clause][0]["log"]) <= len(match.log):
                    continue
                pre = _prefixes(spec["find"])
                if spec["kind"] == "move":
                    cands = [t for t in legal if t.startswith(pre)]
                    hits = [t for t in cands if clause in judge(t)]
                    if spec["find"].get("contrast") and len(hits) == len(cands):
                        continue
                else:
                    extra = [str(a) for a in getattr(mod, "candidates", lambda s, p: [])(state, seat)]
                    legal_set = set(legal)
                    cands = [t for t in dict.fromkeys(extra + pool)
                             if t.startswith(pre) and t not in legal_set]
                    hits = [t for t in cands if judge(t) == (clause,)]
                if hits:
                    if clause not in found:
                        print(f"  {clause}: seed {seed}, log {len(match.log)}", file=log_to)
                    found[clause] = (tryit.payload(match, seat), hits[:MAX_EXPECT])
                    found_at.setdefault(clause, seed)
            match.play(_policy(game, match, seat, rng, policy), seat)
    return found


def run(game_id: str, only: set[str] | None, redo: bool, seeds: int) -> list[str]:
    game = GAMES[game_id]
    path = tryit.data_path(game_id)
    data = json.loads(path.read_text(encoding="utf-8"))
    groups: dict[str, dict[str, dict]] = defaultdict(dict)
    for clause, spec in data["clauses"].items():
        if "find" not in spec or (only and clause not in only):
            continue
        if "position" in spec and not redo:
            continue
        f = spec["find"]
        key = json.dumps([f.get("players"), f.get("options", {}), f.get("policy", "random")], sort_keys=True)
        groups[key][clause] = spec
    missing = []
    for key, clauses in groups.items():
        t0 = time.perf_counter()
        print(f"{game_id} {key}: {', '.join(clauses)}", file=sys.stderr)
        found = search_group(game, clauses, seeds)
        print(f"  {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        for clause in clauses:
            if clause in found:
                pos, expect = found[clause]
                spec = data["clauses"][clause]
                spec["position"], spec["expect"] = pos, expect
            else:
                missing.append(f"{game_id}: {clause}")
    path_os = os.fspath(path)
    with open(path_os, "w", encoding="utf-8") as fh:
        fh.write(dump(data))
    tryit.load.cache_clear()
    return missing


def dump(data: dict) -> str:
    """One clause per block, a log entry per line: readable diffs."""
    out = ['{', f'  "format": {json.dumps(data["format"])},', f'  "version": {data["version"]},',
           f'  "game": {json.dumps(data["game"])},', '  "clauses": {']
    items = list(data["clauses"].items())
    for i, (clause, spec) in enumerate(items):
        lines = [f'    {json.dumps(clause)}: {{']
        fields = []
        for k, v in spec.items():
            if k == "position":
                pos = dict(v)
                log = pos.pop("log")
                head = json.dumps(pos, ensure_ascii=False)[1:-1]
                rows = [log[k:k + PER_LINE] for k in range(0, len(log), PER_LINE)]
                body = ",\n        ".join(", ".join(json.dumps(e) for e in row) for row in rows)
                fields.append(f'      "position": {{{head}, "log": [\n        {body}]}}')
            else:
                fields.append(f'      {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}')
        lines.append(",\n".join(fields))
        lines.append("    }" + ("," if i < len(items) - 1 else ""))
        out += lines
    out += ["  }", "}"]
    return "\n".join(out) + "\n"


def init(game_id: str, seeds: int = 10) -> int:
    """Write a first ``tryit.json`` for a game that has none, from the clause
    ids of its rules doc: a clause some move is refused by gets a refusal
    scenario at once (found by self-play, judged by ``Illegal.rule`` --
    this needs no ``clauses.py``); every other clause gets a ``move`` spec
    to edit (players, ``try``) once ``clauses.py`` names it, or to replace
    by a ``reason``. Texts (``tryit.<clause>.do/.done``) are the author's."""
    path = tryit.data_path(game_id)
    if path.is_file():
        print(f"{game_id}: {DATA_NAME} exists; edit it instead", file=sys.stderr)
        return 1
    game = GAMES[game_id]
    doc = tryit.rules_doc(game_id)
    clauses = tryit.clause_ids(doc.read_text(encoding="utf-8"))
    players = game.info.min_players
    refusals = {c: {"kind": "refusal", "find": {"players": players}} for c in clauses}
    found = search_group(game, refusals, seeds)
    data = {"format": tryit.FORMAT, "version": tryit.VERSION, "game": game_id, "clauses": {}}
    for c in clauses:
        if c in found:
            pos, expect = found[c]
            data["clauses"][c] = dict(refusals[c], position=pos, expect=expect)
        else:
            data["clauses"][c] = {"kind": "move", "find": {"players": players}}
    with open(os.fspath(path), "w", encoding="utf-8") as fh:
        fh.write(dump(data))
    print(f"{game_id}: wrote {len(clauses)} clauses ({len(found)} refusals found) to "
          f"{os.fspath(path)}; the rest need clauses.py and a move spec, or a reason", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="a game id (default: every registered game)")
    ap.add_argument("--clause", action="append", help="only these clause ids")
    ap.add_argument("--redo", action="store_true", help="search again where a position exists")
    ap.add_argument("--seeds", type=int, default=40, help="self-play games per group (default 40)")
    ap.add_argument("--init", action="store_true",
                    help="write a first tryit.json from the rules doc's clause ids (for --game)")
    args = ap.parse_args(argv)
    if args.init:
        return max((init(g, args.seeds) for g in args.game or ()), default=1)
    missing = []
    for game_id in args.game or list(GAMES):
        if not tryit.data_path(game_id).is_file():
            print(f"{game_id}: no tryit.json yet (docs/tryit.md)", file=sys.stderr)
            continue
        missing += run(game_id, set(args.clause or ()) or None, args.redo, args.seeds)
    for m in missing:
        print(f"not found: {m}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
