"""Issue 30, the screens in CPython: a host Controller and device
Controllers, their ``("net", ...)`` effects carried by a stand-in for
static/js/table.js (offers, answers and channels are in-memory). The
browser tests (tests/browser/test_table.py) run the same over real data
channels."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest
from support.registry import GAME_IDS

from spieltisch.core.rng import Rng
from spieltisch.net.link import seat_key
from spieltisch.ui import records
from spieltisch.ui.controller import Controller, MemoryStorage
from spieltisch.ui.table_device import SEAT_PREFIX, parse_payload
from spieltisch.ui.table_host import HOST_PREFIX


def _fake_offer(conn: str) -> str:
    """An offer in static/js/net.js's code format (digits of its bytes, format
    1 in the first byte's top bits), standing in for a real description."""
    import hashlib

    from spieltisch.net.link import OFFER_FORMAT
    data = bytes([OFFER_FORMAT << 5]) + hashlib.sha256(conn.encode()).digest()
    return str(int.from_bytes(b"\x01" + data, "big"))


class Table:
    """table.js in memory: one host page, any number of device pages."""

    def __init__(self, host: Controller):
        self.host = host
        self.devices: dict[str, Controller] = {}
        self.links: dict[str, tuple[str, object]] = {}  # host conn <-> device name
        self.answers: dict[str, str] = {}  # device -> its answer code
        self.offers: dict[str, str] = {}  # offer code -> host conn
        self.pending_open: dict[str, str] = {}  # host conn -> device, once accepted
        self.received: dict[str, list[str]] = {}
        self.queue: list[tuple[Controller, dict]] = []

    def device(self, name: str, storage=None, lang="en") -> Controller:
        ctl = Controller(storage or MemoryStorage(), browser_lang=lang, seed_source=lambda: 1)
        ctl.site_url = "https://t.example/"
        self.devices[name] = ctl
        return ctl

    def run(self, ctl: Controller) -> None:
        for eff in ctl.take_effects():
            if eff[0] != "net":
                continue
            job = eff[1]
            do = job["do"]
            if ctl is self.host:
                if do == "offer":
                    code = _fake_offer(job["conn"])
                    self.offers[code] = job["conn"]
                    self.queue.append((ctl, {"t": "offer", "conn": job["conn"], "code": code}))
                elif do == "accept":
                    dev = next((d for d, a in self.answers.items() if a == job["code"]), None)
                    if dev is None:
                        self.queue.append((ctl, {"t": "fail", "conn": job["conn"]}))
                    else:
                        self.links[job["conn"]] = (dev, None)
                        self.links[dev] = (job["conn"], None)
                        self.queue.append((ctl, {"t": "open", "conn": job["conn"]}))
                        self.queue.append((self.devices[dev], {"t": "open", "conn": "dev"}))
                elif do == "send":
                    dev = self.links.get(job["conn"], (None,))[0]
                    if dev in self.devices:
                        self.received.setdefault(dev, []).append(job["text"])
                        self.queue.append((self.devices[dev], {"t": "msg", "conn": "dev", "text": job["text"]}))
            else:
                name = next(n for n, c in self.devices.items() if c is ctl)
                if do == "join":
                    self.answers[name] = f"ANSWER-{name}-{job['code'][:30]}"
                    self.queue.append((ctl, {"t": "answer", "conn": "dev", "code": self.answers[name]}))
                elif do == "send":
                    conn = self.links.get(name, (None,))[0]
                    if conn is not None:
                        self.queue.append((self.host, {"t": "msg", "conn": conn, "text": job["text"]}))
                elif do == "legal":
                    ctl.test_legal = job["legal"]

    def settle(self, limit: int = 100_000) -> None:
        for c in [self.host, *self.devices.values()]:
            self.run(c)
        n = 0
        while self.queue:
            ctl, ev = self.queue.pop(0)
            ctl.handle("net", json.loads(json.dumps(ev)))  # as the page's event: new texts, never the same objects
            self.run(ctl)
            while ctl is self.host and ctl.bot_pending():
                ctl.bot_step(5)
                self.run(ctl)
            n += 1
            assert n < limit

    def close_device(self, name: str) -> None:
        conn = self.links.pop(name, (None,))[0]
        self.links.pop(conn, None)
        del self.devices[name]
        self.host.handle("net", json.loads(json.dumps({"t": "close", "conn": conn})))
        self.settle()

    def pair(self, name: str, seat: int, ctl: Controller | None = None) -> Controller:
        ctl = ctl or self.devices.get(name) or self.device(name)
        link = self.host.net_link(seat)
        assert link, "the host has no link for that seat yet"
        ctl.handle("route", link.split("#", 1)[1])
        self.run(ctl)
        self.settle()
        self.host.handle("ui", f"net-accept:{seat}", {f"net-answer-{seat}": self.answers[name]})
        self.run(self.host)
        self.settle()
        return ctl


def host_controller(game_id: str, kinds: list[str], storage=None) -> Controller:
    host = Controller(storage or MemoryStorage(), browser_lang="en", seed_source=lambda: 7,
                      bot_iterations=8)
    host.site_url = "https://t.example/"
    host.handle("route", f"#/new/{game_id}")
    form = {"devices": True, "seats": str(len(kinds)), "seed": "5"}
    for i, k in enumerate(kinds):
        form[f"seat-{i}-kind"] = k
    host.handle("form", "devices", form)
    host.handle("ui", "start", form)
    assert host.route == "play"
    return host


def play_out(table: Table, seed: int, limit: int = 3000):
    rng = Rng(seed)
    moves = 0
    host = table.host
    while not host.match.is_over:
        movers = [(n, d) for n, d in table.devices.items() if getattr(d, "test_legal", [])]
        if not movers:
            if host.humans() and host.curtain_up:
                host.handle("ui", "reveal")
            seat = host.shown
            legal = host.match.legal_texts(seat) if seat is not None and host.match.to_act == seat else []
            assert legal, "nobody can move"
            host.handle("action", legal[rng.below(len(legal))])
            table.run(host)
        else:
            dev = movers[0][1]
            legal = dev.test_legal
            dev.handle("action", legal[rng.below(len(legal))])
            table.run(dev)
        table.settle()
        moves += 1
        assert moves < limit


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_with_two_devices_and_the_table(game_id):
    host = host_controller(game_id, ["device", "device"])
    assert host.humans() == [] and host.net_remote() == [0, 1]
    assert "net-panel" in host.render("top") and "data-qr=" not in host.render("top")  # no offer yet
    table = Table(host)
    table.settle()
    assert host.render("top").count('class="qr" data-qr="https://t.example/#/join/') == 2
    for seat in (0, 1):  # a first link: the seat and its 8-character token, no table id (a short QR code)
        table_id, got_seat, token, _ = parse_payload(host.net_link(seat).split("#/join/", 1)[1])
        assert (table_id, got_seat, len(token)) == ("", seat, 8)
    d0 = table.pair("a", 0)
    d1 = table.pair("b", 1)
    assert host.net_status(0) == host.net_status(1) == "connected"
    assert d0.dev.seat == 0 and d1.dev.seat == 1
    play_out(table, seed=11)
    m = host.match
    for ctl, seat in ((d0, 0), (d1, 1)):
        assert ctl.dev.screen["over"] is True
        assert ctl.dev.view == m.game.view(m.state, seat)
        html = ctl.render("screen")
        assert "data-gameover" in html
    # the table (this screen) showed the spectator view all along: no seat on screen
    assert host.shown is None


def test_a_device_page_closed_and_reopened_reclaims_its_seat_every_move_kept():
    host = host_controller("hexen_cocktail", ["device", "human", "device"])
    table = Table(host)
    table.settle()
    store_b = MemoryStorage()
    table.pair("a", 0)
    table.device("b", storage=store_b)
    table.pair("b", 2)
    rng = Rng(3)
    for _ in range(6):  # a few moves, then the phone of seat 2 reloads
        movers = [(n, d) for n, d in table.devices.items() if getattr(d, "test_legal", [])]
        if movers:
            movers[0][1].handle("action", movers[0][1].test_legal[0])
            table.run(movers[0][1])
        else:
            if host.curtain_up:
                host.handle("ui", "reveal")
            legal = host.match.legal_texts(host.shown)
            host.handle("action", legal[rng.below(len(legal))])
            table.run(host)
        table.settle()
    log_before = list(host.match.log)
    table.close_device("b")
    assert host.net_status(2) == "away"
    link = host.net_link(2)
    seat_part = parse_payload(unquote(link.split("#/join/", 1)[1]))
    assert seat_part[1] == 2 and seat_part[2] == ""  # the code was used: the stored secret reclaims it
    # the reclaim link names the seat's key (of its secret), under which the phone keeps its record
    assert seat_part[0] == seat_key(host.net_host.secrets[2])
    assert f"{SEAT_PREFIX}{seat_part[0]}.2" in store_b.data
    fresh = table.device("b", storage=store_b)
    table.pair("b", 2, fresh)
    assert host.net_status(2) == "connected" and fresh.dev.seat == 2
    assert host.match.log[:len(log_before)] == log_before
    play_out(table, seed=4)
    assert host.match.is_over and fresh.dev.screen["over"]


def test_a_stranger_without_the_secret_gets_no_seat_and_a_bad_record_is_dropped():
    host = host_controller("saboteur", ["device", "device", "device"])
    table = Table(host)
    table.settle()
    table.pair("a", 0)
    table.close_device("a")
    link = host.net_link(0)
    stranger = table.device("z")  # the reclaim link, on a device with no stored secret
    stranger.handle("route", link.split("#", 1)[1])
    table.run(stranger)
    assert stranger.dev is None and stranger.dev_phase == "bad" and "z" not in table.answers
    assert "net-device" in stranger.render("screen")
    # a device with a made-up secret for that seat pairs, and is refused the seat
    table_id = parse_payload(unquote(link.split("#/join/", 1)[1]))[0]
    forger_store = MemoryStorage()
    forger_store.set(f"{SEAT_PREFIX}{table_id}.0", '{"seat":0,"secret":"%s","game":"saboteur"}' % ("x" * 32))
    forger = table.device("f", storage=forger_store)
    table.pair("f", 0, forger)
    assert forger.dev_phase == "refused" and forger.dev.screen == {}
    assert host.net_status(0) == "away"
    store = MemoryStorage()
    store.set(SEAT_PREFIX + "x" * 16 + ".0", '{"seat": [[[[[[[[1]]]]]]]]}')
    assert records.load(store, SEAT_PREFIX + "x" * 16 + ".0") is None
    assert store.get(SEAT_PREFIX + "x" * 16 + ".0") is None


def test_host_reload_resumes_the_game_and_the_devices_pair_again():
    storage = MemoryStorage()
    host = host_controller("potions_brew", ["device", "device"], storage=storage)
    table = Table(host)
    table.settle()
    store_a, store_b = MemoryStorage(), MemoryStorage()
    table.device("a", storage=store_a)
    table.device("b", storage=store_b)
    table.pair("a", 0)
    table.pair("b", 1)
    for _ in range(4):
        dev = next(d for d in table.devices.values() if getattr(d, "test_legal", []))
        dev.handle("action", dev.test_legal[0])
        table.run(dev)
        table.settle()
    log = list(host.match.log)
    slot = host.slot
    assert records.load(storage, HOST_PREFIX + slot)["remote"] == [0, 1]
    # the host page reloads: a new controller on the same storage
    host2 = Controller(storage, browser_lang="en", seed_source=lambda: 7)
    host2.site_url = "https://t.example/"
    host2.handle("route", f"#/play/{slot}")
    assert host2.match is not None and host2.match.log == log
    assert host2.net_remote() == [0, 1] and host2.net_status(0) == "away"
    table2 = Table(host2)
    table2.settle()
    a = table2.device("a", storage=store_a)
    b = table2.device("b", storage=store_b)
    table2.pair("a", 0, a)
    table2.pair("b", 1, b)
    assert host2.net_status(0) == host2.net_status(1) == "connected"
    play_out(table2, seed=2)
    assert host2.match.is_over and host2.match.log[:len(log)] == log


def test_a_gone_seat_is_handed_to_a_bot_and_the_game_ends():
    now = [1000.0]
    host = host_controller("hexen_cocktail", ["device", "device"])
    host.clock = lambda: now[0]
    table = Table(host)
    table.settle()
    table.pair("a", 0)
    table.pair("b", 1)
    table.close_device("b")
    assert "net-bot:1" not in host.render("top")
    now[0] += 60
    assert "net-bot:1" in host.render("top") and "net-here:1" in host.render("top")
    host.handle("ui", "net-bot:1")
    table.run(host)
    assert host.match.seats[1].is_bot and host.net_remote() == [0]
    play_out(table, seed=9)
    assert host.match.is_over


def test_a_refused_move_is_shown_on_the_device_in_its_own_language():
    host = host_controller("hexen_cocktail", ["device", "device"])
    table = Table(host)
    table.settle()
    a = table.pair("a", 0, table.device("a", lang="de"))
    b = table.pair("b", 1, table.device("b", lang="de"))
    mover = a if a.dev.my_turn else b
    other = b if mover is a else a
    before = list(host.match.log)
    other.handle("action", mover.test_legal[0])  # a move out of turn
    table.run(other)
    table.settle()
    assert host.match.log == before
    refusal = other.dev.refusals[-1]
    assert refusal["code"]
    from spieltisch.i18n import DE
    name = host.match.seats[mover.dev.seat].name
    assert other.status_text in {v.format(seat=name) for k, v in DE.items()
                                 if k.endswith(".illegal." + refusal["code"])}
    assert "msg-illegal" in other.render("status")


def test_the_new_game_form_offers_own_devices_in_both_languages():
    for lang, word in (("en", "Own device"), ("de", "Eigenes Gerät")):
        ctl = Controller(MemoryStorage(), browser_lang=lang)
        ctl.handle("route", f"#/new/{GAME_IDS[0]}")
        html = ctl.render("screen")
        assert 'name="devices"' in html and word not in html
        ctl.handle("form", "devices", {"devices": True})
        assert word in ctl.render("screen")
        ctl.handle("form", "devices", {"devices": False})
        assert word not in ctl.render("screen")


def test_the_hosts_scan_button_opens_the_camera_and_a_read_answer_connects_the_seat():
    """The seat panel's "Scan answer" asks table.js to scan (with the dialog's
    texts in the host's language); an answer the camera read is accepted as a
    pasted one would be; a scan for an old offer is ignored; no camera, no
    permission or a camera that will not start is said in EN and DE, and the
    paste box still works."""
    host = host_controller("hexen_cocktail", ["device", "device"])
    table = Table(host)
    table.settle()
    assert 'data-ui="net-scan:0"' in host.render("top") and 'data-ui="net-scan:1"' in host.render("top")
    host.handle("ui", "net-scan:0")
    scans = [e[1] for e in host.take_effects() if e[0] == "net" and e[1]["do"] == "scan"]
    assert len(scans) == 1
    job = scans[0]
    conn = host.net_offers[0][0]
    assert job["conn"] == conn and job["lang"] == "en"
    assert job["texts"] == {"title": f"Scan {host.match.seats[0].name}'s answer",
                            "hint": "Hold the phone's answer code in front of this camera.",
                            "video": "Camera picture", "cancel": "Cancel"}
    # the phone opens its link and shows its answer; the host's camera reads it
    dev = table.device("a")
    dev.handle("route", host.net_link(0).split("#", 1)[1])
    table.run(dev)
    table.settle()
    host.handle("net", {"t": "scanned", "conn": "0.999", "code": table.answers["a"]})  # no such offer
    assert not [e for e in host.take_effects() if e[0] == "net" and e[1]["do"] == "accept"]
    host.handle("net", {"t": "scanned", "conn": conn, "code": table.answers["a"]})
    table.run(host)
    table.settle()
    assert host.net_status(0) == "connected" and dev.dev.seat == 0
    # seat 1: the camera cannot be used
    conn1 = host.net_offers[1][0]
    for why, en, de in (
            ("permission", "The camera may not be used. Allow it in the browser, or paste the phone's answer into the box.",
             "Die Kamera darf nicht benutzt werden. Erlaube sie im Browser oder füge die Antwort des Handys ins Feld ein."),
            ("no-camera", "No camera was found. Please paste the phone's answer into the box instead.",
             "Keine Kamera gefunden. Füge die Antwort des Handys bitte ins Feld ein."),
            ("odd", "The camera could not be started. Please paste the phone's answer into the box instead.",
             "Die Kamera ließ sich nicht starten. Füge die Antwort des Handys bitte ins Feld ein.")):
        host.set_lang("en")
        host.handle("net", {"t": "scan-fail", "conn": conn1, "code": why})
        top = host.render("top")
        assert f'<p class="form-error" id="net-err-1" role="alert">{en.replace(chr(39), "&#x27;")}</p>' in top, top
        host.set_lang("de")
        assert de in host.render("top")
    host.set_lang("en")
    host.handle("ui", "net-scan:1")  # scanning again clears the message
    assert 'id="net-err-1"' not in host.render("top")
    table.pair("b", 1)  # the paste box still works
    assert host.net_status(1) == "connected"
