// Baseline: load the vendored Pyodide directly, no PyScript, no package.
import { loadPyodide } from "/static/vendor/pyodide/pyodide.mjs";

const body = document.body;
try {
  const pyodide = await loadPyodide();
  body.dataset.python = pyodide.runPython(
    "import sys; '.'.join(map(str, sys.version_info[:2]))",
  );
  body.dataset.readyMs = String(performance.now());
  body.dataset.ready = "1";
} catch (error) {
  body.dataset.error = String(error && error.stack ? error.stack : error);
}
