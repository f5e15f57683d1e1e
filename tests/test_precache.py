"""The service worker's precache list (tools/build_sw.py) covers every file
the pages reference: their links and scripts, pyscript.toml's interpreter and
[files], the manifest's icons. (tests/browser/test_offline.py proves it in a
browser; this catches a new file before that.)"""

import json
import re
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import build_sw

REFS = re.compile(r'<(?:link|script|img)\b[^>]*?(?:href|src)="([^"#?]+)')


def test_every_referenced_file_is_precached():
    files = set(build_sw.site_files(REPO))
    wanted = set()
    for page in ("index.html", "embed.html"):
        assert page in files
        for ref in REFS.findall((REPO / page).read_text(encoding="utf-8")):
            if "://" not in ref:
                wanted.add(ref.removeprefix("./"))
    config = tomllib.loads((REPO / "pyscript.toml").read_text())
    wanted.add(config["interpreter"].removeprefix("./"))
    wanted |= {src.removeprefix("./") for src in config.get("files", {})}
    for page in ("index.html", "embed.html"):  # the shells' inline config (issue 15)
        for inline in re.findall(r"config='([^']+)'", (REPO / page).read_text(encoding="utf-8")):
            cfg = json.loads(inline)
            wanted.add(cfg["interpreter"].removeprefix("./"))
            wanted |= {src.removeprefix("./") for src in cfg.get("files", {})}
    manifest = json.loads((REPO / "static" / "manifest.webmanifest").read_text())
    wanted |= {"static/" + icon["src"] for icon in manifest["icons"]}
    missing = {w for w in wanted if (REPO / w).exists()} - files
    assert not missing, f"not precached: {sorted(missing)}"
    assert not {w for w in wanted if not (REPO / w).exists()}, "a page references a missing file"


def test_precache_list_shape():
    data = build_sw.precache(REPO)
    assert len(data["version"]) == 16 and data["bytes"] == sum(f["size"] for f in data["files"])
    urls = [f["url"] for f in data["files"]]
    assert urls == sorted(urls) and "sw.js" not in urls
    assert not any(u.startswith(("tests/", "static/vendor/pyscript/codemirror", "static/vendor/pyscript/xterm"))
                   for u in urls)


def test_modules_the_site_scripts_import_are_precached():
    """static/js modules import vendored ones (qr.js: lean-qr, and jsQR when
    the browser has no BarcodeDetector): those are precached too, so that
    joining by QR code works from the cached site (issue 30)."""
    files = set(build_sw.site_files(REPO))
    imports = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*)["'](\.{1,2}/[^"']+)["']""")
    found = set()
    for script in sorted((REPO / "static" / "js").glob("*.js")):
        for ref in imports.findall(script.read_text(encoding="utf-8")):
            target = (script.parent / ref).resolve().relative_to(REPO).as_posix()
            found.add(target)
            assert (REPO / target).is_file(), f"{script.name} imports a missing {ref}"
            assert target in files, f"{script.name} imports {ref}, which is not precached"
    assert {"static/vendor/qr/lean-qr.mjs", "static/vendor/qr/jsQR.js"} <= found


def test_every_file_the_review_worker_fetches_is_precached():
    """static/js/review-worker.js starts its own Python offline too: the
    vendored Pyodide, the standard library, app.zip and review.zip (the
    engine the page leaves out; docs/review.md), all in the precache."""
    files = set(build_sw.site_files(REPO))
    source = (REPO / "static" / "js" / "review-worker.js").read_text(encoding="utf-8")
    urls = re.findall(r'new URL\("\.\./([^"`$]+)", import\.meta\.url\)', source)
    assert "build/review.zip" in urls and "build/app.zip" in urls
    wanted = {"static/" + u for u in urls if not u.endswith("/")}
    assert not wanted - files, f"not precached: {sorted(wanted - files)}"
    assert "static/js/review-worker.js" in files
