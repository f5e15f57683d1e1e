"""A device's side of the protocol (protocol.py says what travels): its
seat, its stored secret, the screen the host sent, the actions it sent that
the host has not yet taken (sent again after a reconnect)."""

from __future__ import annotations

from .messages import MAX_HOST_MESSAGE_CHARS, PROTOCOL_VERSION, ProtocolError, dumps, mac, read_message


class DeviceSession:
    """A device's side: its seat, its secret, what it shows, what it sent.

    ``to_json()`` is what the device stores (its seat and secret, so that it
    can reclaim the seat after a reload); it never holds more of the game
    than its own screen.
    """

    def __init__(self, code: str | None = None, *, stored: dict | None = None):
        self.code = code
        self.seat: int | None = None
        self.secret: str | None = None
        self.game_id: str | None = None
        self.names: list = []
        self.nonce: str | None = None
        self.next_seq = 1
        self.pending: dict[int, str] = {}  # sent actions the host has not taken yet
        self.host_seq = 0  # the last host message taken
        self.screen: dict = {}
        self.log: dict[int, tuple[str, dict]] = {}
        self.refusals: list[dict] = []
        self.errors: list[dict] = []
        if stored is not None:
            self.seat = stored.get("seat")
            self.secret = stored.get("secret")
            self.game_id = stored.get("game")
            self.next_seq = stored.get("next", 1)
            self.pending = {int(k): v for k, v in stored.get("pending", {}).items()}

    def to_json(self) -> dict:
        return {"seat": self.seat, "secret": self.secret, "game": self.game_id, "next": self.next_seq,
                "pending": {str(k): v for k, v in self.pending.items()}}

    @property
    def joined(self) -> bool:
        return self.secret is not None

    @property
    def legal(self) -> list[str]:
        return list(self.screen.get("legal", []))

    @property
    def view(self):
        return self.screen.get("view")

    @property
    def my_turn(self) -> bool:
        return bool(self.screen) and not self.screen.get("over") and self.screen.get("to_act") == self.seat

    def _signed(self, body: dict) -> str:
        msg = {"v": PROTOCOL_VERSION, "seat": self.seat, **body}
        msg["mac"] = mac(self.secret, self.nonce, msg)
        return dumps(msg)

    def act(self, text: str) -> list[str]:
        """Send an action text (kept until the host has taken it)."""
        seq = self.next_seq
        self.next_seq += 1
        self.pending[seq] = text
        if self.nonce is None:
            return []
        return [self._signed({"t": "act", "seq": seq, "text": text})]

    def connection_lost(self) -> None:
        self.nonce = None

    def receive(self, text: object) -> list[str]:
        """A host message; returns the texts to send back. A malformed one is
        dropped (and noted in ``errors``)."""
        try:
            data = read_message(text, max_chars=MAX_HOST_MESSAGE_CHARS)
        except ProtocolError as err:
            self.errors.append({"code": err.code, "reason": str(err)})
            return []
        kind = data["t"]
        if kind == "hello":
            self.nonce = str(data.get("nonce", ""))
            if self.joined:
                return [self._signed({"t": "resume"})]
            if self.code is not None:
                return [dumps({"v": PROTOCOL_VERSION, "t": "join", "code": self.code})]
            return []
        if kind == "welcome":
            self.seat, self.secret = data.get("seat"), data.get("secret")
            self.game_id, self.names = data.get("game"), list(data.get("names", []))
            self.code = None
            return []
        if kind == "error":
            self.errors.append({"code": data.get("code"), "reason": data.get("reason")})
            return []
        seq = data.get("seq")
        if type(seq) is not int or data.get("seat") != self.seat:
            self.errors.append({"code": "field", "reason": "a host message without its number"})
            return []
        if seq <= self.host_seq and not (kind == "sync" and data.get("full")):
            return [self._signed({"t": "ack", "seq": self.host_seq})]  # already held
        out = []
        if kind == "sync":
            try:
                out += self._take_sync(data)
            except (TypeError, ValueError, AttributeError):  # a sync of the wrong shape: keep the screen
                self.errors.append({"code": "field", "reason": "a host message of the wrong shape"})
                return []  # not taken, not acknowledged
        elif kind == "refused":
            self.refusals.append({k: data.get(k) for k in ("code", "reason", "re", "rule", "params")})
        self.host_seq = seq
        out.insert(0, self._signed({"t": "ack", "seq": seq}))
        return out

    def _take_sync(self, data: dict) -> list[str]:
        lines = {}
        for k, key, params in data.get("log", []):
            if type(k) is not int or not isinstance(key, str) or not isinstance(params, dict):
                raise ValueError("a log line of the wrong shape")
            lines[k] = (key, params)
        if data.get("full"):
            self.log = {}
        self.log.update(lines)
        view = data.get("view")
        if "view" not in data:  # a patch of the view this device holds
            view = dict(self.screen.get("view") or {})
            patch, gone = data.get("patch"), data.get("gone")
            view.update(patch if isinstance(patch, dict) else {})
            for k in gone if isinstance(gone, list) else []:
                view.pop(k, None)
        self.screen = {k: data.get(k) for k in ("legal", "to_act", "over", "outcome", "length")}
        self.screen["view"] = view
        acked = data.get("acked", 0)
        for k in [k for k in self.pending if k <= acked]:
            del self.pending[k]
        if data.get("full") and self.pending:  # after a reconnect: send again what was not taken
            return [self._signed({"t": "act", "seq": k, "text": v}) for k, v in sorted(self.pending.items())]
        return []

    def log_lines(self) -> list[tuple[str, dict]]:
        """The seat's log lines, oldest first."""
        return [self.log[k] for k in sorted(self.log)]
