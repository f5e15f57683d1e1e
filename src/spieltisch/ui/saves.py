"""Saved games: the storage (``Storage``; ``MemoryStorage`` for tests;
``StorageFull`` when the browser refuses a write), the save slots (key
``spieltisch.save.<slot>``: list, load, write, export, import, delete) and
the trail (the state after each log entry and the described log lines,
replayed from the match's log).

``SavesMixin`` is one part of ``Controller`` (controller.py); it uses the
controller's ``storage``, ``games``, ``clock``, ``match``, ``slot``,
``trail``, ``lines``, ``save_failed``, ``confirm_delete`` and its caches
``_save_cache`` and ``_created``. See docs/ui.md, "Saves".
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from ..core.errors import SaveError
from ..core.match import Match
from ..core.saves import SaveSummary, summarize_save
from . import records

# the keys' families, bounds and kinds: ui/records.py (FAMILIES)
SAVE_PREFIX = records.SAVE_PREFIX
SNAP_PREFIX = records.SNAP_PREFIX  # resume snapshots (ui/snapshot.py): dropped first when storage is full
LANG_KEY = records.LANG_KEY
MAX_IMPORT_CHARS = 2_000_000


# ---- storage ------------------------------------------------------------------------


class StorageFull(Exception):
    """The browser refused to store more (QuotaExceededError)."""


class Storage(ABC):
    @abstractmethod
    def get(self, key: str) -> str | None: ...

    @abstractmethod
    def set(self, key: str, value: str) -> None:
        """May raise :class:`StorageFull`."""

    @abstractmethod
    def remove(self, key: str) -> None: ...

    @abstractmethod
    def keys(self) -> list[str]: ...


class MemoryStorage(Storage):
    """A dict-backed storage for tests; ``quota`` (characters) simulates a full one."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None):
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota
        self.writes = 0

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(key)
        self.data[key] = str(value)
        self.writes += 1

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# ---- saves ----------------------------------------------------------------------------


@dataclass
class SaveEntry:
    key: str
    slot: str
    text: str
    summary: SaveSummary | None = None  # every field checked, not replayed
    match: Match | None = None  # set once replayed (opened or exported)
    error: SaveError | None = None
    replayed: bool = False

    @property
    def ok(self) -> bool:
        """Checked without a fault (and, if replayed, replayed without one)."""
        return self.error is None and self.summary is not None


def _slot_of(key: str) -> str:
    return key[len(SAVE_PREFIX):]


def drop_snapshots(storage: Storage) -> int:
    """Remove every resume snapshot (never a save); how many were removed."""
    try:
        stored = storage.keys()
        keys = [k for k in stored if isinstance(k, str) and k.startswith(SNAP_PREFIX)]
    except Exception:
        return 0
    for key in keys:
        with contextlib.suppress(Exception):
            storage.remove(key)
    return len(keys)


class SavesMixin:
    """The controller's saves: slots in storage, the trail, export/import/delete."""

    def _storage_get(self, key: str) -> str | None:
        """Every read of the controller goes through the family table's bounds
        (ui/records.py): a bad setting reads as absent, a bad derived record
        is dropped, a save comes back as stored (load_entry reports it)."""
        return records.text(self.storage, key)

    # ---- saves ---------------------------------------------------------------------------
    def save_keys(self) -> list[str]:
        try:
            keys = self.storage.keys()
        except Exception:
            return []
        return sorted(k for k in keys if isinstance(k, str) and k.startswith(SAVE_PREFIX))

    def load_entry(self, key: str, *, replay: bool = True) -> SaveEntry | None:
        """A stored save, checked; replayed too unless ``replay`` is False
        (listing). A failed check or replay is kept as ``error``: the stored
        text is never removed or rewritten here."""
        text = self._storage_get(key)
        if text is None:
            self._save_cache.pop(key, None)
            return None
        cached = self._save_cache.get(key)
        if cached is not None and cached.text == text and (cached.replayed or not replay):
            return cached
        entry = SaveEntry(key, _slot_of(key), text)
        code = records.problem(key, text)
        if code in ("bad-text", "not-text"):  # the save reader's own checks (core/saves.py) say the rest
            entry.error = SaveError(code, "not valid UTF-16 text" if code == "bad-text" else "not text")
            self._save_cache[key] = entry
            return entry
        try:
            entry.summary = summarize_save(text, self.games)
            if replay:
                entry.replayed = True
                entry.match = Match.from_save(text, self.games)
        except SaveError as err:
            entry.error = err
        except Exception as err:
            entry.error = SaveError("unknown", f"{err.__class__.__name__}: {err}")
        self._save_cache[key] = entry
        return entry

    def entries(self) -> list[SaveEntry]:
        """Every stored save, checked but not replayed (the hub's list)."""
        out = []
        for key in self.save_keys():
            e = self.load_entry(key, replay=False)
            if e is not None:
                out.append(e)
        return out

    def _meta(self, created: float | None = None) -> dict:
        now = int(self.clock() * 1000)
        return {"created": int(created if created is not None else now), "updated": now}

    def _new_slot(self) -> str:
        base = format(int(self.clock() * 1000), "x")
        existing = set(self.save_keys())
        slot, n = base, 1
        while SAVE_PREFIX + slot in existing:
            n += 1
            slot = f"{base}-{n}"
        return slot

    def save_current(self) -> bool:
        """Write the game on screen to storage; tell the player if it failed."""
        if self.match is None or self.slot is None:
            return False
        key = SAVE_PREFIX + self.slot
        if self.deleted_pending or self._deleted_elsewhere():  # deleted in another tab: ask first, write nothing
            self._show_deleted()
            return False
        if self._moved_elsewhere():  # another tab wrote a newer game: never overwrite it
            self.set_status(self.tr("tabs.refused"), kind="error")
            return False
        created = self._created.get(self.slot)
        meta = self._meta(created)
        meta["revision"] = self._revision + 1
        text = self.match.to_save_text(meta)
        try:
            try:
                self.storage.set(key, text)
            except StorageFull:
                if not drop_snapshots(self.storage):  # snapshots are a convenience: a save comes first
                    raise
                self.storage.set(key, text)
        except StorageFull:
            if not self.save_failed:
                self.save_failed = True
            self.set_status(self.tr("play.saving_failed"), kind="error")
            return False
        except Exception:
            self.save_failed = True
            self.set_status(self.tr("play.saving_failed"), kind="error")
            return False
        self._created.setdefault(self.slot, meta["created"])
        self._note_stored(text, meta["revision"])
        self._save_cache.pop(key, None)  # re-checked when the hub lists it
        if self.save_failed:
            self.save_failed = False
            self.set_status(self.tr("play.saved_again"))
        return True

    # ---- the log, described ---------------------------------------------------------------
    def _rebuild_trail(self) -> None:
        m = self.match
        game = m.game
        state = game.new_state(len(m.seats), m.options)
        self.trail = [state]
        self.lines = []
        self._acts = []
        self._lines_viewer = self._log_viewer()
        for player, text in m.log:
            self._extend_trail(player, text)

    def _log_viewer(self) -> int | None:
        """The seat the log is described for: the seat on screen, never a
        seat behind the curtain (then the lines anyone may read)."""
        return None if self.curtain_up else self.shown

    def _describe(self, k: int, viewer: int | None) -> tuple[str, dict] | None:
        player, act = self._acts[k]
        try:
            return self.match.game.describe(self.trail[k], player, act, viewer)
        except Exception:
            return None

    def _extend_trail(self, player: int, text: str) -> None:
        game = self.match.game
        before = self.trail[-1]
        act = game.parse_action(text)
        self._acts.append((player, act))
        self.trail.append(game.apply_unchecked(before, act))
        self.lines.append(self._describe(len(self._acts) - 1, self._lines_viewer))

    def _follow_viewer(self) -> None:
        """Describe the log again when another seat is on screen (its own
        private lines, e.g. the goal card it peeked at; docs/ui.md)."""
        if self.match is None:
            return
        viewer = self._log_viewer()
        if viewer == self._lines_viewer and len(self.lines) == len(self._acts):
            return
        self._lines_viewer = viewer
        self.lines = [self._describe(k, viewer) for k in range(len(self._acts))]

    def _sync_trail(self) -> None:
        """After play/undo: make ``trail`` and ``lines`` follow ``match.log``."""
        m = self.match
        n = len(m.log)
        if len(self.trail) > n + 1:
            del self.trail[n + 1:]
            del self.lines[n:]
            del self._acts[n:]
        self._follow_viewer()
        for player, text in m.log[len(self.trail) - 1:]:
            self._extend_trail(player, text)

    # ---- export / import / delete ------------------------------------------------------------------
    def export(self, slot: str) -> set[str]:
        """Download a save as the app writes it now (format 2: no chance
        outcome spelled out); the game on screen as it is, saved or not."""
        key = SAVE_PREFIX + slot
        text = self._storage_get(key)
        live = self.match is not None and slot == self.slot
        if live and (text is None or self.save_failed):
            meta = self._meta(self._created.get(slot))
            meta["revision"] = self._revision
            text = self.match.to_save_text(meta)
            gid = self.match.game.info.id
        elif text is None:
            return set()
        elif live and text == self._seen_text:  # written by this tab: already format 2
            gid = self.match.game.info.id
        else:
            entry = self.load_entry(key)
            if entry is None or entry.match is None:
                return self.export_broken(key)
            gid = entry.match.game.info.id
            text = entry.match.to_save_text(entry.match.meta)  # an old save: no deal in the file
        safe = "".join(ch for ch in f"spieltisch-{gid}-{slot}" if ch.isalnum() or ch in "-_")
        self._effects.append(("download", f"{safe}.json", text))
        return set()

    def export_broken(self, key: str) -> set[str]:
        text = self._storage_get(key)
        if text is None or not key.startswith(SAVE_PREFIX):
            return set()
        safe = "".join(ch for ch in f"spieltisch-broken-{_slot_of(key)}" if ch.isalnum() or ch in "-_")
        self._effects.append(("download", f"{safe}.json", text))
        return set()

    def delete(self, target: str) -> set[str]:
        """Delete a save (a slot or a broken save's storage key), explicitly
        confirmed by the player."""
        if self.confirm_delete != target:
            return set()
        key = SAVE_PREFIX + target
        if target.startswith(SAVE_PREFIX) and self._storage_get(key) is None:
            key = target  # a broken save's storage key
        with contextlib.suppress(Exception):
            self.storage.remove(key)
        with contextlib.suppress(Exception):  # its resume snapshot (ui/snapshot.py) goes with it
            self.storage.remove(SNAP_PREFIX + _slot_of(key))
        self._save_cache.pop(key, None)
        self.confirm_delete = None
        return {"screen"}

    def import_text(self, text: Any) -> set[str]:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                text = "\ufffd"
        if not isinstance(text, str):
            text = ""
        if len(text) > MAX_IMPORT_CHARS:
            self.set_status(self.tr("import.failed", reason=self.tr("import.too_big")), kind="error")
            return {"status"}
        merged = self.import_record(text)  # a record file (review_control.py), not a save
        if merged is not None:
            return merged
        try:
            match = Match.from_save(text, self.games)
        except SaveError as err:
            reason = self._reason(err)
            self.set_status(self.tr("import.failed", reason=reason), kind="error")
            return {"status"}
        except Exception:
            self.set_status(self.tr("import.failed", reason=self.tr("save.error.unknown")), kind="error")
            return {"status"}
        regions = self._begin(match)
        if not self.save_failed:
            self.set_status(self.tr("import.ok"))
        return regions

    def _reason(self, err: SaveError) -> str:
        reason = self.tr(f"save.error.{err.code}")
        if reason == f"save.error.{err.code}":
            reason = self.tr("save.error.unknown")
        return reason
