#!/usr/bin/env python3
"""Benchmark: deliver the spieltisch package via PyScript [files] vs a wheel.

Serves the repository in-process (tools/serve.py) and loads, in fresh browser
contexts (empty HTTP cache each time), alternating:

  bare   tests/pages/bare.html            -- loadPyodide() only, no PyScript
  files  tests/pages/pyscript_files.html  -- PyScript + [files] app.zip
  wheel  tests/pages/pyscript_wheel.html  -- PyScript + packages (micropip)

Time-to-ready is ``performance.now()`` taken in the page when it sets
``data-ready`` (i.e. ms since navigation start). Prints medians and the
ratio of each to bare. Run ``scripts/setup --browser`` first.

    python3 bench/files_vs_wheel.py [-n 5] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support import browser as sb

PAGES = {
    "bare": "tests/pages/bare.html",
    "files": "tests/pages/pyscript_files.html",
    "wheel": "tests/pages/pyscript_wheel.html",
}


def load_once(browser, url: str) -> float:
    page = sb.open_page(browser)
    try:
        page.goto(url)
        data = sb.wait_ready(page)
        sb.check_page(page)
        return float(data["readyMs"])
    finally:
        page.context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="PyScript [files] vs wheel boot time.")
    ap.add_argument(
        "-n", "--runs", type=int, default=5, help="loads per page (default 5)"
    )
    ap.add_argument("--json", help="also write raw timings to this file")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server, base = sb.start_site()
    times: dict[str, list[float]] = {k: [] for k in PAGES}
    try:
        with sync_playwright() as pw:
            browser = sb.launch_chromium(pw)
            load_once(browser, base + PAGES["bare"])  # warm-up, not counted
            for i in range(args.runs):
                for name, path in PAGES.items():
                    ms = load_once(browser, base + path)
                    times[name].append(ms)
                    print(
                        f"run {i + 1}/{args.runs} {name:5s} {ms:8.0f} ms",
                        file=sys.stderr,
                    )
            version = browser.version
            browser.close()
    finally:
        sb.stop_site(server)

    medians = {k: statistics.median(v) for k, v in times.items()}
    print(f"Chromium {version}, {args.runs} loads each, fresh context per load")
    print(f"{'page':6s} {'median ms':>10s} {'min':>7s} {'max':>7s} {'x bare':>7s}")
    for name, values in times.items():
        ratio = medians[name] / medians["bare"]
        print(
            f"{name:6s} {medians[name]:10.0f} {min(values):7.0f} {max(values):7.0f} {ratio:7.2f}"
        )
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "runs": args.runs,
                    "chromium": version,
                    "machine": platform.platform(),
                    "times_ms": times,
                    "median_ms": medians,
                },
                indent=2,
            )
            + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
