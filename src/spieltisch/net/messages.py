"""The messages' form (protocol.py says what travels): version, limits,
the compact JSON, the MAC, the join code, and reading a message bounded
before it is parsed (core/safejson.py)."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass

from ..core.safejson import JsonLimitError, parse

PROTOCOL_VERSION = 1
MAX_DEVICE_MESSAGE_CHARS = 2048  # an action text is at most MAX_ACTION_CHARS; a MAC and numbers
MAX_HOST_MESSAGE_CHARS = 1_000_000  # a view, legal actions and a whole log
MAX_DEVICE_DEPTH = 4
MAX_SEQ = 1 << 53
TOKEN_CHARS = 16  # a nonce's length, and the longest join-code token taken
# A join code's token: 8 base64url characters (48 bits). It travels in the join link beside the
# host's offer (ICE password, DTLS fingerprint), which a device must hold to reach the host at all;
# it is spent on first use and a wrong one is refused. 8 rather than 16 keeps the link's QR code at
# version 6 for longer site addresses (docs/multiplayer.md, "Join links").
JOIN_TOKEN_CHARS = 8
MAC_CHARS = 32

class ProtocolError(ValueError):
    """A message refused; ``code`` is a stable word (docs/multiplayer.md)."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)


def new_token() -> str:
    return secrets.token_urlsafe(12)[:TOKEN_CHARS]


def new_join_token() -> str:
    return secrets.token_urlsafe(6)[:JOIN_TOKEN_CHARS]


def dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True, default=str)


def mac(secret: str, nonce: str, message: dict) -> str:
    """The MAC of a device message: HMAC-SHA256 over the connection's nonce
    and the message without its ``mac`` field, with the seat's secret."""
    body = {k: v for k, v in message.items() if k != "mac"}
    text = nonce + "\n" + dumps(body)
    return hmac.new(secret.encode(), text.encode(), hashlib.sha256).hexdigest()[:MAC_CHARS]


@dataclass(frozen=True)
class JoinCode:
    """``<seat>-<token>``: which seat, and a one-time token for it. It holds no
    secret of the game; the seat's secret travels only inside the channel."""

    seat: int
    token: str

    def __str__(self) -> str:
        return f"{self.seat}-{self.token}"

    @classmethod
    def parse(cls, text: object) -> JoinCode:
        if not isinstance(text, str) or len(text) > 8 + TOKEN_CHARS:
            raise ProtocolError("bad-code", "not a join code")
        seat, sep, token = text.partition("-")
        if not sep or not seat.isdigit() or len(seat) > 3 or not JOIN_TOKEN_CHARS <= len(token) <= TOKEN_CHARS:
            raise ProtocolError("bad-code", "not a join code")
        return cls(int(seat), token)


def read_message(text: object, *, max_chars: int, max_depth: int = 64) -> dict:
    """A message from the other side: bounded before parsing, then its
    version and kind checked. Raises ProtocolError."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ProtocolError("not-json", "a message is text")
    try:
        data = parse(text, max_chars=max_chars, max_depth=max_depth)
    except JsonLimitError as err:
        raise ProtocolError(err.code, str(err)) from None
    if not isinstance(data, dict):
        raise ProtocolError("not-json", "a message is a JSON object")
    if data.get("v") != PROTOCOL_VERSION:
        raise ProtocolError("version", f"protocol version {PROTOCOL_VERSION} expected")
    if not isinstance(data.get("t"), str):
        raise ProtocolError("kind", "a message names its kind")
    return data


def field_int(data: dict, key: str, low: int = 0, high: int = MAX_SEQ) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError("field", f"{key} must be a whole number from {low} to {high}")
    return value


def mac_ok(secret: str, nonce: str, data: dict) -> bool:
    given = data.get("mac")
    return isinstance(given, str) and hmac.compare_digest(given, mac(secret, nonce, data))
