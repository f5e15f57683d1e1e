"""Issue 30: joining through cameras, end to end. The host page makes an
offer and draws its join link as a QR code (qr.drawQr); the test reads that
code's modules back from the drawn SVG (no decoding) and writes them as a
Y4M video; a second Chromium, whose fake camera plays that file
(``--use-fake-device-for-media-stream --use-file-for-fake-video-capture``),
reads it with qr.scanQr (jsQR on the camera's frames), answers and draws its
answer as a QR code; the host's Chromium reads that one through its own fake
camera the same way and accepts it. The data channel opens and carries a
message both ways. Both browsers are separate processes; no request leaves
127.0.0.1."""

from __future__ import annotations

import time

import pytest
from support import browser as sb
from support.camera import camera_browser, camera_join, open_camera_page
from support.y4m import write_blank_y4m, write_qr_y4m


@pytest.fixture
def two_cameras(browser, tmp_path):
    """(host browser, its video file), (device browser, its video file): each
    camera shows white paper until the test writes a code into its file."""
    files = [write_blank_y4m(tmp_path / "host-camera.y4m"), write_blank_y4m(tmp_path / "device-camera.y4m")]
    browsers = []
    try:
        for f in files:
            browsers.append(camera_browser(browser.browser_type, f))
        yield list(zip(browsers, files))
    finally:
        for b in browsers:
            b.close()


def test_a_device_joins_by_camera_and_the_host_reads_its_answer_by_camera(two_cameras, site_url):
    (host_b, host_cam), (device_b, device_cam) = two_cameras
    host = open_camera_page(host_b, site_url)
    device = open_camera_page(device_b, site_url)
    run = camera_join(host, device, host_cam, device_cam)
    offer, joined = run["offer"], run["joined"]
    assert offer["version"] <= 6 and offer["link"].startswith(site_url + "#/join/")
    assert host.locator("#qr svg").get_attribute("aria-label") == "QR code for seat 1"
    assert joined["link"] == offer["link"] and joined["version"] <= 5  # read from the host's drawing
    assert run["answer"] == joined["code"]  # read from the device's drawing

    host.evaluate("qrTest.send(['from the table'])")
    device.evaluate("qrTest.send(['from seat 1'])")
    for p, want in ((device, ["from the table"]), (host, ["from seat 1"])):
        deadline, got = time.monotonic() + 10, []
        while not got and time.monotonic() < deadline:
            got = p.evaluate("qrTest.take()")
            time.sleep(0.02)
        assert got == want
    d, h = run["device_times"], run["host_times"]
    print(f"scan to connected {run['seconds']:.2f} s; device read the link in {d['read'] - d['scan']} ms, "
          f"host read the answer in {h['read'] - h['scan']} ms")
    for p in (host, device):
        assert p.evaluate("qrTest.streamsOpened()") == 1 and p.evaluate("qrTest.tracksLive()") == 0
        sb.check_page(p)


def test_scanning_stops_the_camera_when_done_or_aborted(browser, tmp_path, site_url):
    cam = write_blank_y4m(tmp_path / "camera.y4m")
    b = camera_browser(browser.browser_type, cam)
    try:
        page = open_camera_page(b, site_url)
        page.evaluate("qrTest.recordStreams()")
        out = page.evaluate("""async () => {
            const ctl = new AbortController();
            const scan = qrTest.qr.scanQr({video: document.getElementById('cam'), signal: ctl.signal,
                                           detector: 'jsqr', lang: 'de'});
            for (let i = 0; i < 200 && qrTest.tracksLive() === 0; i += 1) {  // the camera starts (slow under load)
              await new Promise((r) => setTimeout(r, 50));
            }
            await new Promise((r) => setTimeout(r, 500));  // white paper: nothing to read
            const live = qrTest.tracksLive();
            ctl.abort();
            try { await scan; return 'resolved'; } catch (e) { return {live, code: e.code, message: e.message}; }
        }""")
        assert out["live"] == 1 and out["code"] == "aborted" and out["message"] == "Scannen beendet."
        assert page.evaluate("qrTest.tracksLive()") == 0 and page.evaluate("qrTest.streamsOpened()") == 1
        # a code that is read also stops the camera
        page.evaluate("qrTest.qr.drawQr(document.getElementById('qr'), '4242424242', {label: 'test'})")
        write_qr_y4m(cam, page.evaluate("qrTest.matrix()"))
        page2 = open_camera_page(b, site_url)  # a new capture opens the file anew
        page2.evaluate("qrTest.recordStreams()")
        text = page2.evaluate("qrTest.qr.scanQr({detector: 'jsqr'})")
        assert text == "4242424242" and page2.evaluate("qrTest.tracksLive()") == 0
        sb.check_page(page)
    finally:
        b.close()
