"""The page's side of the review's worker (static/js/review-worker.js).

The controller asks for a review with a ``("review-start", payload)`` effect
and for a stop with ``("review-cancel", id)``; the worker's messages go back
to it as ``handle("review", message)``. The worker starts on the first
review and stays for the next one (its Python takes a few seconds to
start); progress only moves the bar (no re-render of the screen).
"""

from __future__ import annotations

import json

from js import URL, Object, URLSearchParams, Worker, document, performance, window
from pyodide.ffi import create_proxy, to_js

from app.browser import nil


class ReviewPort:
    def __init__(self, app):
        self.app = app
        self.worker = None
        self._proxy = None

    def _ensure(self):
        if self.worker is None:
            # the worker starts from this build's runtime image, as the page did (docs/review.md)
            build = document.documentElement.getAttribute("data-app-build")
            query = [] if nil(build) else [f"build={build}"]
            if URLSearchParams.new(window.location.search).get("image") == "0":
                query.append("image=0")
            url = URL.new("static/js/review-worker.js" + ("?" + "&".join(query) if query else ""),
                          window.location.href).href
            self.worker = Worker.new(url, to_js({"type": "module"}, dict_converter=Object.fromEntries))
            self._proxy = create_proxy(self.on_message)
            self.worker.addEventListener("message", self._proxy)
        return self.worker

    def effect(self, effect) -> None:
        kind = effect[0]
        if kind == "review-start":
            root = document.documentElement  # for tests and bench/: the runs asked of the worker
            runs = root.getAttribute("data-review-runs")
            root.setAttribute("data-review-runs", str(int(str(runs)) + 1 if not nil(runs) else 1))
            performance.mark("spieltisch:review-start")
            self._ensure().postMessage(json.dumps({"type": "start", **effect[1]}))
        elif kind == "review-cancel" and self.worker is not None:
            self.worker.postMessage(json.dumps({"type": "cancel", "id": effect[1]}))
        elif kind == "review-progress":
            bar = document.querySelector("[data-review-progress]")
            if not nil(bar):
                bar.max = max(1, effect[2])
                bar.value = effect[1]
                bar.setAttribute("aria-valuetext", effect[3])
            label = document.querySelector("[data-review-progress-text]")
            if not nil(label):
                label.textContent = effect[3]

    def on_message(self, event) -> None:
        try:
            data = json.loads(str(event.data))
        except ValueError:
            return
        if data.get("kind") == "ready":
            document.documentElement.setAttribute("data-review-worker", str(data.get("boot_ms", 0)))
            document.documentElement.setAttribute("data-review-image", "1" if data.get("image") else "0")
            return
        if data.get("kind") == "progress":  # only the bar moves: no render, no focus work
            self.app.ctl.handle("review", data)
            for effect in self.app.ctl.take_effects():
                self.app.effect(effect)
            return
        if data.get("kind") in ("result", "cancelled", "error"):
            performance.mark(f"spieltisch:review-{data['kind']}")  # the run's end, before the screen is drawn
            if isinstance(data.get("work_ms"), int):  # the worker's time in Python (bench/review_browser.py)
                document.documentElement.setAttribute("data-review-work", str(data["work_ms"]))
        self.app.apply(self.app.ctl.handle("review", data))
