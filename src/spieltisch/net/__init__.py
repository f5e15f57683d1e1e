"""One table, many devices (issue 30): the protocol between the host, which
holds the match, and the devices of remote seats. Standard library only and
no I/O: each session takes message texts in and gives message texts out, so
the browser's data channels (static/js/net.js) and the tests' in-memory
transport drive the same code. See docs/multiplayer.md.
"""

from .device import DeviceSession
from .messages import (
    MAX_DEVICE_MESSAGE_CHARS,
    MAX_HOST_MESSAGE_CHARS,
    PROTOCOL_VERSION,
    JoinCode,
    ProtocolError,
)
from .protocol import HostSession

__all__ = [
    "MAX_DEVICE_MESSAGE_CHARS", "MAX_HOST_MESSAGE_CHARS", "PROTOCOL_VERSION", "DeviceSession",
    "HostSession", "JoinCode", "ProtocolError",
]
