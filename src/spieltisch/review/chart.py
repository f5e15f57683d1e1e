"""The review's chart as SVG text, and the same numbers as a table.

    svg = chart_svg(result, "en", name="Ann")      # a pure function: result -> SVG text
    data = table(result, "en", name="Ann")         # caption, columns, rows (texts)

The chart is one self-contained ``<svg>`` (viewBox 360 × 200, it scales to
the width it is given: a phone's 360 px show it 1:1) with a ``<title>`` and
a ``<desc>``: the line is the value of the move played at each decision
(the seat's chance to win, or its expected points in a one-seat game),
the thin line above it the best move found there, and every flagged
decision gets a mark coloured by its class (with a letter, so colour is
never the only signal) and a drop line from the best down to the move
played. Marks carry ``data-review-n`` (the decision number, 0-based), so a
page can link a mark to its row of the table. Colours are presentation
attributes (no style attributes: the site's CSP allows no inline style);
classes (``rv-*``) let the site's stylesheet restyle them.
"""

from __future__ import annotations

from ..i18n import t
from ..render.html import esc
from . import result as engine
from .words import class_text, drop_text, value_text

W, H = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 46, 12, 14, 30  # plot margins
COLOURS = {"inaccuracy": "#b58100", "mistake": "#d35400", "blunder": "#b3261e"}
LETTERS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def _scale(result: dict) -> tuple[float, float, list[float]]:
    """(low, high, grid values) of the y axis."""
    if result["mode"] == "win":
        return 0.0, 1.0, [0.0, 0.5, 1.0]
    values = [r["value_best"] for r in result["decisions"]] + [r["value_played"] for r in result["decisions"]]
    high = max([1.0, *values])
    step = _nice(high / 4.0)
    top = step * -(-high // step)
    return 0.0, top, [step * i for i in range(round(top / step) + 1)]


def _nice(x: float) -> float:
    for base in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if x <= base:
            return float(base)
    return float(10 ** len(str(int(x))))


def _f(x: float) -> str:
    text = f"{x:.1f}"
    return text.removesuffix(".0")


def chart_svg(result: dict, lang: str, *, name: str = "", ident: str = "review-chart") -> str:
    """The chart of a (checked) review result. ``ident`` prefixes the ids of
    the title and description (unique per page)."""
    result = engine.check_result(result)
    mode = result["mode"]
    rows = result["decisions"]
    low, high, grid = _scale(result)
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    n = len(rows)

    def x(i: int) -> float:
        return LEFT + (pw * (i / (n - 1)) if n > 1 else pw / 2)

    def y(v: float) -> float:
        v = min(high, max(low, v))
        return TOP + ph * (1.0 - (v - low) / (high - low))

    title = t(lang, f"review.chart.title.{mode}", name=name)
    flagged = [r for r in rows if r["class"]]
    desc = t(lang, "review.chart.desc", count=n, flagged=len(flagged))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="rv-chart" viewBox="0 0 {W} {H}" width="100%" '
           f'role="img" aria-labelledby="{esc(ident)}-t {esc(ident)}-d" font-family="system-ui, sans-serif" '
           f'font-size="11">',
           f'<title id="{esc(ident)}-t">{esc(title)}</title><desc id="{esc(ident)}-d">{esc(desc)}</desc>',
           f'<rect class="rv-bg" x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="#fbfaf7" stroke="#d8d4cc"/>']
    for g in grid:
        gy = y(g)
        label = value_text(mode, g, lang)
        out.append(f'<line class="rv-grid" x1="{LEFT}" y1="{_f(gy)}" x2="{W - RIGHT}" y2="{_f(gy)}" '
                   f'stroke="#e4e0d8"/>'
                   f'<text class="rv-label" x="{LEFT - 4}" y="{_f(gy + 4)}" text-anchor="end" fill="#555">'
                   f'{esc(label)}</text>')
    if mode == "win" and result["players"] > 2:
        ey = y(1.0 / result["players"])
        out.append(f'<line class="rv-even" x1="{LEFT}" y1="{_f(ey)}" x2="{W - RIGHT}" y2="{_f(ey)}" '
                   f'stroke="#8a8378" stroke-dasharray="4 3"/>'
                   f'<text class="rv-label" x="{W - RIGHT - 2}" y="{_f(ey - 3)}" text-anchor="end" fill="#6b655c">'
                   f'{esc(t(lang, "review.chart.even"))}</text>')
    if n:
        best = " ".join(f"{_f(x(i))},{_f(y(r['value_best']))}" for i, r in enumerate(rows))
        played = " ".join(f"{_f(x(i))},{_f(y(r['value_played']))}" for i, r in enumerate(rows))
        area = f"{_f(x(0))},{_f(y(low))} {played} {_f(x(n - 1))},{_f(y(low))}"
        out.append(f'<polygon class="rv-area" points="{area}" fill="#2e6f9e" fill-opacity="0.12"/>')
        out.append(f'<polyline class="rv-best" points="{best}" fill="none" stroke="#8fb3cf" stroke-width="1"/>')
        out.append(f'<polyline class="rv-line" points="{played}" fill="none" stroke="#2e6f9e" '
                   f'stroke-width="2" stroke-linejoin="round"/>')
    for i, r in enumerate(rows):
        cls = r["class"]
        if not cls:
            continue
        cx, cy, by = x(i), y(r["value_played"]), y(r["value_best"])
        colour = COLOURS[cls]
        tip = t(lang, "review.chart.mark", n=i + 1, cls=class_text(cls, lang),
                best=value_text(mode, r["value_best"], lang), played=value_text(mode, r["value_played"], lang))
        out.append(f'<g class="rv-mark rv-{cls}" data-review-n="{i}">'
                   f'<title>{esc(tip)} ({esc(drop_text(mode, r["drop"], lang))})</title>'
                   f'<line x1="{_f(cx)}" y1="{_f(by)}" x2="{_f(cx)}" y2="{_f(cy)}" stroke="{colour}" '
                   f'stroke-width="2"/>'
                   f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="6" fill="{colour}" stroke="#fff" stroke-width="1.5"/>'
                   f'<text x="{_f(cx)}" y="{_f(cy + 3.5)}" text-anchor="middle" font-size="8" font-weight="700" '
                   f'fill="#fff">{esc(LETTERS[cls])}</text></g>')
    ticks = sorted({0, n - 1}) if n else []
    for i in ticks:
        out.append(f'<text class="rv-label" x="{_f(x(i))}" y="{H - BOTTOM + 14}" text-anchor="middle" '
                   f'fill="#555">{i + 1}</text>')
    out.append(f'<text class="rv-label" x="{LEFT + pw / 2:.0f}" y="{H - 4}" text-anchor="middle" fill="#555">'
               f'{esc(t(lang, "review.chart.axis"))}</text>')
    out.append("</svg>")
    return "".join(out)


def table(result: dict, lang: str, *, name: str = "", words: list[dict] | None = None) -> dict:
    """The chart's numbers as a table (the alternative for screen readers):
    ``caption``, ``columns`` (header texts) and ``rows`` (cell texts, one
    row per decision; ``n`` and ``class`` kept as data). With ``words``
    (``words.rows``) the moves are in words, else their action texts."""
    result = engine.check_result(result)
    mode = result["mode"]
    by_n = {w["n"] - 1: w for w in (words or [])}
    cols = [t(lang, "review.col.n"), t(lang, "review.col.played"), t(lang, f"review.col.value.{mode}"),
            t(lang, "review.col.best"), t(lang, "review.col.drop"), t(lang, "review.col.class"),
            t(lang, "review.col.better")]
    rows = []
    for r in result["decisions"]:
        w = by_n.get(r["n"])
        better = (w["better"] if w else r["best"]) if r["best"] != r["played"] else ""
        rows.append({"n": r["n"], "class": r["class"], "cells": [
            str(r["n"] + 1), w["played"] if w else r["played"], value_text(mode, r["value_played"], lang),
            value_text(mode, r["value_best"], lang), drop_text(mode, r["drop"], lang) if r["drop"] > 0 else "",
            class_text(r["class"], lang), better]})
    return {"caption": t(lang, "review.table.caption", name=name), "columns": cols, "rows": rows}
