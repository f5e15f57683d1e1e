"""Parts of a region that the browser adapter may replace one by one.

A renderer wraps a piece that changes often in :func:`part`; everything
outside the parts is the region's skeleton. When a region is rendered again
and its skeleton is the same (the first tag's attributes aside, which are
set one by one), ``app.dom`` changes only the parts that changed, so a big
static picture (e.g. Saus und Braus's kitchen) is not parsed, styled and
laid out again for every move. Of a part, only what changed is touched:
the wrapper's own attributes (a seat that became the active one), or the
attributes of its first element when nothing else in it changed (a field
that became a choice, a book that can be opened), else its inner HTML.
Parts do not nest. A part may also be gone from the new markup (a card
played from a hand keyed by card): the adapter removes just that part, when
the parts left are in the same order and the skeleton is the same but for
the gone parts' places.

    <g data-part="books">…<!--/books--></g>
    <li class="seat is-active" data-part="seat-1">…<!--/seat-1--></li>
"""

from __future__ import annotations

import re

from .html import unesc

_OPEN = 'data-part="'
_ATTR = re.compile(r'([^\s=<>/"]+)(?:="([^"]*)")?')


def part(key: str, inner: str, tag: str = "g", attrs: str = "") -> str:
    """``inner`` in a ``<tag attrs data-part=key>`` the adapter can change alone
    (``attrs``: the wrapper's own, already escaped, ``' class="x"'``)."""
    return f'<{tag}{attrs} data-part="{key}">{inner}<!--/{key}--></{tag}>'


def split(markup: str) -> tuple[str, str, dict[str, tuple[str, str]]]:
    """(first tag, the rest with every part's wrapper tag and inner HTML taken
    out, {key: (the wrapper's start tag, its inner HTML)}). Plain ``str.find``
    over the markup: a board re-renders on every move."""
    parts: dict[str, tuple[str, str]] = {}
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
        tag_start = markup.rfind("<", at, start)
        if end < 0 or tag_start < 0:
            break
        parts[key] = (markup[tag_start:body], markup[body:end])
        pieces.append(markup[at:tag_start])
        pieces.append(f"\0{key}\0")  # where the part was
        at = end
    pieces.append(markup[at:])
    skeleton = "".join(pieces)
    first = skeleton[:skeleton.find(">") + 1] if skeleton.lstrip().startswith("<") else ""
    return first, skeleton[len(first):], parts


def _attrs_of(tag: str) -> dict[str, str]:
    """The attributes of a start tag ``<name a="1" b>`` (values unescaped)."""
    body = tag.strip()[1:-1].rstrip("/").split(None, 1)
    return {k: unesc(v or "") for k, v in _ATTR.findall(body[1] if len(body) > 1 else "")}


def _name(tag: str) -> str:
    return tag[1:].split(None, 1)[0].rstrip("/>")


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
    if tag_old.endswith("/>") != tag_new.endswith("/>") or _name(tag_old) != _name(tag_new):
        return None
    return _attrs_of(tag_new)


def patch_plan(old: str, new: str):
    """How to turn a region showing ``old`` into ``new`` without replacing it:
    ``(attrs, {key: change})``, or None when the skeleton changed and the
    region must be replaced whole. ``attrs``: the region's first element's
    attributes, set all, when its tag changed (None when unchanged). A part's
    ``change`` holds what changed: ``"attrs"`` (its wrapper's attributes, all),
    and ``"html"`` (its new inner HTML) or ``"first"`` (the attributes its
    first element now has, when nothing else inside changed); or
    ``"remove"`` (True) for a part that is gone."""
    first_old, rest_old, parts_old = split(old)
    first_new, rest_new, parts_new = split(new)
    if not parts_new:
        return None
    gone = [k for k in parts_old if k not in parts_new]
    if [k for k in parts_old if k in parts_new] != list(parts_new):
        return None  # a new part, or the parts in another order
    for key in gone:  # a gone part's place: its mark, end mark and closing tag
        place = f"\0{key}\0<!--/{key}--></{_name(parts_old[key][0])}>"
        if place not in rest_old:
            return None
        rest_old = rest_old.replace(place, "", 1)
    if rest_old != rest_new:
        return None
    if first_old.split(None, 1)[:1] != first_new.split(None, 1)[:1]:
        return None  # another tag name
    attrs = _attrs_of(first_new) if first_old != first_new else None
    changed: dict[str, dict] = {key: {"remove": True} for key in gone}
    for key, (wrap, inner) in parts_new.items():
        wrap_was, inner_was = parts_old[key]
        change: dict = {}
        if wrap != wrap_was:
            if _name(wrap) != _name(wrap_was):
                return None
            change["attrs"] = _attrs_of(wrap)
        if inner != inner_was:
            tag = first_tag_patch(inner_was, inner)
            change["first" if tag is not None else "html"] = tag if tag is not None else inner
        if change:
            changed[key] = change
    return attrs, changed
