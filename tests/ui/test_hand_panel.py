"""The shared hand panel (render/context.py ``hand_panel``): a Pass button
only for a game that has a pass move (issue 28: it was always added)."""

from __future__ import annotations

from spieltisch.render.context import Ctx, hand_panel

from .helpers import Hooks


def test_no_pass_button_for_a_game_without_pass():
    ctx = Ctx("en", "hexen_cocktail", ("Ann", "Bo"), viewer=0, legal=frozenset({"play:R3:1"}))
    html = hand_panel(ctx, "hexen_cocktail", '<button type="button" data-ui="select:R3">R3</button>')
    assert "btn-pass" not in html and 'data-action="pass"' not in html and 'data-illegal="pass"' not in html
    assert Hooks(html).values("data-ui") == ["select:R3"]


def test_a_pass_button_when_the_game_has_pass():
    legal = Ctx("en", "hexen_cocktail", ("Ann", "Bo"), viewer=0, legal=frozenset({"pass"}))
    html = hand_panel(legal, "hexen_cocktail", "", pass_label_key="hexen_cocktail.pass")
    assert Hooks(html).values("data-action") == ["pass"] and "btn-pass" in html
    refused = Ctx("en", "hexen_cocktail", ("Ann", "Bo"), viewer=0)
    html = hand_panel(refused, "hexen_cocktail", "", pass_label_key="hexen_cocktail.pass")
    assert Hooks(html).values("data-illegal") == ["pass"] and "is-illegal" in html
