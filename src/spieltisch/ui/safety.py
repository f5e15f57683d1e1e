"""Two tabs on one game, leaving with unsaved moves, odd save keys (issue 11).

``SafetyMixin`` is one part of ``Controller``:

* **Revisions.** Every save carries ``meta.revision``; the controller knows
  the revision it loaded or last wrote (``_revision``). Before a move (a
  player's, a bot's, an undo) and again before writing, it reads the stored
  revision: if another tab wrote meanwhile, this tab shows the newer game,
  says so, and neither makes the move nor overwrites anything. The browser
  adapter passes ``storage`` events on (``handle("storage", key)``), so a tab
  learns of the other's move at once.
* **Deleted in another tab.** A game this tab had stored and that is gone
  now was deleted in another tab's hub: this tab says so ("This game was
  deleted in another tab": "Keep it as a new game" / "Close") and writes
  nothing -- no move, no bot, no save -- until the player chooses.
* **Leaving with unsaved moves** (storage full): going to another screen
  asks first (``leave:<hash>`` / ``stay`` / ``export``).
* **Slots in the URL** are percent-encoded, so a save under any hand-made
  key (spaces, ``/``, ``#``, non-ASCII) can be opened.
"""

from __future__ import annotations

from typing import Any

from ..core.safejson import JsonLimitError, parse
from ..core.saves import MAX_SAVE_CHARS
from ..render.html import button, esc, url_quote, url_unquote
from .saves import SAVE_PREFIX


def slot_to_url(slot: str) -> str:
    return url_quote(slot)


def slot_from_url(part: str) -> str:
    return url_unquote(part)


def stored_revision(text: str | None) -> int | None:
    """The revision in a stored save's meta (0 if it has none); None if the
    text is not a readable save."""
    if text is None:
        return None
    try:
        data = parse(text, max_chars=MAX_SAVE_CHARS)
    except JsonLimitError:
        return None
    if not isinstance(data, dict):
        return None
    meta = data.get("meta")
    rev = meta.get("revision", 0) if isinstance(meta, dict) else 0
    return rev if isinstance(rev, int) and not isinstance(rev, bool) and rev >= 0 else None


class WithoutSaves:
    """Safe mode's storage (static/js/boot.js): the saves stored when the app
    started are invisible -- never read, listed, changed or removed -- while
    everything else, new games included, works as usual."""

    def __init__(self, storage):
        self.inner = storage
        try:
            self.hidden = {k for k in storage.keys() if isinstance(k, str) and k.startswith(SAVE_PREFIX)}  # noqa: SIM118
        except Exception:
            self.hidden = set()

    def get(self, key: str) -> str | None:
        return None if key in self.hidden else self.inner.get(key)

    def set(self, key: str, value: str) -> None:
        if key not in self.hidden:
            self.inner.set(key, value)

    def remove(self, key: str) -> None:
        if key not in self.hidden:
            self.inner.remove(key)

    def keys(self) -> list[str]:
        return [k for k in self.inner.keys() if k not in self.hidden]  # noqa: SIM118


class SafetyMixin:
    """Revisions between tabs, the unsaved-moves guard. Uses the controller's
    storage, match, slot, status and routing."""

    _revision: int = 0  # the stored revision of the game on screen, as this tab last saw it
    _seen_text: str | None = None  # the stored text this tab last read or wrote
    confirm_leave: str | None = None  # a route waiting for "leave without saving"
    deleted_pending: bool = False  # the game on screen was deleted in another tab: waiting for the choice

    # ---- revisions --------------------------------------------------------------------
    def _note_stored(self, text: str | None, revision: int) -> None:
        self._seen_text = text
        self._revision = revision

    def _moved_elsewhere(self) -> bool:
        """Has another tab written this game since this tab read or wrote it?"""
        if self.match is None or self.slot is None:
            return False
        text = self._storage_get(SAVE_PREFIX + self.slot)
        if text is None or text == self._seen_text:
            return False  # unchanged, or removed elsewhere: this tab may save it again
        return stored_revision(text) != self._revision

    def _take_newer(self, key: str) -> set[str]:
        """Show the game as another tab stored it; say so."""
        slot = self.slot
        self._leave_game()
        regions = self._go_play(slot)
        self.set_status(self.tr(key), kind="error" if key == "tabs.refused" else "info")
        return set(regions) | {"screen", "status"}

    def _deleted_elsewhere(self) -> bool:
        """Was the game on screen stored, and is it gone now (deleted in
        another tab's hub)? Deleting is a decision: this tab then writes
        nothing until the player chooses (issue 27, point 3)."""
        if self.match is None or self.slot is None or self._seen_text is None:
            return False
        return self._storage_get(SAVE_PREFIX + self.slot) is None

    def _show_deleted(self) -> set[str]:
        self.deleted_pending = True
        self.confirm_leave = None
        self._effects.append(("focus", "[data-deleted]"))
        return {"status", "top"}

    def check_fresh(self) -> set[str] | None:
        """Before a move: None if this tab has the latest game, else the
        regions after showing the newer one (the move is not made), or the
        question of a game deleted elsewhere."""
        if self.deleted_pending or self._deleted_elsewhere():
            return self._show_deleted()
        if self._moved_elsewhere():
            return self._take_newer("tabs.refused")
        return None

    def on_storage(self, key: Any) -> set[str]:
        """Another tab changed storage (``key`` None: it was cleared)."""
        key = None if key is None else str(key)
        if self.route == "hub" and (key is None or key.startswith(SAVE_PREFIX)):
            return {"screen"}
        if self.match is not None and key in (None, SAVE_PREFIX + str(self.slot)):
            if self._deleted_elsewhere():
                return self._show_deleted()
            if self._moved_elsewhere():
                return self._take_newer("tabs.changed")
        return set()

    def keep_deleted(self) -> set[str]:
        """"Keep it as a new game": the game on screen is stored again, under
        a new slot, as a game of its own."""
        if not self.deleted_pending or self.match is None:
            return set()
        self.deleted_pending = False
        old = self.slot
        slot, n = self._new_slot(), 1
        while slot == old:  # a new game of its own, never the deleted one's name
            n += 1
            slot = f"{self._new_slot()}-n{n}"
        self.slot = slot
        self.route_arg = self.slot
        self._created.pop(old, None)
        self._note_stored(None, 0)
        if self.save_current():
            self.set_status(self.tr("tabs.deleted_kept"))
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def close_deleted(self) -> set[str]:
        """"Close": nothing is written; the hub."""
        if not self.deleted_pending:
            return set()
        self.deleted_pending = False
        return self._go_hub()

    def deleted_status(self) -> str:
        return (f'<div class="msg msg-error" data-deleted role="alertdialog" aria-labelledby="deleted-q" tabindex="-1">'
                f'<p id="deleted-q">{esc(self.tr("tabs.deleted"))}</p><div class="row-btns">'
                + button(esc(self.tr("tabs.deleted_keep")), ui="deleted-keep", cls="btn btn-primary")
                + button(esc(self.tr("tabs.deleted_close")), ui="deleted-close", cls="btn")
                + "</div></div>")

    # ---- leaving with unsaved moves ---------------------------------------------------------
    @property
    def unsaved(self) -> bool:
        return self.match is not None and self.save_failed

    def guard_leave(self, target: str) -> set[str] | None:
        """None to go on; else ask first (the URL stays on this game)."""
        if not self.unsaved or self.confirm_leave == target:
            self.confirm_leave = None
            return None
        self.confirm_leave = target
        self._effects.append(("hash", self.hash))
        self._effects.append(("focus", "[data-leave]"))
        return {"status"}

    def leave_status(self) -> str:
        return (f'<div class="msg msg-error" data-leave role="alertdialog" tabindex="-1">'
                f'<p>{esc(self.tr("leave.unsaved"))}</p><div class="row-btns">'
                + button(esc(self.tr("leave.download")), ui="export", cls="btn btn-primary")
                + button(esc(self.tr("leave.stay")), ui="stay", cls="btn")
                + button(esc(self.tr("leave.go")), ui=f"leave:{self.confirm_leave}", cls="btn btn-danger")
                + "</div></div>")
