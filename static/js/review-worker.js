// The review's worker (docs/review.md, "In the browser"): its own Python, so
// that the analysis never runs on the page's main thread. It starts from the
// runtime image of the page's build where it can (the page passes the build
// id as ?build=; the image holds no page state: tools/make_image.mjs makes it
// under Node), else the ordinary way from the site's own Pyodide
// (static/vendor/) with app.zip unpacked; then it unpacks review.zip, the
// review engine, which the page's app.zip and image leave out, and every
// game's own part (game-<id>.zip, src/app/parts.py). It fetches
// only files of this site (the service worker has them precached); nothing
// goes to another host.
//
// Messages (JSON text both ways, see spieltisch/review/job.py):
//   page -> worker  {"type": "start", "id", "save", "seat", "settings", "resume"} | {"type": "cancel", "id"}
//   worker -> page  {"kind": "ready", "boot_ms", "image"} | {"kind": "progress"|"result"|"cancelled"|"error", "id", ...}
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const stdLibURL = new URL("../build/python_stdlib.zip", import.meta.url).href; // the image's own (runtime.mjs)
// the standard library's second part (tools/stdlib_more.py): the engine's imports reach into it
// (importlib.invalidate_caches alone imports importlib.metadata, and with it email), so the worker
// unpacks it before it imports anything, with either start
const stdLibMoreURL = new URL("../build/python_stdlib_more.zip", import.meta.url).href;
const zipURL = new URL("../build/app.zip", import.meta.url).href;
const reviewZipURL = new URL("../build/review.zip", import.meta.url).href;
const SLICE_MS = 40; // one step of the review; messages (cancel) are read between steps
const PROGRESS_MS = 250; // progress goes to the page at most this often (each costs the page a task)
// the runtime image's bounds, as static/js/runtime.mjs reads it (a cache entry: never trusted whole)
const MAX_PACKED = 32 * 1024 * 1024;
const MAX_MEMORY = 96 * 1024 * 1024;

function imageURL() {
  const query = new URL(import.meta.url).searchParams;
  const build = query.get("build") || "";
  if (!/^[0-9a-f]{16}$/.test(build) || query.get("image") === "0" || typeof DecompressionStream !== "function") {
    return null;
  }
  return new URL(`../build/runtime-image-${build}.bin`, import.meta.url).href;
}

function bounded(limit, header) {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      if (header && seen === 0 && (chunk.length < 2 || chunk[0] !== 0x1f || chunk[1] !== 0x8b)) {
        throw new Error("the runtime image is not gzip data");
      }
      seen += chunk.length;
      if (seen > limit) throw new Error(`the runtime image is over ${limit} bytes`);
      controller.enqueue(chunk);
    },
  });
}

async function fetchImage(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const memory = response.body.pipeThrough(bounded(MAX_PACKED, true))
    .pipeThrough(new DecompressionStream("gzip")).pipeThrough(bounded(MAX_MEMORY, false));
  return new Uint8Array(await new Response(memory).arrayBuffer());
}

async function bytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url.split("/").pop()}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

// The image holds the interpreter's memory, not its files: app.zip is unpacked
// either way (as PyScript does for the page), so that data files the modules
// read -- a game's review.json, its try-it positions -- are there.
async function startPython(zip) {
  const url = imageURL();
  if (url) {
    try {
      const image = fetchImage(url);
      image.catch(() => {}); // handled by loadPyodide's await below
      const pyodide = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: image });
      pyodide.runPython("from app.image import restored\nrestored()");
      pyodide.unpackArchive(await zip, "zip");
      return { pyodide, image: true };
    } catch (error) {
      console.warn(`review-worker.js: the runtime image could not be used (${error}); starting Python without it`);
    }
  }
  const pyodide = await loadPyodide({ indexURL, stdLibURL });
  pyodide.unpackArchive(await zip, "zip");
  return { pyodide, image: false };
}

let job = null; // { id, cancelled }
let py = null;

async function boot() {
  const t0 = performance.now();
  const zip = bytes(zipURL);
  const engine = bytes(reviewZipURL);
  zip.catch(() => {});
  engine.catch(() => {});
  const more = bytes(stdLibMoreURL);
  more.catch(() => {});
  const { pyodide, image } = await startPython(zip);
  let part = null;
  try {
    part = pyodide.pyimport("_stdlib_more");
  } catch {
    // a build without the split: its one standard library holds everything
  }
  if (part) {
    part.mount(new Uint8Array(await more));
    part.destroy();
  }
  pyodide.unpackArchive(await engine, "zip");
  // every game's own part (game-<id>.zip, src/app/parts.py), fetched like the other files, so
  // through the service worker's cache offline: a synchronous request (app.parts' fallback)
  // never reaches the service worker, and the reviewed game's rules and review.json are in it
  pyodide.runPython("import sys, os\nsys.path.insert(0, os.getcwd())");
  const ids = String(pyodide.runPython("import spieltisch.games as _g\n' '.join(_g._BUILT)")).split(" ");
  const parts = await Promise.allSettled(ids.filter((id) => /^[a-z][a-z0-9_]{0,39}$/.test(id))
    .map((id) => bytes(new URL(`../build/game-${id}.zip`, import.meta.url).href)));
  for (const part of parts) {
    if (part.status === "fulfilled") pyodide.unpackArchive(part.value, "zip");
  }
  // a part that did not come above is fetched at its first import (a synchronous request)
  pyodide.globals.set("_build_url", new URL("../build/", import.meta.url).href);
  pyodide.runPython("import importlib\nimportlib.invalidate_caches()\n"
    + "from app import parts as _parts\n_parts.install(_build_url)\n"
    + "from spieltisch.review import job as _review_job");
  const mod = pyodide.globals.get("_review_job");
  py = { start: mod.start, step: mod.step, cancel: mod.cancel };
  self.postMessage(JSON.stringify({ kind: "ready", boot_ms: Math.round(performance.now() - t0), image }));
}

const booted = boot().catch((error) => {
  self.postMessage(JSON.stringify({ kind: "error", id: null, code: "failed", message: String(error) }));
  throw error;
});

let lastProgress = 0;

function post(id, text, extra = {}) {
  const data = Object.assign(JSON.parse(text), extra);
  data.id = id;
  const now = performance.now();
  if (data.kind !== "progress" || now - lastProgress >= PROGRESS_MS) {
    if (data.kind === "progress") lastProgress = now;
    self.postMessage(JSON.stringify(data));
  }
  return data;
}

function tick(current) {
  if (job !== current) return;
  if (current.cancelled) {
    job = null;
    post(current.id, py.cancel());
    return;
  }
  const t0 = performance.now();
  const text = py.step(SLICE_MS);
  current.ms += performance.now() - t0;
  const data = post(current.id, text, { work_ms: Math.round(current.ms) }); // the time in Python (bench/)
  if (data.kind === "progress") setTimeout(() => tick(current), 0);
  else job = null;
}

self.onmessage = async (event) => {
  let msg;
  try {
    msg = JSON.parse(event.data);
  } catch {
    return;
  }
  if (msg.type === "cancel") {
    if (job && job.id === msg.id) job.cancelled = true;
    return;
  }
  if (msg.type !== "start") return;
  await booted;
  const current = { id: msg.id, cancelled: false, ms: 0 };
  job = current;
  const data = post(current.id, py.start(String(msg.save), msg.seat | 0,
    JSON.stringify(msg.settings || {}), msg.resume ? JSON.stringify(msg.resume) : ""));
  if (data.kind === "progress") setTimeout(() => tick(current), 0);
  else job = null;
};
