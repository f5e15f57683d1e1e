"""``python -m spieltisch review SAVE.json [--seat N] [-o chart.svg]``.

Prints the table of a seat's review -- per decision the move played, the
value of the move played and of the best move found, the drop and the mark
-- and the flagged decisions in words. The numbers are the engine's, for
the same settings the same as the site gives (docs/review.md). ``-o``
writes the chart as SVG; ``--json`` prints the result as the site keeps it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import diagram
from . import engine
from .chart import chart_svg
from .words import rows as word_rows


def add_parser(sub) -> argparse.ArgumentParser:
    r = sub.add_parser("review", help="review a seat's decisions in a save: chance to win, drops, better moves")
    r.add_argument("source", help="a save file, a position link (or its code), or - for standard input")
    r.add_argument("--seat", type=int, help="whose decisions, 1 = the first seat (default: the first human seat)")
    r.add_argument("-o", "--output", help="write the chart as SVG to this file")
    r.add_argument("--lang", default="en", choices=("en", "de"), help="language of the words (default en)")
    r.add_argument("--seed", type=int, help="the search's seed (default 1)")
    r.add_argument("--playouts", type=int, help="samples per decision (default: the budget over the decisions)")
    r.add_argument("--budget", type=int, help="samples for the whole review (default 8000)")
    r.add_argument("--depth", type=int, help="play-outs stop at the seat's depth-th next turn (0: at once, -1: the end)")
    r.add_argument("--json", action="store_true", help="print the result as JSON instead of the table")
    return r


def run(args: argparse.Namespace, source: str) -> int:
    match, me = diagram.read(source)
    if args.seat is None:
        seat = me if diagram.link_code(source) is not None else next(
            (i for i, s in enumerate(match.seats) if not s.is_bot), 0)
    else:
        seat = args.seat - 1
    if not 0 <= seat < len(match.seats):
        raise diagram.DiagramError("seat", f"there is no seat {seat + 1}")
    try:
        settings = engine.settings_for(match.game.info.id, seed=args.seed, playouts=args.playouts,
                                       budget=args.budget, depth=args.depth)
    except engine.ReviewError as err:
        raise diagram.DiagramError("settings", str(err)) from None
    rv = engine.Review(match, seat, settings)
    while not rv.finished:
        p = rv.step(500.0)
        if sys.stderr.isatty():
            print(f"\r{p['done']}/{p['total']}", end="", file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    result = rv.result()
    name = match.seats[seat].name
    if args.output:
        svg = chart_svg(result, args.lang, name=name)
        Path(args.output).write_bytes(svg.encode("utf-8"))
        print(f"wrote {args.output} ({len(svg.encode('utf-8'))} bytes)", file=sys.stderr)
    if args.json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
        return 0
    sys.stdout.write(format_table(result, match, args.lang) + "\n")
    return 0


def format_table(result: dict, match, lang: str) -> str:
    seat = result["seat"]
    s = result["settings"]
    head = (f"{match.game.info.title}: {match.seats[seat].name} (seat {seat + 1}), {result['total']} decisions, "
            f"{'chance to win' if result['mode'] == 'win' else 'expected points'}; "
            f"seed {s['seed']}, {result['playouts']} samples a decision, depth {s['depth']}")
    unit = 100.0 if result["mode"] == "win" else 1.0
    lines = [head, f"{'#':>3} {'move':>4}  {'played':<24} {'value':>7} {'best':>7} {'drop':>6}  {'class':<10}  best move"]
    words = word_rows(result, match, lang)
    for r, w in zip(result["decisions"], words):
        best = r["best"] if r["best"] != r["played"] else ""
        lines.append(f"{r['n'] + 1:>3} {w['move']:>4}  {r['played'][:24]:<24} {r['value_played'] * unit:>7.1f} "
                     f"{r['value_best'] * unit:>7.1f} {r['drop'] * unit:>6.1f}  {(r['class'] or ''):<10}  {best}")
    flagged = [w for w in words if w["class"]]
    if flagged:
        lines.append("")
        for w in sorted(flagged, key=lambda w: -result["decisions"][w["n"] - 1]["drop"]):
            lines.append(f"{w['n']:>3}. {w['played']}")
            lines.append(f"     {w['advice']}")
    return "\n".join(lines)
