"""Tiny Cauldron as a position diagram (spieltisch.diagram): the cauldron's
drops and one line per seat. ``move``: ``add:<n>`` (the drops about to be
added drawn as ghosts, a badge). ``marks``: ``seat:<n>`` rings a seat's line,
``cauldron`` the cauldron."""

from __future__ import annotations

from ...render.context import Ctx
from ...render.svg import WIDTH, Figure, badge, group, mark, text
from .board import drops_svg
from .rules import GAME, Add

CSS = (".tiny-full{fill:#2f68c9}.tiny-ghost{fill:#9fbbe8}.tiny-empty{fill:none;stroke:#8a8f96;stroke-width:2}")


def figure(view: dict, ctx: Ctx, *, move: str | None = None, marks: tuple[str, ...] = ()) -> Figure:
    action = GAME.parse_action(move) if move else None
    ghost = action.drops if isinstance(action, Add) else 0
    total, target = view["total"], view["target"]
    out = [text(10, 18, ctx.tr("tiny.total", total=total, target=target), "dg-strong"),
           group(10, 28, drops_svg(total, target, ghost=ghost))]
    extra = [badge(WIDTH - 110, 4, ctx.tr("tiny.add", drops=ghost))] if ghost else []
    y = 70
    lines = {}
    for seat in range(view["players"]):
        out.append(text(10, y + 14, f'{ctx.name(seat)}: {ctx.tr("tiny.seat_added", drops=view["added"][seat])}',
                        "dg-muted"))
        lines[seat] = (6, y, WIDTH - 12, 20)
        y += 24
    for m in marks:
        kind, _, arg = m.partition(":")
        if kind == "seat" and arg.isdigit() and int(arg) - 1 in lines:
            extra.append(mark(*lines[int(arg) - 1]))
        elif m == "cauldron":
            extra.append(mark(6, 24, target * 20 + 12, 36))
        else:
            raise ValueError(f"unknown mark {m!r}: use seat:<n> or cauldron")
    return Figure(height=y + 6, body="".join(out) + "".join(extra))
