"""Saboteur as a position diagram (spieltisch.diagram): the mine, the
viewer's role and hand, and each seat's public facts, drawn from one seat's
view (``sab.hidden``: other roles and hands never; a goal card the viewer
looked at carries its mark, as on the board).

``move``: ``path:<card>:x,y[:r]`` (a ghost card on its space, an arrow from
the hand), ``map:MAP:<goal>``, ``rockfall:FALL:x,y``, ``dwarf:<card>:x,y``
(the space ringed), ``broken``/``repair`` (the seat ringed), anything else a
badge. ``marks``: ``x,y`` rings a space of the mine, ``hand:<card>`` a card
of the viewer's hand.
"""

from __future__ import annotations

from ...render.context import Ctx
from ...render.html import esc
from ...render.svg import WIDTH, Figure, arrow, badge, fit, group, mark, rect, text
from .actions import Break, Discard, Dwarf, Map, Path, Repair, Rockfall
from .art import Sheet, diagram_css
from .board import (  # the board's own drawing pieces
    CH,
    CW,
    _occupied,
    action_face,
    card_name,
    dwarf_figure,
    mine_cards,
    role_name,
    tool_icon,
    tool_name,
    tunnel_card,
)
from .cards import GOAL_CELLS, TUNNELS
from .rules import GAME

# the cards' pictures are art.py's, drawn in place (a diagram has no ids), with the light palette
CSS = (
    ".sb-mine{fill:#3a2c1f}.sb-cell{fill:none;stroke:#5a4630;stroke-width:1;stroke-dasharray:3 4}"
    + diagram_css()
    + ".goal-no{fill:#d7e2f5;font-size:12px;font-weight:800;text-anchor:middle}"
    ".seen{stroke:#10192a;stroke-width:1}.seen-gold{fill:#ffd166}.seen-stone{fill:#b9b3a8}"
    ".seen-pic{fill:#fff;stroke:#1e1a14;stroke-width:1}"
    ".seen-t{font-size:12px;font-weight:800;text-anchor:middle;fill:#1e1a14}"
    ".turning-ring,.pending-ring{fill:none;stroke:#ffd166;stroke-width:3}"
    ".dwarf-name{font-size:11px;font-weight:700;text-anchor:middle;fill:#fff;paint-order:stroke;"
    "stroke:#1e1a14;stroke-width:3px}"
    ".slash{stroke:#c0392b;stroke-width:4;stroke-linecap:round}"
    ".sb-role{font-weight:800}.sb-role-D{fill:#7a5a10}.sb-role-S{fill:#5b3a8a}"
    ".sb-x{stroke:#c0392b;stroke-width:6;stroke-linecap:round}"
)

HAND_SCALE = 0.62
HW, HH = CW * HAND_SCALE, CH * HAND_SCALE


def _hand_card(card: str, sheet: Sheet) -> str:
    return tunnel_card(card, 0, 0, 0, sheet) if card in TUNNELS else action_face(card, sheet)


def figure(view: dict, ctx: Ctx, *, move: str | None = None, marks: tuple[str, ...] = ()) -> Figure:
    action = GAME.parse_action(move) if move else None
    facts = [ctx.tr("saboteur.ui.round", round=view["round"]), ctx.tr("saboteur.ui.pile", count=view["pile_size"])]
    if view["options"]["dwarfs"]:
        facts.append(ctx.tr("saboteur.ui.dwarfs_left", count=view["dwarfs_left"]))
    out = [text(10, 14, " \u00b7 ".join(facts), "dg-muted")]
    cells = _occupied(view)  # the board's map of the mine
    seen = {g: c for g, c in view.get("seen_goals") or ()}
    wanted = [c for c in cells]
    mark_cells = []
    for m in marks:
        if m.startswith("hand:"):
            continue
        try:
            x, y = (int(v) for v in m.split(","))
        except ValueError:
            raise ValueError(f"unknown mark {m!r}: use x,y (a space of the mine) or hand:<card>") from None
        mark_cells.append((x, y))
    if isinstance(action, (Path, Dwarf)):
        wanted.append((action.x, action.y))
    wanted += mark_cells
    xs, ys = [c[0] for c in wanted], [c[1] for c in wanted]
    pad = 0.2
    bx, by = (min(xs) - pad) * CW, (min(ys) - pad) * CH
    bw, bh = (max(xs) - min(xs) + 1 + 2 * pad) * CW, (max(ys) - min(ys) + 1 + 2 * pad) * CH
    scale = min(0.8, (WIDTH - 16) / bw)
    ox = 8 + ((WIDTH - 16) - bw * scale) / 2
    top = 24

    def at(x: float, y: float) -> tuple[float, float]:
        """A mine space's corner in figure units."""
        return ox + (x * CW - bx) * scale, top + (y * CH - by) * scale

    sheet = Sheet(inline=True)  # no ids in a diagram: every picture drawn in place
    art = mine_cards(view, cells, seen, sheet)
    for x, y, owner in view["dwarfs"]:
        art.append(dwarf_figure(x * CW, y * CH, owner, ctx, sheet))
    if isinstance(action, Path):
        art.append(f'<g class="dg-ghost">{tunnel_card(action.card, action.rot, action.x * CW, action.y * CH, sheet)}</g>')
    mine_h = bh * scale
    out.append(rect(ox, top, bw * scale, mine_h, "sb-mine", 8))
    out.append(f'<g transform="translate({ox - bx * scale:.1f} {top - by * scale:.1f}) scale({scale:.3f})">'
               f'{"".join(art)}</g>')
    extra = []
    cw, ch = CW * scale, CH * scale
    for x, y in mark_cells:
        extra.append(mark(*at(x, y), cw, ch))
    y = top + mine_h + 12
    # the viewer's role and hand
    me = ctx.viewer
    role = view.get("role")
    if role:
        out.append(f'<text x="10" y="{y + 14:.1f}" class="sb-role sb-role-{esc(role)}" data-role="{esc(role)}">'
                   f'{esc(ctx.tr("saboteur.diagram.role", name=ctx.name(me), role=role_name(role, ctx)))}</text>')
    else:
        out.append(text(10, y + 14, ctx.tr("saboteur.diagram.hand", name=ctx.name(me)), "dg-strong"))
    hy = y + 24
    hand = list(view.get("hand") or [])
    hand_at: dict[str, tuple[float, float]] = {}
    step = min(HW + 6, (WIDTH - 20 - HW) / max(1, len(hand) - 1))
    for k, card in enumerate(hand):
        x = 10 + k * step
        out.append(group(x, hy, f"<title>{esc(card_name(card, ctx))}</title>{_hand_card(card, sheet)}",
                         scale=HAND_SCALE, extra=f' data-card="{esc(card)}"'))
        hand_at.setdefault(card, (x, hy))
    if not hand:
        out.append(text(10, hy + 20, ctx.tr("saboteur.diagram.hand_empty"), "dg-muted"))
    for m in marks:
        if m.startswith("hand:"):
            if m[5:] not in hand_at:
                raise ValueError(f"unknown mark {m!r}: that card is not in the hand")
            extra.append(mark(*hand_at[m[5:]], HW, HH))
    y = hy + HH + 14
    # every seat: public facts
    seat_y = {}
    for seat in range(view["players"]):
        seat_y[seat] = y
        line = [ctx.tr("saboteur.ui.cards", count=view["hand_sizes"][seat]),
                ctx.tr("saboteur.ui.gold", gold=view["gold"][seat])]
        if view["nugget_counts"][seat]:
            line.append(ctx.tr("saboteur.ui.nuggets", count=view["nugget_counts"][seat]))
        if view["peeked"][seat]:
            line.append(ctx.tr("saboteur.ui.looked", goals=", ".join(str(g + 1) for g in view["peeked"][seat])))
        out.append(text(10, y + 16, fit(ctx.name(seat), 100), "dg-strong"))
        out.append(text(112, y + 16, fit(" \u00b7 ".join(line), 270, 13), "dg-muted"))
        for k, tool in enumerate(view["broken"][seat]):
            cx = WIDTH - 24 - k * 28
            out.append(f'<g><title>{esc(ctx.tr("saboteur.ui.broken_tool", tool=tool_name(tool, ctx)))}</title>'
                       f'{tool_icon(tool, cx, y + 11, .8, sheet)}<path class="slash" d="M{cx - 11} {y + 22}L{cx + 11} {y}"/></g>')
        y += 26
    # the marked move
    if action is not None:
        src = hand_at.get(getattr(action, "card", ""))
        if isinstance(action, (Path, Map, Rockfall, Dwarf)):
            if isinstance(action, Map):
                tx, ty = at(*GOAL_CELLS[action.goal])
            else:
                tx, ty = at(action.x, action.y)
            extra.append(mark(tx, ty, cw, ch))
            if isinstance(action, Rockfall):
                extra.append(f'<path class="sb-x" d="M{tx + 6:.1f} {ty + 6:.1f}L{tx + cw - 6:.1f} {ty + ch - 6:.1f}'
                             f'M{tx + cw - 6:.1f} {ty + 6:.1f}L{tx + 6:.1f} {ty + ch - 6:.1f}"/>')
            if src is not None:
                extra.append(mark(*src, HW, HH) + arrow(src[0] + HW / 2, src[1] - 4, tx + cw / 2, ty + ch + 4))
        elif isinstance(action, (Break, Repair)):
            sy = seat_y[action.seat]
            extra.append(mark(6, sy, WIDTH - 12, 22))
            if src is not None:
                extra.append(mark(*src, HW, HH) + arrow(src[0] + HW + 4, src[1] + HH / 2, 90, sy + 4))
        elif isinstance(action, Discard):
            if src is not None:
                extra.append(mark(*src, HW, HH))
            extra.append(badge(WIDTH - 170, top + mine_h + 8, fit(ctx.tr("saboteur.ui.discard",
                                                                           card=card_name(action.card, ctx)), 140, 14)))
        else:
            extra.append(badge(WIDTH - 170, top + mine_h + 8, str(action)))
    return Figure(height=y + 4, body="".join(out) + "".join(extra))
