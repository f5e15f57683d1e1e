"""The review screen's state and events (``#/review/<slot>/<seat>``) and
the record page's (``#/record``); docs/review.md, "In the browser".

``ReviewMixin`` is one part of ``Controller``. It never runs the analysis:
it asks the page's adapter for it with a ``("review-start", payload)``
effect (app/review_port.py starts static/js/review-worker.js) and takes the
worker's messages through ``handle("review", message)``. What the screen
shows is drawn by ui/review_screen.py from the checked result.

The result is a *derived* record kept beside the save under
``spieltisch.review.<slot>.<seat>``: before it is shown it must pass
``result_fits`` (same game state, seat, engine and settings); a kept one
that does not is dropped and made again, and the save is never touched.
A cancelled review keeps its partial result there, and the next run
resumes it.
"""

from __future__ import annotations

import json
from typing import Any

from ..review import record as records
from ..review import result as engine  # never the engine itself: it runs in the worker
from .records import REVIEW_PREFIX  # the family table bounds it (issue 27)
from .safety import slot_from_url, slot_to_url
from .saves import SAVE_PREFIX


def review_key(slot: str, seat: int) -> str:
    return f"{REVIEW_PREFIX}{slot}.{seat}"


class ReviewMixin:
    def _init_review(self) -> None:
        self.review: dict | None = None  # the review on screen
        self.review_overrides: dict = {}  # ?reviewbudget= (set by the adapter)
        self._review_id = 0
        self._review_cache: dict = {}  # (result id, lang, ...) -> rendered parts
        self.record_notes: list = []
        self.record_open_note = ""

    # ---- routes ------------------------------------------------------------------------
    def _go_review(self, slot: str, seat_text: str) -> set[str]:
        self._leave_game()
        self._stop_review()
        self.route, self.route_arg = "review", slot_to_url(slot) + (f"/{seat_text}" if seat_text else "")
        self.set_status("")
        self._effects.append(("hash", f"#/review/{self.route_arg}"))
        entry = self.load_entry(SAVE_PREFIX + slot)
        rv: dict[str, Any] = {"slot": slot, "state": "missing", "seat": 0, "match": None, "text": "",
                              "done": 0, "total": 0, "result": None, "error": "", "hidden": False,
                              "picked": None, "id": 0}
        self.review = rv
        if entry is None or not entry.ok:
            return {"screen", "status"}
        match = entry.match
        rv["match"], rv["text"] = match, entry.text
        if not match.is_over:
            rv["state"] = "not-over"
            return {"screen", "status"}
        humans = [i for i, s in enumerate(match.seats) if not s.is_bot]
        seat = humans[0] if humans else 0
        if seat_text.isdigit() and int(seat_text) < len(match.seats):
            seat = int(seat_text)
        rv["seat"] = seat
        return self._review_begin() | {"screen", "status"}

    def _review_settings(self, game_id: str) -> engine.Settings:
        return engine.settings_for(game_id, **self.review_overrides)

    def _review_begin(self) -> set[str]:
        rv = self.review
        match, seat = rv["match"], rv["seat"]
        key = review_key(rv["slot"], seat)
        settings = self._review_settings(match.game.info.id)
        kept, partial = self._storage_get(key), None
        if kept is not None:
            try:
                data = engine.check_result(json.loads(kept))
                fits = engine.result_fits({**data, "complete": True}, match, seat, settings)
            except (ValueError, engine.ReviewError):
                fits, data = False, None
            if fits and data.get("complete"):
                rv.update(state="done", result=data, done=data["total"], total=data["total"])
                return set()
            if fits:
                partial = data
            else:  # a derived record that does not fit: dropped, made again (the save is not touched)
                self._storage_remove(key)
                self.set_status(self.tr("review.error.stale"))
        self._review_id += 1
        rv.update(state="running", id=self._review_id, done=len(partial["decisions"]) if partial else 0,
                  total=partial["total"] if partial else 0, result=None, error="")
        self._effects.append(("review-start", {"id": self._review_id, "save": rv["text"], "seat": seat,
                                               "settings": dict(self.review_overrides), "resume": partial}))
        return set()

    def _storage_remove(self, key: str) -> None:
        try:
            self.storage.remove(key)
        except Exception:
            pass

    def _stop_review(self) -> None:
        rv = self.review
        if rv is not None and rv.get("state") == "running":
            self._effects.append(("review-cancel", rv["id"]))
        self.review = None

    # ---- the worker's messages ---------------------------------------------------------
    def review_event(self, data: Any) -> set[str]:
        rv = self.review
        if not isinstance(data, dict) or rv is None or data.get("id") != rv.get("id") or rv["state"] not in (
                "running", "cancelling"):
            return set()
        kind = data.get("kind")
        if kind == "progress":
            rv["done"], rv["total"] = int(data.get("done", 0)), int(data.get("total", 0))
            self._effects.append(("review-progress", rv["done"], rv["total"],
                                  self.tr("review.screen.progress", done=rv["done"], total=rv["total"])))
            return set()
        if kind in ("result", "cancelled"):
            result = data.get("result")
            try:
                checked = engine.check_result(result) if result is not None else None
            except engine.ReviewError:
                checked = None
            if checked is not None:
                try:
                    self.storage.set(review_key(rv["slot"], rv["seat"]), json.dumps(checked, separators=(",", ":")))
                except Exception:
                    pass
            if kind == "result" and checked is not None:
                rv.update(state="done", result=checked, done=checked["total"], total=checked["total"])
                self._record_review(rv["match"], checked)
            else:
                rv["state"] = "cancelled"
                if checked is not None:
                    rv["done"] = len(checked["decisions"])
            return {"screen"}
        if kind == "error":
            code = str(data.get("code", "failed"))
            rv.update(state="error", error=code if code in ("bad-save", "bad-seat", "bad-settings") else "failed")
            return {"screen"}
        return set()

    def _review_ui(self, name: str, arg: str) -> set[str] | None:
        rv = self.review
        if not name.startswith("review") and not name.startswith("record"):
            return None
        if name == "review-open":  # from the game-over screen or the saved games list
            slot = arg or self.slot or ""
            target = f"#/review/{slot_to_url(slot)}"
            if self.guard_leave(target) is not None:
                return {"status"}
            return self._go_review(slot, "")
        if name == "record-export":
            rec, _ = records.load_stored(self.storage)
            self._effects.append(("download", "spieltisch-record.json", records.export_text(rec)))
            return set()
        if rv is None:
            return set()
        if name == "review-cancel" and rv["state"] == "running":
            rv["state"] = "cancelling"
            self._effects.append(("review-cancel", rv["id"]))
            return {"screen"}
        if name == "review-again" and rv["state"] in ("cancelled", "error") and rv["match"] is not None:
            return self._review_begin() | {"screen"}
        if name == "review-hidden" and rv["state"] == "done":
            rv["hidden"] = not rv["hidden"]
            return {"screen"}
        if name == "review-pick" and rv["state"] == "done" and arg.isdigit():
            rv["picked"] = int(arg)
            self._effects.append(("focus", f'[data-review-row="{int(arg)}"]'))
            return {"screen"}
        if name == "review-try" and rv["state"] == "done" and arg.isdigit():
            from ..review import links
            try:
                link = links.try_better(rv["match"], rv["result"], int(arg))
            except engine.ReviewError:
                self.set_status(self.tr("review.error.stale"))
                return {"status"}
            self._stop_review()
            regions = self._go_position(link["code"])
            self._effects.append(("hash", link["route"]))
            return regions | {"screen"}
        return set()

    def _render_review_route(self) -> str:
        from ..review import standings
        from . import review_screen
        if self.route == "review":
            if self.review is None:
                return ""
            game = self.review["match"].game.info.id if self.review["match"] is not None else ""
            return review_screen.review_screen(self.lang, self.review, self.tr(f"game.{game}.title") if game else "")
        rec, notes = records.load_stored(self.storage)
        titles = {gid: self.tr(f"game.{gid}.title") for gid in self.games}
        return review_screen.record_page(self.lang, standings.stats(rec), standings.timeline(rec),
                                         standings.best_scores(rec), standings.comebacks(rec), titles,
                                         [self.tr(k, **p) for k, p in notes])

    # ---- the record ----------------------------------------------------------------------
    def _record_game(self, match) -> None:
        """A game that just ended goes into the record on this device (once: by its id)."""
        try:
            rec, _ = records.load_stored(self.storage)
            if rec.add(records.entry_for(match, ended_ms=int(self.clock() * 1000))):
                records.store(self.storage, rec)
        except Exception:
            pass

    def _record_review(self, match, result: dict) -> None:
        try:
            rec, _ = records.load_stored(self.storage)
            entry = records.entry_for(match, ended_ms=0)
            if entry is not None and rec.add_review(entry["id"], result):
                records.store(self.storage, rec)
        except Exception:
            pass

    def _go_record(self) -> set[str]:
        self._leave_game()
        self._stop_review()
        self.route, self.route_arg = "record", ""
        self.set_status("")
        self._effects.append(("hash", "#/record"))
        return {"screen", "status"}

    def import_record(self, text: str) -> set[str] | None:
        """An imported file that is a record (not a save): merged into the stored one."""
        if '"spieltisch-record"' not in text[:200]:
            return None
        rec, _ = records.load_stored(self.storage)
        merged, notes = records.import_text(rec, text)
        if any(k == "record.note.import_failed" for k, _ in notes):
            self.set_status(self.tr("record.note.import_failed"), kind="error")
            return {"status"}
        try:
            records.store(self.storage, merged)
        except Exception:
            self.set_status(self.tr("save.full"), kind="error")
            return {"status"}
        self.set_status(" ".join(self.tr(k, **p) for k, p in notes))
        return {"status", "screen"}


def route_review(ctl, parts: list[str]) -> set[str]:
    slot = slot_from_url(parts[1]) if len(parts) >= 2 else ""
    return ctl._go_review(slot, parts[2] if len(parts) >= 3 else "")
