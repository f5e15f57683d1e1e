"""Position links and the share/embed panels (ui/position.py, ui/share.py,
the controller's #/position/ route). See docs/embedding.md."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from support import registry

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.ui import position
from spieltisch.ui.controller import SAVE_PREFIX, MemoryStorage

from .helpers import XSS, Hooks, human_move, new_controller, start_game

SITE = "https://games.example/spieltisch/"


def played(ctl, moves: int, seed: int = 3) -> None:
    rnd = random.Random(seed)
    for _ in range(moves):
        while ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
        if ctl.match.is_over:
            return
        human_move(ctl, rnd)


def pack(data) -> str:
    raw = json.dumps(data).encode()
    return position.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_round_trip_opens_the_same_position_as_a_new_game():
    storage = MemoryStorage()
    ctl = new_controller(storage)
    ctl.site_url = SITE
    slot = start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "human", None)], seed=11)
    ctl.handle("ui", "reveal")
    played(ctl, 5)
    seat = ctl.share_seat()
    assert seat is not None
    link = ctl.position_link()
    assert link.startswith(SITE + "#/position/2.")
    before = ctl.match
    saved = dict(storage.data)
    # the reader's browser: a new controller, same storage is fine (nothing is overwritten)
    reader = new_controller(storage)
    reader.navigate(link[len(SITE):])
    assert reader.screen == "play" and reader.slot != slot
    m = reader.match
    assert m.log == before.log and m.seed == before.seed
    assert m.game.state_hash(m.state) == before.game.state_hash(before.state)
    assert reader.shown == seat and not reader.curtain_up
    assert [s.is_bot for i, s in enumerate(m.seats) if i != seat] == [True, True]
    assert not m.seats[seat].is_bot and m.seats[seat].name == before.seats[seat].name
    assert before.seats[seat].name in reader.status_text
    for key, value in saved.items():  # nothing that was there is changed
        assert storage.data[key] == value
    assert SAVE_PREFIX + reader.slot in storage.data
    assert reader.hash == f"#/play/{reader.slot}"


@pytest.mark.parametrize("code", [
    "", "nonsense", "1.", "1.!!!!", "1." + "A" * 70_000, "2.eJwLAAA",
    pack([1, 2]), pack({"g": "nope", "s": [], "me": 0}),
    pack({"g": "hexen_cocktail", "s": [["A", "human", None]], "me": 3}),
    pack({"g": "hexen_cocktail", "r": 1, "s": [["A", "human", None], ["B", "bot", "x"]], "o": {},
          "seed": 5, "log": [[0, "play:R1:1"]], "h": "0", "me": 0}),
    pack({"g": "hexen_cocktail", "r": 1, "s": [["A", "human", None], ["B", "bot", "x"]], "o": {},
          "seed": "five", "log": [], "h": "0", "me": 1}),
])
def test_malformed_links_give_a_plain_message(code):
    ctl = new_controller()
    regions = ctl.navigate("#/position/" + code)
    assert "screen" in regions
    html = ctl.render("screen")
    assert "cannot be opened" in html
    assert ctl.match is None and ctl.save_keys() == []
    ctl.navigate("#/")  # the page keeps working
    assert ctl.screen == "hub"


def test_old_links_with_every_chance_outcome_still_open():
    """Payload version 1 carried the whole log, chance outcomes included."""
    m = Match(GAMES["hexen_cocktail"], [Seat("Ann"), Seat("Bo", "bot", "easy")], seed=9)
    for _ in range(4):
        m.play(m.legal_texts()[0])
    old = {"g": "hexen_cocktail", "r": 1, "s": [["Ann", "human", None], ["Bo", "bot", "easy"]], "o": {},
           "seed": 9, "log": [[p, t] for p, t in m.log], "h": m.game.state_hash(m.state), "me": 0}
    raw = json.dumps(old).encode()
    code = "1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    back, me = position.decode(code, GAMES)
    assert back.log == m.log and me == 0
    new = position.encode(m, 0)
    assert new.startswith("2.") and len(new) < len(code)
    assert position.decode(new, GAMES)[0].log == m.log


def test_deep_nesting_in_a_link_is_refused_before_parsing():
    """Issue 11: 63 characters of link held 5000 levels of brackets."""
    code = position.PREFIX + base64.urlsafe_b64encode(zlib.compress(b"[" * 5000 + b"]" * 5000, 9)).decode()
    assert len(code) < 100
    with pytest.raises(position.PositionError) as err:
        position.decode(code, GAMES)
    assert err.value.code == "too-deep"


def test_zip_bomb_is_refused():
    raw = b'{"g":"' + b"a" * 5_000_000 + b'"}'
    code = position.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    assert len(code) < position.MAX_CODE_CHARS
    with pytest.raises(position.PositionError) as err:
        position.decode(code, GAMES)
    assert err.value.code == "too-long"


def test_share_panel_escapes_names_and_warns_about_hidden_cards():
    ctl = new_controller()
    ctl.site_url = SITE
    start_game(ctl, [(XSS, "human", None), ("Bo", "bot", "easy")], seed=4)
    top = ctl.render("top")
    assert "share" in Hooks(top).values("data-ui")
    assert ctl.handle("ui", "share") == {"top"}
    top = ctl.render("top")
    hooks = Hooks(top)
    assert hooks.has("data-share") and hooks.has("data-share-hidden")
    assert "<img src=x" not in top
    assert "embed.html#/position/2." in top and "#/position/2." in top
    ctl.handle("ui", "share-close")
    assert not Hooks(ctl.render("top")).has("data-share")


def test_curtain_hides_the_share_button():
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "human", None)], seed=4)
    assert ctl.curtain_up and ctl.position_link() is None
    assert "share" not in Hooks(ctl.render("top")).values("data-ui")


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_new_game_screen_offers_the_embed_snippet_but_not_in_embed_mode(game_id):
    ctl = new_controller()
    ctl.site_url = SITE
    ctl.navigate(f"#/new/{game_id}")
    html = ctl.render("screen")
    assert Hooks(html).has("data-embed-snippet"), registry.problem(
        game_id, "its new-game screen has no embed snippet", "see ui/share.py embed_box")
    assert f'&lt;iframe src=&quot;{SITE}embed.html#/new/{game_id}&quot;' in html
    ctl.embed = True
    assert not Hooks(ctl.render("screen")).has("data-embed-snippet")
    assert ctl.outside_link() == SITE + f"#/new/{game_id}"


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_every_game_embeds_a_position(game_id):
    """A position link of a game under way opens, in the embed page, the very
    position for the sharer's seat, the others played by bots."""
    n = registry.seats(game_id)
    for moves in (12, 6, 3):  # a moment under way, however short the game
        rnd = random.Random(4)
        m = Match(GAMES[game_id], [Seat(f"P{i}") for i in range(n)], seed=9)
        while len(m.log) < moves and not m.is_over:
            m.play(rnd.choice(sorted(m.legal_texts(m.to_act))), m.to_act)
        if not m.is_over:
            break
    assert not m.is_over, registry.problem(game_id, "random games ended within 3 moves", "use another seed here")
    seat = m.to_act
    reader = new_controller()
    reader.embed = True
    reader.navigate("#/position/" + position.encode(m, seat))
    assert reader.screen == "play" and reader.shown == seat, registry.problem(
        game_id, "its position link did not open in the embed page", "see ui/position.py")
    assert reader.match.log == m.log and GAMES[game_id].state_hash(reader.match.state) == GAMES[game_id].state_hash(
        m.state)
    assert [s.is_bot for i, s in enumerate(reader.match.seats) if i != seat] == [True] * (n - 1)
