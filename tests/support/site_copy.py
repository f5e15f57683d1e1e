"""A private copy of the built site for service-worker tests.

Service workers cache by origin, and other work in the repository rebuilds
files at any time; a copy in a temporary folder, served on its own port, keeps
a test's versions under its control. ``copy_site`` copies exactly the files
``tools/build_sw.py`` would precache, plus ``sw.js`` and ``tests/pages``, and
writes the copy's own precache list. ``rebuild_sw(root)`` re-runs it after a
test changed a file (a "new deploy").
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _build_sw():
    tools = str(REPO / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import build_sw  # tools/build_sw.py

    return build_sw


def copy_site(dest: Path, compressed: bool = False, source: Path = REPO) -> Path:
    """``compressed``: the FILE.gz/FILE.br copies too (bench/offline.py serves
    them); ``source``: another built checkout (bench/offline.py --old)."""
    build_sw = _build_sw()
    for rel in [*build_sw.site_files(source), "sw.js"]:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / rel, target)
        for ext in (".gz", ".br") if compressed else ():
            if (source / (rel + ext)).is_file():
                shutil.copy2(source / (rel + ext), dest / (rel + ext))
    shutil.copytree(source / "tests" / "pages", dest / "tests" / "pages", dirs_exist_ok=True)
    rebuild_sw(dest)
    return dest


def rebuild_sw(root: Path) -> str:
    build_sw = _build_sw()
    assert build_sw.main(["--root", str(root), "--no-compress"]) == 0
    return build_sw.precache(root)["version"]
