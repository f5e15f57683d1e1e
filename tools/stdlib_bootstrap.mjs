#!/usr/bin/env node
// The standard-library modules Pyodide itself imports while it starts, found
// by running it: loadPyodide() with the vendored (full) python_stdlib.zip,
// then sys.modules. tools/stdlib_trim.py keeps these (and what they import)
// in the trimmed standard library the site loads (docs/build.md).
//
//   node tools/stdlib_bootstrap.mjs PYODIDE_DIR
//
// Prints one JSON list of module names.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir] = process.argv.slice(2);
if (!pyodideDir) {
  process.stderr.write("usage: node tools/stdlib_bootstrap.mjs PYODIDE_DIR\n");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
process.stdout.write(py.runPython("import json, sys\njson.dumps(sorted(sys.modules))") + "\n");
