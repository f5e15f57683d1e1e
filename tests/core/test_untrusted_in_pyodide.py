"""Issue 11 under Pyodide: a sample of the generated hostile saves, import
files and position links -- and the issue's own three -- give the same clear
refusals in Pyodide (Python 3.14, wasm) as on CPython, and the interpreter
lives on (the nested save used to overflow the JavaScript stack)."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import zlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from support.hostile import (
    ISSUE_IMPORT,
    ISSUE_SAVE,
    base_saves,
    link_codes,
    pack_link,
    save_texts,
)
from support.pyodide_node import run_in_pyodide

SCRIPT = Path(__file__).resolve().parents[1] / "pyodide_scripts" / "hostile_inputs.py"
SAVES = base_saves()
SAMPLE = settings(max_examples=25, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])


def _collect() -> list:
    samples: list = [["save", ISSUE_SAVE], ["import", ISSUE_IMPORT],
                     ["link", pack_link(("[" * 5000 + "]" * 5000).encode())],
                     ["import", json.dumps(SAVES["hexen_cocktail"])]]

    def recorder(kind):
        def record(value):
            samples.append([kind, {"b64": base64.b64encode(value).decode()} if isinstance(value, bytes) else value])
        return record

    for kind, strategy in (("save", save_texts(SAVES)), ("import", save_texts(SAVES)), ("link", link_codes(SAVES))):
        SAMPLE(given(value=strategy)(recorder(kind)))()
    return samples


def test_hostile_sample_gives_the_same_refusals_in_pyodide():
    samples = _collect()
    arg = base64.b64encode(zlib.compress(json.dumps(samples).encode(), 9)).decode()
    assert len(arg) < 120_000  # one command-line argument
    here = json.loads(subprocess.run(
        [sys.executable, str(SCRIPT), arg], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(SCRIPT.parents[2] / "src")},
    ).stdout)
    there = json.loads(run_in_pyodide(SCRIPT, arg).strip().splitlines()[-1])
    assert there["platform"] == "emscripten" and there["alive"] and here["alive"]
    assert not [r for r in here["results"] if r.startswith("crash")]
    assert there["results"] == here["results"]
    first = there["results"][:3]
    assert first[0] == first[2] == "refused:too-deep"
    assert first[1].startswith("refused:This file could not be imported: its data is nested too deep")
    assert there["results"][3] == "ok"
    assert len(there["results"]) > 60
