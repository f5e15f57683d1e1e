"""Resume snapshots (issue 15; docs/performance.md, "Resume paint").

For each saved game the browser keeps the play screen that opening the save
afresh shows, so static/js/resume.js can paint it before Python runs:
``spieltisch.snap.<slot>`` holds a JSON record (``record_text``) with the
build that wrote it, the save's revision, the screen's HTML and the hub's
"Continue" label in every language.

What is stored is never a seat's private view that a fresh open would not
show: the screen is rendered as ``PlayMixin._open`` sets it up (one human:
that human's seat, as on their own device; several humans in a game with
secrets: the curtain for the next human, nobody's cards). No selection, no
open rules or share panel, no acknowledged pause shown again.

Storage is bounded: a record over ``MAX_SNAP_CHARS`` is not written, at most
``KEEP`` records are kept (the most recent), a record whose save is gone is
removed, and a refused write only ever drops snapshots, never a save
(``SavesMixin.save_current`` drops them all and retries when the storage is
full).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from ..i18n import LANGS, t
from . import records
from .boards import seat_secrets
from .saves import SAVE_PREFIX, SNAP_PREFIX, StorageFull

SNAP_VERSION = 1
MAX_SNAP_CHARS = 200_000  # written; ui/records.py reads up to twice that
KEEP = 3
# The shells' own texts (outside #app: index.html, embed.html) that can be
# seen around a painted snapshot; static/js/resume.js puts them in the
# record's language, so the live page does not change them (Brauzeit opens in
# German in an English browser). tests/ui/test_snapshot.py checks the list
# against the shells.
SHELL_KEYS = ("site.skip", "site.title", "site.tagline", "nav.hub", "boot.runtime", "boot.files", "boot.rules",
              "boot.ready", "boot.failed", "offline.unavailable", "offline.update", "offline.reload", "embed.open")
_STATE = ("shown", "curtain_for", "selected", "rules_open", "rules_focus", "share_open", "acked",
          "_ctx_cache", "lang")


def fresh_seats(ctl: Any) -> tuple[int | None, int | None]:
    """(shown, curtain_for) as opening the game on screen afresh sets them
    (``PlayMixin._open`` and ``_after_change(first=True)``)."""
    m = ctl.match
    humans = ctl.humans()
    shown = humans[0] if len(humans) == 1 else None
    if m.is_over or len(humans) < 2:
        return shown, None
    to_act = m.to_act
    start = to_act if isinstance(to_act, int) and to_act >= 0 else 0
    if not seat_secrets(m.game):  # nothing private: no curtain between humans
        return (to_act if to_act in humans else ctl._next_human(start)), None
    return None, (to_act if to_act in humans else ctl._next_human(start))


@contextlib.contextmanager
def as_opened(ctl: Any):
    """Render as a fresh open of this save would; everything is put back."""
    kept = {name: getattr(ctl, name) for name in _STATE}
    try:
        ctl.shown, ctl.curtain_for = fresh_seats(ctl)
        ctl.selected = None
        ctl.rules_open = False
        ctl.rules_focus = None
        ctl.share_open = False
        ctl.acked = ctl._board_pause()  # a reload does not show an old pause again
        yield ctl
    finally:
        for name, value in kept.items():
            setattr(ctl, name, value)


def can_snapshot(ctl: Any) -> bool:
    return (ctl.route == "play" and ctl.match is not None and ctl.slot is not None
            and ctl.tryit_session is None and ctl.puzzle is None and not ctl.save_failed)


def _summary(ctl: Any):
    entry = ctl.load_entry(SAVE_PREFIX + ctl.slot, replay=False)
    return entry.summary if entry is not None and entry.ok else None


def due(ctl: Any, build: str) -> bool:
    """Is the stored snapshot of the game on screen out of date?"""
    if not build or not can_snapshot(ctl):
        return False
    mark = (build, ctl.slot, ctl._revision, ctl.lang)
    written = getattr(ctl, "_snap_written", None)
    opened = getattr(ctl, "_snap_match", None) is not ctl.match  # each open loads the save into a new Match
    if written is None or written[1] != ctl.slot or opened:  # just opened: a stored record may be current ...
        ctl._snap_match = ctl.match
        r = read(ctl.storage, ctl.slot)
        if r is not None and (r.get("build"), r.get("revision"), r.get("lang")) == (build, ctl._revision, ctl.lang):
            ctl._snap_written = mark
        elif written == mark:  # ... or gone (pruned by another tab, removed by hand): write it again
            ctl._snap_written = None
    return getattr(ctl, "_snap_written", None) != mark


def record(ctl: Any, build: str) -> dict | None:
    """The snapshot of the game on screen (None if there is nothing to keep)."""
    if not can_snapshot(ctl):
        return None
    summary = _summary(ctl)
    if summary is None:  # not stored (yet): nothing to resume
        return None
    m = ctl.match
    gid = m.game.info.id
    label, ready = {}, {}
    with as_opened(ctl):
        html = ctl.render("screen")
        for lang in LANGS:
            ctl.lang = lang
            detail = [ctl._turn_text(ctl.ctx()).rstrip("."), t(lang, "hub.moves", count=summary.moves)]
            label[lang] = {"title": t(lang, "resume.continue", game=t(lang, f"game.{gid}.title")),
                           "detail": " · ".join(x for x in detail if x)}
            ready[lang] = t(lang, "resume.ready")
    return {"v": SNAP_VERSION, "build": build, "slot": ctl.slot, "game": gid, "revision": ctl._revision,
            "updated": int(summary.updated or 0), "over": bool(m.is_over), "lang": ctl.lang,
            "html": html, "label": label, "ready": ready, "shell": {k: t(ctl.lang, k) for k in SHELL_KEYS}}


def read(storage: Any, slot: str) -> dict | None:
    """A stored record, bounded and shape-checked (untrusted: anything may
    have written it). Read through ``ui.records`` (no recursive parse of a
    record nested too deeply, too big, or not valid UTF-16); a bad record is
    removed, never its save."""
    key = SNAP_PREFIX + slot
    r = records.load(storage, key)
    if r is None:
        return None
    if r.get("v") != SNAP_VERSION or r.get("slot") != slot or not isinstance(r.get("label"), dict) \
            or not isinstance(r.get("revision"), int):
        records.drop_if_derived(storage, key)
        return None
    return r


def label(storage: Any, slot: str, lang: str, revision: int, build: str) -> tuple[str, str] | None:
    """The hub's "Continue" title and detail for a save, from its record."""
    r = read(storage, slot)
    if r is None or r.get("revision") != revision or (build and r.get("build") != build):
        return None
    lab = r["label"].get(lang)
    if not isinstance(lab, dict):
        return None
    title, detail = lab.get("title"), lab.get("detail")
    if not (isinstance(title, str) and isinstance(detail, str) and len(title) <= 200 and len(detail) <= 300):
        return None
    return title, detail


def _updated(storage: Any, key: str) -> int | None:
    r = read(storage, key[len(SNAP_PREFIX):])
    return r.get("updated") if r is not None and isinstance(r.get("updated"), int) else None


def prune(storage: Any, keep_slot: str | None = None, keep: int = KEEP) -> None:
    """Keep the ``keep`` most recent records whose save exists, besides
    ``keep_slot``'s (about to be rewritten); remove the rest. Saves are never
    touched. A record is read (to rank it by its time) only when there are
    more than ``keep``: this runs before every snapshot's write, and a read
    parses a record of up to 200 kB."""
    try:
        stored = storage.keys()  # a Storage, not a dict
        names = {k for k in stored if isinstance(k, str)}
    except Exception:
        return
    others = []
    for key in sorted(names):
        if not key.startswith(SNAP_PREFIX):
            continue
        slot = key[len(SNAP_PREFIX):]
        if SAVE_PREFIX + slot not in names:  # its save is gone
            with contextlib.suppress(Exception):
                storage.remove(key)
            continue
        if slot != keep_slot:
            others.append(key)
    if len(others) <= keep:
        return
    ranked = []
    for key in others:
        stamp = _updated(storage, key)
        if stamp is None:  # unreadable (read() removed it if it was bad)
            with contextlib.suppress(Exception):
                storage.remove(key)
            continue
        ranked.append((stamp, key))
    ranked.sort(reverse=True)
    for _, key in ranked[keep:]:
        with contextlib.suppress(Exception):
            storage.remove(key)


def write(ctl: Any, build: str) -> bool:
    """Store the snapshot of the game on screen; True if stored. Never raises,
    never removes or rewrites a save."""
    if not due(ctl, build):
        return False
    slot = ctl.slot
    key = SNAP_PREFIX + slot
    mark = (build, slot, ctl._revision, ctl.lang)
    try:
        rec = record(ctl, build)
    except Exception:
        rec = None
    text = json.dumps(rec, ensure_ascii=False, separators=(",", ":")) if rec is not None else ""
    if not text or len(text) > MAX_SNAP_CHARS:
        with contextlib.suppress(Exception):
            ctl.storage.remove(key)  # an old record would show an older state
        ctl._snap_written = mark
        return False
    prune(ctl.storage, keep_slot=slot, keep=KEEP - 1)
    try:
        ctl.storage.set(key, text)
    except (StorageFull, Exception):
        with contextlib.suppress(Exception):
            ctl.storage.remove(key)
        ctl._snap_written = mark
        return False
    ctl._snap_written = mark
    return True
