"""The bot driver: whether a bot is to move, its decision in slices
(``bot_think``; the browser runs each slice as a task of its own), the move
once decided (``bot_play``) and the regions it changed (``take_dirty``).
See docs/ui.md, "Bots in the browser".

``BotsMixin`` is one part of ``Controller`` (controller.py); it uses the
controller's ``match``, ``_version`` (a decision is dropped when the game
moved on) and the search fields ``_search``, ``_search_key``, ``_decided``.
"""

from __future__ import annotations

from ..core.rng import mix_seed


class BotsMixin:
    """Steps the bots of the game on screen."""

    def bot_pending(self) -> bool:
        m = self.match
        if m is None or self.route != "play" or m.is_over or self.deleted_pending:
            return False
        to_act = m.to_act
        return (to_act is not None and to_act >= 0 and m.seats[to_act].is_bot
                and self.pause_key() is None)

    def _make_bot(self, level: str, seed: int):
        if self._bot_factory is not None:
            return self._bot_factory(level, seed)
        from ..ai import make_bot  # imported late: the hub paints without it
        return make_bot(level, seed, time_budget_ms=self.bot_time_budget_ms, iterations=self.bot_iterations)

    def bot_step(self, budget_ms: float = 20) -> bool:
        """Think for about ``budget_ms``; play the bot's move when decided.
        Returns True when the game changed (then see :meth:`take_dirty`)."""
        return self.bot_think(budget_ms) is not None and self.bot_play()

    @property
    def bot_searching(self) -> bool:
        """A decision is under way (its search started, not finished)."""
        return self._search is not None

    def bot_think(self, budget_ms: float = 20, *, start_alone: bool = False) -> str | None:
        """One slice of the bot's search; the chosen action text once decided
        (then :meth:`bot_play` plays it). The browser runs the two in separate
        tasks, so a decision's last slice and the move's re-render never add up.
        With ``start_alone`` the slice that starts a decision only starts it."""
        if not self.bot_pending():
            return None
        m = self.match
        seat = m.to_act
        key = (self._version, len(m.log), seat)
        if self._decided is not None and self._decided[0] == key:
            return self._decided[1]
        if self._search is None or self._search_key != key:
            level = m.seats[seat].level or "normal"
            seed = mix_seed(m.seed, "bot", seat, len(m.log))
            bot = self._make_bot(level, seed)
            self._search = bot.start(m.game, m.game.view(m.state, seat), seat)
            self._search_key = key
            if start_alone:
                return None  # the view and the bot's seed: a slice of their own
        text = self._search.step(budget_ms)
        if text is None:
            return None
        self.last_bot_stats = dict(self._search.stats)
        self._search = None
        self._decided = (key, text)
        return text

    def bot_play(self) -> bool:
        """Play the move :meth:`bot_think` decided, if the game is still where
        it was decided (an undo or another game meanwhile drops it). True when
        the game changed (then see :meth:`take_dirty`)."""
        decided, self._decided = self._decided, None
        if decided is None or not self.bot_pending():
            return False
        m = self.match
        seat = m.to_act
        if decided[0] != (self._version, len(m.log), seat):
            return False
        if self._moved_elsewhere():  # another tab played on: show that, play nothing here
            self._dirty |= self._take_newer("tabs.changed")
            return True
        m.play(decided[1], seat)
        self._dirty |= self._changed(seat)
        return True

    def take_dirty(self) -> set[str]:
        out, self._dirty = self._dirty, set()
        return out
