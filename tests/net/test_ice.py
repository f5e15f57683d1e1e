"""Issue 30: the STUN/TURN servers a player names (net/ice.py): good lines
become RTCPeerConnection iceServers entries; every bad one is refused with
its line and a reason; any problem means no server is taken."""

from __future__ import annotations

import pytest

from spieltisch.i18n import LANGS, t
from spieltisch.net.ice import MAX_SERVERS, parse_servers, servers_text


def test_good_lines_become_ice_servers():
    text = """
    # our own coturn
    stun:stun.example.org:3478
    STUN://10.0.0.1
    turn:turn.example.org:3478?transport=TCP table s3cr/et+x
    turns:[2001:db8::7]:5349 me pw
    """
    servers, problems = parse_servers(text)
    assert problems == []
    assert servers == [
        {"urls": "stun:stun.example.org:3478"},
        {"urls": "stun:10.0.0.1"},
        {"urls": "turn:turn.example.org:3478?transport=tcp", "username": "table", "credential": "s3cr/et+x"},
        {"urls": "turns:[2001:db8::7]:5349", "username": "me", "credential": "pw"},
    ]
    assert parse_servers(servers_text(servers)) == (servers, [])
    assert parse_servers("") == ([], []) and parse_servers("\n  \n# none\n") == ([], [])


@pytest.mark.parametrize("line, key", [
    ("http://stun.example.org", "ice.err.scheme"),
    ("stun.example.org:3478", "ice.err.scheme"),
    ("stuns:stun.example.org", "ice.err.scheme"),
    ("stun:", "ice.err.host"),
    ("stun:exa_mple.org", "ice.err.host"),
    ("stun:-bad-.example", "ice.err.host"),
    ("stun:256.1.1.1", "ice.err.host"),
    ("stun:1.2.3", "ice.err.host"),
    ("stun:[zz::1]", "ice.err.host"),
    ("stun:user@example.org", "ice.err.host"),
    ("stun:example.org:0", "ice.err.port"),
    ("stun:example.org:65536", "ice.err.port"),
    ("stun:example.org:34x", "ice.err.port"),
    ("stun:example.org?transport=udp", "ice.err.transport"),
    ("turn:example.org?transport=sctp a b", "ice.err.transport"),
    ("turn:example.org", "ice.err.login"),
    ("turn:example.org onlyname", "ice.err.login"),
    ("turn:example.org a b c", "ice.err.extra"),
    ("stun:example.org a b", "ice.err.stun_login"),
    ("turn:example.org a " + "p" * 200, "ice.err.word"),
    ("stun:" + "a" * 400, "ice.err.too_long"),
])
def test_a_bad_line_is_refused_with_its_line_and_reason(line, key):
    servers, problems = parse_servers("stun:fine.example.org\n" + line)
    assert servers == []  # one bad line: nothing is taken
    assert [(n, k) for n, k, _ in problems] == [(2, key)], problems
    params = problems[0][2]
    for lang in LANGS:  # every message reads in both languages, with its parameters filled in
        msg = t(lang, "ice.err.line", line=2, problem=t(lang, key, **params))
        assert "{" not in msg and key not in msg and msg.startswith(("Line 2: ", "Zeile 2: "))


def test_too_many_servers_or_too_long_a_text():
    many = "\n".join(f"stun:s{i}.example.org" for i in range(MAX_SERVERS + 1))
    assert parse_servers(many)[1] == [(0, "ice.err.too_many", {"max": MAX_SERVERS})]
    assert parse_servers("\n".join(f"stun:s{i}.example.org" for i in range(MAX_SERVERS)))[1] == []
    assert parse_servers("stun:a.example\n" * 400)[1][0][1] == "ice.err.too_long_text"
    assert parse_servers(None) == ([], [(0, "ice.err.text", {})])
