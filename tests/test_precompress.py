"""Precompressed copies for static hosts (tools/precompress.mjs, run by
tools/build_sw.py; README.md, "Hosting: compressed files"): FILE.gz and
FILE.br hold exactly FILE, a file that does not compress gets none, and the
build's big wasm/text files have current copies."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
sys.path.insert(0, str(REPO / "tools"))
import build_sw  # noqa: E402  (tools/ is not a package)

pytestmark = pytest.mark.skipif(NODE is None, reason="node is required (scripts/setup installs it)")

UNBROTLI = r"""
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
process.stdout.write(brotliDecompressSync(readFileSync(process.argv[2])));
"""


def test_copies_hold_the_file_and_incompressible_files_get_none(tmp_path):
    text = tmp_path / "page.js"
    text.write_text("const spieltisch = 'Saus und Braus';\n" * 2000)
    noise = tmp_path / "noise.wasm"
    noise.write_bytes(os.urandom(50_000))
    (tmp_path / "noise.wasm.gz").write_bytes(b"stale")
    proc = subprocess.run([NODE, str(REPO / "tools" / "precompress.mjs"), str(text), str(noise)],
                          capture_output=True, text=True, timeout=120, check=True)
    sizes = json.loads(proc.stdout)
    assert gzip.decompress((tmp_path / "page.js.gz").read_bytes()) == text.read_bytes()
    unbrotli = tmp_path / "unbrotli.mjs"
    unbrotli.write_text(UNBROTLI)
    back = subprocess.run([NODE, str(unbrotli), str(tmp_path / "page.js.br")], capture_output=True, timeout=60,
                          check=True).stdout
    assert back == text.read_bytes()
    assert sizes[str(text)]["br"] < sizes[str(text)]["gz"] < text.stat().st_size
    assert sizes[str(noise)] == {"raw": 50_000, "gz": None, "br": None}
    assert not (tmp_path / "noise.wasm.gz").exists() and not (tmp_path / "noise.wasm.br").exists()


def test_the_builds_big_files_have_current_copies():
    data = json.loads((REPO / "static" / "build" / "precache.json").read_text())
    big = [f for f in data["files"] if f["url"].endswith(build_sw.COMPRESS_SUFFIXES)
           and f["size"] >= build_sw.COMPRESS_MIN]
    assert any(f["url"].endswith("pyodide.asm.wasm") for f in big)
    for item in big:
        path = REPO / item["url"]
        copy = path.with_name(path.name + ".gz")
        assert copy.is_file(), f"{item['url']}: no .gz copy (run python3 tools/build_sw.py)"
        assert gzip.decompress(copy.read_bytes()) == path.read_bytes(), item["url"]
        assert path.with_name(path.name + ".br").is_file(), item["url"]


def test_the_gzip_copies_are_smaller_than_gzip_9():
    """The build rewrites node's .gz copies with zopfli (tools/build_sw.py
    zopfli_gz): still gzip, fewer bytes. The wasm, the first visit's biggest
    download, is checked against zlib's own level 9 (node's is larger)."""
    pytest.importorskip("zopfli", reason="requirements-dev.txt installs zopfli (scripts/setup)")
    wasm = REPO / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm"
    assert wasm.is_file(), "no vendored wasm: run bash scripts/setup"
    raw = wasm.read_bytes()
    copy = (REPO / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm.gz").read_bytes()
    assert gzip.decompress(copy) == raw
    assert len(copy) < len(gzip.compress(raw, 9, mtime=0)) * 0.99


def test_zopfli_rewrites_a_copy_only_when_smaller(tmp_path):
    pytest.importorskip("zopfli", reason="requirements-dev.txt installs zopfli (scripts/setup)")
    text = tmp_path / "page.js"
    text.write_bytes(b"const spieltisch = 'Saus und Braus';\n" * 2000)
    copy = tmp_path / "page.js.gz"
    copy.write_bytes(gzip.compress(text.read_bytes(), 9, mtime=0))
    before = copy.stat().st_size
    build_sw.zopfli_gz([str(text), str(tmp_path / "none.js")])  # a file with no copy is left alone
    assert gzip.decompress(copy.read_bytes()) == text.read_bytes()
    assert copy.stat().st_size < before
    assert not (tmp_path / "none.js.gz").exists()
    tiny = tmp_path / "tiny.gz"
    tiny.write_bytes(b"x")  # "smaller than anything zopfli writes": kept as it is
    (tmp_path / "tiny").write_bytes(b"y" * 100)
    build_sw.zopfli_gz([str(tmp_path / "tiny")])
    assert tiny.read_bytes() == b"x"
