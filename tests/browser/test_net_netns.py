"""Issue 30: two separate Chromium processes, each in a network namespace
this test makes (a veth pair between them, addresses, a default route
inside each; no other interface, so no packet leaves the two namespaces),
connect a data channel with no ICE server and play a whole game over it:
once through the test pages (the net layer alone) and once through the
screens a player uses (the host's new-game form, its link and answer box,
the devices' join screen, every move a device's own click). Each namespace
serves the site on its own 127.0.0.1 (tools/serve.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid

import pytest
from support import browser as sb
from support import tablepages as tp
from support.netpair import open_pair_page, relay_game

from spieltisch.games import GAMES

REPO = sb.REPO


def sh(*args):
    subprocess.run(args, check=True, capture_output=True)


@pytest.fixture(scope="module")
def namespaces(tmp_path_factory):
    assert os.geteuid() == 0 and shutil.which("ip"), "this test makes network namespaces: run it as root with iproute2"
    tag = uuid.uuid4().hex[:6]
    names = [f"st{tag}a", f"st{tag}b"]
    veth = [f"v{tag}a", f"v{tag}b"]
    procs = []
    try:
        for ns in names:
            sh("ip", "netns", "add", ns)
            sh("ip", "-n", ns, "link", "set", "lo", "up")
        sh("ip", "link", "add", veth[0], "netns", names[0], "type", "veth", "peer", "name", veth[1],
           "netns", names[1])
        for k, ns in enumerate(names):
            sh("ip", "-n", ns, "addr", "add", f"10.77.0.{k + 1}/24", "dev", veth[k])
            sh("ip", "-n", ns, "link", "set", veth[k], "up")
            sh("ip", "-n", ns, "route", "add", "default", "via", f"10.77.0.{2 - k}")
        out = {}
        for ns in names:
            proc = subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, str(REPO / "tools" / "serve.py"),
                                     "--port", "0", "--quiet"], stdout=subprocess.PIPE, text=True)
            procs.append(proc)
            line = proc.stdout.readline().strip()
            assert line.startswith("Spieltisch is at "), line
            wrapper = tmp_path_factory.mktemp(ns) / "chromium"
            wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {ns} {sb.CHROMIUM} "$@"\n')
            wrapper.chmod(0o755)
            out[ns] = (line.rsplit(" ", 1)[1], str(wrapper))
        yield names, out
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=10)
        for ns in names:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def test_two_chromium_processes_in_their_own_namespaces_play_a_whole_game(namespaces, browser):
    names, where = namespaces
    chromium = browser.browser_type  # the session's Playwright (only one may run); two new processes
    browsers = [chromium.launch(executable_path=where[ns][1], args=sb.CHROMIUM_ARGS, headless=True)
                for ns in names]
    try:
        def new(k):
            return lambda: sb.open_page(browsers[k])

        host_pages, device_pages = {}, {}
        for s in range(2):
            host_pages[s] = open_pair_page(new(0), where[names[0]][0])
            device_pages[s] = open_pair_page(new(1), where[names[1]][0])
            offer = host_pages[s].evaluate("netTest.host([])")
            answer = device_pages[s].evaluate("code => netTest.join(code, [])", offer)
            host_pages[s].evaluate("code => netTest.accept(code)", answer)
            for p in (host_pages[s], device_pages[s]):
                p.wait_for_function("netTest.opened()", timeout=60_000)
        host, devices = relay_game(host_pages, device_pages, next(iter(GAMES)), 2, 4)
        assert host.match.is_over
        for s, d in devices.items():
            assert d.view == host.screen(s)["view"] and not d.refusals
        for p in list(host_pages.values()) + list(device_pages.values()):
            assert p.outside_requests == []
    finally:
        for b in browsers:
            b.close()


def test_the_host_screen_and_two_device_screens_in_other_namespaces_play_a_whole_game(namespaces, browser):
    """The host's page in the first namespace's Chromium, two devices (each
    its own browser context) in the second's: each page is the site from its
    own namespace's server, paired through the screens (the host's link
    opened on the device, the device's answer pasted on the host), and the
    game is played to its end by the devices' clicks. The host's save holds
    every move once; each device received its own seat's views only."""
    names, where = namespaces
    chromium = browser.browser_type
    browsers = [chromium.launch(executable_path=where[ns][1], args=sb.CHROMIUM_ARGS, headless=True)
                for ns in names]
    pages = []
    try:
        host = tp.boot(browsers[0], where[names[0]][0])
        pages.append(host)
        devices = {}
        for s in range(2):
            devices[s] = tp.boot(browsers[1], where[names[1]][0])
            pages.append(devices[s])
        game_id = next(iter(GAMES))
        tp.start_host(host, game_id, ["device", "device"], seed="3")
        for s, d in devices.items():
            tp.join(host, d, s)
        moves = tp.play_to_end(host, devices, seed=11)
        match = tp.host_save(host)
        assert match.is_over and moves > 0
        assert len([e for e in match.log if e[0] in devices]) == moves  # every click played, none twice
        for seat, d in devices.items():
            assert tp.check_only_own_seat(match, seat, tp.received(d)) > 0
        for p in pages:
            assert p.page_errors == [] and p.outside_requests == []
    finally:
        for p in pages:
            sb.close_page(p)
        for b in browsers:
            b.close()
