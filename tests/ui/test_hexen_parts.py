"""Hexen Cocktail drawn in parts (issue 32; render/parts.py): over a whole
game every board and hand render keeps the skeleton of the one before, so
the page replaces only the rows and cards that changed."""

from __future__ import annotations

import random
from itertools import pairwise

from spieltisch.render.parts import patch_plan

from .helpers import human_move, new_controller, start_game


def _game(seed: int):
    """(board, hand, what happened) after every step of a game: a human and
    three bots, the human's selections included (each is a render)."""
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy"), ("Cy", "bot", "easy"), ("Di", "bot", "easy")],
               seed=seed, game_id="hexen_cocktail")
    rnd = random.Random(seed)
    shots = [(ctl.render("board"), ctl.render("hand"), "start")]
    handle = ctl.handle

    def spy(kind, value, *a, **k):
        out = handle(kind, value, *a, **k)
        shots.append((ctl.render("board"), ctl.render("hand"), f"{kind}:{value}"))
        return out

    ctl.handle = spy
    for _ in range(600):
        if ctl.match.is_over:
            break
        if ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
            shots.append((ctl.render("board"), ctl.render("hand"), "bot"))
        else:
            human_move(ctl, rnd)
    assert ctl.match.is_over
    return shots


def test_every_move_replaces_only_the_changed_rows():
    """Board: the info line and five rows are parts; no step changes the
    skeleton, most steps leave most rows alone, and selecting a card or a
    turn's start only sets a row's attributes (its cards are not drawn again)."""
    shots = _game(7)
    assert len(shots) > 40
    changed_total = rows_total = html_on_select = 0
    for (b0, _h0, _), (b1, _h1, what) in pairwise(shots):
        if b0 == b1:
            continue
        plan = patch_plan(b0, b1)
        assert plan is not None, f"the board's skeleton changed at {what}"
        _attrs, changed = plan
        assert all(k == "info" or k.startswith("row-") for k in changed), changed
        changed_total += sum(1 for v in changed.values() if "html" in v)
        rows_total += 6
        if what.startswith("ui:select:"):
            html_on_select += sum(1 for v in changed.values() if "html" in v)
    assert html_on_select == 0, "selecting a card redrew a row"
    assert changed_total < rows_total * 0.3, (changed_total, rows_total)


def test_a_played_card_is_removed_and_the_hand_kept():
    """Hand: a part per card (keyed by card and copy) and Pass; a played
    card is removed alone, a selection sets two cards' attributes; only a
    card coming into the hand (taken after an explosion) redraws it."""
    shots = _game(7)
    removed = selected = whole = 0
    for (_b0, h0, _), (_b1, h1, what) in pairwise(shots):
        if h0 == h1:
            continue
        plan = patch_plan(h0, h1)
        if plan is None:
            whole += 1
            assert h1.count('data-card="') > h0.count('data-card="') or 'data-card="' not in h1, \
                f"the hand was redrawn whole at {what}"
            continue
        _attrs, changed = plan
        assert all(k == "pass" or k.startswith("c-") for k in changed), changed
        assert not any("html" in v for k, v in changed.items() if k != "pass"), (what, changed)
        removed += sum(1 for v in changed.values() if v.get("remove"))
        selected += what.startswith("ui:select:")
    assert removed > 5 and selected > 5, (removed, selected)


def test_every_card_kind_has_its_drawing_and_the_board_defines_them_once():
    """Issue 29 E (art.py): every colour of the deck and of the potions has an
    ingredient drawing, defined once on the page and used by each card; the
    number and the colour's shape stay on the card (never colour alone)."""
    import re

    from spieltisch.games.hexen_cocktail import art, board
    from spieltisch.games.hexen_cocktail.rules import DECK, POTIONS

    kinds = {c[0] for c in DECK} | {p[0] for p in POTIONS}
    assert kinds and kinds <= set(art.KINDS), kinds - set(art.KINDS)
    for card in sorted(set(DECK) | set(POTIONS)):
        svg = board.card_svg(card, potion=card in POTIONS)
        assert f'href="#hx-art-{card[0]}"' in svg, card
        assert 'class="val"' in svg and f">{card[1:]}</text>" in svg and 'class="sym' in svg, card
    ctl = new_controller()
    start_game(ctl, [("Ann", "human", None), ("Bo", "bot", "easy")], seed=2, game_id="hexen_cocktail")
    html = ctl.render("board") + ctl.render("hand")
    for kind in art.KINDS:
        assert html.count(f'id="hx-art-{kind}"') == 1, kind
    used = set(re.findall(r'href="#hx-art-(\w)"', html))
    assert used and used <= set(art.KINDS)
