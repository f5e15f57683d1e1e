#!/usr/bin/env python3
"""Write the service worker's precache list and version.

``sw.js`` (committed, at the site root) does ``importScripts`` of the
generated ``static/build/sw-manifest.js``, which sets
``self.SPIELTISCH_PRECACHE = {"version": ..., "files": [{url, size, sha256}]}``.
The same data is written to ``static/build/precache.json`` for tests and tools.

* ``files``: every file the site needs to run with no network (pages, PyScript
  config and entry script, css/js/img, the manifest, app.zip and the wheel,
  the runtime image, the vendored Pyodide files and micropip/packaging wheels, PyScript's
  ``core.js``/``core.css`` and the chunks it can import at run time).
* ``version``: the first 16 hex digits of a SHA-256 over every listed file's
  path and content, plus ``sw.js`` itself. Any change to any of them gives a
  new version, hence a new ``sw-manifest.js``, hence a service worker update.

The outputs are only rewritten when their content changes (mtime stays).
``python3 tools/build_sw.py --check`` exits 1 when they are stale.
Run after ``tools/vendor.py`` and ``tools/build.py`` (``scripts/setup`` does).
``--root DIR`` works on a copy of the site (the update test uses that).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Pages and top-level files, relative to the site root.
PAGES = ("index.html", "embed.html", "pyscript.toml", "src/app/main.py",
         "static/manifest.webmanifest")
# Folders whose every file is part of the site (no subfolders).
FOLDERS = {
    "static/css": (".css",),
    "static/js": (".js", ".mjs"),
    "static/img": (".svg", ".png", ".webp", ".jpg", ".ico"),
}
PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
# the vendored python_stdlib.zip only where the build made no trimmed one
# (static/build/python_stdlib.zip, which the pages load: docs/build.md)
# PyScript chunks never loaded by our pages: the editor (codemirror), the
# terminal (xterm), MicroPython, and PyScript's own SW/storage helpers.
# Everything else in dist/ is precached: core.js imports its chunks lazily,
# and which ones depends on the page's config (tests/browser/test_offline.py
# plays a whole game offline to prove the list is enough).
PYSCRIPT_SKIP_PREFIXES = ("codemirror", "xterm", "mpy-", "service-worker", "storage")
SW = "sw.js"


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def site_files(root: Path) -> list[str]:
    """Relative URLs (POSIX paths) of everything to precache, sorted."""
    out: list[str] = []
    for name in PAGES:
        if (root / name).is_file():
            out.append(name)
        elif name in ("index.html", "pyscript.toml", "src/app/main.py"):
            sys.exit(f"build_sw: {name} is missing")
    for folder, suffixes in FOLDERS.items():
        d = root / folder
        if d.is_dir():
            out += [f"{folder}/{p.name}" for p in sorted(d.iterdir())
                    if p.is_file() and p.suffix in suffixes and not p.name.startswith(".")]
    build = root / "static" / "build"
    manifest_path = build / "manifest.json"
    if not manifest_path.is_file():
        sys.exit("build_sw: static/build/manifest.json missing; run tools/build.py first")
    manifest = json.loads(manifest_path.read_text())
    out += ["static/build/manifest.json", f"static/build/{manifest['app_zip']['file']}",
            f"static/build/{manifest['games_css']['file']}", "static/build/page.css", "static/build/resume.js",
            "static/build/records.js", f"static/build/{manifest['review_zip']['file']}",
            f"static/build/{manifest['wheel']['file']}"]
    # each game's own part (game-<id>.zip, docs/build.md "The games' parts"): offline, every game
    out += [f"static/build/{part['file']}" for part in manifest.get("game_zips", [])]
    if "stdlib" in manifest:
        out.append(f"static/build/{manifest['stdlib']['file']}")
        if "stdlib_more" in manifest:  # its second part (docs/build.md)
            out.append(f"static/build/{manifest['stdlib_more']['file']}")
    else:
        out.append("static/vendor/pyodide/python_stdlib.zip")
    if "image" in manifest:  # the runtime image (tools/build.py): a returning player starts from it offline
        out.append(f"static/build/{manifest['image']['file']}")
    pyodide = root / "static" / "vendor" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    wheels = [lock["packages"][n]["file_name"] for n in ("micropip", "packaging")]
    for name in (*PYODIDE, *wheels):
        if not (pyodide / name).is_file():
            sys.exit(f"build_sw: static/vendor/pyodide/{name} missing; run tools/vendor.py")
        out.append(f"static/vendor/pyodide/{name}")
    pyscript = root / "static" / "vendor" / "pyscript"
    if not (pyscript / "core.js").is_file():
        sys.exit("build_sw: static/vendor/pyscript/core.js missing; run tools/vendor.py")
    for p in sorted(pyscript.iterdir()):
        if p.is_file() and p.suffix in (".js", ".css") and not p.name.startswith(PYSCRIPT_SKIP_PREFIXES):
            out.append(f"static/vendor/pyscript/{p.name}")
    qr = root / "static" / "vendor" / "qr"  # QR drawing and reading (issue 30; tools/vendor.py)
    for name in ("lean-qr.mjs", "jsQR.js"):
        if not (qr / name).is_file():
            sys.exit(f"build_sw: static/vendor/qr/{name} missing; run tools/vendor.py")
        out.append(f"static/vendor/qr/{name}")
    return sorted(set(out))


def precache(root: Path) -> dict:
    files = []
    digest = hashlib.sha256()
    for url in site_files(root):
        path = root / url
        item = {"url": url, "size": path.stat().st_size, "sha256": sha256_file(path)}
        files.append(item)
        digest.update(f"{url}\0{item['sha256']}\0".encode())
    sw = root / SW
    if sw.is_file():
        digest.update(f"{SW}\0{sha256_file(sw)}\0".encode())
    return {"version": digest.hexdigest()[:16], "files": files,
            "bytes": sum(f["size"] for f in files)}


# Files the build writes .gz and .br copies of (tools/precompress.mjs), for hosts
# that serve precompressed files (README.md, "Hosting"): the text and wasm
# files above this size. Zips, wheels, images and the runtime image are
# compressed already.
COMPRESS_SUFFIXES = (".wasm", ".mjs", ".js", ".css", ".json", ".html")
COMPRESS_MIN = 16_384


def precompress(root: Path, data: dict) -> list[str]:
    """Write FILE.gz and FILE.br next to each big text/wasm file whose copies
    are missing or older than it. Returns the files compressed now."""
    node = shutil.which("node")
    todo = []
    for item in data["files"]:
        path = root / item["url"]
        if not path.name.endswith(COMPRESS_SUFFIXES) or item["size"] < COMPRESS_MIN:
            continue
        mtime = path.stat().st_mtime
        copies = [path.with_name(path.name + ext) for ext in (".gz", ".br")]
        if not all(c.is_file() and c.stat().st_mtime >= mtime for c in copies):
            todo.append(str(path))
    if todo and node:
        proc = subprocess.run([node, str(ROOT / "tools" / "precompress.mjs"), *todo],
                              capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            sys.exit(f"build_sw: precompressing failed:\n{proc.stderr}")
        zopfli_gz(todo)
    elif todo:
        print("build_sw: no node: no precompressed copies", file=sys.stderr)
        return []
    return todo


# Above this size one zopfli iteration (the wasm: 10 s); below it the default 15.
ZOPFLI_ONE_PASS = 1 << 20


def zopfli_gz(paths: list[str]) -> None:
    """Rewrite each FILE.gz that node wrote with zopfli's deflate, where it is
    smaller: still gzip, which every browser and every gzip_static host reads,
    but 5-7% fewer bytes (the wasm 3,593,065 -> 3,415,020 B, the first visit's
    biggest download; docs/build.md, "Precompressed copies"). Without the
    zopfli package (requirements-dev.txt) node's gzip -9 copies stay."""
    try:
        import zopfli.gzip
    except ImportError:
        print("build_sw: no zopfli package: gzip -9 copies (pip install -r requirements-dev.txt)", file=sys.stderr)
        return
    for name in paths:
        path = Path(name)
        copy = path.with_name(path.name + ".gz")
        if not copy.is_file():
            continue  # not worth compressing (precompress.mjs wrote none)
        raw = path.read_bytes()
        data = zopfli.gzip.compress(raw, numiterations=1 if len(raw) > ZOPFLI_ONE_PASS else 15)
        if len(data) < copy.stat().st_size:
            tmp = copy.with_name(copy.name + ".tmp")
            tmp.write_bytes(data)
            os.replace(tmp, copy)


def outputs(data: dict) -> dict[str, str]:
    js = ("// Generated by tools/build_sw.py -- do not edit. Read by sw.js (importScripts).\n"
          "self.SPIELTISCH_PRECACHE = " + json.dumps(data, separators=(",", ":")) + ";\n")
    return {"sw-manifest.js": js, "precache.json": json.dumps(data, indent=1) + "\n"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=str(ROOT), help="site root (default: the repository)")
    ap.add_argument("--check", action="store_true", help="exit 1 if the outputs are stale")
    ap.add_argument("--no-compress", action="store_true", help="write no .gz/.br copies (site copies for tests)")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    data = precache(root)
    out_dir = root / "static" / "build"
    stale = []
    for name, text in outputs(data).items():
        target = out_dir / name
        if target.is_file() and target.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            tmp = target.with_name(name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, target)
    if args.check:
        if stale:
            print(f"build_sw: stale: {', '.join(stale)}", file=sys.stderr)
            return 1
        return 0
    if not args.no_compress:
        done = precompress(root, data)
        if done:
            print(f"build_sw: {len(done)} file(s) precompressed (.gz, .br)")
    mb = data["bytes"] / 1e6
    state = "written" if stale else "up to date"
    print(f"build_sw: version {data['version']}, {len(data['files'])} files, {mb:.1f} MB: {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
