"""The hub (``#/``): the game cards (built or coming soon) and the list of
saved games, finished ones last, broken ones apart with their reason.

``HubMixin`` is one part of ``Controller`` (controller.py); the saves come
from ``SavesMixin`` (saves.py). ``hub_card_infos`` also serves
tools/render_hub.py, which the build (tools/build.py) runs to pre-render the
cards into index.html.
"""

from __future__ import annotations

from ..games import GAMES, card
from ..i18n import t
from . import covers, hub_screen, snapshot
from .boards import has_board
from .safety import stored_revision


def hub_card_infos(catalogue, games) -> list:
    """The hub's game cards, in the catalogue's order (the registry's): built
    (registered and with a board) or coming soon (a game object known to the
    controller whose board is not in the registry; tests make one). Also used
    by tools/render_hub.py, which the build runs to pre-render index.html."""
    cards = []
    for gid in catalogue:
        if gid not in games:
            continue
        if gid in GAMES:  # a registered game: from its package, not its rules (maybe not fetched yet)
            low, high, minutes = card(gid)
        else:
            info = games[gid].info
            low, high, minutes = info.min_players, info.max_players, getattr(info, "play_minutes", 0)
        cards.append(hub_screen.CardInfo(gid, has_board(gid), low, high, minutes, covers.inline(gid)))
    return cards


class HubMixin:
    """Renders the hub screen."""

    def _render_hub(self) -> str:
        cards = hub_card_infos(self.catalogue, self.games)
        saves, broken, by_slot = [], [], {}
        for e in self.entries():
            if e.ok:  # listed from its checked summary: no replay (docs/engine.md, Saves)
                s = e.summary
                over = bool(s.over)
                by_slot[e.slot] = e
                saves.append((over, -s.updated, hub_screen.SaveRow(
                    e.slot, s.game_id, s.names, s.moves, over, self.confirm_delete == e.slot)))
            else:
                broken.append(hub_screen.BrokenRow(e.key, e.error.code, self.confirm_delete == e.key))
        saves.sort(key=lambda x: (x[0], x[1]))
        first = saves[0][2] if saves and not saves[0][0] else None
        cont = self._continue_card(by_slot[first.slot]) if first is not None else None
        return hub_screen.hub(self.lang, cards, [s for _, _, s in saves], broken, cont,
                              settings=self.ice_settings_html())  # the STUN/TURN setting (ice_settings.py)

    def _continue_card(self, entry) -> hub_screen.ContinueCard:
        """The most recent unfinished game, labelled as its snapshot says
        (static/js/resume.js paints the same before Python); without one,
        by its title and moves."""
        s = entry.summary
        found = snapshot.label(self.storage, entry.slot, self.lang, stored_revision(entry.text) or 0,
                               getattr(self, "build", ""))
        if found is None:
            lang = self.lang
            found = (t(lang, "resume.continue", game=t(lang, f"game.{s.game_id}.title")),
                     t(lang, "hub.moves", count=s.moves))
        return hub_screen.ContinueCard(entry.slot, *found)
