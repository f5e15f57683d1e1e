"""The host's side of "Players on their own devices" (issue 30,
docs/multiplayer.md): the match stays on this page (saved as always); the
page's Python runs :class:`~spieltisch.net.HostSession` and the browser
(static/js/table.js over static/js/net.js) carries its message texts over
one WebRTC data channel per remote seat.

``TableHostMixin`` is one part of ``Controller`` (controller.py). The page
talks to it with ``handle("net", event)`` (an event of table.js: an offer
made, a channel opened or closed, a message) and ``ui`` commands of the seat
panel (``net-accept:<seat>``, ``net-copy:<seat>``, ``net-bot:<seat>``,
``net-here:<seat>``); it answers with effects ``("net", {...})`` that
table.js carries out (make an offer, accept an answer, send a text, close).

Connections are named ``<seat>.<n>`` (a new offer per attempt). What the
host keeps over a reload -- the remote seats, the table's id and
``HostSession.to_json()`` (unused codes, seat secrets, sequence numbers) --
is the record ``spieltisch.net.host.<slot>`` (ui/records.py), never the save
or a link. A bad record is dropped; the game goes on with its seats on this
screen.
"""

from __future__ import annotations

import contextlib
import json

from ..core.match import Seat
from ..net import HostSession, link
from ..net.messages import new_token
from ..render.html import button, esc
from . import records

HOST_PREFIX = "spieltisch.net.host."
GONE_AFTER_S = 8.0  # a seat away this long offers "hand it to a bot / this screen"
SCAN_ERRORS = ("no-camera", "permission", "failed")  # qr.js's QrError codes the host is told of
STATES = ("open", "connected", "reconnecting", "away", "local")


def join_payload(table: str | None, seat: int, token: str | None, offer: str) -> str:
    """What follows ``#/join/``, packed as decimal digits (``net.link``: a QR
    code holds digits at 10 bits for 3, so the link stays a small code): the
    seat, the host's offer, and either the seat's one-time token (the first
    link) or, once that code was used, the seat's key (``link.seat_key`` of
    its secret: the device that holds the seat finds its stored secret by it
    and reclaims the seat). Nothing in it is secret beyond the one-time
    grant."""
    return link.join_payload(table or None, seat, token or None, offer)


class TableHostMixin:
    """The host's seat panel and its sessions."""

    def _net_clear(self) -> None:
        """No host session (a new game on screen, or none)."""
        if getattr(self, "net_host", None) is not None or getattr(self, "dev", None) is not None:
            self._effects.append(("net", {"do": "close-all"}))
        self._device_clear()  # table_device.py
        self.net_host: HostSession | None = None
        self.net_table = ""
        self.net_offers: dict[int, tuple[str, str]] = {}  # seat -> (conn, offer code)
        self.net_conn_seat: dict[str, int] = {}  # conn -> seat
        self.net_state: dict[int, str] = {}  # seat -> "reconnecting" while the channel wavers
        self.net_away_since: dict[int, float] = {}
        self.net_errors: dict[int, str] = {}  # seat -> a catalogue key (a bad answer code)
        self._net_gen = 0
        # the remote seats of a game being started (new_game.py sets them around _begin)
        self._net_pending: list[int] | None = getattr(self, "_net_pending", None)

    def net_remote(self) -> list[int]:
        h = getattr(self, "net_host", None)
        return list(h.remote) if h is not None else []

    # ---- opening a game ------------------------------------------------------------------
    def _net_open(self) -> None:
        """Called by ``_open``: a new game's remote seats, or a reloaded one's record."""
        pending, self._net_pending = self._net_pending, None
        m, slot = self.match, self.slot
        stored = None
        if pending is None:
            data = records.load(self.storage, HOST_PREFIX + slot)
            if not isinstance(data, dict):
                return
            remote = data.get("remote")
            table = data.get("table")
            ok = (isinstance(remote, list) and all(type(s) is int and 0 <= s < len(m.seats) for s in remote)
                  and isinstance(table, str) and 8 <= len(table) <= 40 and "." not in table)
            if not ok or not remote:
                records.drop_if_derived(self.storage, HOST_PREFIX + slot)
                return
            pending, stored = remote, data.get("session")
            self.net_table = table
        else:
            self.net_table = new_token()
        try:
            self.net_host = HostSession(m, pending, stored=stored if isinstance(stored, dict) else None)
        except (ValueError, TypeError, AttributeError):
            records.drop_if_derived(self.storage, HOST_PREFIX + slot)
            self.net_host = None
            return
        self._net_keep()
        for seat in self.net_host.remote:
            self._net_offer(seat)

    def _net_keep(self) -> None:
        h = self.net_host
        if h is None or not self.slot:
            return
        data = {"v": 1, "table": self.net_table, "remote": list(h.remote), "session": h.to_json()}
        with contextlib.suppress(Exception):  # full storage: the game goes on; a reload then asks again
            self.storage.set(HOST_PREFIX + self.slot, json.dumps(data, separators=(",", ":")))

    def _net_offer(self, seat: int) -> None:
        self._net_gen += 1
        conn = f"{seat}.{self._net_gen}"
        self.net_offers[seat] = (conn, "")
        self.net_conn_seat[conn] = seat
        # the STUN/TURN servers the player named (ui/ice_settings.py); none by default
        self._effects.append(("net", {"do": "offer", "conn": conn, "ice": self.ice_servers()}))

    # ---- the page's events ----------------------------------------------------------------
    def _net_event(self, ev: dict) -> set[str]:
        if not isinstance(ev, dict):
            return set()
        if self.route == "join":
            return self._device_event(ev)  # table_device.py
        h = self.net_host
        conn = ev.get("conn")
        if ev.get("t") == "tick":  # a seat has been away a while: offer to hand it on
            return {"top"} if h is not None else set()
        if h is None or not isinstance(conn, str) or conn not in self.net_conn_seat:
            return set()
        seat = self.net_conn_seat[conn]
        kind = ev.get("t")
        if kind == "offer":
            if self.net_offers.get(seat, ("",))[0] == conn and isinstance(ev.get("code"), str):
                self.net_offers[seat] = (conn, ev["code"])
                return {"top"}
            return set()
        if kind == "open":
            if seat not in h.remote:
                self._effects.append(("net", {"do": "close", "conn": conn}))
                return set()
            self.net_offers.pop(seat, None)
            self.net_state.pop(seat, None)
            self.net_errors.pop(seat, None)
            self._net_send(h.connect(conn))
            return {"top"}
        if kind == "wobble":  # ICE "disconnected": it may come back by itself
            self.net_state[seat] = "reconnecting"
            return {"top"}
        if kind == "steady":
            self.net_state.pop(seat, None)
            return {"top"}
        if kind == "close":
            h.disconnect(conn)
            self.net_conn_seat.pop(conn, None)
            self.net_state.pop(seat, None)
            if seat in h.remote and h.status(seat) != "connected" and seat not in self.net_offers:
                self.net_away_since[seat] = self.clock()
                self._net_offer(seat)  # the seat's code again: the device reclaims it with one scan
                self._effects.append(("net", {"do": "tick", "ms": int(GONE_AFTER_S * 1000) + 200}))
            return {"top"}
        if kind == "scanned":  # the host's camera read an answer (net-scan): as if pasted and Connect pressed
            code = ev.get("code")
            if self.net_offers.get(seat, ("",))[0] != conn or not isinstance(code, str):
                return set()
            if len(code) > 600:
                self.net_errors[seat] = "net.bad_answer"
                return {"top"}
            self.net_errors.pop(seat, None)
            self._effects.append(("net", {"do": "accept", "conn": conn, "code": code}))
            return {"top"}
        if kind == "scan-fail":  # no camera, no permission, or it would not start: say so; the box still works
            why = ev.get("code")
            self.net_errors[seat] = f"net.scan.{why if why in SCAN_ERRORS else 'failed'}"
            return {"top"}
        if kind == "fail":  # an answer code that did not connect
            self.net_errors[seat] = "net.bad_answer"
            if self.net_offers.get(seat, ("",))[0] == conn:
                self.net_conn_seat.pop(conn, None)
                self._net_offer(seat)
            return {"top"}
        if kind == "msg":
            before = len(self.match.log)
            out = h.receive(conn, ev.get("text"))
            self._net_send(out)
            self._net_keep()
            if len(self.match.log) != before:
                return self._net_moved(seat)
            return {"top"} if h.status(seat) == "connected" else set()
        return set()

    def _net_moved(self, seat: int) -> set[str]:
        """A device's move: the host's screen, save and bots follow (as for a move here)."""
        return set(self._changed(seat)) | {"top"}

    def _net_send(self, wire) -> None:
        for conn, text in wire:
            self._effects.append(("net", {"do": "send", "conn": conn, "text": text}))

    def _net_changed(self) -> None:
        """Called by ``_after_change``: bring every connected device up to date."""
        h = getattr(self, "net_host", None)
        if h is not None and h.match is self.match:
            self._net_send(h.changed())

    # ---- the seat panel's commands ------------------------------------------------------------
    def _net_host_ui(self, name: str, arg: str, form: dict | None) -> set[str] | None:
        h = self.net_host
        if not name.startswith("net-") or h is None:
            return None
        try:
            seat = int(arg)
        except ValueError:
            return set()
        if name == "net-accept":
            answer = str((form or {}).get(f"net-answer-{seat}", "")).strip()
            conn = self.net_offers.get(seat, ("", ""))[0]
            if not answer or not conn:
                self.net_errors[seat] = "net.no_answer"
                return {"top"}
            if len(answer) > 600:
                self.net_errors[seat] = "net.bad_answer"
                return {"top"}
            self.net_errors.pop(seat, None)
            self._effects.append(("net", {"do": "accept", "conn": conn, "code": answer}))
            return {"top"}
        if name == "net-scan":  # the host's camera reads the phone's answer (table.js, qr.scanQr)
            conn = self.net_offers.get(seat, ("", ""))[0]
            if not conn:
                return set()
            self.net_errors.pop(seat, None)
            self._effects.append(("net", {"do": "scan", "conn": conn, "lang": self.lang, "texts": {
                k: self.tr(f"net.scan.{k}", name=self.match.seats[seat].name)
                for k in ("title", "hint", "video", "cancel")}}))
            return {"top"}
        if name == "net-copy":
            link = self.net_link(seat)
            if link:
                self._effects.append(("net", {"do": "copy", "text": link}))
                self.set_status(self.tr("net.copied"))
            return {"status"}
        if name in ("net-bot", "net-here") and seat in h.remote and h.status(seat) != "connected":
            self._net_send(h.release(seat))
            offer = self.net_offers.pop(seat, None)
            if offer is not None:
                self._effects.append(("net", {"do": "close", "conn": offer[0]}))
            m = self.match
            if name == "net-bot":
                m.seats[seat] = Seat(m.seats[seat].name, "bot", "normal")
            self._net_keep()
            self.save_current()
            self._after_change()
            return {"screen", "status"}
        return set()

    def net_link(self, seat: int) -> str:
        h = self.net_host
        offer = self.net_offers.get(seat, ("", ""))[1]
        if h is None or not offer:
            return ""
        code = h.join_code(seat)
        if code:  # the first link: the seat and its one-time token (no table id: the link stays short)
            table, token = None, code.split("-", 1)[1]
        elif h.secrets.get(seat):  # the code was used: the device that holds the seat finds its record by this
            table, token = link.seat_key(h.secrets[seat]), None
        else:
            return ""
        try:
            return f"{self.site_url}#/join/{join_payload(table, seat, token, offer)}"
        except ValueError:  # an offer that is not net.js's code: no link rather than a broken one
            return ""

    def net_status(self, seat: int) -> str:
        h = self.net_host
        if h is None:
            return "local"
        state = h.status(seat)
        if state == "connected" and self.net_state.get(seat) == "reconnecting":
            return "reconnecting"
        return state

    # ---- rendering -------------------------------------------------------------------------------
    def net_panel_html(self, ctx) -> str:
        """The seat panel under the play bar: each remote seat's state and,
        until its device is connected, its link, code and a box for the answer."""
        h = self.net_host
        if h is None or not h.remote or self.match is None or self.match.is_over:
            return ""
        rows = []
        for seat in h.remote:
            state = self.net_status(seat)
            name = esc(self.match.seats[seat].name)
            head = (f'<div class="net-seat-head"><span class="net-name">{name}</span>'
                    f'<span class="net-state net-{state}" data-net-state="{state}">{ctx.h(f"net.state.{state}")}</span></div>')
            body = ""
            if state != "connected":
                link = self.net_link(seat)
                if link:
                    offer = self.net_offers[seat][1]
                    err = self.net_errors.get(seat)
                    body = (
                        f'<p class="muted">{ctx.h("net.scan_or_open")}</p>'
                        f'<div class="qr" data-qr="{esc(link)}" aria-hidden="true"></div>'
                        f'<div class="field"><label for="net-link-{seat}">{ctx.h("net.link")}</label>'
                        f'<input id="net-link-{seat}" class="net-link" type="text" readonly value="{esc(link)}" '
                        f'data-net-link="{seat}"></div>'
                        + button(ctx.h("net.copy"), ui=f"net-copy:{seat}", cls="btn")
                        + f'<details class="net-code"><summary>{ctx.h("net.code")}</summary>'
                        f'<code data-net-offer="{seat}">{esc(offer)}</code></details>'
                        f'<div class="field"><label for="net-answer-{seat}">{ctx.h("net.answer")}</label>'
                        f'<input id="net-answer-{seat}" name="net-answer-{seat}" type="text" autocomplete="off" '
                        f'spellcheck="false" maxlength="600"'
                        + (f' aria-invalid="true" aria-describedby="net-err-{seat}"' if err else "")
                        + "></div>"
                        + (f'<p class="form-error" id="net-err-{seat}" role="alert">{ctx.h(err)}</p>' if err else "")
                        + '<div class="form-btns net-answer-btns">'
                        + button(ctx.h("net.connect"), ui=f"net-accept:{seat}", cls="btn btn-primary")
                        + button(ctx.h("net.scan.button"), ui=f"net-scan:{seat}", cls="btn")
                        + "</div>")
                else:
                    body = f'<p class="muted">{ctx.h("net.preparing")}</p>'
                since = self.net_away_since.get(seat)
                if state == "away" and since is not None and self.clock() - since >= GONE_AFTER_S:
                    body += (f'<div class="form-btns net-gone"><p>{ctx.h("net.gone", name=self.match.seats[seat].name)}</p>'
                             + button(ctx.h("net.to_bot"), ui=f"net-bot:{seat}", cls="btn")
                             + button(ctx.h("net.to_here"), ui=f"net-here:{seat}", cls="btn") + "</div>")
            rows.append(f'<li class="net-seat" data-net-seat="{seat}">{head}{body}</li>')
        table = "" if self.humans() else f'<p class="muted net-table-note">{ctx.h("net.table_mode")}</p>'
        waiting = any(self.net_status(s) != "connected" for s in h.remote)
        return (f'<form class="net-panel{"" if waiting else " is-all-connected"}" data-net-panel novalidate '
                f'aria-labelledby="net-h"><details{" open" if waiting else ""}>'
                f'<summary id="net-h">{ctx.h("net.heading")}</summary>{table}'
                f'<ul class="net-seats">{"".join(rows)}</ul></details></form>')
