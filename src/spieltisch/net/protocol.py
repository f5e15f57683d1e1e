"""The host and device sessions (docs/multiplayer.md, "How it works").

Both are *sans I/O*: ``HostSession.receive(conn, text)`` and
``DeviceSession.receive(text)`` return the texts to send, so one code serves
the browser's data channels and the tests' in-memory wires.

What travels, host to device (every message JSON, ``"v": 1``):

* ``hello`` -- a fresh ``nonce`` for this connection (nothing else);
* ``welcome`` -- after a join: the seat, its per-seat ``secret`` (the join
  code holds none), the game id, options and seat names;
* ``sync`` (sequenced) -- ``view(state, seat)`` for the device's seat only,
  its legal action texts, its new log lines as its own screen describes them
  (``[entry, catalogue key, params]``), whose turn, the outcome once over, and
  ``acked``: the last device message the host has taken;
* ``refused`` (sequenced) -- why an action was not played (the Illegal code,
  rule id and reason: the same refusals as on the host's own screen);
* ``error`` -- a message refused before a seat is known (bad join code, ...).

Device to host: ``join`` (the code), ``resume`` (seat + a MAC with the stored
secret over the connection's nonce), and then ``act`` (an action text) and
``ack`` (the last host message it holds), each with a sequence number and a
MAC. A message is refused, and the game goes on, when it is too long (checked
before parsing, core/safejson.py), not JSON, of another version or kind, for
another seat than the connection's, with a wrong MAC (forged) or an old
sequence number (replayed).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..core.errors import IllegalActionError
from ..core.game import CHANCE
from ..core.match import Match
from ..core.saves import MAX_ACTION_CHARS
from .messages import (
    MAX_DEVICE_DEPTH,
    MAX_DEVICE_MESSAGE_CHARS,
    PROTOCOL_VERSION,
    JoinCode,
    ProtocolError,
    dumps,
    field_int,
    mac_ok,
    new_join_token,
    new_token,
    read_message,
)

Wire = list[tuple[object, str]]  # (connection, text) to send


@dataclass
class _Conn:
    nonce: str
    seat: int | None = None


class HostSession:
    """The host's side: the one match, and a channel per remote seat.

    ``seats_remote`` are the seats played on their own devices; the others
    (hot-seat, bots) are played by the host's page, which calls
    :meth:`changed` after each such move to bring the devices up to date.
    """

    def __init__(self, match: Match, seats_remote: Iterable[int], *,
                 token: Callable[[], str] = new_token, join_token: Callable[[], str] = new_join_token,
                 stored: dict | None = None):
        self.match = match
        self.remote = sorted(set(seats_remote))
        for seat in self.remote:
            if not 0 <= seat < len(match.seats):
                raise ValueError(f"no seat {seat} in this match")
        self.new_token = token  # nonces and secrets
        self.new_join_token = join_token  # the join codes' tokens (shorter: they go in the link)
        self.codes: dict[int, str] = {}  # seat -> its unused join-code token
        self.secrets: dict[int, str] = {}  # seat -> its secret (once joined)
        self.taken: dict[int, int] = {}  # seat -> the last device sequence number taken
        self._out_seq: dict[int, int] = {}
        self.outbox: dict[int, dict[int, str]] = {}  # seat -> unacknowledged sequenced messages
        self._last_body: dict[int, str] = {}
        self._last_view: dict[int, object] = {}  # seat -> the view its device holds
        self._sent_upto: dict[int, int] = {}  # seat -> log entries whose lines it has
        self._conns: dict[object, _Conn] = {}
        self._seat_conn: dict[int, object] = {}
        self._trail: list = []
        self._log: list[tuple[int, str]] = []
        self._lines: dict[int | None, list] = {}
        if stored is not None:
            self._restore(stored)
        for seat in self.remote:
            if seat not in self.secrets and seat not in self.codes:
                self.codes[seat] = join_token()

    # ---- pairing -------------------------------------------------------------------------
    def join_code(self, seat: int) -> str | None:
        """The seat's join code, or None once it was used (see :meth:`new_code`)."""
        token = self.codes.get(seat)
        return None if token is None else str(JoinCode(seat, token))

    def new_code(self, seat: int) -> str:
        """A new one-time code for ``seat`` (its device was lost): the old
        secret stops working; the seat is claimed again by the new code."""
        if seat not in self.remote:
            raise ValueError(f"seat {seat} is not played on its own device")
        self.secrets.pop(seat, None)
        conn = self._seat_conn.pop(seat, None)
        if conn is not None and conn in self._conns:
            self._conns[conn].seat = None
        self.codes[seat] = self.new_join_token()
        return self.join_code(seat)

    def release(self, seat: int) -> Wire:
        """Hand a (gone) seat to the host's screen or a bot: it is no longer
        remote; its code and secret stop working and its device, if still
        connected, is told so (``error`` ``released``)."""
        if seat not in self.remote:
            raise ValueError(f"seat {seat} is not played on its own device")
        self.remote.remove(seat)
        self.codes.pop(seat, None)
        self.secrets.pop(seat, None)
        self.outbox.pop(seat, None)
        conn = self._seat_conn.pop(seat, None)
        if conn is None or conn not in self._conns:
            return []
        self._conns[conn].seat = None
        return [(conn, dumps({"v": PROTOCOL_VERSION, "t": "error", "code": "released",
                              "reason": "this seat is now played on the host"}))]

    def status(self, seat: int) -> str:
        """``open`` (no device yet), ``connected``, ``away`` (joined, no
        channel now) or ``local`` (played on the host: never or no longer remote)."""
        if seat not in self.remote:
            return "local"
        if seat in self._seat_conn:
            return "connected"
        return "away" if seat in self.secrets else "open"

    def connect(self, conn: object) -> Wire:
        nonce = self.new_token()
        self._conns[conn] = _Conn(nonce)
        return [(conn, dumps({"v": PROTOCOL_VERSION, "t": "hello", "nonce": nonce}))]

    def disconnect(self, conn: object) -> None:
        c = self._conns.pop(conn, None)
        if c is not None and c.seat is not None and self._seat_conn.get(c.seat) == conn:  # by value: a page names its channels with texts
            del self._seat_conn[c.seat]

    # ---- what the host keeps over a reload (never in the save) ---------------------------------
    def to_json(self) -> dict:
        return {"v": PROTOCOL_VERSION, "codes": {str(k): v for k, v in self.codes.items()},
                "secrets": {str(k): v for k, v in self.secrets.items()},
                "taken": {str(k): v for k, v in self.taken.items()},
                "out": {str(k): v for k, v in self._out_seq.items()}}

    def _restore(self, data: dict) -> None:
        def seats(key):
            part = data.get(key) if isinstance(data, dict) else None
            if not isinstance(part, dict):
                return {}
            return {int(k): v for k, v in part.items()
                    if isinstance(k, str) and k.isdigit() and int(k) in self.remote}
        self.codes = {k: v for k, v in seats("codes").items() if isinstance(v, str)}
        self.secrets = {k: v for k, v in seats("secrets").items() if isinstance(v, str)}
        self.taken = {k: v for k, v in seats("taken").items() if type(v) is int}
        self._out_seq = {k: v for k, v in seats("out").items() if type(v) is int}

    # ---- receiving -------------------------------------------------------------------------
    def receive(self, conn: object, text: object) -> Wire:
        """A device's message: played, or refused with the reason (never raises)."""
        c = self._conns.get(conn)
        if c is None:
            return []
        try:
            data = read_message(text, max_chars=MAX_DEVICE_MESSAGE_CHARS, max_depth=MAX_DEVICE_DEPTH)
            kind = data["t"]
            if c.seat is None:
                if kind == "join":
                    return self._join(conn, c, data)
                if kind == "resume":
                    return self._resume(conn, c, data)
                raise ProtocolError("no-seat", "join or resume first")
            seat = c.seat
            if data.get("seat") != seat:
                raise ProtocolError("not-your-seat", "this device plays another seat")
            if not mac_ok(self.secrets[seat], c.nonce, data):
                raise ProtocolError("forged", "the message is not signed with this seat's secret")
            if kind == "ack":
                return self._ack(seat, field_int(data, "seq"))
            if kind == "act":
                return self._act(conn, seat, data)
            raise ProtocolError("kind", "unknown message kind")
        except ProtocolError as err:
            return self._refuse(conn, c, err.code, str(err))

    def _refuse(self, conn, c: _Conn, code: str, reason: str, re: int | None = None,
                rule: str = "", params: dict | None = None) -> Wire:
        if c.seat is None:
            return [(conn, dumps({"v": PROTOCOL_VERSION, "t": "error", "code": code, "reason": reason}))]
        body = {"t": "refused", "code": code, "reason": reason, "re": re, "rule": rule,
                "params": params or {}}
        return self._send(c.seat, body)

    def _join(self, conn, c: _Conn, data: dict) -> Wire:
        code = JoinCode.parse(data.get("code"))
        token = self.codes.get(code.seat)
        if token is None or not hmac.compare_digest(token, code.token):
            raise ProtocolError("code-used", "this join code is not (or no longer) valid")
        del self.codes[code.seat]
        secret = self.new_token() + self.new_token()
        self.secrets[code.seat] = secret
        self.taken[code.seat] = 0
        out = self._bind(conn, c, code.seat)
        m = self.match
        welcome = {"v": PROTOCOL_VERSION, "t": "welcome", "seat": code.seat, "secret": secret,
                   "game": m.game.info.id, "options": dict(m.options),
                   "names": [s.name for s in m.seats]}
        return [(conn, dumps(welcome))] + out

    def _resume(self, conn, c: _Conn, data: dict) -> Wire:
        seat = field_int(data, "seat", 0, len(self.match.seats) - 1)
        secret = self.secrets.get(seat)
        if secret is None or not mac_ok(secret, c.nonce, data):
            raise ProtocolError("forged", "this device does not hold that seat's secret")
        return self._bind(conn, c, seat)

    def _bind(self, conn, c: _Conn, seat: int) -> Wire:
        old = self._seat_conn.get(seat)
        if old is not None and old in self._conns:
            self._conns[old].seat = None  # the seat moved to this connection
        c.seat = seat
        self._seat_conn[seat] = conn
        self.outbox[seat] = {}  # a full resync replaces whatever was not acknowledged
        self._sent_upto[seat] = 0
        self._last_body.pop(seat, None)
        return self._sync(seat, full=True)

    def _ack(self, seat: int, seq: int) -> Wire:
        box = self.outbox.get(seat, {})
        for k in [k for k in box if k <= seq]:
            del box[k]
        return []

    def _act(self, conn, seat: int, data: dict) -> Wire:
        seq = field_int(data, "seq", 1)
        text = data.get("text")
        if seq <= self.taken.get(seat, 0):
            raise ProtocolError("replayed", "this message was taken already")
        if not isinstance(text, str) or not text or len(text) > MAX_ACTION_CHARS:
            raise ProtocolError("field", f"an action is a text of 1 to {MAX_ACTION_CHARS} characters")
        self.taken[seat] = seq  # taken, played or refused: it is never played again
        try:
            self.match.play(text, seat)
        except IllegalActionError as err:
            why = err.illegal
            return self._send(seat, {"t": "refused", "code": why.code, "reason": why.message, "re": seq,
                                     "rule": why.rule, "params": why.params_dict()}) + self._sync(seat)
        except ValueError as err:  # a text a game's parser refuses in its own words
            return self._send(seat, {"t": "refused", "code": "bad-text", "reason": str(err)[:200],
                                     "re": seq, "rule": "", "params": {}}) + self._sync(seat)
        return self.changed()

    # ---- sending ---------------------------------------------------------------------------
    def _send(self, seat: int, body: dict) -> Wire:
        conn = self._seat_conn.get(seat)
        seq = self._out_seq.get(seat, 0) + 1
        self._out_seq[seat] = seq
        text = dumps({"v": PROTOCOL_VERSION, "seq": seq, "seat": seat, **body})
        self.outbox.setdefault(seat, {})[seq] = text
        return [] if conn is None else [(conn, text)]

    def changed(self) -> Wire:
        """After any move (a device's, the host's, a bot's, an undo): the
        sync of every connected seat whose screen changed."""
        out: Wire = []
        for seat in self.remote:
            if seat in self._seat_conn:
                out += self._sync(seat)
        return out

    def _follow_log(self) -> None:
        m = self.match
        if m.log[:len(self._log)] != self._log:  # an undo: describe again from the start
            self._log, self._trail, self._lines = [], [], {}
            self._sent_upto = dict.fromkeys(self._sent_upto, 0)
            self._last_body = {}
        if not self._trail:
            self._trail = [m.game.new_state(len(m.seats), m.options)]
        for player, text in m.log[len(self._log):]:
            self._trail.append(m.game.apply_unchecked(self._trail[-1], m.game.parse_action(text)))
            self._log.append((player, text))

    def lines(self, viewer: int | None) -> list:
        """The described log for ``viewer`` (``None``: the table), one entry
        per log entry: ``(key, params)`` or None (nothing to show)."""
        self._follow_log()
        lines = self._lines.setdefault(viewer, [])
        game = self.match.game
        for k in range(len(lines), len(self._log)):
            player, text = self._log[k]
            try:
                lines.append(game.describe(self._trail[k], player, game.parse_action(text), viewer))
            except Exception:  # as the page does: a line that cannot be described is left out
                lines.append(None)
        return lines

    def screen(self, viewer: int | None, start: int = 0) -> dict:
        """What ``viewer``'s screen shows (``None``: the table, what everyone
        may see): its view, legal actions, log lines from entry ``start``."""
        m = self.match
        lines = self.lines(viewer)
        over = m.is_over
        to_act = m.to_act
        out = {"view": m.game.view(m.state, viewer),
               "legal": m.legal_texts(viewer) if viewer is not None else [],
               "to_act": None if over or to_act == CHANCE else to_act, "over": over,
               "length": len(lines), "from": start,
               "log": [[k, line[0], line[1]] for k, line in enumerate(lines[start:], start) if line is not None]}
        if over:
            outcome = m.outcome()
            out["outcome"] = outcome.to_json() if outcome is not None else None
        return out

    def table(self) -> dict:
        """The table's screen: the spectator view and log."""
        return self.screen(None)

    def _sync(self, seat: int, *, full: bool = False) -> Wire:
        self._follow_log()
        start = 0 if full else self._sent_upto.get(seat, 0)
        body = self.screen(seat, start)
        body["t"] = "sync"
        body["full"] = start == 0
        body["acked"] = self.taken.get(seat, 0)
        key = dumps({k: v for k, v in body.items() if k not in ("from", "log", "full")}) + str(body["length"])
        if not full and self._last_body.get(seat) == key:
            return []
        self._last_body[seat] = key
        self._sent_upto[seat] = body["length"]
        view = body["view"]
        last = self._last_view.get(seat)
        self._last_view[seat] = view
        if not body["full"] and isinstance(last, dict) and isinstance(view, dict):
            # only the view's top-level parts that changed ("patch"), and those gone
            del body["view"]
            body["patch"] = {k: v for k, v in view.items() if k not in last or last[k] != v}
            body["gone"] = sorted(k for k in last if k not in view)
        return self._send(seat, body)
