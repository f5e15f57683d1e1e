"""Only src/app touches the browser; the UI package stays pure Python."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
BROWSER = {"js", "pyscript", "pyodide"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_the_package_never_imports_the_browser():
    files = list((SRC / "spieltisch").rglob("*.py"))
    assert files
    for f in files:
        assert not (_imports(f) & BROWSER), f


def test_the_adapter_is_the_only_browser_code():
    assert _imports(SRC / "app" / "dom.py") & BROWSER
    assert not (_imports(SRC / "app" / "main.py") & BROWSER)  # it only starts app.dom


def test_ui_renders_only_views():
    """Renders get views: no board module reads a state attribute."""
    boards = list((SRC / "spieltisch" / "games").glob("*/board.py"))
    assert len(boards) >= 3
    for f in boards:
        text = f.read_text()
        assert ".state" not in text and "apply(" not in text, f
