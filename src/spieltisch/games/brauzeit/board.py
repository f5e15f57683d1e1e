"""Brauzeit on screen: the hourglass and the dice tray at the top, then every
brewer's six cauldrons (the viewer's first) with their heroes, letters and
the Archmage. HTML that reflows from phone to desktop; dice, ingredients and
wizards are small inline SVGs.

Clicks (only on the viewer's own choice):

* a quantity die ``data-ui="select:q<k>"``, then an ingredient die
  (``select:q<k>:i<j>``), in either order; a wizard die ``select:w<k>``;
  the Archmage ``select:mage``. Tapping a chosen die again lets go of it.
* with a pair chosen, each of the viewer's cauldrons carries
  ``take:q<k>:i<j>:<c>`` -- ``data-action`` when it fits, ``data-illegal``
  (a reason, e.g. brau.pair) when not; the same with ``wizard:w<k>:<c>``;
  with the Archmage chosen, every ingredient line carries
  ``mage:fill:<c>:<I>`` or ``mage:enchant:<c>:<I>``.
* ``pass``, ``reroll`` and ``hire`` are buttons; an emptied cauldron asks for
  one of the 16 potions (``brew:<c>:<id>``).

The dice roll in CSS (``bz-rolling``) only while the newest roll lies
untouched on the table and nothing is chosen, so a re-render for a selection
never shakes them again; ``prefers-reduced-motion`` turns it off.

Why this size (~690 lines): the whole Brauzeit screen (tray, cauldrons,
heroes, letters, Archmage) from one view, sharing the symbol definitions
drawn once per board and the small cache of other brewers' cauldrons.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ...games.brauzeit.data import HEROES, INGREDIENTS, POTION_LIST, POTIONS
from ...render.context import Ctx
from ...render.focus import mark_next
from ...render.html import attrs, esc, hit_button
from ...render.marks import last_badge
from ...render.parts import part
from . import art

RULE_IDS = (
    "brau.setup", "brau.potions", "brau.brew", "brau.dice", "brau.order", "brau.pair",
    "brau.wizard", "brau.pass", "brau.reroll", "brau.archmage", "brau.heroes",
    "brau.noheroes", "brau.clock", "brau.end", "brau.last", "brau.ties", "brau.solo", "brau.public",
    "core.chance",
)

# German first: with no saved language preference this game's screens are German.
FIRST_LANG = "de"
# Choices of string options for the new-game form (value -> catalogue key suffix).
OPTION_CHOICES = {"clock": ("short", "long")}

WAIT, DONE = 1, 2
STAR = "*"

# ---- names ------------------------------------------------------------------------


def potion_name(pid: Any, ctx: Ctx) -> str:
    return ctx.tr(f"brauzeit.potion.{pid}") if pid in POTIONS else str(pid)


def hero_name(hid: Any, ctx: Ctx) -> str:
    return ctx.tr(f"brauzeit.hero.{hid}") if hid in HEROES else str(hid)


def ing_name(letter: Any, ctx: Ctx) -> str:
    return ctx.tr(f"brauzeit.ingredient.{letter}") if letter in INGREDIENTS else str(letter)


def wizard_name(letter: Any, ctx: Ctx) -> str:
    return ctx.tr(f"brauzeit.wizard.{letter}") if letter in INGREDIENTS else str(letter)


def face_text(face: Any) -> str:
    return "\u2605" if face == STAR else str(face)


def param(name: str, value: Any, ctx: Ctx) -> str:
    """Plain text for a log / illegal-reason parameter."""
    if name == "seat":
        return ctx.name(value)
    if name == "potion":
        return potion_name(value, ctx)
    if name == "hero":
        return hero_name(value, ctx)
    if name == "ingredient":
        return ing_name(value, ctx)
    if name == "wizard":
        return wizard_name(value, ctx)
    if name in ("qty", "amount") and isinstance(value, str):
        return " ".join(face_text(f) for f in value.split())
    if name == "ing" and isinstance(value, str):
        return ", ".join(ing_name(x, ctx) for x in value.split())
    if name == "wiz" and isinstance(value, str):
        return ", ".join(wizard_name(x, ctx) for x in value.split())
    return str(value)


def log_text(key: str, params: dict, ctx: Ctx) -> str:
    return ctx.tr(key, **{k: param(k, v, ctx) for k, v in params.items()})


# ---- SVG pieces -------------------------------------------------------------------


def _star_points(cx: float, cy: float, r: float, inner: float = 0.45) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{cx + rad * math.cos(a):.1f},{cy + rad * math.sin(a):.1f}")
    return " ".join(pts)


def ing_shape(letter: str, cx: float = 12, cy: float = 12, r: float = 8) -> str:
    """A shape per ingredient, so colour is never the only signal."""
    if letter == "K":  # a leaf
        return (f'<path class="ish" d="M{cx - r:.1f},{cy + r * .7:.1f} C{cx - r:.1f},{cy - r * .6:.1f} '
                f'{cx + r * .2:.1f},{cy - r:.1f} {cx + r:.1f},{cy - r:.1f} C{cx + r:.1f},{cy + r * .1:.1f} '
                f'{cx + r * .1:.1f},{cy + r:.1f} {cx - r:.1f},{cy + r * .7:.1f}Z"/>')
    if letter == "F":  # a blossom
        petals = "".join(
            f'<circle class="ish" cx="{cx + r * .5 * math.cos(k * math.pi * 2 / 5 - math.pi / 2):.1f}" '
            f'cy="{cy + r * .5 * math.sin(k * math.pi * 2 / 5 - math.pi / 2):.1f}" r="{r * .45:.1f}"/>'
            for k in range(5))
        return petals + f'<circle class="ish-core" cx="{cx}" cy="{cy}" r="{r * .3:.1f}"/>'
    if letter == "C":  # a crystal
        return (f'<polygon class="ish" points="{cx:.1f},{cy - r:.1f} {cx + r * .7:.1f},{cy - r * .2:.1f} '
                f'{cx + r * .35:.1f},{cy + r:.1f} {cx - r * .35:.1f},{cy + r:.1f} {cx - r * .7:.1f},{cy - r * .2:.1f}"/>')
    if letter == "D":  # a scale
        return (f'<path class="ish" d="M{cx - r:.1f},{cy - r * .5:.1f} Q{cx:.1f},{cy - r * 1.1:.1f} '
                f'{cx + r:.1f},{cy - r * .5:.1f} Q{cx + r * .8:.1f},{cy + r * .6:.1f} {cx:.1f},{cy + r:.1f} '
                f'Q{cx - r * .8:.1f},{cy + r * .6:.1f} {cx - r:.1f},{cy - r * .5:.1f}Z"/>')
    if letter == "M":  # a drop
        return (f'<path class="ish" d="M{cx:.1f},{cy - r:.1f} C{cx + r * .3:.1f},{cy - r * .4:.1f} '
                f'{cx + r * .8:.1f},{cy:.1f} {cx + r * .8:.1f},{cy + r * .35:.1f} A{r * .8:.1f},{r * .8:.1f} 0 0 1 '
                f'{cx - r * .8:.1f},{cy + r * .35:.1f} C{cx - r * .8:.1f},{cy:.1f} {cx - r * .3:.1f},{cy - r * .4:.1f} '
                f'{cx:.1f},{cy - r:.1f}Z"/>')
    return f'<polygon class="ish" points="{_star_points(cx, cy, r)}"/>'  # S: stardust


def ing_icon(letter: str, size: int = 18) -> str:
    """A reference to the ingredient's symbol (drawn once per board by :func:`_defs`)."""
    if letter not in INGREDIENTS:
        return ""
    return (f'<svg class="bz-icon i-{letter}" width="{size}" height="{size}" aria-hidden="true" '
            f'focusable="false"><use href="#bz-i-{letter}"/></svg>')


def _defs() -> str:
    """The ingredient and hat symbols, once per board (keeps a 6-brewer board small)."""
    symbols = "".join(f'<symbol id="bz-i-{i}" viewBox="0 0 24 24">{ing_shape(i)}</symbol>' for i in INGREDIENTS)
    hat = ('<symbol id="bz-hat" viewBox="0 0 16 16"><path d="M8,1 L12.5,12 L3.5,12 Z"/>'
           '<rect x="1.5" y="11.5" width="13" height="3" rx="1.5"/></symbol>')
    return (f'<svg class="bz-defs" width="0" height="0" aria-hidden="true" focusable="false">{symbols}{hat}'
            f'{art.symbols()}</svg>')


def _die_svg(kind: str, face: str) -> str:
    body = '<rect class="die-face" x="2" y="2" width="44" height="44" rx="9"/>'
    if kind == "q":
        if face == STAR:
            inner = f'<polygon class="die-star" points="{_star_points(24, 25, 15)}"/>'
        else:
            inner = f'<text class="die-num" x="24" y="25">{esc(face)}</text>'
    elif kind == "i":
        inner = f'<g transform="translate(4 4) scale(1.67)">{ing_shape(face)}</g>'
    else:  # a wizard: a pointed hat with his ingredient on it
        inner = ('<path class="hat" d="M24,5 L36,36 L12,36 Z"/><rect class="hat-brim" x="7" y="35" width="34" height="6" rx="3"/>'
                 f'<g transform="translate(16.5 17) scale(.62)">{ing_shape(face)}</g>')
    return (f'<svg class="die-svg" viewBox="0 0 48 48" aria-hidden="true" focusable="false">'
            f'{body}{inner}</svg>')


def _hourglass(left: int, total: int) -> str:
    frac = left / total if total else 0.0
    top_h = 26 * frac
    bot_h = 26 * (1 - frac)
    return ('<svg class="bz-glass" viewBox="0 0 40 64" aria-hidden="true" focusable="false">'
            '<defs><clipPath id="bz-glass-clip"><path d="M8,4 H32 C32,20 22,26 21,32 C22,38 32,44 32,60 H8 '
            'C8,44 18,38 19,32 C18,26 8,20 8,4Z"/></clipPath></defs>'
            f'<g clip-path="url(#bz-glass-clip)"><rect class="sand" x="0" y="{30 - top_h:.1f}" width="40" height="{top_h:.1f}"/>'
            f'<rect class="sand" x="0" y="{60 - bot_h:.1f}" width="40" height="{bot_h + 1:.1f}"/></g>'
            '<path class="glass" d="M8,4 H32 C32,20 22,26 21,32 C22,38 32,44 32,60 H8 C8,44 18,38 19,32 C18,26 8,20 8,4Z"/>'
            '<rect class="frame" x="4" y="1" width="32" height="4" rx="2"/><rect class="frame" x="4" y="59" width="32" height="4" rx="2"/>'
            '</svg>')


# ---- selection --------------------------------------------------------------------


def _parse_selection(sel: str | None, view: dict) -> dict:
    """The chosen dice that still lie on the table: {'q': k, 'i': j, 'w': k, 'mage': True}."""
    out: dict = {}
    if not sel:
        return out
    for bit in sel.split(":"):
        if bit == "mage":
            if view["mage"][view["viewer"]] if view.get("viewer") is not None else False:
                out = {"mage": True}
            continue
        if len(bit) < 2 or bit[0] not in "qiw" or not bit[1:].isdigit():
            continue
        k = int(bit[1:]) - 1
        dice = view["qty" if bit[0] == "q" else "ing" if bit[0] == "i" else "wiz"]
        if 0 <= k < len(dice) and dice[k] is not None:
            out[bit[0]] = k
    if "w" in out:
        out = {"w": out["w"]}
    return out


def _sel_text(sel: dict) -> str:
    if sel.get("mage"):
        return "mage"
    parts = [f"{kind}{sel[kind] + 1}" for kind in ("q", "i", "w") if kind in sel]
    return ":".join(parts)


def _toggle(sel: dict, kind: str, k: int) -> dict:
    new = {key: v for key, v in sel.items() if key in ("q", "i")}
    if kind == "w":
        return {} if sel.get("w") == k else {"w": k}
    if kind == "mage":
        return {} if sel.get("mage") else {"mage": True}
    if new.get(kind) == k:
        del new[kind]
    else:
        new[kind] = k
    return new


def _select_hook(ctx: Ctx, sel: dict, new: dict) -> str:
    """data-ui that makes ``new`` the selection (select:<current> clears it)."""
    text = _sel_text(new)
    if not text:
        text = _sel_text(sel)
    return f"select:{text}"


# ---- the board --------------------------------------------------------------------


def _my_pick(view: dict, ctx: Ctx) -> bool:
    """The viewer is asked: a choice from the roll, or the Archmage after the last roll (brau.last)."""
    return (ctx.viewer is not None and not ctx.curtain and view["phase"] in ("pick", "last")
            and view["to_act"] == ctx.viewer)


def _fresh_roll(ctx: Ctx) -> bool:
    if not ctx.log:
        return False
    return ctx.log[-1][0] in ("brauzeit.log.roll", "brauzeit.log.reroll_result")


def board(view: dict, ctx: Ctx) -> str:
    me = ctx.viewer
    order = list(range(view["n"]))
    if me is not None:
        order = [me] + [p for p in order if p != me]
    sel = _parse_selection(ctx.selected, view) if _my_pick(view, ctx) else {}
    last = _last_work(ctx)
    breweries = "".join(_brewery(view, ctx, p, sel, last, own=True) if p == me
                        else _other_brewery(view, ctx, p, last) for p in order)
    # the breweries scroll above the tray and often hold nothing to focus (a die chosen, a bot's
    # turn): the board is itself a named, focusable region, as the log is (axe scrollable-region-focusable)
    html = (f'<div class="bz-board" data-board role="region" tabindex="0" '
            f'aria-label="{ctx.h("game.brauzeit.title")}">{_defs()}'
            f'<div class="bz-breweries">{breweries}</div></div>')
    step = _next_step(sel)
    if _my_pick(view, ctx) and view["phase"] == "pick" and isinstance(step, str):
        html = mark_next(html, step)  # a cauldron: the chosen dice's first target
    return html


# the player's next step (render/focus.py): a live die of the kind still missing, then the first
# cauldron the chosen dice may go to (a die fitting nowhere is drawn "is-dead": never a next step)
_LIVE_DIE = {kind: re.compile(rf'class="bz-die d\d+ k-{kind}(?: f-[^" ]+)?"') for kind in "qiw"}


def _next_step(sel: dict):
    if "q" in sel and "i" in sel:
        return 'data-action="take:'
    if "w" in sel:
        return 'data-action="wizard:'
    if sel.get("mage"):
        return 'data-action="mage:'
    if "q" in sel:
        return _LIVE_DIE["i"]
    if "i" in sel:
        return _LIVE_DIE["q"]
    return _LIVE_DIE["q"]


def _table(view: dict, ctx: Ctx, sel: dict) -> str:
    left, total = view["rolls_left"], view["clock_total"]
    glass_label = ctx.tr("brauzeit.ui.hourglass", left=left, total=total)
    glass = (f'<div class="bz-hourglass" role="img" aria-label="{esc(glass_label)}" title="{esc(glass_label)}">'
             f'{_hourglass(left, total)}<span class="bz-left">{left}</span>'
             f'<span class="bz-left-label">{ctx.h("brauzeit.ui.rolls_left_one" if left == 1 else "brauzeit.ui.rolls_left")}</span></div>')
    phase = view["phase"]
    head = ""
    if phase not in ("setup", "over"):
        head = ctx.h("brauzeit.ui.roll_of", name=ctx.name(view["active"]))
        if view["rerolls"]:
            head += f' <span class="muted">({ctx.h("brauzeit.ui.rerolled", count=view["rerolls"])})</span>'
    if phase == "brew" and view["due_seat"] == ctx.viewer and not ctx.curtain:
        middle = _brew_chooser(view, ctx)
    else:
        middle = _dice(view, ctx, sel)
        if phase == "brew":
            middle += (f'<p class="bz-note">{ctx.h("brauzeit.ui.other_brewing", name=ctx.name(view["due_seat"]))}</p>')
    return part("table", f'{glass}<div class="bz-table-main"><p class="bz-roll-head">{head}</p>{middle}'
                f'{_choices(view, ctx, sel)}{_this_roll(view, ctx)}</div>',
                "section", f' class="bz-table" aria-label="{ctx.h("brauzeit.ui.dice")}"')


def _dice(view: dict, ctx: Ctx, sel: dict) -> str:
    mine = _my_pick(view, ctx) and view["phase"] == "pick"
    rolling = _fresh_roll(ctx) and not sel and view["phase"] == "pick"
    groups = []
    idx = 0
    for kind, key, title in (("q", "qty", "brauzeit.ui.qty_dice"), ("i", "ing", "brauzeit.ui.ing_dice"),
                             ("w", "wiz", "brauzeit.ui.wiz_dice")):
        items = []
        for k, face in enumerate(view[key]):
            idx += 1
            items.append(_die(ctx, kind, k, face, sel, mine, idx))
        groups.append(f'<div class="bz-dice-group bz-{kind}" role="group" aria-label="{ctx.h(title)}">'
                      f'<span class="bz-dice-label">{ctx.h(title)}</span><div class="bz-dice-row">{"".join(items)}</div></div>')
    cls = "bz-dice" + (" bz-rolling" if rolling else "")
    return f'<div class="{cls}" data-rove>{"".join(groups)}</div>'


def _die_label(ctx: Ctx, kind: str, face: str) -> str:
    if kind == "q":
        return ctx.tr("brauzeit.ui.qty_die", face=ctx.tr("brauzeit.star") if face == STAR else face)
    if kind == "i":
        return ctx.tr("brauzeit.ui.ing_die", ingredient=ing_name(face, ctx))
    return ctx.tr("brauzeit.ui.wiz_die", wizard=wizard_name(face, ctx), ingredient=ing_name(face, ctx))


def _die(ctx: Ctx, kind: str, k: int, face: str | None, sel: dict, mine: bool, idx: int) -> str:
    cls = f"bz-die d{idx}"
    if face is None:
        return (f'<span class="{cls} is-taken"><span class="sr">{ctx.h("brauzeit.ui.die_taken")}</span></span>')
    label = _die_label(ctx, kind, face)
    cls += f" k-{kind}" + (f" f-{esc(face)}" if kind != "q" else "")
    if not mine:
        return f'<span class="{cls}" title="{esc(label)}">{_die_svg(kind, face)}<span class="sr">{esc(label)}</span></span>'
    chosen = sel.get(kind) == k
    if chosen:
        cls += " is-selected"
    elif _dead_die(ctx, kind, k, sel):
        cls += " is-dead"
    hook = _select_hook(ctx, sel, _toggle(sel, kind, k))
    return (f'<button type="button" class="{cls}" data-ui="{esc(hook)}" aria-pressed="{"true" if chosen else "false"}" '
            f'title="{esc(label)}">{_die_svg(kind, face)}<span class="sr">{esc(label)}</span></button>')


def _dead_die(ctx: Ctx, kind: str, k: int, sel: dict) -> bool:
    """A die that fits nowhere with what is chosen (a hint, not a rule)."""
    if kind == "w":
        prefix = f"wizard:w{k + 1}:"
        return not any(a.startswith(prefix) for a in ctx.legal)
    q = f"q{k + 1}" if kind == "q" else (f"q{sel['q'] + 1}" if "q" in sel else None)
    i = f"i{k + 1}" if kind == "i" else (f"i{sel['i'] + 1}" if "i" in sel else None)
    for a in ctx.legal:
        if not a.startswith("take:"):
            continue
        parts = a.split(":")
        if (q is None or parts[1] == q) and (i is None or parts[2] == i):
            return False
    return True


def _choices(view: dict, ctx: Ctx, sel: dict) -> str:
    """Pass / take nothing, re-roll, the Archmage; the viewer's letters."""
    me = ctx.viewer
    if me is None or ctx.curtain or view["phase"] in ("setup", "over"):
        return ""
    if view["phase"] == "brew" and view["due_seat"] == me:
        return ""  # first the new potion (the chooser above)
    out = []
    own_roll = view["active"] == me
    asking = view["phase"] in ("pick", "last") and view["to_act"] == me
    if view["phase"] == "last":  # brau.last: the Archmage, then done
        if asking:
            out.append(f'<button type="button" class="btn bz-done"{attrs(ctx.target("done"))}>'
                       f'{ctx.h("brauzeit.ui.done")}</button>')
    else:
        label = "brauzeit.ui.pass" if own_roll else "brauzeit.ui.take_nothing"
        legal = "pass" in ctx.legal
        out.append(f'<button type="button" class="btn bz-pass{"" if legal else " is-illegal"}"{attrs(ctx.target("pass"))}>'
                   f'{ctx.h(label)} <small>{ctx.h("brauzeit.ui.pass_letter")}</small></button>')
    if own_roll and view["phase"] == "pick" and view["picks"] == 0 and view["to_act"] == me:
        legal = "reroll" in ctx.legal
        out.append(f'<button type="button" class="btn bz-reroll{"" if legal else " is-illegal"}"{attrs(ctx.target("reroll"))}>'
                   f'{ctx.h("brauzeit.ui.reroll")}</button>')
    if view["mage"][me]:
        if any(a.startswith("mage:") for a in ctx.legal):
            on = bool(sel.get("mage"))
            hook = _select_hook(ctx, sel, _toggle(sel, "mage", 0))
            out.append(f'<button type="button" class="btn bz-mage{" is-selected" if on else ""}" data-ui="{esc(hook)}" '
                       f'aria-pressed="{"true" if on else "false"}">{ctx.h("brauzeit.ui.use_mage")}</button>')
    elif view["letters"][me] >= view["mage_cost"] and asking:
        out.append(f'<button type="button" class="btn bz-hire"{attrs(ctx.target("hire"))}>'
                   f'{ctx.h("brauzeit.ui.hire", cost=view["mage_cost"])}</button>')
    elif view["phase"] == "pick" and view["to_act"] == me and view["letters"][me]:
        out.append(f'<button type="button" class="btn bz-hire is-illegal"{attrs(ctx.target("hire"))}>'
                   f'{ctx.h("brauzeit.ui.hire", cost=view["mage_cost"])}</button>')
    return f'<div class="bz-choices" data-rove>{"".join(out)}</div>'


def _this_roll(view: dict, ctx: Ctx) -> str:
    """What everybody has taken from the roll under way, as it happens."""
    if view["phase"] in ("setup", "over", "roll"):
        return ""
    lines = []
    for key, params in reversed(ctx.log):
        if key in ("brauzeit.log.roll", "brauzeit.log.reroll_result"):
            break
        if key.startswith("brauzeit.log.") and key not in ("brauzeit.log.hero", "brauzeit.log.potion"):
            lines.append(log_text(key, params, ctx))
    if not lines:
        return ""
    items = "".join(f"<li>{esc(x)}</li>" for x in reversed(lines))
    return (f'<div class="bz-this-roll"><h3>{ctx.h("brauzeit.ui.this_roll")}</h3>'
            f'<ol>{items}</ol></div>')


def _last_work(ctx: Ctx) -> dict[tuple[int, int], bool]:
    """(seat, cauldron) of each seat's last pick, wizard, Archmage or brew
    (``ctx.last``, until that seat acts again) -> is it the newest move."""
    out: dict[tuple[int, int], bool] = {}
    for k, (seat, text) in enumerate(ctx.last):
        parts = text.split(":")
        try:
            if parts[0] in ("take", "wizard"):
                c = int(parts[-1])
            elif parts[0] == "mage":
                c = int(parts[2])
            elif parts[0] == "brew":
                c = int(parts[1])
            else:
                continue
        except (IndexError, ValueError):
            continue
        out.setdefault((seat, c - 1), k == 0)
    return out


# ---- a brewery ---------------------------------------------------------------------


def _brewery(view: dict, ctx: Ctx, p: int, sel: dict, last, *, own: bool) -> str:
    name = ctx.name(p)
    title = ctx.h("brauzeit.ui.your_brewery") if own else ctx.h("brauzeit.ui.brewery", name=name)
    facts = (f'<span class="bz-score">{ctx.h("brauzeit.ui.points", points=view["scores"][p])}</span>'
             f'{_letters(view, ctx, p)}')
    if view["mage"][p]:
        facts += f'<span class="bz-mage-chip">{ctx.h("brauzeit.ui.mage_ready")}</span>'
    cauldrons = "".join(_cauldron(view, ctx, p, c, sel, own, last.get((p, c))) for c in range(6))
    cls = "bz-brewery" + (" is-own" if own else "") + (" is-active" if view["to_act"] == p else "")
    return part(f"brewer-{p}",
                f'<header class="bz-brewery-head"><h2>{title}</h2><div class="bz-facts">{facts}</div></header>'
                f'<ol class="bz-cauldrons">{cauldrons}</ol>{_legend(ctx) if own else ""}{_heroes(view, ctx, p)}',
                "section", f' class="{cls}" data-brewer="{p}" aria-label="{esc(ctx.tr("brauzeit.ui.brewery", name=name))}"')


_CACHE: dict[str, str] = {}


def _other_brewery(view: dict, ctx: Ctx, p: int, last) -> str:
    """Another brewer's cauldrons carry no hooks and change only when that
    brewer's things do: a selection (or a move elsewhere) re-renders the
    board from a small cache instead of drawing them again."""
    brewing = view["phase"] == "brew" and view["due_seat"] == p
    key = repr((ctx.lang, ctx.name(p), p, view["cauldrons"][p], view["heroes"][p], view["happy"][p],
                view["letters"][p], view["letter_cap"], view["mage"][p], view["scores"][p],
                view["to_act"] == p, brewing and view["due_cauldron"], sorted(k for k in last.items() if k[0][0] == p),
                len(view["deck"]), view["heroes_on"]))
    html = _CACHE.get(key)
    if html is None:
        if len(_CACHE) > 256:
            _CACHE.clear()
        html = _CACHE[key] = _brewery(view, ctx, p, {}, last, own=False)
    return html


def _letters(view: dict, ctx: Ctx, p: int) -> str:
    have, cap = view["letters"][p], view["letter_cap"]
    marks = "".join(f'<span class="bz-letter{" is-on" if k < have else ""}" aria-hidden="true"></span>' for k in range(cap))
    label = ctx.tr("brauzeit.ui.letters_count", count=have, cap=cap)
    return f'<span class="bz-letters" title="{esc(label)}">{marks}<span class="sr">{esc(label)}</span></span>'


def _wanted_by(view: dict, p: int, pid: str) -> str | None:
    for hid, got in view["heroes"][p]:
        if pid in HEROES[hid].order and pid not in got:
            return hid
    return None


def _cauldron(view: dict, ctx: Ctx, p: int, c: int, sel: dict, own: bool, recent: bool | None) -> str:
    """``recent``: None, or this cauldron holds seat p's last move (True: the newest)."""
    cd = view["cauldrons"][p][c]
    number = c + 1
    cls = ["bz-cauldron"]
    if recent is not None:
        cls.append("is-recent is-last" + (" is-fresh" if recent else ""))
    hook: dict[str, str] = {}
    label = ctx.tr("brauzeit.ui.cauldron", number=number)
    targeting = own and _my_pick(view, ctx)
    if cd is None:
        cls.append("is-empty")
        waiting = view["phase"] == "brew" and view["due_seat"] == p and view["due_cauldron"] == c
        body = (f'<p class="bz-empty">{ctx.h("brauzeit.ui.choosing" if waiting else "brauzeit.ui.cauldron_empty")}</p>')
        return (f'<li class="{" ".join(cls)}" data-cauldron="{number}">'
                f'<div class="bz-c-pic" aria-hidden="true">{art.pot()}<span class="bz-c-num">{number}</span></div>'
                f'<div class="bz-c-info"><span class="sr">{esc(label)}</span>{body}</div></li>')
    pid, filled, magic = cd
    pot = POTIONS[pid]
    cls.append(f"t-{pot.tier}")
    if targeting:
        if "q" in sel and "i" in sel:
            text = f"take:q{sel['q'] + 1}:i{sel['i'] + 1}:{number}"
        elif "w" in sel:
            text = f"wizard:w{sel['w'] + 1}:{number}"
        else:
            text = None
        if text is not None:
            hook = ctx.target(text)
            cls.append("is-target" if text in ctx.legal else "is-blocked")
            label = ctx.tr("brauzeit.ui.cauldron_put", number=number, potion=potion_name(pid, ctx))
        elif not sel:
            hook = {"data-ui": "hint:brauzeit.ui.select_first"}
    hero = _wanted_by(view, p, pid) if view["heroes_on"] else None
    # issue 29: a picture -- the pot in its tier's colour with its number, the points on a seal -- then the
    # potion's name and its ingredients as pictures with their counts (the words for screen readers)
    worth = ctx.tr("brauzeit.ui.points", points=pot.points)
    head = (f'<div class="bz-c-pic" aria-hidden="true">{art.pot()}<span class="bz-c-num">{number}</span>'
            f'<span class="bz-c-pts">{pot.points}</span></div>'
            f'<div class="bz-c-info"><span class="bz-tier">{ctx.h(f"brauzeit.tier.{pot.tier}")}'
            f'<span class="sr">, {esc(ctx.tr("brauzeit.ui.cauldron", number=number))}, {esc(worth)}</span></span>'
            f'<h3 class="bz-potion">{esc(potion_name(pid, ctx))}</h3>'
            + (f'<p class="bz-for">{ctx.h("brauzeit.ui.wanted_by", hero=hero_name(hero, ctx))}</p>' if hero else "")
            + "</div>")
    rows = []
    mage_mode = targeting and sel.get("mage")
    for k, (letter, need) in enumerate(pot.recipe):
        if own:
            rows.append(_ingredient_row(ctx, number, letter, need, filled[k], magic[k], pot.magic, mage_mode))
        else:
            rows.append(_ingredient_chip(ctx, letter, need, filled[k], magic[k], pot.magic))
    if recent is not None:
        head += last_badge(ctx, [p])
        if hook:  # the cauldron's name is its label: say the last move there too
            label += ", " + ctx.tr("follow.last", names=ctx.name(p))
    if hook:
        cls.append("has-hit")
    return (f'<li class="{" ".join(cls)}" data-cauldron="{number}">{hit_button(hook, label)}{head}'
            f'<ul class="bz-ings{"" if own else " is-compact"}">{"".join(rows)}</ul></li>')


_WIZ_KEYS = {0: "brauzeit.ui.wizard_needed", WAIT: "brauzeit.ui.wizard_waiting", DONE: "brauzeit.ui.enchanted"}
_WIZ_MARKS = {0: "bz-w-need", WAIT: "bz-w-wait", DONE: "bz-w-done"}
# a sign per state beside the hat, so the state is never told by colour (or fill) alone
_WIZ_SIGNS = {0: "!", WAIT: "\u2026", DONE: "\u2713"}


def _sign(magic: int) -> str:
    return f'<span class="bz-sign" aria-hidden="true">{_WIZ_SIGNS[magic]}</span>'


def _ingredient_chip(ctx: Ctx, letter: str, need: int, have: int, magic: int, needs_magic: bool) -> str:
    """Another brewer's ingredient, compact (fewer elements: a 6-brewer board
    lays out faster): icon, delivered/needed, the wizard's hat."""
    name = ing_name(letter, ctx)
    text = f"{name} {have}/{need}"
    hat = ""
    if needs_magic:
        text += f", {ctx.tr(_WIZ_KEYS[magic])}"
        hat = _HAT + _sign(magic)
    cls = "bz-chip" + (" is-full" if have >= need else "") + (f" {_WIZ_MARKS[magic]}" if needs_magic else "")
    return (f'<li class="{cls}" title="{esc(text)}">{ing_icon(letter, 14)}{have}/{need}{hat}'
            f'<span class="sr">{esc(text)}</span></li>')


def _ingredient_row(ctx: Ctx, number: int, letter: str, need: int, have: int, magic: int,
                    needs_magic: bool, mage_mode: bool) -> str:
    """One of the viewer's ingredients as a picture chip: its shape, delivered/needed
    in figures, the wizard's hat with its sign; the name and state in words for
    screen readers and as the chip's title."""
    lack = need - have
    name = ing_name(letter, ctx)
    state = ctx.h("brauzeit.ui.complete") if lack <= 0 else ctx.h("brauzeit.ui.missing", count=lack)
    title = f"{name} {have}/{need}"
    if needs_magic:
        key = _WIZ_KEYS[magic]
        title += f", {wizard_name(letter, ctx)}: {ctx.tr(key)}"
        wiz = (f'<span class="bz-wiz {_WIZ_MARKS[magic]}">'
               f'{_HAT}{_sign(magic)}<span class="sr">{esc(wizard_name(letter, ctx))}: {ctx.h(key)}</span></span>')
    else:
        wiz = ""
    cls = "bz-ing" + (" is-full" if lack <= 0 else "")
    hook = ""
    if mage_mode:
        fill, enchant = f"mage:fill:{number}:{letter}", f"mage:enchant:{number}:{letter}"
        if fill in ctx.legal:
            text, verb = fill, "brauzeit.ui.mage_fill"
        elif enchant in ctx.legal:
            text, verb = enchant, "brauzeit.ui.mage_enchant"
        else:
            text, verb = (fill if lack > 0 else enchant), None
        label = ctx.tr("brauzeit.ui.mage_target", ingredient=name, number=number)
        if verb:
            label += " – " + ctx.tr(verb)
        hook = hit_button(ctx.target(text), label)
        cls += (" is-target" if verb else " is-blocked") + " has-hit"
    return (f'<li class="{cls}" title="{esc(title)}">{hook}{ing_icon(letter, 22)}<span class="sr">{esc(name)} </span>'
            f'<span class="bz-count">{have}/{need}<span class="sr"> – {state}</span></span>{wiz}</li>')


_HAT = '<svg class="bz-hat" aria-hidden="true" focusable="false"><use href="#bz-hat"/></svg>'


def _legend(ctx: Ctx) -> str:
    """What the wizard hats mean (once, under the viewer's cauldrons)."""
    items = "".join(f'<span class="bz-wiz {mark}">{_HAT}{_sign(magic)}{ctx.h(key)}</span>' for mark, key, magic in (
        ("bz-w-need", "brauzeit.ui.wizard_needed", 0), ("bz-w-wait", "brauzeit.ui.wizard_waiting", WAIT),
        ("bz-w-done", "brauzeit.ui.enchanted", DONE)))
    return f'<p class="bz-legend" aria-hidden="true">{items}</p>'


def _heroes(view: dict, ctx: Ctx, p: int) -> str:
    if not view["heroes_on"]:
        return ""
    items = []
    for hid, got in view["heroes"][p]:
        items.append(_hero(ctx, hid, got, happy=False))
    for hid in view["happy"][p]:
        items.append(_hero(ctx, hid, HEROES[hid].order, happy=True))
    waiting = ctx.h("brauzeit.ui.heroes_waiting", count=len(view["deck"]))
    return (f'<div class="bz-heroes"><h3>{ctx.h("brauzeit.ui.heroes")} <small class="muted">{waiting}</small></h3>'
            f'<ul>{"".join(items)}</ul></div>')


def _hero(ctx: Ctx, hid: str, got, *, happy: bool) -> str:
    order = HEROES[hid].order
    total = 2 * sum(POTIONS[x].points for x in order)
    wants = "".join(
        f'<li class="{"is-got" if x in got else ""}"><span aria-hidden="true">{"✓" if x in got else "○"}</span> '
        f'{esc(potion_name(x, ctx))}<span class="sr"> – {ctx.h("brauzeit.ui.delivered" if x in got else "brauzeit.ui.open")}</span></li>'
        for x in order)
    status = ctx.h("brauzeit.ui.hero_happy", points=total) if happy else ctx.h(
        "brauzeit.ui.hero_progress", got=len(got), total=len(order), points=total)
    return (f'<li class="bz-hero{" is-happy" if happy else ""}">{art.portrait(hid)}<div class="bz-hero-text">'
            f'<strong class="bz-hero-name">{esc(hero_name(hid, ctx))}</strong>'
            f'<span class="bz-hero-status">{status}</span><ul class="bz-order">{wants}</ul></div></li>')


# ---- choosing a new potion ---------------------------------------------------------


def _brew_chooser(view: dict, ctx: Ctx) -> str:
    me = ctx.viewer
    c = view["due_cauldron"]
    want = set()
    for hid, got in view["heroes"][me]:
        want.update(x for x in HEROES[hid].order if x not in got)
    items = []
    for pot in POTION_LIST:
        text = f"brew:{c + 1}:{pot.id}"
        recipe = "".join(f'<span class="bz-rec">{ing_icon(i, 14)}{n}<span class="sr"> {esc(ing_name(i, ctx))}</span></span>'
                         for i, n in pot.recipe)
        magic = f'<span class="bz-rec-magic">{ctx.h("brauzeit.ui.needs_wizards")}</span>' if pot.magic else ""
        hero = _wanted_by(view, me, pot.id) if view["heroes_on"] else None
        items.append(
            f'<li><button type="button" class="bz-brew t-{pot.tier}{" is-wanted" if pot.id in want else ""}"'
            f'{attrs(ctx.target(text))}>'
            f'<span class="bz-brew-top"><span class="bz-tier">{ctx.h(f"brauzeit.tier.{pot.tier}")}</span>'
            f'<span class="bz-brew-pts">{ctx.h("brauzeit.ui.points", points=pot.points)}</span></span>'
            f'<strong>{esc(potion_name(pot.id, ctx))}</strong><span class="bz-recipe">{recipe}{magic}</span>'
            + (f'<span class="bz-for">{ctx.h("brauzeit.ui.wanted_by", hero=hero_name(hero, ctx))}</span>' if hero else "")
            + "</button></li>")
    return (f'<div class="bz-chooser" role="group" aria-labelledby="bz-chooser-h">'
            f'<h3 id="bz-chooser-h">{ctx.h("brauzeit.ui.choose_potion", cauldron=c + 1)}</h3>'
            f'<ul class="bz-brews" data-rove>{"".join(items)}</ul></div>')


# ---- hand, prompt, seats, end ------------------------------------------------------


def hand(view: dict, ctx: Ctx) -> str:
    """The dice tray (the hourglass, the roll's dice, the choices, a new
    potion to choose), docked at the bottom of the play screen as the other
    games' hands are (issue 29); the breweries are the board. Nothing in it
    is private: a spectator sees it too."""
    sel = _parse_selection(ctx.selected, view) if _my_pick(view, ctx) else {}
    html = f'<div class="bz-tray" data-hand>{_table(view, ctx, sel)}</div>'
    step = _next_step(sel)
    if _my_pick(view, ctx) and view["phase"] == "pick" and not isinstance(step, str):
        html = mark_next(html, step)  # the die still missing (render/focus.py)
        if not sel:  # no quantity die fits anywhere: a wizard die; no die fits at all: pass
            html = mark_next(mark_next(html, _LIVE_DIE["w"]), 'data-action="pass"')
    return html


def prompt(view: dict, ctx: Ctx) -> str:
    if ctx.viewer is None or ctx.curtain:
        return ""
    if view["phase"] == "brew" and view["due_seat"] == ctx.viewer:
        return ctx.tr("brauzeit.prompt.brew", cauldron=view["due_cauldron"] + 1)
    if not _my_pick(view, ctx):
        return ""
    sel = _parse_selection(ctx.selected, view)
    if sel.get("mage"):
        return ctx.tr("brauzeit.prompt.mage")
    if view["phase"] == "last":
        return ctx.tr("brauzeit.prompt.last")
    if "w" in sel:
        return ctx.tr("brauzeit.prompt.wizard", wizard=wizard_name(view["wiz"][sel["w"]], ctx))
    if "q" in sel and "i" in sel:
        return ctx.tr("brauzeit.prompt.pair", qty=face_text(view["qty"][sel["q"]]),
                      ingredient=ing_name(view["ing"][sel["i"]], ctx))
    if "q" in sel:
        return ctx.tr("brauzeit.prompt.qty", qty=face_text(view["qty"][sel["q"]]))
    if "i" in sel:
        return ctx.tr("brauzeit.prompt.ing", ingredient=ing_name(view["ing"][sel["i"]], ctx))
    return ctx.tr("brauzeit.prompt.own_roll" if view["active"] == ctx.viewer else "brauzeit.prompt.other_roll",
                  name=ctx.name(view["active"]))


def seat_info(view: dict, seat: int, ctx: Ctx) -> str:
    happy = len(view["happy"][seat])
    bits = [ctx.h("brauzeit.ui.points", points=view["scores"][seat]),
            ctx.h("brauzeit.ui.finished", count=view["finished"][seat])]
    if view["heroes_on"]:
        bits.append(ctx.h("brauzeit.ui.happy_count", count=happy))
    bits.append(esc(ctx.tr("brauzeit.ui.letters_count", count=view["letters"][seat], cap=view["letter_cap"])))
    if view["mage"][seat]:
        bits.append(ctx.h("brauzeit.ui.mage_ready"))
    return '<div class="facts">' + "".join(f"<span>{b}</span>" for b in bits) + "</div>"


def final(views: list[dict], outcome: Any, seat: int, ctx: Ctx) -> str:
    v = views[seat]
    heroes = ", ".join(hero_name(h, ctx) for h in v["happy"][seat]) or "–"
    parts = [ctx.h("brauzeit.ui.finished", count=v["finished"][seat])]
    if v["heroes_on"]:
        parts.append(esc(ctx.tr("brauzeit.ui.happy_heroes", heroes=heroes)))
    return '<div class="final-detail">' + " · ".join(f"<span>{p}</span>" for p in parts) + "</div>"
