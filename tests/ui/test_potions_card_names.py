"""Potions Brew's card names break between their parts, never mid-part
(issue 29: "Moonst one", "Mandrak e"): each long ingredient name, in every
language, has its break points, and the card shows a soft hyphen there."""

from __future__ import annotations

from spieltisch.games.potions_brew import board
from spieltisch.i18n import LANGS, t


def test_every_long_ingredient_name_has_its_break_points():
    assert board.INGREDIENTS
    for lang in LANGS:
        for ing in board.INGREDIENTS:
            name = t(lang, f"potions_brew.ing.{ing}")
            longest = max(len(w) for w in name.split())
            if longest > 7:
                assert name in board._BREAKS, f"{lang}: {name!r} has no break points in board.NAME_BREAKS"


def test_the_card_shows_a_soft_hyphen_between_the_parts():
    html = board._ing_face("en", "O", "")
    assert "Moon\u00adstone" in html and "Moonstone" not in html
    assert board.name_html("Newt") == "Newt"
    assert board.name_html("<b>") == "&lt;b&gt;"
