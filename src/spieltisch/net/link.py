"""What follows ``#/join/`` in a join link, as decimal digits (issue 30,
docs/multiplayer.md "Join links"): the table, the seat, the seat's one-time
token and the host's offer packed as bytes, so that the link fits a small QR
code. A QR code holds digits in its numeric mode at 10 bits for 3, where the
same fields as text would take 8 bits a character.

The offer is a connection code of static/js/net.js (format 1: digits of its
bytes with a 1 in front); its bytes are kept as they are, so
:func:`parse_payload` gives back exactly the offer code the host made.

Byte layout (format 2; the top 3 bits of the first byte name the format):

====  =====================================================================
1     header: format 2 (3 bits), table given (1), token given (1), 0 (3)
1     the seat (0-255)
1+k   the table id if given: its length n, then ⌈6n/8⌉ bytes (base64url, 6 bits a character)
1+k   the token if given, the same way
rest  the offer's bytes
====  =====================================================================

Standard library only, no I/O.
"""

from __future__ import annotations

import hashlib

FORMAT = 2
OFFER_FORMAT = 1  # static/js/net.js's connection codes
B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_INDEX = {c: i for i, c in enumerate(B64URL)}
MAX_DIGITS = 600  # a format-2 payload is 180-300 digits; far longer is none
MAX_ID_CHARS = 40
SEAT_KEY_CHARS = 8


def _digits(data: bytes) -> str:
    return str(int.from_bytes(b"\x01" + data, "big"))


def _bytes(digits: str) -> bytes | None:
    if not (0 < len(digits) <= MAX_DIGITS) or not digits.isascii() or not digits.isdigit() or digits[0] == "0":
        return None
    n = int(digits)
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return raw[1:] if raw[:1] == b"\x01" else None


def _put_id(out: bytearray, text: str) -> None:
    if not (0 < len(text) <= MAX_ID_CHARS) or any(c not in _INDEX for c in text):
        raise ValueError(f"not a base64url id of 1-{MAX_ID_CHARS} characters: {text!r}")
    out.append(len(text))
    acc = bits = 0
    for c in text:
        acc = (acc << 6) | _INDEX[c]
        bits += 6
        while bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 255)
        acc &= (1 << bits) - 1
    if bits:
        out.append((acc << (8 - bits)) & 255)


def _take_id(data: bytes, at: int) -> tuple[str, int] | None:
    if at >= len(data):
        return None
    n = data[at]
    size = (6 * n + 7) // 8
    if not (0 < n <= MAX_ID_CHARS) or at + 1 + size > len(data):
        return None
    acc = bits = 0
    out = []
    for b in data[at + 1:at + 1 + size]:
        acc = (acc << 8) | b
        bits += 8
        while bits >= 6 and len(out) < n:
            bits -= 6
            out.append(B64URL[(acc >> bits) & 63])
        acc &= (1 << bits) - 1
    return "".join(out), at + 1 + size


def join_payload(table: str | None, seat: int, token: str | None, offer: str) -> str:
    """Digits for ``#/join/``: the table id and the token (base64url, either
    may be empty or None: left out), the seat and the host's offer code."""
    if not isinstance(seat, int) or not 0 <= seat <= 255:
        raise ValueError(f"seat out of range: {seat!r}")
    offer_bytes = _bytes(str(offer))
    if not offer_bytes or offer_bytes[0] >> 5 != OFFER_FORMAT or offer_bytes[0] & 16:
        raise ValueError("not an offer code of static/js/net.js")
    out = bytearray([(FORMAT << 5) | (16 if table else 0) | (8 if token else 0), seat])
    if table:
        _put_id(out, table)
    if token:
        _put_id(out, token)
    out += offer_bytes
    return _digits(bytes(out))


def parse_payload(payload: str) -> tuple[str, int, str, str] | None:
    """``(table, seat, token, offer)`` from :func:`join_payload`'s digits
    (``""`` for a field left out), or None for anything else."""
    data = _bytes(str(payload or "").strip())
    if not data or len(data) < 3 or data[0] >> 5 != FORMAT or data[0] & 7:
        return None
    seat, at = data[1], 2
    fields = []
    for flag in (16, 8):
        if data[0] & flag:
            got = _take_id(data, at)
            if got is None:
                return None
            text, at = got
            fields.append(text)
        else:
            fields.append("")
    offer = data[at:]
    if not offer or offer[0] >> 5 != OFFER_FORMAT or offer[0] & 16:
        return None
    return fields[0], seat, fields[1], _digits(offer)


def seat_key(secret: str) -> str:
    """The id a *reclaim* link carries in its table field (the seat's code
    was used, so the link has no token): 8 base64url characters of a SHA-256
    of the seat's secret. The host knows the secret, and so does the device
    that holds the seat, which keeps its record under this id
    (``spieltisch.net.seat.<id>.<seat>``, ui/table_device.py); so the
    first link needs no table id at all and stays short. 48 bits of a hash
    tell nothing of the 192-bit secret; reclaiming still takes the secret
    itself (the MAC over the host's nonce)."""
    digest = hashlib.sha256(b"spieltisch seat key\n" + str(secret).encode()).digest()
    return "".join(B64URL[b & 63] for b in digest[:SEAT_KEY_CHARS])
