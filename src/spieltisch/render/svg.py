"""Small SVG helpers for position diagrams (``games/<id>/diagram.py``).

Diagrams are stand-alone SVG files: every number is written with a fixed
precision (the same bytes on CPython and in Pyodide), every text escaped,
no ids (many diagrams may sit inline on one page), no outside references.
"""

from __future__ import annotations

from dataclasses import dataclass

from .html import esc

WIDTH = 480  # the drawing width in SVG units; scaled to the page (700 px on a blog, 360 on a phone)
FONT = 15  # body text; 15 units are 11 px on a 360 px phone, 22 px at blog width


@dataclass(frozen=True)
class Figure:
    """A game's drawing: ``body`` covers ``0..WIDTH`` x ``0..height``."""

    height: float
    body: str


def n(value: float) -> str:
    """A coordinate: one decimal, no trailing ``.0``, never ``-0``."""
    text = f"{value:.1f}"
    text = text.removesuffix(".0")
    return "0" if text == "-0" else text


def text(x: float, y: float, content: str, cls: str = "", *, anchor: str = "", size: float = 0) -> str:
    a = f' class="{cls}"' if cls else ""
    if anchor:
        a += f' text-anchor="{anchor}"'
    if size:
        a += f' font-size="{n(size)}"'
    return f'<text x="{n(x)}" y="{n(y)}"{a}>{esc(content)}</text>'


def rect(x: float, y: float, w: float, h: float, cls: str, r: float = 0, extra: str = "") -> str:
    rr = f' rx="{n(r)}"' if r else ""
    return f'<rect class="{cls}" x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}"{rr}{extra}/>'


def group(x: float, y: float, body: str, cls: str = "", scale: float = 1.0, extra: str = "") -> str:
    tr = f"translate({n(x)} {n(y)})" + (f" scale({scale:.3f})" if scale != 1.0 else "")
    c = f' class="{cls}"' if cls else ""
    return f'<g{c} transform="{tr}"{extra}>{body}</g>'


def mark(x: float, y: float, w: float, h: float) -> str:
    """A highlight ring around a box (``--mark`` and the marked move)."""
    return rect(x - 3, y - 3, w + 6, h + 6, "dg-mark", 6)


def arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    """A straight arrow with its head drawn as a polygon (no marker ids)."""
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    hx, hy = x2 - ux * 12, y2 - uy * 12  # the base of the head
    px, py = -uy * 6, ux * 6
    return (f'<g class="dg-arrow"><path d="M{n(x1)} {n(y1)}L{n(hx)} {n(hy)}"/>'
            f'<polygon points="{n(x2)},{n(y2)} {n(hx + px)},{n(hy + py)} {n(hx - px)},{n(hy - py)}"/></g>')


def badge(x: float, y: float, content: str) -> str:
    """A labelled pill (a move that has no place on the board: pass, discard...)."""
    w = 16 + 8.2 * len(content)
    return (rect(x, y, w, 24, "dg-badge", 12)
            + text(x + w / 2, y + 17, content, "dg-badge-t", anchor="middle"))


def spread(count: int, first: float, last: float, w: float, step: float) -> list[float]:
    """The left edges of ``count`` boxes ``w`` wide from ``first``, ``step``
    apart, closer together (overlapping) when they would pass ``last``."""
    if count <= 1:
        return [first] * count
    gap = min(step, (last - first - w) / (count - 1))
    return [first + i * gap for i in range(count)]


def wrap(content: str, width: float, size: float = FONT) -> list[str]:
    """Greedy word wrap by an average glyph width (deterministic, no font metrics)."""
    per_line = max(8, int(width / (size * 0.52)))
    lines: list[str] = []
    line = ""
    for word in content.split():
        while len(word) > per_line:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:per_line])
            word = word[per_line:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= per_line:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def fit(content: str, width: float, size: float = FONT) -> str:
    """Cut a one-line text to the width (with an ellipsis)."""
    per_line = max(4, int(width / (size * 0.52)))
    return content if len(content) <= per_line else content[: per_line - 1].rstrip() + "\u2026"
