"""Following the table (issue 14): what the polite live region says after a
change (each new log line as the seat on screen may read it, "your turn",
the game's end), each seat's last move for the boards to mark, and the bot
speed (slow, normal, fast, or "step": a bot moves only after "Next move").
See docs/ui.md, "Following the table".

``FollowMixin`` is one part of ``Controller`` (controller.py); it reads
``match``, ``shown``, ``curtain_up`` and the described log (``log_lines``),
and keeps its own ``_said`` (what the live region has said) and the speed.
"""

from __future__ import annotations

import contextlib

from ..core.game import CHANCE
from ..i18n import t
from ..render.context import Ctx
from ..render.html import tool_label
from .boards import get_board

SPEED_KEY = "spieltisch.botspeed"  # per device, through the controller's storage
BOT_SPEEDS = ("slow", "normal", "fast", "step")
BOT_DELAYS_S = {"slow": 1.5, "normal": 0.6, "fast": 0.15, "step": 0.0}
LIVE_KEEP = 4  # lines the live region keeps (older ones are removed, never all at once)


class FollowMixin:
    """Announcements, last moves and the bot speed."""

    def _init_follow(self) -> None:
        speed = self._storage_get(SPEED_KEY)
        self.bot_speed = speed if speed in BOT_SPEEDS else "normal"
        self._step_granted = False
        self._said: tuple | None = None  # (match, lines said, turn said)

    # ---- bot speed ------------------------------------------------------------------------
    @property
    def bot_delay_s(self) -> float:
        """The pause before a bot's move at the chosen speed (``?botdelay=``
        in the page's address wins, for tests)."""
        return BOT_DELAYS_S[self.bot_speed]

    def set_bot_speed(self, speed: str) -> set[str]:
        if speed not in BOT_SPEEDS:
            return set()
        self.bot_speed = speed
        self._step_granted = False
        with contextlib.suppress(Exception):  # a preference that cannot be stored is fine
            self.storage.set(SPEED_KEY, speed)
        return {"top"}

    def next_move(self) -> set[str]:
        """"Next move" in step mode: the bot to act may play one move."""
        if self.bot_speed == "step" and self.bot_pending():
            self._step_granted = True
        return {"top"}

    def bot_may_move(self) -> bool:
        """False while step mode waits for "Next move"."""
        return self.bot_speed != "step" or self._step_granted

    def bot_moved(self) -> None:
        """A bot played: step mode waits for the next click."""
        self._step_granted = False

    def speed_html(self, ctx: Ctx) -> str:
        """The play toolbar's compact speed choice and, in step mode while a
        bot is to act, the "Next move" button (only in games with bots)."""
        m = self.match
        if m is None or not any(s.is_bot for s in m.seats) or self.tryit_session is not None:
            return ""
        opts = "".join(f'<option value="{s}"{" selected" if s == self.bot_speed else ""}>'
                       f'{ctx.h(f"follow.speed.{s}")}</option>' for s in BOT_SPEEDS)
        out = (f'<label class="speed">{tool_label("bots", ctx.h("follow.speed"))} '
               f'<select data-speed>{opts}</select></label>')
        if self.bot_speed == "step" and self.bot_pending():
            out += (f'<button type="button" class="btn btn-primary" data-ui="next-move" id="next-move">'
                    f'{ctx.h("follow.next")}</button>')
        return f'<div class="follow-tools">{out}</div>'

    # ---- the live region --------------------------------------------------------------------
    def take_announcements(self) -> list[str]:
        """What the live region should say since it last spoke: new log
        lines (described for the seat on screen; behind the curtain only what
        anyone may read), "your turn" for the seat on screen, the game's end.
        A game just opened says nothing (its screen is read anyway)."""
        m = self.match
        if m is None or self.route != "play":
            self._said = None
            return []
        self._follow_viewer()
        count = len(self.lines)  # log entries, described or not
        turn = self._turn_key()
        said = self._said
        self._said = (m, count, turn)
        if said is None or said[0] is not m:
            return []
        out: list[str] = []
        if count > said[1]:
            ctx = self.ctx()
            board = get_board(m.game.info.id)
            for line in self.lines[said[1]:]:
                if line is not None:
                    key, params = line
                    out.append(t(self.lang, key, **{k: board.param(k, v, ctx) for k, v in params.items()}))
        if turn is not None and turn != said[2]:
            out.append(self.tr("over.heading") if turn == "over" else
                       self.tr("play.turn_you", name=self.ctx().name(self.shown)))
        return out

    def player_to_act(self) -> bool:
        """The seat on screen is a human whose turn it is (no curtain)."""
        return self.match is not None and self._turn_key() not in (None, "over")

    def _turn_key(self):
        m = self.match
        if m.is_over:
            return "over"
        to_act = m.to_act
        if self.curtain_up or to_act is None or to_act < 0 or to_act != self.shown or m.seats[to_act].is_bot:
            return None
        return (len(m.log), to_act)

    # ---- last moves -----------------------------------------------------------------------------
    def last_moves(self) -> tuple[tuple[int, str], ...]:
        """Each seat's last turn as (seat, action text), newest first: the
        seat's latest run of actions (chance between them does not end it;
        Hexen's play and take, Saus und Braus's flight, books and close),
        until that seat is to act again. Boards mark only where a move was
        made (a row, a space, a book), which every seat sees."""
        m = self.match
        if m is None:
            return ()
        to_act = None if m.is_over else m.to_act
        done: set[int] = set()
        out = []
        run = None  # the seat whose run is being read
        for player, text in reversed(m.log):
            if player == CHANCE or player < 0:
                continue
            if player != run:
                if run is not None:
                    done.add(run)
                if len(done) == len(m.seats):
                    break
                run = player if player not in done else None
            if run is not None and player != to_act:
                out.append((player, text))
        return tuple(out)

