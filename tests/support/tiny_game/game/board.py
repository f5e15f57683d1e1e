"""Tiny Cauldron on screen: the cauldron's drops (SVG), three buttons that add
one to three drops (``add:<n>`` as data-action when legal, else data-illegal)."""

from __future__ import annotations

from typing import Any

from ...render.context import Ctx
from ...render.html import attrs

RULE_IDS = ("tiny.start", "tiny.turn", "tiny.add", "tiny.win", "core.chance")


def param(name: str, value: Any, ctx: Ctx) -> str:
    return ctx.name(value) if name == "seat" else str(value)


def drops_svg(total: int, target: int, *, ghost: int = 0) -> str:
    """The cauldron as a row of drop slots: full, about to be added, empty."""
    cells = []
    for i in range(target):
        cls = "tiny-full" if i < total else "tiny-ghost" if i < total + ghost else "tiny-empty"
        cells.append(f'<circle class="{cls}" cx="{12 + i * 20}" cy="14" r="8"/>')
    return "".join(cells)


def board(view: dict, ctx: Ctx) -> str:
    total, target = view["total"], view["target"]
    picture = (f'<svg class="tiny-drops" viewBox="0 0 {target * 20 + 4} 28" role="img" '
               f'aria-label="{ctx.h("tiny.total", total=total, target=target)}">{drops_svg(total, target)}</svg>')
    buttons = ""
    if view["phase"] == "play":
        buttons = "".join(
            f'<button type="button" class="btn tiny-add"{attrs(ctx.target(f"add:{k}"))}>'
            f'{ctx.h("tiny.add", drops=k)}</button>' for k in (1, 2, 3))
    return (f'<div class="tiny-board" data-board aria-label="{ctx.h("game.tiny.title")}">'
            f'<p class="tiny-total">{ctx.h("tiny.total", total=total, target=target)}</p>{picture}'
            f'<div class="tiny-buttons">{buttons}</div></div>')


def hand(view: dict, ctx: Ctx) -> str:
    """Nothing is private: everything is on the board."""
    return ""


def seat_info(view: dict, seat: int, ctx: Ctx) -> str:
    return f'<div class="facts"><span>{ctx.h("tiny.seat_added", drops=view["added"][seat])}</span></div>'


def prompt(view: dict, ctx: Ctx) -> str:
    if ctx.viewer is None or ctx.curtain or view["to_move"] != ctx.viewer:
        return ""
    return ctx.tr("tiny.prompt", left=view["target"] - view["total"])


def final(views: list[dict], outcome: Any, seat: int, ctx: Ctx) -> str:
    return f'<div class="final-detail">{ctx.h("tiny.final", drops=views[seat]["added"][seat])}</div>'

