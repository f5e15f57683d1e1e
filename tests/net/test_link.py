"""Join links as digits (src/spieltisch/net/link.py): the table, seat, token
and the host's offer code (static/js/net.js format 1) survive the round trip
exactly; anything else is refused; the payload is far shorter in a QR code
than the same fields as text. (The QR versions themselves, from lean-qr, are
in tests/browser/test_qr.py.)"""

from __future__ import annotations

import secrets

import pytest

from spieltisch.net.link import B64URL, SEAT_KEY_CHARS, join_payload, parse_payload, seat_key
from spieltisch.net.messages import JOIN_TOKEN_CHARS, new_join_token, new_token


def offer_code(cands: int = 1, answer: bool = False) -> str:
    """A format-1 connection code, laid out as net.js packs one: Chromium's
    4-character ufrag and 24-character pwd, mDNS host candidates."""
    head = (1 << 5) | (16 if answer else 0) | (0 << 2) | cands
    body = bytes([head, 4]) + secrets.token_bytes(3) + bytes([24]) + secrets.token_bytes(18) + secrets.token_bytes(32)
    for _ in range(cands):
        body += bytes([0]) + secrets.token_bytes(16) + (50000).to_bytes(2, "big")
    return str(int.from_bytes(b"\x01" + body, "big"))


def token() -> str:
    return secrets.token_urlsafe(12)[:16]  # as spieltisch.net.messages.new_token


def test_round_trip_keeps_every_field_and_the_offer_exactly():
    for table, seat, tok in ((token(), 0, token()), (token(), 9, ""), ("", 3, token()), (None, 255, None),
                             ("a", 1, "-_-_")):
        offer = offer_code()
        payload = join_payload(table, seat, tok, offer)
        assert payload.isdigit()
        assert parse_payload(payload) == (table or "", seat, tok or "", offer)
        assert parse_payload(f"  {payload}\n") == (table or "", seat, tok or "", offer)


def test_sizes():
    offer = offer_code()  # 75 bytes: 181 digits
    assert len(offer) == 181
    # + header, seat, two 16-character ids (1 + 12 bytes each): 103 bytes
    assert len(join_payload(token(), 2, token(), offer)) <= 250
    assert len(join_payload(None, 2, token(), offer)) <= 218
    # the links the screens make (ui/table_host.py): the first one carries the seat's 8-character
    # token and no table id, a reclaim link the seat's 8-character key: 84 bytes, 204 digits each
    first = join_payload(None, 2, new_join_token(), offer)
    again = join_payload(seat_key(new_token() + new_token()), 2, None, offer)
    assert len(first) <= 204 and len(again) <= 204, (len(first), len(again))
    # in a QR code: digits at 10 bits for 3 against 8 bits a character of "<table>.<seat>.<token>.<offer>"
    text = f"{token()}.2.{token()}.{offer}"
    digits = join_payload(token(), 2, token(), offer)
    assert len(digits) * 10 / 3 < len(text) * 8 * 0.55


@pytest.mark.parametrize("bad", ["", "x", "0", "01234", "1" * 700, "12345678901234567890", "١٢٣"])
def test_what_is_not_a_payload_is_refused(bad):
    assert parse_payload(bad) is None


def test_changed_digits_never_crash_the_parser():
    payload = join_payload(token(), 1, token(), offer_code())
    for i in range(len(payload)):
        for d in "0123456789":
            parse_payload(payload[:i] + d + payload[i + 1:])  # None or a tuple, never an exception


def test_bad_fields_are_refused_when_making_one():
    offer = offer_code()
    for args in ((token(), 256, token(), offer), (token(), -1, token(), offer), ("not base64!", 0, "", offer),
                 ("x" * 41, 0, "", offer), (token(), 0, token(), offer_code(answer=True)), (token(), 0, "", "12x")):
        with pytest.raises(ValueError):
            join_payload(*args)
    # an answer code in place of the offer is refused when reading too
    assert parse_payload(str(int.from_bytes(b"\x01" + bytes([2 << 5, 0]) + bytes(5), "big"))) is None


def test_the_seat_key_is_short_fixed_and_tells_secrets_apart():
    a, b = new_token() + new_token(), new_token() + new_token()
    ka = seat_key(a)
    assert len(ka) == SEAT_KEY_CHARS == 8 and all(c in B64URL for c in ka)
    assert seat_key(a) == ka and seat_key(b) != ka  # the same secret, the same key; another secret, another
    assert a[:8] not in ka and ka not in a
    assert len(new_join_token()) == JOIN_TOKEN_CHARS == 8
