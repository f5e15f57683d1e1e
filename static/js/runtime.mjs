// PyScript's interpreter module: the local Pyodide (static/vendor/pyodide/
// pyodide.mjs), started as soon as the page's modules run, from the runtime
// image of this build where there is one.
//
// PyScript calls loadPyodide() only after its own start (its core chunks,
// the config, an IndexedDB package cache it syncs even with no packages).
// The page loads this module first (index.html, embed.html), so the
// runtime's download and start overlap PyScript's own; PyScript's later
// call gets the same instance.
//
// The runtime image (tools/make_image.mjs, docs/build.md) is Pyodide's
// memory snapshot taken after Python started and imported the rules. Booting
// Python runs ~1.8 s of Python code on this project's machines; restoring
// the image copies memory instead. The image is named by the build id that
// static/build/resume.js put on <html>, so a page never restores another
// build's. Without an id, with ?image=0, or if anything about the image
// fails, Python starts the ordinary way. docs/performance.md has the figures.
import { loadPyodide as loadLocal, version } from "../vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
// the standard library trimmed to what the site imports (tools/stdlib_trim.py,
// docs/build.md): 1.6 instead of 2.5 MB; the runtime image is made with it
const stdLibURL = new URL("../build/python_stdlib.zip", import.meta.url).href;
const bootLog = (window.spieltischBoot = window.spieltischBoot || []);
// the options PyScript passes that this instance honours (stdout/stderr are
// set after the start; indexURL is this one)
const HONOURED = new Set(["stdout", "stderr", "indexURL"]);

function imageURL() {
  const build = document.documentElement.getAttribute("data-app-build") || "";
  if (!/^[0-9a-f]{16}$/.test(build) || typeof DecompressionStream !== "function") return null;
  if (new URLSearchParams(window.location.search).get("image") === "0") return null;
  return new URL(`../build/runtime-image-${build}.bin`, import.meta.url).href;
}

async function fetchImage(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(memory).arrayBuffer());
}

// Pyodide keeps its options for good, the image's promise among them: once
// the memory is copied into the interpreter, detach the 31.5 MB buffer so it
// can be freed (tests/pages/runtime_image.js checks it is)
function release(bytes) {
  try {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  } catch {
    // an older browser keeps it: memory, not correctness
  }
}

async function start() {
  const url = imageURL();
  if (url) {
    const image = fetchImage(url);
    image.catch(() => {}); // its failure is handled below, once loadPyodide reaches it
    try {
      const pyodide = await loadLocal({ indexURL, stdLibURL, _loadSnapshot: image });
      release(await image);
      pyodide.runPython("from app.image import restored\nrestored()");
      bootLog.push("runtime-image");
      return pyodide;
    } catch (error) {
      console.warn(`runtime.mjs: the runtime image could not be used (${error}); starting Python without it`);
      bootLog.push("runtime-image-failed");
    }
  }
  return loadLocal({ indexURL, stdLibURL });
}

bootLog.push("runtime-started");
const early = start().then((pyodide) => {
  performance.mark("spieltisch:runtime-ready");
  return pyodide;
});
early.catch(() => {}); // a failure is PyScript's to report, when it asks

export { version };

export async function loadPyodide(options = {}) {
  const other = Object.keys(options).filter((key) => !HONOURED.has(key));
  if (other.length) {
    // e.g. `packages` in the config: the early instance was started without
    // them, so start one with PyScript's own options (slower, never wrong)
    console.warn(`runtime.mjs: PyScript passed ${other.join(", ")}; starting Pyodide again with them`);
    return loadLocal({ ...options, indexURL });
  }
  const pyodide = await early;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  bootLog.push("runtime-handed-over");
  return pyodide;
}
