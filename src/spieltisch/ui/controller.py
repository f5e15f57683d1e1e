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
"""

from __future__ import annotations

import json
import os
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..core.errors import BadActionText, Illegal, IllegalActionError, SaveError
from ..core.game import CHANCE, Game
from ..core.match import LEVELS, Match, Seat, clean_name
from ..core.rng import mix_seed
from ..games import CATALOGUE, GAMES
from ..i18n import LANGS, pick_lang, t
from . import screens
from .boards import get_board, has_board
from ..render.context import Ctx
from . import position, share

SAVE_PREFIX = "spieltisch.save."
LANG_KEY = "spieltisch.lang"
MAX_IMPORT_CHARS = 2_000_000
BOT_NAMES = ("Ada", "Bruno", "Clara", "Dario", "Elif", "Finn", "Greta", "Hugo", "Ida", "Jonas")
PLAY_REGIONS = frozenset(screens.PLAY_REGIONS) | {"status"}
GAME_REGIONS = frozenset({"top", "board", "hand", "side", "status"})
LOG_LIMIT = 80  # log lines on screen


# ---- storage ------------------------------------------------------------------------


class StorageFull(Exception):
    """The browser refused to store more (QuotaExceededError)."""


class Storage(ABC):
    @abstractmethod
    def get(self, key: str) -> str | None: ...

    @abstractmethod
    def set(self, key: str, value: str) -> None:
        """May raise :class:`StorageFull`."""

    @abstractmethod
    def remove(self, key: str) -> None: ...

    @abstractmethod
    def keys(self) -> list[str]: ...


class MemoryStorage(Storage):
    """A dict-backed storage for tests; ``quota`` (characters) simulates a full one."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None):
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota
        self.writes = 0

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(key)
        self.data[key] = str(value)
        self.writes += 1

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# ---- saves ----------------------------------------------------------------------------


@dataclass
class SaveEntry:
    key: str
    slot: str
    text: str
    match: Match | None = None
    error: SaveError | None = None

    @property
    def ok(self) -> bool:
        return self.match is not None


def _seat_secrets(game) -> bool:
    """Does a seat's view hold something other seats may not see? Not in a
    perfect-information game, nor where hidden parts are hidden from all alike
    (``seat_secrets = False``: Saus und Braus's closed books). Without seat
    secrets hot-seat play needs no curtain."""
    return not game.info.perfect_information and getattr(game, "seat_secrets", True)


def _slot_of(key: str) -> str:
    return key[len(SAVE_PREFIX):]


# ---- the controller ----------------------------------------------------------------------


def hub_card_infos(catalogue, games) -> list:
    """The hub's game cards: built (registered and with a board) or coming soon.
    Also used by tools/render_hub.py to pre-render index.html."""
    cards = []
    for gid in catalogue:
        game = games.get(gid)
        if game is not None and has_board(gid):
            cards.append(screens.CardInfo(gid, True, game.info.min_players, game.info.max_players))
        else:
            lo, hi = screens.PLANNED_PLAYERS.get(gid, (1, 1))
            cards.append(screens.CardInfo(gid, False, lo, hi))
    return cards


class Controller:
    def __init__(self, storage: Storage, *, browser_lang: str | None = None,
                 games: dict[str, Game] | None = None, catalogue: Iterable[str] | None = None,
                 bot_iterations: int | None = None, bot_time_budget_ms: float | None = None,
                 clock: Callable[[], float] | None = None,
                 seed_source: Callable[[], int] | None = None,
                 bot_factory: Callable[..., Any] | None = None):
        self.storage = storage
        self.games = dict(GAMES if games is None else games)
        self.catalogue = tuple(CATALOGUE if catalogue is None else catalogue)
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
        # the game on screen
        self.match: Match | None = None
        self.slot: str | None = None
        self.trail: list[Any] = []  # state after k log entries, k = 0..len(log)
        self.lines: list[tuple[str, dict] | None] = []  # described log entries (viewer-free games)
        self.shown: int | None = None  # the seat whose private view is on screen
        self.curtain_for: int | None = None
        self.selected: str | None = None
        self.rules_open = False
        self.rules_focus: str | None = None
        self.acked: str | None = None  # the board's last acknowledged pause (see pause_key)
        self.save_failed = False
        self.draft: screens.Draft | None = None
        self.confirm_delete: str | None = None
        # sharing (ui/share.py, docs/embedding.md): the browser adapter sets
        # site_url (the site's base URL) and embed (the page is embed.html)
        self.share_open = False
        self.site_url = ""
        self.embed = False
        self._position_error = ""
        # status line
        self._status: tuple[str, str | None, str] = ("", None, "info")  # text, rule id, kind
        # bots
        self._search = None
        self._search_key: tuple | None = None
        self._decided: tuple[tuple, str] | None = None  # (search key, action text) not yet played
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

    def _storage_get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except Exception:  # noqa: BLE001 - a broken storage must not stop the site
            return None

    def take_effects(self) -> list[tuple]:
        out, self._effects = self._effects, []
        return out

    def set_status(self, text: str, *, rule: str | None = None, kind: str = "info") -> None:
        self._status = (text, rule, kind)

    @property
    def status_text(self) -> str:
        return self._status[0]

    @property
    def screen(self) -> str:
        if self.route == "play" and self.match is not None and self.match.is_over:
            return "over"
        return self.route

    @property
    def hash(self) -> str:
        if self.route == "new":
            return f"#/new/{self.route_arg}"
        if self.route == "play":
            return f"#/play/{self.route_arg}"
        return "#/"

    # ---- saves ---------------------------------------------------------------------------
    def save_keys(self) -> list[str]:
        try:
            keys = self.storage.keys()
        except Exception:  # noqa: BLE001
            return []
        return sorted(k for k in keys if isinstance(k, str) and k.startswith(SAVE_PREFIX))

    def load_entry(self, key: str) -> SaveEntry | None:
        text = self._storage_get(key)
        if text is None:
            self._save_cache.pop(key, None)
            return None
        cached = self._save_cache.get(key)
        if cached is not None and cached.text == text:
            return cached
        entry = SaveEntry(key, _slot_of(key), text)
        try:
            entry.match = Match.from_save(text, self.games)
        except SaveError as err:
            entry.error = err
        except Exception as err:  # noqa: BLE001 - any failure is "broken", never a crash
            entry.error = SaveError("unknown", f"{err.__class__.__name__}: {err}")
        self._save_cache[key] = entry
        return entry

    def entries(self) -> list[SaveEntry]:
        out = []
        for key in self.save_keys():
            e = self.load_entry(key)
            if e is not None:
                out.append(e)
        return out

    def _meta(self, created: float | None = None) -> dict:
        now = int(self.clock() * 1000)
        return {"created": int(created if created is not None else now), "updated": now}

    def _new_slot(self) -> str:
        base = format(int(self.clock() * 1000), "x")
        existing = set(self.save_keys())
        slot, n = base, 1
        while SAVE_PREFIX + slot in existing:
            n += 1
            slot = f"{base}-{n}"
        return slot

    def save_current(self) -> bool:
        """Write the game on screen to storage; tell the player if it failed."""
        if self.match is None or self.slot is None:
            return False
        key = SAVE_PREFIX + self.slot
        created = self._created.get(self.slot)
        meta = self._meta(created)
        text = self.match.to_save_text(meta)
        try:
            self.storage.set(key, text)
        except StorageFull:
            if not self.save_failed:
                self.save_failed = True
            self.set_status(self.tr("play.saving_failed"), kind="error")
            return False
        except Exception:  # noqa: BLE001 - storage unavailable: same as full for the player
            self.save_failed = True
            self.set_status(self.tr("play.saving_failed"), kind="error")
            return False
        self._created.setdefault(self.slot, meta["created"])
        self._save_cache.pop(key, None)  # re-validated (replayed) when the hub lists it
        if self.save_failed:
            self.save_failed = False
            self.set_status(self.tr("play.saved_again"))
        return True

    # ---- routing ---------------------------------------------------------------------------
    def navigate(self, hash_: str) -> set[str]:
        """Go to a ``#/...`` route (from the address bar)."""
        h = (hash_ or "").lstrip("#").strip("/")
        parts = h.split("/") if h else []
        if parts[:1] == ["new"] and len(parts) == 2:
            return self._go_new(parts[1])
        if parts[:1] == ["position"]:
            return self._go_position("/".join(parts[1:]))
        if parts[:1] == ["play"] and len(parts) == 2:
            return self._go_play(parts[1])
        return self._go_hub()

    def _leave_game(self) -> None:
        self.match = None
        self.slot = None
        self.trail = []
        self.lines = []
        self.selected = None
        self.rules_open = False
        self.rules_focus = None
        self.shown = None
        self.curtain_for = None
        self.acked = None
        self._search = None
        self._search_key = None
        self._decided = None
        self._version += 1

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
        if game is not None and has_board(game_id):
            if self.draft is None or self.draft.game_id != game_id:
                self.draft = self._default_draft(game)
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
            created = (json.loads(entry.text).get("meta") or {}).get("created")
            if isinstance(created, int):
                self._created[slot] = created
            self._save_cache.pop(entry.key, None)  # the match is now live; never share it
            self._open(entry.match, slot)
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    # ---- position links and sharing (docs/embedding.md) -----------------------------------
    def _go_position(self, code: str) -> set[str]:
        """Open a shared position as a new local game (nothing is overwritten)."""
        try:
            match, me = position.decode(code, self.games)
            if not has_board(match.game.info.id):
                raise position.PositionError("unknown-game")
        except position.PositionError as err:
            self._leave_game()
            self.route, self.route_arg = "position", ""
            self._position_error = err.code
            self.set_status("")
            return {"screen", "status"}
        regions = self._begin(match)
        if not self.save_failed:
            self.set_status(self.tr("position.opened", name=match.seats[me].name))
        return regions

    def share_seat(self) -> int | None:
        """The seat a link is made from: the one on screen (never behind the curtain)."""
        m = self.match
        if m is None or self.curtain_up:
            return None
        if self.shown is not None:
            return self.shown
        if not _seat_secrets(m.game):  # e.g. a finished or all-bot game: first seat
            return 0
        return None

    def position_link(self) -> str | None:
        seat = self.share_seat()
        if seat is None:
            return None
        return f"{self.site_url}#/position/{position.encode(self.match, seat)}"

    def _share_html(self) -> str:
        m = self.match
        seat = self.share_seat()
        if m is None or seat is None:
            return ""
        if not self.share_open:
            return share.share_button(self.lang)
        return share.share_panel(self.lang, site_url=self.site_url, game_id=m.game.info.id,
                                 code=position.encode(m, seat), name=m.seats[seat].name,
                                 hidden_info=not m.game.info.perfect_information)

    def outside_link(self) -> str:
        """Where embed.html's 'Open on Spieltisch' leads: this position, or this route."""
        link = self.position_link() if self.route == "play" and self.match is not None else None
        return link or f"{self.site_url}{self.hash}"

    def _open(self, match: Match, slot: str) -> None:
        self.share_open = False
        self.match = match
        self.slot = slot
        self._follow_game_lang(match.game.info.id)
        self._rebuild_trail()
        humans = self.humans()
        self.shown = humans[0] if len(humans) == 1 else None
        self.curtain_for = None
        self.acked = self._board_pause()  # a reload does not show an old pause again
        self._after_change(first=True)

    # ---- the log, described ---------------------------------------------------------------
    def _rebuild_trail(self) -> None:
        m = self.match
        game = m.game
        state = game.new_state(len(m.seats), m.options)
        self.trail = [state]
        self.lines = []
        for player, text in m.log:
            self._extend_trail(player, text)

    def _extend_trail(self, player: int, text: str) -> None:
        game = self.match.game
        before = self.trail[-1]
        act = game.parse_action(text)
        try:
            line = game.describe(before, player, act, None)
        except Exception:  # noqa: BLE001 - a log line must never break the game
            line = None
        self.lines.append(line)
        self.trail.append(game.apply_unchecked(before, act))

    def _sync_trail(self) -> None:
        """After play/undo: make ``trail`` and ``lines`` follow ``match.log``."""
        m = self.match
        n = len(m.log)
        if len(self.trail) > n + 1:
            del self.trail[n + 1:]
            del self.lines[n:]
        for player, text in m.log[len(self.trail) - 1:]:
            self._extend_trail(player, text)

    def log_lines(self, ctx: Ctx, limit: int = LOG_LIMIT, start: int = 0) -> list[tuple[int, str]]:
        """The last ``limit`` described lines as (number, text), oldest first;
        with ``start``, only lines numbered above it."""
        board = get_board(self.match.game.info.id)
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

    # ---- seats, curtain ----------------------------------------------------------------------
    def humans(self) -> list[int]:
        if self.match is None:
            return []
        return [i for i, s in enumerate(self.match.seats) if not s.is_bot]

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
        if not _seat_secrets(m.game):  # nothing private (Brauzeit, Saus und Braus): no curtain between humans
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
        if self.shown is not None and self.shown != nxt or first:
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
        if last == CHANCE or last < 0 or m.seats[last].is_bot:
            return False
        if self.shown is not None and self.shown != last:
            return False
        return m.can_undo(last)

    # ---- rendering -------------------------------------------------------------------------------
    def ctx(self) -> Ctx:
        """The render context; one per position, language and selection (a
        re-render of several regions computes the legal texts once)."""
        m = self.match
        same = (m, m.state if m else None, self.lines[-1] if self.lines else None)  # by identity
        equal = (self.lang, self.shown, self.selected, self.curtain_up, len(self.lines))
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
        log = tuple(x for x in self.lines if x is not None)[-20:]
        return Ctx(self.lang, game_id, names, tuple(s.is_bot for s in m.seats) if m else (),
                   self.shown, legal, self.selected, self.curtain_up, log)

    def render(self, region: str) -> str:
        if region == "status":
            text, rule, kind = self._status
            return screens.status(self.lang, text, rule_id=rule, kind=kind)
        if region == "static":
            return screens.lang_switch(self.lang)
        if region == "screen":
            return self._render_screen()
        if self.match is None:
            return ""
        return self._render_play_region(region)

    def _render_screen(self) -> str:
        if self.route == "new":
            game = self.games.get(self.route_arg)
            if game is None:
                if self.route_arg in self.catalogue:
                    return screens.message_screen(self.lang, "new.not_ready",
                                                  game=self.tr(f"game.{self.route_arg}.title"))
                return screens.message_screen(self.lang, "new.unknown_game")
            if not has_board(game.info.id):
                return screens.message_screen(self.lang, "new.not_ready", game=self.tr(f"game.{game.info.id}.title"))
            embed = "" if self.embed else share.embed_box(self.lang, self.site_url, game.info.id)
            return screens.new_game(self.lang, game.info, self.draft, LEVELS) + embed
        if self.route == "play":
            if self.match is None:
                entry = self._save_cache.get(SAVE_PREFIX + self.route_arg)
                if entry is not None and entry.error is not None:
                    return screens.message_screen(self.lang, "hub.broken", reason=self._reason(entry.error))
                if entry is not None and entry.ok:  # a valid save of a game without a board yet
                    gid = entry.match.game.info.id
                    return screens.message_screen(self.lang, "new.not_ready", game=self.tr(f"game.{gid}.title"))
                return screens.message_screen(self.lang, "play.no_game")
            return screens.play_frame({r: self._render_play_region(r) for r in screens.PLAY_REGIONS})
        if self.route == "position":
            return screens.message_screen(self.lang, "position.bad",
                                          reason=self.tr(f"position.error.{self._position_error or 'format'}"))
        return self._render_hub()

    def _render_hub(self) -> str:
        cards = hub_card_infos(self.catalogue, self.games)
        saves, broken = [], []
        for e in self.entries():
            if e.ok:
                m = e.match
                moves = sum(1 for p, _ in m.log if p != CHANCE)
                saves.append((m.is_over, -self._updated(e), screens.SaveRow(
                    e.slot, m.game.info.id, tuple(s.name for s in m.seats), moves, m.is_over,
                    self.confirm_delete == e.slot)))
            else:
                broken.append(screens.BrokenRow(e.key, e.error.code, self.confirm_delete == e.key))
        saves.sort(key=lambda x: (x[0], x[1]))
        return screens.hub(self.lang, cards, [s for _, _, s in saves], broken)

    @staticmethod
    def _updated(e: SaveEntry) -> int:
        try:
            meta = json.loads(e.text).get("meta") or {}
            return int(meta.get("updated") or 0)
        except (ValueError, TypeError, AttributeError):
            return 0

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
            return screens.top(ctx, turn_text=self._turn_text(ctx), prompt=board.prompt(view, ctx),
                               can_undo=self.undo_allowed(), thinking=self.bot_pending()) + self._share_html()
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
                                       open_=self.rules_open, focus=self.rules_focus)
        if region == "overlay":
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
        the best score of the other finished one-seat saves of this game."""
        m = self.match
        if len(m.seats) != 1:
            return ""
        gid = m.game.info.id
        best = None
        for e in self.entries():
            other = e.match
            if (not e.ok or e.slot == self.slot or other.game.info.id != gid or len(other.seats) != 1
                    or not other.is_over):
                continue
            score = other.outcome().scores[0]
            if best is None or (score < best if out.low_wins else score > best):
                best = score
        score = out.scores[0]
        if best is None:
            return self.tr("over.solo_first", score=score)
        if score < best if out.low_wins else score > best:
            return self.tr("over.solo_record", score=score, best=best)
        return self.tr("over.solo_best", score=score, best=best)

    # ---- events ----------------------------------------------------------------------------------
    def handle(self, kind: str, value: Any, form: dict | None = None) -> set[str]:
        lang = self.lang
        regions = self._handle(kind, value, form)
        if self.lang != lang:  # e.g. a German-first game was opened: the page's texts follow
            regions = set(regions) | {"screen", "static"}
        return regions

    def _handle(self, kind: str, value: Any, form: dict | None = None) -> set[str]:
        """An event from the page: ``action`` / ``illegal`` / ``ui`` (data-*
        attributes), ``form`` (an input changed), ``file`` (imported text),
        ``route`` (the URL hash changed). Returns the regions to re-render."""
        try:
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
        except IllegalActionError as err:
            return self._show_illegal(err.illegal)
        return set()

    def _seat_acting(self) -> int | None:
        if self.match is None or self.curtain_up:
            return None
        return self.shown

    def _act(self, text: str) -> set[str]:
        m = self.match
        if m is None or self.route != "play":
            return set()
        seat = self._seat_acting()
        if seat is None:
            self.set_status(self.tr("play.wait_curtain"))
            return {"status"}
        why = m.check(seat, text)
        if why is not None:
            return self._show_illegal(why)
        m.play(text, seat)
        return self._changed(seat)

    def _changed(self, actor: int) -> set[str]:
        m = self.match
        self._sync_trail()
        if actor == self.shown or not self._selection_valid():
            self.selected = None  # a choice made while others moved stays, if still possible
        if not self.save_failed:
            self.set_status("")
        self._after_change()
        self.save_current()
        if m.is_over:  # nobody acts once it is over: this change ended it
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
        m = self.match
        if m is None:
            return set()
        seat = self._seat_acting()
        if seat is None:
            self.set_status(self.tr("play.wait_curtain"))
            return {"status"}
        why = m.check(seat, text)
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

    # ---- UI commands -----------------------------------------------------------------------------
    def _ui(self, cmd: str, form: dict | None) -> set[str]:
        name, _, arg = cmd.partition(":")
        if name == "hub":
            return self._go_hub()
        if name == "new":
            return self._go_new(arg)
        if name == "continue":
            return self._go_play(arg)
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
        if name in ("share", "share-close"):
            self.share_open = name == "share"
            if self.share_open:
                self._effects.append(("focus", "[data-share-url]"))
            return {"top"}
        if name == "undo":
            return self.undo()
        if name == "reveal":
            return self.reveal()
        if name == "ack":
            if self.pause_key() is None:
                return set()
            self.acked = self._board_pause()
            return set(GAME_REGIONS) | {"overlay"}
        if name == "again":
            return self.play_again()
        return set()

    def set_lang(self, lang: str) -> set[str]:
        if lang not in LANGS:
            return set()
        self.lang = lang
        try:
            self.storage.set(LANG_KEY, lang)
        except Exception:  # noqa: BLE001 - a preference that cannot be stored is fine
            pass
        self._effects.append(("lang", lang))
        self.set_status("")
        return {"screen", "status", "static"}

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

    # ---- new game -------------------------------------------------------------------------------
    def _default_draft(self, game: Game) -> screens.Draft:
        info = game.info
        n = max(info.min_players, min(info.max_players, 3))
        maxp = info.max_players
        names = [self.tr("new.default_name", number=1)] + [BOT_NAMES[i % len(BOT_NAMES)] for i in range(1, maxp)]
        kinds = ["human"] + ["bot"] * (maxp - 1)
        levels = ["normal"] * maxp
        return screens.Draft(info.id, n, names, kinds, levels, "", dict(info.options))

    def _form(self, form: dict, changed: str) -> set[str]:
        d = self.draft
        if d is None or self.route != "new":
            return set()
        game = self.games[d.game_id]
        info = game.info
        regions: set[str] = set()
        if "seats" in form:
            try:
                n = int(str(form["seats"]))
            except ValueError:
                n = d.seats
            n = max(info.min_players, min(info.max_players, n))
            if n != d.seats:
                d.seats = n
                regions.add("screen")
        for i in range(info.max_players):
            if f"seat-{i}-name" in form:
                d.names[i] = str(form[f"seat-{i}-name"])[:64]
            if f"seat-{i}-kind" in form and form[f"seat-{i}-kind"] in ("human", "bot"):
                if d.kinds[i] != form[f"seat-{i}-kind"]:
                    regions.add("screen")
                d.kinds[i] = form[f"seat-{i}-kind"]
            if f"seat-{i}-level" in form and form[f"seat-{i}-level"] in LEVELS:
                d.levels[i] = form[f"seat-{i}-level"]
        if "seed" in form:
            d.seed = str(form["seed"])[:40]
        for name, default in info.options:
            k = f"option-{name}"
            if k in form:
                v = form[k]
                if isinstance(default, bool):
                    d.options[name] = v in (True, "true", "on", "1")
                elif isinstance(default, int):
                    try:
                        d.options[name] = int(v)
                    except (TypeError, ValueError):
                        pass
                else:
                    d.options[name] = str(v)
        return regions

    def parse_seed(self, text: str) -> int:
        text = (text or "").strip()
        if not text:
            return self.seed_source() % (1 << 48)
        if text.isdigit():
            return int(text) % (1 << 53)
        return mix_seed("seed", text) % (1 << 48)

    def start(self) -> set[str]:
        d = self.draft
        if d is None or self.route != "new":
            return set()
        game = self.games[d.game_id]
        seats = []
        for i in range(d.seats):
            kind = d.kinds[i]
            seats.append(Seat(clean_name(d.names[i], i), kind, d.levels[i] if kind == "bot" else None))
        try:
            match = Match(game, seats, d.options, self.parse_seed(d.seed))
        except ValueError as err:
            d.error = self.tr("new.failed", reason=str(err))
            return {"screen"}
        d.error = ""
        return self._begin(match)

    def _begin(self, match: Match) -> set[str]:
        self._leave_game()
        slot = self._new_slot()
        if not has_board(match.game.info.id):  # e.g. an imported save of a game not on screen yet
            try:
                self.storage.set(SAVE_PREFIX + slot, match.to_save_text(self._meta()))
            except Exception:  # noqa: BLE001
                self.set_status(self.tr("play.saving_failed"), kind="error")
            return self._go_play(slot)
        self.route, self.route_arg = "play", slot
        self.set_status("")
        self.save_failed = False
        self._open(match, slot)
        self.save_current()
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def play_again(self) -> set[str]:
        m = self.match
        if m is None:
            return set()
        match = Match(m.game, list(m.seats), dict(m.options), self.parse_seed(""))
        return self._begin(match)

    # ---- export / import / delete ------------------------------------------------------------------
    def export(self, slot: str) -> set[str]:
        text = self._storage_get(SAVE_PREFIX + slot) if slot else None
        if text is None and self.match is not None and slot == self.slot:
            text = self.match.to_save_text(self._meta())
        if text is None:
            return set()
        gid = "game"
        try:
            gid = str(json.loads(text).get("game") or "game")
        except (ValueError, AttributeError):
            pass
        safe = "".join(ch for ch in f"spieltisch-{gid}-{slot}" if ch.isalnum() or ch in "-_")
        self._effects.append(("download", f"{safe}.json", text))
        return set()

    def export_broken(self, key: str) -> set[str]:
        text = self._storage_get(key)
        if text is None or not key.startswith(SAVE_PREFIX):
            return set()
        safe = "".join(ch for ch in f"spieltisch-broken-{_slot_of(key)}" if ch.isalnum() or ch in "-_")
        self._effects.append(("download", f"{safe}.json", text))
        return set()

    def delete(self, target: str) -> set[str]:
        """Delete a save (a slot or a broken save's storage key), explicitly
        confirmed by the player."""
        if self.confirm_delete != target:
            return set()
        key = target if target.startswith(SAVE_PREFIX) else SAVE_PREFIX + target
        try:
            self.storage.remove(key)
        except Exception:  # noqa: BLE001
            pass
        self._save_cache.pop(key, None)
        self.confirm_delete = None
        return {"screen"}

    def import_text(self, text: Any) -> set[str]:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                text = "\ufffd"
        if not isinstance(text, str):
            text = ""
        if len(text) > MAX_IMPORT_CHARS:
            self.set_status(self.tr("import.failed", reason=self.tr("import.too_big")), kind="error")
            return {"status"}
        try:
            match = Match.from_save(text, self.games)
        except SaveError as err:
            reason = self._reason(err)
            self.set_status(self.tr("import.failed", reason=reason), kind="error")
            return {"status"}
        except Exception:  # noqa: BLE001
            self.set_status(self.tr("import.failed", reason=self.tr("save.error.unknown")), kind="error")
            return {"status"}
        regions = self._begin(match)
        if not self.save_failed:
            self.set_status(self.tr("import.ok"))
        return regions

    def _reason(self, err: SaveError) -> str:
        reason = self.tr(f"save.error.{err.code}")
        if reason == f"save.error.{err.code}":
            reason = self.tr("save.error.unknown")
        return reason

    # ---- bots ---------------------------------------------------------------------------------------
    def bot_pending(self) -> bool:
        m = self.match
        if m is None or self.route != "play" or m.is_over:
            return False
        to_act = m.to_act
        return (to_act is not None and to_act >= 0 and m.seats[to_act].is_bot
                and self.pause_key() is None)

    def _make_bot(self, level: str, seed: int):
        if self._bot_factory is not None:
            return self._bot_factory(level, seed)
        from ..ai import make_bot  # imported late: the hub paints without it
        return make_bot(level, seed, time_budget_ms=self.bot_time_budget_ms, iterations=self.bot_iterations)

    def bot_step(self, budget_ms: float = 20) -> bool:
        """Think for about ``budget_ms``; play the bot's move when decided.
        Returns True when the game changed (then see :meth:`take_dirty`)."""
        return self.bot_think(budget_ms) is not None and self.bot_play()

    @property
    def bot_searching(self) -> bool:
        """A decision is under way (its search started, not finished)."""
        return self._search is not None

    def bot_think(self, budget_ms: float = 20, *, start_alone: bool = False) -> str | None:
        """One slice of the bot's search; the chosen action text once decided
        (then :meth:`bot_play` plays it). The browser runs the two in separate
        tasks, so a decision's last slice and the move's re-render never add up.
        With ``start_alone`` the slice that starts a decision only starts it."""
        if not self.bot_pending():
            return None
        m = self.match
        seat = m.to_act
        key = (self._version, len(m.log), seat)
        if self._decided is not None and self._decided[0] == key:
            return self._decided[1]
        if self._search is None or self._search_key != key:
            level = m.seats[seat].level or "normal"
            seed = mix_seed(m.seed, "bot", seat, len(m.log))
            bot = self._make_bot(level, seed)
            self._search = bot.start(m.game, m.game.view(m.state, seat), seat)
            self._search_key = key
            if start_alone:
                return None  # the view and the bot's seed: a slice of their own
        text = self._search.step(budget_ms)
        if text is None:
            return None
        self.last_bot_stats = dict(self._search.stats)
        self._search = None
        self._decided = (key, text)
        return text

    def bot_play(self) -> bool:
        """Play the move :meth:`bot_think` decided, if the game is still where
        it was decided (an undo or another game meanwhile drops it). True when
        the game changed (then see :meth:`take_dirty`)."""
        decided, self._decided = self._decided, None
        if decided is None or not self.bot_pending():
            return False
        m = self.match
        seat = m.to_act
        if decided[0] != (self._version, len(m.log), seat):
            return False
        m.play(decided[1], seat)
        self._dirty |= self._changed(seat)
        return True

    def take_dirty(self) -> set[str]:
        out, self._dirty = self._dirty, set()
        return out
