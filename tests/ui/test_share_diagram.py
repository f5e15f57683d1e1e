"""The share panel's diagram and puzzle maker, and puzzle links
(ui/share.py, ui/puzzles.py, the controller's #/position/<code>/puzzle/
route). See docs/blogging.md."""

from __future__ import annotations

import base64
import html
import random

import pytest
from support import registry

from spieltisch import diagram
from spieltisch.__main__ import main as cli_main
from spieltisch.core.match import Match, Seat
from spieltisch.diagram import embed
from spieltisch.games import GAMES
from spieltisch.render.context import Ctx
from spieltisch.ui import position, puzzles, share

from .helpers import Hooks, human_move, new_controller, start_game

SITE = "https://games.example/spieltisch/"


def _field(page: str, hook: str) -> str:
    start = page.index(hook)
    start = page.index(">", start) + 1
    return html.unescape(page[start: page.index("</textarea>", start)])


def _sharing_controller(game_id="hexen_cocktail", seats=None, moves=4):
    ctl = new_controller()
    ctl.site_url = SITE
    seats = seats or [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy")]
    start_game(ctl, seats, seed=19, game_id=game_id)
    rnd = random.Random(2)
    for _ in range(moves):
        while ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
        human_move(ctl, rnd)
    while ctl.bot_pending():
        while not ctl.bot_step(50):
            pass
    ctl.handle("ui", "share")
    return ctl


@pytest.mark.parametrize("game_id", [g for g in registry.GAME_IDS if g not in diagram.PENDING])
def test_the_share_panel_offers_the_diagram_the_command_line_draws(tmp_path, game_id):
    """Every game: the share panel's diagram, its download and the command
    line's SVG for the panel's link are the same bytes."""
    n = registry.seats(game_id)
    ctl = _sharing_controller(game_id, [("Ann", "human", None)] + [(f"Bot {i}", "bot", "easy") for i in range(1, n)])
    top = ctl.render("top")
    link = _field(top, "data-share-url")
    code = diagram.link_code(link)
    svg = _field(top, "data-share-diagram")
    # the download is the same file
    hooks = Hooks(top)
    (a,) = [attrs for tag, attrs in hooks.elements if tag == "a" and "data-share-download" in attrs]
    assert base64.b64decode(a["href"].split(",", 1)[1]).decode("utf-8") == svg
    assert a["download"].endswith(".svg")
    # the command line, from the link, gives the same bytes
    out = tmp_path / "fig.svg"
    assert cli_main(["diagram", link, "-o", str(out), "--lang", ctl.lang]) == 0
    assert out.read_bytes() == svg.encode("utf-8")
    # the click-to-play snippet plays this very position
    play = _field(top, "data-share-play")
    assert f'data-spieltisch-play="{SITE}embed.html#/position/{code}"' in play
    assert ctl.shown is not None and f'data-seat="{ctl.shown + 1}"' in svg


def _puzzle_ready():
    """Ann to move; her legal moves, one marked as the answer."""
    ctl = _sharing_controller(moves=3)
    assert ctl.match.to_act == ctl.shown == 0
    legal = ctl.match.legal_texts(0)
    answer, wrong = legal[0], legal[-1]
    ctl.handle("ui", f"puzzle:{answer}")
    ctl.handle("form", "puzzle-question", {"puzzle-question": "Which card is safe?"})
    return ctl, answer, wrong


def test_the_puzzle_maker_marks_answers_and_makes_a_link():
    ctl, answer, _ = _puzzle_ready()
    top = ctl.render("top")
    hooks = Hooks(top)
    pressed = [a["data-answer"] for t, a in hooks.elements if a.get("aria-pressed") == "true" and "data-answer" in a]
    assert pressed == [answer]
    url = _field(top, "data-puzzle-url")
    code, payload = embed.split_route(url.split("#/position/", 1)[1])
    assert embed.read_puzzle(payload) == ([answer], "Which card is safe?")
    assert code == position.encode(ctl.match, 0)
    assert "data-spieltisch-play" in _field(top, "data-puzzle-embed")
    # unmarking takes it away again
    ctl.handle("ui", f"puzzle:{answer}")
    assert "data-puzzle-url" not in ctl.render("top")


def test_a_puzzle_link_judges_the_readers_move():
    ctl, answer, wrong = _puzzle_ready()
    url = _field(ctl.render("top"), "data-puzzle-url")
    reader = new_controller()
    reader.navigate(url[len(SITE):])
    assert reader.screen == "play"
    assert "Which card is safe?" in reader.status_text and "Ann" in reader.status_text
    m = reader.match
    before = list(m.log)
    # an illegal move: the rules refuse it, with the rule
    reader.handle("illegal", "pass")
    status = reader.render("status")
    assert 'class="msg msg-illegal"' in status and "rules:hexen.turn" in status
    assert m.log == before
    # a legal move that is not an answer: wrong, and not played
    if wrong != answer:
        reader.handle("action", wrong)
        assert 'class="msg msg-wrong"' in reader.render("status")
        assert m.log == before
    # the answer: right, and played
    reader.handle("action", answer)
    assert 'class="msg msg-right"' in reader.render("status")
    assert m.log[len(before)] == [0, answer] or tuple(m.log[len(before)]) == (0, answer)
    assert reader.puzzle is None


def test_a_damaged_puzzle_part_gives_a_plain_message():
    ctl, _, _ = _puzzle_ready()
    url = _field(ctl.render("top"), "data-puzzle-url")
    reader = new_controller()
    reader.navigate(url[len(SITE):].rsplit("/", 1)[0] + "/!!notbase64")
    assert reader.screen == "position"
    assert reader.tr("position.error.puzzle") in reader.render("screen")


def test_no_puzzle_when_it_is_not_the_seats_turn():
    m = Match(GAMES["saboteur"], [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=4)
    other = (m.to_act + 1) % 3
    ctx = Ctx(lang="en", game_id="saboteur", names=("Ann", "Bo", "Cy"), viewer=other)
    info = puzzles.panel(m, other, position.encode(m, other), puzzles.Draft(), ctx)
    assert info["choices"] is None
    box = share.puzzle_box("en", SITE, "Bo", info)
    assert "data-answer" not in box and "data-puzzle-url" not in box
    assert html.escape("turn", quote=False) in box
