"""The review's "Show what was hidden" panel names whose hand it shows
(issue 29): another seat's hand there said "Your hand" / "Deine Hand" (the
texts meant for the seat on screen). Every registered game, both languages:
each other seat's section names that seat, and nothing in it speaks to the
reader as if the cards were hers."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from support import registry

from spieltisch.games import GAMES
from spieltisch.i18n import possessive
from spieltisch.ui.review_screen import _hidden_panel

from .helpers import Builder

NAMES = ("Anna", "Hans", "Cy", "Di", "Ed", "Flo")
# the viewer's own words in the texts a hand and a seat's info are drawn with
SECOND_PERSON = {"en": re.compile(r"\b(your|you)\b", re.IGNORECASE),
                 "de": re.compile(r"\b(du|deine?|dein|dir|dich)\b", re.IGNORECASE)}


def _finished(game_id: str):
    seats = registry.seats(game_id)
    b = Builder(GAMES[game_id], seats, seed=3, humans=tuple(range(seats)))
    m = b.finish()
    m.seats = [replace(seat, name=NAMES[i]) for i, seat in enumerate(m.seats)]
    return m


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.replace("&#x27;", "'").replace("&#39;", "'")))


def test_possessive_in_both_languages():
    assert possessive("en", "Anna") == "Anna's"
    assert possessive("de", "Anna") == "Annas"
    assert possessive("de", "Hans") == "Hans’"  # a name ending in an s sound takes the apostrophe
    assert possessive("de", "Max") == "Max’"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hidden_panel_names_each_other_seats_hand(lang):
    shown = 0
    for game_id in registry.GAME_IDS:
        m = _finished(game_id)
        for seat in range(len(m.seats)):
            for k in sorted({0, len(m.log) // 3, len(m.log) // 2}):
                html = _hidden_panel(lang, m, {"seat": seat}, {"log": k, "n": k})
                assert html, registry.problem(game_id, "no hidden panel", "review_screen._hidden_panel")
                # the cards' art: every symbol a hand uses is on the review page too (no board there)
                missing = set(re.findall(r'href="#([^"]+)"', html)) - set(re.findall(r'\bid="([^"]+)"', html))
                assert not missing, registry.problem(game_id, f"the hands use symbols the page lacks: {sorted(missing)[:4]}",
                                                     "give the game's art.py a defs() (review_screen._art_defs)")
                sections = re.findall(r'<section class="rv-hidden-seat" aria-label="([^"]*)">(.*?)</section>', html, re.DOTALL)
                for label, body in sections:
                    owner = next(n for n in NAMES if n in label)
                    hand = body.split('class="rv-hidden-hand" inert>', 1)[1]
                    if not hand.strip("</div>"):
                        continue  # a game that draws no hand for this seat (nothing private)
                    shown += 1
                    words = _text(body)
                    found = SECOND_PERSON[lang].findall(words)
                    assert not found, registry.problem(
                        game_id, f"{lang}: {owner}'s section speaks to the reader ({found[:3]}): {words[:300]}",
                        "draw the viewer's own texts with ctx.own(key) (render/context.py)")
                    if 'aria-label="' in hand or "<h2" in hand:  # the hand's title, where the board gives one
                        assert possessive(lang, owner) in hand.replace("&#x27;", "'").replace("&#39;", "'"), \
                            registry.problem(game_id, f"{lang}: the hand title does not name {owner}: {hand[:300]}",
                                             "ctx.own(key) with a <key>_of text")
    # Hexen Cocktail, Potions Brew and Saboteur keep hands: their panels must have shown some
    assert shown > 0, "no game showed another seat's hand"
