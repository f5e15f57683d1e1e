"""Where the next step starts (render/focus.py, issue 29 keyboard): a board
marks one element data-next: the first playable card when the turn comes,
the first legal target once a card is chosen."""

from __future__ import annotations

import re

from spieltisch.render.focus import mark_next

from .helpers import new_controller, start_game

NEXT = re.compile(r'<[a-z]+ data-next[^>]*>')


def test_mark_next_marks_the_first_element_holding_the_needle_once():
    html = '<div><button data-ui="select:a">a</button><button data-ui="select:b">b</button></div>'
    assert mark_next(html, 'data-ui="select:b"') == html.replace('<button data-ui="select:b"', '<button data-next data-ui="select:b"')
    assert mark_next(html, re.compile(r'data-ui="select:\w"')).count("data-next") == 1
    assert mark_next(html, 'data-action="x"') == html and mark_next(html, None) == html
    marked = mark_next(html, 'data-ui="select:a"')
    assert mark_next(marked, 'data-ui="select:b"') == marked  # one mark per region
    assert mark_next("<p>data-ui=\"select:a\"</p>", 'data-ui="select:a"') == "<p>data-ui=\"select:a\"</p>"  # text, no tag


def test_hexen_marks_the_first_card_then_the_first_legal_row():
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "human", None)], seed=3, game_id="hexen_cocktail")
    if ctl.curtain_up:
        ctl.handle("ui", "reveal")
    hand = ctl.render("hand")
    first = re.search(r'data-ui="(select:[^"]+)"', hand).group(1)
    assert NEXT.findall(hand) and f'data-ui="{first}"' in NEXT.findall(hand)[0]
    ctl.handle("ui", first)
    board = ctl.render("board")
    marks = NEXT.findall(board)
    assert len(marks) == 1 and "data-action=\"play:" in marks[0]
    first_legal = re.search(r'data-action="(play:[^"]+)"', board).group(1)
    assert first_legal in marks[0] and first_legal in ctl.match.legal_texts(ctl.shown)
    assert "data-next" not in ctl.render("hand")


def test_saboteur_marks_a_playable_card_and_its_first_space():
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy")], seed=1, game_id="saboteur")
    legal = ctl.match.legal_texts(ctl.shown)
    hand = ctl.render("hand")
    mark = NEXT.findall(hand)
    assert len(mark) == 1
    card = re.search(r'data-ui="select:([^"]+)"', mark[0]).group(1)
    assert any(a.split(":")[1:2] == [card] and not a.startswith("discard:") for a in legal), (card, legal[:5])
    ctl.handle("ui", f"select:{card}")
    regions = "".join(ctl.render(r) for r in ("board", "hand", "side"))
    marks = NEXT.findall(regions)
    assert len(marks) == 1, marks
    act = re.search(r'data-(?:action|ui)="([^"]+)"', marks[0]).group(1)
    assert act in legal or act.startswith("select:"), act


def test_brauzeit_marks_one_step_in_the_tray_or_on_the_breweries_and_pass_when_no_die_fits():
    """Brauzeit's dice tray is the hand, its breweries the board (issue 29): on
    her pick exactly one of the two carries data-next -- a die (the hand), a
    cauldron (the board) --, and with nothing chosen and no die that fits
    anywhere, Pass."""
    import random

    from .helpers import human_move

    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")], seed=4, game_id="brauzeit")
    rnd = random.Random(4)
    seen = {"die": 0, "cauldron": 0, "pass": 0}
    for _ in range(3000):
        while ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
        m = ctl.match
        if m.is_over:
            break
        if m.state.phase == "pick" and m.to_act == ctl.shown:
            hand, board = ctl.render("hand"), ctl.render("board")
            marks = NEXT.findall(hand) + NEXT.findall(board)
            assert len(marks) == 1, marks
            mark = marks[0]
            if "bz-die" in mark:
                assert mark in NEXT.findall(hand) and 'data-ui="select:' in mark
                seen["die"] += 1
            elif 'data-action="pass"' in mark:
                assert not re.search(r'<button[^>]*class="bz-die d\d+ k-[qw](?: f-[^" ]+)?"', hand), \
                    "Pass is marked while a die still fits"
                seen["pass"] += 1
            act = re.search(r'data-action="([^"]+)"', mark)
            if act:
                assert act.group(1) in m.legal_texts(ctl.shown), mark
            if "bz-die" in mark and not ctl.selected:  # follow the marks die by die to a cauldron, then let go
                for _step in range(2):
                    ctl.handle("ui", re.search(r'data-ui="(select:[^"]+)"', mark).group(1))
                    marks = NEXT.findall(ctl.render("hand")) + NEXT.findall(ctl.render("board"))
                    assert len(marks) == 1, (ctl.selected, marks)
                    mark = marks[0]
                    if "bz-die" not in mark:
                        break
                act = re.search(r'data-action="((?:take|wizard):[^"]+)"', mark)
                assert act and act.group(1) in m.legal_texts(ctl.shown), (ctl.selected, mark)
                assert mark in NEXT.findall(ctl.render("board"))
                seen["cauldron"] += 1
                ctl.selected = None
        human_move(ctl, rnd)
    assert seen["die"] and seen["cauldron"] == seen["die"] and seen["pass"], seen  # seed 4 has picks where nothing fits
