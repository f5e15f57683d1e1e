"""Parts of a region that the browser adapter may replace one by one.

A renderer wraps a piece that changes often in :func:`part`; everything
outside the parts is the region's skeleton. When a region is rendered again
and its skeleton is the same (the first tag's attributes aside, which are
set one by one), ``app.dom`` replaces only the parts whose HTML changed, so
a big static picture (e.g. Saus und Braus's kitchen) is not parsed, styled
and laid out again for every move. Parts do not nest.

    <g data-part="books">…<!--/books--></g>
"""

from __future__ import annotations

import re

from .html import unesc

_OPEN = 'data-part="'
_ATTR = re.compile(r'([^\s=<>/"]+)(?:="([^"]*)")?')


def part(key: str, inner: str, tag: str = "g", attrs: str = "") -> str:
    """``inner`` in a ``<tag data-part=key>`` the adapter can replace alone."""
    return f'<{tag}{attrs} data-part="{key}">{inner}<!--/{key}--></{tag}>'


def split(markup: str) -> tuple[str, str, dict[str, str]]:
    """(first tag, the rest with every part emptied, {key: part's inner HTML}).
    Plain ``str.find`` over the markup: a board re-renders on every move."""
    parts: dict[str, str] = {}
    pieces = []
    at = 0
    while True:
        start = markup.find(_OPEN, at)
        if start < 0:
            break
        key_end = markup.find('">', start + len(_OPEN))
        if key_end < 0:
            break
        key = markup[start + len(_OPEN):key_end]
        body = key_end + 2
        end = markup.find(f"<!--/{key}-->", body)
        if end < 0:
            break
        parts[key] = markup[body:end]
        pieces.append(markup[at:body])
        at = end
    pieces.append(markup[at:])
    skeleton = "".join(pieces)
    first = skeleton[:skeleton.find(">") + 1] if skeleton.lstrip().startswith("<") else ""
    return first, skeleton[len(first):], parts


def patch_plan(old: str, new: str):
    """How to turn a region showing ``old`` into ``new`` without replacing it:
    ``(attrs, {key: inner})`` (``attrs``: the first element's attributes, set
    all, when its tag changed; None when unchanged), or None when the skeleton
    changed and the region must be replaced whole."""
    first_old, rest_old, parts_old = split(old)
    first_new, rest_new, parts_new = split(new)
    if rest_old != rest_new or not parts_new or parts_old.keys() != parts_new.keys():
        return None
    if first_old.split(None, 1)[:1] != first_new.split(None, 1)[:1]:
        return None  # another tag name
    attrs = None
    if first_old != first_new:
        body = first_new.strip()[1:-1].split(None, 1)
        attrs = {k: unesc(v or "") for k, v in _ATTR.findall(body[1] if len(body) > 1 else "")}
    changed = {k: v for k, v in parts_new.items() if parts_old[k] != v}
    return attrs, changed
