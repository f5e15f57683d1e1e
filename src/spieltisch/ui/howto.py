"""The "How to play" page (``#/rules/<game>``, issue 14): a game's rules with
a section index, linked from every hub card and new-game form. The same
sections and index as the play screen's rules drawer (screens.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import t
from ..render.html import esc
from . import screens


def rules_page(lang: str, game_id: str, rule_ids: Sequence[str], tryit: dict[str, str]) -> str:
    title = t(lang, f"game.{game_id}.title")
    return (
        f'<article class="rules-page" data-rules-page="{esc(game_id)}" aria-labelledby="rules-page-h">'
        f'<h2 id="rules-page-h">{esc(t(lang, "rules.heading", game=title))}</h2>'
        f'<div class="form-btns"><a class="btn btn-primary" href="#/new/{esc(game_id)}" data-ui="new:{esc(game_id)}">'
        f'{esc(t(lang, "hub.new"))}</a><a class="btn" href="#/" data-ui="hub">{esc(t(lang, "new.back"))}</a></div>'
        + screens.rules_index(lang, rule_ids) + screens.rule_sections(lang, rule_ids, tryit=tryit)
        + "</article>"
    )
