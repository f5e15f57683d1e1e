"""Hexen Cocktail on screen: five potion rows (HTML rows that reflow from
phone to desktop, every card drawn in SVG), the hand as real buttons.

Drawn in parts (render/parts.py): the info line and each row on the board,
each card and Pass in the hand, so a move replaces what it changed (a row's
target only gets new attributes; a played card is just removed).

Clicks: a hand card carries ``data-ui="select:<card>"``; with a card selected,
each row carries ``play:<card>:<row>`` (as data-action when legal, else as
data-illegal); after an explosion every row card carries ``take:<card>``; in a
bonus play a Pass button carries ``pass``.
"""

from __future__ import annotations

import math
from typing import Any

from ...render.context import Ctx
from ...render.focus import mark_next
from ...render.html import attrs, esc, hit_button
from ...render.marks import last_badge, last_class, last_seats
from ...render.parts import part
from . import art as hx_art

RULE_IDS = (
    "hexen.cards", "hexen.deal", "hexen.potions", "hexen.turn", "hexen.test",
    "hexen.explosion", "hexen.bonus", "hexen.end", "hexen.score", "hexen.ties",
    "hexen.hidden", "core.chance",
)

COLOURS = ("R", "B", "G", "Y", "P", "K")

# ---- card names -----------------------------------------------------------------


def _value(card: str) -> int:
    try:
        return int(card[1:])
    except ValueError:
        return 0


def card_name(card: str, ctx: Ctx) -> str:
    if not isinstance(card, str) or len(card) < 2 or card[0] not in COLOURS:
        return str(card)
    return ctx.tr("hexen_cocktail.card", colour=ctx.tr(f"hexen_cocktail.colour.{card[0]}"),
                  value=card[1:])


def potion_name(potion: str, ctx: Ctx) -> str:
    if not isinstance(potion, str) or len(potion) < 2 or potion[0] not in COLOURS:
        return str(potion)
    return ctx.tr("hexen_cocktail.potion", colour=ctx.tr(f"hexen_cocktail.colour.{potion[0]}"),
                  value=potion[1:])


def param(name: str, value: Any, ctx: Ctx) -> str:
    """Plain text for a log / illegal-reason parameter."""
    if name == "seat":
        return ctx.name(value)
    if name == "card":
        return card_name(str(value), ctx)
    if name == "potion":
        return potion_name(str(value), ctx)
    return str(value)


# ---- SVG pieces -------------------------------------------------------------------


def shape(colour: str, cx: float, cy: float, r: float) -> str:
    """A symbol per colour, so colour is never the only signal."""
    if colour == "R":  # triangle
        return (f'<polygon class="sym" points="{cx:.1f},{cy - r:.1f} {cx + r:.1f},{cy + r * 0.8:.1f} '
                f'{cx - r:.1f},{cy + r * 0.8:.1f}"/>')
    if colour == "B":  # circle
        return f'<circle class="sym" cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.9:.1f}"/>'
    if colour == "G":  # square
        s = r * 0.8
        return f'<rect class="sym" x="{cx - s:.1f}" y="{cy - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}"/>'
    if colour == "Y":  # star
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(f"{cx + rad * math.cos(a):.1f},{cy + rad * math.sin(a):.1f}")
        return f'<polygon class="sym" points="{" ".join(pts)}"/>'
    if colour == "P":  # diamond
        return (f'<polygon class="sym" points="{cx:.1f},{cy - r:.1f} {cx + r * 0.75:.1f},{cy:.1f} '
                f'{cx:.1f},{cy + r:.1f} {cx - r * 0.75:.1f},{cy:.1f}"/>')
    # black / wild: a hexagon-ish asterisk
    return (f'<g class="sym"><rect x="{cx - r * 0.18:.1f}" y="{cy - r:.1f}" width="{r * 0.36:.1f}" height="{2 * r:.1f}"/>'
            f'<rect x="{cx - r * 0.18:.1f}" y="{cy - r:.1f}" width="{r * 0.36:.1f}" height="{2 * r:.1f}" '
            f'transform="rotate(60 {cx:.1f} {cy:.1f})"/>'
            f'<rect x="{cx - r * 0.18:.1f}" y="{cy - r:.1f}" width="{r * 0.36:.1f}" height="{2 * r:.1f}" '
            f'transform="rotate(-60 {cx:.1f} {cy:.1f})"/></g>')


CARD_W, CARD_H = 64, 92


def card_face(card: str, w: float = CARD_W, h: float = CARD_H, *, potion: bool = False) -> str:
    """Card artwork at the origin (no interaction attributes)."""
    colour, value = card[0], card[1:]
    kind = "potion" if potion else "ingr"
    big = h * 0.36
    return (
        f'<rect class="face" width="{w}" height="{h}" rx="{w * 0.12:.1f}"/>'
        + (f'<rect class="inner" x="4" y="4" width="{w - 8}" height="{h - 8}" rx="{w * 0.09:.1f}"/>' if potion else "")
        + f'<text class="val" x="{w / 2:.1f}" y="{h * 0.42:.1f}" font-size="{big:.1f}">{esc(value)}</text>'
        + shape(colour, w / 2, h * 0.7, w * 0.17)
        + f'<text class="corner" x="6" y="{h * 0.17:.1f}" font-size="{h * 0.13:.1f}">{esc(colour)}</text>'
        + (f'<text class="tag" x="{w - 6:.1f}" y="{h * 0.17:.1f}" font-size="{h * 0.12:.1f}">\u2697</text>' if kind == "potion" else "")
    )


def card_svg_small(card: str, *, potion: bool = False, w: int = 24, h: int = 34) -> str:
    """A small inline SVG of a card (chips, hand buttons)."""
    return (f'<svg class="mini c-{esc(card[0])}{" potion" if potion else ""}" viewBox="0 0 {w} {h}" '
            f'width="{w}" height="{h}" aria-hidden="true" focusable="false">'
            f'<rect class="face" width="{w}" height="{h}" rx="3"/>'
            f'<text class="val" x="{w / 2}" y="{h * 0.45:.1f}" font-size="{h * 0.38:.1f}">{esc(card[1:])}</text>'
            f'{shape(card[0], w / 2, h * 0.74, w * 0.17)}</svg>')


# ---- the board -------------------------------------------------------------------
# Rows are HTML (so they reflow from phone to desktop); every card is SVG art.


def card_svg(card: str, *, potion: bool = False, cls: str = "") -> str:
    """One card as an inline SVG (scaled by CSS): the number large at the top,
    the colour's ingredient drawing (art.py, a ``<use>`` of the page's
    symbols) in a light medallion, its shape in the corner."""
    extra = " potion" if potion else ""
    colour, value = card[0], card[1:]
    w, h = CARD_W, CARD_H
    art = ('<circle class="medal" cx="32" cy="62" r="21"/>' + hx_art.use(colour, 14, 44, 36)
           if colour in hx_art.KINDS else "")
    return (f'<svg class="cardsvg{" " + cls if cls else ""}" viewBox="0 0 {w} {h}" aria-hidden="true" '
            f'focusable="false"><g class="card c-{esc(colour)}{extra}">'
            f'<rect class="face" width="{w}" height="{h}" rx="7.7"/>'
            + ('<rect class="inner" x="4" y="4" width="56" height="84" rx="5.8"/>' if potion else "")
            + f'<text class="val" x="{w / 2:g}" y="23" font-size="{30 if len(value) < 2 else 24}">{esc(value)}</text>{art}'
            + shape(colour, 10, 10, 5)
            + ('<text class="tag" x="58" y="15" font-size="11">\u2697</text>' if potion else "")
            + "</g></svg>")


def _meter(fill: float) -> str:
    width = max(0.0, min(1.0, fill)) * 100
    return (f'<svg class="meter" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">'
            f'<rect class="meter-bg" width="100" height="10" rx="5"/>'
            f'<rect class="meter-fill" width="{width:.1f}" height="10" rx="5"/></svg>')


def board(view: dict, ctx: Ctx) -> str:
    rows = view["rows"]
    potions = view["potions"]
    phase = view["phase"]
    my_turn = ctx.viewer is not None and view["to_move"] == ctx.viewer
    boom_row = view["row"] if phase in ("pick", "refill") else -1
    parts = [_row(ctx, r, rows[r], potions[r], boom_row == r, my_turn, phase) for r in range(len(rows))]
    pile = ctx.h("hexen_cocktail.potions_left", count=len(view["potion_pool"]))
    info = part("info", f'<span class="pile">{pile}</span>{_last_boom(ctx)}', "div", ' class="hx-info"')
    html = (
        f'<div class="hx-board" data-board aria-label="{ctx.h("game.hexen_cocktail.title")}">'
        f'{hx_art.defs()}{info}<ol class="hx-rows">{"".join(parts)}</ol></div>'
    )
    # the next step (render/focus.py): the first legal row for the chosen card, the first card to take
    if my_turn and not ctx.curtain and (phase == "pick" or ctx.selected):
        html = mark_next(html, 'data-action="')
    return html


def _last_boom(ctx: Ctx) -> str:
    for key, params in reversed(ctx.log):
        if key == "hexen_cocktail.log.explode":
            text = ctx.tr("hexen_cocktail.last_boom", name=ctx.name(params.get("seat")),
                          potion=potion_name(str(params.get("potion")), ctx))
            return f'<span class="boom-note">{esc(text)}</span>'
    return ""


def _row(ctx: Ctx, r: int, cards: list, potion: str | None, boomed: bool, my_turn: bool, phase: str) -> str:
    total = sum(_value(c) for c in cards)
    limit = _value(potion) if potion else 0
    row_no = r + 1
    cls = ["row", "has-hit"]
    hook: dict[str, str] = {}
    if potion:
        label = ctx.tr("hexen_cocktail.row_label", row=row_no, potion=potion_name(potion, ctx),
                       sum=total, value=limit)
        ratio = total / limit if limit else 1
        if ratio >= 0.85:
            cls.append("row--hot")
        elif ratio >= 0.6:
            cls.append("row--warm")
    else:
        label = ctx.tr("hexen_cocktail.row", row=row_no)
    if boomed:
        cls.append("row--boom")
    marked = last_seats(ctx, lambda text: text.startswith("play:") and text.rsplit(":", 1)[1] == str(row_no))
    if marked:
        cls.append(last_class(ctx, marked).strip())
    if ctx.viewer is not None and not ctx.curtain:
        if ctx.selected:
            text = f"play:{ctx.selected}:{row_no}"
            hook = ctx.target(text)
            label = ctx.tr("hexen_cocktail.row_play", card=card_name(ctx.selected, ctx), row=row_no)
            cls.append("row--target" if text in ctx.legal else "row--blocked")
        elif my_turn and phase in ("play", "bonus"):
            hook = {"data-ui": "hint:hexen_cocktail.select_first"}
            cls.append("row--hint")
    seated = ctx.viewer is not None and not ctx.curtain
    if marked and hook:  # the row's name is its label: say the last move there too
        label += ", " + ctx.tr("follow.last", names=", ".join(ctx.name(s) for s in marked))
    # a seated player's row always starts with its button, disabled while it is no
    # target: a turn's start or end then only sets the button's attributes
    hit = hit_button(hook, label) if hook else (
        f'<button type="button" class="hit" disabled aria-label="{esc(label)}"></button>' if seated else "")
    out = [f'{hit}{last_badge(ctx, marked)}']
    # the potion
    if potion:
        out.append(f'<div class="potion-slot" title="{esc(potion_name(potion, ctx))}">{card_svg(potion, potion=True)}'
                   f'<span class="sr">{esc(potion_name(potion, ctx))}</span></div>')
    elif boomed:
        out.append(f'<div class="potion-slot is-boom"><span class="boom-mark" aria-hidden="true">\u2739</span>'
                   f'<span class="sr">{ctx.h("hexen_cocktail.row_boom")}</span></div>')
    else:
        out.append('<div class="potion-slot is-empty"></div>')
    # the ingredient cards
    taking = ctx.viewer is not None and not ctx.curtain and phase == "pick" and my_turn
    crowd = "crowd-0" if len(cards) <= 5 else "crowd-1" if len(cards) <= 8 else "crowd-2"
    items = []
    for card in cards:
        name = card_name(card, ctx)
        if taking:
            text = f"take:{card}"
            a = ctx.target(text)
            ok = text in ctx.legal
            items.append(f'<button type="button" class="rcard{" takeable" if ok else ""}"{attrs(a)} '
                         f'title="{esc(name)}">{card_svg(card)}<span class="sr">{esc(name)}</span></button>')
        else:
            items.append(f'<span class="rcard" title="{esc(name)}">{card_svg(card)}<span class="sr">{esc(name)}</span></span>')
    out.append(f'<div class="row-cards {crowd}">{"".join(items)}</div>')
    # sum / value and a meter
    if potion:
        out.append(f'<div class="row-sum"><span class="sum">{ctx.h("hexen_cocktail.row_sum", sum=total, value=limit)}</span>'
                   f'{_meter(total / limit if limit else 1.0)}'
                   f'<span class="rowno">{ctx.h("hexen_cocktail.row", row=row_no)}</span></div>')
    elif boomed:
        out.append(f'<div class="row-sum"><span class="sum boom-label">{ctx.h("hexen_cocktail.row_boom")}</span>'
                   f'<span class="rowno">{ctx.h("hexen_cocktail.row", row=row_no)}</span></div>')
    else:
        out.append(f'<div class="row-sum"><span class="sum empty-label">{ctx.h("hexen_cocktail.row_empty")}</span>'
                   f'<span class="rowno">{ctx.h("hexen_cocktail.row", row=row_no)}</span></div>')
    return part(f"row-{row_no}", "".join(out), "li", f' class="{" ".join(cls)}" data-row="{row_no}"')


# ---- the hand ----------------------------------------------------------------------


def hand(view: dict, ctx: Ctx) -> str:
    cards = view.get("hand")
    if cards is None or ctx.viewer is None or ctx.curtain:
        return ""
    items = []
    seen_selected = False
    copies: dict[str, int] = {}
    for card in cards:
        pressed = card == ctx.selected and not seen_selected
        seen_selected = seen_selected or pressed
        name = card_name(card, ctx)
        copies[card] = copies.get(card, 0) + 1  # a part per card, keyed by card and copy
        key = f"c-{card}" + (f"-{copies[card]}" if copies[card] > 1 else "")
        items.append(part(
            key, f'{card_svg(card)}<span class="sr">{esc(name)}</span>', "button",
            f' type="button" class="hcard c-{esc(card[0])}{" is-selected" if pressed else ""}" '
            f'data-ui="select:{esc(card)}" data-card="{esc(card)}" aria-pressed="{"true" if pressed else "false"}" '
            f'title="{esc(name)}"'))
    body = "".join(items) or f'<p class="muted">{ctx.own("hexen_cocktail.hand_empty")}</p>'
    # Pass is always on the table: in a bonus play it is a move, otherwise a
    # click explains why not (hexen.turn: no passing; or whose turn it is).
    legal = "pass" in ctx.legal
    label = "hexen_cocktail.pass" if legal else "hexen_cocktail.pass_short"
    pass_btn = part("pass", ctx.h(label), "button",
                    f' type="button" class="btn btn-pass{"" if legal else " is-illegal"}"{attrs(ctx.target("pass"))}')
    title = ctx.own("hexen_cocktail.hand")  # render/context.py hand_panel's markup, in parts
    html = (f'<div class="hand" data-hand role="group" aria-label="{title}">'
            f'<h2 class="hand-title">{title}</h2>'
            f'<div class="hand-cards" data-rove>{body}</div>{pass_btn}</div>')
    if view["to_move"] == ctx.viewer and view["phase"] in ("play", "bonus") and not ctx.selected:
        html = mark_next(html, 'data-ui="select:')  # her turn: the first card (render/focus.py)
    return html


def prompt(view: dict, ctx: Ctx) -> str:
    if ctx.viewer is None or ctx.curtain or view["to_move"] != ctx.viewer:
        return ""
    phase = view["phase"]
    if phase == "pick":
        return ctx.tr("hexen_cocktail.prompt.pick", row=view["row"] + 1)
    if ctx.selected:
        return ctx.tr("hexen_cocktail.prompt.selected", card=card_name(ctx.selected, ctx))
    if phase == "bonus":
        return ctx.tr("hexen_cocktail.prompt.bonus")
    return ctx.tr("hexen_cocktail.prompt.play")


# ---- seats and the end ---------------------------------------------------------------


def seat_info(view: dict, seat: int, ctx: Ctx) -> str:
    taken = view["taken"][seat]
    chips = "".join(
        f'<span class="chip" title="{esc(potion_name(p, ctx))}">{card_svg_small(p, potion=True)}'
        f'<span class="sr">{esc(potion_name(p, ctx))}</span></span>' for p in taken
    ) or f'<span class="muted">{ctx.h("hexen_cocktail.taken_none")}</span>'
    known = ""
    if not ctx.curtain and seat != ctx.viewer and view["known"][seat]:
        names = ", ".join(card_name(c, ctx) for c in view["known"][seat])
        known = f'<div class="known">{esc(ctx.tr("hexen_cocktail.known", cards=names))}</div>'
    return (
        f'<div class="facts"><span>{ctx.h("hexen_cocktail.cards", count=view["hand_sizes"][seat])}</span>'
        f'<span>{ctx.h("hexen_cocktail.penalty", points=view["penalty"][seat])}</span></div>'
        f'<div class="chips">{chips}</div>{known}'
    )


def final(views: list[dict], outcome: Any, seat: int, ctx: Ctx) -> str:
    mine = views[seat]
    hand_cards = mine.get("hand") or []
    potions = mine["penalty"][seat]
    hand_pts = sum(10 if _value(c) == 0 else _value(c) for c in hand_cards)
    left = ", ".join(card_name(c, ctx) for c in hand_cards) or "–"
    return (
        f'<div class="final-detail">'
        f'<span>{ctx.h("hexen_cocktail.score_detail", potions=potions, hand=hand_pts)}</span> · '
        f'<span>{ctx.h("hexen_cocktail.potions_taken", count=len(mine["taken"][seat]))}</span> · '
        f'<span>{esc(ctx.tr("hexen_cocktail.left_in_hand", cards=left))}</span></div>'
    )
