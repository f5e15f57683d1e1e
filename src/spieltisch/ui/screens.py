"""The generic screens: hub, new game, the play frame, curtain, rules panel,
game over and the status line. Game-specific parts come from ``boards``.

Every function returns HTML text; every player-given string goes through
``esc`` (directly or via ``Ctx.h``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.match import NAME_MAX
from ..i18n import LANGS, t
from ..render.context import Ctx
from ..render.html import attrs, button, esc, paragraphs, tool_label
from ..render.parts import part


def i18n_attrs(key: str, **params: Any) -> str:
    """``data-i18n`` (+ args) so the static page can be re-translated."""
    a = {"data-i18n": key}
    if params:
        a["data-i18n-args"] = ";".join(f"{k}={v}" for k, v in params.items())
    return attrs(a)


# ---- new game ------------------------------------------------------------------------


@dataclass
class Draft:
    game_id: str
    seats: int
    names: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)
    seed: str = ""
    options: dict = field(default_factory=dict)
    error: str = ""
    devices: bool = False  # "Players on their own devices" (issue 30, ui/table_host.py)


def _select(name: str, options: Sequence[tuple[str, str]], value: str, label_id: str | None = None,
            **kw: Any) -> str:
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(text)}</option>'
                   for v, text in options)
    return f'<select name="{esc(name)}"{attrs({"id": label_id, **kw})}>{opts}</select>'


def new_game(lang: str, info: Any, draft: Draft, levels: Sequence[str]) -> str:
    title = t(lang, f"game.{info.id}.title")
    out = [f'<form class="new-game" data-new-game="{esc(info.id)}" novalidate>',
           f'<h2>{esc(t(lang, "new.heading", game=title))}</h2>',
           f'<p class="howto-line"><a href="#/rules/{esc(info.id)}" data-howto="{esc(info.id)}">'
           f'{esc(t(lang, "hub.how_to_play"))}</a></p>']
    if draft.error:
        out.append(f'<p class="form-error" role="alert">{esc(draft.error)}</p>')
    seat_opts = [(str(n), str(n)) for n in range(info.min_players, info.max_players + 1)]
    out.append(f'<div class="field"><label for="f-seats">{esc(t(lang, "new.seats"))}</label>'
               + _select("seats", seat_opts, str(draft.seats), "f-seats") + "</div>")
    # issue 30: seats may be played on their own devices (ui/table_host.py)
    out.append(f'<div class="field check net-devices"><input id="f-devices" type="checkbox" name="devices"'
               f'{" checked" if draft.devices else ""} aria-describedby="f-devices-hint">'
               f'<label for="f-devices">{esc(t(lang, "net.devices"))}</label>'
               f'<small id="f-devices-hint" class="muted">{esc(t(lang, "net.devices_hint"))}</small></div>')
    out.append('<ol class="seat-list">')
    kind_opts = [("human", t(lang, "net.kind.here" if draft.devices else "new.kind.human"))]
    if draft.devices:
        kind_opts.append(("device", t(lang, "net.kind.device")))
    kind_opts.append(("bot", t(lang, "new.kind.bot")))
    level_opts = [(lv, t(lang, f"level.{lv}")) for lv in levels]
    for i in range(draft.seats):
        kind = draft.kinds[i]
        out.append(
            f'<li class="seat-row" data-seat="{i}"><fieldset><legend>{esc(t(lang, "new.seat", number=i + 1))}</legend>'
            f'<div class="field"><label for="f-s{i}-name">{esc(t(lang, "new.name"))}</label>'
            f'<input id="f-s{i}-name" name="seat-{i}-name" type="text" maxlength="{NAME_MAX}" autocomplete="off" '
            f'value="{esc(draft.names[i])}"></div>'
            f'<div class="field"><label for="f-s{i}-kind">{esc(t(lang, "new.kind"))}</label>'
            + _select(f"seat-{i}-kind", kind_opts, kind, f"f-s{i}-kind") + "</div>"
            f'<div class="field{" is-off" if kind != "bot" else ""}"><label for="f-s{i}-level">{esc(t(lang, "new.level"))}</label>'
            + _select(f"seat-{i}-level", level_opts, draft.levels[i], f"f-s{i}-level",
                      disabled=kind != "bot") + "</div></fieldset></li>"
        )
    out.append("</ol>")
    out.append(f'<div class="field"><label for="f-seed">{esc(t(lang, "new.seed"))}</label>'
               f'<input id="f-seed" name="seed" type="text" inputmode="numeric" maxlength="40" autocomplete="off" '
               f'value="{esc(draft.seed)}" aria-describedby="f-seed-hint">'
               f'<small id="f-seed-hint" class="muted">{esc(t(lang, "new.seed_hint"))}</small></div>')
    out.append(f'<fieldset class="options"><legend>{esc(t(lang, "new.options"))}</legend>')
    if not info.options:
        out.append(f'<p class="muted">{esc(t(lang, "new.no_options"))}</p>')
    # imported late: the board modules import this module's neighbours
    from .boards import get_board, has_board
    choices = getattr(get_board(info.id), "OPTION_CHOICES", {}) if has_board(info.id) else {}
    for name, default in info.options:
        value = draft.options.get(name, default)
        label = esc(t(lang, f"{info.id}.option.{name}"))
        fid = f"f-opt-{esc(name)}"
        if isinstance(default, bool):
            out.append(f'<div class="field check"><input id="{fid}" type="checkbox" name="option-{esc(name)}"'
                       f'{" checked" if value else ""}><label for="{fid}">{label}</label></div>')
        elif isinstance(default, int):
            out.append(f'<div class="field"><label for="{fid}">{label}</label><input id="{fid}" type="number" '
                       f'name="option-{esc(name)}" value="{esc(value)}"></div>')
        elif name in choices:  # a board's OPTION_CHOICES: a select of catalogue texts
            opts = [(v, t(lang, f"{info.id}.option.{name}.{v}")) for v in choices[name]]
            out.append(f'<div class="field"><label for="{fid}">{label}</label>'
                       + _select(f"option-{name}", opts, str(value), fid) + "</div>")
        else:
            out.append(f'<div class="field"><label for="{fid}">{label}</label><input id="{fid}" type="text" '
                       f'name="option-{esc(name)}" value="{esc(value)}"></div>')
    out.append("</fieldset>")
    out.append('<div class="form-btns">'
               + button(esc(t(lang, "new.start")), ui="start", cls="btn btn-primary")
               + f'<a class="btn" href="#/" data-ui="hub">{esc(t(lang, "new.back"))}</a></div></form>')
    return "".join(out)


def message_screen(lang: str, key: str, **params: Any) -> str:
    return (f'<div class="notice"><p>{esc(t(lang, key, **params))}</p>'
            f'<a class="btn" href="#/" data-ui="hub">{esc(t(lang, "play.hub"))}</a></div>')


# ---- playing ---------------------------------------------------------------------------

PLAY_REGIONS = ("top", "board", "hand", "side", "rules", "overlay")


def play_frame(regions: dict[str, str]) -> str:
    r = {k: regions.get(k, "") for k in PLAY_REGIONS}
    return (
        # one frame that fits the screen (docs/ui.md, "The play layout"): a compact bar,
        # the stage (board, and the players panel beside it on wide screens) takes the
        # height left and scrolls inside itself, the hand is docked below it
        '<div class="play">'
        f'<div class="play-top" data-region="top">{r["top"]}</div>'
        '<div class="play-stage">'
        f'<div class="play-board" data-region="board">{r["board"]}</div>'
        f'<aside class="play-side" data-region="side">{r["side"]}</aside>'
        '</div>'
        f'<div class="play-hand" data-region="hand">{r["hand"]}</div>'
        f'<div data-region="rules">{r["rules"]}</div>'
        f'<div data-region="overlay">{r["overlay"]}</div>'
        '</div>'
    )


def top(ctx: Ctx, *, turn_text: str, prompt: str, can_undo: bool, thinking: bool, tools: str = "",
        below: str = "") -> str:
    """The play bar: a compact turn line (the game's name for screen readers
    only) and every control of the game in one row (``tools``: the bot pace,
    share); ``below``: what opens under the bar (the share panel, the guide)."""
    undo = button(tool_label("undo", ctx.h("play.undo")), ui="undo", cls="btn", disabled=not can_undo,
                  title=ctx.tr("play.undo"))
    # the turn line and the tools are parts (render/parts.py): a move changes the
    # turn line, and of the tools at most Undo's state (the tools' first element),
    # so the bar's buttons and the bot pace select are not parsed and laid out again
    turn = part("turn",
                f'<h2 class="game-title sr">{ctx.h(f"game.{ctx.game_id}.title")}</h2>'
                f'<p class="whose" id="turn-line" tabindex="-1">{esc(turn_text)}</p>'
                + (f'<p class="prompt">{esc(prompt)}</p>' if prompt else ""),
                "div", f' class="turn{" is-thinking" if thinking else ""}"')
    row = part("tools",
               undo
               + button(tool_label("rules", ctx.h("play.rules")), ui="rules", cls="btn", title=ctx.tr("play.rules"))
               + button(tool_label("export", ctx.h("play.export")), ui="export", cls="btn", title=ctx.tr("play.export"))
               + tools
               + f'<a class="btn" href="#/" data-ui="hub" title="{esc(ctx.tr("play.hub"))}">'
               f'{tool_label("hub", ctx.h("play.hub"))}</a>',
               "div", ' class="tools"')
    return f'<div class="bar">{turn}{row}</div>{below}'


def side(ctx: Ctx, view: dict, board_mod: Any, *, to_act: int | None, kinds: Sequence[str],
         levels: Sequence[str | None], log_lines: Sequence[tuple[int, str]]) -> str:
    """The players panel: the seats, then the move log. Each part is a
    region of its own (``seats``, ``log``) inside ``side``, so the browser can
    replace the seats and only add the log's new lines after a move."""
    seats = side_seats(ctx, view, board_mod, to_act=to_act, kinds=kinds, levels=levels)
    return (f'<section class="seats" data-region="seats">{seats}</section>'
            f'<section class="moves" data-log data-region="log">{side_log(ctx, log_lines)}</section>')


def side_seats(ctx: Ctx, view: dict, board_mod: Any, *, to_act: int | None, kinds: Sequence[str],
               levels: Sequence[str | None]) -> str:
    seats = []
    for i, name in enumerate(ctx.names):
        who = ctx.h("play.bot", level=t(ctx.lang, f"level.{levels[i]}")) if kinds[i] == "bot" else ctx.h("play.human")
        you = f' <span class="you">{ctx.h("play.you")}</span>' if i == ctx.viewer and not ctx.curtain else ""
        mark = f'<span class="to-move">{ctx.h("play.to_move")}</span>' if i == to_act else ""
        # a part each (render/parts.py): a move changes the seats it touched
        seats.append(part(
            f"seat-{i}",
            f'<div class="seat-head"><span class="seat-name">{esc(name)}</span>{you}{mark}</div>'
            f'<div class="seat-kind muted">{who}</div>'
            f'{board_mod.seat_info(view, i, ctx)}',
            "li", f' class="seat{" is-active" if i == to_act else ""}" data-seat="{i}"'))
    return f'<h2>{ctx.h("play.players")}</h2><ul class="seat-list-play">{"".join(seats)}</ul>'


def log_items(lines: Sequence[tuple[int, str]]) -> str:
    """Log lines as ``<li>``, newest first (the list is ``<ol reversed>``)."""
    return "".join(f'<li value="{n}">{esc(text)}</li>' for n, text in reversed(lines))


def side_log(ctx: Ctx, log_lines: Sequence[tuple[int, str]]) -> str:
    if log_lines:
        return (f'<h2 id="log-h">{ctx.h("play.log")}</h2>'  # focusable: it scrolls (axe scrollable-region-focusable)
                f'<ol class="log" reversed tabindex="0" aria-labelledby="log-h">{log_items(log_lines)}</ol>')
    return f'<h2>{ctx.h("play.log")}</h2><p class="muted">{ctx.h("play.log_empty")}</p>'


def curtain(ctx: Ctx, name: str, *, can_undo: bool = False) -> str:
    return (
        '<div id="curtain" class="curtain" role="dialog" aria-modal="false" aria-labelledby="curtain-h">'
        f'<h2 id="curtain-h">{ctx.h("curtain.heading", name=name)}</h2>'
        f'<p>{ctx.h("curtain.text", name=name)}</p>'
        + button(ctx.h("curtain.reveal", name=name), ui="reveal", cls="btn btn-primary btn-big")
        + "</div>"
    )


def rule_sections(lang: str, rule_ids: Sequence[str], *, focus: str | None = None,
                  tryit: dict[str, str] | None = None) -> str:
    """The rules' sections; ``tryit``: clause -> ``"scenario"`` (a "Try it"
    button) or the reason why none can exist (a note), docs/tryit.md."""
    sections = []
    for rid in rule_ids:
        title = t(lang, f"rules.{rid}.title")
        extra = ""
        how = (tryit or {}).get(rid)
        if how == "scenario":
            extra = ('<p class="rule-try">' + button(
                esc(t(lang, "tryit.button")), ui=f"tryit:{rid}", cls="btn btn-try",
                aria_label=t(lang, "tryit.button_label", rule=title)) + "</p>")
        elif how:
            # why a clause has no "Try it" is a note for us (tests, tools), not for players: kept hidden
            extra = (f'<p class="rule-try muted" data-no-tryit="{esc(how)}" hidden>'
                     f'{esc(t(lang, "tryit.no_scenario", reason=t(lang, f"tryit.reason.{how}")))}</p>')
        sections.append(
            f'<section class="rule{" is-focus" if rid == focus else ""}" data-rule="{esc(rid)}" id="rule-{esc(rid)}" tabindex="-1">'
            f'<h3>{esc(title)}</h3>{paragraphs(t(lang, f"rules.{rid}.body"))}{extra}</section>'
        )
    return "".join(sections)


def rules_index(lang: str, rule_ids: Sequence[str]) -> str:
    """A section index: one button per section (``rules:<id>`` moves focus to
    it; a link to ``#rule-…`` would change the route)."""
    items = "".join(f'<li><button type="button" class="btn-link rules-jump" data-ui="rules:{esc(rid)}">'
                    f'{esc(t(lang, f"rules.{rid}.title"))}</button></li>' for rid in rule_ids)
    return (f'<nav class="rules-index" aria-label="{esc(t(lang, "rules.index"))}"><details open>'
            f'<summary>{esc(t(lang, "rules.index"))}</summary><ol>{items}</ol></details></nav>')


def rules_panel(lang: str, game_id: str, rule_ids: Sequence[str], *, open_: bool,
                focus: str | None = None, tryit: dict[str, str] | None = None) -> str:
    """The rules drawer (hidden unless ``open_``). Every render of the play
    screen holds it, the resume snapshot's too (ui/snapshot.py), and it only
    depends on its arguments: kept for the last few (it was 40% of a
    snapshot's render)."""
    return _rules_panel(lang, game_id, tuple(rule_ids), open_, focus,
                        tuple(sorted(tryit.items())) if tryit else ())


@functools.lru_cache(maxsize=8)
def _rules_panel(lang: str, game_id: str, rule_ids: tuple[str, ...], open_: bool, focus: str | None,
                 tryit_items: tuple[tuple[str, str], ...]) -> str:
    tryit = dict(tryit_items) or None
    title = t(lang, f"game.{game_id}.title")
    return (
        f'<aside id="rules" class="rules-panel" aria-labelledby="rules-h"{" hidden" if not open_ else ""}>'
        f'<div class="rules-head"><h2 id="rules-h">{esc(t(lang, "rules.heading", game=title))}</h2>'
        + button(esc(t(lang, "rules.close")), ui="rules-close", cls="btn")
        + "</div>" + rules_index(lang, rule_ids) + rule_sections(lang, rule_ids, focus=focus, tryit=tryit) + "</aside>"
    )


@dataclass(frozen=True)
class FinalRow:
    seat: int
    place: int
    score: int
    winner: bool
    detail_html: str


def gameover(ctx: Ctx, *, reason_key: str, low_wins: bool, rows: Sequence[FinalRow],
             winners: Sequence[int], note: str = "") -> str:
    names = t(ctx.lang, "over.and").join(ctx.name(w) for w in winners)
    head = ctx.tr("over.winner" if len(winners) == 1 else "over.winners", names=names)
    body = "".join(
        f'<tr class="{"is-winner" if r.winner else ""}" data-final-seat="{r.seat}"><td>{r.place}</td>'
        f'<th scope="row">{esc(ctx.name(r.seat))}{" ★" if r.winner else ""}</th>'
        f'<td class="num">{r.score}</td><td class="detail">{r.detail_html}</td></tr>'
        for r in rows
    )
    # the buttons come right after the winner, so they are in view on any screen; the places
    # and their breakdown follow (on a phone one card per seat); "over-btns" has room for more
    # buttons. The end's reason already says what wins; "lowest wins" is said only when it does.
    return (
        '<div class="gameover" data-gameover role="dialog" aria-labelledby="over-h">'
        f'<h2 id="over-h" tabindex="-1">{ctx.h("over.heading")}</h2>'
        f'<p class="winner"><span class="over-star" aria-hidden="true">★</span> {esc(head)}</p>'
        f'<p class="muted">{ctx.h(reason_key)}{" " + ctx.h("over.low_wins") if low_wins else ""}</p>'
        + (f'<p class="solo-best" data-solo-best>{esc(note)}</p>' if note else "")
        + '<div class="form-btns over-btns">'
        + button(ctx.h("over.again"), ui="again", cls="btn btn-primary")
        + button(ctx.h("review.open"), ui="review-open", cls="btn")  # ui/review_control.py
        + button(ctx.h("over.hub"), ui="hub", cls="btn")
        + "</div>"
        f'<table class="scores"><thead><tr><th scope="col">{ctx.h("over.place")}</th><th scope="col">{ctx.h("over.player")}</th>'
        f'<th scope="col">{ctx.h("over.score")}</th><th scope="col"><span class="sr">{ctx.h("over.detail")}</span></th></tr></thead><tbody>{body}</tbody></table>'
        "</div>"
    )


# ---- status line -------------------------------------------------------------------------


def status(lang: str, text: str, *, rule_id: str | None = None, kind: str = "info",
           try_it: bool = False) -> str:
    """``try_it``: the rule has a "Try it" (docs/tryit.md), offered beside it."""
    if not text:
        return ""
    out = f'<p class="msg msg-{esc(kind)}">{esc(text)}'
    if rule_id:
        title = t(lang, f"rules.{rule_id}.title")
        out += (f' <span class="rule-ref">{esc(t(lang, "play.rule", title=title))}</span> '
                + button(esc(t(lang, "play.read_rule")), ui=f"rules:{rule_id}", cls="btn btn-link"))
        if try_it:
            out += " " + button(esc(t(lang, "tryit.button")), ui=f"tryit:{rule_id}", cls="btn btn-link",
                                aria_label=t(lang, "tryit.button_label", rule=title))
    return out + "</p>"


def lang_switch(lang: str) -> str:
    return "".join(
        button(esc(t(code, f"lang.{code}")), ui=f"lang:{code}", cls="btn btn-lang" + (" is-current" if code == lang else ""),
               aria_pressed="true" if code == lang else "false", lang=code)
        for code in LANGS
    )
