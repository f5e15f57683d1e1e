#!/usr/bin/env python3
"""Build the Python payloads the site loads into Pyodide.

Outputs, all under ``static/build/`` (git-ignored):

* ``spieltisch-<ver>-py3-none-any.whl`` -- the rules package as a wheel, for
  PyScript ``packages`` (installed by micropip, offline).
* ``app.zip`` -- ``spieltisch/`` and ``app/`` (from ``src/app``) at the top
  level, for PyScript ``[files]`` archive unpacking
  (``"./static/build/app.zip" = "./*"``), and the bytecode of PyScript's own
  ``pyscript`` package (``pyscript/__pycache__``, tools/pyscript_pyc.mjs).
* ``game-<id>.zip`` -- each registered game's own part: its folder but the
  hub's modules (``HUB_MODULES``, ``HUB_FILES`` in games/__init__.py), which
  app.zip leaves out; the page fetches it before the game's first module is
  imported (src/app/parts.py; docs/build.md, "The games' parts").
* ``review.zip`` -- the review engine (``spieltisch.review.WORKER_MODULES``),
  which app.zip leaves out: only the review's worker (static/js/review-worker.js)
  imports it, after app.zip (docs/review.md, "In the browser").
* ``wheel.toml`` -- a complete PyScript config that installs the wheel via
  ``packages`` (the wheel's file name carries the version, so it is generated).
  ``interpreter`` is root-absolute because PyScript resolves it against the
  *page*, while ``packages`` entries starting with ``./`` are resolved against
  the config file itself.
* ``games.css`` -- every registered game's ``games/<id>/style.css`` in registry
  order, one stylesheet the shells link (they name no game).
* ``page.css`` -- the one stylesheet the shells link: PyScript's ``core.css``
  (when vendored), ``static/css/site.css``, ``games.css`` and
  ``static/css/share.css``, in that order. One request instead of four on the
  way to the first paint (docs/performance.md, "Resume paint").
* ``resume.js`` -- the classic script the shells run right after ``#app``:
  one line that sets ``data-app-build`` on <html> (the first 16 hex digits
  of the inputs' hash), then ``static/js/resume.js``. A resume snapshot
  records the build that wrote it; another build's snapshot is never shown.
* ``records.js`` -- the classic script first in the shells' <head>: the
  family table of everything the browser stores (``spieltisch.ui.records``
  FAMILIES, as JSON) then ``static/js/records.js``, the bounded reader the
  page's scripts use (docs/reliability.md).
* ``runtime-image-<build id>.bin`` -- the runtime image: Pyodide's memory
  snapshot with the rules already imported, gzip-compressed
  (``tools/make_image.mjs``; docs/build.md, "The runtime image"). The page
  restores it instead of booting Python. Its name carries the build id, so a
  page only ever asks for the image of its own build. Without Node or the
  vendored runtime there is no image and the page boots as before.
* ``python_stdlib.zip`` -- the vendored standard library trimmed to the
  modules the site imports (tools/stdlib_trim.py; docs/build.md), loaded
  through Pyodide's ``stdLibURL`` by static/js/runtime.mjs and by
  tools/make_image.mjs; ``stdlib-roots.json`` lists the walk's roots.
* ``manifest.json`` -- version, file names, sizes and sha256 of the above,
  plus a hash of the inputs so a rebuild is skipped when nothing changed.

And one file outside ``static/build/``: the pre-rendered hub in ``index.html``
(the block between ``<!-- hub:start -->`` and ``<!-- hub:end -->``,
tools/render_hub.py), rewritten on every run from the registry, so a game
added to ``_BUILT`` is on the hub before Python starts with no step of its own.

Every per-game output (games.css, the hub, app.zip's and the wheel's
``games/<id>/``) follows the registry, ``_BUILT`` in
src/spieltisch/games/__init__.py: the one place a game is named.

Both archives are reproducible: sorted entries, fixed timestamps and modes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
OUT = ROOT / "static" / "build"

# 1980-01-01 00:00:00, the earliest time a zip entry can hold.
EPOCH = 315532800
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

SKIP_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
SKIP_SUFFIXES = {".pyc", ".pyo"}
APP_ZIP_SKIP = {".css", ".md"}  # styles reach the page through games.css; docs are for people
APP_ZIP_SKIP_NAMES = {"testing.toml"}  # a game's data for the test suites
# the command-line tools (in the wheel): the game authors' checker (python -m spieltisch check)
# and the contract it runs, the command line itself, the bots' arena (bench/): the site never
# imports them (tests/test_game_parts.py scans app.zip's imports for them)
APP_ZIP_SKIP_PATHS = {"spieltisch/check.py", "spieltisch/__main__.py", "spieltisch/core/contract.py",
                      "spieltisch/ai/arena.py"}
# page.css, in order; "games.css" is the one built here
PAGE_CSS = ("static/vendor/pyscript/core.css", "static/css/site.css", "games.css", "static/css/share.css",
            "static/css/review.css")
RESUME_JS = "static/js/resume.js"
RECORDS_JS = "static/js/records.js"


def read_version() -> str:
    text = (SRC / "spieltisch" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.MULTILINE)
    if not m:
        sys.exit("build: no __version__ in src/spieltisch/__init__.py")
    return m.group(1)


def tree_files(top: Path) -> list[Path]:
    """Files under top, sorted, skipping caches, bytecode and dotfiles."""
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(
            d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")
        )
        for name in filenames:
            if name.startswith(".") or Path(name).suffix in SKIP_SUFFIXES:
                continue
            found.append(Path(dirpath) / name)
    return sorted(found, key=lambda p: p.relative_to(top).as_posix())


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    return sha256_bytes(path.read_bytes())


def inputs_digest() -> str:
    """Hash of everything the outputs depend on."""
    h = hashlib.sha256()
    inputs = [ROOT / "pyproject.toml", Path(__file__).resolve(), ROOT / "tools" / "compile_pyc.mjs",
              ROOT / "tools" / "make_image.mjs", ROOT / "tools" / "pyscript_pyc.mjs", ROOT / "package-lock.json",
              ROOT / "tools" / "stdlib_trim.py", ROOT / "tools" / "stdlib_bootstrap.mjs",
              ROOT / "tools" / "py_strip.py", ROOT / "tools" / "py_strip.mjs", ROOT / "tools" / "stdlib_more.py",
              ROOT / "tools" / "stdlib_first.txt"]
    for pkg in ("spieltisch", "app"):
        if (SRC / pkg).is_dir():
            inputs += tree_files(SRC / pkg)
    inputs += [ROOT / rel for rel in PAGE_CSS + (RESUME_JS, RECORDS_JS) if (ROOT / rel).is_file()]
    for path in inputs:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def build_wheel(version: str, out: Path) -> Path:
    """Build the wheel from a clean copy of the sources (no stale build/)."""
    with tempfile.TemporaryDirectory(prefix="spieltisch-build-") as tmp:
        work = Path(tmp) / "project"
        (work / "src").mkdir(parents=True)
        shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
        for f in tree_files(SRC / "spieltisch"):
            dst = work / f.relative_to(ROOT)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dst)
        dist = Path(tmp) / "dist"
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH), PYTHONHASHSEED="0")
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-build-isolation",
            "--no-cache-dir",
            "-w",
            str(dist),
            str(work),
        ]
        subprocess.run(cmd, check=True, env=env, cwd=tmp)
        wheels = sorted(dist.glob("spieltisch-*.whl"))
        expected = f"spieltisch-{version}-py3-none-any.whl"
        if [w.name for w in wheels] != [expected]:
            sys.exit(
                f"build: expected {expected}, pip produced {[w.name for w in wheels]}"
            )
        target = out / expected
        normalise_zip(wheels[0], target)
        return target


def zip_entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o100644 << 16
    info.create_system = 3  # unix, so the mode above is honoured
    return info


def write_zip(target: Path, entries: list[tuple[str, bytes]]) -> None:
    tmp = target.with_name(target.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as zf:
        for name, data in sorted(entries, key=lambda e: e[0]):
            zf.writestr(zip_entry(name), data, compresslevel=9)
    os.replace(tmp, target)


def normalise_zip(src: Path, target: Path) -> None:
    """Rewrite a zip with fixed timestamps/modes, keeping entry order.

    Wheel tools put *.dist-info/RECORD last; the order pip produced is kept
    (it is deterministic), only metadata is normalised.
    """
    with zipfile.ZipFile(src) as zf:
        entries = [(i.filename, zf.read(i)) for i in zf.infolist() if not i.is_dir()]
    tmp = target.with_name(target.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as out:
        for name, data in entries:
            out.writestr(zip_entry(name), data, compresslevel=9)
    os.replace(tmp, target)


def pyodide_pycs(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """Bytecode for the .py entries, compiled by Pyodide's own Python under
    Node (tools/compile_pyc.mjs), so the browser skips compiling at start-up
    (about 250 ms of the app's import time). Without Node or the npm package
    the zip simply has no bytecode."""
    import shutil
    import subprocess
    import tempfile

    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        print("build: no node/pyodide: app.zip without precompiled bytecode", file=sys.stderr)
        return []
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp)
        for name, data in entries:
            if name.endswith(".py"):
                (stage / name).parent.mkdir(parents=True, exist_ok=True)
                (stage / name).write_bytes(data)
        proc = subprocess.run([node, str(ROOT / "tools" / "compile_pyc.mjs"), str(stage)],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            sys.exit(f"build: compiling bytecode failed:\n{proc.stderr}")
        return sorted((p.relative_to(stage).as_posix(), p.read_bytes())
                      for p in stage.rglob("*.pyc"))


def sourceless(entries: list[tuple[str, bytes]], pycs: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """Each module as its bytecode alone, ``pkg/mod.pyc`` where ``pkg/mod.py``
    was (Python imports a .pyc in the source's place when there is no source):
    app.zip is 1.1 -> 0.8 MB and PyScript unpacks half the files (about
    60 -> 25 ms in Pyodide). The wheel keeps the sources. Without bytecode
    (no node), the sources stay."""
    if not pycs:
        return entries
    compiled = {}
    for name, data in pycs:
        folder, _, file = name.rpartition("/")
        parent = folder.rsplit("/", 1)[0] if folder.endswith("__pycache__") else None
        stem = file.split(".", 1)[0]
        if parent is not None:
            compiled[f"{parent}/{stem}.py"] = (f"{parent}/{stem}.pyc", data)
    out = []
    for name, data in entries:
        out.append(compiled.pop(name) if name in compiled else (name, data))
    if compiled:
        sys.exit(f"build: bytecode without a source: {sorted(compiled)[:3]}")
    return out


# PyScript's own Python sources (pyscript/*.py), kept by pyscript_pycs() for
# the trimmed standard library's walk (build_stdlib)
PYSCRIPT_SOURCES: list[tuple[str, bytes]] = []


def pyscript_pycs() -> list[tuple[str, bytes]]:
    """Checked-hash bytecode of PyScript's own ``pyscript`` package
    (tools/pyscript_pyc.mjs), as ``pyscript/__pycache__/*.pyc``: PyScript
    unpacks app.zip, then writes the package's sources beside them and
    imports them without compiling (~55 ms of a resumed page's start).
    Without Node or the vendored files, or if PyScript's chunk no longer
    holds the package as the script expects, none (PyScript compiles)."""
    node = shutil.which("node")
    pyscript = ROOT / "static" / "vendor" / "pyscript"
    pyodide = ROOT / "static" / "vendor" / "pyodide"
    if node is None or not (pyodide / "pyodide.mjs").exists() or not pyscript.is_dir():
        print("build: no node or no vendored runtime: app.zip without PyScript's bytecode", file=sys.stderr)
        return []
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([node, str(ROOT / "tools" / "pyscript_pyc.mjs"), str(pyscript), str(pyodide), tmp],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            print(f"build: app.zip without PyScript's bytecode:\n{proc.stderr}", file=sys.stderr)
            return []
        PYSCRIPT_SOURCES[:] = sorted((p.relative_to(tmp).as_posix(), p.read_bytes())
                                     for p in Path(tmp).rglob("*.py"))
        return sorted((p.relative_to(tmp).as_posix(), p.read_bytes()) for p in Path(tmp).rglob("*.pyc"))


def review_modules() -> tuple[set[str], set[str]]:
    """(the review worker's modules, every module the page never imports) as
    paths in app.zip (``spieltisch.review.WORKER_MODULES``/``NOT_ON_PAGE``)."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    from spieltisch import review

    def paths(names):
        return {f"spieltisch/review/{m}.py" for m in names}

    return paths(review.WORKER_MODULES), paths(review.NOT_ON_PAGE)


REVIEW_ZIP = "review.zip"


def build_app_zip(out: Path) -> Path:
    """app.zip for the page, and review.zip for the review's worker: the
    review engine, which the page never imports (docs/review.md), sits in
    the second only; the worker unpacks both."""
    worker, not_on_page = review_modules()
    entries = []
    for pkg in ("spieltisch", "app"):
        top = SRC / pkg
        if not top.is_dir():
            if pkg == "spieltisch":
                sys.exit("build: src/spieltisch is missing")
            continue
        for f in tree_files(top):
            rel = f.relative_to(SRC).as_posix()
            if f.suffix in APP_ZIP_SKIP or f.name in APP_ZIP_SKIP_NAMES or rel in APP_ZIP_SKIP_PATHS:
                continue  # a game's stylesheet reaches the page through games.css
            entries.append((rel, f.read_bytes()))
    entries = sourceless(entries, pyodide_pycs(entries))

    def source_of(name: str) -> str:
        return name[:-1] if name.endswith(".pyc") else name

    review_entries = [(n, d) for n, d in entries if source_of(n) in worker]
    entries = [(n, d) for n, d in entries if source_of(n) not in not_on_page]
    entries, parts = split_games(entries)
    entries += pyscript_pycs()
    write_zip(out / REVIEW_ZIP, sorted(review_entries))
    for stale in out.glob(GAME_ZIP_GLOB):
        stale.unlink()
    for game_id, part in parts.items():
        write_zip(out / game_zip_name(game_id), sorted(part))
    target = out / "app.zip"
    write_zip(target, sorted(entries))
    return target


GAME_ZIP_GLOB = "game-*.zip"
# in each game's own part: the page's app/parts.py knows a part is there by it
PART_MARKER = ".part"


def game_zip_name(game_id: str) -> str:
    return f"game-{game_id}.zip"


def hub_part() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(modules, files) of a game folder that stay in app.zip: what the hub
    needs of every game (``HUB_MODULES``/``HUB_FILES``, games/__init__.py)."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    from spieltisch import games

    return games.HUB_MODULES, games.HUB_FILES


def split_games(entries: list[tuple[str, bytes]]) -> tuple[list[tuple[str, bytes]], dict[str, list]]:
    """app.zip's entries without each registered game's own part, and the
    parts (docs/build.md, "The games' parts"): a game folder's files but the
    hub's (``hub_part``), with the marker ``PART_MARKER``."""
    modules, files = hub_part()
    keep = {f"{m}.py" for m in modules} | {f"{m}.pyc" for m in modules} | set(files)
    ids = registered_games()
    parts: dict[str, list] = {g: [(f"spieltisch/games/{g}/{PART_MARKER}", g.encode() + b"\n")] for g in ids}
    core = []
    for name, data in entries:
        bits = name.split("/")
        if len(bits) >= 4 and bits[:2] == ["spieltisch", "games"] and bits[2] in parts \
                and not (len(bits) == 4 and bits[3] in keep):
            parts[bits[2]].append((name, data))
        else:
            core.append((name, data))
    return core, parts


IMAGE_GLOB = "runtime-image-*.bin"
STDLIB = "python_stdlib.zip"
STDLIB_MORE = "python_stdlib_more.zip"
# always in the first part: found by name (codecs) or Pyodide's own
STDLIB_FIRST_ALWAYS = ("encodings", "pyodide", "_pyodide")


def stdlib_first_names() -> set[str]:
    """tools/stdlib_first.txt: the top-level names of the first part."""
    text = (ROOT / "tools" / "stdlib_first.txt").read_text(encoding="utf-8")
    return {line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")}


def split_stdlib(trimmed: Path, out: Path) -> tuple[Path, Path]:
    """The trimmed (and stripped) standard library in two parts (docs/build.md):
    python_stdlib.zip, the page's stdLibURL, with the top-level modules and
    packages of tools/stdlib_first.txt and the finder of the rest
    (tools/stdlib_more.py as ``_stdlib_more.py``), and python_stdlib_more.zip,
    everything else, which the page unpacks after it is interactive. A
    package is never split: its submodules are found in its own folder."""
    first = stdlib_first_names() | set(STDLIB_FIRST_ALWAYS)
    core, more = [], []
    with zipfile.ZipFile(trimmed) as zf:
        for info in zf.infolist():
            top = info.filename.split("/")[0]
            top = top.removesuffix(".py")
            is_module = info.filename.endswith(".py") and "/" not in info.filename
            in_package = "/" in info.filename and top.isidentifier()
            goes_more = (is_module or in_package) and top not in first and not info.filename.startswith("site-packages/")
            (more if goes_more else core).append((info, zf.read(info)))
    names = sorted({i.filename.split("/")[0].removesuffix(".py") for i, _ in more if i.filename.endswith(".py")})
    finder = (ROOT / "tools" / "stdlib_more.py").read_text(encoding="utf-8")
    marker = "NAMES: frozenset[str] = frozenset()  # filled in by tools/build.py"
    if marker not in finder:
        sys.exit("build: tools/stdlib_more.py lost its NAMES line")
    finder = finder.replace(marker, f"NAMES: frozenset[str] = frozenset({names!r})")
    stamp = (1980, 1, 1, 0, 0, 0)
    for target, entries, extra in ((out / STDLIB, core, [("_stdlib_more.py", finder.encode())]),
                                   (out / STDLIB_MORE, more, [])):
        tmp = target.with_name(target.name + ".tmp")
        with zipfile.ZipFile(tmp, "w") as zout:
            for info, data in entries:
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            for name, data in extra:
                zout.writestr(zipfile.ZipInfo(name, stamp), data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        os.replace(tmp, target)
    return out / STDLIB, out / STDLIB_MORE


def strip_stdlib(src: Path, dst: Path) -> None:
    """Comments and docstrings out, line for line (tools/py_strip.py, run in
    Pyodide's Python by tools/py_strip.mjs)."""
    proc = subprocess.run([shutil.which("node"), str(ROOT / "tools" / "py_strip.mjs"), str(src), str(dst)],
                          capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        sys.exit(f"build: stripping the standard library failed:\n{proc.stderr}")


def stdlib_roots(pyodide: Path) -> set[str]:
    """What the trimmed standard library must hold (tools/stdlib_trim.py):
    every import of src/spieltisch, src/app, PyScript's package and the
    wheels vendored with Pyodide (micropip, packaging), and what Pyodide's own
    start imports (tools/stdlib_bootstrap.mjs, run here)."""
    import stdlib_trim

    node = shutil.which("node")
    proc = subprocess.run([node, str(ROOT / "tools" / "stdlib_bootstrap.mjs"), str(pyodide)],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        sys.exit(f"build: listing Pyodide's start-up modules failed:\n{proc.stderr}")
    roots = set(json.loads(proc.stdout.strip().splitlines()[-1]))
    roots |= stdlib_trim.imports_of_tree(SRC / "spieltisch", "spieltisch/")
    roots |= stdlib_trim.imports_of_tree(SRC / "app", "app/")
    roots |= stdlib_trim.imports_of_files(PYSCRIPT_SOURCES)
    # the wheels Pyodide ships beside it (micropip, packaging): a page whose
    # config names `packages` installs with micropip into the same interpreter
    for wheel in sorted(pyodide.glob("*.whl")):
        with zipfile.ZipFile(wheel) as zf:
            roots |= stdlib_trim.imports_of_files((n, zf.read(n)) for n in zf.namelist() if n.endswith(".py"))
    return roots


def build_stdlib(out: Path) -> tuple[Path, Path] | None:
    """static/build/python_stdlib.zip and python_stdlib_more.zip: the vendored
    standard library with only the modules the site imports, without comments
    and docstrings, in two parts (docs/build.md, "The trimmed standard
    library"); None without Node or the vendored runtime."""
    import stdlib_trim

    pyodide = ROOT / "static" / "vendor" / "pyodide"
    (out / STDLIB).unlink(missing_ok=True)
    (out / STDLIB_MORE).unlink(missing_ok=True)
    if shutil.which("node") is None or not (pyodide / STDLIB).exists():
        print("build: no node or no vendored pyodide: no trimmed standard library", file=sys.stderr)
        return None
    full = stdlib_trim.Stdlib(pyodide / STDLIB)
    roots = stdlib_roots(pyodide)
    with tempfile.TemporaryDirectory() as tmp:
        trimmed, stripped = Path(tmp) / "trimmed.zip", Path(tmp) / "stripped.zip"
        names = full.write(full.closure(roots), trimmed)
        (out / "stdlib-roots.json").write_text(json.dumps(sorted(roots), indent=0) + "\n")
        gap = stdlib_trim.missing(full, names, roots)
        if gap:
            sys.exit(f"build: the trimmed standard library lacks {gap[:5]}")
        strip_stdlib(trimmed, stripped)
        return split_stdlib(stripped, out)


def image_name(digest: str) -> str:
    return f"runtime-image-{build_id(digest)}.bin"


def build_image(out: Path, app_zip: Path, digest: str, stdlib: Path | None = None,
                stdlib_more: Path | None = None) -> Path | None:
    """The runtime image of this build (tools/make_image.mjs), made by the
    vendored Pyodide itself under Node; None without Node or the vendored
    runtime (the site then boots Python as before)."""
    for stale in out.glob(IMAGE_GLOB):
        stale.unlink()
    node = shutil.which("node")
    pyodide = ROOT / "static" / "vendor" / "pyodide"
    if node is None or not (pyodide / "pyodide.mjs").exists():
        print("build: no node or no vendored pyodide (tools/vendor.py): no runtime image", file=sys.stderr)
        return None
    target = out / image_name(digest)
    # the image restores only with the standard library it was made with: the page's own
    proc = subprocess.run([node, str(ROOT / "tools" / "make_image.mjs"), str(pyodide), str(app_zip), str(target),
                           *([str(stdlib)] if stdlib else []), *([str(stdlib_more)] if stdlib_more else [])],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        sys.exit(f"build: making the runtime image failed:\n{proc.stderr}")
    return target


def registered_games() -> list[str]:
    """The games' ids in registry order (``_BUILT``, games/__init__.py),
    from this tree's sources (the registry imports nothing but the core)."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    from spieltisch.games import GAMES

    return list(GAMES)


# In a game's style.css, where the rules of its art module's classes go (art.CSS_RULES: one
# text serves the page's stylesheet and the stand-alone diagrams, which inline it)
ART_RULES_MARK = "/* art.CSS_RULES */"


def game_css(game_id: str) -> str:
    """A game's stylesheet as the page gets it: its style.css, with its art
    module's CSS_RULES in place of ART_RULES_MARK where it has one."""
    css = SRC / "spieltisch" / "games" / game_id / "style.css"
    if not css.is_file():
        sys.exit(f"build: games/{game_id}/style.css is missing")
    text = css.read_text(encoding="utf-8")
    if ART_RULES_MARK in text:
        import importlib

        rules = getattr(importlib.import_module(f"spieltisch.games.{game_id}.art"), "CSS_RULES", None)
        if not isinstance(rules, str):
            sys.exit(f"build: games/{game_id}/style.css asks for art.CSS_RULES, which art.py lacks")
        text = text.replace(ART_RULES_MARK, rules.strip(), 1)
    return text


def build_games_css(out: Path) -> Path:
    parts = []
    for game_id in registered_games():
        parts.append(f"/* ---- games/{game_id}/style.css ---- */\n" + game_css(game_id).rstrip() + "\n")
    target = out / "games.css"
    target.write_text("/* Generated by tools/build.py from each game's style.css -- do not edit. */\n\n"
                      + "\n".join(parts), encoding="utf-8")
    return target


def build_id(digest: str) -> str:
    return digest[:16]


def build_page_css(out: Path) -> Path:
    parts = []
    for rel in PAGE_CSS:
        path = out / rel if rel == "games.css" else ROOT / rel
        if not path.is_file():
            if rel.startswith("static/vendor/"):
                print(f"build: {rel} not vendored yet: page.css without it", file=sys.stderr)
                continue
            sys.exit(f"build: {rel} is missing")
        parts.append(f"/* ---- {rel} ---- */\n" + path.read_text(encoding="utf-8").rstrip() + "\n")
    target = out / "page.css"
    target.write_text("/* Generated by tools/build.py -- do not edit. */\n" + "\n".join(parts), encoding="utf-8")
    return target


def write_prefixed_js(target: Path, source: str, head: str) -> Path:
    """``target``: the lines ``head`` (generated values), then the script ``source`` as it is."""
    target.write_text(head + "\n" + (ROOT / source).read_text(encoding="utf-8"), encoding="utf-8")
    return target


def write_resume_js(out: Path, digest: str) -> Path:
    return write_prefixed_js(out / "resume.js", RESUME_JS,
                             "// Generated by tools/build.py from static/js/resume.js -- do not edit.\n"
                             "// The build a resume snapshot must match:\n"
                             f'document.documentElement.setAttribute("data-app-build", "{build_id(digest)}");\n'
                             "// The games with an own part (game-<id>.zip), for static/js/runtime.mjs:\n"
                             f'document.documentElement.setAttribute("data-app-games", "{" ".join(registered_games())}");\n')


def records_table() -> str:
    """src/spieltisch/ui/records.py's FAMILIES as JSON (the one table both readers use)."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    from spieltisch.ui import records

    return records.table_json()


def write_records_js(out: Path) -> Path:
    return write_prefixed_js(out / "records.js", RECORDS_JS,
                             "// Generated by tools/build.py from src/spieltisch/ui/records.py (FAMILIES) and\n"
                             "// static/js/records.js -- do not edit.\n"
                             f"window.spieltischRecordFamilies = {records_table()};\n")


def describe(path: Path) -> dict:
    return {"file": path.name, "size": path.stat().st_size, "sha256": sha256_file(path)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--force", action="store_true", help="rebuild even if inputs are unchanged"
    )
    args = ap.parse_args(argv)

    sys.path.insert(0, str(ROOT / "tools"))
    import render_hub  # tools/render_hub.py

    if render_hub.write(ROOT):
        print("build: index.html's hub updated from the registry")
    version = read_version()
    digest = inputs_digest()
    manifest_path = OUT / "manifest.json"
    if not args.force and manifest_path.exists():
        try:
            old = json.loads(manifest_path.read_text())
        except ValueError:
            old = {}
        files = [old.get("wheel", {}).get("file"), "app.zip", REVIEW_ZIP, "wheel.toml", "games.css", "page.css", "resume.js",
                 "records.js"]
        files += [g["file"] for g in old.get("game_zips", [])] or [None]
        if "stdlib" in old:
            files.append(old["stdlib"]["file"])
            files.append(old.get("stdlib_more", {}).get("file"))
        if "image" in old:
            files.append(old["image"]["file"])
        if (
            old.get("inputs") == digest
            and all(f and (OUT / f).exists() for f in files)
            and all(
                sha256_file(OUT / old[k]["file"]) == old[k]["sha256"]
                for k in ("wheel", "app_zip", "games_css")
            )
        ):
            print(f"build: spieltisch {version}: up to date")
            return 0

    OUT.mkdir(parents=True, exist_ok=True)
    for stale in OUT.glob("spieltisch-*.whl"):
        stale.unlink()
    wheel = build_wheel(version, OUT)
    app_zip = build_app_zip(OUT)
    parts = build_stdlib(OUT)
    stdlib, stdlib_more = parts or (None, None)
    image = build_image(OUT, app_zip, digest, stdlib, stdlib_more)
    games_css = build_games_css(OUT)
    build_page_css(OUT)
    write_resume_js(OUT, digest)
    write_records_js(OUT)
    (OUT / "build-id.js").unlink(missing_ok=True)  # an older build's; now the first line of resume.js
    (OUT / "wheel.toml").write_text(
        "# Generated by tools/build.py -- do not edit.\n"
        "# `interpreter` is resolved against the page, so it is root-absolute;\n"
        "# ./ entries in `packages` are resolved against this file.\n"
        'interpreter = "/static/vendor/pyodide/pyodide.mjs"\n'
        f'packages = ["./{wheel.name}"]\n'
    )
    manifest = {
        "name": "spieltisch",
        "version": version,
        "wheel": describe(wheel),
        "app_zip": describe(app_zip),
        "review_zip": describe(OUT / REVIEW_ZIP),
        "game_zips": [describe(OUT / game_zip_name(g)) for g in registered_games()],
        "games_css": describe(games_css),
        **({"stdlib": describe(stdlib), "stdlib_more": describe(stdlib_more)} if stdlib else {}),
        **({"image": describe(image)} if image else {}),
        "inputs": digest,
        "build_id": build_id(digest),
    }
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")
    print(
        f"build: spieltisch {version}: {wheel.name}, app.zip ({app_zip.stat().st_size} bytes)"
         f", {len(manifest['game_zips'])} game zips ({sum(g['size'] for g in manifest['game_zips'])} bytes)"
        + (f", {stdlib.name} ({stdlib.stat().st_size} bytes)" if stdlib else "")
        + (f", {stdlib_more.name} ({stdlib_more.stat().st_size} bytes)" if stdlib_more else "")
        + (f", {image.name} ({image.stat().st_size} bytes)" if image else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
