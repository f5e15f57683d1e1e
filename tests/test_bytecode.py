"""app.zip carries bytecode made by Pyodide's own Python, and Pyodide uses it
(the browser then does not compile the app's source at start-up)."""

import json
import shutil
import zipfile
from pathlib import Path

from support.pyodide_node import run_in_pyodide

REPO = Path(__file__).resolve().parents[1]
APP_ZIP = REPO / "static" / "build" / "app.zip"


def test_app_zip_has_bytecode_for_every_module():
    names = set(zipfile.ZipFile(APP_ZIP).namelist())
    sources = [n for n in names if n.endswith(".py")]
    assert sources
    for src in sources:
        folder, _, file = src.rpartition("/")
        pyc = f"{folder}/__pycache__/{file[:-3]}.cpython-314.pyc"
        assert pyc in names, f"no bytecode for {src}"


def test_pyodide_imports_the_app_without_compiling_source(tmp_path):
    # the runner mounts the script's folder at /script: put the zip beside it
    script = tmp_path / "app_zip_bytecode.py"
    shutil.copy(REPO / "tests/pyodide_scripts/app_zip_bytecode.py", script)
    shutil.copy(APP_ZIP, tmp_path / "app.zip")
    out = json.loads(run_in_pyodide(script, "/script/app.zip").strip().splitlines()[-1])
    assert out["from"].startswith("/tmp/appzip/")
    assert out["compiled"] == [], f"compiled from source: {out['compiled'][:5]}"
