#!/usr/bin/env node
// Precompile Python sources with Pyodide's own Python (the npm package), so
// the browser imports bytecode instead of compiling source at start-up.
//
//   node tools/compile_pyc.mjs DIR
//
// Writes __pycache__/*.cpython-3XX.pyc next to every .py below DIR, as
// unchecked-hash pycs: valid whatever mtime the files get when PyScript
// unpacks app.zip. Docstrings are left out (as python -OO does; asserts stay,
// lines keep their numbers): ~10 % fewer bytes for the page to fetch
// (docs/build.md, "The games' parts"). Prints the cache tag.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(process.argv[2] || "");
const { loadPyodide } = await import(
  pathToFileURL(path.join(repo, "node_modules", "pyodide", "pyodide.mjs")).href
);
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
py.FS.mkdirTree("/stage");
py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/stage");
const tag = py.runPython(`
import ast, importlib.util, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    # every docstring out (a body of a docstring alone keeps a pass on its
    # line), as python -OO does, but asserts stay: __doc__ is None
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                if len(node.body) == 1:
                    node.body[0] = ast.copy_location(ast.Pass(), first)
                else:
                    del node.body[0]
    return tree

for folder, dirs, files in os.walk("/stage"):
    dirs[:] = sorted(d for d in dirs if d != "__pycache__")
    for name in sorted(files):
        if not name.endswith(".py"):
            continue
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            source = f.read()
        # tracebacks name /home/pyodide/..., where PyScript unpacks app.zip
        shown = "/home/pyodide" + path[len("/stage"):]
        code = compile(without_docstrings(ast.parse(source, shown)), shown, "exec", dont_inherit=True)
        target = importlib.util.cache_from_source(path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # unchecked hash: valid whatever mtime the file gets when it is unpacked
        with open(target, "wb") as f:
            f.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
sys.implementation.cache_tag
`);
process.stdout.write(String(tag) + "\n");
