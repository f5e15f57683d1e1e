"""The hub's screen: the game cards, the Continue card and the saved games.
Split from ``screens`` (the other generic screens) so each stays short; the
controller's hub part (``ui.hub``) builds the rows these functions draw.

Every player-given string goes through ``esc``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import t
from ..render.html import button, esc, url_quote
from .screens import i18n_attrs

# ---- hub ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SaveRow:
    slot: str
    game_id: str
    names: tuple[str, ...]
    moves: int
    finished: bool
    confirm_delete: bool = False


@dataclass(frozen=True)
class BrokenRow:
    key: str
    code: str
    confirm_delete: bool = False


@dataclass(frozen=True)
class CardInfo:
    game_id: str
    built: bool
    min_players: int
    max_players: int


def game_card(lang: str, card: CardInfo) -> str:
    gid = card.game_id
    title = f'<h3{i18n_attrs(f"game.{gid}.title")}>{esc(t(lang, f"game.{gid}.title"))}</h3>'
    players = (f'<p class="players"{i18n_attrs("hub.players", min=card.min_players, max=card.max_players)}>'
               f'{esc(t(lang, "hub.players", min=card.min_players, max=card.max_players))}</p>')
    blurb = f'<p class="blurb"{i18n_attrs(f"game.{gid}.blurb")}>{esc(t(lang, f"game.{gid}.blurb"))}</p>'
    if card.built:
        foot = (f'<div class="card-btns"><a class="btn btn-primary" href="#/new/{esc(gid)}" data-ui="new:{esc(gid)}"'
                f'{i18n_attrs("hub.new")}>{esc(t(lang, "hub.new"))}</a>'
                f'<button type="button" class="btn" data-ui="learn:{esc(gid)}"'
                f'{i18n_attrs("guide.learn")}>{esc(t(lang, "guide.learn"))}</button>'
                f'<a class="btn btn-howto" href="#/rules/{esc(gid)}" data-howto="{esc(gid)}"'
                f'{i18n_attrs("hub.how_to_play")}>{esc(t(lang, "hub.how_to_play"))}</a></div>')
        return (f'<li class="game-card game-{esc(gid)}" data-game-card="{esc(gid)}">'
                f'<div class="art" aria-hidden="true"></div>{title}{players}{blurb}{foot}</li>')
    foot = f'<p class="soon"{i18n_attrs("hub.coming_soon")}>{esc(t(lang, "hub.coming_soon"))}</p>'
    return (f'<li class="game-card game-{esc(gid)} is-soon" data-game-card="{esc(gid)}" data-coming-soon '
            f'aria-disabled="true"><div class="art" aria-hidden="true"></div>{title}{players}{blurb}{foot}</li>')


def hub_cards(lang: str, cards: Sequence[CardInfo]) -> str:
    return (f'<section class="hub-games" aria-labelledby="hub-h"><h2 id="hub-h"{i18n_attrs("hub.heading")}>'
            f'{esc(t(lang, "hub.heading"))}</h2><ul class="game-grid">'
            + "".join(game_card(lang, c) for c in cards) + "</ul></section>")


@dataclass(frozen=True)
class ContinueCard:
    slot: str
    title: str
    detail: str


def continue_card(c: ContinueCard) -> str:
    """The most recent unfinished game, first on the hub; static/js/resume.js
    builds the same markup before Python runs (from the save's snapshot). A
    plain link: the route change opens the game (and, before Python, paints
    its snapshot); the save's own row keeps the ``continue:`` button."""
    return (f'<section class="hub-continue" data-continue aria-labelledby="continue-h">'
            f'<a class="continue-card" href="#/play/{esc(url_quote(c.slot))}">'
            f'<h2 id="continue-h" class="continue-title">{esc(c.title)}</h2>'
            f'<p class="continue-detail">{esc(c.detail)}</p></a></section>')


def hub(lang: str, cards: Sequence[CardInfo], saves: Sequence[SaveRow],
        broken: Sequence[BrokenRow], cont: ContinueCard | None = None) -> str:
    out = [continue_card(cont)] if cont is not None else []
    out.append(hub_cards(lang, cards))
    out.append(f'<section class="hub-saves" aria-labelledby="saves-h"><h2 id="saves-h">{esc(t(lang, "hub.saves"))}</h2>')
    if saves:
        out.append('<ul class="save-list">')
        for s in saves:
            out.append(_save_row(lang, s))
        out.append("</ul>")
    else:
        out.append(f'<p class="muted">{esc(t(lang, "hub.no_saves"))}</p>')
    out.append('<div class="import">'
               + button(esc(t(lang, "hub.import")), ui="import", cls="btn")
               + f'<a class="btn" href="#/record" data-hub-record>{esc(t(lang, "record.page.heading"))}</a>'
               + f'<span class="muted">{esc(t(lang, "hub.import_hint"))}</span></div>')
    out.append("</section>")
    if broken:
        out.append(f'<section class="hub-broken"><h2>{esc(t(lang, "hub.broken_heading"))}</h2><ul class="broken-list">')
        for b in broken:
            reason = t(lang, f"save.error.{b.code}")
            if reason == f"save.error.{b.code}":
                reason = t(lang, "save.error.unknown")
            msg = t(lang, "hub.broken", reason=reason)
            delete = (button(esc(t(lang, "hub.delete_confirm")), ui=f"delete-confirm:{b.key}", cls="btn btn-danger")
                      if b.confirm_delete else button(esc(t(lang, "hub.delete")), ui=f"delete:{b.key}", cls="btn"))
            out.append(f'<li class="broken" data-broken-save="{esc(b.key)}"><p>{esc(msg)}</p>'
                       f'<div class="row-btns">{button(esc(t(lang, "hub.broken_export")), ui=f"export-broken:{b.key}")}'
                       f'{delete}</div></li>')
        out.append("</ul></section>")
    return '<div class="hub">' + "".join(out) + "</div>"


def _save_row(lang: str, s: SaveRow) -> str:
    names = ", ".join(s.names)
    state = t(lang, "hub.finished") if s.finished else t(lang, "hub.in_progress")
    go = button(esc(t(lang, "hub.show_result" if s.finished else "hub.continue")),
                ui=f"continue:{s.slot}", cls="btn btn-primary")
    delete = (button(esc(t(lang, "hub.delete_confirm")), ui=f"delete-confirm:{s.slot}", cls="btn btn-danger")
              if s.confirm_delete else button(esc(t(lang, "hub.delete")), ui=f"delete:{s.slot}", cls="btn"))
    if s.finished:  # the review (ui/review_control.py)
        go += button(esc(t(lang, "review.open")), ui=f"review-open:{s.slot}", cls="btn")
    return (f'<li class="save" data-save="{esc(s.slot)}">'
            f'<div class="save-main"><strong>{esc(t(lang, f"game.{s.game_id}.title"))}</strong>'
            f'<span class="save-names">{esc(names)}</span>'
            f'<span class="muted">{esc(state)} · {esc(t(lang, "hub.moves", count=s.moves))}</span></div>'
            f'<div class="row-btns">{go}{button(esc(t(lang, "hub.export")), ui=f"export:{s.slot}")}{delete}</div></li>')
