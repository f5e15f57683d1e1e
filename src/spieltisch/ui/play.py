"""The play screen's orchestration (``#/play/<slot>``): opening and leaving
a game, a player's action (checked, played, explained when illegal), the
hot-seat curtain and whose view is on screen, a board's pause, undo, and
the render context. What the regions show is play_render.py; the bots'
moves are bots.py.

``PlayMixin`` is one part of ``Controller`` (controller.py); it owns the
game-on-screen state that ``_clear_game`` resets (``match``, ``slot``,
``trail``, ``lines``, ``shown``, ``curtain_for``, ``selected``, the rules
panel, ``acked`` and the bot's search).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import Illegal
from ..core.game import CHANCE
from ..core.match import Match
from ..i18n import t
from ..render.context import Ctx
from .boards import get_board, has_board, seat_secrets

GAME_REGIONS = frozenset({"top", "board", "hand", "side", "status"})


class PlayMixin:
    """The game on screen: open/leave, act, curtain, pause, undo, context."""

    def _open(self, match: Match, slot: str) -> None:
        self.share_open = False
        self.match = match
        self.slot = slot
        self._net_open()  # seats on their own devices (table_host.py)
        self._follow_game_lang(match.game.info.id)
        self._rebuild_trail()
        humans = self.humans()
        self.shown = humans[0] if len(humans) == 1 else None
        self.curtain_for = None
        self.acked = self._board_pause()  # a reload does not show an old pause again
        self._after_change(first=True)

    def _clear_game(self) -> None:
        """No game on screen (also the controller's start)."""
        self.match: Match | None = None
        self.slot: str | None = None
        self.puzzle = None  # a puzzle link's position until solved (ui/puzzles.py)
        self.trail: list[Any] = []  # state after k log entries, k = 0..len(log)
        self.lines: list[tuple[str, dict] | None] = []  # described log entries, for _lines_viewer
        self._acts: list[tuple[int, Any]] = []  # (player, parsed action) of each log entry
        self._lines_viewer: int | None = None  # the seat self.lines are described for
        self.selected: str | None = None
        self.rules_open = False
        self.rules_focus: str | None = None
        self.shown: int | None = None  # the seat whose private view is on screen
        self.curtain_for: int | None = None
        self.acked: str | None = None  # the board's last acknowledged pause (see pause_key)
        self._search = None
        self._search_key: tuple | None = None
        self._decided: tuple[tuple, str] | None = None  # (search key, action text) not yet played
        self.tryit_session = None  # a rule's try-it on screen (tryit_control.py)
        self._net_clear()  # no devices' sessions (table_host.py)

    def _leave_game(self) -> None:
        self._stop_review()  # a review running in the worker stops with its screen
        self._clear_game()
        self._version += 1
        self._note_stored(None, 0)
        self.confirm_leave = None
        self.deleted_pending = False

    # ---- seats, curtain ----------------------------------------------------------------------
    def humans(self) -> list[int]:
        if self.match is None:
            return []
        remote = self.net_remote()  # seats on their own devices are not played here (table_host.py)
        return [i for i, s in enumerate(self.match.seats) if not s.is_bot and i not in remote]

    def _next_human(self, start: int) -> int | None:
        humans = self.humans()
        if not humans:
            return None
        n = len(self.match.seats)
        for k in range(n):
            seat = (start + k) % n
            if seat in humans:
                return seat
        return None

    def _after_change(self, first: bool = False) -> None:
        """Curtain and viewer after anything changed the game."""
        m = self.match
        self._version += 1
        self._search = None
        self._search_key = None
        self._net_changed()  # the devices follow (table_host.py)
        humans = self.humans()
        if m.is_over:
            self.curtain_for = None
            self.selected = None
            return
        if len(humans) < 2:
            self.shown = humans[0] if humans else None
            self.curtain_for = None
            return
        to_act = m.to_act
        if not seat_secrets(m.game):  # nothing private (Brauzeit, Saus und Braus): no curtain between humans
            self.curtain_for = None
            nxt = to_act if to_act in humans else self._next_human(to_act if isinstance(to_act, int) and to_act >= 0 else 0)
            if self.shown not in humans or to_act in humans:
                if self.shown != nxt:
                    self.selected = None
                self.shown = nxt
            return
        if to_act in humans:
            if self.shown != to_act:
                self.shown = None
                self.curtain_for = to_act
                self.selected = None
            return
        # a bot (or chance) is to act: hide the last human's cards, name the next human
        nxt = self._next_human(to_act if isinstance(to_act, int) and to_act >= 0 else 0)
        if (self.shown is not None and self.shown != nxt) or first:
            self.shown = None
            self.selected = None
        if self.shown is None:
            self.curtain_for = nxt

    def _board_pause(self) -> str | None:
        """The board's optional ``pause(view)`` hook: a key for a moment the
        humans should see before play goes on (Saboteur: a round's end). It
        gets the spectator view, so a pause never depends on private facts."""
        m = self.match
        if m is None or m.is_over or not self.humans():
            return None
        fn = getattr(get_board(m.game.info.id), "pause", None)
        return fn(m.game.view(m.state, None)) if fn is not None else None

    def pause_key(self) -> str | None:
        """A pause not yet acknowledged (``data-ui="ack"``): bots wait and the
        overlay shows the board's ``interlude(view, ctx)``."""
        key = self._board_pause()
        return key if key is not None and key != self.acked else None

    @property
    def curtain_up(self) -> bool:
        return self.match is not None and self.shown is None and self.curtain_for is not None

    def undo_allowed(self) -> bool:
        m = self.match
        if m is None or not m.log or m.is_over:
            return False
        last = m.log[-1][0]
        if last == CHANCE or last < 0 or m.seats[last].is_bot or last in self.net_remote():
            return False
        if self.shown is not None and self.shown != last:
            return False
        return m.can_undo(last)

    # ---- rendering -------------------------------------------------------------------------------
    def ctx(self) -> Ctx:
        """The render context; one per position, language and selection (a
        re-render of several regions computes the legal texts once)."""
        m = self.match
        self._follow_viewer()
        same = (m, m.state if m else None, self.lines[-1] if self.lines else None)  # by identity
        locked = self.tryit_session.locked if self.tryit_session is not None else None
        equal = (self.lang, self.shown, self.selected, self.curtain_up, len(self.lines), locked)
        cached = self._ctx_cache
        if cached is not None and cached[1] == equal and all(a is b for a, b in zip(cached[0], same)):
            return cached[2]
        ctx = self._make_ctx()
        self._ctx_cache = (same, equal, ctx)
        return ctx

    def _make_ctx(self) -> Ctx:
        m = self.match
        game_id = m.game.info.id if m else (self.route_arg or "")
        names = tuple(s.name for s in m.seats) if m else ()
        legal: frozenset[str] = frozenset()
        if m is not None and self.shown is not None and not m.is_over:
            legal = frozenset(m.legal_texts(self.shown))
        if self.tryit_session is not None and self.tryit_session.locked:
            legal = frozenset()  # the try is made: the board is only shown
        log = tuple(x for x in self.lines if x is not None)[-20:]
        return Ctx(self.lang, game_id, names, tuple(s.is_bot for s in m.seats) if m else (),
                   self.shown, legal, self.selected, self.curtain_up, log, self.last_moves())

    def _seat_acting(self) -> int | None:
        if self.match is None or self.curtain_up:
            return None
        return self.shown

    def _check_on_screen(self, text: str) -> tuple[int, Illegal | None] | None:
        """The seat on screen and why ``text`` is illegal for it (None: legal);
        None while the curtain is up (the status then asks to wait)."""
        seat = self._seat_acting()
        if seat is None:
            self.set_status(self.tr("play.wait_curtain"))
            return None
        return seat, self.match.check(seat, text)

    def _act(self, text: str) -> set[str]:
        m = self.match
        if self.route == "tryit":
            return self._tryit_attempt(text)
        if m is None or self.route != "play":
            return set()
        checked = self._check_on_screen(text)
        if checked is None:
            return {"status"}
        seat, why = checked
        newer = self.check_fresh()  # another tab moved on: show that game, make no move
        if newer is not None:
            return newer
        if why is not None:
            return self._show_illegal(why)
        verdict = self.puzzle.judge(m, seat, text) if self.puzzle is not None else None
        if verdict == "wrong":  # legal, but not an answer: not played, try again (docs/blogging.md)
            self.set_status(self.tr("puzzle.wrong"), kind="wrong")
            return {"status"}
        m.play(text, seat)
        regions = self._changed(seat)
        if verdict == "right":
            self.puzzle = None
            self.set_status(self.tr("puzzle.right"), kind="right")
            regions = set(regions) | {"status"}
        return regions

    def _changed(self, actor: int) -> set[str]:
        m = self.match
        self._sync_trail()
        if actor == self.shown or not self._selection_valid():
            self.selected = None  # a choice made while others moved stays, if still possible
        if not self.save_failed:
            self.set_status("")
        self._after_change()
        if self._moved_elsewhere():  # written elsewhere meanwhile: that game wins, this move is dropped
            return self._take_newer("tabs.refused")
        self.save_current()
        if m.is_over:  # nobody acts once it is over: this change ended it
            self._record_game(m)  # the record on this device (review_control.py)
            self._effects.append(("focus", "#over-h"))
            return {"screen", "status"}
        if self.pause_key() is not None:
            self._effects.append(("focus", "#pause-h"))
            return set(GAME_REGIONS) | {"overlay"}
        return set(GAME_REGIONS)

    def _selection_valid(self) -> bool:
        if self.selected is None or self.shown is None:
            return False
        hand = self.match.game.view(self.match.state, self.shown).get("hand") or ()
        return self.selected.split(":")[0] in hand  # "<card>" or "<card>:<board mode>"

    def _explain(self, text: str) -> set[str]:
        if self.route == "tryit":
            return self._tryit_attempt(text)  # a refusal is what some try-its are about
        if self.match is None:
            return set()
        checked = self._check_on_screen(text)
        if checked is None:
            return {"status"}
        why = checked[1]
        if why is None:  # it has become legal meanwhile
            return self._act(text)
        return self._show_illegal(why)

    def illegal_text(self, why: Illegal) -> str:
        game_id = self.match.game.info.id if self.match else ""
        ctx = self.ctx()
        params = why.params_dict()
        if game_id and has_board(game_id):
            board = get_board(game_id)
            params = {k: board.param(k, v, ctx) for k, v in params.items()}
        key = f"{game_id}.illegal.{why.code}"
        text = t(self.lang, key, **params)
        if text == key:
            key = f"core.illegal.{why.code}"
            text = t(self.lang, key, **params)
            if text == key:
                text = t(self.lang, "core.illegal.unknown")
        return text

    def _show_illegal(self, why: Illegal) -> set[str]:
        self.set_status(self.illegal_text(why), rule=why.rule, kind="illegal")
        return {"status"}

    def reveal(self) -> set[str]:
        if not self.curtain_up:
            return set()
        self.shown = self.curtain_for
        self.curtain_for = None
        self.selected = None
        return set(GAME_REGIONS)

    def undo(self) -> set[str]:
        m = self.match
        if not self.undo_allowed():
            self.set_status(self.tr("play.cannot_undo"))
            return {"status", "top"}
        seat = m.log[-1][0]
        m.undo(seat)
        self._sync_trail()
        self.selected = None
        if self.shown is None and len(self.humans()) >= 2:
            self.curtain_for = m.to_act  # pass it back: nothing private is shown meanwhile
        self._after_change()
        self.save_current()
        if not self.save_failed:
            self.set_status(self.tr("play.undone"))
        return set(GAME_REGIONS)
