"""Renders for sharing: "Embed this game" (new-game screen) and "Share this
position" (play screen). Pure functions returning HTML; every dynamic text is
escaped. See docs/embedding.md for the snippet and the position link format.
"""

from __future__ import annotations

from ..diagram import embed
from ..i18n import t
from ..render.html import button, esc, tool_label

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
            + button(tool_label("share", esc(t(lang, "share.button"))), ui="share", cls="btn",
                     title=t(lang, "share.button"))
            + "</div>")


def share_panel(lang: str, *, site_url: str, game_id: str, code: str, name: str,
                hidden_info: bool, svg: str = "", file_name: str = "diagram.svg",
                puzzle: dict | None = None) -> str:
    """The open share panel: the link, what it gives away, the iframe snippet;
    with ``svg`` the diagram (download, code, click-to-play snippet) and the
    replay (link, embed code), and with ``puzzle`` the puzzle maker
    (docs/blogging.md)."""
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
        + (diagram_box(lang, site_url, code, svg, file_name) if svg else "")
        + (replay_box(lang, site_url, code, svg, name) if svg else "")
        + (puzzle_box(lang, site_url, name, puzzle) if puzzle is not None else "")
        + "</section>"
    )


def diagram_box(lang: str, site_url: str, code: str, svg: str, file_name: str) -> str:
    """The diagram of this moment: a download link (a data: URI, so no script
    is needed), its code, and the click-to-play snippet for blogs."""
    play = embed.play_snippet(site_url, code, svg, lang=lang)
    return (
        f'<div class="share-diagram"><h3>{esc(t(lang, "share.diagram"))}</h3>'
        f'<p><a class="btn" download="{esc(file_name)}" href="{embed.data_uri(svg)}" data-share-download>'
        f'{esc(t(lang, "share.diagram_download"))}</a></p>'
        + _code_field(t(lang, "share.diagram_code"), svg, "data-share-diagram")
        + _code_field(t(lang, "share.play_snippet"), play, "data-share-play")
        + "</div>"
    )


def replay_box(lang: str, site_url: str, code: str, svg: str, name: str) -> str:
    """The replay of this game, from its start to now as ``name`` saw it
    (``#/replay/<code>``, ui/replay.py): its link, and for a blog a
    click-to-play figure (this moment's diagram) that opens the replay in
    the embed page only after a click."""
    play = embed.play_snippet(site_url, code, svg, lang=lang, kind="replay")
    return (
        f'<div class="share-replay"><h3>{esc(t(lang, "share.replay"))}</h3>'
        + _code_field(t(lang, "share.replay_link", name=name), f"{site_url}#/replay/{code}", "data-share-replay-url",
                      rows=2)
        + _code_field(t(lang, "share.replay_embed"), play, "data-share-replay-embed")
        + "</div>"
    )


def puzzle_box(lang: str, site_url: str, name: str, puzzle: dict) -> str:
    """'Make it a puzzle': the seat's moves to mark as accepted answers, a
    question, and (once an answer is marked) the puzzle link and snippet.

    ``puzzle``: ``choices`` [(move text, label, marked)] or None when the seat
    is not to move; ``question``; ``route`` and ``svg`` once marked."""
    head = (f'<details class="share-puzzle" data-puzzle-box{" open" if puzzle.get("open") else ""}>'
            f'<summary>{esc(t(lang, "share.puzzle"))}</summary>')
    choices = puzzle.get("choices")
    if choices is None:
        return head + f'<p class="muted">{esc(t(lang, "share.puzzle_none", name=name))}</p></details>'
    items = "".join(
        "<li>" + button(esc(label), ui=f"puzzle:{text}", cls="btn btn-answer" + (" is-on" if on else ""),
                        aria_pressed="true" if on else "false", data_answer=text) + "</li>"
        for text, label, on in choices)
    out = (head + f'<p class="muted">{esc(t(lang, "share.puzzle_hint"))}</p>'
           f'<label class="share-field"><span>{esc(t(lang, "share.puzzle_question"))}</span>'
           f'<input type="text" maxlength="200" name="puzzle-question" data-puzzle-question '
           f'value="{esc(puzzle.get("question", ""))}"></label>'
           f'<ul class="share-answers">{items}</ul>')
    route = puzzle.get("route")
    if route:
        out += (_code_field(t(lang, "share.puzzle_link"), f"{site_url}#/position/{route}", "data-puzzle-url", rows=2)
                + (_code_field(t(lang, "share.puzzle_embed"),
                               embed.play_snippet(site_url, route, puzzle["svg"], lang=lang), "data-puzzle-embed")
                   if puzzle.get("svg") else ""))
    return out + "</details>"
