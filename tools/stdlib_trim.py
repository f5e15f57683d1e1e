"""A smaller ``python_stdlib.zip``: only the standard-library modules the site
imports (the approach of ``pyodide-pack``), written by tools/build.py to
``static/build/python_stdlib.zip`` and loaded through Pyodide's ``stdLibURL``
(static/js/runtime.mjs, tools/make_image.mjs). docs/build.md, "The trimmed
standard library".

Which modules: the *roots* are every module imported anywhere in the code the
page runs -- ``src/spieltisch`` (games, bots, screens, review; also what the
blog wheel holds), ``src/app``, PyScript's own ``pyscript`` package -- found
by walking their syntax trees (every ``import``, ``from ... import``, also
inside functions and ``try`` blocks, and ``importlib.import_module("x")`` /
``__import__("x")`` with a literal name), plus the modules Pyodide's own start
leaves in ``sys.modules`` (tools/stdlib_bootstrap.mjs runs it under Node).
From the roots the closure is taken through the standard library's own
imports, walked the same way. Kept whole whatever cannot be walked: the
``encodings`` package (codecs are looked up by name), Pyodide's ``pyodide``
and ``_pyodide`` packages, ``site-packages/`` and every file that is not a
``.py`` module. A walk over-approximates (an import in a function never
called is kept): the price is bytes, never a missing module.

``missing(names, roots)`` is the check the tests use: it names every module
reachable from the roots in the full zip that a trimmed zip lacks.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Iterable
from pathlib import Path

KEEP_PACKAGES = ("pyodide", "_pyodide")
# Codecs are found by name at run time (``codecs.lookup``), not by an import
# a walk could see: the package's machinery and the codecs a page, a zip or
# a JSON/URL routine can ask for. Others (``"cp1252"``...) would raise
# LookupError; nothing in the site names one (tests/test_stdlib_trim.py).
CODECS = ("encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
          "encodings.latin_1", "encodings.cp437", "encodings.utf_16", "encodings.utf_16_le",
          "encodings.utf_16_be", "encodings.utf_32", "encodings.utf_32_le", "encodings.utf_32_be",
          "encodings.idna", "encodings.punycode", "encodings.unicode_escape", "encodings.raw_unicode_escape",
          "encodings.charmap", "encodings.base64_codec", "encodings.hex_codec")


def module_of(entry: str) -> tuple[str, bool] | None:
    """``a/b.py`` -> (``a.b``, False); ``a/__init__.py`` -> (``a``, True)."""
    if not entry.endswith(".py") or entry.startswith("site-packages/"):
        return None
    parts = entry[:-3].split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def is_main_guard(node: ast.AST) -> bool:
    """``if __name__ == "__main__":`` -- code that never runs on import."""
    test = getattr(node, "test", None)
    return (isinstance(node, ast.If) and isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__")


def walk(tree: ast.AST):
    """ast.walk, leaving out the bodies of ``if __name__ == "__main__":``
    (their else branches are kept)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if is_main_guard(node):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def imports_of(source: str | bytes, module: str, is_package: bool) -> set[str]:
    """Every module name ``source`` may import (absolute, with ``from x import
    y`` giving both ``x`` and ``x.y``: y may be a submodule)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    package = module if is_package else module.rpartition(".")[0]
    out: set[str] = set()
    for node in walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            if prefix:
                out.add(prefix)
            out.update(f"{prefix}.{a.name}" if prefix else a.name for a in node.names if a.name != "*")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__"):
                out.add(node.args[0].value)
    return {name for name in out if name}


def imports_of_tree(top: Path, prefix: str = "") -> set[str]:
    """The imports of every ``.py`` file under ``top`` (a source folder whose
    files are modules named from ``prefix``)."""
    out: set[str] = set()
    for path in sorted(top.rglob("*.py")):
        rel = prefix + path.relative_to(top).as_posix()
        found = module_of(rel)
        if found:
            out |= imports_of(path.read_bytes(), *found)
    return out


def imports_of_files(files: Iterable[tuple[str, bytes]]) -> set[str]:
    out: set[str] = set()
    for name, data in files:
        found = module_of(name)
        if found:
            out |= imports_of(data, *found)
    return out


class Stdlib:
    """The vendored python_stdlib.zip, indexed by module name."""

    def __init__(self, path: Path):
        self.path = path
        with zipfile.ZipFile(path) as zf:
            self.infos = zf.infolist()
            self.sources = {i.filename: zf.read(i) for i in self.infos if i.filename.endswith(".py")}
        self.modules: dict[str, tuple[str, bool]] = {}
        for entry in self.sources:
            found = module_of(entry)
            if found:
                self.modules[found[0]] = (entry, found[1])

    def closure(self, roots: Iterable[str]) -> set[str]:
        """The stdlib modules reachable from ``roots`` (names not in the zip
        -- built-in modules, the project's own -- are dropped)."""
        seen: set[str] = set()
        todo = [*roots, *CODECS]
        todo += [m for m in self.modules if m.split(".")[0] in KEEP_PACKAGES]
        while todo:
            name = todo.pop()
            if name in seen or name not in self.modules:
                continue
            seen.add(name)
            parent = name.rpartition(".")[0]
            if parent:
                todo.append(parent)
            entry, is_package = self.modules[name]
            todo += imports_of(self.sources[entry], name, is_package)
        return seen

    def entries_for(self, modules: set[str]) -> list[zipfile.ZipInfo]:
        keep = {self.modules[m][0] for m in modules}
        out = []
        for info in self.infos:
            name = info.filename
            if name.endswith(".py") and module_of(name) and not name.startswith("_sysconfigdata"):
                if name in keep:
                    out.append(info)
            elif not name.endswith("/"):
                out.append(info)  # data files, site-packages/: small, and not walkable
        return out

    def write(self, modules: set[str], target: Path) -> list[str]:
        """Write the trimmed zip (the vendored entries' own order and
        metadata: the same inputs give the same bytes). Returns its names."""
        infos = self.entries_for(modules)
        tmp = target.with_name(target.name + ".tmp")
        with zipfile.ZipFile(self.path) as src, zipfile.ZipFile(tmp, "w") as out:
            for info in infos:
                out.writestr(info, src.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        tmp.replace(target)
        return [i.filename for i in infos]


def zip_modules(names: Iterable[str]) -> set[str]:
    """Module names held by a zip with these entry names."""
    return {found[0] for found in map(module_of, names) if found}


def missing(full: Stdlib, trimmed_names: Iterable[str], roots: Iterable[str]) -> list[str]:
    """Every module reachable from ``roots`` through the full standard
    library that a trimmed zip with entries ``trimmed_names`` lacks; also any
    module the trimmed zip holds whose own imports are not in it."""
    have = zip_modules(trimmed_names)
    need = full.closure(list(roots) + sorted(have))
    return sorted(need - have)
