"""The trimmed standard library (tools/stdlib_trim.py, tools/build.py;
docs/build.md, "The trimmed standard library"): it holds every module that a
game, a bot, a screen, the app or the blog wheel imports -- found here by
walking the code, not from a list -- and everything those modules import in
turn; the checker itself finds a gap; the page's Pyodide starts from it and
imports every module of the site."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support.registry import GAME_IDS

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
BUILD = REPO / "static" / "build"
VENDORED = REPO / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
sys.path.insert(0, str(REPO / "tools"))
import stdlib_trim  # noqa: E402  (tools/ is not a package)

NODE = shutil.which("node")
needs_build = pytest.mark.skipif(not (BUILD / "python_stdlib.zip").is_file() or not VENDORED.is_file(),
                                 reason="scripts/setup builds static/build/python_stdlib.zip")


def site_imports() -> set[str]:
    """Every module imported by the code the site and the blog wheel run."""
    found = stdlib_trim.imports_of_tree(SRC / "spieltisch", "spieltisch/")
    return found | stdlib_trim.imports_of_tree(SRC / "app", "app/")


def test_the_walk_sees_every_game_and_a_games_own_imports():
    for game_id in GAME_IDS:
        folder = SRC / "spieltisch" / "games" / game_id
        own = stdlib_trim.imports_of_tree(folder, f"spieltisch/games/{game_id}/")
        assert own, f"games/{game_id}: the walk found no import (is the folder where the registry says?)"
        assert own <= site_imports()


def test_imports_of_resolves_relative_literal_and_skips_main_guards():
    source = (
        "import os.path\n"
        "from . import sibling\n"
        "from ..core import rng\n"
        "def later():\n"
        "    import fractions\n"
        "    importlib.import_module('statistics')\n"
        "try:\n"
        "    import tomllib\n"
        "except ImportError:\n"
        "    pass\n"
        "if __name__ == '__main__':\n"
        "    import doctest\n"
        "else:\n"
        "    import heapq\n"
    )
    found = stdlib_trim.imports_of(source, "spieltisch.games.x", False)
    assert {"os.path", "spieltisch.games", "spieltisch.games.sibling", "spieltisch.core", "spieltisch.core.rng",
            "fractions", "statistics", "tomllib", "heapq"} <= found
    assert "doctest" not in found
    package = stdlib_trim.imports_of("from .a import b\n", "pkg", True)
    assert package == {"pkg.a", "pkg.a.b"}


@needs_build
def test_the_checker_finds_a_deliberate_gap():
    full = stdlib_trim.Stdlib(VENDORED)
    names = built_names()
    roots = site_imports()
    assert stdlib_trim.missing(full, names, roots) == []
    # a module the site's own code imports (which one is found from the code too)
    direct = sorted(m for m in roots if m in full.modules and not full.modules[m][1] and "." not in m)
    assert direct, "the walk found no standard-library module the site imports"
    for module in direct[:3]:
        gap = [n for n in names if n != f"{module}.py"]
        assert module in stdlib_trim.missing(full, gap, roots), module
    # a module reached only through the standard library's own imports (json -> json.decoder)
    assert "json.decoder" not in roots
    gap = [n for n in names if n != "json/decoder.py"]
    assert "json.decoder" in stdlib_trim.missing(full, gap, roots)


def built_names() -> list[str]:
    """The entries of both parts of the built standard library (the page
    mounts the second after it is interactive: tools/stdlib_more.py)."""
    names = []
    for part in ("python_stdlib.zip", "python_stdlib_more.zip"):
        if (BUILD / part).is_file():
            with zipfile.ZipFile(BUILD / part) as zf:
                names += zf.namelist()
    return names


@needs_build
def test_the_trimmed_stdlib_holds_every_module_the_site_imports():
    full = stdlib_trim.Stdlib(VENDORED)
    names = built_names()
    roots = site_imports()
    # PyScript's package and Pyodide's own start (the build ran both; tools/build.py)
    built = set(json.loads((BUILD / "stdlib-roots.json").read_text()))
    assert roots <= built, sorted(roots - built)[:5]
    # micropip, for a page whose config names `packages` (tests/browser/test_boot.py)
    for wheel in sorted(VENDORED.parent.glob("*.whl")):
        with zipfile.ZipFile(wheel) as zf:
            wheel_roots = stdlib_trim.imports_of_files((n, zf.read(n)) for n in zf.namelist() if n.endswith(".py"))
        assert wheel_roots <= built, (wheel.name, sorted(wheel_roots - built)[:5])
    assert stdlib_trim.missing(full, names, built) == []
    assert {"pyodide", "_pyodide", "encodings.utf_8", "encodings.cp437", "asyncio", "json"} \
        <= stdlib_trim.zip_modules(names)
    # it is smaller, or it would not be worth a file
    assert (BUILD / "python_stdlib.zip").stat().st_size < 0.8 * VENDORED.stat().st_size
    assert (BUILD / "python_stdlib.zip").stat().st_size + (BUILD / "python_stdlib_more.zip").stat().st_size \
        < 0.8 * VENDORED.stat().st_size


@needs_build
def test_the_parts_never_split_a_package_and_the_finder_knows_the_second():
    """A package's submodules are found in its own folder: each top-level
    name lives in exactly one part; the first part's finder
    (``_stdlib_more.NAMES``) names exactly the second part's."""
    tops = {}
    for part in ("python_stdlib.zip", "python_stdlib_more.zip"):
        with zipfile.ZipFile(BUILD / part) as zf:
            for name in zf.namelist():
                if name.endswith(".py") and not name.startswith("site-packages/"):
                    tops.setdefault(name.split("/")[0].removesuffix(".py"), set()).add(part)
            if part == "python_stdlib.zip":
                finder = zf.read("_stdlib_more.py").decode()
    split = {top: parts for top, parts in tops.items() if len(parts) > 1}
    assert split == {}
    more = {top for top, parts in tops.items() if parts == {"python_stdlib_more.zip"}}
    assert len(more) > 20 and {"difflib", "argparse"} <= more
    namespace: dict = {}
    exec(compile(finder, "_stdlib_more.py", "exec"), namespace)
    assert set(namespace["NAMES"]) == more


@needs_build
def test_the_stripped_stdlib_keeps_every_line_where_it_was():
    """Comments and docstrings out (tools/py_strip.py), every line on its
    number: a traceback still names the right line of the vendored source."""
    with zipfile.ZipFile(VENDORED) as zf:
        vendored = {n: zf.read(n) for n in zf.namelist() if n.endswith(".py")}
    stripped = 0
    for part in ("python_stdlib.zip", "python_stdlib_more.zip"):
        with zipfile.ZipFile(BUILD / part) as zf:
            for name in zf.namelist():
                if name in vendored:
                    data = zf.read(name)
                    assert data.count(b"\n") == vendored[name].count(b"\n"), name
                    stripped += data != vendored[name]
    assert stripped > 200


PROBE = r"""
import path from "node:path";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [indexURL, stdlib, appZip] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: indexURL + path.sep, stdLibURL: stdlib, stdout: () => {},
                               stderr: (s) => process.stderr.write(s + "\n") });
py.pyimport("_stdlib_more").mount(new Uint8Array(readFileSync(stdlib.replace(/\.zip$/, "_more.zip"))));
py.unpackArchive(new Uint8Array(readFileSync(appZip)), "zip", { extractDir: "/home/pyodide" });
process.stdout.write(py.runPython(`
import json, sys
from app.image import warm
warm()
import spieltisch.review, spieltisch.diagram, spieltisch.render
json.dumps({"count": len(sys.modules), "stdlib": sys.path})
`) + "\n");
"""


@needs_build
@pytest.mark.skipif(NODE is None, reason="node is required")
def test_pyodide_starts_from_the_trimmed_stdlib_and_imports_the_site(tmp_path):
    script = tmp_path / "probe.mjs"
    script.write_text(PROBE)
    proc = subprocess.run([NODE, str(script), str(VENDORED.parent), str(BUILD / "python_stdlib.zip"),
                           str(BUILD / "app.zip")], capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1])["count"] > 300
