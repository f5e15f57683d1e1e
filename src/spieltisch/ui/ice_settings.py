"""The STUN/TURN setting on screen (issue 30, docs/multiplayer.md "STUN and
TURN"): a box on the hub, one server a line (``net/ice.py`` checks them),
kept in ``spieltisch.net.ice`` as ``{"v": 1, "text": ...}`` -- the player's
own text, so that what they typed is never lost. With no setting the site
uses no ICE server at all. A stored value that is not such a record, or
whose text no longer passes the check, is not used (no server) and the box
says so, showing what was stored; it stays stored until the player saves
the box again.

``IceSettingsMixin`` is one part of ``Controller``; ``ice_servers()`` is the
list the host's offers and a device's answer are made with (table_host.py,
table_device.py: the ``ice`` of their ``offer`` and ``join`` jobs).
"""

from __future__ import annotations

import json

from ..i18n import t
from ..net import ice
from ..render.html import button, esc
from . import records

ICE_KEY = "spieltisch.net.ice"


class IceSettingsMixin:
    def _init_ice(self) -> None:
        self.ice_draft: str | None = None  # the box's text after a refused save
        self.ice_problems: list[tuple[int, str, dict]] = []

    def ice_setting(self) -> tuple[list[dict], str | None, str]:
        """``(servers, notice key or None, the box's text)`` from storage."""
        try:
            raw = self.storage.get(ICE_KEY)
        except Exception:
            raw = None
        if raw is None:
            return [], None, ""
        data = records.load(self.storage, ICE_KEY)  # bounded; a bad setting reads as None and stays stored
        text = data.get("text") if isinstance(data, dict) and data.get("v") == 1 else None
        if isinstance(text, str):
            servers, problems = ice.parse_servers(text)
            if not problems:
                return servers, None, text
        shown = text if isinstance(text, str) else raw if isinstance(raw, str) else ""
        return [], "ice.bad_stored", shown[:ice.MAX_TEXT]

    def ice_servers(self) -> list[dict]:
        return self.ice_setting()[0]

    def _ice_ui(self, name: str, form: dict | None) -> set[str] | None:
        if name != "ice-save":
            return None
        text = str((form or {}).get("ice-servers", ""))
        servers, problems = ice.parse_servers(text)
        if problems:
            self.ice_draft, self.ice_problems = text[:ice.MAX_TEXT], problems
            self.set_status("")
            self._effects.append(("focus", "#ice-servers"))
            return {"screen", "status"}
        self.ice_draft, self.ice_problems = None, []
        try:
            if text.strip():
                self.storage.set(ICE_KEY, json.dumps({"v": 1, "text": text}, separators=(",", ":")))
            else:
                self.storage.remove(ICE_KEY)
        except Exception:
            self.set_status(self.tr("ice.not_saved"), kind="illegal")
            return {"status"}
        self.set_status(self.tr("ice.saved", count=len(servers)) if servers else self.tr("ice.saved_none"))
        return {"screen", "status"}

    def ice_settings_html(self) -> str:
        lang = self.lang
        h = lambda key, **kw: esc(t(lang, key, **kw))
        servers, notice, text = self.ice_setting()
        problems = self.ice_problems
        if self.ice_draft is not None:
            text = self.ice_draft
        errs = ""
        if problems:
            items = "".join(f"<li>{h('ice.err.line', line=n, problem=t(lang, key, **params))}</li>" if n
                            else f"<li>{h(key, **params)}</li>" for n, key, params in problems)
            errs = f'<div class="form-error ice-errors" id="ice-errs" role="alert"><ul>{items}</ul></div>'
        note = f'<p class="form-error" id="ice-notice" role="alert">{h(notice)}</p>' if notice else ""
        describe = " ".join(x for x in ("ice-help", "ice-errs" if errs else "", "ice-notice" if note else "") if x)
        using = h("ice.using", count=len(servers)) if servers else h("ice.using_none")
        return (f'<section class="hub-settings" aria-labelledby="settings-h"><h2 id="settings-h">{h("settings.heading")}</h2>'
                f'<form class="ice-form" data-ice novalidate><details{" open" if problems or notice else ""}>'
                f'<summary>{h("ice.heading")}</summary>'
                f'<p class="muted" id="ice-help">{h("ice.help")}</p>{note}'
                f'<div class="field"><label for="ice-servers">{h("ice.label")}</label>'
                f'<textarea id="ice-servers" name="ice-servers" rows="4" spellcheck="false" autocomplete="off" '
                f'autocapitalize="off" maxlength="{ice.MAX_TEXT}" aria-describedby="{describe}"'
                + (' aria-invalid="true"' if errs else "")
                + f' placeholder="turn:turn.example.org:3478 name password">{esc(text)}</textarea></div>{errs}'
                f'<p class="muted" data-ice-using="{len(servers)}">{using}</p>'
                f'<div class="form-btns">{button(h("ice.save"), ui="ice-save", cls="btn")}</div>'
                "</details></form></section>")
