#!/usr/bin/env node
// Bytecode for PyScript's own Python package, so the page does not compile it.
//
//   node tools/pyscript_pyc.mjs PYSCRIPT_DIR PYODIDE_DIR OUT
//
// PyScript carries its `pyscript` package as source inside its core chunk
// (PYSCRIPT_DIR/core-*.js: one object literal of file name -> text). Before a
// page's script runs it writes those files into Pyodide's home folder and
// imports them, compiling ~30 kB of Python: about 55 ms of a resumed page's
// start (docs/performance.md). This script reads the literal, compiles each
// file with the vendored Pyodide's own Python as a *checked-hash* pyc
// (Python uses it only while the source PyScript writes hashes the same)
// and writes OUT/pyscript/__pycache__/<name>.cpython-3XX.pyc; tools/build.py
// puts them into app.zip, which PyScript unpacks before it writes the
// sources. The sources go to OUT too (OUT/pyscript/*.py): tools/build.py
// walks their imports for the trimmed standard library (tools/stdlib_trim.py).
// Prints the number of files.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyscriptDir, pyodideDir, out] = process.argv.slice(2);
if (!pyscriptDir || !pyodideDir || !out) {
  process.stderr.write("usage: node tools/pyscript_pyc.mjs PYSCRIPT_DIR PYODIDE_DIR OUT\n");
  process.exit(2);
}

function fail(message) {
  process.stderr.write(`pyscript_pyc: ${message}\n`);
  process.exit(1);
}

const cores = readdirSync(pyscriptDir).filter((name) => /^core-.*\.js$/.test(name));
if (cores.length !== 1) fail(`expected one core-*.js in ${pyscriptDir}, found ${cores.length}`);
const source = readFileSync(path.join(pyscriptDir, cores[0]), "utf8");

// The call that writes the package: <writer>(".",{pyscript:{"__init__.py":"...",...}})
const start = source.search(/\w+\("\.",\{pyscript:\{/);
if (start < 0) fail("PyScript's package literal was not found (a new PyScript?)");
const open = source.indexOf("{", start);
let depth = 0;
let end = open;
for (; end < source.length; end++) {
  const c = source[end];
  if (c === '"' || c === "'" || c === "`") {
    for (end++; source[end] !== c; end++) if (source[end] === "\\") end++;
  } else if (c === "{") depth++;
  else if (c === "}" && --depth === 0) break;
}
let tree;
try {
  // a literal of nested objects and string constants, from the pinned, vendored file
  tree = Function(`"use strict"; return (${source.slice(open, end + 1)});`)();
} catch (error) {
  fail(`PyScript's package literal did not parse: ${error}`);
}
const files = {};
(function walk(prefix, node) {
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === "string") files[prefix + name] = value;
    else if (value && typeof value === "object") walk(`${prefix}${name}/`, value);
    else fail(`unexpected ${typeof value} at ${prefix}${name}`);
  }
})("", tree);
if (!files["pyscript/__init__.py"]) fail("no pyscript/__init__.py in the literal");

const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
py.globals.set("files", py.toPy(files));
const compiled = py.runPython(`
import importlib.util, os, py_compile
out = {}
for rel, text in files.items():
    if not rel.endswith(".py"):
        continue
    src = "/stage/" + rel
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w", encoding="utf-8") as f:  # as PyScript writes it: Path.write_text
        f.write(text)
    cfile = importlib.util.cache_from_source(src)
    # dfile: tracebacks name the file where PyScript writes it
    py_compile.compile(src, cfile=cfile, dfile="/home/pyodide/" + rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    with open(cfile, "rb") as f:
        out[cfile[len("/stage/"):]] = f.read()
out
`).toJs({ dict_converter: Object.fromEntries });
for (const [rel, data] of Object.entries(compiled)) {
  const target = path.join(out, rel);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, data);
}
for (const [rel, text] of Object.entries(files)) {
  if (!rel.endsWith(".py")) continue;
  const target = path.join(out, rel);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
}
process.stdout.write(`${Object.keys(compiled).length}\n`);
