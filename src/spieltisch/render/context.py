"""What a render needs besides the view: language, seat names, which action
texts are legal for the seat being shown, and UI-only selection state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import possessive, t
from .html import attrs, esc


@dataclass(frozen=True)
class Ctx:
    lang: str
    game_id: str
    names: tuple[str, ...]
    bots: tuple[bool, ...] = ()
    viewer: int | None = None  # the seat whose private view is shown
    legal: frozenset[str] = frozenset()  # legal action texts for the viewer
    selected: str | None = None  # a UI selection (e.g. a hand card)
    curtain: bool = False  # the hot-seat curtain is up
    log: tuple[tuple[str, dict], ...] = field(default=())  # described log, oldest first
    last: tuple[tuple[int, str], ...] = ()  # each seat's last move (seat, action text), newest first
    hand_owner: str | None = None  # the viewer's name when her hand is shown to someone else (the review)

    def tr(self, key: str, **params: Any) -> str:
        """Translated plain text (escape before output!)."""
        return t(self.lang, key, **params)

    def h(self, key: str, **params: Any) -> str:
        """Translated and escaped: safe to put into HTML."""
        return esc(t(self.lang, key, **params))

    def own(self, key: str, **params: Any) -> str:
        """Translated and escaped text about the viewer's own things ("Your
        hand"); when her hand is shown to someone else (``hand_owner``, the
        review's "Show what was hidden") the ``<key>_of`` text, given the
        owner's ``name`` and ``owner`` ("Anna's hand", "Annas Hand")."""
        if self.hand_owner is None:
            return self.h(key, **params)
        return self.h(f"{key}_of", name=self.hand_owner, owner=possessive(self.lang, self.hand_owner), **params)

    def name(self, seat: Any) -> str:
        try:
            return self.names[int(seat)]
        except (ValueError, TypeError, IndexError):
            return str(seat)

    def target(self, text: str) -> dict[str, str]:
        """data-action if ``text`` is legal for the viewer, else data-illegal
        out of the tab order (a click still explains why; issue 14: only
        legal targets are tab stops)."""
        if text in self.legal:
            return {"data-action": text}
        return {"data-illegal": text, "tabindex": "-1"}


def hand_panel(ctx: Ctx, game_id: str, cards_html: str, *, pass_label_key: str | None = None,
               cls: str = "") -> str:
    """The viewer's hand: a titled group of card buttons (``cards_html``, or the
    game's ``<id>.hand_empty`` text) and, for a game whose move ``pass`` exists
    (it gives ``pass_label_key``, the button's text), a Pass button that is a
    move when ``pass`` is legal and otherwise explains why not
    (``ctx.target``). A game without a pass move gives no key and gets none."""
    body = cards_html or f'<p class="muted">{ctx.own(f"{game_id}.hand_empty")}</p>'
    extra = ""
    if pass_label_key is not None:
        legal = "pass" in ctx.legal
        extra = (f'<button type="button" class="btn btn-pass{"" if legal else " is-illegal"}"'
                 f'{attrs(ctx.target("pass"))}>{ctx.h(pass_label_key)}</button>')
    title = ctx.own(f"{game_id}.hand")
    more = f" {cls}-hand" if cls else ""
    cards_cls = f" {cls}-hand-cards" if cls else ""
    return (f'<div class="hand{more}" data-hand role="group" aria-label="{title}">'
            f'<h2 class="hand-title">{title}</h2>'
            f'<div class="hand-cards{cards_cls}" data-rove>{body}</div>{extra}</div>')
