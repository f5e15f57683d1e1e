"""Issue 30: the STUN/TURN setting on the hub (ui/ice_settings.py): bad
entries are refused with their messages (EN/DE) and nothing is stored; a
saved list goes into every offer the host makes and every answer a device
makes; none by default; a malformed stored value is not used, is said, is
shown in the box and stays stored (nothing lost)."""

from __future__ import annotations

import json

from spieltisch.ui.controller import Controller, MemoryStorage
from spieltisch.ui.ice_settings import ICE_KEY

from .test_table_screens import Table, host_controller


def jobs(ctl, do):
    return [e[1] for e in ctl.take_effects() if e[0] == "net" and e[1]["do"] == do]


def test_bad_entries_are_refused_with_messages_and_nothing_is_stored():
    store = MemoryStorage()
    ctl = Controller(store, browser_lang="en")
    html = ctl.render("screen")
    assert 'id="ice-servers"' in html and "In use: none (devices on the same network only)." in html
    text = "stun:ok.example.org\nhttp://x.example\nturn:turn.example.org:3478"
    ctl.handle("ui", "ice-save", {"ice-servers": text})
    html = ctl.render("screen")
    assert store.get(ICE_KEY) is None
    assert '<div class="form-error ice-errors" id="ice-errs" role="alert"><ul><li>' in html and 'aria-invalid="true"' in html
    assert "Line 2: “http://x.example” is not a STUN or TURN server." in html
    assert "Line 3: a TURN server needs a user name and a password after its address." in html
    assert ">stun:ok.example.org\nhttp://x.example\nturn:turn.example.org:3478</textarea>" in html  # kept in the box
    ctl.set_lang("de")
    html = ctl.render("screen")
    assert "Zeile 2: „http://x.example“ ist kein STUN- oder TURN-Server." in html
    assert "Zeile 3: ein TURN-Server braucht nach seiner Adresse Benutzername und Passwort." in html


def test_saved_servers_go_into_the_hosts_offers_and_the_devices_answer():
    plain = host_controller("hexen_cocktail", ["device", "device"])
    assert [j["ice"] for j in jobs(plain, "offer")] == [[], []]  # none by default
    store = MemoryStorage()
    setter = Controller(store, browser_lang="en")
    setter.handle("ui", "ice-save", {"ice-servers": "turn:turn.example.org:3478 table s3cret\nstun:10.0.0.1:3478"})
    assert setter.status_text == "Saved: 2 server(s) will be used for new connections."
    assert json.loads(store.get(ICE_KEY))["v"] == 1
    want = [{"urls": "turn:turn.example.org:3478", "username": "table", "credential": "s3cret"},
            {"urls": "stun:10.0.0.1:3478"}]
    host = host_controller("hexen_cocktail", ["device", "device"], storage=store)
    assert host.ice_servers() == want
    offers = [e for e in host._effects if e[0] == "net" and e[1]["do"] == "offer"]
    assert [e[1]["ice"] for e in offers] == [want, want]
    # a device with its own list answers with it; the link carries none of the host's
    table = Table(host)
    table.settle()
    dev = table.device("a")
    dev.handle("ui", "ice-save", {"ice-servers": "stun:stun.example.net"})
    dev.take_effects()
    link = host.net_link(0)
    assert link and "s3cret" not in link and link.split("#/join/", 1)[1].isdigit()
    dev.handle("route", link.split("#", 1)[1])
    assert [j["ice"] for j in jobs(dev, "join")] == [[{"urls": "stun:stun.example.net"}]]
    # saving an empty box: no servers again, the record removed
    host.handle("ui", "ice-save", {"ice-servers": "  \n"})
    assert store.get(ICE_KEY) is None and host.ice_servers() == []
    assert host.status_text == "Saved: no servers. Only devices on the same network can connect."


def test_a_malformed_stored_value_is_ignored_said_shown_and_kept():
    for raw, shown in (("{not json", "{not json"),
                       (json.dumps({"v": 1, "text": "turn:no-login.example.org"}), "turn:no-login.example.org"),
                       (json.dumps({"v": 9, "servers": []}), '{"v": 9, "servers": []}'),
                       (json.dumps(["stun:a.example"]), '["stun:a.example"]')):
        store = MemoryStorage()
        store.set(ICE_KEY, raw)
        ctl = Controller(store, browser_lang="en")
        assert ctl.ice_servers() == []
        html = ctl.render("screen")
        assert ('<p class="form-error" id="ice-notice" role="alert">The saved server list could not be read, '
                "so no server is used.") in html
        assert "<details open>" in html.split('data-ice', 1)[1][:40]
        from spieltisch.render.html import esc
        assert f">{esc(shown)}</textarea>" in html
        assert store.get(ICE_KEY) == raw  # nothing lost: it stays until the player saves the box
        ctl.handle("ui", "ice-save", {"ice-servers": "stun:a.example"})
        assert ctl.ice_servers() == [{"urls": "stun:a.example"}] and "ice-notice" not in ctl.render("screen")
