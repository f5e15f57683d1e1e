#!/usr/bin/env python3
"""The contact sheet: screenshots of every game's screens, side by side.

    python3 tools/contact_sheet.py OUT_DIR [--no-build] [--lang en|de] [--game ID] [--screen NAME]
                                           [--readme docs/img]

Builds the site (tools/build.py and tools/build_sw.py, as scripts/setup
does; ``--no-build`` uses the build there is), serves it on 127.0.0.1 on a
free port inside this process (tools/serve.py), and drives /usr/bin/chromium
with Playwright for Python (the arguments of tests/support/browser.py) to
take a PNG of what a player sees of each screen -- the hub once, then per
game (from the registry) the new-game form, play mid-game, the rules and
the game over (position links as tests/support/a11y.py makes them) -- at
laptop 1280x800 and phone 390x844, light and dark. Then writes
OUT_DIR/index.html, a grid with one row per screen and one column per size
and scheme (relative image paths; the page asks no host for anything).

About 90 shots; a few minutes on the 2-core machine (four page boots, then
one route change per shot). ``--readme docs/img`` also writes the README's
pictures: each game's phone play screen, light, scaled to 300 px wide.
docs/ui.md, "The contact sheet".
"""

from __future__ import annotations

import argparse
import html
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SIZES: tuple[tuple[str, int, int], ...] = (("laptop", 1280, 800), ("phone", 390, 844))
SCHEMES: tuple[str, ...] = ("light", "dark")
GAME_SCREENS: tuple[str, ...] = ("new", "play", "rules", "over")  # the hub is shot once per size and scheme


@dataclass(frozen=True)
class Shot:
    game: str  # "" for the hub
    screen: str  # the page's data-screen once it shows
    size: str
    scheme: str

    @property
    def file(self) -> str:
        who = self.game or "hub"
        what = "" if self.screen == "hub" else f"-{self.screen}"
        return f"{who}{what}-{self.size}-{self.scheme}.png"


def shots(game_ids: Sequence[str]) -> list[Shot]:
    """Every shot, grouped by size and scheme (one page boot each), the hub
    first in each group, then each game's screens in the registry's order."""
    if not game_ids:
        raise ValueError("no games: the contact sheet takes them from the registry")
    out = []
    for size, _w, _h in SIZES:
        for scheme in SCHEMES:
            out.append(Shot("", "hub", size, scheme))
            out += [Shot(g, s, size, scheme) for g in game_ids for s in GAME_SCREENS]
    return out


def route(shot: Shot, links: Callable[[str, str], str]) -> str:
    """The ``#/...`` route of a shot; ``links(game, "play" | "over")`` gives
    a position link (tests/support/a11y.py's mid_game_link / game_over_link)."""
    if shot.screen == "hub":
        return "#/"
    if shot.screen in ("new", "rules"):
        return f"#/{shot.screen}/{shot.game}"
    return "#/position/" + links(shot.game, shot.screen)


def page_html(taken: Iterable[Shot], titles: dict[str, str], lang: str = "en") -> str:
    """OUT_DIR/index.html: one row per (game, screen), a column per size and
    scheme, every image by its relative path; a missing shot is an empty cell."""
    taken = list(taken)
    cols = [(size, scheme) for size, _w, _h in SIZES for scheme in SCHEMES]
    rows: list[tuple[str, str]] = []
    for s in taken:
        if (s.game, s.screen) not in rows:
            rows.append((s.game, s.screen))
    by_key = {(s.game, s.screen, s.size, s.scheme): s for s in taken}
    e = html.escape
    head = "".join(f"<th scope=\"col\">{e(size)} · {e(scheme)}</th>" for size, scheme in cols)
    body = []
    for game, screen in rows:
        name = titles.get(game, game) if game else "Hub"
        cells = []
        for size, scheme in cols:
            s = by_key.get((game, screen, size, scheme))
            if s is None:
                cells.append("<td></td>")
                continue
            alt = f"{name}, {screen}, {size}, {scheme}"
            cells.append(f'<td class="{e(size)}"><a href="{e(s.file)}"><img src="{e(s.file)}" alt="{e(alt)}" '
                         f'loading="lazy"></a></td>')
        body.append(f'<tr><th scope="row">{e(name)}<br><small>{e(screen)}</small></th>{"".join(cells)}</tr>')
    return ("<!doctype html>\n"
            f'<html lang="{e(lang)}"><head><meta charset="utf-8"><title>Spieltisch contact sheet</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<style>body{font-family:system-ui,sans-serif;margin:1rem;background:#eee;color:#222}"
            "table{border-collapse:collapse}th,td{padding:.4rem;vertical-align:top;text-align:left}"
            "th[scope=row]{position:sticky;left:0;background:#eee;min-width:8rem}"
            "img{display:block;border:1px solid #999;background:#fff}td.laptop img{width:400px}"
            "td.phone img{width:150px}</style></head><body>"
            f"<h1>Spieltisch contact sheet</h1><p>{len(taken)} screenshots; made by "
            "<code>python3 tools/contact_sheet.py OUT_DIR</code>. Click a picture for its full size.</p>"
            f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            "</body></html>\n")


CLEAR_STATUS = "() => document.getElementById('status')?.replaceChildren()"
README_WIDTH = 300  # px: the README's pictures, the phone's play screen scaled down (each < 60 kB)


def readme_shots(game_ids: Sequence[str]) -> list[tuple[Shot, str]]:
    """The README's picture per game: its play screen on the phone, light,
    and the file name it gets under docs/img/."""
    return [(Shot(g, "play", "phone", "light"), f"{g}-play-phone.png") for g in game_ids]


# ---- the browser part ------------------------------------------------------------------


def _setup_paths() -> None:
    for p in (ROOT / "src", ROOT / "tests", ROOT / "tools"):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))


def build() -> None:
    for tool in ("build.py", "build_sw.py"):
        proc = subprocess.run([sys.executable, str(ROOT / "tools" / tool)], cwd=ROOT)
        if proc.returncode != 0:
            sys.exit(f"contact_sheet: tools/{tool} failed")


def take(out: Path, game_ids: Sequence[str], lang: str = "en", screens: Sequence[str] = (),
         log=print) -> list[Shot]:
    """Serve the site, take every shot into ``out``; return the shots taken."""
    _setup_paths()
    from playwright.sync_api import expect, sync_playwright
    from serve import start
    from support import a11y
    from support import browser as sb

    cache: dict[tuple[str, str], str] = {}

    def links(game: str, screen: str) -> str:
        if (game, screen) not in cache:
            cache[game, screen] = (a11y.mid_game_link(game) if screen == "play" else a11y.game_over_link(game))
        return cache[game, screen]

    plan = [s for s in shots(game_ids) if not screens or s.screen in screens]
    done: list[Shot] = []

    def shoot(page, shot: Shot) -> None:
        page.evaluate("(h) => { location.hash = h; }", route(shot, links))
        expect(page.locator(f"#app[data-screen='{shot.screen}']")).to_be_attached(timeout=60_000)
        expect(page.locator("#app[data-busy]")).to_have_count(0, timeout=60_000)
        if shot.screen in ("play", "over"):  # "A shared position: you play on as Ann" is the link's
            page.evaluate(CLEAR_STATUS)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(250)  # a dice roll or a card's entry settles
        page.screenshot(path=str(out / shot.file))

    server, url = start(ROOT, 0)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=sb.CHROMIUM, args=sb.CHROMIUM_ARGS)
            try:
                for size, w, h in SIZES:
                    for scheme in SCHEMES:
                        opts = {"viewport": {"width": w, "height": h}, "color_scheme": scheme,
                                "locale": "de-DE" if lang == "de" else "en-GB"}
                        if size == "phone":
                            opts.update(has_touch=True, is_mobile=True)
                        page = sb.boot_page(browser, url + "/", **opts)
                        try:
                            for shot in [s for s in plan if s.size == size and s.scheme == scheme]:
                                t0 = time.monotonic()
                                try:
                                    shoot(page, shot)
                                except Exception as err:  # a renderer that crashed (a loaded machine): once more
                                    log(f"{shot.file}: {type(err).__name__}: {str(err).splitlines()[0]}; again")
                                    page.context.close()
                                    page = sb.boot_page(browser, url + "/", **opts)
                                    shoot(page, shot)
                                done.append(shot)
                                log(f"{shot.file} ({time.monotonic() - t0:.1f} s)")
                        finally:
                            page.context.close()
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return done


def scale_down(sources: Sequence[tuple[Path, Path]], width: int = README_WIDTH) -> None:
    """Write each source PNG scaled to ``width`` px (the browser scales), then
    as a palette PNG where that is smaller (tools/png8.py; no imaging library)."""
    import base64

    _setup_paths()
    from playwright.sync_api import sync_playwright
    from support import browser as sb

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=sb.CHROMIUM, args=sb.CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": 1200})
            for src, dst in sources:
                data = base64.b64encode(src.read_bytes()).decode()
                page.set_content(f'<body style="margin:0"><img style="display:block;width:{width}px" '
                                 f'src="data:image/png;base64,{data}"></body>')
                page.locator("img").screenshot(path=str(dst))
        finally:
            browser.close()
    import png8

    for _src, dst in sources:
        small = png8.shrink(dst.read_bytes())
        if len(small) < dst.stat().st_size:
            dst.write_bytes(small)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path, help="the folder for the PNGs and index.html")
    ap.add_argument("--no-build", action="store_true", help="use the site as built")
    ap.add_argument("--lang", choices=("en", "de"), default="en")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--readme", type=Path, metavar="DIR",
                    help=f"also write each game's phone play screen, light, {README_WIDTH} px wide, into DIR "
                         "(the README's pictures: docs/img)")
    ap.add_argument("--screen", action="append", choices=("hub", *GAME_SCREENS), help="only this screen (repeatable)")
    args = ap.parse_args(argv)
    _setup_paths()
    from spieltisch.games import GAMES
    from spieltisch.i18n import t

    game_ids = list(GAMES)
    if args.game:
        unknown = [g for g in args.game if g not in GAMES]
        if unknown:
            ap.error(f"unknown game(s) {unknown}; registered: {', '.join(GAMES)}")
        game_ids = [g for g in game_ids if g in args.game]
    args.out.mkdir(parents=True, exist_ok=True)
    if not args.no_build:
        build()
    taken = take(args.out, game_ids, args.lang, args.screen or ())
    titles = {g: t(args.lang, f"game.{g}.title") for g in game_ids}
    (args.out / "index.html").write_text(page_html(taken, titles, args.lang), encoding="utf-8")
    print(f"contact_sheet: {len(taken)} shots and index.html in {args.out}")
    if args.readme:
        args.readme.mkdir(parents=True, exist_ok=True)
        have = {s.file for s in taken}
        pairs = [(args.out / s.file, args.readme / name) for s, name in readme_shots(game_ids) if s.file in have]
        scale_down(pairs)
        for _src, dst in pairs:
            print(f"contact_sheet: {dst} ({dst.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
