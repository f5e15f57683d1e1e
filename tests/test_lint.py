"""The code passes ruff under the configuration in pyproject.toml ([tool.ruff]).

Run as a test so the one test command (scripts/test, .ci/run) lints too.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_ruff_sees_a_finding(tmp_path):
    """The check is not vacuous: the same configuration flags an unused import."""
    bad = tmp_path / "probe.py"
    bad.write_text("import os\n")
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"),
                          "--output-format", "concise", str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and "F401" in out.stdout
