"""Issue 30: the connection codes as bytes (static/js/net.js pack/unpack)
and their QR codes (static/js/qr.js, lean-qr): a join link for the site's
address fits a QR code of version 6 or less, the answer code one of
version 5 at level M; drawQr's SVG is labelled for its seat in the page's
language; scanQr says clearly when there is no camera or no permission."""

from __future__ import annotations

import pytest
from support import browser as sb
from support.netpair import pair

PAGE = "tests/pages/net_qr.html"

# Addresses a host's site may have: this test server, a laptop on a home
# network, a sub-path on a static host (the longest kept to version 6 at L).
SITES = ("http://192.168.178.23:8000/", "http://10.0.0.2/", "https://spieltisch.example.org/",
         "https://some-user.example.io/spieltisch/")

FP = ":".join(f"{(i * 37) % 256:02X}" for i in range(32))
SDP = "\r\n".join([
    "v=0", "a=ice-ufrag:abcd", "a=ice-pwd:abcdefghijklmnopqrstu+/x", "a=fingerprint:sha-256 " + FP,
    "a=setup:actpass",
    "a=candidate:1 1 udp 2113937151 0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0.local 50000 typ host",
    "a=candidate:2 1 udp 2113939151 192.168.1.7 50001 typ host",
    "a=candidate:9 1 tcp 1518280447 192.168.1.7 9 typ host tcptype active",
    "", ""])


def open_qr_page(new_page, site_url, lang="en"):
    page = new_page()
    page.goto(site_url + PAGE)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=30_000)
    if lang != "en":
        page.evaluate("l => { document.documentElement.lang = l; }", lang)
    return page


def test_pack_unpack_round_trip_keeps_every_field(site_url, new_page):
    page = open_qr_page(new_page, site_url)
    out = page.evaluate("""sdp => {
        const {pack, unpack, decode} = qrTest.net;
        const offer = pack({type: 'offer', sdp});
        const answer = pack({type: 'answer', sdp: sdp.replace('actpass', 'active')
            .replace(/a=candidate:.*\\r\\n/g, '') + 'a=candidate:3 1 UDP 2122252543 fe80::1:2ff:fe03:405 61234 typ host\\r\\n'
            + 'a=candidate:4 1 udp 1686052607 203.0.113.9 61000 typ srflx raddr 0.0.0.0 rport 0\\r\\n'
            + 'a=candidate:5 1 udp 41885439 198.51.100.4 3478 typ relay raddr 203.0.113.9 rport 61000\\r\\n'});
        return {offer, answer, o: decode(offer), a: decode(answer), sdp: unpack(offer).sdp, type: unpack(answer).type};
    }""", SDP)
    # Chromium takes the rebuilt descriptions: the offer as a remote offer, the
    # answer (host, srflx and relay candidates, IPv6 among them) as the answer to its own offer
    taken = page.evaluate("""async ([offer, answer]) => {
        const {unpack} = qrTest.net;
        const a = new RTCPeerConnection();
        await a.setRemoteDescription(unpack(offer));
        await a.setLocalDescription(await a.createAnswer());
        const b = new RTCPeerConnection();
        b.createDataChannel('x');
        await b.setLocalDescription(await b.createOffer());
        const desc = unpack(answer);
        await b.setRemoteDescription(desc);
        const n = (b.remoteDescription.sdp.match(/a=candidate:/g) || []).length;
        a.close(); b.close();
        return n;
    }""", [out["offer"], out["answer"]])
    assert taken == 3
    o, a = out["o"], out["a"]
    assert out["offer"].isdigit() and out["answer"].isdigit()
    assert (o["type"], o["setup"], o["ufrag"], o["pwd"], o["fingerprint"]) == (
        "offer", "actpass", "abcd", "abcdefghijklmnopqrstu+/x", FP)
    # one host candidate, the best (highest priority) UDP one; no TCP
    assert o["candidates"] == [{"type": "host", "address": "192.168.1.7", "port": 50001}]
    assert (a["type"], a["setup"], out["type"]) == ("answer", "active", "answer")
    # with STUN/TURN the best server-reflexive and relay candidates come along
    assert a["candidates"] == [
        {"type": "host", "address": "fe80:0:0:0:1:2ff:fe03:405", "port": 61234},
        {"type": "srflx", "address": "203.0.113.9", "port": 61000},
        {"type": "relay", "address": "198.51.100.4", "port": 3478}]
    for want in ("a=ice-ufrag:abcd\r\n", "a=ice-pwd:abcdefghijklmnopqrstu+/x\r\n", "a=setup:actpass",
                 f"a=fingerprint:sha-256 {FP}\r\n", "192.168.1.7 50001 typ host", "a=end-of-candidates",
                 "m=application 9 UDP/DTLS/SCTP webrtc-datachannel"):
        assert want in out["sdp"], want
    # 1 header + 1+3 ufrag + 1+18 pwd + 32 fingerprint + 1+4+2 candidate = 63 bytes: 152 digits
    assert len(out["offer"]) <= 153, out["offer"]


def test_unpack_refuses_what_is_not_a_code(site_url, new_page):
    page = open_qr_page(new_page, site_url)
    out = page.evaluate("""sdp => {
        const {pack, unpack} = qrTest.net;
        const code = pack({type: 'offer', sdp});
        const bad = ['', 'x', '0' + code, code + '7', code.slice(0, -3), '1', '9'.repeat(500),
                     'oc~abcd~pwd~fp~', code.replace(/^\\d/, '9'), '12345678901234567890'];
        return bad.map((b) => { try { unpack(b); return 'accepted ' + b; } catch (e) { return e.message; } });
    }""", SDP)
    assert out == ["net: not a connection code"] * len(out), out
    kinds = page.evaluate("""sdp => {
        const {pack, codeKind, joinLink} = qrTest.net;
        const offer = pack({type: 'offer', sdp}), answer = pack({type: 'answer', sdp});
        const wrapped = answer.replace(/(.{40})/g, '$1\\n ');  // a messenger's line breaks
        return [codeKind(offer), codeKind(answer), codeKind(wrapped), codeKind(joinLink('http://10.0.0.2/', offer)),
                codeKind('http://10.0.0.2/#/join/123'), codeKind('hello'), codeKind('')];
    }""", SDP)
    assert kinds == ["offer", "answer", "answer", "offer", None, None, None]
    # every one-digit change of a code either still decodes or is refused with the same clear error
    odd = page.evaluate("""sdp => {
        const {pack, decode} = qrTest.net;
        const code = pack({type: 'offer', sdp});
        const odd = [];
        for (let i = 0; i < code.length; i += 1) {
          for (const d of '0123456789') {
            const c = code.slice(0, i) + d + code.slice(i + 1);
            try { decode(c); } catch (e) { if (e.message !== 'net: not a connection code') odd.push([c, e.message]); }
          }
        }
        return odd;
    }""", SDP)
    assert odd == []


def test_real_codes_fit_a_qr_code_of_version_6(site_url, new_page):
    """A real offer and answer from Chromium (one mDNS host candidate): the
    join link for this site's address and typical ones at level L, the
    answer alone at level M (lean-qr says the version)."""
    host = open_qr_page(new_page, site_url)
    device = open_qr_page(new_page, site_url)
    got = host.evaluate("qrTest.host([])")
    answer = device.evaluate("c => qrTest.net.joinSeat(c, []).then(s => s.code)", got["code"])
    out = host.evaluate("""([code, answer, sites]) => {
        const {net, qr} = qrTest;
        return {links: sites.map((s) => [s, net.joinLink(s, code), qr.qrInfo(net.joinLink(s, code)).version]),
                answerL: qr.qrInfo(answer).version, answerM: qr.qrInfo(answer, {level: 'M'}).version,
                cands: net.decode(code).candidates.length};
    }""", [got["code"], answer, [site_url, *SITES]])
    assert got["version"] <= 6 and out["cands"] == 1, got
    for site, link, version in out["links"]:
        assert version <= 6, (site, len(link), version)
    assert out["answerM"] <= 5 and out["answerL"] <= 5, out
    assert len(got["code"]) <= 185 and len(answer) <= 185


def test_drawn_code_is_an_image_named_for_its_seat_in_the_page_language(site_url, new_page):
    for lang, want in (("en", "QR code for seat 3"), ("de", "QR-Code für Platz 3")):
        page = open_qr_page(new_page, site_url, lang)
        svg = page.evaluate("""lang => {
            const box = document.getElementById('qr');
            const info = qrTest.qr.drawQr(box, 'http://10.0.0.2/#/join/1234567890', {seat: 3, lang});
            const s = box.querySelector('svg');
            return {role: s.getAttribute('role'), label: s.getAttribute('aria-label'), n: box.children.length,
                    version: s.dataset.qrVersion, info};
        }""", lang)
        assert svg["role"] == "img" and svg["label"] == want and svg["n"] == 1
        assert svg["version"] == str(svg["info"]["version"]) and 1 <= svg["info"]["version"] <= 6
        rows = page.evaluate("qrTest.matrix()")
        n = len(rows)
        assert n == 17 + 4 * svg["info"]["version"] and all(len(r) == n for r in rows)
        for x, y in ((0, 0), (n - 7, 0), (0, n - 7)):  # the three finder patterns
            assert rows[y][x:x + 7] == "1111111" and rows[y + 2][x:x + 7] == "1011101"
        sb.check_page(page)


@pytest.mark.parametrize("error, code", [("NotAllowedError", "permission"), ("NotFoundError", "no-camera"),
                                         ("AbortError", "failed")])
def test_scan_without_a_camera_says_why_in_both_languages(site_url, new_page, error, code):
    page = open_qr_page(new_page, site_url)
    out = page.evaluate("""async (name) => {
        navigator.mediaDevices.getUserMedia = async () => { throw new DOMException('no', name); };
        const res = [];
        for (const lang of ['en', 'de']) {
          try { await qrTest.qr.scanQr({lang}); res.push('resolved'); }
          catch (e) { res.push({code: e.code, message: e.message, texts: e.texts}); }
        }
        return res;
    }""", error)
    en, de = out
    assert en["code"] == de["code"] == code
    assert en["message"] == en["texts"]["en"] and de["message"] == de["texts"]["de"] != en["message"]
    assert "paste" in en["message"].lower() and "Feld" in de["message"]


def test_two_pages_pair_with_the_byte_codes(site_url, new_page):
    """The existing pairing helper over the new codes: the channel opens."""
    from support.netpair import open_pair_page
    host_page = open_pair_page(new_page, site_url)
    device_page = open_pair_page(new_page, site_url)
    offer, answer = pair(host_page, device_page)
    assert offer.isdigit() and answer.isdigit()


def test_a_drawn_code_and_the_scanning_video_pass_axe(site_url, new_page):
    """The QR image and the camera's picture while scanning (a canvas stream
    stands in for the camera): no serious or critical axe finding."""
    from support import a11y
    page = open_qr_page(new_page, site_url, "de")
    page.evaluate("""() => {
        const c = document.createElement('canvas');
        c.width = 320; c.height = 240;
        const g = c.getContext('2d');
        setInterval(() => { g.fillStyle = '#fff'; g.fillRect(0, 0, 320, 240); }, 50);
        navigator.mediaDevices.getUserMedia = async () => c.captureStream(10);
        qrTest.recordStreams();
        qrTest.qr.drawQr(document.getElementById('qr'), 'http://10.0.0.2/#/join/123', {seat: 2});
        window.scanCtl = new AbortController();
        window.scanDone = qrTest.qr.scanQr({video: document.getElementById('cam'), signal: scanCtl.signal,
                                            detector: 'jsqr'}).catch((e) => e.code);
    }""")
    page.wait_for_function("qrTest.tracksLive() === 1", timeout=10_000)
    found = a11y.scan(page)
    assert a11y.count(found) == 0, a11y.describe(found)
    assert page.locator("#qr svg").get_attribute("aria-label") == "QR-Code für Platz 2"  # the page's language
    assert page.evaluate("scanCtl.abort(), scanDone") == "aborted"
    assert page.evaluate("qrTest.tracksLive()") == 0


def test_scan_uses_the_browsers_barcode_detector_where_it_reads_qr_codes(site_url, new_page):
    """Where the browser has a BarcodeDetector for qr_code (a stand-in here:
    Chromium on Linux has none) it reads the frames and jsQR is never
    loaded; where its detector cannot read QR codes, jsQR is."""
    page = open_qr_page(new_page, site_url)
    out = page.evaluate("""async () => {
        const c = document.createElement('canvas');
        c.width = 64; c.height = 48;
        const g = c.getContext('2d');
        setInterval(() => g.fillRect(0, 0, 64, 48), 50);  // a camera sends pictures
        navigator.mediaDevices.getUserMedia = async () => c.captureStream(10);
        qrTest.recordStreams();
        let calls = 0, formats = ['qr_code', 'ean_13'];
        window.BarcodeDetector = class {
          static async getSupportedFormats() { return formats; }
          constructor(o) { this.o = o; }
          async detect(v) {
            calls += 1;
            return calls < 3 ? [] : calls === 3 ? [{rawValue: 'ignored'}] : [{rawValue: 'ignored'}, {rawValue: 'x'}];
          }
        };
        const first = await qrTest.qr.scanQr({accept: (t) => t !== 'ignored'});
        const jsqrAfterDetector = typeof globalThis.jsQR;
        formats = ['ean_13'];
        const ctl = new AbortController();
        const second = qrTest.qr.scanQr({signal: ctl.signal}).catch((e) => e.code);
        for (let i = 0; i < 100 && typeof globalThis.jsQR === 'undefined'; i += 1) await new Promise((r) => setTimeout(r, 50));
        const jsqrLoaded = typeof globalThis.jsQR;
        ctl.abort();
        return {first, calls, jsqrAfterDetector, jsqrLoaded, second: await second, live: qrTest.tracksLive()};
    }""")
    assert out == {"first": "x", "calls": 4, "jsqrAfterDetector": "undefined", "jsqrLoaded": "function",
                   "second": "aborted", "live": 0}, out


def test_an_abort_ends_a_scan_whose_camera_sends_no_picture(site_url, new_page):
    page = open_qr_page(new_page, site_url)
    out = page.evaluate("""async () => {
        const c = document.createElement('canvas');  // drawn once: its stream sends no frame, play() waits
        c.getContext('2d').fillRect(0, 0, 10, 10);
        navigator.mediaDevices.getUserMedia = async () => c.captureStream(10);
        qrTest.recordStreams();
        const ctl = new AbortController();
        const scan = qrTest.qr.scanQr({signal: ctl.signal, lang: 'en'}).then(() => 'resolved', (e) => e.code);
        for (let i = 0; i < 100 && qrTest.tracksLive() === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
        const live = qrTest.tracksLive();
        ctl.abort();
        return {live, got: await scan, after: qrTest.tracksLive()};
    }""")
    assert out == {"live": 1, "got": "aborted", "after": 0}, out


def test_the_screens_qr_hooks_are_drawn_and_kept_drawn(site_url, new_page):
    """watchQrCodes draws every [data-qr] element as the page renders: in a
    seat's panel (data-net-seat, 0-based) labelled for that seat, no longer
    aria-hidden; drawn again when its text changes; a new one drawn too."""
    page = open_qr_page(new_page, site_url, "de")
    out = page.evaluate("""async () => {
        const main = document.querySelector('main');
        main.insertAdjacentHTML('beforeend', '<ul><li data-net-seat="2"><div class="qr" data-qr="http://10.0.0.2/#/join/11" aria-hidden="true"></div></li></ul>');
        qrTest.qr.watchQrCodes(document.body);
        const tick = () => new Promise((r) => setTimeout(r, 30));
        const box = main.querySelector('[data-qr]');
        const first = {label: box.querySelector('svg').getAttribute('aria-label'), hidden: box.getAttribute('aria-hidden')};
        const before = box.querySelector('path').getAttribute('d');
        box.dataset.qr = 'http://10.0.0.2/#/join/22';
        await tick();
        const changed = box.querySelector('path').getAttribute('d') !== before;
        main.insertAdjacentHTML('beforeend', '<div class="qr" data-qr="123456" aria-hidden="true"></div>');
        await tick();
        const second = main.querySelectorAll('[data-qr]')[1].querySelector('svg').getAttribute('aria-label');
        box.replaceChildren();  // a renderer that empties it
        await tick();
        return {first, changed, second, again: box.querySelectorAll('svg').length};
    }""")
    assert out == {"first": {"label": "QR-Code für Platz 3", "hidden": None}, "changed": True,
                   "second": "QR-Code", "again": 1}, out


def test_join_links_as_the_screens_make_them_fit_version_6_for_a_github_pages_address(site_url, new_page):
    """The links ui/table_host.py makes, with a real offer: the first one
    (seat + 8-character token, no table id) and a reclaim one (seat + the
    8-character seat key) give QR version 6 at L for every address here,
    https://example.github.io/spieltisch/ (37 characters) among them, and up
    to 40 characters (docs/multiplayer.md, "Join links"); the old layout
    (16-character table id and token) took version 7 for it."""
    import secrets

    from spieltisch.net.link import join_payload, parse_payload, seat_key
    from spieltisch.net.messages import new_join_token, new_token
    page = open_qr_page(new_page, site_url)
    offer = page.evaluate("qrTest.host([])")["code"]
    tok = new_join_token()
    first = join_payload(None, 3, tok, offer)
    again = join_payload(seat_key(new_token() + new_token()), 3, None, offer)
    old = join_payload(secrets.token_urlsafe(12)[:16], 3, secrets.token_urlsafe(12)[:16], offer)
    assert parse_payload(first) == ("", 3, tok, offer) and parse_payload(again)[3] == offer
    github = "https://example.github.io/spieltisch/"
    out = page.evaluate("""([sites, payloads, offer]) => {
        const {qr, net} = qrTest;
        net.unpack(offer);  // the offer inside is Chromium's, unchanged
        return sites.map((s) => [s, ...payloads.map((p) => qr.qrInfo(s + '#/join/' + p).version)]);
    }""", [[site_url, *SITES, github], [first, again, old], parse_payload(first)[3]])
    for site, v_first, v_again, _v_old in out:
        assert v_first <= 6 and v_again <= 6, (site, v_first, v_again)
    assert out[-1][3] == 7  # the old layout, for the GitHub Pages address
    longest = page.evaluate("""ps => ps.map((p) => {
        let n = 10;
        while (qrTest.qr.qrInfo('https://' + 'a'.repeat(n - 9) + '/#/join/' + p).version <= 6) n += 1;
        return n - 1;
    })""", [first, again])
    assert min(longest) >= 40, longest
    print("digits", len(first), len(again), "longest site address at version 6:", longest)
