"""Reading a save: the one hardened path for stored saves, imported files and
position links (docs/engine.md, *Saves*).

    checked = read_save(text_or_data, games)   # raises SaveError(code), nothing else
    match = Match.from_save(text_or_data, games)   # read_save + the replay

Everything is checked before anything is replayed: the text's size, nesting
and number lengths before it is parsed (``safejson``), then the type and range
of every field, ``meta`` included. Unknown top-level fields are ignored (a
later version may add some); unknown ``meta`` fields are dropped.

Listing a save needs no replay: ``summarize_save`` checks every field as
``read_save`` does and takes the move count and the finished flag from
``meta.summary`` (written with each save), or, for an older save or a
malformed summary, from the log itself (finished then unknown).

Format versions: 1 has every chance outcome in ``log``; 2 (written now) has
only the seats' actions and the chance outcomes the seed does not give, each
as ``[-1, text, log index]``, plus ``length``, the whole log's length. In a
game with hidden information each seat action is written sealed
(``seal_action``: ``~`` + base64url of the text XOR a keystream from the seed
and the entry's index in the saved log), so a face-down discard is not plain
text either; the ``~`` marks it (no action text begins with one), so version
2 saves with plain actions still load and the version stays 2. The seed is in
the file, so running this code unseals it (docs/offline.md).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass, field
from typing import Any

from .errors import SaveError
from .game import CHANCE, Game
from .safejson import JsonLimitError, parse
from .text import clean_name

SAVE_FORMAT = "spieltisch-save"
SAVE_VERSIONS = (1, 2)
SEALED_FROM = 2  # the first version that may hold sealed seat actions
SEAL_MARK = "~"
MAX_SAVE_CHARS = 2_000_000
MAX_ACTION_CHARS = 200
MAX_SEALED_CHARS = 1 + (4 * MAX_ACTION_CHARS * 4 + 2) // 3  # "~" + base64url of up to 800 UTF-8 bytes
MAX_OPTION_CHARS = 64
MAX_HASH_CHARS = 128
MAX_SEED = 1 << 64
MAX_META_INT = 1 << 53  # milliseconds and revisions: exact in JavaScript too
MAX_SLOT_CHARS = 200
LEVELS = ("easy", "normal", "hard")
META_INTS = ("created", "updated", "revision")
META_TEXTS = ("slot",)
SUMMARY_KEYS = ("moves", "over")


@dataclass(frozen=True)
class CheckedSave:
    """A save whose every field has the right type and range (not yet replayed)."""

    game: Game
    version: int
    seats: tuple[tuple[Any, str, str | None], ...]  # (raw name, kind, level); names are cleaned by Seat
    options: dict
    seed: int
    log: tuple[tuple[int, str, int | None], ...]  # (player, text, log index of a forced chance outcome)
    length: int
    state_hash: str
    meta: dict = field(default_factory=dict)


@dataclass(frozen=True)
class SaveSummary:
    """What the hub lists of a save, read without replaying it."""

    game_id: str
    names: tuple[str, ...]
    moves: int  # the seats' actions
    over: bool | None  # None: not known without a replay (an older save)
    updated: int


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---- sealed seat actions (version 3) ------------------------------------------------


def _keystream(seed: int, index: int, size: int) -> bytes:
    out = bytearray()
    block = 0
    while len(out) < size:
        out += hashlib.sha256(f"spieltisch-seal\x1f{seed}\x1f{index}\x1f{block}".encode()).digest()
        block += 1
    return bytes(out[:size])


def seal_action(text: str, seed: int, index: int) -> str:
    """A seat action as a save of a hidden-information game stores it: not
    readable in the file, but anyone running this with the file's seed gets
    it back (``unseal_action``). ``index`` is the entry's place in the saved log."""
    raw = text.encode("utf-8")
    mixed = bytes(a ^ b for a, b in zip(raw, _keystream(seed, index, len(raw))))
    return SEAL_MARK + base64.urlsafe_b64encode(mixed).decode("ascii").rstrip("=")


def unseal_action(sealed: str, seed: int, index: int) -> str | None:
    """The text of a sealed action, or None when it is damaged."""
    body = sealed[len(SEAL_MARK):]
    if not body or len(body) % 4 == 1 or any(not (c.isascii() and (c.isalnum() or c in "-_")) for c in body):
        return None
    try:
        mixed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        text = bytes(a ^ b for a, b in zip(mixed, _keystream(seed, index, len(mixed)))).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return text if 0 < len(text) <= MAX_ACTION_CHARS and not text.startswith(SEAL_MARK) else None


def seals_actions(game: Game) -> bool:
    """Whether saves of ``game`` seal the seats' actions: a game with hidden
    information (a seat action may carry what another seat may not see)."""
    return not game.info.perfect_information


def parse_save_text(text: Any) -> Any:
    """Text or bytes to JSON data, within the limits; SaveError otherwise."""
    try:
        return parse(text, max_chars=MAX_SAVE_CHARS)
    except JsonLimitError as err:
        raise SaveError(err.code, f"the data cannot be read: {err}") from None


def read_meta(raw: Any) -> dict:
    """``meta``: an object of known fields (others dropped), or absent."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SaveError("bad-meta", f"its extra data is a {type(raw).__name__}, not an object")
    meta: dict = {}
    for key in META_INTS:
        if key in raw:
            value = raw[key]
            if not _int(value) or not 0 <= value < MAX_META_INT:
                raise SaveError("bad-meta", f"its {key} is not a whole number in range")
            meta[key] = value
    for key in META_TEXTS:
        if key in raw:
            value = raw[key]
            if not isinstance(value, str) or len(value) > MAX_SLOT_CHARS:
                raise SaveError("bad-meta", f"its {key} is not a short text")
            meta[key] = value
    summary = read_summary(raw.get("summary"))
    if summary is not None:
        meta["summary"] = summary
    return meta


def read_summary(raw: Any) -> dict | None:
    """``meta.summary``: ``{"moves": n, "over": bool}``, or None when it is
    absent or malformed (the save is still listed, from its log)."""
    if not isinstance(raw, dict):
        return None
    moves, over = raw.get("moves"), raw.get("over")
    if not _int(moves) or not 0 <= moves < MAX_META_INT or not isinstance(over, bool):
        return None
    return {"moves": moves, "over": over}


def _read_seats(raw: Any, game: Game) -> tuple:
    if not isinstance(raw, list):
        raise SaveError("bad-seats", "the seats are missing")
    info = game.info
    if not info.min_players <= len(raw) <= info.max_players:
        raise SaveError("bad-setup", f"{info.title} takes {info.min_players}–{info.max_players} players")
    seats = []
    for i, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise SaveError("bad-seats", f"seat {i + 1} is not an object")
        name = seat.get("name", "")
        if not isinstance(name, str):
            raise SaveError("bad-seats", f"seat {i + 1} has a name that is not text")
        kind = seat.get("kind", "human")
        if kind not in ("human", "bot"):
            raise SaveError("bad-seats", f"seat {i + 1} has an unknown kind")
        level = seat.get("level")
        if not (level is None or (isinstance(level, str) and level in LEVELS)):
            raise SaveError("bad-seats", f"seat {i + 1} has an unknown bot level")
        if kind == "bot" and level is None:
            raise SaveError("bad-seats", f"seat {i + 1} is a bot without a level")
        seats.append((name, kind, level if kind == "bot" else None))
    return tuple(seats)


def _read_options(raw: Any, game: Game, rules_version: int) -> dict:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise SaveError("bad-options", "the game settings are not an object")
    for key, value in raw.items():
        ok = (isinstance(value, bool) or (_int(value) and abs(value) < (1 << 31))
              or (isinstance(value, str) and len(value) <= MAX_OPTION_CHARS))
        if not ok:
            raise SaveError("bad-options", f"the setting {key[:40]!r} has a value of the wrong kind")
    try:
        return game.normalize_options(game.options_for_rules(raw, rules_version))
    except Exception as err:
        raise SaveError("bad-options", str(err)[:200]) from None


def _read_log(raw: Any, version: int, players: int, game: Game, seed: int) -> tuple:
    if not isinstance(raw, list):
        raise SaveError("bad-log", "the move list is missing")
    if len(raw) > game.info.max_length:
        raise SaveError("bad-log", "the move list is longer than any game")
    log = []
    last_forced = -1
    for i, entry in enumerate(raw):
        where = f"move {i + 1} is malformed"
        if not isinstance(entry, list) or len(entry) not in (2, 3):
            raise SaveError("bad-log", where)
        player, text = entry[0], entry[1]
        if not _int(player) or not CHANCE <= player < players:
            raise SaveError("bad-log", where)
        if isinstance(text, str) and text.startswith(SEAL_MARK) and player != CHANCE and version >= SEALED_FROM:
            text = unseal_action(text, seed, i) if len(text) <= MAX_SEALED_CHARS else None
        if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION_CHARS:
            raise SaveError("bad-log", where)
        index = None
        if len(entry) == 3:  # version 2: a forced chance outcome and its place in the whole log
            index = entry[2]
            if version < 2 or player != CHANCE or not _int(index) or not last_forced < index:
                raise SaveError("bad-log", where)
            last_forced = index
        elif version >= 2 and player == CHANCE:
            raise SaveError("bad-log", f"move {i + 1} is a chance outcome without its place")
        log.append((player, text, index))
    return tuple(log)


def read_save(data: Any, games: dict[str, Game]) -> CheckedSave:
    """Check a save's every field; SaveError(code) with a plain reason, never
    another exception. ``data`` is text, bytes or already parsed JSON."""
    if isinstance(data, (str, bytes, bytearray, memoryview)):
        data = parse_save_text(data)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not-a-save", "this is not a Spieltisch save")
    version = data.get("version")
    if not _int(version) or version not in SAVE_VERSIONS:
        shown = version if _int(version) and abs(version) < 10**6 else type(version).__name__
        raise SaveError("unknown-version", f"save format version {shown!r} is not known here")
    game_id = data.get("game")
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        shown = game_id[:40] if isinstance(game_id, str) else type(game_id).__name__
        raise SaveError("unknown-game", f"unknown game {shown!r}")
    rules_version = data.get("rules_version")
    if not _int(rules_version) or rules_version not in (game.info.rules_version, *game.info.old_rules):
        raise SaveError("rules-version", "the save was made with other rules of this game")
    seats = _read_seats(data.get("seats"), game)
    options = _read_options(data.get("options"), game, rules_version)
    seed = data.get("seed")
    if not _int(seed) or not -MAX_SEED < seed < MAX_SEED:
        raise SaveError("bad-seed", "the seed is missing")
    log = _read_log(data.get("log"), version, len(seats), game, seed)
    if version >= 2:
        length = data.get("length")
        if not _int(length) or not len(log) <= length <= game.info.max_length:
            raise SaveError("bad-log", "the length of the move list is damaged")
        if log and log[-1][2] is not None and log[-1][2] >= length:
            raise SaveError("bad-log", "a chance outcome lies beyond the end of the moves")
    else:
        length = len(log)
    state_hash = data.get("state_hash")
    if not isinstance(state_hash, str) or not 0 < len(state_hash) <= MAX_HASH_CHARS:
        raise SaveError("bad-hash", "the position check is missing")
    meta = read_meta(data.get("meta"))
    return CheckedSave(game, version, seats, options, seed, log, length, state_hash, meta)


def summarize_save(data: Any, games: dict[str, Game]) -> SaveSummary:
    """A save's listing, strictly checked (``read_save``) but not replayed.
    A summary that disagrees with the log's count of seat actions is ignored."""
    checked = read_save(data, games)
    moves = sum(1 for player, _, _ in checked.log if player != CHANCE)
    summary = checked.meta.get("summary")
    over = summary["over"] if summary is not None and summary["moves"] == moves else None
    names = tuple(clean_name(name, i) for i, (name, _, _) in enumerate(checked.seats))
    return SaveSummary(checked.game.info.id, names, moves, over, checked.meta.get("updated", 0))
