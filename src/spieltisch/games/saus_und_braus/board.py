"""Saus und Braus on screen: Winnie's kitchen seen from above, one SVG.

Holes, the thirteen paths with their ingredient fields, the ways off the
board at the corners, the sixteen books round the edge, Winnie with her broom.

Clicks (``data-action`` when legal, ``data-illegal`` where a refusal helps):
``spin`` and ``close`` are big buttons in the hand region; in a flight each
field of a path from Winnie's hole carries ``fly:<path>`` and each corner's
arrow ``fly:out<corner>``; off the board each corner hole carries
``enter:<corner>``; a book carries ``open:<n>`` (for salamander and snake the
first book is a selection ``data-ui="select:<slot>"``, the second carries
``open:<a>+<b>``); after a wrong book each field with room carries
``move:<field>``.

saus.memory: a closed book is drawn the same whatever it holds; the only
pictures of books come from ``view["open"]`` (the books open now). The view's
``record`` is never read here.

Motion: the last log line says what just happened. After a spin the broom
whirls (CSS ``sb-spin``) and stops on the outcome, then a ghost Winnie flies
the path (``sb-fly``: a unit translation scaled to the path's length by SVG
attributes, so no inline styles) and the real one appears at the hole. The
ghost lives on an overlay SVG of its own (``sb-fx``, its own compositing
layer), so the board is not repainted every frame;
``prefers-reduced-motion`` hides the ghost and shows the result at once.

Why this size (~490 lines): one SVG board whose parts (paths, fields,
books, Winnie, cauldrons) share the geometry computed once at the top.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from ...render.context import Ctx
from ...render.html import attrs, esc
from ...render.marks import last_class, last_seats
from ...render.parts import part
from .rules import AT_HOLE, CORNERS, FIELDS, KINDS, SLOTS, other_end

RULE_IDS = (
    "saus.pieces", "saus.board", "saus.setup", "saus.turn", "saus.spin", "saus.stop",
    "saus.choose", "saus.twice", "saus.reenter", "saus.no_path", "saus.book", "saus.two_books",
    "saus.right", "saus.wrong", "saus.stack_max", "saus.swap", "saus.close", "saus.win",
    "saus.dry", "saus.limit", "saus.memory", "saus.bots", "core.chance",
)

W, H = 1000, 820
HOLE_XY = {
    "A": (150, 130), "B": (500, 150), "C": (850, 130),
    "D": (260, 370), "Z": (500, 390), "E": (760, 380),
    "F": (290, 560), "G": (560, 660), "H": (850, 660), "I": (150, 700),
}
EDGE_XY = {"A": (55, 40), "C": (945, 40), "H": (945, 770), "I": (55, 780)}  # where the ways off lead
_TOP_X = (300, 420, 600, 720)
_SIDE_Y = (260, 370, 480, 590)
BOOK_XY = ([(x, 48) for x in _TOP_X] + [(955, y) for y in _SIDE_Y]
           + [(x, 778) for x in reversed(_TOP_X)] + [(45, y) for y in reversed(_SIDE_Y)])
assert len(BOOK_XY) == SLOTS
SPECIAL = ("salamander", "snake")
TAU = 360.0


def _mid(path: str) -> tuple[float, float]:
    if path.startswith("out"):
        (x0, y0), (x1, y1) = HOLE_XY[path[3]], EDGE_XY[path[3]]
        return (x0 + x1) / 2, (y0 + y1) / 2
    (x0, y0), (x1, y1) = HOLE_XY[path[0]], HOLE_XY[path[1]]
    return (x0 + x1) / 2, (y0 + y1) / 2


def _angle(x0: float, y0: float, x1: float, y1: float) -> float:
    return math.degrees(math.atan2(y1 - y0, x1 - x0))


# ---- names ---------------------------------------------------------------------------


def kind_name(kind: str, ctx: Ctx) -> str:
    return ctx.tr(f"saus_und_braus.kind.{kind}") if kind in KINDS else str(kind)


def param(name: str, value: Any, ctx: Ctx) -> str:
    if name == "seat":
        return ctx.name(value)
    if name == "kind":
        return kind_name(str(value), ctx)
    return str(value)


# ---- pictures (saus.pieces): one small drawing per ingredient -------------------------


@functools.lru_cache(maxsize=512)
def picture(kind: str, cx: float, cy: float, r: float) -> str:
    """An ingredient drawn in a circle of radius ``r`` (no words). Kept once
    made: a board draws the same tokens at the same places move after move."""
    f = lambda v: f"{v:.1f}"
    if kind == "toadstool":
        return (f'<rect class="p-stem" x="{f(cx - r * .22)}" y="{f(cy - r * .05)}" width="{f(r * .44)}" height="{f(r * .7)}" rx="{f(r * .12)}"/>'
                f'<path class="p-cap" d="M{f(cx - r * .8)},{f(cy + r * .05)} A{f(r * .8)},{f(r * .7)} 0 0 1 {f(cx + r * .8)},{f(cy + r * .05)} Z"/>'
                f'<circle class="p-dot" cx="{f(cx - r * .35)}" cy="{f(cy - r * .3)}" r="{f(r * .13)}"/>'
                f'<circle class="p-dot" cx="{f(cx + r * .2)}" cy="{f(cy - r * .42)}" r="{f(r * .11)}"/>'
                f'<circle class="p-dot" cx="{f(cx + r * .45)}" cy="{f(cy - r * .12)}" r="{f(r * .09)}"/>')
    if kind == "batwing":
        pts = [(-.85, -.2), (-.3, -.65), (0, -.35), (.3, -.65), (.85, -.2), (.6, .15), (.35, .05),
               (.2, .4), (0, .15), (-.2, .4), (-.35, .05), (-.6, .15)]
        d = " ".join(f"{f(cx + x * r)},{f(cy + y * r)}" for x, y in pts)
        return f'<polygon class="p-wing" points="{d}"/>'
    if kind == "frog":
        return (f'<ellipse class="p-frog" cx="{f(cx)}" cy="{f(cy + r * .15)}" rx="{f(r * .75)}" ry="{f(r * .55)}"/>'
                f'<circle class="p-frog" cx="{f(cx - r * .38)}" cy="{f(cy - r * .35)}" r="{f(r * .25)}"/>'
                f'<circle class="p-frog" cx="{f(cx + r * .38)}" cy="{f(cy - r * .35)}" r="{f(r * .25)}"/>'
                f'<circle class="p-pupil" cx="{f(cx - r * .38)}" cy="{f(cy - r * .37)}" r="{f(r * .1)}"/>'
                f'<circle class="p-pupil" cx="{f(cx + r * .38)}" cy="{f(cy - r * .37)}" r="{f(r * .1)}"/>'
                f'<path class="p-mouth" d="M{f(cx - r * .3)},{f(cy + r * .25)} Q{f(cx)},{f(cy + r * .45)} {f(cx + r * .3)},{f(cy + r * .25)}"/>')
    if kind == "spider":
        legs = []
        for side in (-1, 1):
            for k in range(4):
                a = math.radians(-40 + k * 27)
                x1, y1 = cx + side * r * .3, cy + (k - 1.5) * r * .12
                x2 = cx + side * r * .85 * math.cos(a) * 1.05
                y2 = cy + r * .85 * math.sin(a)
                legs.append(f'<path class="p-leg" d="M{f(x1)},{f(y1)} Q{f((x1 + x2) / 2)},{f(y1 - r * .35)} {f(x2)},{f(y2)}"/>')
        return ("".join(legs) + f'<ellipse class="p-spider" cx="{f(cx)}" cy="{f(cy + r * .05)}" rx="{f(r * .34)}" ry="{f(r * .4)}"/>'
                f'<circle class="p-spider" cx="{f(cx)}" cy="{f(cy - r * .38)}" r="{f(r * .2)}"/>')
    if kind == "eye":
        return (f'<path class="p-eyeball" d="M{f(cx - r * .85)},{f(cy)} Q{f(cx)},{f(cy - r * .8)} {f(cx + r * .85)},{f(cy)} '
                f'Q{f(cx)},{f(cy + r * .8)} {f(cx - r * .85)},{f(cy)} Z"/>'
                f'<circle class="p-iris" cx="{f(cx)}" cy="{f(cy)}" r="{f(r * .32)}"/>'
                f'<circle class="p-pupil" cx="{f(cx)}" cy="{f(cy)}" r="{f(r * .14)}"/>')
    if kind == "feather":
        return (f'<path class="p-feather" d="M{f(cx - r * .6)},{f(cy + r * .7)} C{f(cx - r * .6)},{f(cy - r * .1)} {f(cx + r * .1)},{f(cy - r * .8)} '
                f'{f(cx + r * .7)},{f(cy - r * .75)} C{f(cx + r * .6)},{f(cy)} {f(cx - r * .1)},{f(cy + r * .5)} {f(cx - r * .6)},{f(cy + r * .7)} Z"/>'
                f'<path class="p-quill" d="M{f(cx - r * .75)},{f(cy + r * .85)} L{f(cx + r * .55)},{f(cy - r * .6)}"/>')
    if kind == "salamander":
        return (f'<path class="p-sala" d="M{f(cx - r * .8)},{f(cy + r * .5)} C{f(cx - r * .3)},{f(cy + r * .8)} {f(cx - r * .2)},{f(cy - r * .1)} '
                f'{f(cx + r * .2)},{f(cy - r * .2)} S{f(cx + r * .6)},{f(cy - r * .5)} {f(cx + r * .65)},{f(cy - r * .55)}"/>'
                f'<circle class="p-sala-head" cx="{f(cx + r * .62)}" cy="{f(cy - r * .55)}" r="{f(r * .2)}"/>'
                f'<circle class="p-spot" cx="{f(cx - r * .25)}" cy="{f(cy + r * .3)}" r="{f(r * .09)}"/>'
                f'<circle class="p-spot" cx="{f(cx + r * .15)}" cy="{f(cy - r * .15)}" r="{f(r * .08)}"/>'
                f'<path class="p-sala-leg" d="M{f(cx - r * .3)},{f(cy + r * .45)} l{f(-r * .2)},{f(r * .3)} M{f(cx + r * .25)},{f(cy - r * .2)} l{f(r * .15)},{f(r * .3)}"/>')
    if kind == "snake":
        return (f'<path class="p-snake" d="M{f(cx - r * .8)},{f(cy + r * .4)} C{f(cx - r * .5)},{f(cy - r * .3)} {f(cx - r * .2)},{f(cy + r * .7)} '
                f'{f(cx + r * .1)},{f(cy + r * .1)} S{f(cx + r * .5)},{f(cy - r * .6)} {f(cx + r * .7)},{f(cy - r * .4)}"/>'
                f'<circle class="p-snake-head" cx="{f(cx + r * .68)}" cy="{f(cy - r * .42)}" r="{f(r * .2)}"/>'
                f'<circle class="p-pupil" cx="{f(cx + r * .74)}" cy="{f(cy - r * .48)}" r="{f(r * .06)}"/>')
    return ""


@functools.lru_cache(maxsize=512)
def token(kind: str, cx: float, cy: float, r: float, cls: str = "") -> str:
    rim = " sb-special" if kind in SPECIAL else ""
    return (f'<g class="sb-token k-{esc(kind)}{rim}{" " + cls if cls else ""}">'
            f'<circle class="sb-disc" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>{picture(kind, cx, cy, r * .78)}</g>')


def token_svg(kind: str, size: int = 40, cls: str = "sb-icon") -> str:
    """One ingredient as a small inline SVG (cauldrons, the pause)."""
    return (f'<svg class="{cls}" viewBox="0 0 40 40" width="{size}" height="{size}" aria-hidden="true" '
            f'focusable="false">{token(kind, 20, 20, 18)}</svg>')


# ---- the board -------------------------------------------------------------------------


def _my_turn(view: dict, ctx: Ctx) -> bool:
    return ctx.viewer is not None and not ctx.curtain and view["to_move"] == ctx.viewer


def _hook(a: dict[str, str], label: str) -> str:
    return attrs({"tabindex": "0", **a, "role": "button", "aria-label": label})


def _initials(ctx: Ctx, seats: list[int], x: float, y: float) -> str:
    """A last-move badge in the SVG: the seats' initials (seen; the element's
    label says it in words)."""
    if not seats:
        return ""
    text = " ".join((ctx.name(s).strip()[:1] or "?").upper() for s in seats)
    return f'<text class="last-initials" x="{x:.1f}" y="{y:.1f}" aria-hidden="true">{esc(text)}</text>'


def _last(ctx: Ctx) -> str:
    return ctx.log[-1][0].rsplit(".", 1)[-1] if ctx.log and ctx.log[-1][0].startswith("saus_und_braus.log.") else ""


def board(view: dict, ctx: Ctx) -> str:
    mine = _my_turn(view, ctx)
    phase = view["phase"]
    used = set(view["used"])
    out = [(f'<div class="sb-board" data-board data-phase="{esc(phase)}">'
           f'<svg class="sb-svg" viewBox="0 0 {W} {H}" role="group" aria-label="{ctx.h("saus_und_braus.ui.board")}">'
           f'<rect class="sb-floor" width="{W}" height="{H}" rx="28"/>'
           f'<rect class="sb-table" x="90" y="95" width="{W - 180}" height="{H - 190}" rx="60"/>')]
    # paths and ways off (their "used" marks change in a flight)
    lines = []
    for p in FIELDS:
        (x0, y0), (x1, y1) = HOLE_XY[p[0]], HOLE_XY[p[1]]
        cls = "sb-path" + (" is-used" if p in used else "")
        lines.append(f'<line class="{cls}" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}"/>')
    for c in CORNERS:
        (x0, y0), (x1, y1) = HOLE_XY[c], EDGE_XY[c]
        cls = "sb-exit" + (" is-used" if f"out{c}" in used else "")
        lines.append(f'<line class="{cls}" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}"/>')
    out.append(part("paths", "".join(lines)))
    # holes: the same all game
    for h, (x, y) in HOLE_XY.items():
        corner = " is-corner" if h in CORNERS else ""
        out.append(f'<circle class="sb-hole{corner}" cx="{x}" cy="{y}" r="26"><title>{ctx.h("saus_und_braus.ui.hole", hole=h)}</title></circle>')
    # what changes from move to move, each a part of its own (render/parts.py):
    # a move replaces only the parts it changed, never the kitchen
    out.extend(part(f"field-{f}", g) for f, g in zip(FIELDS, _fields(view, ctx, mine)))
    out.append(part("choices", _exits(view, ctx, mine) + _corners(view, ctx, mine)))
    closed, open_ = _books(view, ctx, mine)
    out.extend(part(f"book-{n}", g) for n, g in enumerate(closed, 1))
    out.append(part("open-books", open_))  # drawn last: an open book lies over its neighbours
    real, ghost = _winnie(view, ctx)
    out.append(part("winnie", real))
    out.append("</svg>")
    # the flight on a layer of its own: only it repaints while it moves
    out.append(f'<svg class="sb-fx" viewBox="0 0 {W} {H}" aria-hidden="true" focusable="false">'
               f'{part("ghost", ghost)}</svg>')
    out.append("</div>")
    return "".join(out)


def _fields(view: dict, ctx: Ctx, mine: bool) -> list[str]:
    """One ``<g>`` per field of FIELDS, in order."""
    phase = view["phase"]
    out = []
    for i, f in enumerate(FIELDS):
        x, y = _mid(f)
        stack = view["stacks"][i] if i < len(view["stacks"]) else []
        names = ", ".join(kind_name(k, ctx) for k in reversed(stack))
        # a stack shows its count: the name says it too (voice control, axe label-content-name-mismatch)
        label = (ctx.tr("saus_und_braus.ui.field_stack", field=f, count=len(stack), tokens=names) if len(stack) > 1
                 else ctx.tr("saus_und_braus.ui.field", field=f, tokens=names) if stack
                 else ctx.tr("saus_und_braus.ui.field_empty", field=f))
        cls = ["sb-field"]
        hook: dict[str, str] = {}
        if f == view["field"] and phase in ("guess", "move", "close"):
            cls.append("is-target")
        if mine and phase == "fly" and f in AT_HOLE[view["at"]]:
            hook = ctx.target(f"fly:{f}")
            label = ctx.tr("saus_und_braus.ui.fly") + ": " + label
        elif mine and phase == "move" and f != view["field"]:
            hook = ctx.target(f"move:{f}")
            label = ctx.tr("saus_und_braus.ui.move", kind=kind_name(view["top"], ctx)) + ": " + label
        if "data-action" in hook:
            cls.append("is-choice")
        elif hook:
            cls.append("is-blocked")
        marked = last_seats(ctx, lambda text, f=f: text in (f"fly:{f}", f"move:{f}"))
        body = [f'<circle class="sb-field-bg" cx="{x:.1f}" cy="{y:.1f}" r="44"/>']
        if marked:  # issue 14: each seat's last turn, outlined, with initials and in words
            cls.append(last_class(ctx, marked).strip())
            label += ", " + ctx.tr("follow.last", names=", ".join(ctx.name(s) for s in marked))
            body.append(_initials(ctx, marked, x + 30, y - 34))
        for k, kind in enumerate(stack):  # bottom first, the top drawn last and highest
            body.append(token(kind, x, y + 10 - 12 * k + (len(stack) - 1) * 6, 27,
                              "is-top" if k == len(stack) - 1 else "is-under"))
        if len(stack) > 1:
            body.append(f'<g class="sb-count"><circle cx="{x + 34:.1f}" cy="{y + 30:.1f}" r="12"/>'
                        f'<text x="{x + 34:.1f}" y="{y + 30:.1f}">{len(stack)}</text></g>')
        attr = _hook(hook, label) if hook else f' aria-label="{esc(label)}" role="img"'
        out.append(f'<g class="{" ".join(cls)}" data-field="{f}"{attr}>{"".join(body)}</g>')
    return out


def _exits(view: dict, ctx: Ctx, mine: bool) -> str:
    if not (mine and view["phase"] == "fly" and view["at"] in CORNERS):
        return ""
    c = view["at"]
    x, y = _mid(f"out{c}")
    hook = ctx.target(f"fly:out{c}")
    cls = "sb-exit-btn " + ("is-choice" if "data-action" in hook else "is-blocked")
    a = _angle(*HOLE_XY[c], *EDGE_XY[c])
    return (f'<g class="{cls}"{_hook(hook, ctx.tr("saus_und_braus.ui.fly_out"))}>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="38"/>'
            f'<path class="sb-arrow" transform="translate({x:.1f} {y:.1f}) rotate({a:.1f})" d="M-14,-10 L6,-10 L6,-18 L20,0 L6,18 L6,10 L-14,10 Z"/></g>')


def _corners(view: dict, ctx: Ctx, mine: bool) -> str:
    if not (mine and view["phase"] == "reenter"):
        return ""
    out = []
    for c in CORNERS:
        if c == view["at"]:
            continue
        x, y = HOLE_XY[c]
        hook = ctx.target(f"enter:{c}")
        cls = "sb-corner " + ("is-choice" if "data-action" in hook else "is-blocked")
        out.append(f'<g class="{cls}"{_hook(hook, ctx.tr("saus_und_braus.ui.enter"))}>'
                   f'<circle cx="{x}" cy="{y}" r="40"/></g>')
    return "".join(out)


def _books(view: dict, ctx: Ctx, mine: bool) -> tuple[list[str], str]:
    """saus.memory: closed books look alike; only ``view["open"]`` is drawn.
    (one entry per slot: the closed book or ""; the open books)"""
    opened = {int(k): v for k, v in view["open"].items()}
    guessing = mine and view["phase"] == "guess"
    first = None
    if guessing and view["need"] == 2 and ctx.selected and ctx.selected.isdigit():
        first = int(ctx.selected)
    closed, open_ = [""] * SLOTS, []
    for slot in range(min(SLOTS, view["books_dealt"])):
        x, y = BOOK_XY[slot]
        n = slot + 1
        if slot in opened:
            kind = opened[slot]
            label = ctx.tr("saus_und_braus.ui.book_open", slot=n, kind=kind_name(kind, ctx))
            right = " is-right" if view["right"] else " is-wrong"
            open_.append(f'<g class="sb-book is-open{right}" data-book="{n}" data-open="1" role="img" aria-label="{esc(label)}">'
                         f'<rect class="sb-page" x="{x - 62}" y="{y - 40}" width="62" height="80" rx="6"/>'
                         f'<rect class="sb-page" x="{x}" y="{y - 40}" width="62" height="80" rx="6"/>'
                         f'{token(kind, x, y, 30)}</g>')
            continue
        hook: dict[str, str] = {}
        label = ctx.tr("saus_und_braus.ui.book_closed", slot=n)
        cls = ["sb-book"]
        if guessing:
            if view["need"] == 1:
                hook = ctx.target(f"open:{n}")
                label = ctx.tr("saus_und_braus.ui.book_pick", slot=n)
            elif first is None:
                hook = {"data-ui": f"select:{slot}"}
                label = ctx.tr("saus_und_braus.ui.book_first", slot=n)
            elif slot == first:
                hook = {"data-ui": f"select:{slot}"}
                label = ctx.tr("saus_und_braus.ui.book_chosen", slot=n)
                cls.append("is-selected")
            else:
                a, b = sorted((first, slot))
                hook = ctx.target(f"open:{a + 1}+{b + 1}")
                label = ctx.tr("saus_und_braus.ui.book_pick", slot=n)
            if hook:
                cls.append("is-choice")
        # saus.memory (issue 26): a closed book carries no last-move mark. At
        # a real table nothing shows which book was opened once it is shut;
        # a mark here, beside the log's "right! The spider goes into the
        # cauldron", would tell every seat what the book holds.
        attr = _hook(hook, label) if hook else f' role="img" aria-label="{esc(label)}"'
        closed[slot] = (f'<g class="{" ".join(cls)}" data-book="{n}"{attr}>'
                      f'<rect class="sb-hit" x="{x - 39}" y="{y - 46}" width="78" height="92" rx="8"/>'
                      f'<rect class="sb-cover" x="{x - 30}" y="{y - 38}" width="60" height="76" rx="6"/>'
                      f'<rect class="sb-spine" x="{x - 30}" y="{y - 38}" width="10" height="76" rx="3"/>'
                      f'<path class="sb-moon" d="M{x + 8},{y - 16} a16,16 0 1 0 0,32 a12,12 0 1 1 0,-32 Z"/>'
                      f'<text class="sb-num" x="{x + 5}" y="{y + 30}">{n}</text></g>')
    return closed, "".join(open_)


def _figure(broom_deg: float) -> str:
    """Winnie from above: hat, cloak, and her broom pointing at ``broom_deg``."""
    return (f'<g transform="scale(1.6)"><g class="sb-broom" transform="rotate({broom_deg:.1f})">'
            f'<line class="sb-handle" x1="-14" y1="0" x2="46" y2="0"/>'
            f'<path class="sb-bristles" d="M-14,-9 L-34,-15 L-38,0 L-34,15 L-14,9 Z"/></g>'
            f'<circle class="sb-cloak" r="17"/>'
            f'<circle class="sb-hatbrim" r="13"/><circle class="sb-hat" r="7"/></g>')


def _winnie(view: dict, ctx: Ctx) -> tuple[str, str]:
    """Winnie at her hole, and (right after a spin or a flight) the ghost
    that spins and flies there, drawn on the overlay layer."""
    at = view["at"]
    phase = view["phase"]
    used = view["used"]
    last = _last(ctx)
    x, y = HOLE_XY[at]
    off = phase == "reenter"  # she is off the board, past the corner she left by
    broom = -90.0
    origin = None  # (x0, y0, spin?) of a flight to animate
    if used:
        p = used[-1]
        if p.startswith("out") and off:
            x, y = EDGE_XY[p[3]]
            x0, y0 = HOLE_XY[p[3]]
        elif p.startswith("out"):  # came in through a corner
            x0, y0 = EDGE_XY[p[3]]
        else:
            x0, y0 = HOLE_XY[other_end(p, at) or at]
        broom = _angle(x0, y0, x, y)
        fresh = last.startswith(("broom_", "fly_", "enter")) and not ctx.selected
        if fresh:
            origin = (x0, y0, last.startswith("broom_"))
    label = ctx.h("saus_und_braus.ui.winnie")
    real = (f'<g class="sb-winnie{" sb-arrive" if origin else ""}{" sb-after-spin" if origin and origin[2] else ""}" '
            f'transform="translate({x:.1f} {y:.1f})" role="img" aria-label="{label}">{_figure(broom)}</g>')
    if not origin:
        return real, ""
    x0, y0, spun = origin
    length = max(1.0, math.hypot(x - x0, y - y0))
    spin = (f'<g class="sb-spin">{_figure(0)}</g>' if spun else _figure(0))
    ghost = (f'<g class="sb-ghost{" sb-after-spin" if spun else ""}" aria-hidden="true" '
             f'transform="translate({x0:.1f} {y0:.1f}) rotate({broom:.1f})">'
             f'<g transform="scale({length:.1f} 1)"><g class="sb-fly">'
             f'<g transform="scale({1 / length:.6f} 1)">{spin}</g></g></g></g>')
    return real, ghost


# ---- the hand: the big buttons --------------------------------------------------------------


def hand(view: dict, ctx: Ctx) -> str:
    if ctx.viewer is None or ctx.curtain:
        return ""
    btns = []
    if "spin" in ctx.legal:
        btns.append(f'<button type="button" class="btn btn-primary sb-big" data-action="spin">'
                    f'{ctx.h("saus_und_braus.ui.spin")}</button>')
    if "close" in ctx.legal:
        btns.append(f'<button type="button" class="btn btn-primary sb-big" data-action="close">'
                    f'{ctx.h("saus_und_braus.ui.close")}</button>')
    me = ctx.viewer
    cauldron = cauldron_svg(view["cauldrons"][me], ctx, big=True)
    # parts (render/parts.py): the cauldron stays while the buttons come and go
    pot = part("cauldron", cauldron, "div", ' class="sb-pot"')
    buttons = part("buttons", "".join(btns), "div", ' class="sb-btns" data-rove')
    return f'<div class="sb-hand" data-hand>{pot}{buttons}</div>'


def cauldron_svg(kinds: list, ctx: Ctx, *, big: bool = False) -> str:
    """A cauldron with five holes filling up."""
    holes = []
    for k in range(5):
        cx, cy = 30 + k * 35, 42
        if k < len(kinds):
            holes.append(token(kinds[k], cx, cy, 15))
        else:
            holes.append(f'<circle class="sb-cauldron-hole" cx="{cx}" cy="{cy}" r="15"/>')
    label = ctx.h("saus_und_braus.ui.cauldron", count=len(kinds))
    return (f'<svg class="sb-cauldron{" is-big" if big else ""}" viewBox="0 0 200 80" role="img" aria-label="{label}">'
            f'<path class="sb-pot" d="M6,24 Q100,8 194,24 L182,66 Q100,84 18,66 Z"/>'
            f'<rect class="sb-rim" x="2" y="16" width="196" height="12" rx="6"/>{"".join(holes)}</svg>')


def prompt(view: dict, ctx: Ctx) -> str:
    if ctx.viewer is None or ctx.curtain:
        return ""
    phase = view["phase"]
    if phase == "over":
        return ""
    if view["to_move"] != ctx.viewer:
        turn = view["turn"]
        return ctx.tr("saus_und_braus.prompt.wait", name=ctx.name(turn)) if phase not in ("stacks", "books") else ""
    kind = kind_name(view["top"], ctx) if view["top"] else ""
    if phase == "spin":
        return ctx.tr("saus_und_braus.prompt.spin")
    if phase == "fly":
        return ctx.tr("saus_und_braus.prompt.fly")
    if phase == "reenter":
        return ctx.tr("saus_und_braus.prompt.reenter")
    if phase == "guess":
        if view["need"] == 2:
            if ctx.selected:
                return ctx.tr("saus_und_braus.prompt.guess_second", kind=kind)
            return ctx.tr("saus_und_braus.prompt.guess_two", kind=kind)
        return ctx.tr("saus_und_braus.prompt.guess_one", kind=kind)
    if phase == "move":
        return ctx.tr("saus_und_braus.prompt.move", kind=kind)
    if phase == "close":
        return ctx.tr("saus_und_braus.prompt.close_right" if view["right"] else "saus_und_braus.prompt.close_wrong")
    return ""


# ---- the open books as a moment to look at (saus.close) -------------------------------------------


def pause(view: dict) -> str | None:
    """Books lie open: the table looks before they close (a bot's books too)."""
    if view["phase"] != "close" or not view["opened"]:
        return None
    return f"books-{view['turns']}"


def interlude(view: dict, ctx: Ctx) -> str:
    right = view["right"]
    books = []
    for k, kind in sorted(view["open"].items(), key=lambda kv: int(kv[0])):
        n = int(k) + 1
        books.append(f'<figure class="sb-open-book"><svg viewBox="0 0 140 96" role="img" '
                     f'aria-label="{ctx.h("saus_und_braus.ui.book_open", slot=n, kind=kind_name(kind, ctx))}">'
                     f'<rect class="sb-page" x="4" y="4" width="66" height="88" rx="6"/>'
                     f'<rect class="sb-page" x="70" y="4" width="66" height="88" rx="6"/>{token(kind, 70, 48, 34)}</svg>'
                     f'<figcaption>{ctx.h("saus_und_braus.ui.book", slot=n)}</figcaption></figure>')
    head = ctx.h("saus_und_braus.ui.right" if right else "saus_und_braus.ui.wrong")
    want = view["top"] if not right else ""
    looking = ""
    if view["field"]:
        sought = want or (view["cauldrons"][view["turn"]] or [""])[-1]
        if sought:
            looking = (f'<p class="sb-looking">{token_svg(sought, 36)} '
                       f'{ctx.h("saus_und_braus.ui.looking_for", kind=kind_name(sought, ctx))}</p>')
    swap = (f'<p class="sb-swap">{ctx.h("saus_und_braus.ui.swap_note")}</p>'
            if len(view["opened"]) == 2 and not right else "")
    if "close" in ctx.legal:
        btn = (f'<button type="button" class="btn btn-primary btn-big sb-big" data-action="close">'
               f'{ctx.h("saus_und_braus.ui.close")}</button>')
    else:
        btn = (f'<button type="button" class="btn btn-primary btn-big sb-big" data-ui="ack">'
               f'{ctx.h("saus_und_braus.ui.seen")}</button>')
    return (f'<div class="sb-pause{" is-right" if right else " is-wrong"}" role="dialog" aria-labelledby="pause-h">'
            f'<h2 id="pause-h" tabindex="-1">{esc(ctx.name(view["turn"]))}: {head}</h2>{looking}'
            f'<div class="sb-open-books" aria-label="{ctx.h("saus_und_braus.ui.open_books")}">{"".join(books)}</div>'
            f'{swap}<div class="form-btns">{btn}</div></div>')


# ---- seats and the end ----------------------------------------------------------------------------


def seat_info(view: dict, seat: int, ctx: Ctx) -> str:
    kinds = view["cauldrons"][seat]
    return (f'<div class="sb-seat">{cauldron_svg(kinds, ctx)}'
            f'<span class="sr">{ctx.h("saus_und_braus.ui.cauldron_of", name=ctx.name(seat), count=len(kinds))}</span></div>')


def final(views: list[dict], outcome: Any, seat: int, ctx: Ctx) -> str:
    kinds = views[seat]["cauldrons"][seat]
    names = ", ".join(kind_name(k, ctx) for k in kinds) or "–"
    return (f'<div class="final-detail">{cauldron_svg(kinds, ctx)}'
            f'<span>{ctx.h("saus_und_braus.ui.final", count=len(kinds), kinds=names)}</span></div>')


