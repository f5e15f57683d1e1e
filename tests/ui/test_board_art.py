"""The art of Potions Brew and Brauzeit (issue 29 E): every kind of card,
ingredient, cauldron and hero has a picture of its own, drawn as an SVG
<symbol> defined once per board and <use>d; every <use> on a rendered board
points at a symbol that board defines; no two kinds share a shape (colour is
never the only signal)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.games.brauzeit import art as bz_art
from spieltisch.games.brauzeit import board as bz_board
from spieltisch.games.brauzeit.data import HEROES, POTION_LIST, TIERS
from spieltisch.games.brauzeit.data import INGREDIENTS as BZ_INGREDIENTS
from spieltisch.games.potions_brew import art as pb_art
from spieltisch.games.potions_brew import board as pb_board
from spieltisch.games.potions_brew.rules import ING, NEEDS, REC
from spieltisch.games.potions_brew.rules import INGREDIENTS as PB_INGREDIENTS
from spieltisch.render.context import Ctx

from .helpers import new_controller

_SYMBOL = re.compile(r'<symbol id="([^"]+)"')
_USE = re.compile(r'<use href="#([^"]+)"')


def _symbols(html: str) -> set[str]:
    return set(_SYMBOL.findall(html))


def _screens(game_id: str, seats: int, seed: int) -> list[str]:
    """The board, hand and players panel of the seat to act, every 7th move of a game."""
    m = Match(GAMES[game_id], [Seat(f"S{i}") for i in range(seats)], seed=seed)
    rnd = random.Random(seed)
    ctl = new_controller()
    out = []
    for k in range(400):
        if m.is_over:
            break
        seat = m.to_act
        if k % 7 == 0 and seat is not None and seat >= 0:
            ctl.match, ctl.shown, ctl.curtain_for, ctl.selected = m, seat, None, None
            ctl._rebuild_trail()
            out.append(ctl.render("board") + ctl.render("hand") + ctl.render("side"))
        m.play(rnd.choice(sorted(m.legal_texts())))
    return out


def test_potions_brew_every_ingredient_and_recipe_has_a_face():
    """Each of the six ingredients has its own symbol (distinct drawings); each
    card's ingredient side uses its ingredient's picture and its recipe side
    a chip per kind with that kind's picture and the amount."""
    assert set(pb_art.ING_ART) == set(PB_INGREDIENTS)
    assert len(set(pb_art.ING_ART.values())) == len(PB_INGREDIENTS)
    defs = pb_art.defs()
    assert _symbols(defs) == {f"pb-i-{k}" for k in PB_INGREDIENTS} | {"pb-flask"}
    ctx = Ctx(lang="en", game_id="potions_brew", names=("A", "B"))
    assert ING and REC
    for card, ing in ING.items():
        face = pb_board.ing_face(ing, ctx)
        assert _USE.findall(face) == [f"pb-i-{ing}"], card
        rec = pb_board.recipe_face(REC[card], ctx)
        chips = re.findall(r'<span class="pb-need pb-(\w)">.*?<use href="#pb-i-(\w)"/></svg><b>(\d+)</b>', rec)
        assert [(k, k2, int(n)) for k, k2, n in chips] == [(k, k, v) for k, v in NEEDS[REC[card]].items()], card
        assert "pb-flask" in _USE.findall(rec)


def test_brauzeit_every_ingredient_cauldron_and_hero_has_a_picture():
    """Each ingredient has a shape of its own, each tier a rim colour and its
    name, each of the 24 heroes a portrait (a headgear that exists)."""
    assert len({bz_board.ing_shape(i) for i in BZ_INGREDIENTS}) == len(BZ_INGREDIENTS)
    syms = _symbols(bz_board._defs())
    assert {f"bz-i-{i}" for i in BZ_INGREDIENTS} | {"bz-pot", "bz-bust"} <= syms
    assert HEROES
    for hid in HEROES:
        pic = bz_art.portrait(hid)
        uses = _USE.findall(pic)
        assert uses[0] == "bz-bust" and uses[1] in syms and uses[1] == f"bz-hg-{bz_art.HERO_HEAD[hid]}", hid
    assert len(set(bz_art.HERO_HEAD.values())) == len(bz_art.HEADGEAR) >= 5  # every headgear worn
    text = (Path(bz_board.__file__).parent / "style.css").read_text(encoding="utf-8")
    assert {p.tier for p in POTION_LIST} == set(TIERS)
    for tier in TIERS:
        assert f".bz-cauldron.t-{tier} {{ --bz-tier:" in text, tier


def test_every_picture_on_a_board_is_defined_once_on_it():
    """Whole games at the smallest and largest table: every <use> in the board,
    the hand and the players panel names a symbol the board defines, and the
    board defines each symbol once."""
    checked = 0
    for game_id, prefix in (("potions_brew", "pb-"), ("brauzeit", "bz-")):
        info = GAMES[game_id].info
        for seats in sorted({max(2, info.min_players), info.max_players}):
            screens = _screens(game_id, seats, seed=seats)
            assert screens
            for html in screens:
                defined = _SYMBOL.findall(html)
                assert len(defined) == len(set(defined)), game_id
                uses = set(_USE.findall(html))
                assert uses, game_id
                assert uses <= set(defined), (game_id, sorted(uses - set(defined)))
                assert all(u.startswith(prefix) for u in uses)
                checked += 1
    assert checked > 20
