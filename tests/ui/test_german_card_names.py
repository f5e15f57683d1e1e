"""German log lines name a card as "die Karte „…“" where it is the object of
the sentence (issue 29: "Du ziehst gerader Gang"): the card names are
nominative, so the sentence declines the article, never the name."""

from __future__ import annotations

from spieltisch.games.saboteur import board
from spieltisch.i18n import t
from spieltisch.render.context import Ctx


def test_saboteur_log_lines_decline_the_article_not_the_name():
    ctx = Ctx(lang="de", game_id="saboteur", names=["Ann", "Ben", "Cem"], viewer=0)
    name = board.param("card", "NS", ctx)
    assert name == "gerader Gang"
    line = t("de", "saboteur.log.draw_own", card=name)
    assert line == "Du ziehst die Karte „gerader Gang“."
    assert "ziehst gerader" not in line
    for key in ("path", "rockfall", "discard_own", "dwarf_own", "ask_help"):
        assert "Karte „{card}“" in t("de", f"saboteur.log.{key}"), key
