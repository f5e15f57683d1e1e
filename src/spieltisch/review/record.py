"""Your record on this device: games played and won, best scores, comebacks.

Pure Python (no browser); the page stores it beside the saves, under
``RECORD_KEY`` in the same storage (``ui/saves.py``'s ``Storage``: get,
set, remove, keys), and exports and imports it as one JSON file.

    rec, notes = load_stored(storage)            # never raises; notes: [(catalogue key, params)]
    rec.add(entry_for(match, ended_ms=now))      # a finished game (None for one without a human seat)
    rec.add_review(entry_id, review_result)      # the lowest chance the review found on the way
    store(storage, rec)                          # may raise StorageFull, like a save
    standings.stats(rec), .timeline(rec), .comebacks(rec)   # what the record page shows (standings.py)
    text = export_text(rec); merged, notes = import_text(rec, text)

The text is untrusted (another tab, an old version, an edited file): it is
read with the nesting and size scan of the saves (``core/safejson.py``),
then entry by entry. A malformed entry is dropped with a note and the rest
is kept; a text that is not a record at all gives an empty record and a
note, and ``store`` first puts the unreadable text aside (``ASIDE_KEY``)
rather than writing over it. It is bounded: at most ``MAX_ENTRIES`` games
one by one; older ones are folded into ``earlier`` (counts, best scores,
comebacks), so totals are never lost. Importing merges: games by their id
(a game recorded on two devices, or imported twice, counts once); folded
counts by the larger of the two, so importing your own export changes
nothing.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..core.match import LEVELS, Match
from ..core.safejson import JsonLimitError, parse
from ..core.text import clean_name

RECORD_KEY = "spieltisch.record"
ASIDE_KEY = "spieltisch.record.aside"
FORMAT = "spieltisch-record"
VERSION = 1
MAX_ENTRIES = 1000
MAX_TEXT_CHARS = 1_500_000
MAX_COMEBACKS = 20
MAX_SEATS = 10
MAX_OPTIONS = 16
MAX_COUNTERS = 2000
MAX_MS = 1 << 53


def _int(x, lo=0, hi=MAX_MS) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _num(x, lo=-1e9, hi=1e9) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == x and lo <= x <= hi


def _word(x, n=64) -> bool:
    return isinstance(x, str) and 0 < len(x) <= n and x.isascii() and all(c.isalnum() or c in "_-." for c in x)


def game_id_of(match: Match) -> str:
    """A finished game's id: the same game gives the same id on every device."""
    m = match
    text = json.dumps([m.game.info.id, m.seed, len(m.log), m.game.state_hash(m.state)], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def entry_for(match: Match, *, ended_ms: int) -> dict | None:
    """The record's entry of a finished game, or ``None`` (not over, or no
    human seat: a game of bots is nobody's record)."""
    if not match.is_over:
        return None
    out = match.outcome()
    humans = [i for i, s in enumerate(match.seats) if not s.is_bot]
    if not humans:
        return None
    n = len(match.seats)
    sign = -1 if out.low_wins else 1
    place = {i: 1 + sum(1 for j in range(n) if sign * out.scores[j] > sign * out.scores[i]) for i in range(n)}
    returns = out.returns
    people = [{"seat": i, "name": match.seats[i].name, "score": out.scores[i], "place": place[i],
               "result": None if n == 1 else round(returns[i], 4)} for i in humans]
    options = {k: v for k, v in sorted(match.options.items())}
    return {"id": game_id_of(match), "game": match.game.info.id, "ended": int(ended_ms), "players": n,
            "options": options, "bots": [s.level for s in match.seats if s.is_bot],
            "low_wins": bool(out.low_wins), "people": people}


# ---- checking ------------------------------------------------------------------------------

def check_entry(e: Any) -> dict:
    """One entry, checked and normalised; raises ``ValueError`` with the reason."""
    if not isinstance(e, dict):
        raise ValueError("not an object")
    if not (isinstance(e.get("id"), str) and len(e["id"]) == 24 and all(c in "0123456789abcdef" for c in e["id"])):
        raise ValueError("id")
    if not _word(e.get("game")):
        raise ValueError("game")
    if not _int(e.get("ended")):
        raise ValueError("ended")
    if not _int(e.get("players"), 1, MAX_SEATS):
        raise ValueError("players")
    opts = e.get("options", {})
    if not isinstance(opts, dict) or len(opts) > MAX_OPTIONS or not all(
            _word(k, 32) and (isinstance(v, bool) or _int(v, -1000, 1000) or (isinstance(v, str) and len(v) <= 32))
            for k, v in opts.items()):
        raise ValueError("options")
    bots = e.get("bots", [])
    if not isinstance(bots, list) or len(bots) >= e["players"] + 1 or not all(b in LEVELS for b in bots):
        raise ValueError("bots")
    people = e.get("people")
    if not isinstance(people, list) or not 1 <= len(people) <= e["players"] - len(bots):
        raise ValueError("people")
    clean = []
    seen = set()
    for p in people:
        if not isinstance(p, dict) or not _int(p.get("seat"), 0, e["players"] - 1) or p["seat"] in seen:
            raise ValueError("people")
        seen.add(p["seat"])
        if not isinstance(p.get("name"), str) or not _num(p.get("score")) or not _int(p.get("place"), 1, MAX_SEATS):
            raise ValueError("people")
        res = p.get("result")
        if not (res is None if e["players"] == 1 else _num(res, 0.0, 1.0)):
            raise ValueError("result")
        clean.append({"seat": p["seat"], "name": clean_name(p["name"], p["seat"]), "score": p["score"],
                      "place": p["place"], "result": res})
    out = {"id": e["id"], "game": e["game"], "ended": e["ended"], "players": e["players"],
           "options": dict(opts), "bots": list(bots), "low_wins": bool(e.get("low_wins", False)),
           "people": clean}
    cb = e.get("comeback")
    if cb is not None:
        if not (isinstance(cb, dict) and _int(cb.get("seat"), 0, e["players"] - 1) and _num(cb.get("low"), 0.0, 1.0)
                and _int(cb.get("n"), 0, 100_000) and any(p["seat"] == cb["seat"] for p in clean)):
            raise ValueError("comeback")
        out["comeback"] = {"seat": cb["seat"], "low": float(cb["low"]), "n": cb["n"]}
    return out


def _check_earlier(d: Any) -> tuple[dict, list[str]]:
    """The folded counts; a damaged part is dropped (and named)."""
    empty = {"played": {}, "won": {}, "best": {}, "comebacks": []}
    if d is None:
        return empty, []
    if not isinstance(d, dict):
        return empty, ["earlier"]
    out, bad = {"played": {}, "won": {}, "best": {}, "comebacks": []}, []
    for part in ("played", "won"):
        c = d.get(part, {})
        if isinstance(c, dict) and len(c) <= MAX_COUNTERS and all(
                isinstance(k, str) and len(k) <= 200 and _num(v, 0, 1e9) for k, v in c.items()):
            out[part] = dict(c)
        else:
            bad.append(f"earlier.{part}")
    best = d.get("best", {})
    if isinstance(best, dict) and len(best) <= MAX_COUNTERS and all(
            isinstance(k, str) and len(k) <= 400 and isinstance(v, dict) and _num(v.get("score"))
            and isinstance(v.get("name"), str) and len(v["name"]) <= 200 and _int(v.get("ended"))
            and isinstance(v.get("low_wins"), bool) for k, v in best.items()):
        out["best"] = {k: dict(v) for k, v in best.items()}
    else:
        bad.append("earlier.best")
    cbs = d.get("comebacks", [])
    kept = []
    if isinstance(cbs, list) and len(cbs) <= MAX_COMEBACKS * 4:
        for c in cbs:
            try:
                kept.append(check_entry(c))
            except ValueError:
                bad.append("earlier.comebacks")
    else:
        bad.append("earlier.comebacks")
    out["comebacks"] = kept
    return out, bad


# ---- the record ----------------------------------------------------------------------------

@dataclass
class Record:
    entries: list[dict] = field(default_factory=list)  # oldest first
    earlier: dict = field(default_factory=lambda: {"played": {}, "won": {}, "best": {}, "comebacks": []})
    folded: bool = False  # did the last add fold old games?

    def ids(self) -> set[str]:
        return {e["id"] for e in self.entries}

    def add(self, entry: dict | None) -> bool:
        """Add a finished game (checked); ``False`` if it was there already or is not an entry."""
        if entry is None:
            return False
        try:
            e = check_entry(entry)
        except ValueError:
            return False
        if e["id"] in self.ids() or any(c["id"] == e["id"] for c in self.earlier["comebacks"]):
            return False
        self.entries.append(e)
        self.entries.sort(key=lambda x: (x["ended"], x["id"]))
        self._fold()
        return True

    def add_review(self, entry_id: str, result: dict) -> bool:
        """Keep the lowest chance a review found for a seat of a recorded game
        (``result`` as the engine gives it: mode ``win``, complete)."""
        if not (isinstance(result, dict) and result.get("mode") == "win" and result.get("complete")):
            return False
        low = (result.get("summary") or {}).get("low")
        seat = result.get("seat")
        for e in self.entries:
            if e["id"] == entry_id and isinstance(low, dict) and any(p["seat"] == seat for p in e["people"]):
                try:
                    e2 = check_entry({**e, "comeback": {"seat": seat, "low": float(low["value"]),
                                                        "n": int(low["n"])}})
                except (ValueError, TypeError, KeyError):
                    return False
                e.update(e2)
                return True
        return False

    def _fold(self) -> None:
        self.folded = False
        while len(self.entries) > MAX_ENTRIES:
            self.folded = True
            old = self.entries.pop(0)
            _count_into(self.earlier, old)

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "entries": self.entries, "earlier": self.earlier}

    def to_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


def counter_keys(e: dict) -> list[str]:
    g = e["game"]
    levels = sorted(set(e["bots"])) or ["none"]
    return [f"game|{g}", f"players|{g}|{e['players']}"] + [f"level|{g}|{lv}" for lv in levels]


def best_key(e: dict) -> str:
    return f"{e['game']}|{e['players']}|{json.dumps(e['options'], sort_keys=True, separators=(',', ':'))}"


def better_score(score, other, low_wins: bool) -> bool:
    return score < other if low_wins else score > other


def _count_into(earlier: dict, e: dict) -> None:
    for p in e["people"]:
        for k in counter_keys(e):
            earlier["played"][k] = earlier["played"].get(k, 0) + 1
            if p["result"] is not None:
                earlier["won"][k] = round(earlier["won"].get(k, 0) + p["result"], 4)
        key = best_key(e)
        cur = earlier["best"].get(key)
        if cur is None or better_score(p["score"], cur["score"], e["low_wins"]):
            earlier["best"][key] = {"score": p["score"], "name": p["name"], "ended": e["ended"],
                                    "low_wins": e["low_wins"]}
    if "comeback" in e and won_by(e, e["comeback"]["seat"]):
        earlier["comebacks"].append(e)
        earlier["comebacks"].sort(key=lambda c: (c["comeback"]["low"], c["ended"]))
        del earlier["comebacks"][MAX_COMEBACKS:]


def won_by(e: dict, seat: int) -> bool:
    return any(p["seat"] == seat and p["result"] is not None and p["result"] > 0 for p in e["people"])


# ---- reading and writing -------------------------------------------------------------------

def from_text(text: Any) -> tuple[Record, list[tuple[str, dict]], list[str]]:
    """``(record, notes, problems)``. Never raises. ``notes`` are for the
    player (catalogue keys); ``problems`` name what was dropped, for tools."""
    if text is None:
        return Record(), [], []
    try:
        data = parse(text, max_chars=MAX_TEXT_CHARS) if isinstance(text, (str, bytes)) else text
    except (JsonLimitError, ValueError, TypeError):
        return Record(), [("record.note.unreadable", {})], ["not-json"]
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return Record(), [("record.note.unreadable", {})], ["not-a-record"]
    problems: list[str] = []
    rec = Record()
    raw = data.get("entries")
    if not isinstance(raw, list):
        problems.append("entries")
        raw = []
    seen = set()
    for i, e in enumerate(raw[: MAX_ENTRIES * 2]):
        try:
            c = check_entry(e)
        except ValueError as err:
            problems.append(f"entry {i}: {err}")
            continue
        if c["id"] in seen:
            continue
        seen.add(c["id"])
        rec.entries.append(c)
    if len(raw) > MAX_ENTRIES * 2:
        problems.append(f"entries past {MAX_ENTRIES * 2}")
    rec.entries.sort(key=lambda x: (x["ended"], x["id"]))
    rec.earlier, bad = _check_earlier(data.get("earlier"))
    problems += bad
    rec._fold()
    notes = [("record.note.dropped", {"count": len(problems)})] if problems else []
    return rec, notes, problems


def load_stored(storage) -> tuple[Record, list[tuple[str, dict]]]:
    """The record in ``storage`` (empty if there is none). Never raises."""
    try:
        text = storage.get(RECORD_KEY)
    except Exception:
        text = None
    rec, notes, _ = from_text(text)
    return rec, notes


def store(storage, record: Record) -> None:
    """Write the record; a stored text that could not be read whole (or at
    all) is first put aside under ``ASIDE_KEY`` (one copy, the latest), so
    what was dropped can still be recovered. Storage errors (a full
    storage) are raised, as for a save."""
    try:
        old = storage.get(RECORD_KEY)
    except Exception:
        old = None
    if old is not None:
        _, _notes, problems = from_text(old)
        if problems:
            storage.set(ASIDE_KEY, old if len(old) <= MAX_TEXT_CHARS else old[:MAX_TEXT_CHARS])
    storage.set(RECORD_KEY, record.to_text())


def export_text(record: Record) -> str:
    """The record as a file (the same JSON as stored, indented)."""
    return json.dumps(record.to_json(), ensure_ascii=False, indent=1)


def import_text(current: Record, text: Any) -> tuple[Record, list[tuple[str, dict]]]:
    """``current`` with an exported record merged in; a file that is not a
    record leaves ``current`` as it was (and says so)."""
    other, notes, problems = from_text(text)
    if problems and problems[0] in ("not-json", "not-a-record"):
        return current, [("record.note.import_failed", {})]
    merged = Record([dict(e) for e in current.entries], json.loads(json.dumps(current.earlier)))
    added = 0
    have = {e["id"]: e for e in merged.entries}
    for e in other.entries:
        mine = have.get(e["id"])
        if mine is None:
            merged.entries.append(e)
            have[e["id"]] = e
            added += 1
        elif "comeback" not in mine and "comeback" in e:
            mine["comeback"] = e["comeback"]
    for part in ("played", "won"):
        for k, v in other.earlier[part].items():
            merged.earlier[part][k] = max(v, merged.earlier[part].get(k, 0))
    for k, v in other.earlier["best"].items():
        cur = merged.earlier["best"].get(k)
        if cur is None or better_score(v["score"], cur["score"], v["low_wins"]):
            merged.earlier["best"][k] = v
    ids = {c["id"] for c in merged.earlier["comebacks"]}
    merged.earlier["comebacks"] += [c for c in other.earlier["comebacks"] if c["id"] not in ids]
    merged.earlier["comebacks"].sort(key=lambda c: (c["comeback"]["low"], c["ended"]))
    del merged.earlier["comebacks"][MAX_COMEBACKS:]
    merged.entries.sort(key=lambda x: (x["ended"], x["id"]))
    merged._fold()
    notes = [*notes, ("record.note.import_ok", {"count": added})]
    if merged.folded:
        notes.append(("record.note.folded", {}))
    return merged, notes
