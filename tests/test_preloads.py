"""Every file index.html preloads exists after set-up (a renamed vendored
chunk after an upgrade would otherwise be a silent 404 and a wasted fetch)."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_preloaded_files_exist():
    html = (REPO / "index.html").read_text()
    links = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html)
    assert len(links) >= 5
    for href in links:
        assert (REPO / href).is_file(), f"index.html preloads a missing file: {href}"
