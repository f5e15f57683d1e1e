// The site's interpreter module on its own (tests/browser/test_runtime_image.py):
// the interpreter it gives is restored from the image, Python works, and the
// image's inflated bytes, which Pyodide's kept options still reach, are
// released (detached) once they were copied.
import { loadPyodide } from "/static/js/runtime.mjs";

const body = document.body;
try {
  const pyodide = await loadPyodide({});
  const kept = await pyodide._api.config._loadSnapshot;
  body.dataset.keptBytes = String(kept ? kept.byteLength : -1);
  body.dataset.python = pyodide.runPython("import sys; from app import image; f'{sys.version_info[0]}.{sys.version_info[1]} {len(image.IMAGED)}'");
  body.dataset.log = window.spieltischBoot.join(" ");
  body.dataset.ready = "1";
} catch (error) {
  body.dataset.error = String(error && error.stack ? error.stack : error);
}
