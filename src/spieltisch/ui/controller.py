"""The app controller: routes, language, saves, undo, hot-seat curtain and
the bot driver, in pure Python (no ``js``). The browser adapter (src/app)
feeds it events and puts the HTML it renders into the page.

    ctl = Controller(storage)
    changed = ctl.handle("ui", "new:hexen_cocktail")     # -> {"screen", ...}
    html = ctl.render("screen")
    while ctl.bot_pending(): ctl.bot_step(20)

Regions: ``screen`` (all of #app), ``status`` (#status), ``static`` (the
page's ``data-i18n`` texts and the language switch), and on the play screen
``top``, ``board``, ``hand``, ``side``, ``rules``, ``overlay``.
After each call, :meth:`take_effects` hands over browser work: downloads,
the file picker, the URL hash, focus.

``Controller`` is composed of parts, one module each (all share the
controller's state, set up in ``__init__`` below):

- routing.py     ``RoutingMixin``: the URL hash, route changes, links out
- saves.py       ``SavesMixin``: storage, save slots, the trail, export/import
- new_game.py    ``NewGameMixin``: the new-game form, starting a match
- hub.py         ``HubMixin``: the hub's cards and saved games
- play.py        ``PlayMixin``: the game on screen (acts, curtain, undo, context)
- play_render.py ``PlayRenderMixin``: the play screen's regions, the log
- bots.py        ``BotsMixin``: stepping the bots
- safety.py      ``SafetyMixin``: revisions between tabs, leaving with unsaved moves
- tryit_control.py ``TryItControl``: a rule's "Try it" and the guided first game
- replay.py      ``ReplayMixin``: ``#/replay/<code>``, stepping and autoplay
- follow.py      ``FollowMixin``: the live region's texts, last moves, bot speed
- ice_settings.py ``IceSettingsMixin``: the STUN/TURN setting (issue 30)

This module owns the rest: the state, the status line, the language, the
events from the page (``handle``) and which part renders a region.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable
from typing import Any

from ..core.errors import IllegalActionError
from ..core.game import Game
from ..games import GAMES, GameMissing
from ..i18n import LANGS, pick_lang, t
from ..render.context import Ctx
from . import howto, learn, puzzles, screens
from .boards import get_board, has_board
from .bots import BotsMixin
from .follow import FollowMixin
from .hub import HubMixin, hub_card_infos
from .ice_settings import IceSettingsMixin
from .new_game import BOT_NAMES, NewGameMixin
from .play import GAME_REGIONS, PlayMixin
from .play_render import LOG_LIMIT, PLAY_REGIONS, PlayRenderMixin
from .replay import ReplayMixin
from .review_control import ReviewMixin
from .routing import RoutingMixin
from .safety import SafetyMixin, slot_to_url
from .saves import (
    LANG_KEY,
    MAX_IMPORT_CHARS,
    SAVE_PREFIX,
    MemoryStorage,
    SaveEntry,
    SavesMixin,
    Storage,
    StorageFull,
)
from .table_device import TableDeviceMixin
from .table_host import TableHostMixin
from .tryit_control import TryItControl

__all__ = [
    "BOT_NAMES", "GAME_REGIONS", "LANG_KEY", "LOG_LIMIT", "MAX_IMPORT_CHARS", "PLAY_REGIONS",
    "SAVE_PREFIX", "Controller", "MemoryStorage", "SaveEntry", "Storage", "StorageFull",
    "hub_card_infos",
]


class Controller(RoutingMixin, SavesMixin, NewGameMixin, HubMixin, PlayMixin, PlayRenderMixin, BotsMixin,
                 SafetyMixin, TryItControl, ReplayMixin, FollowMixin, ReviewMixin, TableHostMixin,
                 TableDeviceMixin, IceSettingsMixin):
    def __init__(self, storage: Storage, *, browser_lang: str | None = None,
                 games: dict[str, Game] | None = None, catalogue: Iterable[str] | None = None,
                 bot_iterations: int | None = None, bot_time_budget_ms: float | None = None,
                 clock: Callable[[], float] | None = None,
                 seed_source: Callable[[], int] | None = None,
                 bot_factory: Callable[..., Any] | None = None):
        self.storage = storage
        self.games = GAMES if games is None else dict(games)  # GAMES imports a game's rules when first asked
        # the hub's cards: the registry's games in its order (a test may add one
        # without a board, shown as coming soon)
        self.catalogue = tuple(self.games if catalogue is None else catalogue)
        self.bot_iterations = bot_iterations
        self.bot_time_budget_ms = bot_time_budget_ms
        self.clock = clock or time.time
        self.seed_source = seed_source or (lambda: int.from_bytes(os.urandom(6), "big"))
        self._bot_factory = bot_factory
        saved_lang = self._storage_get(LANG_KEY)
        self.lang = pick_lang(saved_lang, browser_lang)
        self.browser_lang = pick_lang(browser_lang)
        # routing
        self.route = "hub"
        self.route_arg = ""
        # the game on screen (play.py): match, slot, trail, lines, shown, curtain_for,
        # selected, rules_open, rules_focus, acked and the bot's search
        self._clear_game()
        self.save_failed = False
        self.draft: screens.Draft | None = None
        self.confirm_delete: str | None = None
        # sharing (ui/share.py, docs/embedding.md): the browser adapter sets
        # site_url (the site's base URL) and embed (the page is embed.html)
        self.share_open = False
        self.site_url = ""
        self.embed = False
        self._position_error = ""
        self._init_tryit()  # "Try it" and the guided first game (tryit_control.py)
        self._init_follow()  # announcements, last moves, bot speed (follow.py)
        self.puzzle_draft = puzzles.Draft()  # the share panel's puzzle maker
        self._init_replay()  # replays (replay.py)
        self._init_review()  # the review and the record (review_control.py)
        self._init_ice()  # the STUN/TURN setting (ice_settings.py)
        # status line
        self._status: tuple[str, str | None, str] = ("", None, "info")  # text, rule id, kind
        # bots
        self.last_bot_stats: dict = {}  # the last decision's search stats (iterations ...)
        self._ctx_cache: tuple[tuple, tuple, Ctx] | None = None
        self._version = 0
        # save cache: key -> SaveEntry (by text)
        self._save_cache: dict[str, SaveEntry] = {}
        self._effects: list[tuple] = []
        self._dirty: set[str] = set()
        self._created: dict[str, int] = {}

    # ---- small helpers ----------------------------------------------------------------
    def tr(self, key: str, **params: Any) -> str:
        return t(self.lang, key, **params)

    def take_effects(self) -> list[tuple]:
        out, self._effects = self._effects, []
        return out

    def set_status(self, text: str, *, rule: str | None = None, kind: str = "info") -> None:
        self._status = (text, rule, kind)

    @property
    def status_text(self) -> str:
        return self._status[0]

    # ---- language --------------------------------------------------------------------
    def _follow_game_lang(self, game_id: str | None) -> None:
        """With no saved language preference, a game whose board names a
        ``FIRST_LANG`` (Brauzeit: German first) shows in that language; every
        other screen in the browser's. A language the player picked wins."""
        if self._storage_get(LANG_KEY) in LANGS:
            return
        lang = self.browser_lang
        if game_id and has_board(game_id):
            lang = getattr(get_board(game_id), "FIRST_LANG", None) or lang
        if lang in LANGS and lang != self.lang:
            self.lang = lang
            self._effects.append(("lang", lang))

    def _translate_default_names(self) -> None:
        """A seat name the form filled in ("Player 1") follows the language
        ("Spieler 1"); a name the player typed stays as typed."""
        d = self.draft
        if d is None:
            return
        for i, name in enumerate(d.names):
            if any(name == t(lang, "new.default_name", number=i + 1) for lang in LANGS):
                d.names[i] = t(self.lang, "new.default_name", number=i + 1)

    def set_lang(self, lang: str) -> set[str]:
        if lang not in LANGS:
            return set()
        self.lang = lang
        self._translate_default_names()
        with contextlib.suppress(Exception):  # a preference that cannot be stored is fine
            self.storage.set(LANG_KEY, lang)
        self._effects.append(("lang", lang))
        self.set_status("")
        return {"screen", "status", "static"}

    # ---- rendering: which part renders a region ----------------------------------------
    def render(self, region: str) -> str:
        if region == "status":
            if self.deleted_pending:
                return self.deleted_status()
            if self.confirm_leave is not None:
                return self.leave_status()
            text, rule, kind = self._status
            return screens.status(self.lang, text, rule_id=rule, kind=kind, try_it=self._status_try_it(rule))
        if region == "static":
            return screens.lang_switch(self.lang)
        if region == "screen":
            return self.render_screen_or_missing()
        if self.match is None:
            return ""
        return self._render_play_region(region)

    def _game_missing(self, game_id: str) -> set[str]:
        """A game whose own part is not here and cannot be fetched: its
        screen says so (game.missing), the rest of the site goes on."""
        self._leave_game()
        self.route, self.route_arg = "missing", game_id
        self.set_status("")
        return {"screen", "status"}

    def render_screen_or_missing(self) -> str:
        try:
            return self._render_screen()
        except GameMissing as err:
            self._game_missing(err.game_id)
            return self._render_screen()

    def _render_screen(self) -> str:
        if self.route == "missing":
            return screens.message_screen(self.lang, "game.missing", game=self.tr(f"game.{self.route_arg}.title"))
        if self.route == "new":
            return self._render_new()
        if self.route == "play":
            return self._render_play()
        if self.route == "join":
            return self._render_device()  # a seat on its own device (table_device.py)
        if self.route == "tryit":
            return self._render_tryit()
        if self.route == "replay":
            return self._render_replay()
        if self.route in ("review", "record"):
            return self._render_review_route()
        if self.route == "rules":
            rule_ids = get_board(self.route_arg).RULE_IDS
            return howto.rules_page(self.lang, self.route_arg, rule_ids, learn.rules_tryit(self.route_arg, rule_ids))
        if self.route == "position":
            return screens.message_screen(self.lang, "position.bad",
                                          reason=self.tr(f"position.error.{self._position_error or 'format'}"))
        return self._render_hub()

    # ---- events ----------------------------------------------------------------------------------
    def handle(self, kind: str, value: Any, form: dict | None = None) -> set[str]:
        lang = self.lang
        try:
            regions = self._handle(kind, value, form)
        except GameMissing as err:  # offline, and this game's own part never came (app/parts.py)
            regions = self._game_missing(err.game_id)
        if self.lang != lang:  # e.g. a German-first game was opened: the page's texts follow
            regions = set(regions) | {"screen", "static"}
        return regions

    def _handle(self, kind: str, value: Any, form: dict | None = None) -> set[str]:
        """An event from the page: ``action`` / ``illegal`` / ``ui`` (data-*
        attributes), ``form`` (an input changed), ``file`` (imported text),
        ``route`` (the URL hash changed). Returns the regions to re-render."""
        try:
            if kind == "net":  # static/js/table.js: the devices' channels (table_host.py, table_device.py)
                return self._net_event(value)
            if kind in ("action", "illegal") and self.route == "join":
                return self._device_act(str(value))  # a device's move goes to the host, which judges it
            if kind == "action":
                return self._act(str(value))
            if kind == "illegal":
                return self._explain(str(value))
            if kind == "ui":
                return self._ui(str(value), form)
            if kind == "form":
                return self._form(form or {}, str(value or ""))
            if kind == "file":
                return self.import_text(value)
            if kind == "route":
                return self.navigate(str(value))
            if kind == "storage":
                return self.on_storage(value)
            if kind == "review":  # a message of the review's worker (app/review_port.py)
                return self.review_event(value)
        except IllegalActionError as err:
            return self._show_illegal(err.illegal)
        return set()

    # ---- UI commands -----------------------------------------------------------------------------
    def _ui(self, cmd: str, form: dict | None) -> set[str]:
        name, _, arg = cmd.partition(":")
        netted = self._device_ui(name, arg)
        if netted is None:
            netted = self._ice_ui(name, form)
        if netted is None:
            netted = self._net_host_ui(name, arg, form)
        if netted is not None:
            return netted
        if name in ("hub", "new", "continue"):
            target = {"hub": "#/", "new": f"#/new/{arg}", "continue": f"#/play/{slot_to_url(arg)}"}[name]
            if self.guard_leave(target) is not None:
                return {"status"}
            return {"hub": self._go_hub, "new": self._go_new, "continue": self._go_play}[name](
                *(() if name == "hub" else (arg,)))
        if name == "leave":
            self.confirm_leave = arg
            return self.navigate(arg)
        if name == "stay":
            self.confirm_leave = None
            return {"status"}
        if name == "deleted-keep":
            return self.keep_deleted()
        if name == "deleted-close":
            return self.close_deleted()
        if name == "lang":
            return self.set_lang(arg)
        if name == "start":
            if form:
                self._form(form, "")
            return self.start()
        if name == "import":
            self._effects.append(("pick-file",))
            return set()
        if name == "export":
            return self.export(arg or self.slot or "")
        if name == "export-broken":
            return self.export_broken(arg)
        if name == "delete":
            self.confirm_delete = arg
            return {"screen"}
        if name == "delete-confirm":
            return self.delete(arg)
        tried = self._tryit_ui(name, arg)
        if tried is None:
            tried = self._review_ui(name, arg)
        if tried is None:
            tried = self._replay_ui(name, arg)
        if tried is not None:
            return tried
        if name == "rules" and self.route == "rules":  # the rules page's section index
            self._effects.append(("focus", f'[data-rule="{arg}"]' if arg else "#rules-page-h"))
            return set()
        if self.match is None:
            return set()
        if name == "select":
            if self.curtain_up:
                return set()
            self.selected = None if self.selected == arg else arg
            changed = {"board", "hand", "top"}
            if getattr(get_board(self.match.game.info.id), "SEAT_TARGETS", False):
                changed.add("side")  # the players panel holds targets (Saboteur's tools)
            return changed
        if name == "hint":
            self.set_status(self.tr(arg))
            return {"status"}
        if name == "rules":
            self.rules_open = True
            self.rules_focus = arg or None
            self._effects.append(("focus", f'[data-rule="{arg}"]' if arg else "#rules-h"))
            return {"rules"}
        if name == "rules-close":
            self.rules_open = False
            self.rules_focus = None
            return {"rules"}
        if name == "puzzle" and self.match is not None:  # the share panel's puzzle maker
            self.puzzle_draft.toggle(self.match, arg)
            return {"top"}
        if name in ("share", "share-close"):
            self.share_open = name == "share"
            if self.share_open:
                self._effects.append(("focus", "[data-share-url]"))
            return {"top"}
        if name == "undo":
            return self.check_fresh() or self.undo()
        if name == "reveal":
            return self.reveal()
        if name == "ack":
            if self.pause_key() is None:
                return set()
            self.acked = self._board_pause()
            return set(GAME_REGIONS) | {"overlay"}
        if name == "again":
            return self.play_again()
        if name == "speed":
            return self.set_bot_speed(arg)
        if name == "next-move":
            return self.next_move()
        return set()
