"""The rules core runs unchanged in Pyodide (Python 3.14, under Node) and
gives the same games as CPython from the same seeds."""

import json
import subprocess
import sys
from pathlib import Path

from support.pyodide_node import run_in_pyodide

SCRIPT = Path(__file__).resolve().parents[1] / "pyodide_scripts" / "rules_selfplay.py"


def test_same_seed_same_game_on_cpython_and_pyodide():
    in_pyodide = json.loads(run_in_pyodide(SCRIPT, "5").strip().splitlines()[-1])
    here = json.loads(subprocess.run(
        [sys.executable, str(SCRIPT), "5"], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(SCRIPT.parents[2] / "src")},
    ).stdout)
    assert in_pyodide["platform"] == "emscripten" and in_pyodide["python"][0] == 3
    assert in_pyodide["python"] >= [3, 14]
    assert in_pyodide["games"] == here["games"]
    assert all(len(v["hashes"]) == 5 for v in here["games"].values())
