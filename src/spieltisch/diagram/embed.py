"""Snippets for blogs (docs/blogging.md): click-to-play, puzzles and replays.

Every snippet is plain HTML that works without JavaScript (a link to the
position, a list of moves) and is upgraded by one small shared script,
``static/js/spieltisch-embed.js``:

* **click-to-play**: ``<figure data-spieltisch-play="EMBED-URL">`` holding a
  link to the position around the diagram (an ``<img>`` with a ``data:`` URI,
  so the diagram's own ``<style>`` is not subject to the blog's CSP). The
  script adds a "Play from here" button; only a click replaces the figure's
  picture with the embed iframe. Nothing of Pyodide/PyScript loads before.
* **puzzle**: the same, with the accepted answers in the link
  (``#/position/<code>/puzzle/<payload>``, :func:`puzzle_payload`).
* **replay**: ``<figure data-spieltisch-replay>`` with one frame per step
  (``<li data-frame="data:…">`` + the log line); the script adds
  first/back/forward/last and play/pause (autoplay only with
  ``data-autoplay`` and never under ``prefers-reduced-motion``). No Python
  runs at all: the frames are drawn when the snippet is made.

The position format is the one of ``ui/position.py`` (seed + log); a puzzle
only appends a route part after the code, so every position link opener
(the site, issue 16's "try it" scenarios) reads the same code.
"""

from __future__ import annotations

import base64
import json

from ..core.game import CHANCE
from ..core.match import Match
from ..games import part
from ..i18n import t
from ..render.context import Ctx
from ..render.html import esc
from . import moves_made, render_state

SCRIPT = "static/js/spieltisch-embed.js"
FRAME_HEIGHT = 640
MAX_ANSWERS = 20
MAX_PAYLOAD = 4000


class PuzzleError(ValueError):
    pass


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _size(svg: str) -> tuple[int, int]:
    head = svg[: svg.index(">")]
    w = float(head.split(' width="', 1)[1].split('"', 1)[0])
    h = float(head.split(' height="', 1)[1].split('"', 1)[0])
    return round(w), round(h)


def alt_text(svg: str) -> str:
    """The diagram's own title (what a screen reader says about it)."""
    start = svg.index("<title>") + len("<title>")
    return svg[start: svg.index("</title>")]  # already escaped


# ---- puzzles ---------------------------------------------------------------------------------------


def puzzle_payload(answers, question: str = "") -> str:
    """Accepted answers (+ the question) as a route part: base64url JSON."""
    answers = sorted({str(a) for a in answers})
    if not answers or len(answers) > MAX_ANSWERS:
        raise PuzzleError(f"a puzzle needs 1 to {MAX_ANSWERS} accepted answers")
    raw = json.dumps({"a": answers, "q": question.strip()[:300]}, ensure_ascii=False, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii").rstrip("=")


def read_puzzle(payload: str) -> tuple[list[str], str]:
    """``(answers, question)`` from :func:`puzzle_payload`; raises PuzzleError."""
    if not isinstance(payload, str) or not payload or len(payload) > MAX_PAYLOAD:
        raise PuzzleError("the puzzle part of the link is missing or too long")
    try:
        data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise PuzzleError(f"the puzzle part of the link is unreadable ({err.__class__.__name__})") from None
    answers = data.get("a") if isinstance(data, dict) else None
    question = data.get("q", "") if isinstance(data, dict) else ""
    if (not isinstance(answers, list) or not answers or len(answers) > MAX_ANSWERS
            or not all(isinstance(a, str) and 0 < len(a) <= 80 for a in answers) or not isinstance(question, str)):
        raise PuzzleError("the puzzle part of the link is damaged")
    return answers, question


def split_route(rest: str) -> tuple[str, str | None]:
    """``<code>`` or ``<code>/puzzle/<payload>`` -> ``(code, payload or None)``."""
    code, _, tail = rest.partition("/")
    if tail.startswith("puzzle/"):
        return code, tail[len("puzzle/"):]
    return code, None


# ---- click-to-play and puzzles ----------------------------------------------------------------------


def play_snippet(site_url: str, route: str, svg: str, *, lang: str, caption: str = "",
                 script: bool = True, kind: str = "position") -> str:
    """A click-to-play figure for ``#/position/<route>`` (route = code, or
    code + ``/puzzle/…``); with ``kind="replay"`` for ``#/replay/<code>``:
    the diagram with "Watch the replay", the replay screen after a click."""
    if kind not in ("position", "replay"):
        raise ValueError(f"unknown kind {kind!r}")
    w, h = _size(svg)
    shown_w = 700
    shown_h = round(h * shown_w / w)
    cap = f"<figcaption>{esc(caption)}</figcaption>" if caption.strip() else ""
    label, title = ("blog.play", "blog.frame_title") if kind == "position" else ("blog.watch", "blog.replay_title")
    return (
        f'<figure class="spieltisch-figure" data-spieltisch-play="{esc(site_url)}embed.html#/{kind}/{esc(route)}" '
        f'data-label="{esc(t(lang, label))}" data-frame-title="{esc(t(lang, title))}">'
        f'<a href="{esc(site_url)}#/{kind}/{esc(route)}">'
        f'<img src="{data_uri(svg)}" width="{shown_w}" height="{shown_h}" alt="{alt_text(svg)}"></a>'
        f"{cap}</figure>"
        + (_script(site_url) if script else "")
    )


def _script(site_url: str) -> str:
    return f'\n<script src="{esc(site_url)}{SCRIPT}" defer></script>'


# ---- replays -----------------------------------------------------------------------------------------


def log_text(game, state, player: int, text: str, ctx: Ctx) -> str | None:
    act = game.parse_action(text)
    try:
        line = game.describe(state, player, act, None)  # the public line, as the site's log
    except Exception:
        line = None
    if line is None:
        return None
    key, params = line
    board = part(game.info.id, "board")
    return ctx.tr(key, **{k: board.param(k, v, ctx) for k, v in params.items()})


def replay_steps(match: Match, seat: int, *, lang: str = "en", steps: int | None = None):
    """``[(state, moves made, log line)]``: the position ``steps`` seat moves
    before now (``None``: the game's start, after the first deal), then one
    step after each seat move with the chance that followed it. The line is
    the public log line (never a card only one seat may see); step 0's line
    says where the replay starts. Shared by the snippet (:func:`replay_frames`)
    and the site's replay screen (``ui/replay.py``), so both draw the same."""
    game = match.game
    log = list(match.log)
    seat_moves = [i for i, (p, _) in enumerate(log) if p != CHANCE]
    whole = steps is None
    steps = len(seat_moves) if whole else max(1, min(steps, len(seat_moves)))
    first = seat_moves[-steps] if seat_moves and steps else len(log)
    ctx = Ctx(lang=lang, game_id=game.info.id, names=tuple(s.name for s in match.seats), viewer=seat)
    state = game.new_state(len(match.seats), match.options)
    for _p, text in log[:first]:
        state = game.apply_unchecked(state, game.parse_action(text))
    out = [(state, moves_made(log[:first]), t(lang, "replay.start" if whole else "blog.replay_start"))]
    i = first
    while i < len(log):
        lines = []
        end = i + 1
        while end < len(log) and log[end][0] == CHANCE:
            end += 1
        for p, text in log[i:end]:
            line = log_text(game, state, p, text, ctx)
            if line:
                lines.append(line)
            state = game.apply_unchecked(state, game.parse_action(text))
        out.append((state, moves_made(log[:end]), " ".join(lines)))
        i = end
    return out


def replay_frame(match: Match, seat: int, state, moves: int, *, lang: str = "en") -> str:
    """One step's diagram: ``state`` from ``seat``'s view (its view only)."""
    return render_state(match.game, state, seat, names=[s.name for s in match.seats], moves=moves, lang=lang)


def replay_frames(match: Match, seat: int, *, lang: str = "en", steps: int | None = 12) -> list[tuple[str, str]]:
    """``[(svg, log line)]`` for :func:`replay_steps`."""
    return [(replay_frame(match, seat, state, moves, lang=lang), line)
            for state, moves, line in replay_steps(match, seat, lang=lang, steps=steps)]


def replay_snippet(match: Match, seat: int, site_url: str, *, lang: str = "en", steps: int = 12,
                   caption: str = "", autoplay: bool = False, script: bool = True) -> str:
    frames = replay_frames(match, seat, lang=lang, steps=steps)
    w, h = _size(frames[-1][0])
    items = "".join(f'<li data-frame="{data_uri(svg)}">{esc(line)}</li>' for svg, line in frames)
    last_svg = frames[-1][0]
    cap = f"<figcaption>{esc(caption)}</figcaption>" if caption.strip() else ""
    labels = {k: t(lang, f"blog.{k}") for k in ("first", "back", "forward", "last", "play_replay", "pause", "step")}
    data = "".join(f' data-l-{k.replace("_", "-")}="{esc(v)}"' for k, v in labels.items())
    return (
        f'<figure class="spieltisch-replay" data-spieltisch-replay{" data-autoplay" if autoplay else ""}{data}>'
        f'<img src="{data_uri(last_svg)}" width="700" height="{round(h * 700 / w)}" alt="{alt_text(last_svg)}">'
        f'<ol class="spieltisch-steps">{items}</ol>{cap}</figure>'
        + (_script(site_url) if script else "")
    )
