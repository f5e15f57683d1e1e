#!/usr/bin/env node
// Restore the built runtime image (static/build/runtime-image-*.bin) in
// Pyodide under Node, twice, the way static/js/runtime.mjs does in the page,
// and print what each restored interpreter holds, as one JSON line
// (tests/test_image_build.py): its modules, a random number, sys.path's
// blanks, its wasm memory, and how much Python can allocate before that
// memory has to grow.
//
//   node tests/image_probe.mjs IMAGE
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = path.join(repo, "static", "vendor", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const image = new Uint8Array(gunzipSync(readFileSync(process.argv[2])));
// the trimmed standard library the page loads and the image was made with (tools/build.py)
const stdlib = path.join(repo, "static", "build", "python_stdlib.zip");
const stdLibURL = existsSync(stdlib) ? { stdLibURL: stdlib } : {};
// ... and its second part, unpacked as the page does (tools/stdlib_more.py)
const stdlibMore = path.join(repo, "static", "build", "python_stdlib_more.zip");

const runs = [];
for (let i = 0; i < 2; i++) {
  const py = await loadPyodide({ indexURL, ...stdLibURL, _loadSnapshot: image.slice() });
  if (existsSync(stdlibMore)) py.pyimport("_stdlib_more").mount(new Uint8Array(readFileSync(stdlibMore)));
  py.runPython("from app.image import restored\nrestored()");
  globalThis.wasmMemory = () => py._module.HEAP8.length;
  runs.push(JSON.parse(py.runPython(`
import json, sys
import js
from app import image
import random
memory = js.wasmMemory()
keep = []
while js.wasmMemory() == memory and len(keep) < 4096:
    keep.append(bytearray(64 * 1024))
free = (len(keep) - 1) * 64 * 1024
del keep
json.dumps({"imaged": list(image.IMAGED), "modules": sorted(sys.modules), "random": random.random(),
            "path_blanks": sys.path.count(""), "memory": memory, "free": free})
`)));
}
process.stdout.write(JSON.stringify(runs) + "\n");
