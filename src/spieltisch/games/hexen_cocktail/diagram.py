"""Hexen Cocktail as a position diagram (spieltisch.diagram): the five potion
rows, the viewer's hand, and each seat's public facts, drawn from one seat's
view (``hexen.hidden``: other hands are only counts).

``move``: ``play:<card>:<row>`` (a ghost card at the end of the row and an
arrow from the hand), ``take:<card>`` (the card ringed in the exploded row),
``pass`` (a badge). ``marks``: ``row:<n>`` rings a row, ``hand:<card>`` a
card of the viewer's hand.
"""

from __future__ import annotations

from ...render.context import Ctx
from ...render.html import esc
from ...render.svg import WIDTH, Figure, arrow, badge, fit, group, mark, rect, spread, text
from .board import card_face, potion_name
from .rules import GAME, Play, Take

CSS = (
    ".hx-row{fill:#f3ecdc}.hx-warm{fill:#fbe3b0}.hx-hot{fill:#f8c4b4}"
    ".hx-boom{fill:#ffd8d2;stroke:#c0392b;stroke-width:2.5;stroke-dasharray:6 4}"
    ".hx-empty{fill:none;stroke:#b7ad98;stroke-width:2;stroke-dasharray:5 4}"
    ".hx-sum{font-size:20px;font-weight:800}.hx-boomt{fill:#c0392b;font-weight:800}"
    ".card .face{stroke:#1f2a24;stroke-width:2}.card .val{font-weight:800;text-anchor:middle;"
    "dominant-baseline:middle;fill:#fff}.card .corner,.card .tag{font-weight:800;fill:#fff;opacity:.85}"
    ".card .tag{text-anchor:end}.card .sym,.card .sym rect{fill:#fff}"
    ".card.potion .inner{fill:none;stroke:#fff;stroke-width:2;stroke-dasharray:4 3}"
    ".c-R .face{fill:#d1423c}.c-B .face{fill:#2f68c9}.c-G .face{fill:#2e8b4e}.c-Y .face{fill:#e2b21b}"
    ".c-P .face{fill:#8a46a8}.c-K .face{fill:#2a2a2e}"
    ".c-Y .val,.c-Y .corner,.c-Y .tag,.c-Y .sym,.c-Y .sym rect{fill:#1f2a24}"
    ".card.c-Y.potion .inner{stroke:#1f2a24}"
)

ROW_H, ROW_GAP, TOP = 62, 6, 22
POT_W, POT_H = 38, 55
CARD_W, CARD_H = 34, 49
HAND_W, HAND_H = 34, 49
X_CARDS, X_END = 60, 392


def _value(card: str) -> int:
    try:
        return int(card[1:])
    except ValueError:
        return 0


def _card(card: str, x: float, y: float, w: float, h: float, *, potion: bool = False, cls: str = "",
          hook: str = "") -> str:
    extra = f' data-card="{hook}"' if hook else ""
    return group(x, y, card_face(card, w, h, potion=potion),
                 f"card c-{card[0]}{' potion' if potion else ''}{' ' + cls if cls else ''}", extra=extra)


def figure(view: dict, ctx: Ctx, *, move: str | None = None, marks: tuple[str, ...] = ()) -> Figure:
    rows, potions = view["rows"], view["potions"]
    boom_row = view["row"] if view["phase"] in ("pick", "refill") else -1
    action = GAME.parse_action(move) if move else None
    out = [text(10, 14, ctx.tr("hexen_cocktail.potions_left", count=len(view["potion_pool"])), "dg-muted")]
    row_box: dict[int, tuple[float, float, float, float]] = {}
    ghost_at = None
    taken_at = None
    for r, cards in enumerate(rows):
        y = TOP + r * (ROW_H + ROW_GAP)
        potion = potions[r]
        total = sum(_value(c) for c in cards)
        limit = _value(potion) if potion else 0
        cls = "hx-row"
        if r == boom_row:
            cls = "hx-boom"
        elif potion and limit:
            ratio = total / limit
            cls = "hx-hot" if ratio >= 0.85 else "hx-warm" if ratio >= 0.6 else "hx-row"
        out.append(rect(8, y, WIDTH - 16, ROW_H, cls, 8))
        row_box[r] = (8, y, WIDTH - 16, ROW_H)
        py = y + (ROW_H - POT_H) / 2
        if potion:
            out.append(_card(potion, 14, py, POT_W, POT_H, potion=True))
        elif r == boom_row:
            out.append(text(14 + POT_W / 2, y + ROW_H / 2 + 9, "\u2739", "hx-boomt", anchor="middle", size=28))
        else:
            out.append(rect(14, py, POT_W, POT_H, "hx-empty", 5))
        plan = list(cards)
        play_here = isinstance(action, Play) and action.row == r
        if play_here:
            plan.append(action.card)
        xs = spread(len(plan), X_CARDS, X_END, CARD_W, CARD_W + 3)
        cy = y + (ROW_H - CARD_H) / 2
        for i, card in enumerate(plan):
            ghost = play_here and i == len(plan) - 1
            out.append(_card(card, xs[i], cy, CARD_W, CARD_H, cls="dg-ghost" if ghost else ""))
            if ghost:
                ghost_at = (xs[i], cy)
            if isinstance(action, Take) and r == boom_row and card == action.card and taken_at is None:
                taken_at = (xs[i], cy)
        label_x = WIDTH - 16
        if potion:
            out.append(text(label_x, y + 30, ctx.tr("hexen_cocktail.row_sum", sum=total, value=limit), "hx-sum",
                            anchor="end"))
        elif r == boom_row:
            out.append(text(label_x, y + 30, ctx.tr("hexen_cocktail.row_boom"), "hx-boomt", anchor="end"))
        else:
            out.append(text(label_x, y + 30, ctx.tr("hexen_cocktail.row_empty"), "dg-muted", anchor="end"))
        out.append(text(label_x, y + 50, ctx.tr("hexen_cocktail.row", row=r + 1), "dg-muted", anchor="end"))
    y = TOP + len(rows) * (ROW_H + ROW_GAP) + 8
    # the viewer's hand
    me = ctx.viewer
    hand = list(view.get("hand") or [])
    out.append(text(10, y + 14, ctx.tr("hexen_cocktail.diagram.hand", name=ctx.name(me)), "dg-strong"))
    hy = y + 22
    xs = spread(len(hand), 10, WIDTH - 10, HAND_W, HAND_W + 4)
    hand_at: dict[str, tuple[float, float]] = {}
    for card, x in zip(hand, xs):
        out.append(_card(card, x, hy, HAND_W, HAND_H, hook=card))
        hand_at.setdefault(card, (x, hy))
    if not hand:
        out.append(text(10, hy + 28, ctx.tr("hexen_cocktail.diagram.hand_empty"), "dg-muted"))
    extra = []
    if isinstance(action, Play) and ghost_at is not None:
        hx, hy0 = hand_at.get(action.card, (10, hy))
        extra.append(mark(hx, hy0, HAND_W, HAND_H) + mark(ghost_at[0], ghost_at[1], CARD_W, CARD_H)
                     + arrow(hx + HAND_W / 2, hy0 - 4, ghost_at[0] + CARD_W / 2, ghost_at[1] + CARD_H + 6))
    elif isinstance(action, Take) and taken_at is not None:
        extra.append(mark(taken_at[0], taken_at[1], CARD_W, CARD_H)
                     + arrow(taken_at[0] + CARD_W / 2, taken_at[1] + CARD_H + 4, taken_at[0] + CARD_W / 2, hy - 6))
    elif action is not None:  # pass
        extra.append(badge(WIDTH - 150, y - 2, ctx.tr("hexen_cocktail.pass_short")))
    for m in marks:
        kind, _, arg = m.partition(":")
        if kind == "row" and arg.isdigit() and int(arg) - 1 in row_box:
            extra.append(mark(*row_box[int(arg) - 1]))
        elif kind == "hand" and arg in hand_at:
            extra.append(mark(hand_at[arg][0], hand_at[arg][1], HAND_W, HAND_H))
        else:
            raise ValueError(f"unknown mark {m!r}: use row:<1-5> or hand:<card in the hand>")
    y = hy + HAND_H + 14
    # every seat: cards in hand, penalty, potions taken (all public)
    for seat in range(view["players"]):
        line = ctx.tr("hexen_cocktail.cards", count=view["hand_sizes"][seat]) + " \u00b7 " + ctx.tr(
            "hexen_cocktail.penalty", points=view["penalty"][seat])
        out.append(text(10, y + 14, fit(ctx.name(seat), 130), "dg-strong"))
        out.append(text(120, y + 14, line, "dg-muted"))
        taken = view["taken"][seat]
        xs = spread(len(taken), 330, WIDTH - 10, 14, 17)
        for p, x in zip(taken, xs):
            out.append(group(x, y, f"<title>{esc(potion_name(p, ctx))}</title>" + card_face(p, 14, 20, potion=False),
                             f"card c-{p[0]}"))
        y += 24
    return Figure(height=y + 4, body="".join(out) + "".join(extra))
