#!/usr/bin/env python3
"""Draw the app icons (PNG) from static/img/logo.svg with headless Chromium.

    python3 tools/make_icons.py

Writes static/img/icon-192.png, icon-512.png (the logo on the page colour,
purpose "any") and icon-maskable-512.png (the logo inside the central 60 %
on a full-bleed accent background, so any mask shape keeps it whole). The
PNGs are committed (about 20 kB together); run this again only when the logo
changes. Uses the system Chromium (/usr/bin/chromium), never a download.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "static" / "img"
sys.path.insert(0, str(ROOT / "tests"))

PAGE_BG = "#f5f1e8"  # --bg in site.css
ACCENT = "#2d6a4f"  # --accent in site.css (theme_color)

# (file, size, background, logo share of the side, corner radius share)
ICONS = (
    ("icon-192.png", 192, PAGE_BG, 0.92, 0.18),
    ("icon-512.png", 512, PAGE_BG, 0.92, 0.18),
    ("icon-maskable-512.png", 512, ACCENT, 0.60, 0.0),
)


def html(size: int, bg: str, share: float, radius: float, svg: bytes) -> str:
    src = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    logo = int(size * share)
    return (f"<html><body style='margin:0'><div style='width:{size}px;height:{size}px;background:{bg};"
            f"border-radius:{int(size * radius)}px;display:flex;align-items:center;justify-content:center'>"
            f"<img src='{src}' width='{logo}' height='{logo}'></div></body></html>")


def main() -> int:
    from playwright.sync_api import sync_playwright
    from support.browser import launch_chromium

    svg = (IMG / "logo.svg").read_bytes()
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for name, size, bg, share, radius in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(html(size, bg, share, radius, svg))
            page.screenshot(path=str(IMG / name), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"make_icons: {name} ({(IMG / name).stat().st_size} bytes)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
