"""Potions Brew on screen: the gathering rule in force (always shown), the two
piles, the six recipes with every witch's staggered stack beside each, the
decision of the moment (keep / give / blind pick / Moonstone / both), and the
hand as buttons showing the ingredient side, with the recipe printed on the
back shown small ("back: ...") for its owner. The others' hands appear in the
players panel as recipe sides only.

Clicks: a hand card (or, with 3 laid out, one of your laid cards) carries
``data-ui="select:<card>"``; with a card selected every recipe card is a
button carrying ``lay:<card>:<slot>`` or ``move:<card>:<slot>`` (data-action
when legal, else data-illegal with aria-disabled: a tap says why), named
"Lay Mistletoe on recipe 3" (issue 29: the recipe is the target, not a row
of buttons beside it). Decisions are buttons with their action text. Every target is a
real ``<button>``, so Tab/Enter/Space work, and targets are at least 44 px.

Over 400 lines because the five regions above share the card faces and the
names of cards, recipes and rules (the log's words too, ``param``); split,
each part would import the others' helpers. The next split, when it grows:
the names into a module of their own.
"""

from __future__ import annotations

import functools
from typing import Any

from ...i18n import t
from ...render.context import Ctx, hand_panel
from ...render.focus import mark_next
from ...render.html import attrs, esc
from ...render.marks import last_badge, last_class, last_seats
from ...render.parts import part
from . import art
from .rules import (
    ING,
    INGREDIENTS,
    MAX_RESHUFFLES,
    NEEDS,
    REC,
    STALL_CARDS,
    STRENGTH,
    VALUE,
    WIN_POINTS,
)

RULE_IDS = (
    "potions.cards", "potions.setup", "potions.start", "potions.hidden", "potions.turn",
    "potions.draw", "potions.lay", "potions.handlimit", "potions.round2", "potions.strength",
    "potions.toadstool", "potions.mistletoe", "potions.snake", "potions.mandrake",
    "potions.blind", "potions.spider", "potions.spider_all", "potions.moonstone",
    "potions.rearrange", "potions.cap", "potions.brew", "potions.stacks",
    "potions.reshuffle", "potions.win", "potions.cards_out", "potions.stall", "core.chance",
)

GLYPH = {"T": "\u2742", "M": "\u2766", "S": "\u2240", "D": "\u2695", "L": "\u2733", "O": "\u263e"}


# ---- names ---------------------------------------------------------------------------

def ing_name(ing: str, ctx: Ctx) -> str:
    return ctx.tr(f"potions_brew.ing.{ing}") if ing in INGREDIENTS else str(ing)


def card_name(card: Any, ctx: Ctx) -> str:
    """A known card by its ingredient side (what lies face up / what you hold)."""
    try:
        return ing_name(ING[int(card)], ctx)
    except (KeyError, ValueError, TypeError):
        return str(card)


@functools.cache  # a board names each recipe many times: its words once per language
def _recipe_words(lang: str, code: str) -> str:
    needs = ", ".join(t(lang, "potions_brew.need", count=v, ingredient=t(lang, f"potions_brew.ing.{k}"))
                      for k, v in NEEDS[code].items())
    return f"{needs} ({t(lang, 'potions_brew.points', points=VALUE[code])})"


def recipe_text(code: Any, ctx: Ctx) -> str:
    return _recipe_words(ctx.lang, code) if isinstance(code, str) and code in NEEDS else str(code)


def rule_name(rule: Any, ctx: Ctx) -> str:
    return ctx.tr(f"potions_brew.rule.{rule or 'basic'}")


def param(name: str, value: Any, ctx: Ctx) -> str:
    if name in ("seat", "picker", "to"):
        return ctx.name(value)
    if name in ("card", "took"):
        return card_name(value, ctx)
    if name == "recipe":
        return recipe_text(value, ctx)
    if name == "rule":
        return rule_name(value, ctx)
    return str(value)


# ---- card pieces ------------------------------------------------------------------------

def ing_face(ing: str, ctx: Ctx, cls: str = "") -> str:
    """An ingredient side: glyph + name, coloured per kind (never colour alone)."""
    return _ing_face(ctx.lang, ing, cls)


# Where a card name may break on a narrow card (issue 29: "Moonst one"): between the parts of
# the word, with a hyphen (a soft hyphen, invisible unless the line breaks there). Any other
# name still breaks only where it must (style.css: overflow-wrap: break-word).
NAME_BREAKS = ("Moon|stone", "Man|drake", "Toad|stool", "Mistle|toe", "Snake poi|son", "Spider leg",
               "Mond|stein", "Al|raune", "Fliegen|pilz", "Schlangen|gift", "Spinnen|bein", "Mis|tel")
_BREAKS = {b.replace("|", ""): b for b in NAME_BREAKS}


def name_html(name: str) -> str:
    """The escaped name with a soft hyphen where it may break."""
    return esc(_BREAKS.get(name, name)).replace("|", "\u00ad")


@functools.cache  # a board shows each ingredient many times: its markup once per language
def _ing_face(lang: str, ing: str, cls: str) -> str:
    name = t(lang, f"potions_brew.ing.{ing}") if ing in INGREDIENTS else str(ing)
    pic = art.icon(ing, "pb-art") if ing in art.ING_ART else '<span class="pb-glyph" aria-hidden="true">?</span>'
    return (f'<span class="pb-face pb-ing pb-{esc(ing)}{" " + cls if cls else ""}">'
            f'{pic}<span class="pb-ing-name">{name_html(name)}</span></span>')


_CHIPS: dict[str, str] = {}


def recipe_face(code: str, ctx: Ctx, cls: str = "") -> str:
    """A recipe side: one chip per ingredient kind with its amount, and the
    points; the words for screen readers (the chips are glyphs)."""
    chips = _CHIPS.get(code)
    if chips is None:  # a chip per kind: its picture and the amount, in readable type
        chips = _CHIPS[code] = (
            f'{art.flask()}<span class="pb-needs">'
            + "".join(f'<span class="pb-need pb-{k}">{art.icon(k, "pb-chip-art")}<b>{v}</b></span>'
                      for k, v in NEEDS[code].items())
            + f'</span><span class="pb-pts">{VALUE[code]}</span>')
    return (f'<span class="pb-face pb-rec{" " + cls if cls else ""}">'
            f'<span class="pb-rec-art" aria-hidden="true">{chips}</span>'
            f'<span class="sr">{esc(recipe_text(code, ctx))}</span></span>')


def back_face(ctx: Ctx, label: str = "") -> str:
    return (f'<span class="pb-face pb-back" aria-hidden="{"false" if label else "true"}">'
            f'<span class="pb-glyph">?</span>{f"<span class=sr>{esc(label)}</span>" if label else ""}</span>')


# ---- the gathering rule in force ------------------------------------------------------------

def _tops(view: dict, seat: int) -> list[tuple[int, str]]:
    return [(slot, ING[st[-1]]) for slot, st in enumerate(view["stacks"][seat]) if st]


def _rule_box(view: dict, ctx: Ctx) -> str:
    n = view["players"]
    active = view["turn"]
    round2 = view["turns"] >= n
    rule = view["rule"] if view["step"] not in ("deal", "over") else ""
    name = ctx.name(active)
    head = ctx.tr("potions_brew.rule_now", name=name, rule=rule_name(rule, ctx))
    why = ""
    if not round2:
        why = ctx.tr("potions_brew.rule_round1")
    elif rule:
        slot = next((s for s, ing in _tops(view, active) if ing == rule), None)
        if slot is not None:
            why = ctx.tr("potions_brew.rule_from", ingredient=ing_name(rule, ctx), slot=slot + 1)
    meaning = ctx.tr(f"potions_brew.meaning.{rule or 'basic'}")
    notes = []
    if round2:
        spiders = [ctx.name(i) for i in range(n) if "L" in {g for _, g in _tops(view, i)}]
        moons = [ctx.name(i) for i in range(n)
                 if "O" in {g for _, g in _tops(view, i)} and "L" not in {g for _, g in _tops(view, i)}]
        if spiders:
            notes.append(f'<li class="pb-note">{ing_face("L", ctx, "is-mini")} '
                         f'{ctx.h("potions_brew.spider_note", names=", ".join(spiders))}</li>')
        if moons:
            notes.append(f'<li class="pb-note">{ing_face("O", ctx, "is-mini")} '
                         f'{ctx.h("potions_brew.moon_note", names=", ".join(moons))}</li>')
    rid = {"": "potions.draw", "T": "potions.toadstool", "M": "potions.mistletoe",
           "S": "potions.snake", "D": "potions.mandrake"}[rule]
    icon = ing_face(rule, ctx, "is-mini") if rule else ""
    return (f'<section class="pb-rule pb-rule-{esc(rule or "basic")}" data-rule-now="{esc(rule or "basic")}" '
            f'aria-live="polite">'
            f'<p class="pb-rule-head">{icon}<strong>{esc(head)}</strong>'
            f'{f" <span class=pb-rule-why>({esc(why)})</span>" if why else ""}'
            f' <button type="button" class="btn btn-link pb-rule-help" data-ui="rules:{rid}">?</button></p>'
            f'<p class="pb-rule-meaning">{esc(meaning)}</p>'
            + (f'<ul class="pb-notes">{"".join(notes)}</ul>' if notes else "") + '</section>')


# ---- the board --------------------------------------------------------------------------------

def _selected(view: dict, ctx: Ctx) -> tuple[int | None, str]:
    """The selected card and whether it is in the hand ("lay") or laid ("move")."""
    if ctx.selected is None or ctx.viewer is None or ctx.curtain:
        return None, ""
    try:
        card = int(ctx.selected.split(":")[0])
    except ValueError:
        return None, ""
    if card in (view.get("hand") or ()):
        return card, "lay"
    if any(card in st for st in view["stacks"][ctx.viewer]):
        return card, "move"
    return None, ""


def board(view: dict, ctx: Ctx) -> str:
    # parts (render/parts.py): a move changes a slot or two, the piles, the
    # decision; the rest stays on the page as it is
    html = (f'<div class="pb-board" data-board aria-label="{ctx.h("game.potions_brew.title")}">{art.defs()}'
            f'{part("rule", _rule_box(view, ctx), "div", _CONTENTS)}{part("piles", _piles(view, ctx), "div", _CONTENTS)}'
            f'{part("decision", _decision(view, ctx), "div", _CONTENTS)}'
            f'{_recipes(view, ctx)}</div>')
    card, mode = _selected(view, ctx)
    if card is not None and view["to_move"] == ctx.viewer:
        html = mark_next(html, f'data-action="{mode}:')  # the chosen card's first recipe (render/focus.py)
    return html


_CONTENTS = ' class="pb-part"'  # display: contents: the wrapper adds no box to the board's grid


def _piles(view: dict, ctx: Ctx) -> str:
    top = view["top"]
    draw = (f'<div class="pb-pile pb-draw"><span class="pb-pile-label">'
            f'{ctx.h("potions_brew.draw_pile", count=view["pile_size"] + (1 if top else 0))}</span>'
            + (f'<span class="pb-card is-recipe" title="{ctx.h("potions_brew.draw_top")}">{recipe_face(top, ctx)}</span>'
               if top else f'<span class="muted">{ctx.h("potions_brew.draw_empty")}</span>') + '</div>')
    disc = view["discard"]
    dtop = (f'<span class="pb-card is-ing" data-discard-top="{disc[-1]}">{ing_face(ING[disc[-1]], ctx)}</span>'
            if disc else f'<span class="muted">{ctx.h("potions_brew.discard_empty")}</span>')
    discard = (f'<div class="pb-pile pb-discard"><span class="pb-pile-label">'
               f'{ctx.h("potions_brew.discard_pile", count=len(disc))}</span>{dtop}</div>')
    info = (f'<div class="pb-pile pb-info"><span>{ctx.h("potions_brew.round", round=view["round"])}</span>'
            + (f'<span>{ctx.h("potions_brew.reshuffles", count=MAX_RESHUFFLES - view["reshuffles"])}</span>'
               if view["short"] else _stall(view, ctx)) + '</div>')
    return f'<div class="pb-piles">{draw}{discard}{info}</div>'


def _stall(view: dict, ctx: Ctx) -> str:
    """potions.stall: how close a whole pass with no potion is, as a meter
    and in words."""
    count, limit = min(view["stall"], STALL_CARDS), STALL_CARDS
    near = " is-near" if count >= limit * 3 // 4 else ""
    return (f'<span class="pb-stall{near}" data-stall="{count}" title="{ctx.h("potions_brew.stall_hint", limit=limit)}">'
            f'{ctx.h("potions_brew.stall", count=count, limit=limit)}'
            f'<meter min="0" max="{limit}" value="{count}" aria-hidden="true"></meter></span>')


def _decision(view: dict, ctx: Ctx) -> str:
    step = view["step"]
    me = ctx.viewer if not ctx.curtain else None
    active = view["turn"]
    if step == "blind":
        picker = view["picker"]
        mine = me == picker
        cards = []
        for pos in (1, 2):
            label = ctx.tr("potions_brew.blind_card", pos=pos)
            hook = attrs(ctx.target(f"pick:{pos}")) if mine else ""
            tagname = "button" if mine else "span"
            extra = ' type="button"' if mine else ""
            cards.append(f'<{tagname}{extra} class="pb-card is-back pb-blind"{hook} aria-label="{esc(label)}">'
                         f'{back_face(ctx)}<span class="pb-pos">{pos}</span></{tagname}>')
        text = (ctx.tr("potions_brew.blind_you", name=ctx.name(active)) if mine else
                ctx.tr("potions_brew.blind_wait", picker=ctx.name(picker), name=ctx.name(active)))
        return (f'<section class="pb-decide pb-blindbox" data-blind><h3>{ctx.h("potions_brew.blind_title")}</h3>'
                f'<p>{esc(text)}</p><div class="pb-row">{"".join(cards)}</div></section>')
    if step in ("keep", "give", "both"):
        drawn = view["drawn"]
        if me == active and (view["drawn_seen"] or step == "both"):
            btns = []
            if step == "keep":
                for c in drawn:
                    name = card_name(c, ctx)
                    btns.append(f'<button type="button" class="pb-card is-ing pb-choice"{attrs(ctx.target(f"keep:{c}"))} '
                                f'><span aria-hidden="true">{ing_face(ING[c], ctx)}</span>'
                                f'<span class="pb-act">{ctx.h("potions_brew.keep", card=name)}</span></button>')
            elif step == "give":
                for c in drawn:
                    for seat in range(view["players"]):
                        if seat == me:
                            continue
                        text = f"give:{c}:{seat + 1}"
                        label = ctx.tr("potions_brew.give", card=card_name(c, ctx), name=ctx.name(seat))
                        btns.append(f'<button type="button" class="btn pb-give"{attrs(ctx.target(text))}>'
                                    f'{ing_face(ING[c], ctx, "is-mini")} {esc(label)}</button>')
            else:
                btns.append(f'<p>{ctx.h("potions_brew.prompt.both")}</p>'
                            f'<button type="button" class="btn btn-primary"{attrs(ctx.target("both"))}>'
                            f'{ctx.h("potions_brew.both")}</button>')
            return (f'<section class="pb-decide" data-drawn><h3>{ctx.h("potions_brew.drawn")}</h3>'
                    f'<div class="pb-row">{"".join(btns)}</div></section>')
        recipes = ", ".join(recipe_text(c, ctx) for c in drawn)
        return (f'<section class="pb-decide pb-wait"><p>'
                f'{ctx.h("potions_brew.drawn_other", name=ctx.name(active), recipes=recipes)}</p></section>')
    if step == "moon" and view["moon"]:
        seat, card = view["moon"][0]
        if me == seat:
            top = view["discard"][-1] if view["discard"] else None
            q = ctx.h("potions_brew.moon_q", card=card_name(card, ctx),
                      top=card_name(top, ctx) if top is not None else "-")
            return (f'<section class="pb-decide" data-moon><p>{q}</p><div class="pb-row">'
                    f'<button type="button" class="btn btn-primary"{attrs(ctx.target("moon:yes"))}>{ctx.h("potions_brew.moon_yes")}</button>'
                    f'<button type="button" class="btn"{attrs(ctx.target("moon:no"))}>{ctx.h("potions_brew.moon_no")}</button>'
                    f'</div></section>')
        return (f'<section class="pb-decide pb-wait"><p>{ctx.h("potions_brew.moon_wait", name=ctx.name(seat))}'
                f'</p></section>')
    return ""


def _recipes(view: dict, ctx: Ctx) -> str:
    card, mode = _selected(view, ctx)
    movable = {t.rsplit(":", 1)[0] for t in ctx.legal if t.startswith("move:")}  # "move:<card>"
    items = []
    for slot in range(len(view["recipes"])):
        items.append(_recipe(view, ctx, slot, card, mode, movable))
    return (f'<section class="pb-recipes"><h3 class="sr">{ctx.h("potions_brew.recipes")}</h3>'
            f'<ol class="pb-slots">{"".join(items)}</ol></section>')


def _recipe(view: dict, ctx: Ctx, slot: int, card: int | None, mode: str, movable: set[str]) -> str:
    code = view["recipes"][slot]
    n = view["players"]
    me = ctx.viewer if not ctx.curtain else None
    if code:
        label = ctx.tr("potions_brew.recipe_label", slot=slot + 1, needs=recipe_text(code, ctx),
                       points=VALUE[code])
        face = recipe_face(code, ctx)
        kind = "is-recipe"
    else:
        label = ctx.tr("potions_brew.recipe_empty")
        face = f'<span class="pb-empty-text">{ctx.h("potions_brew.recipe_empty")}</span>'
        kind = "is-empty"
    cls = "pb-slot"
    if card is not None:
        # issue 29: the recipe card itself is the target (no wall of "Lay … on recipe n" buttons)
        text = f"{mode}:{card}:{slot + 1}"
        key = "potions_brew.lay_here" if mode == "lay" else "potions_brew.move_here"
        tl = ctx.tr(key, card=card_name(card, ctx), slot=slot + 1)
        ok = text in ctx.legal
        cls += " is-target" if ok else " is-blocked"
        why = "" if ok else f' ({ctx.tr("potions_brew.lay_blocked")})'
        state = "" if ok else ' aria-disabled="true"'
        mark = "\u2193" if ok else "\u2715"  # ↓ lay here / ✕ does not fit: never by colour alone
        head = (f'<button type="button" class="pb-card {kind} pb-slot-card pb-target"{attrs(ctx.target(text))}{state}>'
                f'<span class="sr">{esc(tl + why)}</span><span class="pb-card-in" aria-hidden="true">{face}'
                f'<span class="pb-target-mark">{mark}</span></span></button>')
    else:
        head = f'<span class="pb-card {kind} pb-slot-card">{face}</span>'
    stacks = []
    order = ([me] if me is not None else []) + [i for i in range(n) if i != me]
    for seat in order:
        st = view["stacks"][seat][slot]
        if not st:
            continue
        total = sum(NEEDS[code].values()) if code else len(st)
        names = ", ".join(card_name(c, ctx) for c in st)
        slabel = ctx.tr("potions_brew.stack_label", name=ctx.name(seat), cards=names, have=len(st), total=total)
        cards = []
        for i, c in enumerate(st):
            top_cls = " is-top" if i == len(st) - 1 else ""
            if seat == me and f"move:{c}" in movable:
                pressed = card == c
                cards.append(f'<button type="button" class="pb-card is-ing pb-laid{top_cls}{" is-selected" if pressed else ""}" '
                             f'data-ui="select:{c}" aria-pressed="{"true" if pressed else "false"}" '
                             f'aria-label="{esc(card_name(c, ctx))}">{ing_face(ING[c], ctx)}</button>')
            else:
                cards.append(f'<span class="pb-card is-ing pb-laid{top_cls}">{ing_face(ING[c], ctx)}</span>')
        mine = " is-mine" if seat == me else ""
        stacks.append(f'<div class="pb-stack{mine}" data-stack="{seat + 1}-{slot + 1}" aria-label="{esc(slabel)}">'
                      f'<span class="pb-stack-who">{esc(ctx.name(seat))} <small>{len(st)}/{total}</small></span>'
                      f'<span class="pb-stagger">{"".join(cards)}</span></div>')
    marked = last_seats(ctx, lambda text: text.split(":")[0] in ("lay", "move") and text.split(":")[2] == str(slot + 1))
    if marked:  # each seat's last card laid here (issue 14)
        cls += last_class(ctx, marked)
        label += ", " + ctx.tr("follow.last", names=", ".join(ctx.name(s) for s in marked))
    return part(f"slot-{slot + 1}",
                f'<div class="pb-slot-head"><span class="pb-slot-no" aria-hidden="true">{slot + 1}</span>{head}'
                f'{last_badge(ctx, marked)}</div>'
                f'<div class="pb-stacks">{"".join(stacks)}</div>',
                "li", f' class="{cls}" data-row="{slot + 1}" aria-label="{esc(label)}"')


# ---- the hand ------------------------------------------------------------------------------------

def hand(view: dict, ctx: Ctx) -> str:
    cards = view.get("hand")
    if cards is None or ctx.viewer is None or ctx.curtain:
        return ""
    card, _mode = _selected(view, ctx)
    discarding = view["step"] == "discard" and view["to_move"] == ctx.viewer
    items = []
    for c in cards:
        name = card_name(c, ctx)
        back = ctx.tr("potions_brew.back_side", recipe=recipe_text(REC[c], ctx))
        # named by their text (no aria-label that would differ from what is shown); the back at its smallest
        inner = (f'{ing_face(ING[c], ctx)}<span class="pb-backline" title="{esc(back)}">'
                 f'<span class="sr">{esc(back)}</span><span aria-hidden="true">{recipe_tiny(REC[c])}</span></span>')
        if discarding:
            text = f"discard:{c}"
            items.append(f'<button type="button" class="pb-card is-ing hcard pb-hcard" data-card="{c}"'
                         f'{attrs(ctx.target(text))}><span class="sr">{esc(ctx.tr("potions_brew.discard_btn", card=name))}</span>'
                         f'<span aria-hidden="true">{inner}</span></button>')
            continue
        pressed = card == c
        items.append(f'<button type="button" class="pb-card is-ing hcard pb-hcard{" is-selected" if pressed else ""}" '
                     f'data-ui="select:{c}" data-card="{c}" aria-pressed="{"true" if pressed else "false"}" '
                     f'>{inner}</button>')
    html = hand_panel(ctx, "potions_brew", "".join(items), pass_label_key="potions_brew.pass", cls="pb")
    if view["to_move"] == ctx.viewer and view["step"] == "act" and card is None:
        html = mark_next(html, 'data-ui="select:')  # her turn: the first card (render/focus.py)
    return html


def prompt(view: dict, ctx: Ctx) -> str:
    if ctx.viewer is None or ctx.curtain or view["to_move"] != ctx.viewer:
        return ""
    step = view["step"]
    if step == "act":
        card, _ = _selected(view, ctx)
        if card is not None:
            return ctx.tr("potions_brew.prompt.selected", card=card_name(card, ctx))
    if step == "blind":
        return ctx.tr("potions_brew.prompt.blind")
    if step in ("keep", "give", "both", "moon", "act", "discard"):
        return ctx.tr(f"potions_brew.prompt.{step}")
    return ""


# ---- seats and the end ---------------------------------------------------------------------------

def amulet(points: int) -> str:
    """An amulet ring that fills toward 45 (SVG attributes, no style)."""
    frac = max(0.0, min(1.0, points / WIN_POINTS))
    circ = 2 * 3.14159 * 15
    return (f'<svg class="pb-amulet" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">'
            f'<circle class="pb-am-bg" cx="20" cy="20" r="15"/>'
            f'<circle class="pb-am-fill" cx="20" cy="20" r="15" stroke-dasharray="{circ * frac:.1f} {circ:.1f}" '
            f'transform="rotate(-90 20 20)"/>'
            f'<text class="pb-am-num" x="20" y="21">{points}</text></svg>')


_TINY: dict[str, str] = {}
_THEIR: dict[tuple, str] = {}


def recipe_tiny(code: str) -> str:
    """A recipe side at its smallest (others' hands, a hand card's back): a
    chip per ingredient kind and the points, few elements, no words."""
    if code not in _TINY:
        chips = "".join(f'<span class="pb-need pb-{k}">{GLYPH[k]}{v}</span>' for k, v in NEEDS[code].items())
        _TINY[code] = f'<span class="pb-tiny">{chips}<b class="pb-pts">{VALUE[code]}</b></span>'
    return _TINY[code]


def _their_hand(recs: tuple, ctx: Ctx) -> str:
    """Another witch's hand as recipe sides, the words once for screen readers;
    cached per hand and language (re-rendered after every move)."""
    key = (recs, ctx.lang)
    if key not in _THEIR:
        if len(_THEIR) > 512:
            _THEIR.clear()
        words = "; ".join(recipe_text(r, ctx) for r in recs)
        _THEIR[key] = (f'<div class="pb-their-hand"><span class="sr">{ctx.h("potions_brew.their_hand", count=len(recs))}'
                       f'{": " + esc(words) if words else ""}</span><span class="pb-tinies" aria-hidden="true">'
                       f'{"".join(recipe_tiny(r) for r in recs)}</span></div>')
    return _THEIR[key]


def seat_info(view: dict, seat: int, ctx: Ctx) -> str:
    pts = view["scores"][seat]
    recs = view["hands"][seat]
    me = ctx.viewer if not ctx.curtain else None
    hand_html = "" if seat == me else _their_hand(tuple(recs), ctx)
    tops = "".join(ing_face(ing, ctx, "is-mini") for ing in sorted({g for _, g in _tops(view, seat)},
                   key=lambda g: (STRENGTH + ("L", "O")).index(g)))
    return (f'<div class="facts pb-facts">{amulet(pts)}<span>{ctx.h("potions_brew.amulet", points=pts)}</span>'
            f'<span>{ctx.h("potions_brew.brewed", count=len(view["brewed"][seat]))}</span></div>'
            + (f'<div class="pb-tops">{tops}</div>' if tops else "") + hand_html)


def final(views: list[dict], outcome: Any, seat: int, ctx: Ctx) -> str:
    mine = views[seat]
    return (f'<div class="final-detail">{ctx.h("potions_brew.final", points=mine["scores"][seat], count=len(mine["brewed"][seat]))}'
            f'</div>')
