"""Saboteur's card art (issue 29, "Art of our own"): every card has a picture
of its own that still says what the card does (which sides a tunnel opens,
sab.edges; a dead end blocked in the middle, sab.deadend), every picture on a
rendered region is defined once in that region (ids kept apart per region),
a diagram has none (drawn in place), and style.css carries the classes' rules
the pictures use."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

from spieltisch.core.match import Match, Seat
from spieltisch.games import GAMES
from spieltisch.games.saboteur import art
from spieltisch.games.saboteur.cards import ACTION_COUNTS, DEAD_END, GOALS, TUNNEL_COUNTS, card_mask, goal_mask
from spieltisch.games.saboteur.diagram import figure
from spieltisch.render.context import Ctx

from .helpers import new_controller

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import build  # tools/build.py: the page's stylesheet of a game

_DEF = re.compile(r'<g id="([^"]+)">')
_USE = re.compile(r'<use href="#([^"]+)"')
_EDGE = {(30, 0): 1, (60, 42): 2, (30, 84): 4, (0, 42): 8}  # edge point of a side -> N, E, S, W
_SEG = re.compile(r"M(\d+) (\d+)([VH])(\d+)")


def _floor(body: str) -> list[tuple[int, int, str, int]]:
    d = re.search(r'<path class="sa-floor" stroke-width="\d+" d="([^"]+)"', body)
    assert d, body[:200]
    return [(int(x), int(y), k, int(v)) for x, y, k, v in _SEG.findall(d.group(1))]


def _sides(body: str) -> int:
    return sum(_EDGE[(x, y)] for x, y, _, _ in _floor(body))


def test_every_tunnel_card_shows_its_open_sides_and_a_dead_end_is_blocked():
    """sab.edges, sab.turn180, sab.deadend: the picture of each tunnel card,
    as laid and turned, opens exactly the sides the rules give it; a passage's
    tunnels meet in the middle, a dead end's stubs stop short of it at a heap
    of boulders (a shape, not only a colour)."""
    sheet = art.Sheet("t-")
    checked = 0
    for code in TUNNEL_COUNTS:
        for rot in (0, 1):
            key = art.tunnel_key(code, rot)
            body = sheet._body(key)
            assert _sides(body) == card_mask(code, rot), (code, rot)
            reach = [abs((v - 42) if k == "V" else (v - 30)) for _, _, k, v in _floor(body)]
            if code in DEAD_END:
                heap = re.search(r'<path class="sa-boulder" d="([^"]+)"', body)
                assert heap and heap.group(1).count("z") >= 3 and all(r >= 10 for r in reach), code
            else:
                assert "sa-boulder" not in body, code
                assert all(r == 8 for r in reach), (code, reach)  # every floor runs past the middle
            checked += 1
    assert checked == 2 * len(TUNNEL_COUNTS) > 30
    # different cards, different pictures (a dead end never looks like its passage)
    bodies = {art.tunnel_key(c, r): sheet._body(art.tunnel_key(c, r)) for c in TUNNEL_COUNTS for r in (0, 1)}
    assert len(set(bodies.values())) == len(bodies)


def test_goals_start_and_actions_have_pictures_of_their_own():
    """sab.layout, sab.goal: the start has its ladder, a goal face down its
    question mark, the gold its nuggets, a stone its bend (the sides it opens,
    as turned) and lumps off the path; each action card its own drawing,
    broken tools a red ✕ badge and repairs a green ✓ (shapes that differ)."""
    sheet = art.Sheet("g-")
    assert "sa-wood" in sheet._body("start") and _sides(sheet._body("start")) == 15
    assert ">?</text>" in sheet._body("back")
    assert "sa-gold" in sheet._body("gold") and _sides(sheet._body("gold")) == 15
    for code in GOALS[1:]:
        for rot in (0, 1):
            body = sheet._body(art.goal_key(code, rot))
            assert _sides(body) == goal_mask(code, rot) and "sa-stone" in body, (code, rot)
    faces = {}
    for code in ACTION_COUNTS:
        body = sheet._body(code)
        faces[code] = body
        if code.startswith("B"):
            assert 'class="sa-no"' in body and "sa-gap" in body and 'class="sa-yes"' not in body, code
        elif code.startswith("R"):
            assert 'class="sa-yes"' in body and 'class="sa-no"' not in body, code
        for tool in code[1:] if code[0] in "BR" else "":
            assert sheet._body(f"i{tool}") in body, code
    assert len(set(faces.values())) == len(ACTION_COUNTS)
    tools = {t: sheet._body(f"i{t}") for t in "PLC"}
    assert len(set(tools.values())) == 3
    roles = {r: art.role_picture(r) for r in "DS"}
    assert roles["D"] != roles["S"] and "sa-helmet" in roles["D"] and "sa-hood" in roles["S"]


def _regions(seats: int, seed: int):
    """Every 5th position of a random game: the seat to act's board, hand and
    players panel (with a card chosen now and then), and the round's end."""
    m = Match(GAMES["saboteur"], [Seat(f"S{i}") for i in range(seats)], seed=seed)
    rnd = random.Random(seed)
    ctl = new_controller()
    for k in range(600):
        if m.is_over:
            break
        seat = m.to_act
        if k % 5 == 0 and seat is not None and seat >= 0:
            hand = m.game.view(m.state, seat).get("hand") or []
            ctl.match, ctl.shown, ctl.curtain_for = m, seat, None
            ctl.selected = hand[k % len(hand)] if hand and k % 10 == 0 else None
            ctl._rebuild_trail()
            yield {r: ctl.render(r) for r in ("board", "hand", "side", "overlay")}, m, seat
        m.play(rnd.choice(sorted(m.legal_texts())))


def test_every_picture_on_a_region_is_defined_once_in_it():
    """Whole games at 3 and 10 seats: each region defines the pictures it uses,
    each once (its own id prefix, so the board, the hand and the round's end
    never share an id), and the mine defines no tunnel picture that is not on
    the mine or offered as a ghost (the hand's cards stay out of it, sab.hidden)."""
    checked = 0
    for seats in (3, 10):
        for regions, m, seat in _regions(seats, seed=seats):
            all_ids: list[str] = []
            for name, html in regions.items():
                ids = _DEF.findall(html)
                assert len(ids) == len(set(ids)), name
                uses = set(_USE.findall(html))
                assert uses <= set(ids), (name, sorted(uses - set(ids)))
                all_ids += ids
            assert len(all_ids) == len(set(all_ids))
            board_html = regions["board"]
            assert _USE.findall(board_html)
            if "ghost" not in board_html:
                view = m.game.view(m.state, seat)
                laid = {art.tunnel_key(code, rot) for _, _, code, rot in view["maze"]}
                if view["phase"] == "help" and view["pending"][0] in TUNNEL_COUNTS:  # a card offered for help lies there
                    laid.add(art.tunnel_key(view["pending"][0], view["pending"][3]))
                shown = {k.removeprefix("sm-") for k in _DEF.findall(board_html) if k.startswith("sm-t")}
                assert shown == laid
            checked += 1
    assert checked > 40


def test_a_diagram_draws_its_pictures_in_place():
    """A diagram is stand-alone (no ids, no uses) and styles the art's classes."""
    m = Match(GAMES["saboteur"], [Seat("A"), Seat("B"), Seat("C")], seed=4)
    rnd = random.Random(4)
    for _ in range(25):
        m.play(rnd.choice(sorted(m.legal_texts())))
    seat = m.to_act
    ctx = Ctx(lang="en", game_id="saboteur", names=("A", "B", "C"), viewer=seat)
    fig = figure(m.game.view(m.state, seat), ctx)
    assert "<use" not in fig.body and " id=" not in fig.body
    assert "sa-floor" in fig.body and "sa-rock" in fig.body


def test_style_css_carries_the_arts_rules_and_palette():
    """The classes' rules in art.CSS_RULES reach the page's stylesheet word for
    word (tools/build.py puts them in place of style.css's mark, which does not
    repeat them), before the high-contrast rules that widen their strokes;
    every class a picture uses has a rule, and every colour variable has its
    light value (the diagram's palette) and a value in style.css."""
    source = (Path(art.__file__).parent / "style.css").read_text(encoding="utf-8")
    assert source.count(build.ART_RULES_MARK) == 1
    assert ".sa-rock {" not in source
    css = build.game_css("saboteur")
    for rule in art.CSS_RULES.strip().splitlines():
        assert rule in css, rule
    assert css.index(".sa-boulder { fill") < css.index("@media (prefers-contrast: more)")
    sheet = art.Sheet("c-")
    keys = ["start", "back", "gold", "dwarf", "stone3", "stone9", "iP", "iL", "iC",
            *(art.tunnel_key(c, r) for c in TUNNEL_COUNTS for r in (0, 1)), *ACTION_COUNTS]
    drawn = "".join(sheet._body(k) for k in keys + ["face", "heap"]) + art.role_picture("D") + art.role_picture("S")
    used = set(re.findall(r"\bsa-[a-z]+", " ".join(re.findall(r'class="([^"]+)"', drawn))))
    ruled = set(re.findall(r"\.(sa-[a-z]+)", art.CSS_RULES))
    assert used and used <= ruled, sorted(used - ruled)
    for var in set(re.findall(r"var\(--sab-([a-z-]+)\)", art.CSS_RULES)):
        assert var in art.LIGHT and f"--sab-{var}:" in css, var
    assert "var(" not in art.diagram_css()
