#!/usr/bin/env node
// Precompile Python sources with Pyodide's own Python (the npm package), so
// the browser imports bytecode instead of compiling source at start-up.
//
//   node tools/compile_pyc.mjs DIR
//
// Writes __pycache__/*.cpython-3XX.pyc next to every .py below DIR, as
// unchecked-hash pycs: valid whatever mtime the files get when PyScript
// unpacks app.zip. Prints the cache tag.
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
import compileall, py_compile, sys
# ddir: tracebacks name /home/pyodide/..., where PyScript unpacks app.zip
ok = compileall.compile_dir("/stage", quiet=2, force=True, ddir="/home/pyodide",
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compile failed")
sys.implementation.cache_tag
`);
process.stdout.write(String(tag) + "\n");
