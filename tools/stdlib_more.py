"""The standard library's second part, for the page (docs/build.md, "The
trimmed standard library"). tools/build.py puts this file, with ``NAMES``
filled in, into the first part (``static/build/python_stdlib.zip``, the
page's ``stdLibURL``) as ``_stdlib_more.py``; the second part,
``python_stdlib_more.zip``, holds the top-level modules and packages in
``NAMES``, which nothing imports before a new game is on screen.

static/js/runtime.mjs calls ``install(url)`` once Python runs and
``mount(data)`` when its low-priority download of the second part is there
(after the page is interactive). ``mount`` unpacks it into the standard
library's folder on ``sys.path``. Should Python import one of ``NAMES``
before that, the finder fetches the part there and then (a synchronous
request: a pause, never a missing module) and notes the name in ``EARLY``.
A second part already unpacked (the build's Node tools do that) is found as
it is.
"""

import io
import os
import sys
import zipfile

NAMES: frozenset[str] = frozenset()  # filled in by tools/build.py
_V = sys.version_info
ZIP = f"/lib/python{_V[0]}{_V[1]}.zip"  # the first part, where Pyodide puts it
DIR = f"/lib/python{_V[0]}.{_V[1]}-more"  # the second part, unpacked; on sys.path right after ZIP
DONE = f"{DIR}/.complete"
EARLY: list[str] = []  # names imported before the part was there (fetched synchronously)
_url: list[str] = []


def _on_path() -> None:
    os.makedirs(DIR, exist_ok=True)
    if DIR not in sys.path:
        sys.path.insert(sys.path.index(ZIP) + 1 if ZIP in sys.path else len(sys.path), DIR)


def mounted() -> bool:
    """Is the second part unpacked? (Asked of the file system, not of a flag:
    a runtime image restores Python's memory, not its files.)"""
    return os.path.exists(DONE)


def mount(data) -> None:
    """Unpack the second part (bytes, or a JS Uint8Array) into DIR."""
    _on_path()
    if mounted():
        return
    raw = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        zf.extractall(DIR)
    with open(DONE, "w") as f:
        f.write("")
    import importlib

    importlib.invalidate_caches()


def _fetch_now(url: str) -> bytes:
    import js  # only in the page

    xhr = js.XMLHttpRequest.new()
    xhr.open("GET", url, False)
    xhr.overrideMimeType("text/plain; charset=x-user-defined")  # bytes, one per char
    xhr.send(None)
    if xhr.status != 200:
        raise ImportError(f"the standard library's second part: HTTP {xhr.status}")
    # x-user-defined maps byte b to U+F700+b above 0x7F: the low byte of each code unit
    return xhr.responseText.encode("utf-16-le")[::2]


class Finder:
    """First on sys.meta_path: for a name of the second part while it is not
    there, fetch and unpack it, then let the ordinary finders find it."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition(".")[0] not in NAMES or not _url or mounted():
            return None
        EARLY.append(name)
        mount(_fetch_now(_url[0]))
        return None

    @staticmethod
    def invalidate_caches():
        pass


def install(url: str) -> None:
    """The page: fetch the second part from ``url`` should it be needed
    before ``mount``."""
    _url[:] = [url]
    _on_path()
    if Finder not in sys.meta_path:
        sys.meta_path.insert(0, Finder)
