// The review's worker (docs/review.md, "In the browser"): its own Python,
// started the ordinary way from the site's own Pyodide (static/vendor/) with
// the site's app.zip unpacked, so that the analysis never runs on the page's
// main thread. It fetches only files of this site (the service worker has
// them precached); nothing goes to another host.
//
// Messages (JSON text both ways, see spieltisch/review/job.py):
//   page -> worker  {"type": "start", "id", "save", "seat", "settings", "resume"} | {"type": "cancel", "id"}
//   worker -> page  {"kind": "ready"} | {"kind": "progress"|"result"|"cancelled"|"error", "id", ...}
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const zipURL = new URL("../build/app.zip", import.meta.url).href;
const SLICE_MS = 40; // one step of the review; messages (cancel) are read between steps
const PROGRESS_MS = 250; // progress goes to the page at most this often (each costs the page a task)

let job = null; // { id, cancelled }
let py = null;

async function boot() {
  const t0 = performance.now();
  const [pyodide, zip] = await Promise.all([
    loadPyodide({ indexURL }),
    fetch(zipURL).then((r) => {
      if (!r.ok) throw new Error(`app.zip: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(zip, "zip");
  pyodide.runPython("import sys, os\nsys.path.insert(0, os.getcwd())\nfrom spieltisch.review import job as _review_job");
  const mod = pyodide.globals.get("_review_job");
  py = { start: mod.start, step: mod.step, cancel: mod.cancel };
  self.postMessage(JSON.stringify({ kind: "ready", boot_ms: Math.round(performance.now() - t0) }));
}

const booted = boot().catch((error) => {
  self.postMessage(JSON.stringify({ kind: "error", id: null, code: "failed", message: String(error) }));
  throw error;
});

let lastProgress = 0;

function post(id, text) {
  const data = JSON.parse(text);
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
  const data = post(current.id, py.step(SLICE_MS));
  current.ms += performance.now() - t0;
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
