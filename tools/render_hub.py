#!/usr/bin/env python3
"""Pre-render the hub's game cards into index.html (English), so the hub
paints before Python is ready. The build (tools/build.py, which
scripts/setup and scripts/serve run) calls :func:`write` every time, so a
game added to the registry is on the pre-rendered hub with no step of its own:

    python3 tools/render_hub.py          # the same, by hand
    python3 tools/render_hub.py --check  # exit 1 if index.html is stale

The block sits between <!-- hub:start --> and <!-- hub:end -->; the cards
are the registry's games (``_BUILT``, src/spieltisch/games/__init__.py) in
its order.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
START, END = "<!-- hub:start -->", "<!-- hub:end -->"


def rendered(src: Path = REPO / "src") -> str:
    """The hub's cards as the controller draws them, from the sources in ``src``."""
    if str(src) not in sys.path:
        sys.path.insert(0, str(src))
    from spieltisch.games import GAMES
    from spieltisch.ui import hub_screen
    from spieltisch.ui.controller import hub_card_infos

    return hub_screen.hub_cards("en", hub_card_infos(tuple(GAMES), GAMES))


def updated(text: str, cards: str) -> str:
    if START not in text or END not in text:
        raise ValueError(f"no {START} ... {END} block")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}{cards}{END}{tail}"


def write(root: Path = REPO) -> bool:
    """Rewrite the block in ``root``/index.html; True if it changed."""
    index = root / "index.html"
    text = index.read_text(encoding="utf-8")
    new = updated(text, rendered(root / "src"))
    if new == text:
        return False
    index.write_text(new, encoding="utf-8")
    return True


def main(argv: list[str]) -> int:
    if "--check" in argv:
        text = (REPO / "index.html").read_text(encoding="utf-8")
        if updated(text, rendered()) != text:
            print("index.html's hub is stale: run python3 tools/build.py (or scripts/setup)", file=sys.stderr)
            return 1
        return 0
    if write():
        print("index.html updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
