"""The runtime image as built (tools/make_image.mjs, tools/build.py,
src/app/image.py; docs/build.md, "The runtime image"): it holds every module
of the site that does not read the page, it restores in Pyodide with fresh
random numbers each time, the same inputs give the same bytes, and nothing
of the machine that built it is in it. (In the page:
tests/browser/test_runtime_image.py.)"""

from __future__ import annotations

import ast
import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from app import image

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
BUILD = REPO / "static" / "build"
MANIFEST = json.loads((BUILD / "manifest.json").read_text())
NODE = shutil.which("node")
INITIAL_MEMORY = 31_457_280  # Pyodide's initial wasm memory, which the image fills

pytestmark = pytest.mark.skipif(NODE is None, reason="node is required (scripts/setup installs it)")


def stdlib() -> list[str]:
    """The trimmed standard library the image was made with (tools/build.py):
    its first part and, unpacked as the page does, its second."""
    return [str(BUILD / MANIFEST[key]["file"]) for key in ("stdlib", "stdlib_more") if key in MANIFEST]


def image_path() -> Path:
    return BUILD / MANIFEST["image"]["file"]


def module_names(top: str) -> list[str]:
    names = []
    for path in sorted((SRC / top).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return found


def test_browser_lists_exactly_the_app_modules_that_reach_the_browser():
    """Those that import js, pyodide or pyscript, or such an app module."""
    deps = {f"app.{p.stem}": imports(p) for p in (SRC / "app").glob("*.py") if p.stem != "__init__"}
    page = {m for m, found in deps.items() if any(n.split(".")[0] in ("js", "pyodide", "pyscript") for n in found)}
    while True:
        more = {m for m, found in deps.items() if found & page} - page
        if not more:
            break
        page |= more
    assert sorted(image.BROWSER) == sorted(page)


def test_site_modules_are_every_module_but_the_page_ones_and_the_command_line():
    expected = [m for m in module_names("spieltisch") if m not in image.SKIP]
    expected += [m for m in module_names("app") if m != "app" and m not in image.BROWSER]
    assert sorted(image.site_modules()) == sorted(expected)


def test_the_image_is_named_by_the_build_and_listed():
    assert MANIFEST["image"]["file"] == f"runtime-image-{MANIFEST['build_id']}.bin"
    assert image_path().stat().st_size == MANIFEST["image"]["size"]
    precache = json.loads((BUILD / "precache.json").read_text())
    assert f"static/build/{MANIFEST['image']['file']}" in [f["url"] for f in precache["files"]]
    assert sorted(BUILD.glob("runtime-image-*.bin")) == [image_path()], "an older build's image is left"


def test_the_image_restores_with_every_site_module_and_fresh_random_numbers():
    proc = subprocess.run([NODE, str(REPO / "tests" / "image_probe.mjs"), str(image_path())],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    first, second = json.loads(proc.stdout)
    expected = {m for m in module_names("spieltisch") if m not in image.SKIP}
    expected |= {m for m in module_names("app") if m not in image.BROWSER}
    expected |= set(image.STDLIB)
    assert expected <= set(first["imaged"]), sorted(expected - set(first["imaged"]))
    assert not set(image.BROWSER) & set(first["imaged"])
    assert first["path_blanks"] == second["path_blanks"] == 1
    # the image was saved once; each restore reseeds the shared generator
    assert first["random"] != second["random"]
    # restored() makes room for a long session at start (bench/memory.py actions: a step
    # of 6 MB after 1,000-2,000 actions without it): by growing the heap where the image
    # fills Pyodide's initial memory; since the games' own modules are imported from their
    # parts, their docstrings gone, the image leaves that room in the initial memory already
    assert first["memory"] >= INITIAL_MEMORY
    assert first["free"] >= image.ROOM


def test_the_same_inputs_make_the_same_image_and_no_path_of_this_machine(tmp_path):
    again = tmp_path / "again.bin"
    proc = subprocess.run([NODE, str(REPO / "tools" / "make_image.mjs"), str(REPO / "static" / "vendor" / "pyodide"),
                           str(BUILD / "app.zip"), str(again), *stdlib()], capture_output=True, text=True, timeout=300,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert again.read_bytes() == image_path().read_bytes()
    memory = gzip.decompress(again.read_bytes())
    assert str(REPO).encode() not in memory
    assert str(tmp_path).encode() not in memory
    assert memory[:4] != b"\0\0\0\0" and len(memory) == json.loads(proc.stdout)["memory"]


def test_a_seeded_generator_stops_the_build_a_system_one_does_not():
    """warm() refuses a random.Random made at import time (it would give every
    page load the same numbers once frozen in the image); a SystemRandom, such
    as the one ``secrets`` makes when spieltisch.net imports it, reads
    os.urandom on each call and is no such generator."""
    import random

    from app import image

    seeded, system = random.Random(1), random.SystemRandom()
    found = {id(g) for g in image._random_generators()}
    assert id(seeded) in found
    assert id(system) not in found
