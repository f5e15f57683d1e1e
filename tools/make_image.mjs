#!/usr/bin/env node
// Make the runtime image: Pyodide's memory snapshot taken right after the
// rules were imported, gzip-compressed (docs/build.md, "The runtime image").
//
//   node tools/make_image.mjs PYODIDE_DIR APP_ZIP OUT [STDLIB_ZIP [STDLIB_MORE_ZIP]]
//
// STDLIB_ZIP is the standard library the page loads (stdLibURL; tools/build.py
// passes its trimmed static/build/python_stdlib.zip): an image restores only
// with the zip it was made with. Without it, PYODIDE_DIR's own.
// STDLIB_MORE_ZIP, the second part (python_stdlib_more.zip), is unpacked as
// the page unpacks it (_stdlib_more.mount; tools/stdlib_more.py).
//
// PYODIDE_DIR is the vendored runtime the site serves (the image only
// restores into the same build of it), APP_ZIP is static/build/app.zip; the
// games' own parts beside it (game-*.zip) are unpacked with it. The
// archive is unpacked where PyScript's [files] "./*" puts it (Pyodide's home
// folder), app.image.warm() imports the modules, and the snapshot of the
// interpreter's memory goes to OUT. Prints the module count and the sizes.
//
// The same inputs give the same bytes: the build's entropy and clocks are
// fixed here (the page reseeds what must differ per load: app.image.restored),
// and nothing of this machine (paths, time) is left in the image.
import { createRequire } from "node:module";
import { readFileSync, readdirSync, writeFileSync, renameSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, appZip, out, stdlib, stdlibMore] = process.argv.slice(2);
if (!pyodideDir || !appZip || !out) {
  process.stderr.write("usage: node tools/make_image.mjs PYODIDE_DIR APP_ZIP OUT\n");
  process.exit(2);
}

// Deterministic entropy (xorshift32) for both ways Pyodide reads it under
// Node, a clock that stands still, and a program name that is no path here.
let state = 0x2545f491;
function fill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 255;
  }
  return view;
}
createRequire(import.meta.url)("node:crypto").randomFillSync = fill;
Object.defineProperty(globalThis, "crypto", { value: { getRandomValues: fill }, configurable: true });
const FIXED = Date.UTC(2020, 0, 1);
Date.now = () => FIXED;
performance.now = () => 1000;
Math.random = () => 0.5;
process.argv[1] = "/spieltisch";

const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL,
  ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}),
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (line) => process.stderr.write(line + "\n"),
});
py.unpackArchive(new Uint8Array(readFileSync(appZip)), "zip", { extractDir: "/home/pyodide" });
// every game's own part beside it (game-<id>.zip, docs/build.md "The games' parts"): the image
// holds every game, so a returning visit opens any of them without a download
const games = readdirSync(path.dirname(path.resolve(appZip))).filter((n) => /^game-[a-z0-9_]+\.zip$/.test(n)).sort();
for (const name of games) {
  py.unpackArchive(new Uint8Array(readFileSync(path.join(path.dirname(path.resolve(appZip)), name))), "zip",
    { extractDir: "/home/pyodide" });
}
// after the app: the clock stands still here, so a folder listed before it changed would look unchanged
if (stdlibMore) py.pyimport("_stdlib_more").mount(new Uint8Array(readFileSync(stdlibMore)));
const count = py.runPython("from app.image import warm\nlen(warm())");
const snapshot = py.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(out + ".tmp", packed);
renameSync(out + ".tmp", out);
process.stdout.write(JSON.stringify({ modules: count, games: games.length, memory: snapshot.length, bytes: packed.length }) + "\n");
