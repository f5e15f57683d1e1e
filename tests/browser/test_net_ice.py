"""Issue 30: the STUN/TURN setting on screen (the hub's Settings,
ui/ice_settings.py) reaches the peer connections. Every page wraps
RTCPeerConnection (an init script) to record the configuration it is made
with. With no setting, host and device make theirs with no ICE server and
no request leaves 127.0.0.1; with servers saved on the hub, the host's
offers and the device's answer are made with them (and the seat still
connects over its host candidates); bad entries are refused on screen,
in the page's language, and nothing is stored."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import a11y
from support import browser as sb
from support import tablepages as tp

RECORD = """(() => {
  const Real = window.RTCPeerConnection;
  if (!Real) return;
  window.__pcConfigs = [];
  window.RTCPeerConnection = class extends Real {
    constructor(config, ...rest) {
      window.__pcConfigs.push(JSON.parse(JSON.stringify(config || {})));
      super(config, ...rest);
    }
  };
})();"""

ICE_KEY = "spieltisch.net.ice"


def boot_recording(browser, site_url):
    page = sb.open_page(browser, viewport={"width": 1200, "height": 900})
    page.add_init_script(RECORD)
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.goto(site_url + tp.PATH)
    expect(page.locator("html[data-ready='1']")).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    return page


@pytest.fixture(scope="module")
def pages(browser, site_url):
    made = {"host": boot_recording(browser, site_url), "device": boot_recording(browser, site_url)}
    yield made
    for p in made.values():
        sb.close_page(p)


def configs(page) -> list[dict]:
    return page.evaluate("window.__pcConfigs")


def save_servers(page, text: str) -> None:
    page.evaluate("h => { location.hash = h; }", "#/")
    expect(page.locator("#app[data-screen='hub']")).to_be_attached()
    box = page.locator("#ice-servers")
    if not box.is_visible():
        page.locator(".ice-form summary").click()
    box.fill(text)
    page.locator("[data-ui='ice-save']").click()


def test_with_no_setting_no_ice_server_is_used_and_no_request_leaves(pages):
    host, device = pages["host"], pages["device"]
    assert host.evaluate("k => localStorage.getItem(k)", ICE_KEY) is None
    tp.start_host(host, "hexen_cocktail", ["device", "bot"], seed="4")
    tp.join(host, device, 0)
    for page in (host, device):
        got = configs(page)
        assert got and all(c == {"iceServers": []} for c in got), got
        assert page.outside_requests == []


def test_bad_entries_are_refused_on_screen_and_nothing_is_stored(pages):
    host = pages["host"]
    host.locator("[data-ui='lang:de']").first.click()
    expect(host.locator("html[lang='de']")).to_be_attached()
    save_servers(host, "stun:stun.example.org\nhttps://turn.example.org\nturn:turn.example.org:3478 nur-name")
    errs = host.locator("#ice-errs[role='alert'] ul > li")
    expect(errs).to_have_count(2)
    expect(errs.nth(0)).to_have_text("Zeile 2: „https://turn.example.org“ ist kein STUN- oder TURN-Server. "
                                     "Er beginnt mit stun:, turn: oder turns:.")
    expect(errs.nth(1)).to_have_text("Zeile 3: ein TURN-Server braucht nach seiner Adresse Benutzername und Passwort.")
    expect(host.locator("#ice-servers")).to_have_attribute("aria-invalid", "true")
    expect(host.locator("#ice-servers")).to_be_focused()
    assert "nur-name" in host.locator("#ice-servers").input_value()  # what was typed stays in the box
    assert host.evaluate("k => localStorage.getItem(k)", ICE_KEY) is None
    for scheme in ("light", "dark"):
        host.emulate_media(color_scheme=scheme)
        found = a11y.scan(host)
        assert a11y.count(found) == 0, f"{scheme}:\n{a11y.describe(found)}"
    host.emulate_media(color_scheme="light")
    host.locator("[data-ui='lang:en']").first.click()


def test_saved_servers_are_in_the_host_and_device_peer_connections(pages):
    host, device = pages["host"], pages["device"]
    # unreachable local ports: nothing leaves this machine; gathering gives up on them
    save_servers(host, "turn:127.0.0.1:9 table s3cret\nstun:127.0.0.1:9")
    expect(host.locator("[data-ice-using='2']")).to_be_attached()
    assert '"v":1' in host.evaluate("k => localStorage.getItem(k)", ICE_KEY)
    save_servers(device, "stun:127.0.0.1:7")
    expect(device.locator("[data-ice-using='1']")).to_be_attached()
    host.evaluate("() => { window.__pcConfigs = []; }")
    device.evaluate("() => { window.__pcConfigs = []; }")
    tp.start_host(host, "hexen_cocktail", ["device", "bot"], seed="6")
    link = tp.seat_link(host, 0)
    assert "s3cret" not in link and "127.0.0.1:9" not in link  # the setting never travels in a link
    tp.open_link(device, link)
    tp.answer(host, device, 0)  # the seat connects (its host candidates)
    assert configs(host) == [{"iceServers": [
        {"urls": "turn:127.0.0.1:9", "username": "table", "credential": "s3cret"},
        {"urls": "stun:127.0.0.1:9"}]}]
    assert configs(device) == [{"iceServers": [{"urls": "stun:127.0.0.1:7"}]}]
    for page in (host, device):
        page.evaluate("k => localStorage.removeItem(k)", ICE_KEY)
        assert page.outside_requests == []
