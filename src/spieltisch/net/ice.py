"""The STUN/TURN servers a player names (issue 30, docs/multiplayer.md "STUN
and TURN"): by default there are none, and the site contacts no other host.
For players in other places, the setting takes one server a line::

    stun:stun.example.org:3478
    turn:turn.example.org:3478 table s3cret
    turns:turn.example.org:5349?transport=tcp table s3cret

-- the address (``stun:``, ``turn:`` or ``turns:``, a host name, an IPv4
address or an ``[IPv6]`` one, an optional port, for TURN an optional
``?transport=udp|tcp``), and for TURN the user name and the password. Empty
lines and lines starting with ``#`` are skipped.

:func:`parse_servers` gives the list for ``RTCPeerConnection``'s
``iceServers`` (``[{"urls", "username"?, "credential"?}]``) and the problems
found, each ``(line, key, params)`` with a catalogue key ``ice.err.*``. Any
problem means the list is not taken. Standard library only, no I/O.
"""

from __future__ import annotations

import re

SCHEMES = ("stun", "turn", "turns")
MAX_SERVERS = 8
MAX_LINE = 400
MAX_TEXT = 4000
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOSTNAME = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*\.?$")
_IPV4 = re.compile(r"^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$")
_IPV6 = re.compile(r"^\[([0-9A-Fa-f:.]{2,45})\]$")
_ADDRESS = re.compile(r"^(?P<host>\[[^\]]*\]|[^:?\[\]]+)(?::(?P<port>[^?]*))?(?:\?(?P<query>.*))?$")
_WORD = re.compile(r"^[\x21-\x7e]{1,128}$")  # a user name or password: printable ASCII, no spaces


def _host_ok(host: str) -> bool:
    if _IPV6.match(host):
        inner = host[1:-1]
        return inner.count("::") <= 1 and 2 <= inner.count(":") <= 7
    m = _IPV4.match(host)
    if m:
        return all(int(p) <= 255 for p in m.groups())
    if host.replace(".", "").isdigit():
        return False  # "1.2.3" is no address
    return len(host) <= 253 and bool(_HOSTNAME.match(host))


def parse_line(line: str) -> tuple[dict | None, tuple[str, dict] | None]:
    """One server from one line: ``(server, None)`` or ``(None, (key, params))``."""
    words = line.split()
    url = words[0]
    shown = url if len(url) <= 60 else url[:57] + "..."
    scheme, sep, rest = url.partition(":")
    scheme = scheme.lower()
    if not sep or scheme not in SCHEMES:
        return None, ("ice.err.scheme", {"text": shown})
    rest = rest.removeprefix("//")  # stun://host: a common way of writing it; the standard has no slashes
    m = _ADDRESS.match(rest)
    if not m or not _host_ok(m.group("host")):
        return None, ("ice.err.host", {"text": shown})
    port = m.group("port")
    if port is not None and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        return None, ("ice.err.port", {"text": shown})
    query = m.group("query")
    if query is not None and (scheme == "stun" or query.lower() not in ("transport=udp", "transport=tcp")):
        return None, ("ice.err.transport", {"text": shown})
    clean = f"{scheme}:{m.group('host')}" + (f":{int(port)}" if port is not None else "") + (
        f"?{query.lower()}" if query is not None else "")
    login = words[1:]
    if scheme == "stun":
        if login:
            return None, ("ice.err.stun_login", {})
        return {"urls": clean}, None
    if len(login) < 2:
        return None, ("ice.err.login", {})
    if len(login) > 2:
        return None, ("ice.err.extra", {})
    if not all(_WORD.match(w) for w in login):
        return None, ("ice.err.word", {})
    return {"urls": clean, "username": login[0], "credential": login[1]}, None


def parse_servers(text: str) -> tuple[list[dict], list[tuple[int, str, dict]]]:
    """``(servers, problems)`` from the setting's text; problems are
    ``(line number or 0 for the whole text, catalogue key, params)``. Where
    there is any problem the servers are not to be used."""
    if not isinstance(text, str):
        return [], [(0, "ice.err.text", {})]
    if len(text) > MAX_TEXT:
        return [], [(0, "ice.err.too_long_text", {"max": MAX_TEXT})]
    servers: list[dict] = []
    problems: list[tuple[int, str, dict]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_LINE:
            problems.append((n, "ice.err.too_long", {"max": MAX_LINE}))
            continue
        server, why = parse_line(line)
        if why is not None:
            problems.append((n, why[0], why[1]))
        else:
            servers.append(server)
    if len(servers) > MAX_SERVERS:
        problems.append((0, "ice.err.too_many", {"max": MAX_SERVERS}))
    return (servers, []) if not problems else ([], problems)


def servers_text(servers: list[dict]) -> str:
    """The setting's text for a list :func:`parse_servers` made."""
    return "\n".join(" ".join([s["urls"], *([s["username"], s["credential"]] if "username" in s else [])])
                     for s in servers)
