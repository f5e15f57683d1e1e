"""Position links: any moment of a game as a URL fragment (docs/embedding.md).

    code = encode(match, seat)            # "2.<base64url(zlib(JSON))>"
    match = decode(code, games)           # raises PositionError(code)

The payload is what a save needs to replay the game -- game id, rules
version, seats, options, seed, the log up to now as a save writes it (the
seats' actions and only the forced chance outcomes, ``n`` the whole log's
length; links of payload version ``1.`` carry every chance outcome and still
open) and the final state hash --
plus ``me``: the seat whose view the link was made from. On opening, that
seat is the reader's (human) and every other seat is a bot (a human seat
becomes a ``normal`` bot), so "try it from here" works for one reader.

The seed and log are everything: for a game with hidden information anyone
who decodes the link and runs the engine can replay the deal (no card is
written out in it). The share panel says so.

Everything from a link is untrusted: size limits before and after
decompression, the nesting scan before parsing (core/safejson.py), strict
types, and the replay goes through ``Match.from_save`` (every field checked,
every move checked, the state hash compared).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from ..core.errors import SaveError
from ..core.game import Game
from ..core.match import LEVELS, SAVE_FORMAT, Match
from ..core.safejson import JsonLimitError, parse

PREFIX = "2."  # payload format version (the save format's version 2)
PREFIXES = {"1.": 1, "2.": 2}  # payload version -> save format version
MAX_CODE_CHARS = 60_000  # about 45 kB compressed; browsers take far longer URLs
MAX_JSON_BYTES = 2_000_000
# a save's reason -> the link's reason (position.error.*)
_SAVE_TO_LINK = {"replay-failed": "replay", "hash-mismatch": "replay", "rules-version": "replay",
                 "unknown-game": "unknown-game", "too-deep": "too-deep", "too-big": "too-long"}


class PositionError(ValueError):
    """A position link that cannot be opened; ``code`` names the reason:
    ``format``, ``too-long``, ``too-deep``, ``unknown-game`` or ``replay``."""

    def __init__(self, code: str, message: str = ""):
        super().__init__(message or code)
        self.code = code


def encode(match: Match, me: int) -> str:
    data = {
        "g": match.game.info.id,
        "r": match.game.info.rules_version,
        "s": [[s.name, s.kind, s.level] for s in match.seats],
        "o": dict(match.options),
        "seed": match.seed,
        "log": match.save_log(),
        "n": len(match.log),
        "h": match.game.state_hash(match.state),
        "me": me,
    }
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    return PREFIX + packed


def _unpack(code: str) -> tuple[int, dict]:
    if not isinstance(code, str) or code[:2] not in PREFIXES:
        raise PositionError("format", "not a position link of this version")
    if len(code) > MAX_CODE_CHARS:
        raise PositionError("too-long", "the link is too long")
    body = code[2:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        if inflater.unconsumed_tail:
            raise PositionError("too-long", "the position is too big")
        if not inflater.eof:
            raise PositionError("format", "the data is cut off")
        data = parse(raw, max_chars=MAX_JSON_BYTES)
    except PositionError:
        raise
    except JsonLimitError as err:
        raise PositionError(_SAVE_TO_LINK.get(err.code, "format"), str(err)) from None
    except (binascii.Error, ValueError, zlib.error) as err:
        raise PositionError("format", f"unreadable ({err.__class__.__name__})") from None
    if not isinstance(data, dict):
        raise PositionError("format", "not an object")
    return PREFIXES[code[:2]], data


def decode(code: str, games: dict[str, Game]) -> tuple[Match, int]:
    """Replay a link: ``(match, me)``. The match is new; nothing is stored."""
    version, data = _unpack(code)
    game_id = data.get("g")
    if not isinstance(game_id, str) or game_id not in games:
        raise PositionError("unknown-game", f"unknown game {game_id!r}")
    seats = data.get("s")
    me = data.get("me")
    if (not isinstance(seats, list) or not seats or not isinstance(me, int) or isinstance(me, bool)
            or not 0 <= me < len(seats)):
        raise PositionError("format", "the seats are damaged")
    out_seats = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, list) or len(seat) != 3:
            raise PositionError("format", f"seat {i + 1} is damaged")
        name, _kind, level = seat
        if not isinstance(name, str):
            raise PositionError("format", f"seat {i + 1} is damaged")
        if i == me:
            out_seats.append({"name": name, "kind": "human", "level": None})
        else:
            out_seats.append({"name": name, "kind": "bot",
                              "level": level if isinstance(level, str) and level in LEVELS else "normal"})
    save = {
        "format": SAVE_FORMAT,
        "version": version,
        "game": game_id,
        "rules_version": data.get("r"),
        "seats": out_seats,
        "options": data.get("o") if isinstance(data.get("o"), dict) else {},
        "seed": data.get("seed"),
        "log": data.get("log"),
        "state_hash": data.get("h"),
    }
    if version >= 2:
        save["length"] = data.get("n")
    try:
        match = Match.from_save(save, games)
    except SaveError as err:
        raise PositionError(_SAVE_TO_LINK.get(err.code, "format"), str(err)) from None
    except Exception as err:
        raise PositionError("format", f"{err.__class__.__name__}: {err}") from None
    return match, me
