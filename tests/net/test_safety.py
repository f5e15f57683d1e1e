"""Issue 30, "Safe" and "Nothing lost": forged, replayed, oversized and
malformed messages are refused and the game goes on; a join code grants one
seat once; a dropped device (or a reloaded host) gets its seat back with
every move kept."""

from __future__ import annotations

import json

import pytest

from spieltisch.core import Match, Seat
from spieltisch.games import GAMES
from spieltisch.net import MAX_DEVICE_MESSAGE_CHARS, DeviceSession, HostSession
from spieltisch.net.messages import mac

from .test_games import new_table
from .wire import Table

GAME = next(iter(GAMES))  # the registry's first game; the protocol is the same for every game


def last_refusal(table, seat):
    texts = [json.loads(t) for t in table.received[seat]]
    mine = [t for t in texts if t["t"] in ("refused", "error")]
    return mine[-1] if mine else None


def to_act(table):
    return next(s for s, d in table.devices.items() if d.my_turn)


def signed(device, **body):
    msg = {"v": 1, "seat": device.seat, **body}
    msg["mac"] = mac(device.secret, device.nonce, msg)
    return json.dumps(msg)


HOSTILE = {
    "oversized": ("x" * (MAX_DEVICE_MESSAGE_CHARS + 1), "too-big"),
    "oversized-action": (None, "too-big"),  # a real act with a very long text, see below
    "not-json": ("{", "not-json"),
    "not-an-object": ("[1, 2]", "not-json"),
    "too-deep": ("[" * 50 + "]" * 50, "too-deep"),
    "other-version": ('{"v": 9, "t": "act"}', "version"),
    "no-kind": ('{"v": 1}', "kind"),
    "unsigned": (None, "forged"),
    "wrong-secret": (None, "forged"),
    "other-seat": (None, "not-your-seat"),
    "bad-seq": (None, "field"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_messages_are_refused_and_the_game_goes_on(case):
    table = new_table(GAME)
    seat = to_act(table)
    dev = table.devices[seat]
    other = next(s for s in table.devices if s != seat)
    legal = dev.legal[0]
    text, code = HOSTILE[case]
    seq = dev.next_seq
    if case == "oversized-action":
        text = signed(dev, t="act", seq=seq, text="y" * MAX_DEVICE_MESSAGE_CHARS)
    elif case == "unsigned":
        text = json.dumps({"v": 1, "t": "act", "seat": seat, "seq": seq, "text": legal})
    elif case == "wrong-secret":
        msg = {"v": 1, "t": "act", "seat": seat, "seq": seq, "text": legal}
        msg["mac"] = mac("not the secret", dev.nonce, msg)
        text = json.dumps(msg)
    elif case == "other-seat":  # seat's device signs an act for another seat
        text = signed(dev, t="act", seq=seq, text=legal) .replace(f'"seat": {seat}', f'"seat": {other}')
    elif case == "bad-seq":
        text = signed(dev, t="act", seq=-4, text=legal)
    before = list(table.host.match.log)
    table.send(seat, text)
    assert table.host.match.log == before, "a refused message changed the game"
    refusal = last_refusal(table, seat)
    assert refusal is not None and refusal["code"] == code
    assert dev.refusals[-1]["code"] == code, "the device was told why"
    table.play_out()  # and the game goes on to its end
    assert table.host.match.is_over


def test_a_replayed_action_is_refused_on_the_same_and_on_a_new_connection():
    table = new_table(GAME)
    seat = to_act(table)
    dev = table.devices[seat]
    [sent] = dev.act(dev.legal[0])
    table.send(seat, sent)
    played = list(table.host.match.log)
    table.send(seat, sent)
    assert table.host.match.log == played and last_refusal(table, seat)["code"] == "replayed"
    table.drop(seat)
    table.pair(seat, dev)  # resumes
    table.send(seat, sent)  # signed for the old connection
    assert table.host.match.log == played and last_refusal(table, seat)["code"] == "forged"
    table.play_out()


def test_an_illegal_action_comes_back_with_the_games_reason():
    table = new_table(GAME)
    seat = to_act(table)
    other = next(s for s in table.devices if s != seat)
    before = list(table.host.match.log)
    table.act(other, table.devices[seat].legal[0])  # not its turn
    table.act(seat, "no such move at all")
    assert table.host.match.log == before
    assert table.devices[other].refusals[-1]["rule"], "the refusal names the rule"
    assert table.devices[seat].refusals[-1]["reason"]
    table.play_out()


def test_a_join_code_grants_one_seat_once():
    match = Match(GAMES[GAME], [Seat("A"), Seat("B")], seed=5)
    host = HostSession(match, [0, 1])
    code = host.join_code(1)
    table = Table(host)
    first = table.pair(1)
    assert first.seat == 1 and host.join_code(1) is None
    thief = DeviceSession(code)
    table.devices[0] = thief
    table.conn[0] = "thief"
    table.deliver(host.connect("thief"))
    assert thief.seat is None and thief.errors[-1]["code"] == "code-used"
    assert host.status(1) == "connected" and host.status(0) == "open"
    assert code.split("-", 1)[1] not in first.secret, "the secret is not in the code"


def test_a_forged_resume_gets_no_seat():
    table = new_table(GAME)
    impostor = DeviceSession(stored={"seat": 0, "secret": "guessed" * 4, "game": GAME})
    table.devices[99] = impostor
    table.conn[99] = "impostor"
    table.deliver(table.host.connect("impostor"))
    assert impostor.errors[-1]["code"] == "forged"
    assert table.host.status(0) == "connected"


def test_a_dropped_device_reclaims_its_seat_and_every_move_is_kept():
    table = new_table(GAME, seed=8)
    host = table.host
    sent: list[tuple[int, str]] = []
    from spieltisch.core.rng import Rng
    rng = Rng(4)
    dropped = None
    while not host.match.is_over:
        seat = to_act(table) if dropped is None else next(
            s for s in range(len(host.match.seats)) if host.match.to_act == s)
        dev = table.devices[seat]
        if dropped is None and len(sent) == 6:  # the page is closed mid-game
            stored = json.loads(json.dumps(dev.to_json()))
            table.drop(seat)
            assert host.status(seat) == "away"
            dropped = seat
            legal = host.match.legal_texts(seat)
            dev.act(legal[0])  # tapped while the Wi-Fi was gone: kept, sent later
            sent.append((seat, legal[0]))
            reopened = DeviceSession(stored={**stored, **dev.to_json()})
            table.pair(seat, reopened)  # reopened from its link: resumes with its secret
            assert host.status(seat) == "connected" and reopened.seat == seat
            dropped = False
            continue
        legal = dev.legal
        text = legal[rng.below(len(legal))]
        sent.append((seat, text))
        table.act(seat, text)
    seat_moves = [(p, t) for p, t in host.match.log if p >= 0]
    assert seat_moves == sent, "a move was lost or played twice"
    assert dropped is False


def test_the_host_reloads_from_its_save_and_the_devices_pair_again():
    table = new_table(GAME, seed=9)
    host = table.host
    from spieltisch.core.rng import Rng
    rng = Rng(2)
    for _ in range(5):
        seat = to_act(table)
        table.act(seat, table.devices[seat].legal[rng.below(len(table.devices[seat].legal))])
    saved, kept = host.match.to_save_text(), json.dumps(host.to_json())
    log = list(host.match.log)
    devices = {s: DeviceSession(stored=d.to_json()) for s, d in table.devices.items()}  # pages reloaded too
    match = Match.from_save(saved, dict(GAMES.items()))
    assert match.log == log
    again = Table(HostSession(match, range(len(match.seats)), stored=json.loads(kept)))
    for seat, dev in devices.items():
        again.pair(seat, dev)
        assert again.host.status(seat) == "connected"
    again.play_out()
    assert again.host.match.is_over and again.host.match.log[:len(log)] == log


def test_a_gone_seat_is_handed_to_the_host_and_its_device_can_act_no_more():
    table = new_table(GAME, seed=6)
    host = table.host
    seat = to_act(table)
    dev = table.devices[seat]
    table.drop(seat)
    assert host.status(seat) == "away"
    host.release(seat)  # "hand this seat to this screen"
    table.pair(seat, dev)  # the old device comes back: its secret no longer works
    assert dev.errors[-1]["code"] == "forged" and host.status(seat) == "local"
    assert host.join_code(seat) is None
    before = len(host.match.log)
    host.match.play(host.match.legal_texts(seat)[0], seat)  # the host plays the seat now
    table.deliver(host.changed())
    assert len(host.match.log) > before
    others = [s for s in table.devices if s != seat]
    assert all(table.devices[s].screen["length"] == len(host.lines(s)) for s in others)


def test_a_device_drops_malformed_host_messages_and_keeps_its_screen():
    table = new_table(GAME)
    seat = to_act(table)
    dev = table.devices[seat]
    screen, log = dict(dev.screen), dict(dev.log)
    for bad in ("{", "[]", '{"v": 1, "t": "sync", "seq": 999, "seat": %d, "log": [[1, 2]]}' % seat,
                '{"v": 1, "t": "sync", "seq": 1000, "seat": %d, "log": 5}' % seat,
                '{"v": 1, "t": "sync", "seq": "x", "seat": %d}' % seat, "[" * 100 + "]" * 100):
        dev.receive(bad)
    assert dev.screen == screen and dev.log == log
    assert len(dev.errors) == 6
    table.play_out()  # the next real messages are still taken
    assert table.host.match.is_over and dev.screen["over"]


def test_join_codes_are_8_character_tokens_and_a_16_character_one_stored_earlier_still_works():
    """Join codes carry 8-character tokens now (a shorter join link); a host
    that kept 16-character ones (an earlier version, restored from its
    record) still grants them; a token shorter than 8 or longer than 16
    characters is no join code (bad-code)."""
    from spieltisch.net.messages import JoinCode, ProtocolError
    match = Match(GAMES[GAME], [Seat("A"), Seat("B")], seed=5)
    host = HostSession(match, [0, 1])
    assert all(len(host.join_code(s).split("-", 1)[1]) == 8 for s in (0, 1))
    old = HostSession(match, [0, 1], stored={"v": 1, "codes": {"0": "A" * 16, "1": "B" * 16}})
    assert old.join_code(1) == "1-" + "B" * 16
    assert Table(old).pair(1).seat == 1 and old.status(1) == "connected"
    for bad in ("1-" + "x" * 7, "1-" + "x" * 17, "1-", "x-" + "y" * 8):
        with pytest.raises(ProtocolError) as err:
            JoinCode.parse(bad)
        assert err.value.code == "bad-code"
    stranger = DeviceSession("0-" + "x" * 7)
    table = Table(host)
    table.devices[0] = stranger
    table.conn[0] = "s"
    table.deliver(host.connect("s"))
    assert stranger.seat is None and stranger.errors[-1]["code"] == "bad-code" and host.join_code(0)
