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
    play_minutes: int = 0  # GameInfo.play_minutes (0: not said)
    cover: str = ""  # the inline cover drawing (ui/covers.py), "" for none


_ICON = '<svg class="fact-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">'
_PERSON = _ICON + '<circle cx="8" cy="4.5" r="3"/><path d="M2 15a6 6 0 0 1 12 0z"/></svg>'
_CLOCK = (_ICON + '<circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" stroke-width="2"/>'
          '<path d="M8 4.5V8l2.5 2" fill="none" stroke="currentColor" stroke-width="2"/></svg>')


def _players_key(card: CardInfo) -> tuple[str, dict]:
    if card.min_players == card.max_players:
        return "hub.players_one", {"n": card.min_players}
    return "hub.players", {"min": card.min_players, "max": card.max_players}


def game_card(lang: str, card: CardInfo) -> str:
    """A game's tile, like the lid of its box: the cover, the name, players
    and play time, one primary "Play" and the rest as a row of small links
    (docs/ui.md, "The hub's tiles")."""
    gid = card.game_id
    title = (f'<h3 id="card-h-{esc(gid)}"{i18n_attrs(f"game.{gid}.title")}>'
             f'{esc(t(lang, f"game.{gid}.title"))}</h3>')
    pkey, pargs = _players_key(card)
    facts = (f'<span class="players">{_PERSON}'
             f'<span{i18n_attrs(pkey, **pargs)}>{esc(t(lang, pkey, **pargs))}</span></span>')
    if card.play_minutes:
        facts += (f'<span class="time">{_CLOCK}'
                  f'<span{i18n_attrs("hub.minutes", n=card.play_minutes)}>'
                  f'{esc(t(lang, "hub.minutes", n=card.play_minutes))}</span></span>')
    facts = f'<p class="facts">{facts}</p>'
    blurb = f'<p class="blurb"{i18n_attrs(f"game.{gid}.blurb")}>{esc(t(lang, f"game.{gid}.blurb"))}</p>'
    art = f'<div class="art cover" aria-hidden="true">{card.cover}</div>'
    if card.built:
        foot = (f'<div class="card-btns"><a class="btn btn-primary btn-play" href="#/new/{esc(gid)}" '
                f'data-ui="new:{esc(gid)}" aria-describedby="card-h-{esc(gid)}"'
                f'{i18n_attrs("hub.play")}>{esc(t(lang, "hub.play"))}</a></div>'
                f'<div class="card-links"><button type="button" class="btn btn-quiet" data-ui="learn:{esc(gid)}"'
                f' aria-describedby="card-h-{esc(gid)}"{i18n_attrs("guide.learn")}>{esc(t(lang, "guide.learn"))}</button>'
                f'<a class="btn btn-quiet btn-howto" href="#/rules/{esc(gid)}" data-howto="{esc(gid)}"'
                f' aria-describedby="card-h-{esc(gid)}"'
                f'{i18n_attrs("hub.how_to_play")}>{esc(t(lang, "hub.how_to_play"))}</a></div>')
        return (f'<li class="game-card game-{esc(gid)}" data-game-card="{esc(gid)}">'
                f'{art}<div class="card-body">{title}{facts}{blurb}{foot}</div></li>')
    foot = f'<p class="soon"{i18n_attrs("hub.coming_soon")}>{esc(t(lang, "hub.coming_soon"))}</p>'
    return (f'<li class="game-card game-{esc(gid)} is-soon" data-game-card="{esc(gid)}" data-coming-soon '
            f'aria-disabled="true">{art}<div class="card-body">{title}{facts}{blurb}{foot}</div></li>')


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
        broken: Sequence[BrokenRow], cont: ContinueCard | None = None, settings: str = "") -> str:
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
    out.append(settings)  # the site's settings (ui/ice_settings.py)
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
