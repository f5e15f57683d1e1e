"""The runtime image: Python with the rules already imported, saved once at
build time and restored by the page instead of booting (docs/build.md, "The
runtime image").

``tools/make_image.mjs`` starts Pyodide under Node, unpacks ``app.zip`` where
PyScript's ``[files]`` puts it, calls :func:`warm` and saves Pyodide's memory
snapshot. ``static/js/runtime.mjs`` hands that snapshot to ``loadPyodide`` and
calls :func:`restored` before PyScript gets the interpreter.

This module never imports the browser: it runs under Node, where there is no
page. What touches the page at import time (``app.dom``, ``app.browser``,
``app.snapshot``, PyScript's own package) is imported in the page, as before.
"""

from __future__ import annotations

import importlib
import os
import sys

# Standard-library modules the page imports on its way to the first screen
# that Pyodide's own start does not: PyScript's package (html for its display
# helpers), zipfile's code page (the [files] archive), hashlib (the save
# hash), importlib.resources and the readers it picks for a package folder
# (a game's try-it data), unicodedata (names).
# tests/browser/test_runtime_image.py fails when the page imports one that is
# missing here.
STDLIB = (
    "encodings.cp437",
    "hashlib",
    "html",
    "html.entities",
    "importlib.readers",
    "importlib.resources",
    "importlib.resources._adapters",
    "importlib.resources._itertools",
    "importlib.resources.readers",
    "unicodedata",
)
# Imported by the page, never by the image: they read the page at import
# (app.parts only when it fetches a game's part, but the page imports it first).
BROWSER = ("app.browser", "app.dom", "app.main", "app.parts", "app.review_port", "app.snapshot")
# spieltisch.__main__ is the command line, spieltisch.check the game
# authors' checker (subprocess, pytest) with the contract it runs, and
# spieltisch.ai.arena the bots' arena (bench/): none is part of the site
# (tools/build.py APP_ZIP_SKIP_PATHS).
# The review engine runs in the review's worker only (review.zip, not app.zip:
# docs/review.md), and the review's command line is the wheel's.
SKIP = ("spieltisch.__main__", "spieltisch.check", "spieltisch.core.contract", "spieltisch.ai.arena",
        *(f"spieltisch.review.{m}" for m in ("cli", "engine", "job", "moments", "search")))

# Bytes restored() allocates and frees: more than the heap has free, so the
# wasm memory grows once, at start (tests/test_image_build.py).
ROOM = 4 << 20

# The modules in the image, sorted; set by warm() and so restored with it.
IMAGED: tuple[str, ...] = ()


def _modules_below(package) -> list[str]:
    """The modules in a package's folder and its subfolders, as sources or
    as sourceless bytecode (app.zip), namespace packages included."""
    top = package.__path__[0]
    names = []
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        rel = os.path.relpath(folder, top)
        prefix = package.__name__ + ("" if rel == "." else "." + rel.replace(os.sep, "."))
        for file in sorted(files):
            stem, dot, ext = file.partition(".")
            if dot and ext in ("py", "pyc"):
                names.append(prefix if stem == "__init__" else f"{prefix}.{stem}")
    return sorted(set(names))


def site_modules() -> list[str]:
    """Every module of the rules package, and of the app that is safe to
    import away from a page."""
    import app
    import spieltisch

    names = [n for n in _modules_below(spieltisch) if n not in SKIP]
    names += [n for n in _modules_below(app) if n != "app" and n not in BROWSER]
    return names


def _random_generators() -> list:
    """The ``random.Random`` objects alive now (a generator made at import
    time would repeat its numbers on every page load)."""
    import gc
    import random

    # a SystemRandom (e.g. ``secrets``'s, imported by spieltisch.net) draws from
    # os.urandom on every call and keeps no state an image could freeze
    return [obj for obj in gc.get_objects()
            if isinstance(obj, random.Random) and not isinstance(obj, random.SystemRandom)]


def _known_generators() -> list:
    import random
    import tempfile

    known = [random._inst]
    names = tempfile._name_sequence
    if names is not None and hasattr(names, "_rng"):
        known.append(names._rng)
    return known


def warm() -> tuple[str, ...]:
    """Import what the page needs (under Node, before the image is saved)."""
    import gc

    global IMAGED
    for name in STDLIB + tuple(site_modules()):
        importlib.import_module(name)
    gc.collect()  # what importing left behind is not saved with the image
    # every generator alive here is reseeded by restored(): a new one would
    # give every page load the same numbers, so the build stops on it
    known = {id(obj) for obj in _known_generators()}
    unknown = [obj for obj in _random_generators() if id(obj) not in known]
    if unknown:
        raise RuntimeError(f"the image would hold {len(unknown)} random generator(s) that restored() "
                           "does not reseed; reseed them there")
    IMAGED = tuple(sorted(sys.modules))
    return IMAGED


def restored() -> None:
    """Run once in the page right after the image is restored: what was
    frozen at build time and must differ per page load is made fresh."""
    import random
    import tempfile

    random.seed()  # from os.urandom, which reads the browser's crypto
    tempfile._name_sequence = None  # made again, freshly seeded, when needed
    # Pyodide's start puts "" first on sys.path, and did so in the image too
    while sys.path.count("") > 1:
        sys.path.remove("")
    # The image holds every game's rules and boards, so its heap keeps ~3 MB
    # free where a booted page's keeps ~5 MB, and a long session grew the
    # wasm memory once (+20 %, 6 MB) after 1,000-2,000 actions. Take that
    # step now, in ~2 ms, rather than mid-game (docs/performance.md).
    room = bytearray(ROOM)
    del room


def report() -> str:
    """What this page's Python holds, as JSON (the ``?perf`` hook
    ``window.__spieltischPyImage``; tests/browser/test_runtime_image.py): the
    image's modules (none when the page booted without it), every module
    imported now, and one number from the shared ``random`` generator."""
    import json
    import random

    return json.dumps({"imaged": list(IMAGED), "modules": sorted(sys.modules), "random": random.random(),
                       "path": sys.path[:3], "pyscript_bytecode": _pyscript_bytecode()})


def _pyscript_bytecode() -> dict[str, bool]:
    """For each of PyScript's modules loaded: is its bytecode from app.zip
    (tools/pyscript_pyc.mjs) beside it and valid for the source PyScript
    wrote, so that Python used it instead of compiling?"""
    import importlib.util

    found = {}
    for name, module in sorted(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if not (name == "pyscript" or name.startswith("pyscript.")) or not path or not path.endswith(".py"):
            continue
        try:
            with open(path, "rb") as f:
                source = f.read()
            with open(importlib.util.cache_from_source(path), "rb") as f:
                pyc = f.read(16)
        except OSError:
            found[name] = False
            continue
        found[name] = (pyc[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(pyc[4:8], "little") == 0b11
                       and pyc[8:16] == importlib.util.source_hash(source))
    return found
