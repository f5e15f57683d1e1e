"""Joining through Chromium's fake cameras (issue 30; tests/browser/test_net_camera.py,
bench/net.py --camera): each browser's camera plays a Y4M file
(tests/support/y4m.py) that shows the other page's drawn QR code."""

from __future__ import annotations

import time

from support import browser as sb
from support.y4m import write_qr_y4m

PAGE = "tests/pages/net_qr.html"


def camera_browser(browser_type, video):
    """A new Chromium whose camera plays `video` (a .y4m file, read when a capture starts)."""
    return browser_type.launch(
        executable_path=sb.CHROMIUM, headless=True,
        args=[*sb.CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
              f"--use-file-for-fake-video-capture={video}"])


def open_camera_page(b, site_url, intercept=True):
    page = sb.open_page(b, intercept=intercept, permissions=["camera"])
    page.goto(site_url + PAGE)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=30_000)
    return page


def camera_join(host, device, host_cam, device_cam):
    """Host offers and draws its link; the device's camera sees it, the device
    scans, answers and draws its answer; the host's camera sees that, the host
    scans and accepts; both channels open. Returns what each side drew and
    read, and the seconds from the device starting its scan to both open."""
    offer = host.evaluate("qrTest.host([])")
    write_qr_y4m(device_cam, host.evaluate("qrTest.matrix()"))  # the code the host drew, as the phone sees it
    for p in (host, device):
        p.evaluate("qrTest.recordStreams()")
    t0 = time.monotonic()
    joined = device.evaluate("qrTest.scanAndJoin([])")
    write_qr_y4m(host_cam, device.evaluate("qrTest.matrix()"))  # the answer the phone drew, as the host sees it
    answer = host.evaluate("qrTest.scanAndAccept()")
    for p in (host, device):
        p.wait_for_function("qrTest.opened()", timeout=30_000)
    seconds = time.monotonic() - t0
    return {"offer": offer, "joined": joined, "answer": answer, "seconds": seconds,
            "host_times": host.evaluate("qrTest.times()"), "device_times": device.evaluate("qrTest.times()")}
