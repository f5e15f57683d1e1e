"""Replays in the site and the embed page (docs/blogging.md, *Replays*):
``#/replay/<code>`` steps through a game from its start to the moment of a
position link (the same ``2.…`` code as ``#/position/<code>``), from the
link's seat's view; ``#/replay/<code>/auto`` starts playing by itself.

* **One seat's view.** Each step is the position diagram of that seat
  (``diagram.embed.replay_frame``: the game's drawing gets ``game.view`` of
  that seat only) with the public log line of the move(s) that led there
  (``embed.replay_steps``, shared with ``python -m spieltisch embed
  --replay``, so a step is the same bytes from both). Only the step on
  screen is in the DOM; another seat's hand or role never is.
* **Controls**: First, Back, Forward, Last, Play/Pause (``replay:first`` …
  commands), and the arrow keys (the browser adapter maps Left/Right,
  Home/End to them). Buttons at an end are ``aria-disabled`` rather than
  ``disabled``, so the focus stays on them.
* **Autoplay**: one step per ``INTERVAL_MS`` through a ``("tick", ms,
  command)`` effect; a tick of an older generation (paused, stepped, left)
  is ignored, and playing stops at the last step. **Reduced motion**
  (``prefers-reduced-motion: reduce``, set by the browser adapter as
  ``reduced_motion``): ``/auto`` does not start by itself; Play still
  works (a step replaces the picture at once; nothing is animated).
* **Styles**: under the site's CSP (no inline ``<style>``) the diagram's
  own ``<style>`` is taken out of the inline SVG and handed to the browser
  adapter as a ``("sheet", key, css)`` effect, scoped to ``.replay-frame``.

``ReplayMixin`` is one part of ``Controller`` (controller.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.match import Match
from ..diagram import embed, has_drawing
from ..i18n import t
from ..render.html import button, esc
from . import position, screens
from .saves import SAVE_PREFIX

AUTO = "auto"
INTERVAL_MS = 1600
SCOPE = ".replay-frame"
# the frame's layout, with the diagram's styles (the site's stylesheets are not ours to grow)
LAYOUT = (f"{SCOPE}{{max-width:700px;margin:.5rem 0}}{SCOPE} svg{{display:block;width:100%;height:auto}}"
          ".replay-controls{display:flex;flex-wrap:wrap;gap:.4rem}"
          ".replay-controls [aria-disabled=true]{opacity:.45;cursor:default}")


@dataclass
class Replay:
    code: str
    match: Match
    seat: int
    lang: str
    steps: list = field(default_factory=list)  # [(state, moves made, log line)]
    at: int = 0
    playing: bool = False
    gen: int = 0  # the autoplay's generation: a tick of an older one is ignored

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def follow_lang(self, lang: str) -> None:
        if lang != self.lang or not self.steps:
            self.lang = lang
            self.steps = embed.replay_steps(self.match, self.seat, lang=lang, steps=None)
            self.at = min(self.at, self.last)

    def frame(self) -> str:
        state, moves, _line = self.steps[self.at]
        return embed.replay_frame(self.match, self.seat, state, moves, lang=self.lang)


def open_replay(rest: str, games, lang: str) -> tuple[Replay, bool]:
    """``<code>`` or ``<code>/auto`` -> ``(replay, autoplay asked)``; raises
    ``position.PositionError`` for a link that cannot be opened."""
    code, _, tail = (rest or "").partition("/")
    if tail not in ("", AUTO):
        raise position.PositionError("format", "unknown replay option")
    match, me = position.decode(code, games)
    if not has_drawing(match.game.info.id):
        raise position.PositionError("unknown-game")
    replay = Replay(code, match, me, lang)
    replay.follow_lang(lang)
    return replay, tail == AUTO


def split_style(svg: str) -> tuple[str, str]:
    """``(svg without its <style> element, the css)``."""
    start = svg.index("<style>")
    end = svg.index("</style>", start)
    return svg[:start] + svg[end + len("</style>"):], svg[start + len("<style>"):end]


def scoped(css: str, scope: str = SCOPE) -> str:
    """Every rule of a diagram's flat stylesheet (``sel,sel{…}``, no
    at-rules) limited to ``scope``, so it styles no other SVG of the page."""
    out = []
    for rule in css.split("}"):
        if "{" not in rule:
            continue
        sels, _, body = rule.partition("{")
        out.append(",".join(f"{scope} {s.strip()}" for s in sels.split(",")) + "{" + body + "}")
    return "".join(out)


def screen(replay: Replay, lang: str) -> tuple[str, str]:
    """``(the replay screen's HTML, the scoped css of its diagram)``."""
    svg, css = split_style(replay.frame())
    name = replay.match.seats[replay.seat].name
    game = t(lang, f"game.{replay.match.game.info.id}.title")
    at, last = replay.at, replay.last
    line = replay.steps[at][2]

    def ctl(cmd: str, key: str, off: bool, extra: str = "") -> str:
        return button(esc(t(lang, key)), ui=f"replay:{cmd}", cls=f"btn replay-{cmd}{extra}",
                      aria_disabled="true" if off else None)

    toggle = button(esc(t(lang, "blog.pause" if replay.playing else "blog.play_replay")), ui="replay:toggle",
                    cls="btn replay-toggle", aria_pressed="true" if replay.playing else "false")
    step = t(lang, "blog.step", n=at, total=last)
    return (
        f'<section class="replay" data-replay data-step="{at}" data-steps="{last}"'
        f'{" data-running" if replay.playing else ""} aria-labelledby="replay-h">'
        f'<h2 id="replay-h">{esc(t(lang, "replay.heading", game=game))}</h2>'
        f'<p class="muted">{esc(t(lang, "replay.seen_by", name=name))}</p>'
        f'<div class="replay-frame" data-replay-frame>{svg}</div>'
        f'<div class="replay-controls" role="group" aria-label="{esc(t(lang, "replay.controls"))}">'
        + ctl("first", "blog.first", at == 0) + ctl("back", "blog.back", at == 0)
        + ctl("forward", "blog.forward", at == last) + ctl("last", "blog.last", at == last)
        + toggle
        + "</div>"
        f'<p class="replay-line" data-replay-line aria-live="polite">'
        f'<span data-replay-step>{esc(step)}</span>: {esc(line)}</p>'
        f'<p class="muted">{esc(t(lang, "replay.keys"))}</p>'
        f'<p><a class="btn" href="#/position/{esc(replay.code)}">{esc(t(lang, "replay.play_on"))}</a> '
        + (button(esc(t(lang, "review.open")), ui="replay:review", cls="btn replay-review") + " "
           if replay.match.is_over else "")
        + f'<a class="btn" href="#/" data-ui="hub">{esc(t(lang, "play.hub"))}</a></p>'
        "</section>"
    ), LAYOUT + scoped(css)


# the keys the browser adapter maps to replay commands
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}


class ReplayMixin:
    """The replay route, its commands and its autoplay ticks."""

    def _init_replay(self) -> None:
        self.replay: Replay | None = None
        self.reduced_motion = False  # set by the browser adapter from prefers-reduced-motion
        self._sheets_sent: set[str] = set()  # the diagram styles handed to the browser once

    def _go_replay(self, rest: str) -> set[str]:
        self._leave_game()
        self._stop_replay()
        self.route, self.route_arg = "replay", rest
        self.set_status("")
        try:
            self.replay, auto = open_replay(rest, self.games, self.lang)
        except position.PositionError as err:
            self.replay = None
            self._position_error = err.code
            return {"screen", "status"}
        self._follow_game_lang(self.replay.match.game.info.id)
        self.replay.follow_lang(self.lang)
        if auto and not self.reduced_motion:
            self._start_replay()
        self._effects.append(("hash", self.hash))
        return {"screen", "status"}

    def _render_replay(self) -> str:
        rp = self.replay
        if rp is None:
            return f'<div data-replay-error>{self._replay_error_html()}</div>'
        rp.follow_lang(self.lang)
        html, css = screen(rp, self.lang)
        key = f"diagram:{rp.match.game.info.id}"
        if key not in self._sheets_sent:
            self._sheets_sent.add(key)
            self._effects.append(("sheet", key, css))
        return html

    def _replay_error_html(self) -> str:
        return screens.message_screen(self.lang, "replay.bad",
                                      reason=self.tr(f"position.error.{self._position_error or 'format'}"))

    def _stop_replay(self) -> None:
        rp = getattr(self, "replay", None)
        if rp is not None:
            rp.playing = False
            rp.gen += 1

    def _start_replay(self) -> None:
        rp = self.replay
        if rp.at >= rp.last:
            rp.at = 0
        rp.playing = True
        rp.gen += 1
        self._effects.append(("tick", INTERVAL_MS, f"replay:tick:{rp.gen}"))

    def _replay_ui(self, name: str, arg: str) -> set[str] | None:
        """The replay commands (``replay:first`` …); None for any other."""
        if name != "replay":
            return None
        rp = self.replay
        if rp is None or self.route != "replay":
            return set()
        cmd, _, gen = arg.partition(":")
        if cmd == "tick":
            if not rp.playing or gen != str(rp.gen):
                return set()  # paused, stepped or left since
            rp.at = min(rp.at + 1, rp.last)
            if rp.at >= rp.last:
                self._stop_replay()
            else:
                self._effects.append(("tick", INTERVAL_MS, f"replay:tick:{rp.gen}"))
            return {"screen"}
        if cmd == "review":  # a finished game: kept as a saved game, then reviewed from the link's seat
            return self._review_replay()
        if cmd == "toggle":
            if rp.playing:
                self._stop_replay()
            else:
                self._start_replay()
            return {"screen"}
        target = {"first": 0, "back": rp.at - 1, "forward": rp.at + 1, "last": rp.last}.get(cmd)
        if target is None:
            return set()
        self._stop_replay()
        rp.at = max(0, min(rp.last, target))
        return {"screen"}

    def _review_replay(self) -> set[str]:
        """Review the replayed game: it needs a slot (the review is kept beside its
        save), so the finished game is stored as a new saved game first; nothing
        already stored is overwritten."""
        rp = self.replay
        if not rp.match.is_over:
            return set()
        self._stop_replay()
        slot = self._new_slot()
        try:
            self.storage.set(SAVE_PREFIX + slot, rp.match.to_save_text(self._meta()))
        except Exception:  # storage full or refused: say so, stay on the replay
            self.set_status(self.tr("play.saving_failed"), kind="error")
            return {"status"}
        return self._go_review(slot, str(rp.seat))

    def replay_key(self, key: str) -> set[str] | None:
        """An arrow key (or Home/End) on the replay screen; None elsewhere."""
        if self.route != "replay" or self.replay is None or key not in KEYS:
            return None
        return self._replay_ui("replay", KEYS[key])
