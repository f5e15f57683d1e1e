"""Runs in Pyodide: unpack static/build/app.zip as PyScript does and import
the app's packages; report how many modules had to be compiled from source
(0 when the precompiled bytecode is used)."""

import importlib
import importlib._bootstrap_external as ext
import json
import shutil
import sys
import time

zip_path = sys.argv[1]
shutil.unpack_archive(zip_path, "/tmp/appzip", "zip")
compiled = []
original = ext.SourceLoader.source_to_code


def counting(self, data, path, *args, **kwargs):
    compiled.append(path)
    return original(self, data, path, *args, **kwargs)


ext.SourceLoader.source_to_code = counting
sys.path.insert(0, "/tmp/appzip")
for name in [m for m in sys.modules if m.split(".")[0] in ("spieltisch", "app")]:
    del sys.modules[name]
importlib.invalidate_caches()
t = time.perf_counter()
import spieltisch.ai  # noqa: E402
import spieltisch.games  # noqa: E402
import spieltisch.ui.controller  # noqa: E402

ms = (time.perf_counter() - t) * 1000
import spieltisch  # noqa: E402

print(json.dumps({"compiled": [p for p in compiled if p.startswith("/tmp/appzip")],
                  "from": spieltisch.__file__, "ms": round(ms)}))
