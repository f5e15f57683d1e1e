"""Hexen Cocktail's card art (issue 29 E): one drawing per ingredient colour,
defined once per page as SVG ``<symbol>``s (in the board's skeleton) and
``<use>``d on every card. Colour is never the only sign: each colour has its
ingredient drawing and its shape (board.shape) in the corner, and the number
is large. The drawings take their colours from CSS variables (``--hx-art``,
the card's colour; style.css), so light, dark and high-contrast themes set
them in one place.

R  toadstool (triangle)   B  dewdrop (circle)   G  herb leaf (square)
Y  star flower (star)     P  crystal (diamond)  K  bat, the wild card (asterisk)
"""

from __future__ import annotations

# 40x40 drawings; classes: a-col (the card's colour), a-ink (dark lines), a-lit (light)
_ART = {
    "R": ('<path class="a-col" d="M4 22C4 10 14 4 20 4s16 6 16 18z"/>'
          '<path class="a-lit" d="M15 22h10l2 14H13z"/>'
          '<circle class="a-lit" cx="13" cy="14" r="3"/><circle class="a-lit" cx="24" cy="10" r="2.5"/>'
          '<circle class="a-lit" cx="29" cy="17" r="2.2"/><path class="a-ink" d="M4 22h32v2H4z"/>'),
    "B": ('<path class="a-col" d="M20 3C14 13 8 19 8 26a12 12 0 0 0 24 0C32 19 26 13 20 3z"/>'
          '<path class="a-lit" d="M14 25a6 6 0 0 0 5 7l-1 2a8 8 0 0 1-6-9z"/>'
          '<circle class="a-lit" cx="30" cy="9" r="3"/><circle class="a-lit" cx="34" cy="16" r="1.8"/>'),
    "G": ('<path class="a-col" d="M6 34C6 16 18 6 34 6c0 16-10 28-28 28z"/>'
          '<path class="a-ink" d="M6 34L30 10l1.4 1.4L7.4 35.4z"/>'
          '<path class="a-ink" d="M15 25l-1-8h2l1 6zm6-6l-1-7h2l1 5zm-2 8l8-1v2l-6 1z"/>'),
    "Y": ('<g class="a-col"><circle cx="20" cy="8" r="6"/><circle cx="31" cy="16" r="6"/>'
          '<circle cx="27" cy="29" r="6"/><circle cx="13" cy="29" r="6"/><circle cx="9" cy="16" r="6"/></g>'
          '<circle class="a-ink" cx="20" cy="19" r="6"/><circle class="a-lit" cx="18" cy="17" r="2"/>'),
    "P": ('<path class="a-col" d="M20 3l10 9-10 25-10-25z"/>'
          '<path class="a-lit" d="M20 3l-4 9h8zM16 12l4 25-10-25z"/>'
          '<path class="a-ink" d="M10 12h20v1.5H10z"/><circle class="a-col" cx="33" cy="28" r="3"/>'
          '<circle class="a-col" cx="7" cy="30" r="2.2"/>'),
    "K": ('<path class="a-col" d="M20 13c-3 0-4 3-4 3l-4-5c-4 6-9 6-11 5 3 3 4 8 3 11 3-2 7-2 9 0 1-3 4-4 7-4s6 1 7 4'
          'c2-2 6-2 9 0-1-3 0-8 3-11-2 1-7 1-11-5l-4 5s-1-3-4-3z"/>'
          '<circle class="a-lit" cx="18" cy="18" r="1.4"/><circle class="a-lit" cx="22" cy="18" r="1.4"/>'),
}
KINDS = tuple(_ART)


def defs() -> str:
    """Every ingredient drawing once, as symbols (hidden; in the board's skeleton)."""
    symbols = "".join(f'<symbol id="hx-art-{k}" viewBox="0 0 40 40">{body}</symbol>' for k, body in _ART.items())
    return f'<svg class="hx-defs" width="0" height="0" aria-hidden="true" focusable="false">{symbols}</svg>'


def use(colour: str, x: float, y: float, size: float) -> str:
    """A card's ingredient drawing, from the page's symbols."""
    return f'<use href="#hx-art-{colour}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"/>'
