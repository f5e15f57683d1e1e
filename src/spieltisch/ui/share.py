"""Renders for sharing: "Embed this game" (new-game screen) and "Share this
position" (play screen). Pure functions returning HTML; every dynamic text is
escaped. See docs/embedding.md for the snippet and the position link format.
"""

from __future__ import annotations

from ..i18n import t
from ..render.html import button, esc

FRAME_HEIGHT = 640  # the iframe's height until the page posts its real one


def iframe_snippet(lang: str, src: str, game_id: str) -> str:
    """The HTML a blog pastes (plain text; escape it before showing)."""
    title = t(lang, "embed.frame_title", game=t(lang, f"game.{game_id}.title"))
    return (f'<iframe src="{esc(src)}" title="{esc(title)}" width="100%" height="{FRAME_HEIGHT}" '
            f'loading="lazy" data-spieltisch></iframe>')


def _code_field(label: str, value: str, hook: str, rows: int = 3) -> str:
    return (f'<label class="share-field"><span>{esc(label)}</span>'
            f'<textarea readonly rows="{rows}" spellcheck="false" {hook}>{esc(value)}</textarea></label>')


def embed_box(lang: str, site_url: str, game_id: str) -> str:
    """'Embed this game' under the new-game form."""
    snippet = iframe_snippet(lang, f"{site_url}embed.html#/new/{game_id}", game_id)
    return (f'<details class="embed-box" data-embed-box><summary>{esc(t(lang, "embed.heading"))}</summary>'
            f'<p class="muted">{esc(t(lang, "embed.hint"))}</p>'
            + _code_field(t(lang, "embed.heading"), snippet, "data-embed-snippet")
            + "</details>")


def share_button(lang: str) -> str:
    return ('<div class="share-tools">'
            + button(esc(t(lang, "share.button")), ui="share", cls="btn")
            + "</div>")


def share_panel(lang: str, *, site_url: str, game_id: str, code: str, name: str,
                hidden_info: bool) -> str:
    """The open share panel: the link, what it gives away, the iframe snippet."""
    link = f"{site_url}#/position/{code}"
    snippet = iframe_snippet(lang, f"{site_url}embed.html#/position/{code}", game_id)
    warn = (f'<p class="share-warn" data-share-hidden>{esc(t(lang, "share.hidden"))}</p>'
            if hidden_info else "")
    return (
        '<section class="share-panel" data-share aria-labelledby="share-h">'
        f'<div class="share-head"><h2 id="share-h">{esc(t(lang, "share.heading"))}</h2>'
        + button(esc(t(lang, "share.close")), ui="share-close", cls="btn")
        + "</div>"
        + _code_field(t(lang, "share.link"), link, "data-share-url", rows=2)
        + f'<p class="muted">{esc(t(lang, "share.hint", name=name))}</p>'
        + warn
        + _code_field(t(lang, "share.embed"), snippet, "data-share-embed")
        + "</section>"
    )
