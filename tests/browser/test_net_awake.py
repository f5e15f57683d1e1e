"""Issue 30: "your turn" on a phone and its screen kept awake, seen through
stand-ins. Headless Chromium has no vibration motor and grants no real
Screen Wake Lock, so an init script puts recording stand-ins in place of
``navigator.vibrate`` and ``navigator.wakeLock.request`` on the device
page; a whole game is played by the device against a bot through the
screens (static/js/table.js). The device asks for one screen lock when its
seat's channel opens (the game is on), vibrates once each time its turn
comes (never on the bot's turn), and releases the lock when the game
ends. A device without either (the stand-ins removed) plays on with no
page error."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from support import browser as sb
from support import tablepages as tp

from spieltisch.core.match import Match
from spieltisch.games import GAMES
from spieltisch.ui.safety import slot_from_url
from spieltisch.ui.saves import SAVE_PREFIX

STANDINS = """(() => {
  window.__awake = [];  // ["request", type] / ["release"] / ["vibrate", pattern]
  const off = new URLSearchParams(location.search).has('nodevice');
  if (off) {
    Object.defineProperty(navigator, 'wakeLock', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'vibrate', { value: undefined, configurable: true });
    return;
  }
  const lock = (type) => {
    const listeners = [];
    return {
      type, released: false,
      addEventListener(name, f) { if (name === 'release') listeners.push(f); },
      async release() {
        if (this.released) return;
        this.released = true;
        window.__awake.push(['release']);
        listeners.forEach((f) => f());
      },
    };
  };
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: {
    async request(type) { window.__awake.push(['request', type]); return lock(type); } } });
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (pattern) => {
    window.__awake.push(['vibrate', pattern]);
    return true;
  } });
})();"""


def host_save(host) -> Match:
    slot = slot_from_url(host.evaluate("location.hash").split("#/play/", 1)[1])
    return Match.from_save(json.loads(host.evaluate("k => localStorage.getItem(k)", SAVE_PREFIX + slot)), GAMES)


def boot_device(browser, site_url, query=""):
    page = sb.open_page(browser, viewport={"width": 800, "height": 900})
    page.add_init_script(STANDINS)
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.goto(site_url + tp.PATH + query)
    expect(page.locator("html[data-ready='1']")).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    return page


@pytest.fixture(scope="module")
def host(browser, site_url):
    p = tp.boot(browser, site_url)
    yield p
    sb.close_page(p)


def test_the_device_keeps_its_screen_awake_for_the_game_and_vibrates_on_its_turn(browser, site_url, host):
    device = boot_device(browser, site_url)
    try:
        tp.start_host(host, "hexen_cocktail", ["device", "bot"], seed="8")
        tp.open_link(device, tp.seat_link(host, 0))
        expect(device.locator("[data-net-answer]")).to_be_attached(timeout=30_000)
        assert device.evaluate("window.__awake") == []  # pairing: no lock, no cue yet
        tp.answer(host, device, 0)
        device.wait_for_function("window.__awake.length > 0", timeout=10_000)
        assert device.evaluate("window.__awake")[0] == ["request", "screen"]
        moves = tp.play_to_end(host, {0: device}, seed=3)
        device.wait_for_function("window.__awake.some((e) => e[0] === 'release')", timeout=10_000)
        log = device.evaluate("window.__awake")
        requests = [e for e in log if e[0] == "request"]
        vibrations = [e for e in log if e[0] == "vibrate"]
        assert requests == [["request", "screen"]], log  # one lock for the whole game
        assert log[-1] == ["release"] and log.count(["release"]) == 1, log  # released at the end
        assert all(v == ["vibrate", [120, 60, 120]] for v in vibrations), vibrations
        # the device's turns, from the host's save: a run of its moves is one turn; one that follows
        # a bot's move certainly began with a cue (the sync after the device's last move named the bot)
        played = [e[0] for e in host_save(host).log]
        runs = [i for i, p in enumerate(played) if p == 0 and (i == 0 or played[i - 1] != 0)]
        after_bot = [i for i in runs if i > 0 and played[i - 1] == 1]
        assert moves == played.count(0) > 0 and after_bot
        assert len(after_bot) <= len(vibrations) <= len(runs), (len(after_bot), len(vibrations), len(runs))
        print(f"{moves} device moves, {len(runs)} turns ({len(after_bot)} after the bot's), "
              f"{len(vibrations)} vibrations, {len(requests)} lock, released at the end")
        assert device.locator("[data-gameover]").count() == 1
        sb.check_page(device)
    finally:
        sb.close_page(device)


def test_a_device_without_vibration_or_wake_lock_plays_on(browser, site_url, host):
    device = boot_device(browser, site_url, "&nodevice=1")
    try:
        assert device.evaluate("navigator.wakeLock === undefined && navigator.vibrate === undefined")
        tp.start_host(host, "hexen_cocktail", ["device", "bot"], seed="9")
        tp.join(host, device, 0)
        moves = tp.play_to_end(host, {0: device}, seed=2)
        assert moves > 0 and tp.over(device)
        sb.check_page(device)
    finally:
        sb.close_page(device)
