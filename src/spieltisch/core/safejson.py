"""JSON from untrusted places (stored saves, imported files, links), read safely.

``json.loads`` recurses once per nesting level; in Pyodide a few thousand
levels overflow the JavaScript stack inside wasm and kill the interpreter for
good (issue 11). So the text is *scanned first*, without recursion, and only
text that is short enough, shallow enough and free of over-long numbers ever
reaches the parser:

    data = parse(text, max_chars=1_000_000)       # raises JsonLimitError(code)

Codes: ``too-big`` (too many characters), ``too-deep`` (nested deeper than
``max_depth``), ``big-number`` (a number with too many digits), ``bad-text``
(a lone surrogate, raw or as a ``\\uD800`` escape: not valid UTF-16, and a
Python str holding one cannot be encoded or handed to the page), ``not-json``
(anything the parser refuses, including ``NaN``/``Infinity`` and text that is
not UTF-8).
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64
MAX_NUMBER_CHARS = 40  # digits, sign, point and exponent of one number

# The next bracket, string start, or over-long number run; then, from a string's
# opening quote, the rest of that string. Both run in the regex engine in one
# forward pass ("unrolled loop": no backtracking blow-up), and each character
# of the text is looked at a bounded number of times.
_NEXT = re.compile(r'[\[\]{}"]|[-+0-9.eE]{' + str(MAX_NUMBER_CHARS + 1) + ',}')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


_RAW_SURROGATE = re.compile("[" + chr(0xD800) + "-" + chr(0xDFFF) + "]")  # built, not a literal: no lone surrogate in the source's constants
_HIGH = r"\\u[dD][89abAB][0-9a-fA-F]{2}"
_LOW = r"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
_ESCAPED_LONE = re.compile(rf"{_HIGH}(?!{_LOW})|(?<!{_HIGH}){_LOW}")


def well_formed(text: str) -> bool:
    """No lone surrogate, raw or escaped (JSON allows ``\\ud800`` alone)."""
    if not text.isascii() and _RAW_SURROGATE.search(text) is not None:
        return False
    return "\\u" not in text or _ESCAPED_LONE.search(text) is None


class JsonLimitError(ValueError):
    """Untrusted JSON that is refused; ``code`` says why in a stable word."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)


def scan(text: str, *, max_chars: int, max_depth: int = MAX_DEPTH) -> None:
    """Refuse ``text`` unless it is at most ``max_chars`` long, nests at most
    ``max_depth`` levels and has no number longer than MAX_NUMBER_CHARS.

    One pass, no recursion, no parsing; a string's brackets never count, and an
    unterminated string is refused at once (it could never parse).
    """
    if len(text) > max_chars:
        raise JsonLimitError("too-big", f"{len(text)} characters, at most {max_chars} are read")
    depth = 0
    pos = 0
    while True:
        found = _NEXT.search(text, pos)
        if found is None:
            return
        ch = found.group()[0]
        pos = found.end()
        if ch == '"':
            rest = _STRING_REST.match(text, pos)
            if rest is None:
                raise JsonLimitError("not-json", "a text in it is cut off")
            pos = rest.end()
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise JsonLimitError("too-deep", f"nested deeper than {max_depth} levels")
        elif ch in "]}":
            depth = max(0, depth - 1)
        else:
            raise JsonLimitError("big-number", f"a number longer than {MAX_NUMBER_CHARS} characters")


def _refuse_constant(name: str) -> Any:
    raise JsonLimitError("not-json", f"{name} is not a JSON number")


def parse(text: Any, *, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """Scan, then parse. Accepts ``str`` or UTF-8 ``bytes``; anything else,
    and any text the scanner or the parser refuses, raises JsonLimitError."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        if len(raw) > 4 * max_chars:
            raise JsonLimitError("too-big", f"{len(raw)} bytes, at most {max_chars} characters are read")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonLimitError("not-json", "the data is not UTF-8 text") from None
    if not isinstance(text, str):
        raise JsonLimitError("not-json", f"expected text, got {type(text).__name__}")
    scan(text, max_chars=max_chars, max_depth=max_depth)
    if not well_formed(text):
        raise JsonLimitError("bad-text", "a text in it is not valid Unicode (a lone surrogate)")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except JsonLimitError:
        raise
    except (ValueError, RecursionError) as err:  # JSONDecodeError is a ValueError
        raise JsonLimitError("not-json", f"not readable JSON ({err.__class__.__name__})") from None
