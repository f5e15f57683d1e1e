"""Issue 30 in the real page: a host page that starts a game with seats on
their own devices, device pages opened from the host's links, paired by
their answer codes over real WebRTC data channels (no ICE server), and a
game played by each device's own clicks (tests/browser/test_table.py,
bench/net_browser.py).

A device's move is its page's own click path: the ``[data-action]`` element
for the text when the board shows one, else a button with that
``data-action`` put into the page and clicked (actions that need a card
chosen first); the device's legal texts come from its page
(``window.spieltischTable.legal``, set from the host's sync)."""

from __future__ import annotations

import json
import time

from playwright.sync_api import expect

from spieltisch.core.match import Match
from spieltisch.core.rng import Rng
from spieltisch.games import GAMES
from spieltisch.net import DeviceSession
from spieltisch.ui.safety import slot_from_url
from spieltisch.ui.saves import SAVE_PREFIX

from . import browser as sb

PATH = "index.html?botdelay=0"
CLICK = """text => {
  const app = document.getElementById('app');
  let el = app.querySelector(`[data-action="${CSS.escape(text)}"]`);
  let made = false;
  if (!el) { el = document.createElement('button'); el.type = 'button'; el.hidden = true;
             el.setAttribute('data-action', text); app.appendChild(el); made = true; }
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));  // an SVG target too
  if (made) el.remove();
  return !made;
}"""


def boot(browser, site_url, **ctx):
    """A booted page at the hub (a host, or a device before its first link)."""
    return sb.boot_page(browser, site_url, PATH, **ctx)


def start_host(page, game_id: str, kinds: list[str], seed: str = "5", options: dict | None = None):
    """A new game on the (booted) host page; kinds per seat: "human" (this
    screen), "device", "bot"; options: checkbox options to tick or untick."""
    page.evaluate("h => { location.hash = h; }", f"#/new/{game_id}")
    expect(page.locator(f"form[data-new-game='{game_id}']")).to_be_attached()
    page.locator("#f-devices").check()
    expect(page.locator("select[name=seat-0-kind] option[value=device]")).to_be_attached()
    page.locator("select[name=seats]").select_option(str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.locator(f"select[name=seat-{i}-kind]").select_option(kind)
    for name, on in (options or {}).items():
        page.locator(f"#f-opt-{name}").set_checked(on)
    page.locator("input[name=seed]").fill(seed)
    page.locator("[data-ui='start']").click()
    expect(page.locator("#app[data-screen='play']")).to_be_attached()
    return page


def seat_link(host, seat: int, timeout: float = 30_000) -> str:
    link = host.locator(f"[data-net-link='{seat}']")
    expect(link).to_be_attached(timeout=timeout)
    return link.input_value()


def open_link(page, link: str) -> None:
    """A booted device page opens a host's link (as a phone's camera would;
    the page's storage stays: a reopened seat is reclaimed with it)."""
    page.evaluate("() => { window.spieltischTable.record = true; window.spieltischTable.received = []; }")
    page.evaluate("h => { location.hash = h; }", "#" + link.split("#", 1)[1])


def reload_with_link(page, site_url, link: str) -> None:
    """The device page is loaded again, from the link (its storage stays)."""
    page.goto(site_url + PATH + "#" + link.split("#", 1)[1])
    expect(page.locator("html[data-ready='1']")).to_be_attached(timeout=sb.READY_TIMEOUT_MS)
    page.evaluate("() => { window.spieltischTable.record = true; }")


def answer(host, device, seat: int) -> None:
    code = device.locator("[data-net-answer]")
    expect(code).to_be_attached(timeout=30_000)
    host.locator(f"#net-answer-{seat}").fill(code.input_value())
    host.locator(f"[data-ui='net-accept:{seat}']").click()
    expect(host.locator(f"[data-net-seat='{seat}'] [data-net-state='connected']")).to_be_attached(timeout=30_000)
    expect(device.locator("[data-net-seat-screen]")).to_be_attached(timeout=30_000)


def join(host, device, seat: int) -> None:
    open_link(device, seat_link(host, seat))
    answer(host, device, seat)


def legal(device) -> list[str]:
    return device.evaluate("window.spieltischTable.legal")


def over(page) -> bool:
    return page.locator("[data-gameover]").count() > 0


def move(devices: dict, rng: Rng) -> tuple[int, str] | None:
    """One move by the device whose turn it is (None: nobody's yet)."""
    for seat, d in devices.items():
        texts = legal(d)
        if texts:
            text = texts[rng.below(len(texts))]
            d.evaluate(CLICK, text)
            return seat, text
    return None


def play_to_end(host, devices: dict, seed: int, *, limit: int = 3000, timeout: float = 240.0,
                on_move=None) -> int:
    """Moves by the devices until every page shows the game's end; returns the moves made."""
    rng = Rng(seed)
    moves = 0
    deadline = time.monotonic() + timeout
    while True:
        done = move(devices, rng)
        if done is None:
            if over(host) and all(over(d) for d in devices.values()):
                return moves
            time.sleep(0.02)
        else:
            moves += 1
            if on_move is not None:
                on_move(moves, done)
        assert moves < limit and time.monotonic() < deadline, f"the game did not end ({moves} moves)"


def received(device) -> list[str]:
    return device.evaluate("window.spieltischTable.received")


# what may travel to a device (docs/multiplayer.md, "What travels")
HOST_FIELDS = {"v", "t", "seq", "seat", "nonce", "secret", "game", "options", "names", "view", "patch", "gone",
               "legal", "log", "from", "length", "full", "to_act", "over", "outcome", "acked", "code", "rule",
               "reason", "params", "re"}


def host_save(host) -> Match:
    """The game on the host's screen, from its save (the one source of truth)."""
    slot = slot_from_url(host.evaluate("location.hash").split("#/play/", 1)[1])
    text = host.evaluate("k => localStorage.getItem(k)", SAVE_PREFIX + slot)
    return Match.from_save(json.loads(text), GAMES)


def check_only_own_seat(match: Match, seat: int, texts: list[str]) -> int:
    """Every sync a device received holds its seat's view of a position of
    the game and nothing else: rebuilt by a DeviceSession, each view is
    ``view(state, seat)`` of one of the game's positions (that such a view
    never depends on another seat's secret is tests/net/test_secrets.py's
    twin-game check). Returns the syncs checked."""
    game = match.game
    states = [game.new_state(len(match.seats), match.options)]
    for _player, text in match.log:
        states.append(game.apply_unchecked(states[-1], game.parse_action(text)))
    views = [game.view(s, seat) for s in states]
    dev = DeviceSession("0-x")
    checked = 0
    for text in texts:
        data = json.loads(text)
        assert set(data) <= HOST_FIELDS, set(data) - HOST_FIELDS
        assert data.get("seat", seat) == seat
        dev.receive(text)
        if data["t"] == "sync":
            assert dev.view in views, "a device received a view that is not its seat's"
            checked += 1
    return checked
