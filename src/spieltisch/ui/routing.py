"""Routing: the URL hash (``#/``, ``#/new/<game>``, ``#/play/<slot>``,
``#/position/<code>``, ``#/tryit/<game>/<clause>`` -- tryit_control.py,
``#/replay/<code>`` -- replay.py), the screen it shows, going from one route to another,
and the links out of the game on screen (a shared position, embed.html's
"Open on Spieltisch"; docs/embedding.md).

``RoutingMixin`` is one part of ``Controller`` (controller.py); it sets the
controller's ``route`` and ``route_arg`` and hands the URL to the browser as
a ``("hash", ...)`` effect.
"""

from __future__ import annotations

from ..diagram import embed
from . import position, puzzles
from .boards import has_board, seat_secrets
from .review_control import route_review
from .safety import slot_from_url, slot_to_url
from .saves import SAVE_PREFIX


class RoutingMixin:
    """Routes, and links to what is on screen."""

    @property
    def screen(self) -> str:
        if self.route == "play" and self.match is not None and self.match.is_over:
            return "over"
        if self.route == "join" and self.device_seated():  # a device showing its seat: the play frame
            return "over" if self.dev.screen.get("over") else "play"
        return self.route

    @property
    def hash(self) -> str:
        if self.route == "new":
            return f"#/new/{self.route_arg}"
        if self.route == "play":
            return f"#/play/{slot_to_url(self.route_arg)}"
        if self.route == "position":  # a link that could not be opened: the URL stays, "#/" leaves
            return f"#/position/{self.route_arg}"
        if self.route == "tryit":
            return f"#/tryit/{self.route_arg}"
        if self.route == "replay":
            return f"#/replay/{self.route_arg}"
        if self.route == "rules":
            return f"#/rules/{self.route_arg}"
        if self.route == "review":
            return f"#/review/{self.route_arg}"
        if self.route == "record":
            return "#/record"
        if self.route == "join":
            return f"#/join/{self.route_arg}"
        return "#/"

    # ---- routing ---------------------------------------------------------------------------
    def navigate(self, hash_: str) -> set[str]:
        """Go to a ``#/...`` route (from the address bar)."""
        h = (hash_ or "").lstrip("#").strip("/")
        parts = h.split("/") if h else []
        if self.guard_leave("#/" + h) is not None:
            return {"status"}
        if parts[:1] == ["new"] and len(parts) == 2:
            return self._go_new(parts[1])
        if parts[:1] == ["position"]:
            return self._go_position("/".join(parts[1:]))
        if parts[:1] == ["play"] and len(parts) <= 2:
            return self._go_play(slot_from_url(parts[1]) if len(parts) == 2 else "")
        if parts[:1] == ["tryit"] and len(parts) == 3:
            return self._go_tryit(parts[1], parts[2])
        if parts[:1] == ["replay"]:
            return self._go_replay("/".join(parts[1:]))
        if parts[:1] == ["review"] and 2 <= len(parts) <= 3:
            return route_review(self, parts)
        if parts == ["record"]:
            return self._go_record()
        if parts[:1] == ["join"] and len(parts) == 2:
            return self._go_join(parts[1])  # a seat on this device (ui/table_device.py)
        if parts[:1] == ["rules"] and len(parts) == 2 and parts[1] in self.games and has_board(parts[1]):
            return self._go_rules(parts[1])
        return self._go_hub()

    def _go_rules(self, game_id: str) -> set[str]:
        """The "How to play" page of a game (ui/howto.py)."""
        self._leave_game()
        self._follow_game_lang(game_id)
        self.route, self.route_arg = "rules", game_id
        self.set_status("")
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def _go_hub(self) -> set[str]:
        self._leave_game()
        self._follow_game_lang(None)
        self.route, self.route_arg = "hub", ""
        self.confirm_delete = None
        self.set_status("")
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def _go_new(self, game_id: str) -> set[str]:
        self._leave_game()
        self.route, self.route_arg = "new", game_id
        self._follow_game_lang(game_id)
        game = self.games.get(game_id)
        if game is not None and has_board(game_id) and (self.draft is None or self.draft.game_id != game_id):
            self.draft = self._default_draft(game)
        self._translate_default_names()  # the game's first language may differ from the form's last
        self.set_status("")
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def _go_play(self, slot: str) -> set[str]:
        if self.route == "play" and self.slot == slot and self.match is not None:
            return set()
        self._leave_game()
        self.route, self.route_arg = "play", slot
        self.set_status("")
        entry = self.load_entry(SAVE_PREFIX + slot)
        if entry is not None and entry.ok and has_board(entry.match.game.info.id):
            meta = entry.match.meta  # checked by the save reader (core/saves.py)
            if "created" in meta:
                self._created[slot] = meta["created"]
            self._save_cache.pop(entry.key, None)  # the match is now live; never share it
            self._open(entry.match, slot)
            self._note_stored(entry.text, meta.get("revision", 0))
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    # ---- position links and sharing (docs/embedding.md) -----------------------------------
    def _go_position(self, code: str) -> set[str]:
        """Open a shared position as a new local game (nothing is overwritten)."""
        code, payload = embed.split_route(code)  # a puzzle's answers ride after the code
        try:
            match, me = position.decode(code, self.games)
            if not has_board(match.game.info.id):
                raise position.PositionError("unknown-game")
            if payload is not None:
                try:
                    answers, question = embed.read_puzzle(payload)
                except embed.PuzzleError as err:
                    raise position.PositionError("puzzle", str(err)) from None
        except position.PositionError as err:
            self._leave_game()
            self.route, self.route_arg = "position", code  # the URL stays; any link to "#/" leaves
            self._position_error = err.code
            self.set_status("")
            return {"screen", "status"}
        regions = self._begin(match)
        name = match.seats[me].name
        if payload is not None:
            self.puzzle = puzzles.Puzzle(me, len(match.log), frozenset(answers), question)
            self.set_status(self.tr("puzzle.ask", question=question, name=name) if question.strip()
                            else self.tr("puzzle.ask_plain", name=name))
        elif not self.save_failed:
            self.set_status(self.tr("position.opened", name=name))
        return regions

    def share_seat(self) -> int | None:
        """The seat a link is made from: the one on screen (never behind the curtain)."""
        m = self.match
        if m is None or self.curtain_up:
            return None
        if self.shown is not None:
            return self.shown
        if not seat_secrets(m.game):  # e.g. a finished or all-bot game: first seat
            return 0
        return None

    def position_link(self) -> str | None:
        seat = self.share_seat()
        if seat is None:
            return None
        return f"{self.site_url}#/position/{position.encode(self.match, seat)}"

    def outside_link(self) -> str:
        """Where embed.html's 'Open on Spieltisch' leads: this position, or this route."""
        link = self.position_link() if self.route == "play" and self.match is not None else None
        return link or f"{self.site_url}{self.hash}"
