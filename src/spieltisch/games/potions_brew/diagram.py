"""Potions Brew as a position diagram (spieltisch.diagram), drawn from one
seat's view (``potions.hidden``): the gathering rule in force, the two piles,
the cards being gathered (ingredient sides only when the seat may look at
them, else face down), the six recipes with every witch's stack, the seat's
own hand by its ingredient sides, and per witch the amulet, potions brewed and
the recipe sides of her hand (never the seat's own recipe sides).

``move``: ``lay:<card>:<slot>`` / ``move:<card>:<slot>`` (a ghost card in the
seat's column of that recipe, an arrow from the card), ``keep:<card>``,
``give:<card>:<seat>``, ``pick:<1|2>``, ``discard:<card>`` (the card ringed;
for give also the receiver's line), ``pass`` / ``both`` / ``moon:yes|no`` (a
badge). ``marks``: ``slot:<1-6>`` a recipe row, ``hand:<card>`` a card of the
seat's hand, ``seat:<n>`` a witch's line.
"""

from __future__ import annotations

from ...render.context import Ctx
from ...render.svg import WIDTH, Figure, arrow, badge, fit, group, mark, rect, spread, text, wrap
from .board import GLYPH, ing_name, rule_name
from .rules import GAME, ING, INGREDIENTS, NEEDS, VALUE, Discard, Give, Keep, Lay, Move, Pick

CSS = (
    ".pb-T{fill:#c0392b}.pb-M{fill:#2e8b4e}.pb-S{fill:#7b3fa0}.pb-D{fill:#8a5a2b}"
    ".pb-L{fill:#33333a}.pb-O{fill:#2f68c9}"
    ".pb-g{fill:#fff;font-weight:800;text-anchor:middle}"
    ".pb-back{fill:#4a3b66;stroke:#1f2a24;stroke-width:1.5}.pb-back-t{fill:#fff;font-weight:800;text-anchor:middle}"
    ".pb-rec{fill:#fff;stroke:#b7ad98;stroke-width:1.5}.pb-recc{fill:#f3ecdc}"
    ".pb-rowbg{fill:#f3ecdc}.pb-mine{fill:#fbe3b0}.pb-empty{fill:none;stroke:#b7ad98;stroke-dasharray:4 3}"
    ".pb-rule{fill:#e9e0f5}.pb-pts{font-weight:800}.pb-hcard{stroke:#1f2a24;stroke-width:2}"
    ".pb-name{fill:#fff;font-size:9px;text-anchor:middle;font-weight:700}"
)

CHIP = 20  # a laid card in a stack
HAND_W, HAND_H = 50, 60
REC_X, REC_W = 8, 146
ROW_H = 32


def _chip(ing: str, x: float, y: float, w: float, h: float, size: float = 13, cls: str = "") -> str:
    return group(x, y, rect(0, 0, w, h, f"pb-{ing}", 4)
                 + text(w / 2, h / 2 + size * 0.36, GLYPH.get(ing, "?"), "pb-g", size=size), cls)


def _recipe(code: str, x: float, y: float, ctx: Ctx) -> str:
    """A recipe side: a chip per ingredient with its amount, then the points."""
    out = [rect(x, y, REC_W - 4, 24, "pb-rec", 5)]
    needs = NEEDS[code]
    step = min(30, (REC_W - 52) / len(needs))  # four kinds still leave room for the points
    chip = min(18, step - 10)
    cx = x + 4
    for ing, count in needs.items():
        out.append(_chip(ing, cx, y + 12 - chip / 2, chip, chip, chip * 0.68)
                   + text(cx + chip + 2, y + 17, str(count), "dg-strong", size=13))
        cx += step
    out.append(text(x + REC_W - 8, y + 17, ctx.tr("potions_brew.points", points=VALUE[code]), "pb-pts",
                    anchor="end", size=12))
    return "".join(out)


def _back(x: float, y: float, w: float, h: float, label: str) -> str:
    return rect(x, y, w, h, "pb-back", 5) + text(x + w / 2, y + h / 2 + 6, label, "pb-back-t", size=16)


def _hand_card(card: int, x: float, y: float, ctx: Ctx) -> str:
    ing = ING[card]
    body = (rect(0, 0, HAND_W, HAND_H, f"pb-{ing} pb-hcard", 6)
            + text(HAND_W / 2, 30, GLYPH[ing], "pb-g", size=24)
            + text(HAND_W / 2, 50, fit(ing_name(ing, ctx), HAND_W - 2, 9), "pb-name"))
    return group(x, y, body, "pb-card", extra=f' data-card="{card}"')


def _recipe_line(code: str) -> str:
    return "".join(f"{GLYPH[k]}{v}" for k, v in NEEDS[code].items())


def figure(view: dict, ctx: Ctx, *, move: str | None = None, marks: tuple[str, ...] = ()) -> Figure:
    n = view["players"]
    me = ctx.viewer
    action = GAME.parse_action(move) if move else None
    out: list[str] = []
    extra: list[str] = []
    # the gathering rule in force (potions.round2, potions.strength)
    active = view["turn"]
    rule = view["rule"] if view["step"] not in ("deal", "over") else ""
    lines = [ctx.tr("potions_brew.rule_now", name=ctx.name(active), rule=rule_name(rule, ctx))]
    if view["turns"] < n:
        why = ctx.tr("potions_brew.rule_round1")
    elif rule:
        slot = next((i for i, st in enumerate(view["stacks"][active]) if st and ING[st[-1]] == rule), None)
        why = ctx.tr("potions_brew.rule_from", ingredient=ing_name(rule, ctx), slot=slot + 1) if slot is not None else ""
    else:
        why = ""
    meaning = wrap(ctx.tr(f"potions_brew.meaning.{rule or 'basic'}") + (f" ({why})" if why else ""),
                   WIDTH - 60, 13)
    box_h = 26 + 16 * len(meaning)
    out.append(rect(8, 2, WIDTH - 16, box_h, "pb-rule", 8))
    if rule:
        out.append(_chip(rule, 14, 8, 20, 20, 13))
    out.append(text(40 if rule else 16, 23, fit(lines[0], WIDTH - 60), "dg-strong"))
    for i, line in enumerate(meaning):
        out.append(text(16, 40 + 16 * i, line, "dg-muted"))
    y = box_h + 10
    # the piles
    top = view["top"]
    out.append(text(10, y + 16, ctx.tr("potions_brew.draw_pile", count=view["pile_size"] + (1 if top else 0)),
                    "dg-muted"))
    if top:
        out.append(_recipe(top, 8, y + 22, ctx))
    disc = view["discard"]
    out.append(text(250, y + 16, ctx.tr("potions_brew.discard_pile", count=len(disc)), "dg-muted"))
    if disc:
        out.append(_chip(ING[disc[-1]], 250, y + 22, 24, 24, 15)
                   + text(280, y + 39, ing_name(ING[disc[-1]], ctx), "", size=13))
    out.append(text(WIDTH - 10, y + 39, ctx.tr("potions_brew.round", round=view["round"]), "dg-muted",
                    anchor="end"))
    y += 54
    # the cards being gathered: ingredient sides only for the witch who may look at them
    drawn = view["drawn"]
    drawn_at: dict[object, tuple[float, float]] = {}
    if drawn:
        seen = view["drawn_seen"]
        key = "potions_brew.drawn" if seen else (
            "potions_brew.blind_title" if view["step"] == "blind" else "potions_brew.diagram.drawn_hidden")
        out.append(text(10, y + 14, ctx.tr(key, name=ctx.name(active)), "dg-strong"))
        for i, c in enumerate(drawn):
            x = 10 + i * 46
            if seen:
                out.append(_chip(ING[c], x, y + 22, 38, 38, 20))
                drawn_at.setdefault(c, (x, y + 22))
            else:
                out.append(_back(x, y + 22, 38, 38, str(i + 1) if view["step"] == "blind" else "?"))
                drawn_at[f"pos{i + 1}"] = (x, y + 22)
        y += 68
    # the six recipes and every witch's stack beside each
    order = [me] + [i for i in range(n) if i != me]
    col0 = REC_X + REC_W + 4
    colw = (WIDTH - 8 - col0) / n
    for k, seat in enumerate(order):
        out.append(text(col0 + k * colw + 2, y + 14, fit(ctx.name(seat), colw - 4, 12),
                        "dg-strong" if seat == me else "dg-muted", size=12))
    y += 20
    slot_box: dict[int, tuple[float, float, float, float]] = {}
    laid_at: dict[int, tuple[float, float]] = {}
    ghost_at = None
    for slot, code in enumerate(view["recipes"]):
        ry = y + slot * (ROW_H + 4)
        out.append(rect(4, ry, WIDTH - 8, ROW_H, "pb-rowbg", 6))
        out.append(rect(col0, ry + 1, colw, ROW_H - 2, "pb-mine", 4))
        slot_box[slot] = (4, ry, WIDTH - 8, ROW_H)
        if code:
            out.append(_recipe(code, REC_X, ry + 4, ctx))
        else:
            out.append(rect(REC_X, ry + 4, REC_W - 4, 24, "pb-empty", 5)
                       + text(REC_X + 8, ry + 21, ctx.tr("potions_brew.recipe_empty"), "dg-muted"))
        for k, seat in enumerate(order):
            stack = list(view["stacks"][seat][slot])
            ghost = seat == me and isinstance(action, (Lay, Move)) and action.slot == slot
            plan = stack + ([action.card] if ghost else [])
            xs = spread(len(plan), col0 + k * colw + 3, col0 + (k + 1) * colw - 3, CHIP, CHIP + 1)
            for i, (c, x) in enumerate(zip(plan, xs)):
                is_ghost = ghost and i == len(plan) - 1
                out.append(_chip(ING[c], x, ry + 6, CHIP, CHIP, 12, "dg-ghost" if is_ghost else ""))
                if is_ghost:
                    ghost_at = (x, ry + 6)
                elif seat == me:
                    laid_at[c] = (x, ry + 6)
    y += len(view["recipes"]) * (ROW_H + 4) + 6
    # the seat's own hand: ingredient sides only
    hand = list(view.get("hand") or [])
    out.append(text(10, y + 14, ctx.tr("potions_brew.diagram.hand", name=ctx.name(me)), "dg-strong"))
    hy = y + 22
    hand_at: dict[int, tuple[float, float]] = {}
    for c, x in zip(hand, spread(len(hand), 10, WIDTH - 10, HAND_W, HAND_W + 5)):
        out.append(_hand_card(c, x, hy, ctx))
        hand_at.setdefault(c, (x, hy))
    if not hand:
        out.append(text(10, hy + 30, ctx.tr("potions_brew.hand_empty"), "dg-muted"))
    y = hy + HAND_H + 10
    # every witch: amulet, potions brewed, cards in hand (others: their recipe sides)
    seat_box: dict[int, tuple[float, float, float, float]] = {}
    for seat in order:
        codes = view["hands"][seat]
        facts = " \u00b7 ".join((ctx.tr("potions_brew.amulet", points=view["scores"][seat]),
                                 ctx.tr("potions_brew.brewed", count=len(view["brewed"][seat])),
                                 ctx.tr("potions_brew.diagram.cards", count=len(codes))))
        out.append(text(10, y + 15, fit(ctx.name(seat), 120), "dg-strong"))
        out.append(text(130, y + 15, fit(facts, WIDTH - 140, 13), "dg-muted", size=13))
        h = 22
        if seat != me and codes:
            rec_lines = wrap("  ".join(_recipe_line(c) for c in codes), WIDTH - 140, 14)
            for i, line in enumerate(rec_lines):
                out.append(text(130, y + 33 + 17 * i, line, "", size=14))
            h += 17 * len(rec_lines)
        seat_box[seat] = (6, y + 1, WIDTH - 12, h)
        y += h + 4
    # the legend: glyph = ingredient (never colour alone)
    for i in range(len(INGREDIENTS)):
        x, ly = 10 + (i % 3) * 156, y + 16 + (i // 3) * 18
        out.append(_chip(INGREDIENTS[i], x, ly - 12, 16, 16, 11) + text(x + 21, ly, ing_name(INGREDIENTS[i], ctx),
                                                                       "dg-muted", size=13))
    y += 44
    # the marked move
    if isinstance(action, (Lay, Move)) and ghost_at is not None:
        src = hand_at.get(action.card) if isinstance(action, Lay) else laid_at.get(action.card)
        extra.append(mark(ghost_at[0], ghost_at[1], CHIP, CHIP))
        if src is not None:
            w, h = (HAND_W, HAND_H) if isinstance(action, Lay) else (CHIP, CHIP)
            extra.append(mark(src[0], src[1], w, h)
                         + arrow(src[0] + w / 2, src[1] - 4, ghost_at[0] + CHIP / 2, ghost_at[1] + CHIP + 6))
    elif isinstance(action, (Keep, Give)) and action.card in drawn_at:
        x, yy = drawn_at[action.card]
        extra.append(mark(x, yy, 38, 38))
        if isinstance(action, Give) and action.seat in seat_box:
            extra.append(mark(*seat_box[action.seat]))
    elif isinstance(action, Pick) and f"pos{action.pos}" in drawn_at:
        x, yy = drawn_at[f"pos{action.pos}"]
        extra.append(mark(x, yy, 38, 38))
    elif isinstance(action, Discard) and action.card in hand_at:
        x, yy = hand_at[action.card]
        extra.append(mark(x, yy, HAND_W, HAND_H))
    elif action is not None:
        label = {"pass": "potions_brew.pass", "both": "potions_brew.both", "moon:yes": "potions_brew.moon_yes",
                 "moon:no": "potions_brew.moon_no"}.get(str(action))
        extra.append(badge(WIDTH - 190, 4, fit(ctx.tr(label) if label else str(action), 170)))
    for m in marks:
        kind, _, arg = m.partition(":")
        num = int(arg) if arg.isdigit() else -1
        if kind == "slot" and num - 1 in slot_box:
            extra.append(mark(*slot_box[num - 1]))
        elif kind == "hand" and num in hand_at:
            extra.append(mark(hand_at[num][0], hand_at[num][1], HAND_W, HAND_H))
        elif kind == "seat" and num - 1 in seat_box:
            extra.append(mark(*seat_box[num - 1]))
        else:
            raise ValueError(f"unknown mark {m!r}: use slot:<1-6>, hand:<card in the hand> or seat:<1-{n}>")
    return Figure(height=y + 4, body="".join(out) + "".join(extra))
