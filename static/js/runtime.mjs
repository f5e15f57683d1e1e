// PyScript's interpreter module: the local Pyodide (static/vendor/pyodide/
// pyodide.mjs), started as soon as the page's modules run.
//
// PyScript calls loadPyodide() only after its own start (its core chunks,
// the config, an IndexedDB package cache it syncs even with no packages):
// about 150-280 ms after the page began, while a page that calls
// loadPyodide() itself starts the runtime's downloads at ~60 ms. The page
// loads this module first (index.html, embed.html), so the runtime's
// download, compilation and Python's start overlap PyScript's own start;
// PyScript's later call gets the same instance. docs/performance.md has the
// figures.
import { loadPyodide as loadLocal, version } from "../vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const bootLog = (window.spieltischBoot = window.spieltischBoot || []);
// the options PyScript passes that this instance honours (stdout/stderr are
// set after the start; indexURL is this one)
const HONOURED = new Set(["stdout", "stderr", "indexURL"]);

bootLog.push("runtime-started");
const early = loadLocal({ indexURL });
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
