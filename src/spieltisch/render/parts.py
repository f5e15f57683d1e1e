"""Parts of a region that the browser adapter may replace one by one.

A renderer wraps a piece that changes often in :func:`part`; everything
outside the parts is the region's skeleton. When a region is rendered again
and its skeleton is the same (the first tag's attributes aside, which are
set one by one), ``app.dom`` replaces only the parts whose HTML changed, so
a big static picture (e.g. Saus und Braus's kitchen) is not parsed, styled
and laid out again for every move. A part whose first element changed only
in its attributes (a field that became a choice, a book that can be opened)
gets those attributes set, its drawing left as it is. Parts do not nest.

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


def _attrs_of(tag: str) -> dict[str, str]:
    """The attributes of a start tag ``<name a="1" b>`` (values unescaped)."""
    body = tag.strip()[1:-1].rstrip("/").split(None, 1)
    return {k: unesc(v or "") for k, v in _ATTR.findall(body[1] if len(body) > 1 else "")}


def first_tag_patch(old: str, new: str) -> dict[str, str] | None:
    """The attributes of ``new``'s first element when ``old`` and ``new`` are
    the same markup but for that element's start tag (same name), else None.
    Values never hold ``>`` unescaped (``html.esc``), so the first ``>`` ends
    the tag."""
    if old[:1] != "<" or new[:1] != "<" or not old[1:2].isalpha() or not new[1:2].isalpha():
        return None
    end_old, end_new = old.find(">"), new.find(">")
    if end_old < 0 or end_new < 0 or old[end_old:] != new[end_new:]:
        return None
    tag_old, tag_new = old[:end_old + 1], new[:end_new + 1]
    if tag_old.endswith("/>") != tag_new.endswith("/>"):
        return None
    if tag_old[1:].split(None, 1)[0].rstrip("/>") != tag_new[1:].split(None, 1)[0].rstrip("/>"):
        return None
    return _attrs_of(tag_new)


def patch_plan(old: str, new: str):
    """How to turn a region showing ``old`` into ``new`` without replacing it:
    ``(attrs, {key: change})`` (``attrs``: the first element's attributes, set
    all, when its tag changed; None when unchanged; a part's ``change`` is its
    new inner HTML, or a dict: the attributes its first element now has, when
    nothing else in it changed), or None when the skeleton changed and the
    region must be replaced whole."""
    first_old, rest_old, parts_old = split(old)
    first_new, rest_new, parts_new = split(new)
    if rest_old != rest_new or not parts_new or parts_old.keys() != parts_new.keys():
        return None
    if first_old.split(None, 1)[:1] != first_new.split(None, 1)[:1]:
        return None  # another tag name
    attrs = _attrs_of(first_new) if first_old != first_new else None
    changed: dict[str, str | dict[str, str]] = {}
    for key, inner in parts_new.items():
        was = parts_old[key]
        if was != inner:
            tag = first_tag_patch(was, inner)
            changed[key] = tag if tag is not None else inner
    return attrs, changed
