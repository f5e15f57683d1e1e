#!/usr/bin/env python3
"""Vendor the browser runtime into ``static/vendor/``.

Copies Pyodide and the PyScript dist out of ``node_modules`` (installed by
``npm ci`` from the pinned ``package.json``), downloads the ``micropip`` and
``packaging`` wheels that Pyodide's lock file names but the npm package does
not ship, and rewrites the vendored ``pyodide-lock.json`` so that its
``file_name`` / ``sha256`` for those two packages match the downloaded files.

Idempotent: files are only copied when size or mtime differ, wheels are only
downloaded when missing, and the lock file is only rewritten when its content
would change.  Run ``python3 tools/vendor.py --check`` to verify without
changing anything (exit 1 if anything is missing or stale).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
# QR codes (issue 30, docs/multiplayer.md): lean-qr draws them (its ES module,
# ~7 kB), jsQR reads them from camera frames where the browser has no
# BarcodeDetector (its UMD build, which sets self.jsQR when imported as a module).
QR_FILES = {  # node_modules package -> (version, {source file: vendored name})
    "lean-qr": ("2.7.4", {"index.mjs": "lean-qr.mjs", "LICENSE": "lean-qr.LICENSE"}),
    "jsqr": ("1.4.0", {"dist/jsQR.js": "jsQR.js", "LICENSE": "jsQR.LICENSE"}),
}

# Everything loadPyodide() fetches in a browser (pyodide.mjs imports
# pyodide.asm.mjs, which instantiates pyodide.asm.wasm; the stdlib zip and the
# lock file are fetched from indexURL).  package.json is kept for provenance.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)

# Python wheels that pyodide-lock.json references but the npm package lacks.
# Pyodide builds them itself; the PyPI wheels are pure Python and equivalent.
LOCK_WHEELS = {"micropip": "0.11.1", "packaging": "26.1"}
WHEEL_PYTHON = "3.14"  # the Python inside Pyodide 314.x


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def package_version(pkg_dir: Path) -> str:
    return json.loads((pkg_dir / "package.json").read_text())["version"]


def same_file(src: Path, dst: Path) -> bool:
    if not dst.exists():
        return False
    a, b = src.stat(), dst.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def sync(src: Path, dst: Path, check: bool, problems: list[str]) -> bool:
    """Copy src to dst unless identical; return True when it changed."""
    if same_file(src, dst):
        return False
    if check:
        problems.append(f"stale or missing: {dst.relative_to(ROOT)}")
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copy2(src, tmp)
    os.replace(tmp, dst)
    return True


def prune(folder: Path, keep: set[str], check: bool, problems: list[str]) -> None:
    """Remove files in folder that are not in keep (old hashed chunks). The
    build's precompressed copies of a kept file (FILE.gz, FILE.br;
    tools/precompress.mjs) stay with it."""
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        base = entry.name.rsplit(".", 1)[0] if entry.name.endswith((".gz", ".br")) else entry.name
        if entry.is_file() and base not in keep:
            if check:
                problems.append(f"unexpected file: {entry.relative_to(ROOT)}")
            else:
                entry.unlink()


def require_package(name: str, version: str) -> Path:
    pkg = NODE_MODULES / name
    if not (pkg / "package.json").exists():
        sys.exit(f"vendor: {pkg} is missing; run `npm ci` (scripts/setup does)")
    found = package_version(pkg)
    if found != version:
        sys.exit(
            f"vendor: {name} is {found} in node_modules, expected {version}; run `npm ci`"
        )
    return pkg


def vendor_pyodide(check: bool, problems: list[str]) -> int:
    src = require_package("pyodide", PYODIDE_VERSION)
    dst = VENDOR / "pyodide"
    changed = 0
    for name in PYODIDE_FILES:
        if name == "pyodide-lock.json":
            continue  # written by rewrite_lock()
        changed += sync(src / name, dst / name, check, problems)
    return changed


def wheel_name(name: str, version: str) -> str:
    return f"{name}-{version}-py3-none-any.whl"


def fetch_wheels(check: bool, problems: list[str]) -> int:
    dst = VENDOR / "pyodide"
    missing = {
        n: v for n, v in LOCK_WHEELS.items() if not (dst / wheel_name(n, v)).exists()
    }
    if not missing:
        return 0
    if check:
        problems.extend(
            f"missing wheel: {wheel_name(n, v)}" for n, v in missing.items()
        )
        return 0
    dst.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--disable-pip-version-check",
            "--only-binary=:all:",
            "--python-version",
            WHEEL_PYTHON,
            "--no-deps",
            "-d",
            tmp,
            *(f"{n}=={v}" for n, v in missing.items()),
        ]
        subprocess.run(cmd, check=True)
        for n, v in missing.items():
            got = Path(tmp) / wheel_name(n, v)
            if not got.exists():
                sys.exit(f"vendor: pip did not produce {got.name}")
            shutil.move(str(got), dst / got.name)
    return len(missing)


def rewrite_lock(check: bool, problems: list[str]) -> int:
    src = NODE_MODULES / "pyodide" / "pyodide-lock.json"
    dst = VENDOR / "pyodide" / "pyodide-lock.json"
    lock = json.loads(src.read_text())
    for name, version in LOCK_WHEELS.items():
        entry = lock["packages"][name]
        if entry["version"] != version:
            sys.exit(f"vendor: lock has {name} {entry['version']}, expected {version}")
        whl = VENDOR / "pyodide" / wheel_name(name, version)
        if not whl.exists():
            if check:
                continue  # already reported by fetch_wheels
            sys.exit(f"vendor: {whl} missing")
        entry["file_name"] = whl.name
        entry["sha256"] = sha256(whl)
    text = json.dumps(lock, indent=None, separators=(",", ":"), sort_keys=False) + "\n"
    if dst.exists() and dst.read_text() == text:
        return 0
    if check:
        problems.append(f"stale or missing: {dst.relative_to(ROOT)}")
        return 0
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text)
    return 1


def vendor_pyscript(check: bool, problems: list[str]) -> int:
    src = require_package("@pyscript/core", PYSCRIPT_VERSION) / "dist"
    dst = VENDOR / "pyscript"
    keep = set()
    changed = 0
    for f in sorted(src.iterdir()):
        if not f.is_file() or f.suffix == ".map":
            continue
        keep.add(f.name)
        changed += sync(f, dst / f.name, check, problems)
    prune(dst, keep, check, problems)
    return changed


def vendor_qr(check: bool, problems: list[str]) -> int:
    dst = VENDOR / "qr"
    keep = set()
    changed = 0
    for name, (version, files) in QR_FILES.items():
        src = require_package(name, version)
        for rel, out in files.items():
            keep.add(out)
            changed += sync(src / rel, dst / out, check, problems)
    prune(dst, keep, check, problems)
    return changed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="verify only; exit 1 if stale")
    args = ap.parse_args(argv)
    problems: list[str] = []
    changed = vendor_pyodide(args.check, problems)
    changed += fetch_wheels(args.check, problems)
    changed += rewrite_lock(args.check, problems)
    prune(
        VENDOR / "pyodide",
        set(PYODIDE_FILES) | {wheel_name(n, v) for n, v in LOCK_WHEELS.items()},
        args.check,
        problems,
    )
    changed += vendor_pyscript(args.check, problems)
    changed += vendor_qr(args.check, problems)
    if problems:
        print("vendor: " + "\n        ".join(problems), file=sys.stderr)
        return 1
    state = f"{changed} file(s) updated" if changed else "up to date"
    qr = ", ".join(f"{n} {v}" for n, (v, _) in QR_FILES.items())
    print(f"vendor: pyodide {PYODIDE_VERSION}, pyscript {PYSCRIPT_VERSION}, {qr}: {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
