"""Tiny HTML helpers. ``esc`` is THE escape used for every dynamic string."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# Not html.escape: importing the stdlib html package pulls in html.entities
# (a 2,000-entry table) and costs ~150 ms of start-up in Pyodide. Same output.
_TABLE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(value: Any) -> str:
    """Escape text for HTML element content *and* quoted attribute values
    (the same five characters as ``html.escape(quote=True)``)."""
    return ("" if value is None else str(value)).translate(_TABLE)


_UNESC = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'", "nbsp": "\u00a0"}
_ENTITY = re.compile(r"&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-z]+);")


def _entity(m: re.Match) -> str:
    name = m.group(1)
    if name[0] != "#":
        return _UNESC.get(name, m.group(0))  # an entity we never write: left as it is
    digits, base = (name[2:], 16) if name[1] in "xX" else (name[1:], 10)
    code = int(digits, base)
    return chr(code) if 0 < code <= 0x10FFFF else m.group(0)


def unesc(text: str) -> str:
    """Undo ``esc`` (and numeric references) in HTML the renderers wrote;
    not ``html.unescape``, for the start-up cost said above."""
    return _ENTITY.sub(_entity, text) if "&" in text else text


_URL_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")


def url_quote(text: str) -> str:
    """Percent-encode all but the unreserved characters (UTF-8), as
    ``urllib.parse.quote(text, safe="-_.~")``; urllib.parse brings
    ipaddress with it, ~110 ms of start-up in Pyodide."""
    return "".join(chr(b) if b in _URL_SAFE else f"%{b:02X}" for b in text.encode("utf-8"))


_PCT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def url_unquote(text: str) -> str:
    """Decode %XX runs as UTF-8 (bad bytes become U+FFFD), as ``urllib.parse.unquote``."""
    if "%" not in text:
        return text
    return _PCT.sub(lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def attrs(values: Mapping[str, Any]) -> str:
    """`` name="value"`` pairs: ``True`` -> bare attribute, ``None``/``False``
    -> left out. Every value is escaped."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def tag(name: str, content: str = "", **kw: Any) -> str:
    """``<name attrs>content</name>``; ``content`` is trusted HTML. Keyword
    names use ``_`` for ``-`` and a trailing ``_`` for reserved words
    (``class_``)."""
    a = {k.rstrip("_").replace("_", "-"): v for k, v in kw.items()}
    return f"<{name}{attrs(a)}>{content}</{name}>"


def button(label_html: str, *, ui: str | None = None, action: str | None = None,
           illegal: str | None = None, cls: str = "btn", disabled: bool = False,
           **kw: Any) -> str:
    """A real ``<button type=button>`` (Enter/Space work) with one data hook."""
    return tag("button", label_html, type="button", class_=cls, data_ui=ui,
               data_action=action, data_illegal=illegal, disabled=disabled, **kw)


# The play bar's icons (issue 29: one compact bar): simple strokes on a 24-unit grid, drawn for
# this project, coloured by the text (currentColor) so light, dark and high contrast follow.
TOOL_ICONS = {
    "undo": '<path d="M9 5 4 10l5 5"/><path d="M4 10h10a6 6 0 0 1 0 12h-3"/>',
    "rules": '<path d="M3 5h6a3 3 0 0 1 3 3v12a2.5 2.5 0 0 0-2.5-2.5H3z"/>'
             '<path d="M21 5h-6a3 3 0 0 0-3 3v12a2.5 2.5 0 0 1 2.5-2.5H21z"/>',
    "export": '<path d="M12 3v12"/><path d="m7 10 5 5 5-5"/><path d="M4 20h16"/>',
    "share": '<circle cx="6" cy="12" r="2.5"/><circle cx="18" cy="5.5" r="2.5"/><circle cx="18" cy="18.5" r="2.5"/>'
             '<path d="m8.3 10.8 7.4-4M8.3 13.2l7.4 4"/>',
    "hub": '<path d="M3 11 12 3.5 21 11"/><path d="M5.5 9v11h5v-6h3v6h5V9"/>',
    "bots": '<rect x="4.5" y="8" width="15" height="11" rx="3"/><path d="M12 8V4.5"/>'
            '<circle cx="12" cy="3.8" r="1"/><path d="M9 12.5v1.5M15 12.5v1.5M9.5 16.5h5"/>',
}


def tool_label(icon: str, label_html: str) -> str:
    """A bar control's content: its icon and its words; on phones the words
    are read but not shown (site.css ``.bar .lbl``), so the bar keeps one row;
    the control's ``title`` shows them on hover."""
    return (f'<svg class="ico" viewBox="0 0 24 24" aria-hidden="true" focusable="false">{TOOL_ICONS[icon]}</svg>'
            f'<span class="lbl">{label_html}</span>')


def hit_button(hook: Mapping[str, Any], label: str) -> str:
    """A target stretched over a whole list item or panel (site.css ``.hit``;
    its parent gets ``has-hit``): a real button named ``label`` while the
    item keeps its role and shows its text as it is (axe: no ``role=button``
    on an ``<li>``, nothing focusable nested in a button, the name need not
    repeat the item's text). Empty when there is no hook."""
    if not hook:
        return ""
    return f'<button type="button" class="hit"{attrs(hook)} aria-label="{esc(label)}"></button>'


def paragraphs(text: str) -> str:
    return "".join(f"<p>{esc(p)}</p>" for p in text.split("\n\n") if p.strip())
