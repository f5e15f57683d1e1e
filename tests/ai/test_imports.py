"""The bots are pure standard-library Python like the rules core."""

import ast
import pathlib
import sys

AI = pathlib.Path(__file__).resolve().parents[2] / "src" / "spieltisch" / "ai"


def test_ai_imports_only_stdlib_and_spieltisch():
    stdlib = set(sys.stdlib_module_names)
    for path in AI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    continue  # relative: inside spieltisch
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in stdlib or top == "spieltisch" or top == "__future__", (path.name, name)
                assert top not in ("js", "pyscript", "pyodide"), (path.name, name)
