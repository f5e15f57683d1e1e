"""Python sources without their comments and docstrings, line for line.

A smaller standard library over the wire (docs/build.md, "The trimmed
standard library"): comments and docstrings are about a third of a
compressed ``.py``. ``strip(source)`` returns the source with

* every comment removed (but the coding cookie of lines 1-2), and the
  spaces before it;
* every docstring (the first statement of a module, class or function when
  it is a string) replaced by ``pass`` -- for a module by ``""``, since a
  ``from __future__`` import may follow it -- and the docstring's other
  lines left empty.

Every other byte stays, and every line stays on its line number, so
tracebacks name the right lines. ``__doc__`` becomes ``None`` (``""`` for a
module), as with ``python -OO``, which the standard library supports;
``assert`` statements stay. The rules package is not stripped (a player's
traceback, and ``argparse`` descriptions, read its docstrings).

It must run on the Python whose sources it reads (3.14's f-strings do not
tokenize on 3.11): tools/py_strip.mjs runs it in the vendored Pyodide.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=]")


def _docstrings(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                yield body[0], isinstance(node, ast.Module)


def strip(source: bytes) -> bytes:
    """The source without comments and docstrings (see the module's text).
    A source that does not parse is returned as it is."""
    try:
        tree = ast.parse(source)
        tokens = list(tokenize.tokenize(io.BytesIO(source).readline))
    except (SyntaxError, tokenize.TokenError, ValueError):
        return source
    encoding = tokens[0].string if tokens and tokens[0].type == tokenize.ENCODING else "utf-8"
    lines = source.splitlines(keepends=True)
    # cuts per line (1-based): (start byte, end byte or None = to the end of the text, replacement)
    cuts: dict[int, list[tuple[int, int | None, bytes]]] = {}
    for tok in tokens:
        if tok.type != tokenize.COMMENT:
            continue
        row, col = tok.start
        line = lines[row - 1]
        if row <= 2 and COOKIE.match(line):
            continue
        start = len(line.decode(encoding)[:col].encode(encoding))
        cuts.setdefault(row, []).append((start, None, b""))
    for expr, is_module in _docstrings(tree):
        first, last = expr.lineno, expr.end_lineno
        new = b'""' if is_module else b"pass"
        if first == last:
            cuts.setdefault(first, []).append((expr.col_offset, expr.end_col_offset, new))
            continue
        cuts.setdefault(first, []).append((expr.col_offset, None, new))
        for row in range(first + 1, last):
            cuts.setdefault(row, []).append((0, None, b""))
        cuts.setdefault(last, []).append((0, expr.end_col_offset, b""))
    out = []
    for row, line in enumerate(lines, 1):
        if row not in cuts:
            out.append(line)
            continue
        ending = line[len(line.rstrip(b"\r\n")):]
        body = line[: len(line) - len(ending)]
        for start, end, new in sorted(cuts[row], reverse=True):
            tail = b"" if end is None else body[end:]
            body = body[:start] + new + tail
            if end is None:
                body = body.rstrip()
        out.append((body.rstrip() if not body.strip() else body) + ending)
    result = b"".join(out)
    try:
        compile(result, "<stripped>", "exec", dont_inherit=True)
    except SyntaxError:
        return source  # never ship a file this could not strip safely
    return result
