"""tools/py_strip.py: the standard library's sources without comments and
docstrings (docs/build.md, "The trimmed standard library"), every line on
its number, the code itself unchanged."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from py_strip import strip  # noqa: E402

SOURCE = b'''# -*- coding: utf-8 -*-
"""The module's docstring,
over two lines."""
from __future__ import annotations

import re  # a comment after code

URL = "http://example.org/#not-a-comment"  # but this is one
PATTERN = re.compile(r"""a  # inside a verbose pattern: kept
b""", re.X)


def f(x):
    """One line."""
    # a comment line
    return x + 1  # done


class K:
    """Many
    lines
    """

    def g(self):
        """Only a docstring."""


def h(): "inline"; return 2
'''


def run(source: bytes) -> dict:
    namespace: dict = {}
    exec(compile(source, "<test>", "exec"), namespace)
    return namespace


def test_every_line_stays_on_its_number_and_the_code_does_the_same():
    out = strip(SOURCE)
    assert out.count(b"\n") == SOURCE.count(b"\n")
    assert out.splitlines()[0] == b"# -*- coding: utf-8 -*-"  # the coding cookie stays
    before, after = run(SOURCE), run(out)
    assert after["f"](1) == before["f"](1) == 2
    assert after["h"]() == 2
    assert after["URL"] == before["URL"] and "#" in after["URL"]
    assert after["PATTERN"].pattern == before["PATTERN"].pattern  # a string, never cut
    assert after["K"]().g() is None
    # the line numbers of the code are those of the source
    assert after["f"].__code__.co_firstlineno == before["f"].__code__.co_firstlineno
    assert out.splitlines()[15] == SOURCE.splitlines()[15].split(b"  #")[0]


def test_comments_and_docstrings_are_gone():
    out = strip(SOURCE)
    after = run(out)
    assert b"a comment" not in out and b"but this is one" not in out and b"done" not in out
    assert after["f"].__doc__ is None and after["K"].__doc__ is None and after["K"].g.__doc__ is None
    assert after["h"].__doc__ is None
    assert after["__doc__"] == ""  # a module's: "" (a __future__ import may follow it)
    assert b"over two lines" not in out and b"Many" not in out
    assert len(out) < 0.8 * len(SOURCE)


def test_what_does_not_parse_is_left_as_it_is():
    bad = b"def f(:\n    pass  # comment\n"
    assert strip(bad) == bad
