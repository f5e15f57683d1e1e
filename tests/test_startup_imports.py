"""The page's Python start-up imports no heavy standard-library module it
does not need (issue 15, "a start no slower than bare Pyodide"): measured
in Pyodide under Node, ``html`` (with html.entities), ``urllib.parse``
(with ipaddress) and ``importlib.resources`` (with pathlib and tempfile)
cost ~290 ms of the app's ~530 ms of imports. render/html.py has the small
replacements; they must agree with the standard library."""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote, unquote

from hypothesis import given
from hypothesis import strategies as st

from spieltisch.render.html import esc, unesc, url_quote, url_unquote

SRC = Path(__file__).resolve().parents[1] / "src"
# what src/app/*.py imports of the package (the page's start)
APP_IMPORTS = ("spieltisch.ui.controller", "spieltisch.render.parts", "spieltisch.ui.follow",
               "spieltisch.ui.safety", "spieltisch.ui.snapshot", "spieltisch.i18n")
HEAVY = ("html", "html.entities", "urllib.parse", "ipaddress", "importlib.resources", "pathlib", "tempfile")


def test_the_app_start_imports_none_of_the_heavy_modules():
    code = (f"import sys; sys.path.insert(0, {str(SRC)!r})\n"
            + "".join(f"import {m}\n" for m in APP_IMPORTS)
            + f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", out.stdout


@given(st.text())
def test_unesc_undoes_esc_as_the_standard_library_would(text):
    assert unesc(esc(text)) == text == html.unescape(esc(text))


@given(st.text())
def test_url_quote_matches_urllib(text):
    assert url_quote(text) == quote(text, safe="-_.~")
    assert url_unquote(url_quote(text)) == text


@given(st.lists(st.sampled_from(["%41", "%e2%82%ac", "%zz", "%", "%4", "x", "%C3", "%A9", "é", "%2"]), max_size=8))
def test_url_unquote_matches_urllib_on_broken_escapes(pieces):
    text = "".join(pieces)
    assert url_unquote(text) == unquote(text)


def test_unesc_numeric_references_and_unknown_names():
    assert unesc("&#233;&#xe9;&#XE9;") == "ééé"
    assert unesc("&amp;lt;") == "&lt;"
    assert unesc("&copy; &#0;") == "&copy; &#0;"  # never written by esc: left as they are
