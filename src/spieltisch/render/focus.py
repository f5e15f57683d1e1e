"""Where the player's next step starts (issue 29, keyboard; docs/ui.md,
"Focus"): a board marks one element ``data-next`` -- the first card to
choose when her turn comes, the first legal target once a card or die is
chosen -- and the page focuses it when her turn comes and after a choice
made by keyboard. A mark is an attribute only: the element's drawing, and
so the board's parts (render/parts.py), stay as they are.
"""

from __future__ import annotations

import re


def mark_next(html: str, needle: str | re.Pattern | None) -> str:
    """``html`` with ``data-next`` on the element whose start tag holds
    ``needle`` first (an attribute as rendered, e.g. ``'data-action="pass"'``,
    or a pattern); unchanged when there is none or it is None."""
    if needle is None or " data-next" in html:
        return html
    if isinstance(needle, str):
        at = html.find(needle)
    else:
        m = needle.search(html)
        at = m.start() if m else -1
    if at < 0:
        return html
    start = html.rfind("<", 0, at)
    if start < 0 or html.find(">", start) < at:
        return html  # not inside a start tag
    name_end = start + 1
    while name_end < len(html) and (html[name_end].isalnum() or html[name_end] == "-"):
        name_end += 1
    return f"{html[:name_end]} data-next{html[name_end:]}"
