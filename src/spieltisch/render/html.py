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
