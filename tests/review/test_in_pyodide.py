"""The review gives the same numbers in Pyodide (Python 3.14, wasm32, under
Node) as on CPython for the same save, seat and settings: the site's worker
and ``python -m spieltisch review`` agree (docs/review.md)."""

import json
import subprocess
import sys
from pathlib import Path

from support.pyodide_node import run_in_pyodide

SCRIPT = Path(__file__).resolve().parents[1] / "pyodide_scripts" / "review_numbers.py"


def test_same_review_on_cpython_and_in_pyodide():
    there = json.loads(run_in_pyodide(SCRIPT, timeout=300).strip().splitlines()[-1])
    here = json.loads(subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(SCRIPT.parents[2] / "src")}, timeout=300,
    ).stdout)
    assert there["platform"] == "emscripten" and there["python"] >= [3, 14]
    assert set(there["reviews"]) == set(here["reviews"]) == {
        "hexen_cocktail:2:7:8", "brauzeit:1:3:6", "saus_und_braus:2:1:-:normal"}
    for spec in here["reviews"]:
        a, b = there["reviews"][spec]["result"], here["reviews"][spec]["result"]
        assert a["total"] > 5 and a["complete"]
        assert a == b, spec
    assert here["reviews"]["brauzeit:1:3:6"]["result"]["mode"] == "score"
