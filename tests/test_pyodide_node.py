"""The package imports and runs inside Pyodide (Python 3.14, in Node)."""

import json
import re
from pathlib import Path

import pytest
from support.pyodide_node import PyodideRunError, run_in_pyodide

SCRIPTS = Path(__file__).parent / "pyodide_scripts"


def expected_version() -> str:
    init = Path(__file__).parents[1] / "src" / "spieltisch" / "__init__.py"
    return re.search(r'__version__\s*=\s*"([^"]+)"', init.read_text()).group(1)


def test_spieltisch_imports_in_pyodide():
    out = run_in_pyodide(SCRIPTS / "version_probe.py", "--flag", "x")
    info = json.loads(out.strip().splitlines()[-1])
    assert tuple(info["python"]) == (3, 14)
    assert info["platform"] == "emscripten"
    assert info["spieltisch"] == expected_version()
    assert info["file"].startswith("/repo/src/spieltisch/")
    assert info["argv"] == ["--flag", "x"]


def test_failures_surface_stderr(tmp_path):
    script = tmp_path / "boom.py"
    script.write_text("raise ValueError('boom from pyodide')\n")
    with pytest.raises(PyodideRunError, match="boom from pyodide"):
        run_in_pyodide(script)
