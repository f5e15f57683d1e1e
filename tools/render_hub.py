#!/usr/bin/env python3
"""Pre-render the hub's game cards into index.html (English), so the hub
paints before Python is ready. Run it after a game gets its board:

    python3 tools/render_hub.py          # rewrite the block in index.html
    python3 tools/render_hub.py --check  # exit 1 if index.html is stale

The block sits between <!-- hub:start --> and <!-- hub:end -->.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from spieltisch.games import CATALOGUE, GAMES  # noqa: E402
from spieltisch.ui import hub_screen  # noqa: E402
from spieltisch.ui.controller import hub_card_infos  # noqa: E402

START, END = "<!-- hub:start -->", "<!-- hub:end -->"
INDEX = REPO / "index.html"


def rendered() -> str:
    return hub_screen.hub_cards("en", hub_card_infos(CATALOGUE, GAMES))


def updated(text: str) -> str:
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}{rendered()}{END}{tail}"


def main(argv: list[str]) -> int:
    text = INDEX.read_text(encoding="utf-8")
    new = updated(text)
    if "--check" in argv:
        if new != text:
            print("index.html's hub is stale: run python3 tools/render_hub.py", file=sys.stderr)
            return 1
        return 0
    if new != text:
        INDEX.write_text(new, encoding="utf-8")
        print("index.html updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
