"""What the record page shows, from a :class:`record.Record`: games played
and won per game, per number of players and per bot level; best scores;
results over time; the biggest comebacks the reviews found. Pure; the keys
of every dict are strings, so it all goes to JSON as it is."""

from __future__ import annotations

import json

from .record import Record, best_key, better_score, counter_keys, won_by


def _person_ok(p: dict, name: str | None) -> bool:
    return name is None or p["name"] == name


def stats(record: Record, name: str | None = None) -> dict:
    """Per game: ``played``, ``won`` (shares), and the same per number of
    players and per bot level at the table (``none``: no bots); the folded
    earlier games included. With ``name``: that player's seats only (the
    folded counts are not by name and are left out then)."""
    played: dict[str, float] = {}
    won: dict[str, float] = {}
    if name is None:
        for k, v in record.earlier["played"].items():
            played[k] = played.get(k, 0) + v
        for k, v in record.earlier["won"].items():
            won[k] = won.get(k, 0) + v
    for e in record.entries:
        for p in e["people"]:
            if not _person_ok(p, name):
                continue
            for k in counter_keys(e):
                played[k] = played.get(k, 0) + 1
                if p["result"] is not None:
                    won[k] = won.get(k, 0) + p["result"]
    games: dict[str, dict] = {}
    for k, v in played.items():
        parts = k.split("|")
        g = games.setdefault(parts[1], {"played": 0, "won": 0.0, "players": {}, "levels": {}})
        w = round(won.get(k, 0.0), 4)
        if parts[0] == "game":
            g["played"], g["won"] = int(v), w
        elif parts[0] == "players":
            g["players"][parts[2]] = {"played": int(v), "won": w}
        else:
            g["levels"][parts[2]] = {"played": int(v), "won": w}
    for gid, bests in best_scores(record, name).items():
        games.setdefault(gid, {"played": 0, "won": 0.0, "players": {}, "levels": {}})["best"] = bests
    return {"games": games, "total": sum(g["played"] for g in games.values())}


def best_scores(record: Record, name: str | None = None) -> dict[str, list[dict]]:
    """Per game, the best score per number of players and options (a short
    game is not measured against a long one: the key holds the options)."""
    best: dict[str, dict] = {} if name is not None else {k: dict(v) for k, v in record.earlier["best"].items()}
    for e in record.entries:
        key = best_key(e)
        for p in e["people"]:
            if not _person_ok(p, name):
                continue
            cur = best.get(key)
            if cur is None or better_score(p["score"], cur["score"], e["low_wins"]):
                best[key] = {"score": p["score"], "name": p["name"], "ended": e["ended"], "low_wins": e["low_wins"]}
    out: dict[str, list[dict]] = {}
    for key, v in sorted(best.items()):
        gid, players, opts = key.split("|", 2)
        out.setdefault(gid, []).append({"players": int(players), "options": json.loads(opts), **v})
    return out


def timeline(record: Record, game: str | None = None, name: str | None = None, limit: int = 200) -> list[dict]:
    """The last ``limit`` results, oldest first: ``ended``, ``game``,
    ``players``, ``name``, ``result`` (a share of the win; None alone) and
    ``score``, for a chart of results over time."""
    out = []
    for e in record.entries:
        if game is not None and e["game"] != game:
            continue
        for p in e["people"]:
            if _person_ok(p, name):
                out.append({"ended": e["ended"], "game": e["game"], "players": e["players"], "name": p["name"],
                            "result": p["result"], "score": p["score"]})
    return out[-limit:] if limit > 0 else []


def comebacks(record: Record, limit: int = 5) -> list[dict]:
    """The biggest comebacks the reviews found: won games whose reviewed seat
    was lowest on the way (``low``: its chance to win then), lowest first."""
    pool = [e for e in record.entries if "comeback" in e and won_by(e, e["comeback"]["seat"])]
    ids = {e["id"] for e in pool}
    pool += [c for c in record.earlier["comebacks"] if c["id"] not in ids]
    pool.sort(key=lambda e: (e["comeback"]["low"], e["ended"], e["id"]))
    out = []
    for e in pool[:limit]:
        p = next(p for p in e["people"] if p["seat"] == e["comeback"]["seat"])
        out.append({"id": e["id"], "game": e["game"], "ended": e["ended"], "name": p["name"],
                    "low": e["comeback"]["low"], "n": e["comeback"]["n"], "score": p["score"]})
    return out
