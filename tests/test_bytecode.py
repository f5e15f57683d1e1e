"""app.zip carries bytecode made by Pyodide's own Python in place of the
sources (tools/build.py ``sourceless``), and Pyodide imports it (the browser
then neither compiles the app's source nor unpacks it at start-up)."""

import json
import shutil
import sys
import zipfile
from pathlib import Path

from support.pyodide_node import run_in_pyodide

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
from build import APP_ZIP_SKIP_PATHS, review_modules  # noqa: E402 -- modules the site does not need (the checker)

APP_ZIP = REPO / "static" / "build" / "app.zip"
REVIEW_ZIP = REPO / "static" / "build" / "review.zip"


def test_app_zip_has_bytecode_for_every_module_and_no_source():
    """Every module the page may import is in app.zip as bytecode; the review
    engine is in review.zip (the worker's) instead, the review's command line
    in neither (docs/review.md)."""
    # with each game's own part (game-<id>.zip, docs/build.md "The games' parts"): the page's too
    names = set(zipfile.ZipFile(APP_ZIP).namelist())
    for part in sorted(APP_ZIP.parent.glob("game-*.zip")):
        names |= set(zipfile.ZipFile(part).namelist())
    worker_names = set(zipfile.ZipFile(REVIEW_ZIP).namelist())
    worker, not_on_page = review_modules()
    assert worker and worker < not_on_page
    modules = [p.relative_to(REPO / "src").as_posix() for pkg in ("spieltisch", "app")
               for p in (REPO / "src" / pkg).rglob("*.py") if "__pycache__" not in p.parts]
    modules = [m for m in modules if m not in APP_ZIP_SKIP_PATHS]
    assert len(modules) > 50
    for mod in modules:
        if mod in worker:
            assert mod[:-3] + ".pyc" in worker_names, f"no bytecode for {mod} in review.zip"
        if mod in not_on_page:
            assert mod[:-3] + ".pyc" not in names and mod not in names, f"{mod} in the page's app.zip"
        else:
            assert mod[:-3] + ".pyc" in names, f"no bytecode for {mod}"
    assert sorted(worker_names) == sorted(m[:-3] + ".pyc" for m in worker)
    assert not [n for n in names if n.endswith(".py") or ("__pycache__" in n and not n.startswith("pyscript/"))]
    assert len(list(APP_ZIP.parent.glob("game-*.zip"))) >= 1


# what `import pyscript` imports (PyScript 0.7.31), each compiled beforehand
PYSCRIPT_IMPORTED = ("__init__", "context", "display", "events", "fetch", "ffi", "flatted", "storage", "util",
                     "websocket", "workers")


def test_app_zip_has_checked_bytecode_of_pyscripts_own_package():
    """tools/pyscript_pyc.mjs: valid only while the source PyScript writes
    hashes the same (flags 0b11: hash-based, checked); whether the page's
    PyScript used them is tests/browser/test_runtime_image.py's."""
    zf = zipfile.ZipFile(APP_ZIP)
    names = set(zf.namelist())
    for mod in PYSCRIPT_IMPORTED:
        name = f"pyscript/__pycache__/{mod}.cpython-314.pyc"
        assert name in names, f"no bytecode for PyScript's {mod}"
        assert int.from_bytes(zf.read(name)[4:8], "little") == 0b11, name
    assert not [n for n in names if n.startswith("pyscript/") and "__pycache__" not in n]


def test_pyodide_imports_the_app_without_compiling_source(tmp_path):
    # the runner mounts the script's folder at /script: put the zip beside it
    script = tmp_path / "app_zip_bytecode.py"
    shutil.copy(REPO / "tests/pyodide_scripts/app_zip_bytecode.py", script)
    shutil.copy(APP_ZIP, tmp_path / "app.zip")
    out = json.loads(run_in_pyodide(script, "/script/app.zip").strip().splitlines()[-1])
    assert out["from"].startswith("/tmp/appzip/")
    assert out["compiled"] == [], f"compiled from source: {out['compiled'][:5]}"
