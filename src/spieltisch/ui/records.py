"""Every record the site stores, and the one bounded reader for them (issue 27).

``FAMILIES`` is THE table of what the browser stores: a key (an exact key,
or a prefix when it ends with ``.``), its kind, and its bounds. The Python
side reads through :func:`load` / :func:`problem`; the JavaScript side
(``static/js/records.js``) reads through the same table, which the build
writes into ``static/build/records.js`` (``tools/build.py``,
:func:`table_json`). ``tests/ui/test_records.py`` fails when a writer in the
code uses a key that no family covers, so a new family is bounded as soon as
it is written.

Kinds:

* ``save`` -- the player's own data (a saved game, the record of games). A
  bad one is *never* removed or rewritten by a reader: it is shown as broken,
  offered for download, deleted only when the player asks.
* ``derived`` -- made from a save and made again at will (a resume
  snapshot). A bad one is dropped (removed from storage) and the save it
  came from is not touched.
* ``setting`` -- a small preference or counter. A bad one is ignored (the
  default applies) and overwritten on the next write.

Before anything is parsed, a record is checked without recursion
(``core.safejson.scan``: length, nesting depth, over-long numbers, a string
cut off), for text that is not valid UTF-16 (a lone surrogate, raw or as a
``\\uD800`` escape), and after parsing for its type. Depth 60,000 in a
snapshot's label (issue 27's probe) never reaches ``json.loads``.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from ..core.safejson import JsonLimitError, parse, scan, well_formed
from ..core.saves import MAX_SAVE_CHARS
from ..review.record import ASIDE_KEY, MAX_TEXT_CHARS, RECORD_KEY

SAVE_PREFIX = "spieltisch.save."
SNAP_PREFIX = "spieltisch.snap."
LANG_KEY = "spieltisch.lang"
REVIEW_PREFIX = "spieltisch.review."  # ui/review_control.py: the kept review results
KINDS = ("save", "derived", "setting")
TYPES = ("object", "text", "int")


@dataclass(frozen=True)
class Family:
    key: str  # exact key, or a prefix when it ends with "."
    kind: str  # KINDS
    max_chars: int
    max_depth: int  # JSON nesting allowed; 0 for plain text
    type: str  # TYPES: "object" is a JSON object; "text" and "int" are stored as plain text
    store: str = "local"  # or "session"
    writer: str = ""  # the module that writes it (docs/reliability.md)

    @property
    def prefix(self) -> bool:
        return self.key.endswith(".")


# a kept review result (ui/review_control.py) is at most ~30 kB at depth 5 for a whole game of
# any game (measured; docs/reliability.md): the bounds leave room for long games
FAMILIES: tuple[Family, ...] = (
    Family(SAVE_PREFIX, "save", MAX_SAVE_CHARS, 64, "object", writer="ui/saves.py, ui/new_game.py"),
    Family(SNAP_PREFIX, "derived", 400_000, 8, "object", writer="ui/snapshot.py (app/snapshot.py)"),
    Family(REVIEW_PREFIX, "derived", 400_000, 12, "object", writer="ui/review_control.py"),
    Family(RECORD_KEY, "save", MAX_TEXT_CHARS, 64, "object", writer="review/record.py"),
    Family(ASIDE_KEY, "save", MAX_TEXT_CHARS, 0, "text", writer="review/record.py"),
    Family(LANG_KEY, "setting", 16, 0, "text", writer="ui/controller.py"),
    # issue 30: a host's remote seats and session (codes, secrets, numbers), and a device's seat
    # and secret: made again by pairing anew, so a bad one is dropped (docs/multiplayer.md)
    Family("spieltisch.net.host.", "derived", 20_000, 4, "object", writer="ui/table_host.py"),
    Family("spieltisch.net.seat.", "derived", 8_000, 3, "object", writer="ui/table_device.py"),
    # issue 30: the STUN/TURN servers the player names, as their own text (ui/ice_settings.py)
    Family("spieltisch.net.ice", "setting", 8_000, 2, "object", writer="ui/ice_settings.py"),
    Family("spieltisch.botspeed", "setting", 16, 0, "text", writer="ui/follow.py"),
    Family("spieltisch.boot.attempts", "setting", 8, 0, "int", writer="static/js/boot.js"),
    Family("spieltisch.boot.item", "setting", 400, 0, "text", writer="static/js/boot.js, app/browser.py, static/js/records.js"),
    Family("spieltisch.safe", "setting", 4, 0, "text", store="session", writer="static/js/boot.js"),
)

def family(key: Any) -> Family | None:
    """The family of a storage key (an exact key wins over a prefix)."""
    if not isinstance(key, str):
        return None
    for f in FAMILIES:
        if not f.prefix and key == f.key:
            return f
    for f in FAMILIES:
        if f.prefix and key.startswith(f.key) and len(key) > len(f.key):
            return f
    return None


def problem(key: str, text: Any) -> str | None:
    """Why a stored text must not be used (a stable code), or None.
    Codes: ``not-text``, ``too-big``, ``bad-text``, ``too-deep``,
    ``big-number``, ``not-json``, ``wrong-type``; ``unknown-key`` for a key
    no family covers. Checks only: nothing is parsed when a bound fails."""
    f = family(key)
    if f is None:
        return "unknown-key"
    if not isinstance(text, str):
        return "not-text"
    if len(text) > f.max_chars:
        return "too-big"
    if not well_formed(text):
        return "bad-text"
    if f.type == "int":
        return None if re.fullmatch(r"[0-9]{1,8}", text) else "wrong-type"
    if f.type == "text":
        return None
    try:
        scan(text, max_chars=f.max_chars, max_depth=f.max_depth)
    except JsonLimitError as err:
        return err.code
    stripped = text.lstrip()
    if f.type == "object" and not stripped.startswith("{"):
        return "wrong-type"
    return None


def value(key: str, text: str) -> Any:
    """The checked value of a stored text; raises JsonLimitError (code) if it is bad."""
    code = problem(key, text)
    if code is not None:
        raise JsonLimitError(code, f"{key}: {code}")
    f = family(key)
    if f.type == "text":
        return text
    if f.type == "int":
        return int(text)
    data = parse(text, max_chars=f.max_chars, max_depth=f.max_depth)
    if not isinstance(data, dict):
        raise JsonLimitError("wrong-type", f"{key}: not an object")
    return data


def load(storage: Any, key: str) -> Any:
    """Read ``key`` through its family's bounds: its value, or None when it
    is absent or bad. A bad *derived* record is removed (it is made again
    from its save, which is never touched); a bad save or setting is left
    as it is (the save's own screen says what is wrong with it)."""
    try:
        text = storage.get(key)
    except Exception:
        return None
    if text is None:
        return None
    try:
        return value(key, text)
    except JsonLimitError:
        drop_if_derived(storage, key)
        return None


def text(storage: Any, key: str) -> str | None:
    """The stored text of ``key`` if it passes its family's checks (not
    parsed: the caller parses it with the same bounds); a bad derived record
    is dropped, a bad save is returned as it is (``SavesMixin.load_entry``
    reports it through ``problem``), a bad setting reads as absent."""
    try:
        raw = storage.get(key)
    except Exception:
        return None
    if raw is None:
        return None
    code = problem(key, raw)
    if code is None or code == "unknown-key":
        return raw if isinstance(raw, str) else None
    f = family(key)
    if f.kind == "save":
        return raw if isinstance(raw, str) else None
    drop_if_derived(storage, key)
    return None


def drop_if_derived(storage: Any, key: str) -> bool:
    f = family(key)
    if f is None or f.kind != "derived":
        return False
    with contextlib.suppress(Exception):
        storage.remove(key)
    return True


def table() -> list[dict]:
    return [{**asdict(f), "prefix": f.prefix} for f in FAMILIES]


def table_json() -> str:
    """The table for static/js/records.js (written by tools/build.py)."""
    return json.dumps(table(), ensure_ascii=True, separators=(",", ":"), sort_keys=True)
