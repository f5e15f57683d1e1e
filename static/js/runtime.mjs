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
// build's. On a first visit (no service worker holding the image yet),
// without an id, with ?image=0, or if anything about the image fails,
// Python starts the ordinary way (?image=1 asks for the image anyway).
// docs/performance.md has the figures.
import { loadPyodide as loadLocal, version } from "../vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
// the standard library trimmed to what the site imports (tools/stdlib_trim.py,
// docs/build.md): 1.6 instead of 2.5 MB; the runtime image is made with it
const stdLibURL = new URL("../build/python_stdlib.zip", import.meta.url).href;
// ... in two parts: the modules imported before a new game is on screen, and
// the rest, which this page fetches at low priority once it is interactive
// (tools/stdlib_more.py; an import that needs it sooner fetches it there and then)
const stdLibMoreURL = new URL("../build/python_stdlib_more.zip", import.meta.url).href;
const bootLog = (window.spieltischBoot = window.spieltischBoot || []);
// the build folder, where each game's own part is (game-<id>.zip: src/app/parts.py,
// docs/build.md "The games' parts"); app.dom hands it to app.parts
const buildURL = new URL("../build/", import.meta.url).href;
window.spieltischBuildURL = buildURL;
// the options PyScript passes that this instance honours (stdout/stderr are
// set after the start; indexURL is this one)
const HONOURED = new Set(["stdout", "stderr", "indexURL"]);

// The image is for a returning visit: only when this site's service worker
// controls the page and already holds the image (it fetches it after the
// first visit is interactive, at low priority: docs/offline.md, "First
// visit"), or when asked (?image=1). A first visit starts Python the
// ordinary way instead of waiting for 7 MB it does not need (issue 32).
async function imageURL() {
  const build = document.documentElement.getAttribute("data-app-build") || "";
  if (!/^[0-9a-f]{16}$/.test(build) || typeof DecompressionStream !== "function") return null;
  const asked = new URLSearchParams(window.location.search).get("image");
  if (asked === "0") return null;
  const url = new URL(`../build/runtime-image-${build}.bin`, import.meta.url).href;
  if (asked === "1") return url;
  try {
    const sw = navigator.serviceWorker;
    if (!sw || !sw.controller || typeof caches === "undefined") return null;
    return (await caches.match(url)) ? url : null;
  } catch {
    return null; // no Cache Storage here (a sandboxed frame...): start the ordinary way
  }
}

// The image is a cache entry like any other stored record (docs/reliability.md):
// checked as it streams, never trusted whole. A gzip header first, at most
// MAX_PACKED bytes as sent and MAX_MEMORY inflated (this build's image is ~7 MB
// packed, ~32 MB inflated); a bad one throws here, and Python starts the
// ordinary way (start() below).
const MAX_PACKED = 32 * 1024 * 1024;
const MAX_MEMORY = 96 * 1024 * 1024;

function bounded(limit, what, header, refusal) {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      if (header && seen === 0 && (chunk.length < 2 || chunk[0] !== 0x1f || chunk[1] !== 0x8b)) {
        refusal.error = new Error("the runtime image is not gzip data");
      } else if (seen + chunk.length > limit) {
        refusal.error = new Error(`the runtime image is over ${limit} bytes ${what}`);
      }
      if (refusal.error) throw refusal.error; // the stream stops here: nothing more is read
      seen += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

async function fetchImage(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const size = Number(response.headers.get("content-length"));
  if (size > MAX_PACKED) throw new Error(`the runtime image is over ${MAX_PACKED} bytes`);
  const refusal = { error: null }; // a stream's error reaches the reader as a bare TypeError: keep ours
  const memory = response.body
    .pipeThrough(bounded(MAX_PACKED, "as sent", true, refusal))
    .pipeThrough(new DecompressionStream("gzip"))
    .pipeThrough(bounded(MAX_MEMORY, "inflated", false, refusal));
  try {
    return new Uint8Array(await new Response(memory).arrayBuffer());
  } catch (error) {
    throw refusal.error || error;
  }
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

// a while after the page is interactive, when idle: the first screen's own downloads, and a
// first game started at once (the opened game's part, its first screen), come first; on a
// 20 Mbit/s link the part's 0.39 MB took 0.15 s of a first game's start (issue 32)
const AFTER_INTERACTIVE_MS = 3000;
function whenInteractive(fn) {
  const root = document.documentElement;
  const idle = () =>
    setTimeout(() => (typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(fn, { timeout: 2000 }) : fn()), AFTER_INTERACTIVE_MS);
  if (root.dataset.ready === "1") return idle();
  new MutationObserver((_, observer) => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      idle();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// The standard library's second part: the finder first, then the part itself
// (at once on a returning visit, whose worker has it; after interactive on a
// first visit). A build without the split has no _stdlib_more: nothing to do.
function moreStdlib(pyodide, now) {
  let more;
  try {
    more = pyodide.pyimport("_stdlib_more");
    more.install(stdLibMoreURL);
  } catch {
    return;
  }
  const mount = () =>
    fetch(stdLibMoreURL, { priority: "low" })
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((buffer) => {
        more.mount(new Uint8Array(buffer));
        bootLog.push("stdlib-more");
      })
      .catch((error) => console.warn(`runtime.mjs: the standard library's second part waits for its first import (${error})`))
      .finally(() => more.destroy());
  if (now) mount();
  else whenInteractive(mount);
}

// The game this page opens at once, as its URL says (#/new/<id>, #/tryit/<id>/...,
// #/rules/<id>, or #/play/<slot> with that slot's resume snapshot, static/js/resume.js),
// or null. Its own part is fetched while Python starts; any other game's part comes
// when it is opened (app.parts), so a first visit downloads one game, not five.
function openedGame() {
  try {
    const parts = window.location.hash.replace(/^#\/?/, "").split("/");
    let id = null;
    if (["new", "tryit", "rules"].includes(parts[0])) id = parts[1];
    else if (parts[0] === "play" && parts[1]) {
      // through the page's one bounded reader of stored records (static/js/records.js)
      const records = window.spieltischRecords;
      const snap = records ? records.read(`spieltisch.snap.${decodeURIComponent(parts[1])}`) : null;
      id = snap && typeof snap === "object" ? snap.game : null;
    }
    return typeof id === "string" && /^[a-z][a-z0-9_]{0,39}$/.test(id) ? id : null;
  } catch {
    return null; // no storage here (a sandboxed frame...): app.parts fetches it on first import
  }
}

function fetchGamePart() {
  const id = openedGame();
  if (!id) return null;
  const part = fetch(`${buildURL}game-${id}.zip`)
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then((buffer) => ({ id, buffer }));
  part.catch(() => {}); // app.parts tries again at the game's first import, and says so kindly if it cannot
  return part;
}

// unpacked where PyScript's [files] "./*" puts app.zip (Pyodide's home folder)
async function unpackGamePart(pyodide, part) {
  if (!part) return;
  try {
    const { id, buffer } = await part;
    pyodide.unpackArchive(buffer, "zip", { extractDir: "/home/pyodide" });
    bootLog.push(`game-part:${id}`);
  } catch (error) {
    console.warn(`runtime.mjs: the opened game's files wait for its first import (${error})`);
  }
}

function controlled() {
  try {
    return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch {
    return false;
  }
}

// A restored image holds every game's modules but not their files (an image is
// memory): every game's part is unpacked too, from the service worker's cache that
// held the image, so a game's data files (try-it positions...) are there offline.
function fetchAllGameParts() {
  const ids = (document.documentElement.getAttribute("data-app-games") || "").split(" ");
  return ids.filter((id) => /^[a-z][a-z0-9_]{0,39}$/.test(id)).map((id) => {
    const part = fetch(`${buildURL}game-${id}.zip`)
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((buffer) => ({ id, buffer }));
    part.catch(() => {});
    return part;
  });
}

async function start() {
  const url = await imageURL();
  if (url) {
    const image = fetchImage(url);
    image.catch(() => {}); // its failure is handled below, once loadPyodide reaches it
    const parts = fetchAllGameParts();
    try {
      const pyodide = await loadLocal({ indexURL, stdLibURL, _loadSnapshot: image });
      release(await image);
      moreStdlib(pyodide, true);
      for (const part of parts) await unpackGamePart(pyodide, part);
      pyodide.runPython("from app.image import restored\nrestored()");
      bootLog.push("runtime-image");
      return pyodide;
    } catch (error) {
      console.warn(`runtime.mjs: the runtime image could not be used (${error}); starting Python without it`);
      bootLog.push("runtime-image-failed");
    }
  }
  // A start without the image fetches the opened game's part meanwhile; a page this
  // site's service worker controls (it has every part: a returning visit) unpacks them
  // all. A synchronous request (app.parts' fallback) never reaches a service worker,
  // so offline every part must be here before Python imports one.
  const parts = controlled() ? fetchAllGameParts() : [fetchGamePart()];
  const pyodide = await loadLocal({ indexURL, stdLibURL });
  moreStdlib(pyodide, false);
  for (const part of parts) await unpackGamePart(pyodide, part);
  return pyodide;
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
