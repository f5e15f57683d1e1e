#!/usr/bin/env python3
"""Serve the Spieltisch static site from the repository root on 127.0.0.1.

Usage: python3 tools/serve.py [--port 8000] [--csp POLICY] [--quiet] [--root DIR] [--gzip]

``--gzip`` serves a file's precompressed copy ``FILE.gz`` (tools/build_sw.py
writes them) with ``Content-Encoding: gzip`` to a client that accepts gzip,
as a static host with ``gzip_static`` does: bench/offline.py measures a first
visit that way (README.md, "Hosting"). Without it every file goes out as it is.

Importable: ``start(root, port, csp=None, quiet=True, gzip=False)`` runs the server in a
background thread and returns ``(server, url)``; call ``server.shutdown()``
and ``server.server_close()`` to stop it.
"""

from __future__ import annotations

import argparse
import http.server
import os
import sys
import threading
import urllib.parse
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
LINKED_DIRS = ("static/vendor", "node_modules")  # may be symlinks to a shared copy

# Explicit types: the platform's mimetypes database differs between machines
# (and .mjs/.wasm/.webmanifest/.toml are missing from older ones).
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".webmanifest": "application/manifest+json",
    "": "application/octet-stream",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with fixed MIME types, CSP and no-cache."""

    extensions_map = MIME_TYPES
    csp: str | None = None
    quiet: bool = False
    gzip: bool = False  # serve FILE.gz with Content-Encoding: gzip where there is one
    protocol_version = "HTTP/1.1"  # keep-alive: many small module requests
    # TCP_NODELAY: with keep-alive, a small body written after its headers
    # otherwise waits for the client's delayed ACK (~40 ms a file on Linux;
    # docs/performance.md, "The site server's 40 ms").
    disable_nagle_algorithm = True
    server_version = "Spieltisch"
    sys_version = ""

    def guess_type(self, path: str) -> str:
        ext = os.path.splitext(str(path))[1].lower()
        return MIME_TYPES.get(ext, "application/octet-stream")

    def is_servable(self, fs_path: str) -> bool:
        """True when fs_path (from translate_path) may be served.

        SimpleHTTPRequestHandler already drops '..' segments; on top of that
        the resolved path (after symlinks) must stay inside the root, and
        dot-files/-folders (.git, .ci, ...) are not served.
        """
        root = os.path.realpath(self.directory)
        real = os.path.realpath(fs_path)
        # A git worktree links static/vendor and node_modules to the main
        # checkout's (COMMON.md): their targets count as inside the root.
        allowed = [root] + [os.path.realpath(os.path.join(self.directory, *link.split("/")))
                            for link in LINKED_DIRS
                            if os.path.islink(os.path.join(self.directory, *link.split("/")))]
        if not any(real == top or real.startswith(top + os.sep) for top in allowed):
            return False
        rel = os.path.relpath(os.path.abspath(fs_path), os.path.abspath(self.directory))
        return not any(
            part.startswith(".") and part not in (".", ".well-known")
            for part in rel.split(os.sep)
        )

    def send_head(self):
        raw = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if "\0" in raw or "\\" in raw:
            self.send_error(400, "Bad path")
            return None
        path = self.translate_path(self.path)
        if not self.is_servable(path):
            self.send_error(404, "File not found")
            return None
        if self.gzip and os.path.isfile(path) and os.path.isfile(path + ".gz") and self.accepts_gzip():
            return self.send_gzip(path)
        return super().send_head()

    def accepts_gzip(self) -> bool:
        codings = [part.split(";")[0].strip().lower() for part in self.headers.get("Accept-Encoding", "").split(",")]
        return "gzip" in codings

    def send_gzip(self, path: str):
        """The precompressed copy, as nginx's gzip_static sends it: the
        file's own type, the copy's length, Content-Encoding: gzip."""
        try:
            f = open(path + ".gz", "rb")  # noqa: SIM115 -- returned open, as the base send_head does
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.end_headers()
        return f

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        # A public static site: other pages may fetch its files (a blog's
        # PyScript installs the rules wheel from here; docs/embedding.md).
        self.send_header("Access-Control-Allow-Origin", "*")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        # A file's body by sendfile(2): the kernel copies it and the GIL stays
        # free for the page's other requests (shutil.copyfileobj would hold
        # it for every 64 KB of a 9.6 MB runtime). Anything else: the base way.
        try:
            source.fileno()
        except (AttributeError, OSError, ValueError):
            super().copyfile(source, outputfile)
            return
        self.connection.sendfile(source)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(
    root: str | os.PathLike,
    port: int = 8000,
    csp: str | None = None,
    quiet: bool = False,
    gzip: bool = False,
) -> tuple[Server, str]:
    root = os.path.realpath(root)
    if not os.path.isdir(root):
        raise FileNotFoundError(f"not a directory: {root}")
    handler = type("SpieltischHandler", (Handler,), {"csp": csp, "quiet": quiet, "gzip": gzip})
    server = Server((HOST, port), partial(handler, directory=root))
    url = f"http://{HOST}:{server.server_address[1]}/"
    return server, url


def start(
    root: str | os.PathLike = ROOT,
    port: int = 0,
    csp: str | None = None,
    quiet: bool = True,
    gzip: bool = False,
) -> tuple[Server, str]:
    """Start serving root in a daemon thread; return (server, base URL)."""
    server, url = make_server(root, port, csp, quiet, gzip)
    thread = threading.Thread(
        target=server.serve_forever, name="spieltisch-serve", daemon=True
    )
    thread.start()
    return server, url


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the Spieltisch site on 127.0.0.1.")
    ap.add_argument(
        "--port", type=int, default=8000, help="port (default 8000; 0 = any free port)"
    )
    ap.add_argument(
        "--root", default=str(ROOT), help="directory to serve (default: repo root)"
    )
    ap.add_argument(
        "--csp", default=None, help="add this Content-Security-Policy header"
    )
    ap.add_argument("--quiet", action="store_true", help="do not log requests")
    ap.add_argument("--gzip", action="store_true", help="serve FILE.gz copies with Content-Encoding: gzip")
    args = ap.parse_args(argv)
    try:
        server, url = make_server(args.root, args.port, args.csp, args.quiet, args.gzip)
    except OSError as exc:
        print(f"serve: cannot listen on {HOST}:{args.port}: {exc}", file=sys.stderr)
        return 1
    print(f"Spieltisch is at {url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
