"""spieltisch.net runs unchanged in Pyodide (Python 3.14, under Node): the
same game sends every device the very same texts as on CPython, and a join
link's digits are the same."""

import json
import subprocess
import sys
from pathlib import Path

from support.pyodide_node import run_in_pyodide
from support.registry import GAME_IDS

SCRIPT = Path(__file__).resolve().parents[1] / "pyodide_scripts" / "net_game.py"


def test_the_protocol_sends_the_same_texts_on_cpython_and_pyodide():
    in_pyodide = json.loads(run_in_pyodide(SCRIPT).strip().splitlines()[-1])
    here = json.loads(subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(SCRIPT.parents[2] / "src")},
    ).stdout)
    assert in_pyodide["platform"] == "emscripten" and in_pyodide["python"] >= [3, 14]
    assert sorted(here["games"]) == sorted(GAME_IDS)
    assert in_pyodide["games"] == here["games"]
    assert here["link"]["same"] and in_pyodide["link"] == here["link"]  # join links (net/link.py)
