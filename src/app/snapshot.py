"""Keeps the resume snapshot of the game on screen (spieltisch.ui.snapshot;
static/js/resume.js paints it on the next load before Python runs).

Written a moment after the game comes to rest (no bot to move), and at once
when the page is hidden or left, so a reload always finds the newest state.
The build id comes from <html data-app-build> (static/build/build-id.js); without
one nothing is written.
"""

from __future__ import annotations

import math

from js import document, window
from pyodide.ffi import create_proxy

from app.browser import nil
from spieltisch.ui import snapshot

DELAY_MS = 250
MAX_WAITS = 12  # 3 s of animations at the most


class SnapshotKeeper:
    def __init__(self, app):
        self.app = app
        build = document.documentElement.getAttribute("data-app-build")
        self.build = "" if nil(build) else str(build)
        app.ctl.build = self.build  # the hub's Continue card reads the matching record
        self._timer = None
        self._waits = 0
        self._tick = create_proxy(self._fire)
        app.listen(window, "pagehide", self.flush)
        app.listen(document, "visibilitychange", self._on_visibility)

    def after_apply(self) -> None:
        ctl = self.app.ctl
        if self._timer is not None or ctl.bot_pending() or not snapshot.due(ctl, self.build):
            return
        self._timer = window.setTimeout(self._tick, DELAY_MS)

    def _fire(self) -> None:
        self._timer = None
        if self.app.ctl.bot_pending():
            return
        # not while a move's animation runs (Winnie's spin and flight take
        # 1.6 s): a write is a task of 15-35 ms and would cost a frame; at most
        # MAX_WAITS times, and a page being hidden or left writes at once
        if self._waits < MAX_WAITS and self._animating():
            self._waits += 1
            self._timer = window.setTimeout(self._tick, DELAY_MS)
            return
        self.flush()

    def _animating(self) -> bool:
        try:
            return any(str(a.playState) == "running" and not nil(a.effect)
                       and math.isfinite(float(a.effect.getComputedTiming().endTime))  # not a spinner
                       for a in document.getAnimations())
        except Exception:  # an old browser without getAnimations: write now
            return False

    def _on_visibility(self, _event=None) -> None:
        if str(document.visibilityState) == "hidden":
            self.flush()

    def flush(self, _event=None) -> None:
        self._waits = 0  # however it was written (timer, hidden, left): the next one waits anew
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        t0 = self.app.now()
        if snapshot.write(self.app.ctl, self.build):
            self.app.measure("snapshot", t0)
