"""Saboteur on screen: the mine as one SVG grid that grows with the maze
(pan and zoom by static/js/panzoom.js), the hand as buttons, seats as targets.

Everything is drawn from the seat's view. Clicks:

* a hand card carries ``data-ui="select:<card>"``; the selection may carry a
  board mode: ``<card>:r`` (the tunnel card turned 180°) or ``<card>:dwarf``
  (discard it to place a dwarf). Clicking the selected card again clears it.
* with a tunnel card selected, every free space next to the mine is a target
  ``path:<card>:x,y[:r]`` (``data-action`` when legal, else ``data-illegal``);
  in dwarf mode ``dwarf:<card>:x,y``;
* a map targets the three goals, a rockfall every card of the mine (the start
  and the goals are illegal targets with a reason), a broken tool or a repair
  the seats in the players panel (``seat_info``);
* decisions (help with a dwarf, a stone's way, which gold card to keep) and
  "discard" are buttons in the hand area.

The round's end is a pause (``pause``/``interlude``): the roles and the gold
handed out, step by step, until a human says "next round".

Why one module of ~800 lines: it is the one renderer API of
``spieltisch.ui.boards`` (board, hand, prompt, seat_info, pause, final),
in sections (words -- places and cards in words for the mine's ARIA grid --, selection, SVG pieces, icons, the mine, the hand, seats,
the round's end) that each serve only the board; a split would trade one
file for several that import each other's private helpers.
"""

from __future__ import annotations

import contextlib
from typing import Any

from ...games.saboteur.art import Sheet, card_key, goal_key, role_picture, tunnel_key
from ...games.saboteur.cards import (
    BROKEN,
    DEAD_END,
    GOAL_CELLS,
    REPAIRS,
    SYMMETRIC,
    TUNNELS,
    card_mask,
    card_tools,
    goal_mask,
)
from ...render.context import Ctx
from ...render.focus import mark_next
from ...render.html import attrs, esc
from ...render.marks import last_class

# A selected card makes seats in the players panel targets (tools, repairs):
# the controller re-renders that panel on a selection.
SEAT_TARGETS = True
# the variant is a choice of translated names on the new-game form (not a text box)
OPTION_CHOICES = {"variant": ("classic", "new_mine", "old_mine", "competitive")}

RULE_IDS = (
    "sab.players", "sab.cards", "sab.roles", "sab.deal", "sab.layout", "sab.turn",
    "sab.path", "sab.edges", "sab.turn180", "sab.connect", "sab.deadend", "sab.tools",
    "sab.repair", "sab.map", "sab.rockfall", "sab.goal", "sab.gold", "sab.empty",
    "sab.share", "sab.saboteurs", "sab.rounds", "sab.win", "sab.hidden",
    "sab.variant.new_mine", "sab.variant.old_mine", "sab.variant.competitive",
    "sab.dwarf.coins", "sab.dwarf.place", "sab.dwarf.block", "sab.dwarf.pay",
    "sab.dwarf.change", "sab.dwarf.help", "sab.dwarf.round", "core.chance",
)

CW, CH = 60, 84  # one space of the mine in SVG units (cards are upright)
N, E, S, W = 1, 2, 4, 8
TOOL_ORDER = ("P", "L", "C")
SEAT_NAMES = frozenset({"seat", "target", "owner", "payer"})


# ---- words ----------------------------------------------------------------------------


def card_name(card: Any, ctx: Ctx) -> str:
    key = f"saboteur.card.{card}"
    text = ctx.tr(key)
    return str(card) if text == key else text


def tool_name(tool: Any, ctx: Ctx) -> str:
    key = f"saboteur.tool.{tool}"
    text = ctx.tr(key)
    return str(tool) if text == key else text


def role_name(role: Any, ctx: Ctx) -> str:
    key = f"saboteur.role.{role}"
    text = ctx.tr(key)
    return str(role) if text == key else text


def param(name: str, value: Any, ctx: Ctx) -> str:
    """Plain text for a log / illegal-reason parameter."""
    if name in SEAT_NAMES:
        return ctx.name(value)
    if name == "card":
        return card_name(value, ctx)
    if name == "tool":
        return ", ".join(tool_name(t, ctx) for t in str(value)) if value else ""
    if name == "role":
        return role_name(value, ctx)
    if name == "turned":
        return ctx.tr("saboteur.ui.turned") if value in (True, "True", 1, "1") else ""
    if name == "at":  # "x,y" of a space
        x, _, y = str(value).partition(",")
        with contextlib.suppress(ValueError):
            return place_words(int(x), int(y), ctx)
    return str(value)


def place_words(x: int, y: int, ctx: Ctx) -> str:
    """A space as a log line says it, from the start card: "3 spaces right of
    the start, 2 rows up" (y grows downwards; issue 14: no coordinates). The
    grid's cell names use the shorter ``_place_name`` (keys ``saboteur.where.*``)."""
    def say(key: str, n: int, **more: str) -> str:
        return ctx.tr(f"saboteur.at.{key}_1" if n == 1 else f"saboteur.at.{key}", n=n, **more)
    if x == 0:
        if y == 0:
            return ctx.tr("saboteur.at.start")
        return say("above" if y < 0 else "below", abs(y))
    side = say("right" if x > 0 else "left", abs(x))
    if y == 0:
        return side
    return say("up" if y < 0 else "down", abs(y), side=side)


def _place_name(x: int, y: int, ctx: Ctx) -> str:
    """A space in words people use, from the start: "3 right of the start,
    one row up"; the goals by number. No coordinates."""
    if (x, y) == (0, 0):
        return ctx.tr("saboteur.where.start")
    if (x, y) in GOAL_CELLS:
        return ctx.tr("saboteur.where.goal", goal=GOAL_CELLS.index((x, y)) + 1)
    if x == 0:
        key = "above" if y < 0 else "below"
        return ctx.tr(f"saboteur.where.{key}{'_1' if abs(y) == 1 else ''}", n=abs(y))
    side = "right" if x > 0 else "left"
    text = ctx.tr(f"saboteur.where.{side}{'_1' if abs(x) == 1 else ''}", n=abs(x))
    if y:
        updown = "up" if y < 0 else "down"
        text += ", " + ctx.tr(f"saboteur.where.{updown}{'_1' if abs(y) == 1 else ''}", n=abs(y))
    return text


def card_words(code: str, rot: int, ctx: Ctx) -> str:
    """A tunnel card in words: "T-junction, open north, east and south"."""
    return _mask_words(card_name(code, ctx), card_mask(code, rot), ctx)


def _mask_words(name: str, mask: int, ctx: Ctx) -> str:
    sides = [ctx.tr(f"saboteur.side.{d}") for d, bit in (("N", N), ("E", E), ("S", S), ("W", W)) if mask & bit]
    if len(sides) > 1:
        sides = [", ".join(sides[:-1]) + ctx.tr("over.and") + sides[-1]]
    return ctx.tr("saboteur.ui.card_open", card=name, sides=sides[0] if sides else "")


# ---- selection -------------------------------------------------------------------------


def _selection(ctx: Ctx, view: dict) -> tuple[str | None, str]:
    """(card, mode) of the UI selection; mode is "", "r" or "dwarf"."""
    sel = ctx.selected
    hand = view.get("hand") or ()
    if not sel or ctx.viewer is None or ctx.curtain:
        return None, ""
    card, _, mode = sel.partition(":")
    if card not in hand:
        return None, ""
    if mode == "r" and (card not in TUNNELS or card in SYMMETRIC):
        mode = ""
    if mode not in ("", "r", "dwarf"):
        mode = ""
    return card, mode


def _sel_text(card: str, mode: str) -> str:
    return f"{card}:{mode}" if mode else card


# ---- SVG pieces (the pictures are art.py's; a Sheet defines each once per region) ------------


def tunnel_card(code: str, rot: int, x0: float, y0: float, sheet: Sheet, cls: str = "") -> str:
    """A tunnel card as it lies: one use of the picture of its open sides."""
    dead = " is-dead" if code in DEAD_END else ""
    return sheet.put(tunnel_key(code, rot), x0, y0, f"sab-card tunnel{dead}{' ' + cls if cls else ''}")


def start_card(x0: float, y0: float, sheet: Sheet) -> str:
    return sheet.put("start", x0, y0, "sab-card start")


def goal_back(x0: float, y0: float, number: int, seen: str | None, sheet: Sheet) -> str:
    """A face-down goal with its number; ``seen`` is what the viewer saw on it with a map
    (a nugget and "Au" for gold, a grey lump and "—" for stone: shape, word and colour)."""
    cx = x0 + CW / 2
    mark = ""
    if seen is not None:
        gold = seen == "GOLD"
        cls = "seen-gold" if gold else "seen-stone"
        mark = (f'<rect class="seen {cls}" x="{x0 + 5}" y="{y0 + CH - 25}" width="{CW - 10}" height="18" rx="9"/>'
                f'<path class="seen-pic" d="M{x0 + 11} {y0 + CH - 12}l3-6 6-1 3 5-2 4-7 1z"/>'
                f'<text class="seen-t" x="{cx + 5}" y="{y0 + CH - 11.5}">{"Au" if gold else "—"}</text>')
    return (f'<g class="sab-card goal-back">{sheet.put("back", x0, y0)}'
            f'<text class="goal-no" x="{cx}" y="{y0 + 22}">{number}</text>{mark}</g>')


def goal_face(code: str, rot: int, x0: float, y0: float, sheet: Sheet, cls: str = "") -> str:
    kind = "goal-gold" if code == "GOLD" else "goal-stone"
    return sheet.put(goal_key(code, rot), x0, y0, f"sab-card {kind}{' ' + cls if cls else ''}")


def dwarf_figure(x0: float, y0: float, owner: int, ctx: Ctx, sheet: Sheet) -> str:
    cx, cy = x0 + CW / 2, y0 + CH / 2
    name = ctx.name(owner)
    return (f'<g class="dwarf o{int(owner) % 10}"><title>{ctx.h("saboteur.ui.dwarf_of", owner=name)}</title>'
            f'{sheet.put("dwarf", x0, y0)}'
            f'<text class="dwarf-name" x="{cx:.1f}" y="{cy + 34:.1f}">{esc(name[:7])}</text></g>')


def tool_icon(tool: str, cx: float, cy: float, s: float, sheet: Sheet) -> str:
    """A tool's picture (pick, lantern, cart) centred on (cx, cy); ``s`` 1 is about 22 units wide."""
    return sheet.put(f"i{tool}", cx, cy, scale=round(s * .6, 3))


def action_face(card: str, sheet: Sheet) -> str:
    """An action card's picture at the origin."""
    return sheet.put(card, 0, 0, "sab-card action")


def card_svg(card: str, rot: int, sheet: Sheet) -> str:
    """One hand card as an inline SVG (scaled by CSS)."""
    return (f'<svg class="sab-cardsvg" viewBox="0 0 {CW} {CH}" aria-hidden="true" focusable="false">'
            f'{sheet.put(card_key(card, rot))}</svg>')


def defs_svg(sheet: Sheet) -> str:
    """A region's picture definitions in an SVG of no size (the hand's cards use them)."""
    defs = sheet.defs()
    return f'<svg class="sab-defs" width="0" height="0" aria-hidden="true" focusable="false">{defs}</svg>' if defs else ""


def _tool_chip(tool: str, ctx: Ctx) -> str:
    name = ctx.tr("saboteur.ui.broken_tool", tool=tool_name(tool, ctx))
    return (f'<span class="sab-chip broken" title="{esc(name)}"><svg viewBox="0 0 28 28" aria-hidden="true" focusable="false">'
            f'{tool_icon(tool, 14, 14, .95, Sheet(inline=True))}<path class="slash" d="M5 23L23 5"/></svg>'
            f'<span class="sr">{esc(name)}</span></span>')


def role_badge(role: str, text: str, attr: str = "") -> str:
    """A role as a badge: the dwarf of the role and its words (text is escaped HTML)."""
    return (f'<span class="role-badge role-{esc(role)}"{attr}>{role_picture(role)}<span>{text}</span></span>')

# ---- the mine ---------------------------------------------------------------------------------


def _occupied(view: dict) -> dict:
    """cell -> what lies there: ("start",), ("goal", i), ("card", code, rot)."""
    cells: dict = {(0, 0): ("start",)}
    for i, cell in enumerate(GOAL_CELLS):
        cells[cell] = ("goal", i)
    for x, y, code, rot in view["maze"]:
        cells[(x, y)] = ("card", code, rot)
    return cells


def _frontier(cells: dict) -> list:
    """Free spaces next to any card of the mine: where a card could go (the
    rules decide which ones it may)."""
    out = set()
    for x, y in cells:
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            c = (x + dx, y + dy)
            if c not in cells:
                out.add(c)
    return sorted(out, key=lambda c: (c[1], c[0]))


def _fit_box(cells: dict, frontier: list) -> tuple[float, float, float, float]:
    xs = [c[0] for c in cells] + [c[0] for c in frontier]
    ys = [c[1] for c in cells] + [c[1] for c in frontier]
    pad = 0.25
    x0 = (min(xs) - pad) * CW
    y0 = (min(ys) - pad) * CH
    w = (max(xs) - min(xs) + 1 + 2 * pad) * CW
    h = (max(ys) - min(ys) + 1 + 2 * pad) * CH
    return x0, y0, w, h


def _target_art(text: str, ctx: Ctx, x: int, y: int, inner: str = "", cls: str = "") -> tuple[dict, str, str]:
    """(hook, class, art) of a target: its data-action/-illegal, and the
    highlight drawn on its space (a ghost of the card when legal)."""
    hook = ctx.target(text)
    legal = "data-action" in hook
    x0, y0 = x * CW, y * CH
    art = (f'<rect class="tgt-cell" x="{x0 + 2}" y="{y0 + 2}" width="{CW - 4}" height="{CH - 4}" rx="6"/>'
           f'{inner if legal else ""}')
    return hook, f'tgt {"is-legal" if legal else "is-illegal"}{" " + cls if cls else ""}', art


def _cell_words(view: dict, cells: dict, seen: dict, peeks: dict, dwarfs: dict, x: int, y: int,
                ctx: Ctx) -> str:
    """What lies on a space, in words (the grid cell's name after its place)."""
    what = cells.get((x, y))
    if what is None:
        text = ctx.tr("saboteur.ui.cell_free")
    elif what[0] == "start":
        text = ctx.tr("saboteur.ui.cell_start")
    elif what[0] == "goal":
        i = what[1]
        goals, goal_open = view["goals"], view["goal_open"]
        if view["goals_laid"] and goal_open[i] >= 0 and goals[i]:
            text = (ctx.tr("saboteur.ui.cell_gold") if goals[i] == "GOLD"
                    else _mask_words(ctx.tr("saboteur.card.SNE"), goal_mask(goals[i], goal_open[i]), ctx))
        else:
            text = ctx.tr("saboteur.ui.cell_goal")
            if i in seen:
                text += ", " + ctx.tr("saboteur.ui.seen_gold" if seen[i] == "GOLD" else "saboteur.ui.seen_stone")
        for seat in peeks.get(i, ()):
            text += ", " + ctx.tr("saboteur.ui.peeked_by", name=ctx.name(seat), goal=i + 1)
    else:
        text = card_words(what[1], what[2], ctx)
    if (x, y) in dwarfs:
        text += ", " + ctx.tr("saboteur.ui.dwarf_of", owner=ctx.name(dwarfs[(x, y)]))
    return text


def _grid(view: dict, ctx: Ctx, cells: dict, frontier: list, seen: dict,
          targets: dict[tuple[int, int], tuple[dict, str, str, str]]) -> str:
    """The mine's spaces as ARIA grid rows and cells over the art: every cell
    named in words; only one cell in the tab order (roving tabindex: the first
    legal target, else the start); arrow keys move between cells (app/dom.py)."""
    peeks: dict[int, list[int]] = {}
    for seat, looked in enumerate(view["peeked"]):
        for g in looked:
            peeks.setdefault(g, []).append(seat)
    dwarfs = {(x, y): owner for x, y, owner in view["dwarfs"]}
    xs = [c[0] for c in cells] + [c[0] for c in frontier]
    ys = [c[1] for c in cells] + [c[1] for c in frontier]
    lasts = _last_spaces(ctx)
    stop = next((c for c, t in sorted(targets.items(), key=lambda kv: (kv[0][1], kv[0][0]))
                 if "data-action" in t[0]), (0, 0))
    rows = []
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            where = _place_name(x, y, ctx)
            hook, cls, art, verb = targets.get((x, y), ({}, "", "", ""))
            words = _cell_words(view, cells, seen, peeks, dwarfs, x, y, ctx)
            if (x, y) in lasts:
                words += ", " + ctx.tr("follow.last", names=", ".join(ctx.name(s) for s in lasts[(x, y)]))
            label = f"{where}: {words}" + (f". {verb}" if verb else "")
            x0, y0 = x * CW, y * CH
            row.append(f'<g role="gridcell" class="cell{" " + cls if cls else ""}" data-gx="{x}" data-gy="{y}"'
                       f'{attrs({k: v for k, v in hook.items() if k != "tabindex"})} tabindex="{0 if (x, y) == stop else -1}" '
                         f'aria-label="{esc(label)}">'
                       + (f"<title>{esc(verb)}</title>" if verb else "")
                       + f'<rect class="cell-hit" x="{x0}" y="{y0}" width="{CW}" height="{CH}"/>{art}</g>')
        rows.append(f'<g role="row">{"".join(row)}</g>')
    return "".join(rows)


def mine_cards(view: dict, cells: dict, seen: dict, sheet: Sheet) -> list[str]:
    """The cards of the mine, top row first (the board and the diagram);
    ``seen``: goal index -> what the viewer saw on it with a map; the
    pictures are ``sheet``'s (the board's defs, or drawn in place)."""
    goals, goal_open, laid = view["goals"], view["goal_open"], view["goals_laid"]
    art = []
    for (x, y), what in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        x0, y0 = x * CW, y * CH
        if what[0] == "start":
            art.append(start_card(x0, y0, sheet))
        elif what[0] == "goal":
            i = what[1]
            if laid and goal_open[i] >= 0 and goals[i]:
                art.append(goal_face(goals[i], goal_open[i], x0, y0, sheet))
            elif view["phase"] == "orient" and goals[i]:  # a stone waiting to be turned
                art.append(goal_face(goals[i], 0, x0, y0, sheet, "is-turning")
                           + f'<rect class="turning-ring" x="{x0 + 1}" y="{y0 + 1}" width="{CW - 2}" height="{CH - 2}" rx="5"/>')
            else:
                art.append(goal_back(x0, y0, i + 1, seen.get(i), sheet))
        else:
            art.append(tunnel_card(what[1], what[2], x0, y0, sheet))
    return art


def board(view: dict, ctx: Ctx) -> str:
    cells = _occupied(view)
    frontier = _frontier(cells)
    card, mode = _selection(ctx, view)
    seen = {g: c for g, c in view.get("seen_goals") or ()}
    pending = view["pending"] if view["phase"] == "help" else ()
    acting = ctx.viewer is not None and not ctx.curtain
    targets: dict[tuple[int, int], tuple[dict, str, str, str]] = {}

    def target(text: str, verb: str, x: int, y: int, inner: str = "", cls: str = "") -> None:
        targets[(x, y)] = (*_target_art(text, ctx, x, y, inner, cls), verb)

    sheet = Sheet("sm-")  # the mine's pictures, defined once in its SVG
    art = mine_cards(view, cells, seen, sheet)
    # who looked at which goal (public)
    for seat, peeks in enumerate(view["peeked"]):
        for g in peeks:
            gx, gy = GOAL_CELLS[g]
            k = sum(1 for s2 in range(seat) if g in view["peeked"][s2])
            art.append(f'<g class="peek"><title>{ctx.h("saboteur.ui.peeked_by", name=ctx.name(seat), goal=g + 1)}</title>'
                       f'<circle cx="{gx * CW + 8 + k * 9}" cy="{gy * CH - 5}" r="4"/></g>')
    # dwarfs
    for x, y, owner in view["dwarfs"]:
        art.append(dwarf_figure(x * CW, y * CH, owner, ctx, sheet))
    art.extend(_last_marks(ctx))
    # a card offered for help waits on its space
    if pending and pending[0] in TUNNELS:
        px, py = pending[1] * CW, pending[2] * CH
        art.append(tunnel_card(pending[0], pending[3], px, py, sheet, "is-pending")
                   + f'<rect class="pending-ring" x="{px + 1}" y="{py + 1}" width="{CW - 2}" height="{CH - 2}" rx="5"/>')
    # targets for the selected card
    if acting and card is not None:
        if card in TUNNELS and mode != "dwarf":
            rot = 1 if mode == "r" else 0
            verb = ctx.tr("saboteur.ui.place_here", card=card_words(card, rot, ctx))
            for x, y in frontier:
                text = f"path:{card}:{x},{y}" + (":r" if rot else "")
                # a ghost of the card on a legal space only (so the mine defines no picture it does not show)
                ghost = tunnel_card(card, rot, x * CW, y * CH, sheet, "ghost") if text in ctx.legal else ""
                target(text, verb, x, y, ghost)
        elif mode == "dwarf":
            for x, y in frontier:
                target(f"dwarf:{card}:{x},{y}", ctx.tr("saboteur.ui.dwarf_here"), x, y, cls="dwarf-tgt")
        elif card == "MAP":
            for g, (x, y) in enumerate(GOAL_CELLS):
                target(f"map:MAP:{g}", ctx.tr("saboteur.ui.look_at", goal=g + 1), x, y, cls="cover")
        elif card == "FALL":
            for (x, y), _what in sorted(cells.items()):
                target(f"rockfall:FALL:{x},{y}", ctx.tr("saboteur.ui.rockfall_here"), x, y, cls="cover")
    fx, fy, fw, fh = _fit_box(cells, frontier)
    box = f"{fx:.0f} {fy:.0f} {fw:.0f} {fh:.0f}"
    # the tunnel's end (the card furthest toward the goals): a phone opens zoomed on it (panzoom.js)
    ex, ey = max(((x, y) for x, y, *_ in view["maze"]), key=lambda c: (c[0], -abs(c[1])), default=(0, 0))
    focus = f"{(ex - 2) * CW:.0f} {(ey - 2) * CH:.0f} {5 * CW:.0f} {5 * CH:.0f}"
    grid = _grid(view, ctx, cells, frontier, seen, targets)  # the targets' ghosts use the sheet too
    svg = (f'<svg class="sab-maze" viewBox="{box}" data-fit="{box}" data-focus="{focus}" data-pz-key="{esc(view["round"])}" '
           f'preserveAspectRatio="xMidYMid meet" role="grid" aria-label="{ctx.h("saboteur.ui.mine")}">'
           f'<g class="cards" aria-hidden="true">{sheet.defs()}{"".join(art)}</g>{grid}</svg>')
    html = (
        f'<div class="sab-board" data-board aria-label="{ctx.h("game.saboteur.title")}">'
        f'{_bar(view, ctx, card, mode)}'
        f'<div class="sab-viewport" data-panzoom tabindex="0" role="group" '
        f'aria-label="{ctx.h("saboteur.ui.viewport")}">{svg}</div>'
        f'{_hint(view, ctx, card, mode)}</div>'
    )
    if acting and card is not None and view["to_move"] == ctx.viewer:
        # the chosen card's first space (the grid's tab stop; render/focus.py)
        html = mark_next(html, 'data-action="')
    return html


def _last_space(text: str) -> tuple[int, int] | None:
    """The space a move was made on (a path, a rockfall, a dwarf, a peeked goal)."""
    parts = text.split(":")
    if parts[0] in ("path", "rockfall", "dwarf") and len(parts) >= 3:
        x, _, y = parts[2].partition(",")
        return int(x), int(y)
    if parts[0] == "map" and len(parts) >= 3:
        return GOAL_CELLS[int(parts[2])]
    return None


def _last_spaces(ctx: Ctx) -> dict[tuple[int, int], list[int]]:
    """space -> the seats whose last move was there."""
    spaces: dict[tuple[int, int], list[int]] = {}
    for seat, text in ctx.last:
        try:
            at = _last_space(text)
        except (ValueError, IndexError):
            continue
        if at is not None:
            spaces.setdefault(at, []).append(seat)
    return spaces


def _last_marks(ctx: Ctx) -> list[str]:
    """Each seat's last move on the mine (issue 14): an outline, the seat's
    initials and "last move: Ann" as the mark's title (the grid cell's name
    says it too); the newest is drawn as laid (``is-fresh``, no motion with
    reduced motion)."""
    out = []
    for (x, y), seats in _last_spaces(ctx).items():
        names = ", ".join(ctx.name(s) for s in seats)
        initials = " ".join((ctx.name(s).strip()[:1] or "?").upper() for s in seats)
        out.append(f'<g class="last-mark{last_class(ctx, seats)}"><title>{ctx.h("follow.last", names=names)}</title>'
                   f'<rect x="{x * CW + 2}" y="{y * CH + 2}" width="{CW - 4}" height="{CH - 4}" rx="5"/>'
                   f'<text x="{x * CW + CW - 7}" y="{y * CH + 17}" text-anchor="end">{esc(initials)}</text></g>')
    return out


def _bar(view: dict, ctx: Ctx, card: str | None, mode: str) -> str:
    facts = [ctx.h("saboteur.ui.round", round=view["round"]),
             ctx.h("saboteur.ui.pile", count=view["pile_size"])]
    if view["options"]["dwarfs"]:
        facts.append(ctx.h("saboteur.ui.dwarfs_left", count=view["dwarfs_left"]))
    zoom = (f'<span class="pz-btns" role="group" aria-label="{ctx.h("saboteur.ui.zoom")}">'
            f'<button type="button" class="btn pz" data-pz="in" aria-label="{ctx.h("saboteur.ui.zoom_in")}">+</button>'
            f'<button type="button" class="btn pz" data-pz="out" aria-label="{ctx.h("saboteur.ui.zoom_out")}">\u2212</button>'
            f'<button type="button" class="btn pz" data-pz="fit">{ctx.h("saboteur.ui.zoom_fit")}</button></span>')
    turn = _turn_button(ctx, card, mode)
    return (f'<div class="sab-bar"><span class="sab-facts">{" · ".join(facts)}</span>'
            f'<span class="sab-bar-btns">{turn}{zoom}</span></div>')


def _turn_button(ctx: Ctx, card: str | None, mode: str, cls: str = "btn btn-turn") -> str:
    if card is None or card not in TUNNELS or card in SYMMETRIC or mode == "dwarf":
        return ""
    turned = mode == "r"
    return (f'<button type="button" class="{cls}{" is-on" if turned else ""}" '
            f'data-ui="select:{esc(_sel_text(card, "" if turned else "r"))}" aria-pressed="{"true" if turned else "false"}">'
            f'\u21bb {ctx.h("saboteur.ui.turn")}</button>')


def _hint(view: dict, ctx: Ctx, card: str | None, mode: str) -> str:
    if card is None:
        return ""
    if card in TUNNELS and mode != "dwarf":
        # sab.tools: no green space at all while a tool is broken; say why
        broken = ctx.viewer is not None and view["broken"][ctx.viewer]
        key = "saboteur.ui.hint.path_broken" if broken else "saboteur.ui.hint.path"
    elif mode == "dwarf":
        key = "saboteur.ui.hint.dwarf"
    elif card == "MAP":
        key = "saboteur.ui.hint.map"
    elif card == "FALL":
        key = "saboteur.ui.hint.rockfall"
    elif card in BROKEN:
        key = "saboteur.ui.hint.broken"
    else:
        key = "saboteur.ui.hint.repair"
    return f'<p class="sab-hint">{ctx.h(key, card=card_name(card, ctx))}</p>'


# ---- the hand and decisions ----------------------------------------------------------------------


def hand(view: dict, ctx: Ctx) -> str:
    cards = view.get("hand")
    if cards is None or ctx.viewer is None or ctx.curtain:
        return ""
    card, mode = _selection(ctx, view)
    me = ctx.viewer
    role = view.get("role")
    head = ctx.own("saboteur.ui.your_cards")
    badge = ""
    if role:
        badge = role_badge(role, ctx.own("saboteur.ui.you_are", role=role_name(role, ctx)), f' data-my-role="{esc(role)}"')
    sheet = Sheet(f"sh{int(me)}-")  # the hand's pictures: its own ids (a review page shows several hands)
    decision = _decision(view, ctx, me, sheet)
    items = []
    seen_selected = False
    for c in cards:
        pressed = c == card and not seen_selected
        seen_selected = seen_selected or pressed
        rot = 1 if pressed and mode == "r" else 0
        ui = _sel_text(c, mode) if pressed else c
        items.append(
            f'<button type="button" class="hcard sab-hcard{" is-selected" if pressed else ""}" '
            f'data-ui="select:{esc(ui)}" data-card="{esc(c)}" aria-pressed="{"true" if pressed else "false"}" '
            f'aria-label="{esc(card_name(c, ctx))}" title="{esc(card_name(c, ctx))}">{card_svg(c, rot, sheet)}'
            f'<span class="hcard-name">{esc(card_name(c, ctx))}</span></button>')
    body = "".join(items) if items else f'<p class="muted">{ctx.own("saboteur.ui.hand_empty")}</p>'
    extra = ""
    if card is not None:
        btns = [_turn_button(ctx, card, mode)]
        if view["options"]["dwarfs"] and view["dwarfs_left"] > 0:
            on = mode == "dwarf"
            btns.append(f'<button type="button" class="btn btn-dwarf{" is-on" if on else ""}" '
                        f'data-ui="select:{esc(_sel_text(card, "" if on else "dwarf"))}" aria-pressed="{"true" if on else "false"}">'
                        f'{ctx.h("saboteur.ui.dwarf_mode")}</button>')
        hook = ctx.target(f"discard:{card}")
        btns.append(f'<button type="button" class="btn btn-discard"{attrs(hook)}>'
                    f'{ctx.h("saboteur.ui.discard", card=card_name(card, ctx))}</button>')
        extra = f'<div class="sab-card-btns">{"".join(btns)}</div>'
    html = (f'<div class="hand sab-hand" data-hand role="group" aria-label="{head}">'
            f'<div class="sab-hand-head"><h2 class="hand-title">{head}</h2>{badge}</div>{decision}'
            f'<div class="hand-cards" data-rove>{body}</div>{extra}{defs_svg(sheet)}</div>')
    if view["to_move"] == me and view["phase"] == "play" and not decision:
        html = mark_next(html, _hand_step(ctx, cards, card, mode))  # render/focus.py
    return html


def _plays(ctx: Ctx, card: str) -> list[str]:
    """The legal moves that play ``card`` (a discard aside)."""
    return [a for a in ctx.legal if a.split(":")[1:2] == [card] and not a.startswith("discard:")]


def _hand_step(ctx: Ctx, cards: list, card: str | None, mode: str) -> str | None:
    """Where the next step starts in the hand: with nothing chosen the first
    card that can be played (else the first card); with a card chosen whose
    spaces or seats are none as it lies, the way that has some (turned, as a
    dwarf), else discarding it. None when the board or a seat has the targets."""
    if card is None:
        playable = next((c for c in cards if _plays(ctx, c)), cards[0] if cards else None)
        return f'data-ui="select:{esc(playable)}"' if playable else None
    plays = _plays(ctx, card)
    turned = [a for a in plays if a.startswith("path:") and a.endswith(":r")]
    if mode == "" and any(a.startswith(("path:", "map:", "rockfall:", "broken:", "repair:")) and not a.endswith(":r")
                          for a in plays):
        return None
    if mode == "r" and turned:
        return None
    if mode == "dwarf" and any(a.startswith("dwarf:") for a in plays):
        return None
    if mode != "r" and turned:
        return f'data-ui="select:{esc(_sel_text(card, "r"))}"'
    if mode != "dwarf" and any(a.startswith("dwarf:") for a in plays):
        return f'data-ui="select:{esc(_sel_text(card, "dwarf"))}"'
    return f'data-action="discard:{esc(card)}"'



def _decision(view: dict, ctx: Ctx, me: int, sheet: Sheet) -> str:
    phase = view["phase"]
    if view["to_move"] != me:
        return ""
    if phase == "help":
        _, x, y, _ = view["pending"]
        owner = next((d[2] for d in view["dwarfs"] if d[0] == x and d[1] == y), None)
        q = ctx.h("saboteur.ui.help_q", payer=ctx.name(view["turn"]), owner=ctx.name(owner), x=x, y=y)
        return (f'<div class="sab-decide" role="group"><p>{q}</p><div class="row-btns">'
                f'<button type="button" class="btn btn-primary"{attrs(ctx.target("help:yes"))}>{ctx.h("saboteur.ui.help_yes")}</button>'
                f'<button type="button" class="btn"{attrs(ctx.target("help:no"))}>{ctx.h("saboteur.ui.help_no")}</button>'
                f'</div></div>')
    if phase == "orient":
        g = view["pending"][0]
        code = view["goals"][g]
        btns = []
        for rot in (0, 1):
            text = f"stone:{g}" + (":r" if rot else "")
            label = ctx.tr("saboteur.ui.stone_way_turned" if rot else "saboteur.ui.stone_way")
            btns.append(f'<button type="button" class="btn btn-stone"{attrs(ctx.target(text))} aria-label="{esc(label)}">'
                        f'<svg class="sab-cardsvg small" viewBox="0 0 {CW} {CH}" aria-hidden="true" focusable="false">'
                        f'{goal_face(code, rot, 0, 0, sheet) if code else ""}</svg>{esc(label)}</button>')
        return (f'<div class="sab-decide" role="group"><p>{ctx.h("saboteur.ui.stone_q", goal=g + 1)}</p>'
                f'<div class="row-btns">{"".join(btns)}</div></div>')
    if phase == "keep":
        offer = view.get("offer") or []
        shown = ", ".join(str(v) for v in sorted(offer, reverse=True))
        btns = "".join(
            f'<button type="button" class="btn btn-keep"{attrs(ctx.target(f"keep:{v}"))}>'
            f'{ctx.h("saboteur.ui.keep", value=v)}</button>' for v in sorted(set(offer), reverse=True))
        return (f'<div class="sab-decide" role="group"><p>{ctx.h("saboteur.ui.keep_q", cards=shown)}</p>'
                f'<div class="row-btns">{btns}</div></div>')
    return ""


def prompt(view: dict, ctx: Ctx) -> str:
    if ctx.viewer is None or ctx.curtain or view["to_move"] != ctx.viewer:
        return ""
    phase = view["phase"]
    if phase == "help":
        return ctx.tr("saboteur.prompt.help")
    if phase == "orient":
        return ctx.tr("saboteur.prompt.orient")
    if phase == "keep":
        return ctx.tr("saboteur.prompt.keep")
    card, mode = _selection(ctx, view)
    if card is not None:
        if mode == "dwarf":
            return ctx.tr("saboteur.ui.hint.dwarf", card=card_name(card, ctx))
        return ctx.tr("saboteur.prompt.selected", card=card_name(card, ctx))
    if view["broken"][ctx.viewer]:
        return ctx.tr("saboteur.prompt.broken")
    return ctx.tr("saboteur.prompt.play")


# ---- seats ------------------------------------------------------------------------------------------


def seat_info(view: dict, seat: int, ctx: Ctx) -> str:
    me = ctx.viewer if not ctx.curtain else None
    facts = [ctx.h("saboteur.ui.cards", count=view["hand_sizes"][seat]),
             ctx.h("saboteur.ui.gold", gold=view["gold"][seat])]
    count = view["nugget_counts"][seat]
    values = (view.get("nuggets") or [None] * view["players"])[seat]
    if count:
        if values is not None and (seat == me or view["phase"] == "over"):
            facts.append(ctx.h("saboteur.ui.nuggets_known", count=count, values=", ".join(map(str, sorted(values)))))
        else:
            facts.append(ctx.h("saboteur.ui.nuggets", count=count))
    broken = view["broken"][seat]
    chips = "".join(_tool_chip(t, ctx) for t in broken) or f'<span class="muted">{ctx.h("saboteur.ui.tools_ok")}</span>'
    extra = []
    role = view["roles"][seat]
    if role is not None and (seat == me or view["roles"].count(None) == 0):
        say = ctx.own if seat == me else ctx.h  # own: "Anna: gold-digger" in the review's hidden panel
        key = "saboteur.ui.role_own" if seat == me else "saboteur.ui.role_shown"
        extra.append(role_badge(role, say(key, role=role_name(role, ctx)), f' data-role="{esc(role)}"'))
    peeks = view["peeked"][seat]
    if peeks:
        extra.append(f'<span class="muted">{ctx.h("saboteur.ui.looked", goals=", ".join(str(g + 1) for g in peeks))}</span>')
    return (f'<div class="facts">{"".join(f"<span>{f}</span>" for f in facts)}</div>'
            f'<div class="sab-tools">{chips}</div>'
            + (f'<div class="sab-seat-extra">{"".join(extra)}</div>' if extra else "")
            + _seat_targets(view, seat, ctx))


def _seat_targets(view: dict, seat: int, ctx: Ctx) -> str:
    card, mode = _selection(ctx, view)
    if card is None or mode:
        return ""
    name = ctx.name(seat)
    btns = []
    if card in BROKEN:
        tool = card_tools(card)
        label = ctx.tr("saboteur.ui.break_target", tool=tool_name(tool, ctx), name=name)
        btns.append(f'<button type="button" class="btn btn-seat-tgt"{attrs(ctx.target(f"broken:{card}:{seat}"))}>'
                    f'{esc(label)}</button>')
    elif card in REPAIRS:
        for tool in card_tools(card):
            label = ctx.tr("saboteur.ui.repair_target", tool=tool_name(tool, ctx), name=name)
            btns.append(f'<button type="button" class="btn btn-seat-tgt"'
                        f'{attrs(ctx.target(f"repair:{card}:{seat}:{tool}"))}>{esc(label)}</button>')
    if not btns:
        return ""
    html = "".join(btns)
    if view["to_move"] == ctx.viewer and not _seat_target_before(view, seat, ctx, card):
        html = mark_next(html, 'data-action="')  # the first seat the card may go to (render/focus.py)
    return f'<div class="sab-seat-tgts">{html}</div>'


def _seat_target_before(view: dict, seat: int, ctx: Ctx, card: str) -> bool:
    """Does a seat listed before ``seat`` take the chosen card (a legal move)?"""
    heads = (f"broken:{card}:", f"repair:{card}:")
    return any(a.startswith(heads) and int(a.split(":")[2]) < seat for a in ctx.legal)


# ---- the round's end -------------------------------------------------------------------------------------


def pause(view: dict) -> str | None:
    """A round has ended and its gold is handed out: show it before play goes on."""
    results = view.get("results") or []
    if not results or view["phase"] in ("nuggets", "keep", "over"):
        return None
    return f"round-{results[-1]['round']}"


def final_mine(res: dict, ctx: Ctx) -> str:
    """The mine as the round left it, every goal card face up (sab.rounds)."""
    cells = {(0, 0): ("start",)}
    for i, cell in enumerate(GOAL_CELLS):
        cells[cell] = ("goal", i)
    for x, y, code, rot in res["maze"]:
        cells[(x, y)] = ("card", code, rot)
    art = []
    sheet = Sheet("sr-")  # the round's end: its own ids (the mine's are in the board under it)
    for (x, y), what in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if what[0] == "start":
            art.append(start_card(x * CW, y * CH, sheet))
        elif what[0] == "goal":
            i = what[1]
            art.append(goal_face(res["layout"][i], max(0, res["goal_open"][i]), x * CW, y * CH, sheet))
        else:
            art.append(tunnel_card(what[1], what[2], x * CW, y * CH, sheet))
    fx, fy, fw, fh = _fit_box(cells, [])
    return (f'<svg class="sab-result-mine" viewBox="{fx:.0f} {fy:.0f} {fw:.0f} {fh:.0f}" role="img" '
            f'aria-label="{ctx.h("saboteur.ui.mine")}">{sheet.defs()}{"".join(art)}</svg>')


def round_summary(res: dict, view: dict, ctx: Ctx) -> str:
    rnd = res["round"]
    head = ctx.h(f"saboteur.result.{res['winner']}", round=rnd)
    roles = []
    for seat, role in enumerate(res["roles"]):
        roles.append(f'<li class="role-{esc(role)}" data-result-seat="{seat}"><span class="seat-name">{esc(ctx.name(seat))}</span> '
                     f'{role_badge(role, esc(role_name(role, ctx)))}</li>')
    steps = []
    if res["winner"] == "saboteurs":
        for seat, role in enumerate(res["roles"]):
            if role == "S":
                steps.append(ctx.tr("saboteur.ui.sab_paid", seat=ctx.name(seat), gold=res["sab_gold"]))
    else:
        for seat in res["skipped"]:
            steps.append(ctx.tr("saboteur.result.skipped", seat=ctx.name(seat)))
        for seat, value in res["picks"]:
            if value is None:
                steps.append(ctx.tr("saboteur.result.pick", seat=ctx.name(seat)))
            else:
                steps.append(ctx.tr("saboteur.result.pick_value", seat=ctx.name(seat), value=value))
    gold = "".join(f'<li class="step step-{min(i, 11)}">{esc(s)}</li>' for i, s in enumerate(steps))
    finder = ""
    if res["finder"] >= 0:
        finder = f'<p>{ctx.h("saboteur.ui.finder", seat=ctx.name(res["finder"]))}</p>'
    return (f'<p class="sab-result-head">{head}</p>{finder}'
            f'{final_mine(res, ctx)}'
            f'<h3>{ctx.h("saboteur.ui.roles_were")}</h3><ul class="sab-roles">{"".join(roles)}</ul>'
            f'<h3>{ctx.h("saboteur.ui.gold_handed")}</h3><ol class="sab-steps">{gold}</ol>')


def interlude(view: dict, ctx: Ctx) -> str:
    res = view["results"][-1]
    return (f'<div class="sab-pause" data-round-end="{esc(res["round"])}" role="dialog" aria-labelledby="pause-h">'
            f'<h2 id="pause-h" tabindex="-1">{ctx.h("saboteur.ui.round_over", round=res["round"])}</h2>'
            f'{round_summary(res, view, ctx)}'
            f'<div class="form-btns"><button type="button" class="btn btn-primary btn-big" data-ui="ack">'
            f'{ctx.h("saboteur.ui.next_round", round=res["round"] + 1)}</button></div></div>')


def final(views: list[dict], outcome: Any, seat: int, ctx: Ctx) -> str:
    v = views[seat]
    rounds = []
    for res in v["results"]:
        role = res["roles"][seat]
        won = (res["winner"] == "diggers") == (role == "D")
        rounds.append(ctx.tr("saboteur.ui.final_round", round=res["round"], role=role_name(role, ctx),
                             result=ctx.tr("saboteur.ui.won" if won else "saboteur.ui.lost")))
    values = (v.get("nuggets") or [[]] * v["players"])[seat] or []
    gold = ctx.tr("saboteur.ui.final_gold", gold=v["gold"][seat],
                  cards=", ".join(str(x) for x in sorted(values, reverse=True)) or "–")
    return (f'<div class="final-detail"><span>{esc(gold)}</span> · '
            f'<span>{esc("; ".join(rounds))}</span></div>')
