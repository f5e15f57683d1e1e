"""tools/serve.py: file bodies go out by sendfile(2) and small ones without
Nagle's delay; what it serves must stay byte for byte what is on disk, on
one keep-alive connection, with the right length, and a HEAD sends no body."""

import http.client
import os
import socket
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import serve  # noqa: E402


@pytest.fixture()
def site(tmp_path):
    (tmp_path / "big.wasm").write_bytes(os.urandom(3 * 1024 * 1024 + 17))
    (tmp_path / "small.js").write_text("console.log('hi');\n")
    (tmp_path / ".secret").write_text("no")
    server, _url = serve.start(tmp_path, 0)
    try:
        yield tmp_path, server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_bodies_are_the_files_on_one_keep_alive_connection(site):
    root, port = site
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for name in ("small.js", "big.wasm", "small.js", "big.wasm"):
        conn.request("GET", "/" + name)
        resp = conn.getresponse()
        body = resp.read()
        assert resp.status == 200
        assert body == (root / name).read_bytes()
        assert int(resp.getheader("Content-Length")) == len(body)
    conn.request("HEAD", "/big.wasm")
    resp = conn.getresponse()
    assert resp.read() == b"" and int(resp.getheader("Content-Length")) == (root / "big.wasm").stat().st_size
    conn.request("GET", "/.secret")  # dot-files stay private
    resp = conn.getresponse()
    resp.read()
    assert resp.status == 404
    conn.close()


def test_the_server_side_socket_has_no_nagle_delay(site):
    _, port = site
    seen = []
    original = serve.Handler.setup

    def setup(self):
        original(self)
        seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    serve.Handler.setup = setup
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/small.js")
        conn.getresponse().read()
        conn.close()
    finally:
        serve.Handler.setup = original
    assert seen and all(seen)


def test_gzip_serves_the_precompressed_copy_to_clients_that_accept_it(tmp_path):
    """``--gzip`` (bench/offline.py): FILE.gz with Content-Encoding gzip and the
    file's own type, as a static host's gzip_static; without Accept-Encoding,
    or with no copy, the file as it is; off by default."""
    import gzip

    body = b"export const x = 1;\n" * 2000
    (tmp_path / "a.mjs").write_bytes(body)
    (tmp_path / "a.mjs.gz").write_bytes(gzip.compress(body))
    (tmp_path / "b.wasm").write_bytes(b"\0asm" + bytes(100))
    for on in (True, False):
        server, _url = serve.start(tmp_path, 0, gzip=on)
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
            for name, accept in (("a.mjs", "gzip, br"), ("a.mjs", ""), ("b.wasm", "gzip")):
                conn.request("GET", "/" + name, headers={"Accept-Encoding": accept} if accept else {})
                resp = conn.getresponse()
                raw = resp.read()
                assert resp.status == 200
                sent_gzip = on and accept and name == "a.mjs"
                assert resp.getheader("Content-Encoding") == ("gzip" if sent_gzip else None), (on, name, accept)
                assert (gzip.decompress(raw) if sent_gzip else raw) == (tmp_path / name).read_bytes()
                assert int(resp.getheader("Content-Length")) == len(raw)
                if name == "a.mjs":
                    assert resp.getheader("Content-Type").startswith("text/javascript")
            conn.close()
        finally:
            server.shutdown()
            server.server_close()
