"""A game's cover drawing for its hub tile: ``games/<id>/cover.svg``.

The project draws every cover itself (docs/ui.md, "Art conventions"). The
file reaches the page in app.zip (and the pre-rendered hub in index.html,
tools/render_hub.py); the hub inlines it, so its colours come from the page's
CSS variables (``--cv-*`` and the suit colours ``--c-*``, site.css "hub
covers") and ``currentColor``, and dark mode re-colours it.

:func:`problems` is the one check of a cover's conventions (the registry's
test, tests/ui/test_covers.py, and ``python -m spieltisch check``).
"""

from __future__ import annotations

import re

from ..games import GAMES, folder

FILE = "cover.svg"
VIEWBOX = "0 0 160 100"  # 16:10, the tile's banner
BUDGET = 4096  # bytes of the file, comments included
_PAINT = re.compile(r"none|currentColor|var\(--[a-zA-Z][a-zA-Z0-9-]*\)")
_NOT_ALLOWED = {"image", "script", "foreignObject", "style", "use", "a"}
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=/>]+=\"[^\"]*\")*\s*)(/?)>")
_ATTR = re.compile(r"\s+([^\s=/>]+)=\"([^\"]*)\"")

_inline: dict[str, str] = {}


def source(game_id: str) -> str | None:
    """The cover file's text, or None (no such game, no such file)."""
    if game_id not in GAMES:
        return None
    path = folder(game_id) / FILE
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def problems(text: str) -> list[str]:
    """What breaks the conventions in a cover's text (empty: none). A plain
    scanner, not an XML parser: the page's trimmed standard library has none
    (tools/stdlib_trim.py), and a cover is a few dozen simple tags."""
    out = []
    size = len(text.encode("utf-8"))
    if size > BUDGET:
        out.append(f"{size} bytes, over the budget of {BUDGET}")
    body = _COMMENT.sub("", text).strip()
    if "<!--" in body or "<?" in body or "<!" in body:
        out.append("only elements and comments, no declarations")
    stack: list[str] = []
    tags = list(_TAG.finditer(body))
    if not tags or tags[0].start() != 0 or tags[0].group(2) != "svg" or tags[0].group(1):
        return [*out, "does not start with <svg"]
    last = 0
    for m in tags:
        gap = body[last:m.start()]
        last = m.end()
        if gap.strip() and (not stack or stack[-1] != "text" or "<" in gap or ">" in gap):
            out.append(f"text outside a <text> element: {gap.strip()[:20]!r}")
        closing, tag, rest, selfclosing = m.group(1), m.group(2), m.group(3), m.group(4)
        if closing:
            open_tag = stack.pop() if stack else None
            if open_tag != tag:
                return [*out, f"</{tag}> does not close <{open_tag}>: not well-formed"]
            continue
        if not selfclosing:
            stack.append(tag)
        if tag in _NOT_ALLOWED:
            out.append(f"<{tag}> is not allowed (no pictures, scripts, styles or links: the page inlines it)")
        attrs = dict(_ATTR.findall(rest))
        if _ATTR.sub("", rest).strip():
            out.append(f"<{tag}>: attributes must be name=\"value\"")
        if tag == "svg" and m.start() == 0:
            if attrs.get("xmlns") != "http://www.w3.org/2000/svg":
                out.append("the <svg> has no xmlns=\"http://www.w3.org/2000/svg\"")
            if attrs.get("viewBox") != VIEWBOX:
                out.append(f'viewBox is {attrs.get("viewBox")!r}, not "{VIEWBOX}"')
        for name, value in attrs.items():
            local = name.rsplit(":", 1)[-1]
            if local in ("fill", "stroke") and not _PAINT.fullmatch(value.strip()):
                out.append(f'<{tag} {local}="{value}">: paint with var(--...), currentColor or none (dark mode)')
            elif local in ("id", "href", "style", "class") or local.startswith("on"):
                out.append(f"<{tag}> has {local}=: not allowed (the page inlines every cover)")
    if stack:
        out.append(f"<{stack[-1]}> is never closed: not well-formed")
    elif not body.endswith("</svg>"):
        out.append("does not end with </svg>")
    if "currentColor" not in body:
        out.append("no currentColor: its lines would not follow the page's ink in dark mode")
    return out


def inline(game_id: str) -> str:
    """The cover as inline markup for the hub (comments and line breaks
    dropped, hidden from assistive technology: the tile's heading names the
    game), or "" when the game has none."""
    found = _inline.get(game_id)
    if found is None:
        text = source(game_id)
        if text is None:
            found = ""
        else:
            text = _COMMENT.sub("", text)
            text = re.sub(r">\s+<", "><", text.strip())
            found = text.replace("<svg ", '<svg class="cover-svg" aria-hidden="true" focusable="false" '
                                 'preserveAspectRatio="xMidYMid slice" ', 1)
        _inline[game_id] = found
    return found
