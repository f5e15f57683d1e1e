"""Brauzeit as a position diagram (spieltisch.diagram): the hourglass and the
dice, the viewer's six cauldrons in full, and one line for every other
brewer. Everything on the table is public (``brau.public``), but the drawing
still gets only the viewer's view.

``move``: ``take:q<k>:i<j>:<c>`` and ``wizard:w<k>:<c>`` (the dice and the
cauldron ringed, an arrow between them), ``mage:fill|enchant:<c>:<I>`` and
``brew:<c>:<potion>`` (the cauldron ringed), ``pass``/``reroll``/``hire`` a
badge. ``marks``: ``c:<n>`` a cauldron of the viewer, ``q:<k>``, ``i:<k>``,
``w:<k>`` a die.
"""

from __future__ import annotations

from ...render.context import Ctx
from ...render.html import esc
from ...render.svg import WIDTH, Figure, arrow, badge, fit, group, mark, rect, text
from .board import _star_points, face_text, ing_name, ing_shape, potion_name
from .data import POTIONS

CSS = (
    ".bz-die{fill:#fff;stroke:#3a2c1d;stroke-width:1.5}.bz-die-w{fill:#3b2d5c;stroke:#1d1530;stroke-width:1.5}"
    ".bz-die-gone{fill:none;stroke:#b7ad98;stroke-width:1.5;stroke-dasharray:4 3}"
    ".bz-num{font-size:20px;font-weight:800;text-anchor:middle}.bz-star{fill:#c9a400}"
    ".bz-hatw{fill:#c9b6ea}.bz-cd{fill:#fff;stroke:#d2c6ad;stroke-width:1.5}"
    ".bz-cd-bronze{fill:#b8733a}.bz-cd-silver{fill:#8f9aa6}.bz-cd-gold{fill:#d9a400}"
    ".bz-empty{fill:#f3ecdc;stroke:#d2c6ad;stroke-width:1.5;stroke-dasharray:5 4}"
    ".bz-pname{font-weight:800;font-size:14px}.bz-small{font-size:12px;fill:#5b5a52}"
    ".bz-full{fill:#2d6a4f;font-weight:700}.bz-need{fill:#a33b2b}.bz-wait{fill:#5a3d91}.bz-done{fill:#2d6a4f}"
    ".ish-core{fill:#ffe08a}.i-K .ish{fill:#3f8f3a}.i-F .ish{fill:#d9482b}.i-C .ish{fill:#2a9fb5}"
    ".i-D .ish{fill:#5b6b2a}.i-M .ish{fill:#3b5fc4}.i-S .ish{fill:#c9a400}"
)

DIE = 34
CD_W, CD_GAP = 148, 8


def _die(kind: str, face, x: float, y: float) -> str:
    if face is None:
        return rect(x, y, DIE, DIE, "bz-die-gone", 7)
    if kind == "q":
        inner = (f'<polygon class="bz-star" points="{_star_points(x + DIE / 2, y + DIE / 2, 12)}"/>'
                 if face == "*" else text(x + DIE / 2, y + 24, face_text(face), "bz-num"))
        return rect(x, y, DIE, DIE, "bz-die", 7) + inner
    if kind == "i":
        return rect(x, y, DIE, DIE, "bz-die", 7) + group(x + 5, y + 5, ing_shape(face), f"i-{face}")
    hat = (f'<path class="bz-hatw" d="M{x + 17} {y + 4}L{x + 27} {y + 26}H{x + 7}Z"/>')
    return rect(x, y, DIE, DIE, "bz-die-w", 7) + hat + group(x + 10.5, y + 15, ing_shape(face, 7, 7, 6), f"i-{face}")


def figure(view: dict, ctx: Ctx, *, move: str | None = None, marks: tuple[str, ...] = ()) -> Figure:
    me = ctx.viewer
    out = []
    extra = []
    head = [ctx.tr("brauzeit.ui.hourglass", left=view["rolls_left"], total=view["clock_total"])]
    if view["phase"] in ("roll", "pick"):
        head.append(ctx.tr("brauzeit.ui.roll_of", name=ctx.name(view["active"])))
    out.append(text(10, 14, fit(" \u00b7 ".join(head), WIDTH - 20, 13), "dg-muted"))
    # the dice: quantities, ingredients, wizards
    die_at: dict[str, tuple[float, float]] = {}
    x, y = 10, 24
    for kind, key in (("q", "qty"), ("i", "ing"), ("w", "wiz")):
        faces = view[key]
        if not faces:
            continue
        for k, face in enumerate(faces):
            out.append(_die(kind, face, x, y))
            die_at[f"{kind}{k + 1}"] = (x, y)
            x += DIE + 4
        x += 14
    y += DIE + 14
    # the viewer's cauldrons, three to a row
    out.append(text(10, y + 12, ctx.tr("brauzeit.ui.brewery", name=ctx.name(me)) + " \u00b7 "
                    + ctx.tr("brauzeit.ui.points", points=view["scores"][me]), "dg-strong"))
    y += 20
    cd_at: dict[int, tuple[float, float, float]] = {}
    line_at: dict[tuple[int, str], tuple[float, float]] = {}
    rows_y = y
    row_h = 0.0
    for c, cd in enumerate(view["cauldrons"][me]):
        col, row = c % 3, c // 3
        if col == 0 and row:
            rows_y += row_h + CD_GAP
            row_h = 0.0
        cx = 10 + col * (CD_W + CD_GAP)
        if cd is None:
            h = 44.0
            out.append(rect(cx, rows_y, CD_W, h, "bz-empty", 8))
            out.append(text(cx + 8, rows_y + 18, ctx.tr("brauzeit.ui.cauldron", number=c + 1), "bz-small"))
            out.append(text(cx + 8, rows_y + 36, ctx.tr("brauzeit.ui.cauldron_empty"), "bz-small"))
        else:
            pid, filled, magic = cd
            pot = POTIONS[pid]
            h = 52.0 + 19 * len(pot.recipe)
            out.append(rect(cx, rows_y, CD_W, h, "bz-cd", 8) + rect(cx, rows_y, CD_W, 6, f"bz-cd-{pot.tier}", 3))
            out.append(text(cx + 8, rows_y + 21, f"{c + 1} \u00b7 " + ctx.tr(f"brauzeit.tier.{pot.tier}"), "bz-small"))
            out.append(text(cx + 8, rows_y + 38, fit(potion_name(pid, ctx), CD_W - 22, 15), "bz-pname"))
            out.append(text(cx + CD_W - 8, rows_y + 21, ctx.tr("brauzeit.ui.points", points=pot.points),
                            "bz-small", anchor="end"))
            for k, (letter, need) in enumerate(pot.recipe):
                ly = rows_y + 46 + 19 * k
                have = filled[k]
                line_at[(c + 1, letter)] = (cx + 4, ly)
                out.append(f"<g><title>{esc(ing_name(letter, ctx))}</title>"
                           + group(cx + 8, ly, ing_shape(letter, 8, 8, 7), f"i-{letter}") + "</g>")
                out.append(text(cx + 28, ly + 13, fit(ing_name(letter, ctx), 60, 13), "bz-small"))
                out.append(text(cx + 112, ly + 13, f"{have}/{need}", "bz-full" if have >= need else "", anchor="end",
                                size=13))
                if pot.magic:
                    state = ("bz-need", "bz-wait", "bz-done")[magic[k]]
                    out.append(f'<path class="{state}" d="M{cx + 130} {ly + 1}L{cx + 137} {ly + 15}H{cx + 123}Z"/>')
        cd_at[c + 1] = (cx, rows_y, h)
        row_h = max(row_h, h)
    y = rows_y + row_h + 12
    mine = [ctx.tr("brauzeit.ui.letters_count", count=view["letters"][me], cap=view["letter_cap"])]
    if view["mage"][me]:
        mine.append(ctx.tr("brauzeit.ui.mage_ready"))
    out.append(text(10, y + 12, " \u00b7 ".join(mine), "dg-muted"))
    y += 22
    # the other brewers, one line each
    for p in range(view["n"]):
        if p == me:
            continue
        done = len(view["shelf"][p])
        facts = [ctx.tr("brauzeit.ui.points", points=view["scores"][p]),
                 ctx.tr("brauzeit.ui.letters_count", count=view["letters"][p], cap=view["letter_cap"])]
        if view["heroes_on"]:
            facts.append(ctx.tr("brauzeit.ui.happy_count", count=len(view["happy"][p])))
        else:
            facts.append(ctx.tr("brauzeit.ui.finished", count=done))
        out.append(text(10, y + 14, fit(ctx.name(p), 100), "dg-strong"))
        out.append(text(112, y + 14, fit(" \u00b7 ".join(facts), WIDTH - 122, 13), "dg-muted"))
        y += 22
    # marks and the marked move
    for m in marks:
        kind, _, arg = m.partition(":")
        if kind == "c" and arg.isdigit() and int(arg) in cd_at:
            cx, cy, h = cd_at[int(arg)]
            extra.append(mark(cx, cy, CD_W, h))
        elif kind in ("q", "i", "w") and f"{kind}{arg}" in die_at:
            extra.append(mark(*die_at[f"{kind}{arg}"], DIE, DIE))
        else:
            raise ValueError(f"unknown mark {m!r}: use c:<1-6>, q:<k>, i:<k> or w:<k>")
    if move:
        parts = move.split(":")
        kind = parts[0]
        if kind in ("take", "wizard"):
            dice = parts[1:-1]
            c = int(parts[-1])
            cx, cy, h = cd_at[c]
            extra.append(mark(cx, cy, CD_W, h))
            for d in dice:
                dx, dy = die_at[d]
                extra.append(mark(dx, dy, DIE, DIE))
            dx, dy = die_at[dice[-1]]
            extra.append(arrow(dx + DIE / 2, dy + DIE + 4, cx + CD_W / 2, cy - 4))
        elif kind == "mage":
            c, letter = int(parts[2]), parts[3]
            lx, ly = line_at.get((c, letter), cd_at[c][:2])
            extra.append(mark(lx, ly, CD_W - 8, 17))
            extra.append(badge(WIDTH - 190, 24 + DIE + 8, ctx.tr(f"brauzeit.ui.mage_{parts[1]}")))
        elif kind == "brew":
            c = int(parts[1])
            cx, cy, h = cd_at[c]
            extra.append(mark(cx, cy, CD_W, h))
            extra.append(badge(cx, cy + h - 26, fit(potion_name(parts[2], ctx), CD_W - 20, 14)))
        else:
            label = {"pass": "brauzeit.ui.pass", "reroll": "brauzeit.ui.reroll"}.get(kind)
            text_ = ctx.tr(label) if label else ctx.tr("brauzeit.ui.hire", cost=view["mage_cost"])
            extra.append(badge(WIDTH - 10 - (16 + 8.2 * len(text_)), 24 + DIE + 8, text_))
    return Figure(height=y + 4, body="".join(out) + "".join(extra))
