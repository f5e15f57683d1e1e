"""DOM adapter: one delegated listener per event type on the page root,
hash routing, the bot loop, file export/import. The browser's storage,
query string and JS null are browser.py.

All game logic is in ``spieltisch.ui.controller``; this module only moves
events in and HTML out.

Why one ~400-line module: it is the one class ``App``, whose parts (events
in, regions out with their cache of shown HTML and the focus kept across a
re-render, the bot loop that re-renders after a move) all work on the same
page state; split, each part would reach into the others'.
"""

from __future__ import annotations

import asyncio
import gc
import json

import js  # the browser
from js import URL, Blob, Object, document, window
from pyodide.ffi import create_proxy, to_js

from app import image
from app import parts as game_parts
from app.browser import LocalStorage, nil, query_param
from app.review_port import ReviewPort
from app.snapshot import SnapshotKeeper
from spieltisch.i18n import t
from spieltisch.render import parts
from spieltisch.ui.controller import LOG_LIMIT, Controller
from spieltisch.ui.follow import LIVE_KEEP
from spieltisch.ui.safety import WithoutSaves

HOOKS = "[data-action],[data-illegal],[data-ui]"
PLAY_SUBREGIONS = ("top", "board", "hand", "side", "rules", "overlay")
# A bot thinks in slices of this many ms, each its own task: with one MCTS
# iteration on top (a few ms in Pyodide) a slice stays well under the 50 ms
# budget even when other processes halve the page's share of the CPU.
BOT_SLICE_MS = 10
FOCUS_ATTRS = ("data-card", "data-row", "data-ui", "data-action", "data-illegal", "id")


def garbage_report() -> str:
    """What Python's cycle collector would free now, by kind, and the code of
    every frame among it (?perf only; bench/memory.py --garbage). The garbage
    is freed afterwards."""
    import json
    from collections import Counter

    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = list(gc.garbage)
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
    kinds = Counter(type(o).__name__ for o in found)
    frames = Counter(f"{o.f_code.co_filename.rsplit('/', 1)[-1]}:{o.f_code.co_name}:{o.f_lineno}"
                     for o in found if type(o).__name__ == "frame")
    del found
    gc.collect()
    return json.dumps({"kinds": kinds.most_common(12), "frames": frames.most_common(16)})


def review_overrides() -> dict:
    """``?review=budget:1200,max_playouts:64`` (tests, bench/): the review's search settings."""
    out = {}
    for part in (query_param("review") or "").split(","):
        key, _, value = part.partition(":")
        if key in ("budget", "playouts", "min_playouts", "max_playouts", "depth", "seed") and value.isdigit():
            out[key] = min(100_000, int(value))
    return out


class App:
    def __init__(self, safe: bool = False):
        self.root = document.getElementById("app")
        self.status = document.getElementById("status")
        self.live = document.getElementById("live")  # the persistent polite live region
        self._live_lang = None  # the language of its lines (emptied when the screen changes)
        self._moves_seen = -1  # the game's log length when apply() last ran (focus after a move)
        self.file_input = document.getElementById("import-file")
        delay = query_param("botdelay")  # for tests; else the player's bot speed (ui/follow.py)
        try:
            self.bot_delay = max(0.0, float(delay) / 1000.0) if delay is not None else None
        except ValueError:
            self.bot_delay = None
        slice_ms = query_param("botslice")  # for bench/: the slice a bot thinks in
        try:
            self.bot_slice = min(200.0, max(1.0, float(slice_ms))) if slice_ms is not None else BOT_SLICE_MS
        except ValueError:
            self.bot_slice = BOT_SLICE_MS
        self.local = LocalStorage()
        storage = WithoutSaves(self.local) if safe else self.local  # safe mode: boot.js asked
        self.ctl = Controller(storage, browser_lang=str(window.navigator.language or ""))
        # links and embed snippets point at the site's folder; embed.html marks <html data-embed>
        self.ctl.site_url = str(URL.new(".", window.location.href).href)
        self.ctl.embed = bool(document.documentElement.hasAttribute("data-embed"))
        # a replay's autoplay does not start by itself under reduced motion (ui/replay.py)
        self.motion = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.ctl.reduced_motion = bool(self.motion.matches)
        self._sheets: set[str] = set()  # the ("sheet", key, css) effects applied (CSSOM; no <style>)
        self.open_link = document.getElementById("open-site")
        self.wake = asyncio.Event()
        self._proxies = []
        self._tasks: set = set()  # running tasks (spawn)
        # ?perf: performance.measure() around bot slices, moves and region
        # renders (bench/saboteur_site.py --perf matches them to long tasks)
        self.perf = query_param("perf") is not None
        self._gc_start = 0.0
        if self.perf:  # the cyclic collector's full passes, as measures too; bench/memory.py --pygc runs it
            gc.callbacks.append(self._gc_measure)
            # setattr: written as ``window.__name`` inside a class, Python would
            # mangle the name to ``_App__name``
            setattr(window, "__spieltischPyGC", create_proxy(gc.collect))
            setattr(window, "__spieltischPyGarbage", create_proxy(garbage_report))
            setattr(window, "__spieltischPyImage", create_proxy(image.report))
        # what each play region shows now, so an unchanged one is not replaced
        self._shown_html: dict[str, str] = {}
        self._log_token = None
        self._focused = None  # document.activeElement when apply() began
        self._kbd_select = False  # the event being applied chose a card by keyboard
        self._no_scroll = to_js({"preventScroll": True}, dict_converter=Object.fromEntries)

    # ---- timing (only with ?perf) -------------------------------------------------------
    def now(self) -> float:
        return float(js.performance.now()) if self.perf else 0.0

    def measure(self, name: str, start: float) -> float:
        """Record ``name`` from ``start`` to now; returns now."""
        if not self.perf:
            return 0.0
        end = float(js.performance.now())
        js.performance.measure(name, to_js({"start": start, "end": end}, dict_converter=Object.fromEntries))
        return end

    def _gc_measure(self, phase: str, info: dict) -> None:
        if info.get("generation", 0) < 1:
            return
        if phase == "start":
            self._gc_start = float(js.performance.now())
        else:
            self.measure(f"gc:{info['generation']}", self._gc_start)

    # ---- wiring -----------------------------------------------------------------------
    def spawn(self, coro) -> None:
        """Run ``coro`` as a task and keep a reference until it ends (the
        event loop keeps only weak ones: an unreferenced task may vanish)."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def listen(self, target, event: str, fn) -> None:
        proxy = create_proxy(fn)  # one proxy per listener, never per element
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def start(self) -> None:
        body = document.body
        self.listen(body, "click", self.on_click)
        self.listen(body, "keydown", self.on_key)
        self.listen(body, "change", self.on_change)
        self.listen(body, "input", self.on_input)
        self.listen(window, "hashchange", self.on_hash)
        self.listen(window, "storage", self.on_storage)  # another tab saved (docs/ui.md, tabs)
        self.listen(window, "beforeunload", self.on_unload)
        self.listen(self.motion, "change", self.on_motion)  # the reader changed the setting
        self.listen(document, "spieltisch:net", self.on_net)  # static/js/table.js (issue 30)
        self.snapshots = SnapshotKeeper(self)  # the resume snapshot (issue 15)
        self.review_port = ReviewPort(self)  # the review's worker (docs/review.md)
        self.ctl.review_overrides = review_overrides()
        document.documentElement.lang = self.ctl.lang
        # through handle(): a game whose part cannot come (offline) is said kindly, also at start
        self.apply(self.ctl.handle("route", str(window.location.hash or "")) | {"static", "status"})
        self.spawn(self.bot_loop())
        self.local.booting = False
        document.documentElement.dataset.ready = "1"
        js.performance.mark("spieltisch:interactive")  # for bench/ and tests

    # ---- events -------------------------------------------------------------------------
    def on_click(self, event) -> None:
        el = event.target.closest(HOOKS) if not nil(event.target) and hasattr(event.target, "closest") else None
        if nil(el):
            return
        if el.hasAttribute("disabled"):
            return
        self.dispatch(el, event)

    def dispatch(self, el, event) -> None:
        if el.hasAttribute("data-action"):
            kind, value = "action", el.getAttribute("data-action")
        elif el.hasAttribute("data-illegal"):
            kind, value = "illegal", el.getAttribute("data-illegal")
        else:
            kind, value = "ui", el.getAttribute("data-ui")
        event.preventDefault()
        # a card or die chosen by keyboard (a key, or a click without a pointer):
        # focus then goes on to where the choice continues ([data-next])
        self._kbd_select = (kind == "ui" and str(value).startswith("select:")
                            and (str(event.type) == "keydown" or int(getattr(event, "detail", 1) or 0) == 0))
        t0 = self.now()
        form = (self.collect_form() if value in ("start", "ice-save") or str(value).startswith("net-accept:")
                else None)
        t0 = self.measure("form", t0) if form is not None else t0
        if kind == "ui" and str(value).startswith("new:") and self.part_first(str(value)[4:], kind, str(value)):
            return
        regions = self.ctl.handle(kind, str(value), form)
        t1 = self.measure(f"handle:{kind}", t0)
        self.apply(regions)
        self.measure("apply", t1)

    def on_key(self, event) -> None:
        key = str(event.key)
        target = event.target
        if key == "Escape" and self.ctl.rules_open:
            self.apply(self.ctl.handle("ui", "rules-close"))
            return
        if key in ("Enter", " ") and not nil(target) and hasattr(target, "closest"):
            tag = str(target.tagName).lower()
            if tag in ("button", "a", "input", "select", "textarea"):
                return  # native activation already clicks
            el = target.closest(HOOKS)
            if not nil(el):
                self.dispatch(el, event)
            return
        if self.ctl.route == "replay" and not event.altKey and not event.ctrlKey and not event.metaKey:
            regions = self.ctl.replay_key(key)  # Left/Right, Home/End step a replay
            if regions is not None:
                event.preventDefault()
                self.apply(regions)
                return
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown") and not nil(target):
            if event.defaultPrevented:
                return  # a hand or a row of choices ([data-rove], static/js/boot.js) moved already
            if hasattr(target, "hasAttribute") and target.hasAttribute("data-gx"):
                event.preventDefault()  # the page does not scroll while moving in the mine
            self.arrow_move(target, key)

    def arrow_move(self, target, key) -> None:
        """Arrow keys move in the mine's grid and between board rows (a hand's
        cards and a row of choices: [data-rove], static/js/boot.js)."""
        if not hasattr(target, "closest"):
            return
        grid = target.closest("[role=grid]")
        if not nil(grid) and target.hasAttribute("data-gx"):  # a 2-D grid (Saboteur's mine): roving tabindex
            dx = {"ArrowLeft": -1, "ArrowRight": 1}.get(key, 0)
            dy = {"ArrowUp": -1, "ArrowDown": 1}.get(key, 0)
            x, y = int(target.getAttribute("data-gx")) + dx, int(target.getAttribute("data-gy")) + dy
            cell = grid.querySelector(f'[data-gx="{x}"][data-gy="{y}"]')
            if not nil(cell):
                target.setAttribute("tabindex", "-1")
                cell.setAttribute("tabindex", "0")
                cell.focus()
            return
        if not nil(target.closest("[data-board]")):
            items = [e for e in target.closest("[data-board]").querySelectorAll('[tabindex="0"]')]
        else:
            return
        if not items:
            return
        idx = next((i for i, e in enumerate(items) if e == target), -1)
        if idx < 0:
            return
        step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
        items[(idx + step) % len(items)].focus()

    def on_change(self, event) -> None:
        target = event.target
        if nil(target):
            return
        if target == self.file_input:
            files = target.files
            if not nil(files) and files.length:
                self.spawn(self.read_file(files.item(0)))
            return
        if not nil(target.closest("form.new-game")):
            self.apply(self.ctl.handle("form", str(target.name or ""), self.collect_form()))
        elif target.hasAttribute("data-speed"):
            self.apply(self.ctl.handle("ui", "speed:" + str(target.value)))
        elif target.hasAttribute("data-puzzle-question"):
            self.apply(self.ctl.handle("form", "puzzle-question", {"puzzle-question": str(target.value)}))

    def on_input(self, event) -> None:
        target = event.target
        if (not nil(target) and str(target.tagName).lower() == "input"
                and not nil(target.closest("form.new-game"))):
            self.ctl.handle("form", str(target.name or ""), {str(target.name): str(target.value)})

    def on_hash(self, _event) -> None:
        current = str(window.location.hash or "") or "#/"
        if current == self.ctl.hash:
            return
        self.ctl.reduced_motion = bool(self.motion.matches)  # as it is now (a replay may autoplay)
        bits = current.lstrip("#").strip("/").split("/")
        if bits[0] in ("new", "tryit", "rules") and len(bits) > 1 and self.part_first(bits[1], "route", current):
            return
        self.apply(self.ctl.handle("route", current))

    def part_first(self, game_id: str, kind: str, value: str) -> bool:
        """A game whose own part is not here yet (app/parts.py): fetch it
        without blocking the page, then handle the event; True when it does.
        Otherwise (here already, or no such game) the event goes on as it is."""
        if not game_parts.pending(game_id):
            return False

        async def fetch_then_handle():
            await game_parts.fetch_soon(game_id)  # a failure: the import tries once more, then game.missing
            self.apply(self.ctl.handle(kind, value))

        self.spawn(fetch_then_handle())
        return True

    def on_net(self, event) -> None:
        """A devices' channel event of static/js/table.js (ui/table_host.py, ui/table_device.py)."""
        try:
            data = json.loads(str(event.detail))
        except ValueError:
            return
        self.apply(self.ctl.handle("net", data))

    def on_motion(self, event) -> None:
        self.ctl.reduced_motion = bool(event.matches)

    def on_storage(self, event) -> None:
        key = event.key
        self.apply(self.ctl.handle("storage", None if nil(key) else str(key)))

    def on_unload(self, event) -> None:
        if self.ctl.unsaved:  # moves the full storage could not keep: the browser asks first
            event.preventDefault()
            event.returnValue = ""

    def collect_form(self) -> dict:
        form = {}
        for el in self.root.querySelectorAll("form [name]"):
            name = str(el.name)
            if str(el.type) == "checkbox":
                form[name] = bool(el.checked)
            else:
                form[name] = str(el.value)
        return form

    async def read_file(self, file) -> None:
        if file.size > 2_000_000:
            self.apply(self.ctl.handle("file", "x" * 2_000_001))
            return
        text = await file.text()
        self.apply(self.ctl.handle("file", str(text)))

    # ---- output -------------------------------------------------------------------------
    def _focus_key(self):
        el = self._focused = document.activeElement
        if nil(el) or el == document.body or not self.root.contains(el):
            return None
        for name in FOCUS_ATTRS:
            if el.hasAttribute(name):
                return name, str(el.getAttribute(name))
        return None

    def apply(self, regions) -> None:
        ctl = self.ctl
        regions = set(regions or ()) | ctl.take_dirty()  # a bot's move not yet on screen too
        focus = self._focus_key()
        screen_before = str(self.root.dataset.screen or "")
        if "screen" in regions:
            t0 = self.now()
            html = ctl.render("screen")
            t1 = self.measure("py:screen", t0)
            self.root.innerHTML = html
            self.measure("dom:screen", t1)
            self._shown_html.clear()
            self._log_token = ctl.log_token() if ctl.screen == "play" else None
        else:
            for name in self._focus_first(PLAY_SUBREGIONS):
                if name in regions:
                    el = self.root.querySelector(f'[data-region="{name}"]')
                    if nil(el):
                        continue
                    if name == "side":
                        self.render_side(el)
                    else:
                        self.put(name, el)
        self.root.dataset.screen = ctl.screen
        if "status" in regions:
            self.status.innerHTML = ctl.render("status")
        if "static" in regions:
            self.translate_static()
        t0 = self.now()
        self.set_busy(ctl.bot_pending())
        moved = False
        for effect in ctl.take_effects():
            moved = self.effect(effect) or moved
        if not moved and "screen" in regions and ctl.screen != screen_before:
            # a new screen: start reading (and tabbing) from its top, in a task of
            # its own (focus and scrolling lay the new screen out first); a game
            # that opens on the player's turn: her hand (issue 29, keyboard)
            turn = ctl.screen == "play" and ctl.match is not None and (ctl.curtain_up or ctl.player_to_act())
            asyncio.get_event_loop().call_soon(self.to_turn if turn else self.to_top)
            moved = True
        played = ctl.match is not None and len(ctl.match.log) != self._moves_seen
        self._moves_seen = len(ctl.match.log) if ctl.match is not None else -1
        kbd_select, self._kbd_select = self._kbd_select, False
        if not moved and played and ctl.screen == "play" and "screen" not in regions:
            # a move: focus where the next action starts (docs/ui.md, "Following the table")
            asyncio.get_event_loop().call_soon(self.focus_next, focus)
        elif not moved and kbd_select and ctl.screen == "play":
            asyncio.get_event_loop().call_soon(self.focus_step, focus)
        elif not moved and focus is not None and document.activeElement != self._focused:
            # the focused element was replaced: focus its successor in a task of
            # its own (focus() brings the new HTML's style up to date first)
            asyncio.get_event_loop().call_soon(self.refocus, focus)
        if "screen" in regions and (ctl.screen != screen_before or ctl.lang != self._live_lang) \
                and not nil(self.live):
            # another screen (or language): the last screen's lines go, so a reader's
            # virtual cursor does not meet an old game's moves (removals are not read)
            self.live.replaceChildren()
        self._live_lang = ctl.lang
        self.announce(ctl.take_announcements())
        if self.ctl.embed and not nil(self.open_link):
            self.open_link.href = self.ctl.outside_link()
        self.measure("apply:focus", t0)
        if getattr(self, "snapshots", None) is not None:
            self.snapshots.after_apply()
        self.wake.set()

    def focus_on(self, selector: str) -> None:
        el = document.querySelector(selector)
        if not nil(el):
            el.scrollIntoView(to_js({"block": "start"}, dict_converter=Object.fromEntries))
            el.focus()

    def _focus_first(self, names):
        """The regions in order, the one holding focus first: a focused element
        removed while the page's style is clean costs nothing, removed after
        other regions changed it makes the browser style them all at once."""
        el = self._focused
        if nil(el) or el == document.body or not hasattr(el, "closest"):
            return names
        holder = el.closest("[data-region]")
        while not nil(holder) and str(holder.getAttribute("data-region")) not in names:
            holder = holder.parentElement.closest("[data-region]") if not nil(holder.parentElement) else None
        if nil(holder):
            return names
        first = str(holder.getAttribute("data-region"))
        return (first, *(n for n in names if n != first))

    def to_top(self) -> None:
        self.root.focus(self._no_scroll)
        window.scrollTo(0, 0)

    def to_turn(self) -> None:
        window.scrollTo(0, 0)
        self.focus_next(None)
        if nil(document.activeElement) or document.activeElement == document.body:
            self.root.focus(self._no_scroll)

    def focus_step(self, focus) -> None:
        """After a choice by keyboard: the board's next step ([data-next]: the
        first legal target of the chosen card), else back where focus was."""
        el = self.root.querySelector("[data-next]")
        if not nil(el) and el != document.activeElement:
            el.focus(self._no_scroll)
        elif focus is not None:
            self.refocus(focus)

    def refocus(self, focus) -> None:
        active = document.activeElement
        if not nil(active) and active != document.body and self.root.contains(active):
            return  # something has focus again (the user, or a move of focus)
        name, value = focus
        el = self.root.querySelector(f'[{name}="{js.CSS.escape(value)}"]')
        if not nil(el):
            el.focus(self._no_scroll)  # where the old one was: no scrolling, no layout
        elif self.ctl.screen == "play":
            self.focus_next(None)

    # where the player's next action starts: the curtain's button, a legal
    # move in the hand or on the board, a hand card to choose, "Next move"
    NEXT_FOCUS = ('[data-ui="reveal"]', '[data-ui="ack"]', "[data-next]", '[data-region="hand"] [data-action]',
                  '[data-region="board"] [data-action]', '[data-region="hand"] [data-card]:not([disabled])',
                  '[data-region="side"] [data-action]', '[data-region="top"] [data-action]',
                  '[data-region="hand"] button:not([disabled])', "#next-move")

    def focus_next(self, focus) -> None:
        """After a move: the player's next action when it is her turn (or the
        curtain's button); while bots play, the turn line, unless the player
        has put focus somewhere that is still on the page."""
        ctl = self.ctl
        if ctl.match is None or ctl.screen != "play":
            return
        active = document.activeElement
        kept = not nil(active) and active != document.body and self.root.contains(active)
        if ctl.curtain_up or ctl.player_to_act() or ctl.pause_key() is not None:
            # a pause's button (a round's end) waits for whoever sits here, bot's turn or not
            for sel in self.NEXT_FOCUS:
                el = self.root.querySelector(sel)
                if not nil(el):
                    el.focus(self._no_scroll)
                    return
        if kept and not (focus is not None and str(active.getAttribute("id") or "") == "turn-line"):
            return
        nxt = self.root.querySelector("#next-move")
        el = nxt if not nil(nxt) else self.root.querySelector("#turn-line")
        if not nil(el):
            el.focus(self._no_scroll)

    def announce(self, texts) -> None:
        """Add lines to the live region; keep its last few (emptied only when the screen changes)."""
        if not texts or nil(self.live):
            return
        for text in texts:
            p = document.createElement("p")
            p.textContent = text
            self.live.appendChild(p)
        while self.live.children.length > LIVE_KEEP:
            self.live.firstElementChild.remove()

    def put(self, name: str, el) -> None:
        """Render a region; replace its HTML only if it changed."""
        t0 = self.now()
        html = self.ctl.render(name)
        t1 = self.measure(f"py:{name}", t0)
        old = self._shown_html.get(name)
        if old != html:
            plan = parts.patch_plan(old, html) if old is not None and "data-part=" in html else None
            # the same skeleton: only the parts that changed, in one call to
            # static/js/boot.js (render/parts.py); else, or when the page was
            # changed under us, all of it
            patch = getattr(window, "spieltischPatch", None)
            if plan is not None and not nil(patch) and patch(el, json.dumps(plan)):
                self.measure(f"dom:{name}-parts", t1)
            else:
                el.innerHTML = html
                self.measure(f"dom:{name}", t1)
            self._shown_html[name] = html

    def render_side(self, side) -> None:
        """The players panel: the seats if they changed, and the log's new lines."""
        seats = side.querySelector('[data-region="seats"]')
        log = side.querySelector('[data-region="log"]')
        if nil(seats) or nil(log):
            side.innerHTML = self.ctl.render("side")
            self._shown_html.pop("seats", None)
            self._log_token = self.ctl.log_token()
            return
        self.put("seats", seats)
        t0 = self.now()
        token, op, html = self.ctl.log_patch(self._log_token)
        t1 = self.measure("py:log", t0)
        if op == "prepend":
            ol = log.querySelector("ol.log")
            if nil(ol):
                op, html = "full", self.ctl.render("log")
            else:
                ol.insertAdjacentHTML("afterbegin", html)
                while ol.children.length > LOG_LIMIT:
                    ol.lastElementChild.remove()
        if op == "full":
            log.innerHTML = html
        self._log_token = token
        if op != "none":
            self.measure(f"dom:log-{op}", t1)

    def set_busy(self, busy: bool) -> None:
        if busy:
            self.root.setAttribute("data-busy", "")
        else:
            self.root.removeAttribute("data-busy")

    def effect(self, effect) -> bool:
        kind = effect[0]
        if kind == "hash":
            if str(window.location.hash or "#/") != effect[1]:
                window.location.hash = effect[1]
        elif kind == "download":
            self.download(effect[1], effect[2])
        elif kind == "pick-file":
            self.file_input.value = ""
            self.file_input.click()
        elif kind == "focus":
            if not nil(document.querySelector(effect[1])):
                # in a task of its own, as every move of focus: scrolling lays
                # the page out, which need not hold up the click's new DOM
                asyncio.get_event_loop().call_soon(self.focus_on, effect[1])
                return True
        elif kind == "lang":
            document.documentElement.lang = effect[1]
        elif kind.startswith("review-"):  # the review's worker (app/review_port.py)
            self.review_port.effect(effect)
        elif kind == "net":  # the devices' channels (static/js/table.js, issue 30)
            run = getattr(getattr(window, "spieltischTable", None), "run", None)
            if not nil(run):
                run(json.dumps(effect[1]))
        elif kind == "tick":  # ("tick", ms, ui command): a replay's next step
            self.spawn(self.tick(effect[1], effect[2]))
        elif kind == "sheet" and effect[1] not in self._sheets:
            # a diagram's styles: a constructed stylesheet, which the CSP's
            # style-src does not restrict (an inline <style> it would)
            sheet = js.CSSStyleSheet.new()
            sheet.replaceSync(effect[2])
            document.adoptedStyleSheets.push(sheet)
            self._sheets.add(effect[1])
        return False

    async def tick(self, ms: float, command: str) -> None:
        await asyncio.sleep(ms / 1000)
        self.apply(self.ctl.handle("ui", command))

    def translate_static(self) -> None:
        lang = self.ctl.lang
        document.documentElement.lang = lang
        for el in document.querySelectorAll("[data-i18n]"):
            if self.root.contains(el):
                continue  # the app's own renders are already translated
            args = {}
            raw = el.getAttribute("data-i18n-args")
            if not nil(raw) and raw:
                for part in str(raw).split(";"):
                    k, _, v = part.partition("=")
                    args[k] = v
            el.textContent = t(lang, str(el.getAttribute("data-i18n")), **args)
        for el in document.querySelectorAll("[data-i18n-title]"):
            el.setAttribute("title", t(lang, str(el.getAttribute("data-i18n-title"))))
        switch = document.querySelector("[data-lang-switch]")
        if not nil(switch):
            switch.innerHTML = self.ctl.render("static")
        document.title = t(lang, "site.title")

    def download(self, filename: str, text: str) -> None:
        blob = Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=Object.fromEntries))
        url = URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = filename
        a.hidden = True
        document.body.appendChild(a)
        a.click()
        a.remove()
        window.setTimeout(create_proxy(lambda: URL.revokeObjectURL(url)), 10000)

    # ---- bots ---------------------------------------------------------------------------
    async def bot_loop(self) -> None:
        ctl = self.ctl
        while True:
            if not ctl.bot_pending() or not ctl.bot_may_move():  # step mode waits for "Next move"
                self.set_busy(False)
                self.wake.clear()
                await self.wake.wait()
                continue
            self.set_busy(True)
            delay = self.bot_delay if self.bot_delay is not None else ctl.bot_delay_s
            if delay:
                await asyncio.sleep(delay)
            # Each slice of thought, the move and the re-render after it are
            # tasks of their own: none of them waits for another to finish.
            decided = None
            while decided is None and ctl.bot_pending():
                t0 = self.now()
                first = not ctl.bot_searching
                decided = ctl.bot_think(self.bot_slice, start_alone=True)
                self.measure("bot:start" if first else "bot:slice", t0)
                await asyncio.sleep(0)
            if decided is None:
                continue
            if self.perf:
                js.performance.mark("bot:iterations", to_js(
                    {"detail": int(ctl.last_bot_stats.get("iterations", 0))}, dict_converter=Object.fromEntries))
            t0 = self.now()
            changed = ctl.bot_play()  # the move, chance after it, the save
            if changed:
                ctl.bot_moved()
            self.measure("bot:play", t0)
            if changed:
                # the re-render after a bot's move: the board, then the rest,
                # each a task of its own (at 6 witches the two are ~equal)
                regions = ctl.take_dirty()
                parts = [regions] if "screen" in regions else [
                    regions & {"board"}, regions - {"board"}]
                for part in (p for p in parts if p):
                    await asyncio.sleep(0)
                    t0 = self.now()
                    self.apply(part)
                    self.measure("apply", t0)
            await asyncio.sleep(0)


_app: App | None = None


def _begin(_event=None) -> App:
    global _app
    if _app is None:
        # each game's own part comes from the build folder (static/js/runtime.mjs says where)
        base = getattr(window, "spieltischBuildURL", None)
        game_parts.install(str(base) if isinstance(base, str) else str(URL.new("static/build/", document.baseURI).href))
        _app = App(safe=document.documentElement.getAttribute("data-safe") == "1")
        _app.start()
    return _app


def start() -> App | None:
    """Start the app; if boot.js offers safe mode, once the player has chosen."""
    root = document.documentElement
    if root.hasAttribute("data-safe-offer") and not root.hasAttribute("data-safe"):
        document.addEventListener("spieltisch:safe", create_proxy(_begin),
                                  to_js({"once": True}, dict_converter=Object.fromEntries))
        return None
    return _begin()
