"""Run Python scripts inside Pyodide under Node (tests/pyodide_runner.mjs).

    from support.pyodide_node import run_in_pyodide
    out = run_in_pyodide("tests/pyodide_scripts/check.py", "arg")

The repository's ``src/`` is on ``sys.path`` inside Pyodide, so the script can
``import spieltisch`` exactly as the browser will (Python 3.14, wasm32).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUNNER = REPO / "tests" / "pyodide_runner.mjs"
TIMEOUT = 120


class PyodideRunError(AssertionError):
    """The script failed (or timed out) inside Pyodide."""


def run_in_pyodide(
    script_path: str | Path, *args: str, timeout: float = TIMEOUT
) -> str:
    """Run ``script_path`` in Pyodide with ``args`` in sys.argv; return stdout.

    Raises PyodideRunError with the script's stderr if it exits non-zero.
    """
    node = shutil.which("node")
    if node is None:
        raise PyodideRunError("node is not installed (Node 20+ is required)")
    script = Path(script_path)
    if not script.is_absolute():
        script = (REPO / script) if (REPO / script).exists() else script.resolve()
    cmd = [node, str(RUNNER), str(script), *map(str, args)]
    try:
        proc = subprocess.run(
            cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise PyodideRunError(
            f"{script.name} timed out after {timeout}s in Pyodide\n"
            f"stdout:\n{exc.stdout or ''}\nstderr:\n{exc.stderr or ''}"
        ) from None
    if proc.returncode != 0:
        raise PyodideRunError(
            f"{script.name} failed in Pyodide (exit {proc.returncode})\n"
            f"stderr:\n{proc.stderr}\nstdout:\n{proc.stdout}"
        )
    return proc.stdout
