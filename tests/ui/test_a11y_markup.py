"""Accessibility markup on CPython (issue 14): Saboteur's mine as an ARIA
grid named in words, the broken-tool hint, the variant as a translated
choice, targets as real buttons, "How to play" links and the rules page.
The axe-core scans and the phone and dark-mode checks are in
tests/browser/test_a11y.py."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.games.saboteur import board as sab
from spieltisch.render.context import Ctx

from .helpers import Hooks, new_controller, start_game

COORDS = re.compile(r"-?\d+\s*,\s*-?\d+")


def _sab_match(seed: int = 5, moves: int = 10) -> Match:
    m = Match(GAMES["saboteur"], [Seat("Ann"), Seat("Bo", "bot", "easy"), Seat("Cy", "bot", "easy")], seed=seed)
    rnd = random.Random(seed)
    played = 0
    while not m.is_over and (played < moves or m.to_act != 0):
        m.play(rnd.choice(sorted(m.legal_texts())))
        played += 1
    return m


def _ctx(m: Match, lang: str = "en", selected: str | None = None) -> Ctx:
    return Ctx(lang, "saboteur", ("Ann", "Bo", "Cy"), viewer=0, legal=frozenset(m.legal_texts(0)), selected=selected)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_saboteur_places_and_cards_in_words(lang):
    """sab.layout: a space is named from the start, never by coordinates; a
    tunnel card by its shape and open sides."""
    ctx = Ctx(lang, "saboteur", ("Ann", "Bo", "Cy"))
    names = {sab._place_name(x, y, ctx) for x in range(-3, 10) for y in range(-4, 5)}
    assert len(names) == 13 * 9  # every space has its own name
    assert not [n for n in names if COORDS.search(n)]
    if lang == "en":
        assert sab._place_name(2, -2, ctx) == "2 right of the start, 2 rows up"
        assert sab._place_name(1, 1, ctx) == "just right of the start, one row down"
        assert sab._place_name(8, 0, ctx) == "goal card 2"
        assert sab.card_words("NES", 0, ctx) == "T-junction, open north, east and south"
        assert sab.card_words("NES", 1, ctx) == "T-junction, open north, south and west"
    else:
        assert sab._place_name(-1, 0, ctx) == "direkt links vom Start"
        assert sab.card_words("NS", 0, ctx) == "gerader Gang, offen nach Norden und Süden"


def test_saboteur_mine_is_a_grid_with_one_tab_stop_on_a_legal_target():
    """The mine: role=grid, rows of gridcells, every cell named in words;
    with a tunnel card selected only one cell is in the tab order (roving
    tabindex) and it is a legal target; no nested focusable inside an img."""
    m = _sab_match()
    view = m.game.view(m.state, 0)
    tunnel = next(c for c in view["hand"] if c in sab.TUNNELS)
    ctx = _ctx(m, selected=tunnel)
    html = sab.board(view, ctx)
    h = Hooks(html)
    assert 'role="img"' not in html
    svg = h.tags("svg")[0]
    assert svg["role"] == "grid" and svg["aria-label"]
    cells = [a for _, a in h.elements if a.get("role") == "gridcell"]
    rows = [a for _, a in h.elements if a.get("role") == "row"]
    assert rows and len(cells) >= len(rows) * 3
    assert all(c.get("aria-label") for c in cells)
    assert not [c["aria-label"] for c in cells if COORDS.search(c["aria-label"])]
    stops = [c for c in cells if c.get("tabindex") == "0"]
    assert len(stops) == 1
    if any(t.startswith("path:") for t in ctx.legal):
        assert "data-action" in stops[0]
        assert "Place the" in stops[0]["aria-label"]
    # named cards: the start and every laid card say what they are
    start = next(c for c in cells if c["data-gx"] == "0" and c["data-gy"] == "0")
    assert "start card" in start["aria-label"]
    for x, y, code, rot in view["maze"]:
        cell = next(c for c in cells if c["data-gx"] == str(x) and c["data-gy"] == str(y))
        assert unescape(sab.card_words(code, rot, ctx)) in cell["aria-label"]


def test_broken_tool_hint_says_why_no_space_is_green():
    """sab.tools: with a broken tool a tunnel card has no target; the hint
    must not say "Green spaces take ..." but that a broken tool stops tunnel
    building until mended."""
    m = _sab_match()
    view = dict(m.game.view(m.state, 0))
    tunnel = next(c for c in view["hand"] if c in sab.TUNNELS)
    broken = list(view["broken"])
    broken[0] = ("P",)
    view["broken"] = broken
    for lang, bad, good in (("en", "Green spaces", "broken tool"), ("de", "Grüne", "kaputtes Werkzeug")):
        hint = unescape(sab._hint(view, _ctx(m, lang, tunnel), tunnel, ""))
        assert bad not in hint and good in hint, hint
    # without a broken tool the green-space hint stays
    view["broken"] = [()] * len(broken)
    assert "Green spaces" in unescape(sab._hint(view, _ctx(m, "en", tunnel), tunnel, ""))


@pytest.mark.parametrize("lang,classic,new_mine", [("en", "Classic", "New mine"), ("de", "Klassisch", "Neue Mine")])
def test_saboteur_variant_is_a_translated_select(lang, classic, new_mine):
    ctl = new_controller()
    ctl.set_lang(lang)
    ctl.handle("ui", "new:saboteur")
    html = ctl.render("screen")
    h = Hooks(html)
    assert not [a for a in h.tags("input") if a.get("name") == "option-variant"]
    assert [a for a in h.tags("select") if a.get("name") == "option-variant"]
    m = re.search(r'<select name="option-variant".*?</select>', html)
    assert m and classic in unescape(m.group(0)) and new_mine in unescape(m.group(0))


def test_row_and_cauldron_targets_are_buttons_not_list_items():
    """axe nested-interactive / list: no <li role=button>; a row's target is
    a real button inside the list item."""
    for game_id, seats in (("hexen_cocktail", 2), ("brauzeit", 2)):
        ctl = new_controller()
        start_game(ctl, [("Ann", "human", None)] + [(f"B{i}", "bot", "easy") for i in range(1, seats)],
                   game_id=game_id)
        legal = ctl.match.legal_texts(ctl.shown)
        sel = next((t for t in legal if t.startswith("play:")), None)
        if sel:
            ctl.handle("ui", "select:" + sel.split(":")[1])
        html = ctl.render("screen")
        assert not re.search(r'<li[^>]*role="button"', html), game_id
        assert re.search(r'<button type="button" class="hit"', html) or game_id == "brauzeit"


def test_how_to_play_links_and_rules_page():
    """Every game card and new-game form links to the game's rules page,
    which has a section index whose entries move focus to the section."""
    ctl = new_controller()
    hub = Hooks(ctl.render("screen"))
    built = [a["data-game-card"] for a in hub.tags("li") if "data-game-card" in a and "data-coming-soon" not in a]
    links = [a for a in hub.tags("a") if "data-howto" in a]
    assert sorted(a["data-howto"] for a in links) == sorted(built)
    for gid in built:
        ctl.handle("ui", f"new:{gid}")
        form = Hooks(ctl.render("screen"))
        assert [a for a in form.tags("a") if a.get("href") == f"#/rules/{gid}"]
        ctl.navigate(f"#/rules/{gid}")
        assert ctl.screen == "rules" and ctl.hash == f"#/rules/{gid}"
        page = Hooks(ctl.render("screen"))
        jumps = [a["data-ui"] for a in page.tags("button") if a.get("data-ui", "").startswith("rules:")]
        sections = page.values("data-rule")
        assert jumps == [f"rules:{r}" for r in sections] and sections
        ctl.take_effects()
        ctl.handle("ui", jumps[1])
        assert ("focus", f'[data-rule="{sections[1]}"]') in ctl.take_effects()
    ctl.navigate("#/rules/nonsense")
    assert ctl.screen == "hub"
