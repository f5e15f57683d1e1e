"""The browser's own objects, wrapped for the app: JS null, the page's
query string, and ``window.localStorage`` as the controller's ``Storage``.
The page itself (events in, HTML out, the bot loop) is dom.py.
"""

from __future__ import annotations

import js
from js import window
from pyodide.ffi import JsException, jsnull

from spieltisch.ui import records
from spieltisch.ui.controller import Storage, StorageFull

BOOT_ITEM = "spieltisch.boot.item"  # static/js/boot.js reads it (safe mode)


def noted(key: str) -> bool:
    """Is ``key`` noted before it is read while booting? Every save and
    derived record (the family table, ui/records.py): safe mode then names
    the record that really stopped the app, a snapshot rather than its save."""
    f = records.family(key)
    return f is not None and f.kind in ("save", "derived")


def nil(value) -> bool:
    """JS null arrives as ``jsnull`` (not None) in this Pyodide."""
    return value is None or value is jsnull


def query_param(name: str) -> str | None:
    params = js.URLSearchParams.new(window.location.search)
    value = params.get(name)
    return None if nil(value) else str(value)


class LocalStorage(Storage):
    """window.localStorage; a refused write becomes StorageFull."""

    def __init__(self):
        try:
            self._ls = window.localStorage
            self._ls.length  # noqa: B018 - may throw in locked-down browsers
        except Exception:
            self._ls = None
        self._fallback: dict[str, str] = {}

    booting = True  # until the app is interactive: note each save read (safe mode)

    def get(self, key):
        if self._ls is None:
            return self._fallback.get(key)
        if self.booting and noted(key):
            try:  # if reading it stops the app, boot.js offers THIS item next time (issue 27)
                self._ls.setItem(BOOT_ITEM, key)
            except JsException:
                pass
        value = self._ls.getItem(key)
        return None if nil(value) else str(value)

    def set(self, key, value):
        if self._ls is None:
            raise StorageFull(key)
        try:
            self._ls.setItem(key, value)
        except JsException as err:
            raise StorageFull(str(err)) from None

    def remove(self, key):
        if self._ls is None:
            self._fallback.pop(key, None)
            return
        self._ls.removeItem(key)

    def keys(self):
        if self._ls is None:
            return list(self._fallback)
        return [str(self._ls.key(i)) for i in range(self._ls.length)]
