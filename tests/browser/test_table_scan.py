"""Issue 30, the host's "Scan answer" through the screens: the host page (a
Chromium of its own whose fake camera plays a Y4M file,
``--use-fake-device-for-media-stream --use-file-for-fake-video-capture``)
starts a game with a seat on its own device; the device page opens the
seat's link and draws its answer as a QR code; the test takes a screenshot
of that drawn code and writes it into the host's camera file; the host
presses "Scan answer", its camera reads the answer (qr.scanQr) and the seat
connects. Without a camera, or with the camera refused, the host's panel
says so in EN and DE, the camera stops, and the paste box still works."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from support import a11y
from support import browser as sb
from support import tablepages as tp
from support.camera import camera_browser
from support.y4m import png_gray, write_blank_y4m, write_picture_y4m

# getUserMedia recorded, so that the test can see the camera was stopped
STREAMS = """(() => {
  const md = navigator.mediaDevices;
  if (!md || !md.getUserMedia) return;
  const real = md.getUserMedia.bind(md);
  window.__streams = [];
  md.getUserMedia = async (c) => { const s = await real(c); window.__streams.push(s); return s; };
})();"""
LIVE = "() => (window.__streams || []).flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length"


@pytest.fixture
def camera_host(browser, site_url, tmp_path):
    """(host page in a Chromium whose camera plays the file, the file)."""
    cam = write_blank_y4m(tmp_path / "host-camera.y4m")
    b = camera_browser(browser.browser_type, cam)
    try:
        page = sb.open_page(b, permissions=["camera"], viewport={"width": 1200, "height": 900})
        page.add_init_script(STREAMS)
        page.goto(site_url + tp.PATH)
        expect(page.locator("html[data-ready='1']")).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
        yield page, cam
        sb.check_page(page)
    finally:
        b.close()


def test_the_host_scans_the_phones_answer_with_its_camera_and_the_seat_connects(browser, site_url, camera_host,
                                                                                  tmp_path):
    host, cam = camera_host
    device = tp.boot(browser, site_url)
    try:
        tp.start_host(host, "hexen_cocktail", ["device", "bot"], seed="3")
        tp.open_link(device, tp.seat_link(host, 0))
        drawn = device.locator(".net-pair .qr svg[role='img']")
        expect(drawn).to_be_visible(timeout=30_000)
        answer = device.locator("[data-net-answer]").input_value()
        assert drawn.get_attribute("aria-label") == "QR code"
        # the phone's screen as the host's camera sees it: a screenshot of the drawn code
        shot = drawn.screenshot()
        w, h, _ = png_gray(shot)
        assert 150 <= w <= 320 and abs(w - h) <= 1, (w, h)  # a square code, to the pixel
        write_picture_y4m(cam, shot)
        scan = host.locator("[data-ui='net-scan:0']")
        expect(scan).to_have_text("Scan answer")
        t0 = time.monotonic()
        scan.click()
        dialog = host.locator("dialog.net-scan[open]")
        expect(dialog).to_be_visible()
        name = host.locator("[data-net-seat='0'] .net-name").inner_text()
        expect(dialog.locator("h2")).to_have_text(f"Scan {name}'s answer")
        # the camera reads the answer; the dialog closes; the seat connects with no paste
        expect(host.locator("[data-net-seat='0'] [data-net-state='connected']")).to_be_attached(timeout=60_000)
        expect(device.locator("[data-net-seat-screen]")).to_be_attached(timeout=30_000)
        print(f"Scan pressed to the seat on the phone: {time.monotonic() - t0:.2f} s")  # docs/performance.md
        expect(host.locator("dialog.net-scan")).to_have_count(0)
        assert host.locator("#net-answer-0").count() == 0  # the panel's row shows the seat connected
        assert host.evaluate("() => window.__streams.length") == 1 and host.evaluate(LIVE) == 0
        # the answer the camera read is the one the phone showed: the channel the host opened is its
        assert host.evaluate("window.spieltischTable.states()")[0][1:] == ["connected", "open"]
        assert len(answer) > 100
        sb.check_page(device)
    finally:
        sb.close_page(device)


@pytest.fixture(scope="module")
def host(browser, site_url):
    p = tp.boot(browser, site_url)
    yield p
    sb.close_page(p)


@pytest.mark.parametrize("error, en, de", [
    ("NotAllowedError", "The camera may not be used. Allow it in the browser, or paste the phone's answer into the box.",
     "Die Kamera darf nicht benutzt werden. Erlaube sie im Browser oder füge die Antwort des Handys ins Feld ein."),
    ("NotFoundError", "No camera was found. Please paste the phone's answer into the box instead.",
     "Keine Kamera gefunden. Füge die Antwort des Handys bitte ins Feld ein.")])
def test_no_camera_or_a_refused_one_is_said_in_both_languages(host, error, en, de):
    tp.start_host(host, "saboteur", ["device", "bot", "bot"], seed="2")
    host.evaluate("""name => {
        navigator.mediaDevices.getUserMedia = async () => { throw new DOMException('no', name); };
    }""", error)
    for lang, want in (("en", en), ("de", de)):
        host.locator(f"[data-ui='lang:{lang}']").first.click()
        expect(host.locator(f"html[lang='{lang}']")).to_be_attached()
        host.locator("[data-ui='net-scan:0']").click()
        err = host.locator("#net-err-0[role='alert']")
        expect(err).to_have_text(want, timeout=30_000)
        expect(host.locator("dialog.net-scan")).to_have_count(0)
        assert host.locator("#net-answer-0").get_attribute("aria-describedby") == "net-err-0"
    host.locator("[data-ui='lang:en']").first.click()


def test_the_scan_dialog_cancels_by_button_and_escape_stops_the_camera_and_passes_axe(host):
    """A camera that shows nothing to read (a canvas stream): the dialog,
    opened from the keyboard, is modal, labelled, axe-clean in light and
    dark; Cancel (and Escape) close
    it, the camera stops, focus goes back to the Scan button, and nothing is
    said (a cancel is no error)."""
    tp.start_host(host, "saboteur", ["device", "bot", "bot"], seed="2")
    host.evaluate("""() => {
        const c = document.createElement('canvas');
        c.width = 320; c.height = 240;
        const g = c.getContext('2d');
        setInterval(() => { g.fillStyle = '#fff'; g.fillRect(0, 0, 320, 240); }, 50);
        window.__streams = [];
        navigator.mediaDevices.getUserMedia = async () => { const s = c.captureStream(10); window.__streams.push(s); return s; };
    }""")
    for how in ("button", "escape"):
        host.locator("[data-ui='net-scan:0']").focus()
        host.keyboard.press("Enter")
        dialog = host.locator("dialog.net-scan[open]")
        expect(dialog).to_be_visible()
        host.wait_for_function(f"({LIVE})() === 1", timeout=10_000)
        expect(dialog.locator("video")).to_have_attribute("aria-label", "Camera picture")
        expect(dialog.locator("[data-net-scan-cancel]")).to_be_focused()
        if how == "button":
            for scheme in ("light", "dark"):
                host.emulate_media(color_scheme=scheme)
                found = a11y.scan(host)
                assert a11y.count(found) == 0, f"{scheme}:\n{a11y.describe(found)}"
            host.emulate_media(color_scheme="light")
            dialog.locator("[data-net-scan-cancel]").click()
        else:
            host.keyboard.press("Escape")
        expect(host.locator("dialog.net-scan")).to_have_count(0)
        host.wait_for_function(f"({LIVE})() === 0", timeout=10_000)
        expect(host.locator("[data-ui='net-scan:0']")).to_be_focused()
        assert host.locator("#net-err-0").count() == 0
