"""The hub (``#/``): the game cards (built or coming soon) and the list of
saved games, finished ones last, broken ones apart with their reason.

``HubMixin`` is one part of ``Controller`` (controller.py); the saves come
from ``SavesMixin`` (saves.py). ``hub_card_infos`` also serves
tools/render_hub.py, which pre-renders the cards into index.html.
"""

from __future__ import annotations

from . import screens
from .boards import has_board


def hub_card_infos(catalogue, games) -> list:
    """The hub's game cards: built (registered and with a board) or coming soon.
    Also used by tools/render_hub.py to pre-render index.html."""
    cards = []
    for gid in catalogue:
        game = games.get(gid)
        if game is not None and has_board(gid):
            cards.append(screens.CardInfo(gid, True, game.info.min_players, game.info.max_players))
        else:
            lo, hi = screens.PLANNED_PLAYERS.get(gid, (1, 1))
            cards.append(screens.CardInfo(gid, False, lo, hi))
    return cards


class HubMixin:
    """Renders the hub screen."""

    def _render_hub(self) -> str:
        cards = hub_card_infos(self.catalogue, self.games)
        saves, broken = [], []
        for e in self.entries():
            if e.ok:  # listed from its checked summary: no replay (docs/engine.md, Saves)
                s = e.summary
                over = bool(s.over)
                saves.append((over, -s.updated, screens.SaveRow(
                    e.slot, s.game_id, s.names, s.moves, over, self.confirm_delete == e.slot)))
            else:
                broken.append(screens.BrokenRow(e.key, e.error.code, self.confirm_delete == e.key))
        saves.sort(key=lambda x: (x[0], x[1]))
        return screens.hub(self.lang, cards, [s for _, _, s in saves], broken)
