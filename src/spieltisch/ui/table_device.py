"""A device's screen (``#/join/<payload>``, issue 30, docs/multiplayer.md):
the page's Python runs :class:`~spieltisch.net.DeviceSession` and shows its
seat from the VIEW the host sends, with the game's own board renderers. The
device never has the state: its legal actions, log lines, whose turn and the
outcome all come from the host; its actions go to the host as texts and a
refusal is shown here with its reason, in this device's language.

``TableDeviceMixin`` is one part of ``Controller`` (controller.py). Effects
``("net", {...})`` go to static/js/table.js: ``join`` (answer the host's
offer), ``send``, ``cue`` (vibrate where the device can), ``awake`` (Screen
Wake Lock on or off), ``legal`` (this seat's legal texts, for tests and
bench/: nothing another seat may not see). The seat and its secret are
kept in ``spieltisch.net.seat.<table>.<seat>`` (ui/records.py) so that a
reloaded page reclaims its seat; a bad record is dropped.
"""

from __future__ import annotations

import contextlib
import json

from ..i18n import t
from ..net import DeviceSession, link
from ..render.context import Ctx
from ..render.html import button, esc
from . import records, screens
from .boards import get_board, has_board

SEAT_PREFIX = "spieltisch.net.seat."


def parse_payload(payload: str) -> tuple[str, int, str, str] | None:
    """``(table, seat, token, offer)`` from a join link's digits
    (table_host.join_payload, ``net.link``), or None for anything else. A
    first link has the token and no table field; a reclaim link has no token
    and, in the table field, the seat's key (8-40 characters)."""
    parsed = link.parse_payload(payload or "")
    if parsed is None:
        return None
    table, seat, token, offer = parsed
    if (table or not token) and not 8 <= len(table) <= 40:
        return None
    return table, seat, token, offer


class TableDeviceMixin:
    """The device's seat screen."""

    def _device_clear(self) -> None:
        self.dev: DeviceSession | None = None
        self.dev_key = ""
        self.dev_phase = ""  # "" | "bad" | "pairing" | "answer" | "connected" | "lost" | "released"
        self.dev_answer = ""
        self.dev_selected: str | None = None
        self._dev_seen = (0, 0)  # refusals and errors already shown
        self._dev_my_turn = False

    # ---- the route -----------------------------------------------------------------------
    def _go_join(self, payload: str) -> set[str]:
        self._leave_game()
        self._device_clear()
        self.route, self.route_arg = "join", payload
        self.set_status("")
        parsed = parse_payload(payload)
        if parsed is None:
            self.dev_phase = "bad"
            return {"screen", "status"}
        table, seat, token, offer = parsed
        # a first link: the record's key is known once the host's welcome brings the secret (_device_event)
        self.dev_key = "" if token else f"{SEAT_PREFIX}{table}.{seat}"
        stored = records.load(self.storage, self.dev_key) if self.dev_key else None
        if token:
            self.dev = DeviceSession(f"{seat}-{token}")
        elif isinstance(stored, dict) and stored.get("seat") == seat and isinstance(stored.get("secret"), str):
            try:
                self.dev = DeviceSession(stored=stored)
            except (TypeError, ValueError, AttributeError):
                records.drop_if_derived(self.storage, self.dev_key)
                self.dev = None
        if self.dev is None:
            self.dev_phase = "bad"
            return {"screen", "status"}
        self.dev_phase = "pairing"
        self._effects.append(("net", {"do": "join", "code": offer, "ice": self.ice_servers()}))
        return {"screen", "status"}

    # ---- the page's events -----------------------------------------------------------------
    def _device_event(self, ev: dict) -> set[str]:
        d = self.dev
        if d is None:
            return set()
        kind = ev.get("t")
        if kind == "answer" and isinstance(ev.get("code"), str):
            self.dev_answer = ev["code"]
            self.dev_phase = "answer"
            return {"screen"}
        if kind == "fail":
            self.dev_phase = "bad"
            return {"screen"}
        if kind == "open":
            self.dev_phase = "connected"
            self._effects.append(("net", {"do": "awake", "on": True}))
            return {"screen"}
        if kind == "close":
            d.connection_lost()
            if self.dev_phase != "released":
                self.dev_phase = "lost"
            self._effects.append(("net", {"do": "awake", "on": False}))
            return {"screen"}
        if kind != "msg":
            return set()
        out = d.receive(ev.get("text"))
        for text in out:
            self._effects.append(("net", {"do": "send", "conn": "dev", "text": text}))
        if d.joined and not self.dev_key and isinstance(d.secret, str) and isinstance(d.seat, int):
            self.dev_key = f"{SEAT_PREFIX}{link.seat_key(d.secret)}.{d.seat}"  # a reclaim link names this key
        if d.joined and self.dev_key:
            with contextlib.suppress(Exception):  # full storage: a reload then needs a new code
                self.storage.set(self.dev_key, json.dumps(d.to_json(), separators=(",", ":")))
        self._device_news()
        return {"screen", "status"}

    def _device_news(self) -> None:
        d = self.dev
        seen_r, seen_e = self._dev_seen
        for r in d.refusals[seen_r:]:
            self.set_status(self._device_refusal(r), kind="illegal")
        for e in d.errors[seen_e:]:
            if e.get("code") == "released":
                self.dev_phase = "released"
                self._effects.append(("net", {"do": "awake", "on": False}))
            elif e.get("code") in ("code-used", "forged", "bad-code"):
                self.dev_phase = "refused"
        self._dev_seen = (len(d.refusals), len(d.errors))
        mine = d.my_turn
        if mine and not self._dev_my_turn:
            self._effects.append(("net", {"do": "cue"}))
        self._dev_my_turn = mine
        if self.dev_selected is not None and not any(
                x.startswith(self.dev_selected.split(":")[0]) for x in d.legal):
            self.dev_selected = None
        self._effects.append(("net", {"do": "legal", "legal": d.legal if mine else []}))
        if d.screen.get("over"):
            self._effects.append(("net", {"do": "awake", "on": False}))

    def _device_refusal(self, r: dict) -> str:
        game_id = self.dev.game_id or ""
        params = r.get("params") if isinstance(r.get("params"), dict) else {}
        if has_board(game_id):
            board = get_board(game_id)
            ctx = self._device_ctx()
            params = {k: board.param(k, v, ctx) for k, v in params.items()}
        code = str(r.get("code") or "")
        for key in (f"{game_id}.illegal.{code}", f"core.illegal.{code}"):
            text = t(self.lang, key, **params)
            if text != key:
                return text
        return t(self.lang, "net.refused", reason=str(r.get("reason") or "")[:200])

    def _device_act(self, text: str) -> set[str]:
        d = self.dev
        if d is None or self.dev_phase != "connected":
            return set()
        self.set_status("")
        self.dev_selected = None
        for out in d.act(str(text)[:200]):
            self._effects.append(("net", {"do": "send", "conn": "dev", "text": out}))
        self._effects.append(("net", {"do": "legal", "legal": []}))
        return {"status"}

    def _device_ui(self, name: str, arg: str) -> set[str] | None:
        if self.route != "join":
            return None
        if name == "select" and self.dev is not None:
            self.dev_selected = None if self.dev_selected == arg else arg
            return {"screen"}
        if name == "net-copy-answer" and self.dev_answer:
            self._effects.append(("net", {"do": "copy", "text": self.dev_answer}))
            self.set_status(self.tr("net.copied"))
            return {"status"}
        return None

    # ---- rendering ---------------------------------------------------------------------------
    def device_seated(self) -> bool:
        """Does this device show its seat (the play frame) rather than the pairing box?"""
        d = self.dev
        return d is not None and bool(d.screen) and has_board(d.game_id or "") and self.dev_phase not in (
            "bad", "refused", "released")

    def _device_ctx(self) -> Ctx:
        d = self.dev
        game_id = d.game_id or ""
        names = tuple(str(n) for n in d.names)
        lines = tuple(d.log_lines())[-20:]
        legal = frozenset(d.legal) if d.my_turn else frozenset()
        return Ctx(self.lang, game_id, names, (False,) * len(names), d.seat, legal, self.dev_selected,
                   False, lines, ())

    def _render_device(self) -> str:
        d = self.dev
        phase = self.dev_phase
        h = lambda key, **kw: esc(self.tr(key, **kw))
        if phase in ("bad", "refused", "released") or d is None:
            key = {"bad": "net.bad_link", "refused": "net.refused_seat", "released": "net.released"}.get(phase,
                                                                                                      "net.bad_link")
            return (f'<div class="notice net-device" data-net-phase="{esc(phase or "bad")}"><h2>{h("net.device_heading")}</h2>'
                    f'<p>{h(key)}</p><a class="btn" href="#/" data-ui="hub">{h("play.hub")}</a></div>')
        if not self.device_seated():
            body = f'<p>{h("net.pairing")}</p>'
            if phase == "answer":
                body = (f'<p>{h("net.show_answer")}</p>'
                        f'<div class="qr" data-qr="{esc(self.dev_answer)}" aria-hidden="true"></div>'
                        f'<div class="field"><label for="net-my-answer">{h("net.my_answer")}</label>'
                        f'<input id="net-my-answer" class="net-link" type="text" readonly value="{esc(self.dev_answer)}" '
                        f'data-net-answer></div>'
                        + button(h("net.copy"), ui="net-copy-answer", cls="btn btn-primary"))
            elif phase == "connected":
                body = f'<p>{h("net.joining")}</p>'
            elif phase == "lost":
                body = f'<p>{h("net.lost")}</p>'
            return (f'<section class="net-device net-pair" data-net-phase="{esc(phase)}" aria-labelledby="net-dev-h">'
                    f'<h2 id="net-dev-h">{h("net.device_heading")}</h2>{body}</section>')
        return self._render_device_play(d)

    def _render_device_play(self, d: DeviceSession) -> str:
        board = get_board(d.game_id)
        ctx = self._device_ctx()
        view = d.view
        scr = d.screen
        over = bool(scr.get("over"))
        to_act = scr.get("to_act")
        mine = d.my_turn
        me = ctx.name(d.seat)
        if over:
            turn = self.tr("over.heading")
        elif mine:
            turn = self.tr("net.your_turn", name=me)
        elif isinstance(to_act, int):
            turn = self.tr("play.turn_other", name=ctx.name(to_act))
        else:
            turn = ""
        lost = self.dev_phase != "connected"
        top = (f'<div class="bar net-bar{" is-my-turn" if mine else ""}" data-my-turn="{"1" if mine else "0"}">'
               f'<div class="turn"><h2 class="game-title sr">{ctx.h(f"game.{ctx.game_id}.title")}</h2>'
               f'<p class="whose" id="turn-line" tabindex="-1">{esc(turn)}</p>'
               f'<p class="prompt">{esc(board.prompt(view, ctx)) if mine else ctx.h("net.you_are", name=me)}</p></div>'
               f'<div class="tools"><span class="net-state net-{"away" if lost else "connected"}">'
               f'{ctx.h("net.state.lost" if lost else "net.state.connected")}</span>'
               f'<a class="btn" href="#/" data-ui="hub">{ctx.h("play.hub")}</a></div></div>')
        seats = []
        for i, name in enumerate(ctx.names):
            you = f' <span class="you">{ctx.h("play.you")}</span>' if i == d.seat else ""
            mark = f'<span class="to-move">{ctx.h("play.to_move")}</span>' if i == to_act and not over else ""
            seats.append(f'<li class="seat{" is-active" if i == to_act else ""}" data-seat="{i}">'
                         f'<div class="seat-head"><span class="seat-name">{esc(name)}</span>{you}{mark}</div>'
                         f'{board.seat_info(view, i, ctx)}</li>')
        lines = []
        for n, (key, params) in enumerate(d.log_lines()[-80:], 1):
            lines.append((n, t(self.lang, key, **{k: board.param(k, v, ctx) for k, v in params.items()})))
        side = (f'<section class="seats"><h2>{ctx.h("play.players")}</h2>'
                f'<ul class="seat-list-play">{"".join(seats)}</ul></section>'
                f'<section class="moves" data-log>{screens.side_log(ctx, lines)}</section>')
        overlay = self._device_over(ctx, scr) if over else ""
        return screens.play_frame({"top": top, "board": board.board(view, ctx), "hand": board.hand(view, ctx),
                                   "side": side, "rules": "", "overlay": overlay}).replace(
            '<div class="play">', f'<div class="play net-device{" is-my-turn" if mine else ""}" data-net-seat-screen>', 1)

    def _device_over(self, ctx: Ctx, scr: dict) -> str:
        out = scr.get("outcome") if isinstance(scr.get("outcome"), dict) else {}
        scores = out.get("scores") if isinstance(out.get("scores"), list) else []
        winners = [w for w in out.get("winners", []) if isinstance(w, int)] if isinstance(out.get("winners"), list) else []
        names = t(ctx.lang, "over.and").join(ctx.name(w) for w in winners)
        head = ctx.tr("over.winner" if len(winners) == 1 else "over.winners", names=names)
        order = sorted(range(len(scores)), key=lambda i: (i not in winners, scores[i] if out.get("low_wins") else -scores[i]))
        rows = "".join(f'<tr class="{"is-winner" if i in winners else ""}" data-final-seat="{i}">'
                       f'<th scope="row">{esc(ctx.name(i))}{" ★" if i in winners else ""}</th>'
                       f'<td class="num">{esc(scores[i])}</td></tr>' for i in order)
        reason = str(out.get("reason") or "")
        return ('<div class="gameover" data-gameover role="dialog" aria-labelledby="over-h">'
                f'<h2 id="over-h" tabindex="-1">{ctx.h("over.heading")}</h2>'
                f'<p class="winner"><span class="over-star" aria-hidden="true">★</span> {esc(head)}</p>'
                + (f'<p class="muted">{ctx.h(reason)}</p>' if reason else "")
                + f'<table class="scores"><thead><tr><th scope="col">{ctx.h("over.player")}</th>'
                f'<th scope="col">{ctx.h("over.score")}</th></tr></thead><tbody>{rows}</tbody></table>'
                f'<div class="form-btns over-btns"><a class="btn" href="#/" data-ui="hub">{ctx.h("over.hub")}</a></div></div>')
