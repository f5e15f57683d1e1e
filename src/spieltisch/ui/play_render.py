"""The play screen's regions as HTML: the frame, ``top`` (turn, prompt,
undo, the share panel), ``board``, ``hand`` (or the curtain), ``side`` (the
seats and the log, and the log's incremental patches), ``rules``,
``overlay`` (a board's interlude, the game over with a solo game's record).

``PlayRenderMixin`` is one part of ``Controller`` (controller.py); it only
reads the controller's state (through ``ctx()`` and the views of
``match``), never changes the game.
"""

from __future__ import annotations

from .. import diagram
from ..i18n import t
from ..render.context import Ctx
from . import learn, position, puzzles, screens, share
from .boards import get_board
from .saves import SAVE_PREFIX
from .solo_best import (  # brau.solo: same settings only (issue 10)
    SoloResult,
    best_score,
)

PLAY_REGIONS = frozenset(screens.PLAY_REGIONS) | {"status"}
LOG_LIMIT = 80  # log lines on screen


class PlayRenderMixin:
    """Renders the play screen and its regions."""

    def _render_play(self) -> str:
        if self.match is None:
            entry = self._save_cache.get(SAVE_PREFIX + self.route_arg)
            if entry is not None and entry.error is not None:
                return screens.message_screen(self.lang, "hub.broken", reason=self._reason(entry.error))
            if entry is not None and entry.ok:  # a valid save of a game without a board yet
                gid = entry.summary.game_id
                return screens.message_screen(self.lang, "new.not_ready", game=self.tr(f"game.{gid}.title"))
            return screens.message_screen(self.lang, "play.no_game")
        return screens.play_frame({r: self._render_play_region(r) for r in screens.PLAY_REGIONS})

    def _share_html(self) -> str:
        m = self.match
        seat = self.share_seat()
        if m is None or seat is None:
            return ""
        if not self.share_open:
            return share.share_button(self.lang)
        code = position.encode(m, seat)
        return share.share_panel(self.lang, site_url=self.site_url, game_id=m.game.info.id,
                                 code=code, name=m.seats[seat].name,
                                 hidden_info=not m.game.info.perfect_information,
                                 svg=diagram.render(m, seat, lang=self.lang) if diagram.has_drawing(m.game.info.id)
                                 else "", file_name=diagram.file_name(m, seat),
                                 puzzle=puzzles.panel(m, seat, code, self.puzzle_draft, self.ctx()))

    def log_lines(self, ctx: Ctx, limit: int = LOG_LIMIT, start: int = 0) -> list[tuple[int, str]]:
        """The last ``limit`` described lines as (number, text), oldest first;
        with ``start``, only lines numbered above it."""
        board = get_board(self.match.game.info.id)
        self._follow_viewer()
        lines = [line for line in self.lines if line is not None]
        first = max(0, len(lines) - limit, start)  # only the lines shown are formatted
        out = []
        for number, (key, params) in enumerate(lines[first:], start=first + 1):
            shown = {k: board.param(k, v, ctx) for k, v in params.items()}
            out.append((number, t(self.lang, key, **shown)))
        return out

    def log_token(self) -> tuple | None:
        """What :meth:`log_patch` calls the log as it is now (e.g. right after
        the whole screen was rendered)."""
        m = self.match
        if m is None:
            return None
        self._follow_viewer()
        lines = [line for line in self.lines if line is not None]
        return (m, self.lang, len(lines), lines[-1] if lines else None)

    def log_patch(self, shown: tuple | None) -> tuple[tuple | None, str, str]:
        """How to bring the log region from what is on screen to now.

        ``shown`` is the token this returned last time (None: unknown). Returns
        ``(token, op, html)``: op ``"none"`` (up to date), ``"prepend"`` (put
        ``html``, the new lines' ``<li>``, first in the ``ol.log`` and then keep
        its first LOG_LIMIT items) or ``"full"`` (``html`` is the whole
        region). Lines only ever follow the game, so after a move the log
        grows by a line or two and the panel need not be rebuilt."""
        m = self.match
        if m is None:
            return None, "full", ""
        self._follow_viewer()
        lines = [line for line in self.lines if line is not None]
        token = self.log_token()
        if shown is not None and len(shown) == 4 and shown[0] is m and shown[1] == self.lang:
            count, last = shown[2], shown[3]
            if count == len(lines) and (last is token[3]):
                return token, "none", ""
            if 0 < count < len(lines) and lines[count - 1] is last:
                ctx = self.ctx()
                return token, "prepend", screens.log_items(self.log_lines(ctx, start=count))
        return token, "full", self.render("log")

    def _render_play_region(self, region: str) -> str:
        m = self.match
        game = m.game
        board = get_board(game.info.id)
        ctx = self.ctx()
        view = game.view(m.state, self.shown)
        if region == "board":
            return board.board(view, ctx)
        if region == "hand":
            if self.curtain_up:
                return screens.curtain(ctx, ctx.name(self.curtain_for))
            return board.hand(view, ctx)
        if region == "top":
            if self.tryit_session is not None:
                return learn.panel(self.tryit_session, ctx, board, prompt=board.prompt(view, ctx),
                                   illegal_text=self.illegal_text)
            share_html = self._share_html()
            in_bar = not self.share_open  # the closed share control sits in the bar, the open panel below it
            return screens.top(ctx, turn_text=self._turn_text(ctx), prompt=board.prompt(view, ctx),
                               can_undo=self.undo_allowed(), thinking=self.bot_pending(),
                               tools=self.speed_html(ctx) + (share_html if in_bar else ""),
                               below=self._guide_html(ctx) + self.net_panel_html(ctx)
                               + ("" if in_bar else share_html))
        if region == "side":
            return screens.side(ctx, view, board, to_act=m.to_act if not m.is_over else None,
                                kinds=[s.kind for s in m.seats], levels=[s.level for s in m.seats],
                                log_lines=self.log_lines(ctx))
        if region == "seats":
            return screens.side_seats(ctx, view, board, to_act=m.to_act if not m.is_over else None,
                                      kinds=[s.kind for s in m.seats], levels=[s.level for s in m.seats])
        if region == "log":
            return screens.side_log(ctx, self.log_lines(ctx))
        if region == "rules":
            return screens.rules_panel(self.lang, game.info.id, board.RULE_IDS,
                                       open_=self.rules_open, focus=self.rules_focus,
                                       tryit=learn.rules_tryit(game.info.id, board.RULE_IDS))
        if region == "overlay":
            if self.tryit_session is not None:
                return ""
            if not m.is_over:
                if self.pause_key() is not None:
                    return board.interlude(view, ctx)
                return ""
            return self._render_gameover(ctx, board)
        return ""

    def _turn_text(self, ctx: Ctx) -> str:
        m = self.match
        if m.is_over:
            return self.tr("over.heading")
        to_act = m.to_act
        if to_act is None or to_act < 0:
            return ""
        name = ctx.name(to_act)
        if m.seats[to_act].is_bot:
            return self.tr("play.turn_bot", name=name)
        if to_act == self.shown:
            return self.tr("play.turn_you", name=name)
        return self.tr("play.turn_other", name=name)

    def _render_gameover(self, ctx: Ctx, board) -> str:
        m = self.match
        out = m.outcome()
        views = [m.game.view(m.state, i) for i in range(len(m.seats))]  # the game is over: all public
        order = sorted(range(len(out.scores)),
                       key=lambda i: (0 if i in out.winners else 1, out.scores[i] if out.low_wins else -out.scores[i]))
        rows, place, prev = [], 0, None
        for k, seat in enumerate(order):
            key = (seat in out.winners, out.scores[seat])
            if key != prev:
                place = k + 1
                prev = key
            rows.append(screens.FinalRow(seat, place, out.scores[seat], seat in out.winners,
                                         board.final(views, out, seat, ctx)))
        return screens.gameover(ctx, reason_key=out.reason, low_wins=out.low_wins, rows=rows,
                                winners=out.winners, note=self._solo_note(out))

    def _solo_note(self, out) -> str:
        """A one-seat game is played against the device's best (brau.solo):
        the best score of the other finished one-seat saves of this game with
        the same options (ui/solo_best.py)."""
        m = self.match
        if len(m.seats) != 1:
            return ""
        mine = SoloResult(m.game.info.id, 1, m.options, True, out.scores[0])
        others = []
        for e in self.entries():  # replay only the finished one-seat saves of this game
            s = e.summary
            if not e.ok or e.slot == self.slot or s.game_id != mine.game_id or len(s.names) != 1 or s.over is False:
                continue
            e = self.load_entry(e.key)
            if e is not None and e.match is not None:
                others.append(SoloResult(e.match.game.info.id, 1, e.match.options, e.match.is_over,
                                         e.match.outcome().scores[0] if e.match.is_over else None))
        best = best_score(mine, others, out.low_wins)
        score = out.scores[0]
        if best is None:
            return self.tr("over.solo_first", score=score)
        if score < best if out.low_wins else score > best:
            return self.tr("over.solo_record", score=score, best=best)
        return self.tr("over.solo_best", score=score, best=best)
