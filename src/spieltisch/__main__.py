"""``python -m spieltisch``: command-line tools for blog authors (docs/blogging.md).

    python -m spieltisch diagram LINK_OR_SAVE -o fig.svg [--seat N] [--move TEXT]
                                 [--mark ID ...] [--caption TEXT] [--lang en|de]

LINK_OR_SAVE is a position link (or its code), a save file's path, or ``-``
(read the link or save from standard input). The SVG is byte for byte what the
site's share panel gives for the same link, seat, language, move and caption.
Exit status 2 with a one-line message on bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import diagram


def _source(arg: str) -> str:
    if arg == "-":
        return sys.stdin.read()
    if diagram.link_code(arg) is None:
        path = Path(arg)
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return arg


def _diagram(args: argparse.Namespace) -> int:
    match, me = diagram.read(_source(args.source))
    seat = me if args.seat is None else args.seat - 1
    svg = diagram.render(match, seat, lang=args.lang, move=args.move, marks=tuple(args.mark or ()),
                         caption=args.caption)
    if args.output in (None, "-"):
        sys.stdout.write(svg)
    else:
        Path(args.output).write_bytes(svg.encode("utf-8"))
        print(f"wrote {args.output} ({len(svg.encode('utf-8'))} bytes, seat {seat + 1})", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spieltisch", description="Spieltisch tools for blog authors.")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("diagram", help="a position link or save as one self-contained SVG diagram")
    d.add_argument("source", help="a position link (or its code), a save file, or - for standard input")
    d.add_argument("-o", "--output", help="the SVG file to write (default: standard output)")
    d.add_argument("--seat", type=int, help="whose view, 1 = the first seat (default: the link's own seat)")
    d.add_argument("--move", help="mark a move the seat may play now, in the log's text form (e.g. play:R3:2)")
    d.add_argument("--mark", action="append", help="ring a place (game-specific, see docs/blogging.md); repeatable")
    d.add_argument("--caption", help="a caption under the diagram")
    d.add_argument("--lang", default="en", help="language of the texts: en or de (default en)")
    args = parser.parse_args(argv)
    try:
        return _diagram(args)
    except diagram.DiagramError as err:
        print(f"spieltisch diagram: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
