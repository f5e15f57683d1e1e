"""Issue 31, "Show what was hidden" (after the game only, off by default,
never used by the judgement): besides every seat's own view it shows what
NO seat saw at that moment -- the cards never dealt, the draw pile,
face-down goal cards, roles not dealt, closed books -- from the true state
(review/hidden.py, the game's ``review.py`` ``unseen``).

"No seat saw it" is checked, not assumed: for every seat there is a
determinisation of that seat's own view (what the bots and the review may
draw) in which that pile holds something else."""

from __future__ import annotations

import pytest
from support import registry

from spieltisch.core import CHANCE
from spieltisch.core.rng import Rng
from spieltisch.games import GAMES
from spieltisch.render.context import Ctx
from spieltisch.review import hidden
from spieltisch.review.replay import states
from spieltisch.ui import review_screen
from spieltisch.ui.boards import get_board

from .scenarios import scenarios

TRIES = 8  # determinisations per seat


def _unseen_by_all(game, state, seats: int) -> set[str]:
    """The piles that every seat's own view leaves open (some determinisation differs)."""
    true = {p["pile"]: list(map(str, p["items"])) for p in hidden.unseen(game, state) or []}
    left = set(true)
    for s in range(seats):
        view = game.view(state, s)
        varied = set()
        for j in range(TRIES):
            other = hidden.unseen(game, game.determinize(view, s, Rng(1000 + j)))
            got = {p["pile"]: list(map(str, p["items"])) for p in other or []}
            varied |= {p for p in true if got.get(p) != true[p]}
        left &= varied
    return left


def test_the_registry_has_a_game_with_something_hidden_from_everyone():
    assert registry.GAME_IDS
    assert [g for g in registry.GAME_IDS if hidden.unseen_hook(GAMES[g]) is not None]


@pytest.mark.parametrize("game_id", registry.GAME_IDS)
def test_the_hidden_panel_names_what_no_seat_saw(game_id):
    game = GAMES[game_id]
    match, seat, _k = scenarios(game_id).bad()
    assert match.is_over
    board = get_board(game_id)
    rv = {"seat": seat}
    if game.info.perfect_information:
        # nothing to show, and it says so (no hook: the view is the whole state)
        assert hidden.unseen_hook(game) is None
        html = review_screen._hidden_panel("en", match, rv, {"log": 0, "n": 0})
        assert "data-review-unseen" in html and "it all lies on the table" in html
        assert "liegt offen" in review_screen._hidden_panel("de", match, rv, {"log": 0, "n": 0})
        return
    assert hidden.unseen_hook(game) is not None, registry.problem(
        game_id, "a game with hidden information names what no seat saw", "games/<id>/review.py: unseen(state)")
    found = None
    for k, state, player, _text in states(match):
        if player == CHANCE or k % 3:
            continue
        piles = _unseen_by_all(game, state, len(match.seats))
        if piles:
            found = (k, state, min(piles))
            break
    assert found, f"{game_id}: no moment where the panel holds something no seat's view held"
    k, state, pile = found
    item = next(p for p in hidden.unseen(game, state) if p["pile"] == pile)["items"][0]
    for lang in ("en", "de"):
        html = review_screen._hidden_panel(lang, match, rv, {"log": k, "n": 0})
        ctx = Ctx(lang=lang, game_id=game_id, names=tuple(s.name for s in match.seats))
        word = board.param(next(p for p in hidden.unseen(game, state) if p["pile"] == pile)["param"], item, ctx)
        assert f'data-review-unseen-pile="{pile}"' in html
        panel = html.split(f'data-review-unseen-pile="{pile}">', 1)[1].split("</dd>", 1)[0]
        assert word in panel, (game_id, lang, pile, word, panel)


def test_unseen_is_never_shown_while_the_game_is_on():
    game_id = next(g for g in registry.GAME_IDS if hidden.unseen_hook(GAMES[g]) is not None)
    match, seat, k = scenarios(game_id).bad()
    from spieltisch.review.replay import prefix

    running = prefix(match, k)
    with pytest.raises(hidden.ReviewError):
        hidden.hidden_at(running, k, seat)
    assert review_screen._hidden_panel("en", running, {"seat": seat}, {"log": k, "n": 0}) == ""
