"""The controller's part for "Try it" and the guided first game
(docs/tryit.md): the routes ``#/tryit/<game>/<clause>``, the commands
``tryit:``, ``try:``, ``tryit-again``, ``tryit-back``, ``learn:`` and
``guide-leave``, and the guide box. Mixed into ``Controller``, whose state
(match, route, trail, lines ...) it uses; the screens are in ``learn``.
"""

from __future__ import annotations

from ..core.match import Match, Seat, clean_name
from ..i18n import t
from ..render.context import Ctx
from . import learn, screens, tryit
from .boards import get_board, has_board
from .play import GAME_REGIONS


class TryItControl:
    def _init_tryit(self) -> None:
        self.tryit_session: learn.Session | None = None
        self.guide_slots: set[str] = set()  # games started with "Learn to play", guide still on
        self._guide_cache: tuple[tuple, str] | None = None

    def _render_tryit(self) -> str:
        if self.tryit_session is None or self.match is None:
            return screens.message_screen(self.lang, "tryit.unavailable")
        return screens.play_frame({r: self._render_play_region(r) for r in screens.PLAY_REGIONS})

    def _status_try_it(self, rule: str | None) -> bool:
        """Offer the rule's try-it beside an illegal move's reason."""
        return (rule is not None and self.match is not None and self.tryit_session is None
                and tryit.has_tryit(self.match.game.info.id, rule))

    def _go_tryit(self, game_id: str, clause: str, back: str = "#/", rules: bool = False) -> set[str]:
        """A clause's try-it: a live match at its position, never saved."""
        session = learn.open_session(game_id, clause, back)
        self._leave_game()
        self.route, self.route_arg = "tryit", f"{game_id}/{clause}"
        self.set_status("")
        if session is not None and has_board(game_id):
            session.from_rules = rules
            self._open_tryit(session)
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def _open_tryit(self, session: learn.Session) -> None:
        self.tryit_session = session
        self.match = session.match
        self.slot = None
        self.share_open = False
        self._follow_game_lang(session.game_id)
        self._rebuild_trail()
        self.shown = session.seat
        self.curtain_for = None
        self.selected = None
        self._version += 1
        self._effects.append(("focus", "#tryit-h"))

    def _tryit_attempt(self, text: str) -> set[str]:
        session = self.tryit_session
        if session is None or session.locked:
            return set()
        learn.attempt(session, text)
        self._sync_trail()
        self.selected = None
        self._version += 1
        self.set_status("")
        self._effects.append(("focus", "[data-tryit-result]"))  # read out, and Tab goes on to "Try again"
        return set(GAME_REGIONS)

    def _tryit_ui(self, name: str, arg: str) -> set[str] | None:
        """The try-it and guide commands; None for any other."""
        session = self.tryit_session
        if name == "tryit":
            game_id = self.match.game.info.id if self.match is not None else ""
            if session is not None:
                return self._go_tryit(game_id, arg, session.back, session.from_rules)
            return self._go_tryit(game_id, arg, self.hash, self.rules_open)
        if name == "try" and session is not None:
            return self._tryit_attempt(arg)
        if name == "tryit-again" and session is not None:
            fresh = learn.reset(session)
            fresh.from_rules = session.from_rules
            self._open_tryit(fresh)
            return {"screen", "status"}
        if name == "tryit-back":
            back, clause = (session.back, session.clause) if session else ("#/", "")
            reopen = session is not None and session.from_rules
            regions = self.navigate(back)
            if reopen and self.match is not None and self.route == "play":
                self.rules_open, self.rules_focus = True, clause
                self._effects.append(("focus", f'[data-rule="{clause}"]'))
            return regions | {"screen"}
        if name == "learn":
            return self.start_learning(arg)
        if name == "guide-leave":
            self.guide_slots.discard(self.slot or "")
            self.set_status(self.tr("guide.left"))
            return {"top", "status"}
        return None

    def start_learning(self, game_id: str) -> set[str]:
        """"Learn to play": a normal game against easy bots, the guide on."""
        game = self.games.get(game_id)
        if game is None or not has_board(game_id):
            return self._go_new(game_id)
        n = max(2, game.info.min_players)
        names = self._default_draft(game).names  # the new-game form's: the reader, then bots
        seats = [Seat(clean_name(names[0], 0), "human")]
        seats += [Seat(clean_name(names[i], i), "bot", "easy") for i in range(1, n)]
        regions = self._begin(Match(game, seats, {}, self.parse_seed("")))
        if self.slot is not None:
            self.guide_slots.add(self.slot)
        return regions

    def _guide_html(self, ctx: Ctx) -> str:
        m = self.match
        if self.route != "play" or self.slot not in self.guide_slots or not learn.guide_active(m, self.shown):
            return ""
        key = (id(m), len(m.log), self.lang, self.shown, self.selected)
        if self._guide_cache is not None and self._guide_cache[0] == key:
            return self._guide_cache[1]
        board = get_board(m.game.info.id)

        def fmt(line: tuple[str, dict]) -> str:
            return t(self.lang, line[0], **{k: board.param(k, v, ctx) for k, v in line[1].items()})

        offered = learn.offered_actions(board.board(m.game.view(m.state, self.shown), ctx)) if self.selected else ()
        guide = learn.build_guide(m, self.trail, self.lines, self.shown, fmt, board.RULE_IDS, offered)
        html = learn.guide_html(guide, self.lang, m.game.info.id)
        self._guide_cache = (key, html)
        return html
