#!/usr/bin/env node
// Strip comments and docstrings from every .py entry of a zip with Pyodide's
// own Python (tools/py_strip.py: its sources are 3.14's, which CPython 3.11's
// tokenizer cannot read), line for line; other entries are copied.
//
//   node tools/py_strip.mjs IN.zip OUT.zip
//
// Prints {"files": n, "stripped": n changed}.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [src, dst] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(
  pathToFileURL(path.join(repo, "node_modules", "pyodide", "pyodide.mjs")).href
);
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
for (const [mount, dir] of [["/tools", path.join(repo, "tools")], ["/in", path.dirname(src)], ["/out", path.dirname(dst)]]) {
  py.FS.mkdirTree(mount);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, mount);
}
py.globals.set("SRC", "/in/" + path.basename(src));
py.globals.set("DST", "/out/" + path.basename(dst));
process.stdout.write(py.runPython(`
import json, sys, zipfile
sys.path.insert(0, "/tools")
from py_strip import strip
n = changed = 0
with zipfile.ZipFile(SRC) as zin, zipfile.ZipFile(DST + ".tmp", "w") as zout:
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename.endswith(".py"):
            new = strip(data)
            n += 1
            changed += new != data
            data = new
        zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
import os
os.replace(DST + ".tmp", DST)
json.dumps({"files": n, "stripped": changed})
`) + "\n");
