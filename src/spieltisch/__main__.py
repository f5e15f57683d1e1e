"""``python -m spieltisch``: command-line tools for blog authors (docs/blogging.md)
and for game authors (docs/adding-a-game.md).

    python -m spieltisch check ID [--no-browser] [--no-tests]

    python -m spieltisch diagram LINK_OR_SAVE -o fig.svg [--seat N] [--move TEXT]
                                 [--mark ID ...] [--caption TEXT] [--lang en|de]

    python -m spieltisch embed LINK_OR_SAVE --site URL [-o snippet.html] [--seat N]
                               [--puzzle ANSWER ... --question TEXT] [--replay STEPS]
                               [--autoplay] [--caption TEXT] [--lang en|de] [--no-script]

    python -m spieltisch review SAVE [--seat N] [-o chart.svg] [--lang en|de] [--json]
                                (docs/review.md)

LINK_OR_SAVE is a position link (or its code), a save file's path, or ``-``
(read the link or save from standard input). The SVG is byte for byte what the
site's share panel gives for the same link, seat, language, move and caption.
Exit status 2 with a one-line message on bad input.

``check`` says whether the game ID is complete (spieltisch/check.py): every
piece of its folder, its texts, the engine contract, its own tests and every
generic suite's tests for it; each missing piece is named in words. Exit
status 1 when something is missing or fails.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import diagram
from .diagram import embed
from .review import cli as review_cli
from .ui import position


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


def _embed(args: argparse.Namespace) -> int:
    source = _source(args.source)
    match, me = diagram.read(source)
    seat = me if args.seat is None else args.seat - 1
    site = args.site if args.site.endswith("/") else args.site + "/"
    script = not args.no_script
    if args.replay:
        html = embed.replay_snippet(match, seat, site, lang=args.lang, steps=args.replay, caption=args.caption or "",
                                    autoplay=args.autoplay, script=script)
    else:
        # the link's own code when it is the link's own seat (re-encoding would
        # turn the sharer's other humans into bots); else a new code for that seat
        code = diagram.link_code(source)
        route = code if code is not None and seat == me else position.encode(match, seat)
        if args.puzzle:
            answers = []
            for text in args.puzzle:
                try:
                    answers.append(diagram.checked_move(match.game, match.state, seat, text))
                except diagram.DiagramError as err:
                    raise diagram.DiagramError("puzzle", f"answer {err}") from None
            route += "/puzzle/" + embed.puzzle_payload(answers, args.question or "")
        svg = diagram.render(match, seat, lang=args.lang, caption=args.question or None)
        html = embed.play_snippet(site, route, svg, lang=args.lang, caption=args.caption or "", script=script)
    if args.output in (None, "-"):
        sys.stdout.write(html + "\n")
    else:
        Path(args.output).write_text(html + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spieltisch",
                                     description="Spieltisch tools for blog authors and game authors.")
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="is a game complete? its pieces, texts, contract and tests (docs/adding-a-game.md)")
    c.add_argument("game", help="the game's id, its folder's name under src/spieltisch/games/")
    c.add_argument("--no-browser", action="store_true", help="leave out the tests in headless Chromium")
    c.add_argument("--no-tests", action="store_true", help="only the pieces, texts and contract (no pytest)")
    d = sub.add_parser("diagram", help="a position link or save as one self-contained SVG diagram")
    d.add_argument("source", help="a position link (or its code), a save file, or - for standard input")
    d.add_argument("-o", "--output", help="the SVG file to write (default: standard output)")
    d.add_argument("--seat", type=int, help="whose view, 1 = the first seat (default: the link's own seat)")
    d.add_argument("--move", help="mark a move the seat may play now, in the log's text form (e.g. play:R3:2)")
    d.add_argument("--mark", action="append", help="ring a place (game-specific, see docs/blogging.md); repeatable")
    d.add_argument("--caption", help="a caption under the diagram")
    d.add_argument("--lang", default="en", help="language of the texts: en or de (default en)")
    e = sub.add_parser("embed", help="a click-to-play, puzzle or replay snippet for a blog post")
    e.add_argument("source", help="a position link (or its code), a save file, or - for standard input")
    e.add_argument("--site", required=True, help="the Spieltisch site's address, e.g. https://example.org/spieltisch/")
    e.add_argument("-o", "--output", help="the HTML file to write (default: standard output)")
    e.add_argument("--seat", type=int, help="whose view, 1 = the first seat (default: the link's own seat)")
    e.add_argument("--puzzle", action="append", help="an accepted answer (a move of the seat); repeatable")
    e.add_argument("--question", help="the puzzle's question (shown under the diagram)")
    e.add_argument("--replay", type=int, metavar="STEPS", help="a replay of the last STEPS moves instead")
    e.add_argument("--autoplay", action="store_true", help="a replay plays by itself (never under reduced motion)")
    e.add_argument("--caption", help="a caption under the figure")
    e.add_argument("--lang", default="en", help="language of the texts: en or de (default en)")
    e.add_argument("--no-script", action="store_true", help="leave out the <script> line (add it once per page)")
    review_cli.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "check":
        from . import check

        return check.main(args.game, browser=not args.no_browser, tests=not args.no_tests)
    try:
        if args.command == "review":
            return review_cli.run(args, _source(args.source))
        if args.command == "embed":
            return _embed(args)
        return _diagram(args)
    except diagram.DiagramError as err:
        print(f"spieltisch {args.command}: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
