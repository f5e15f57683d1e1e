"""Building review scenarios: matches played by bots, with chance outcomes
forced where a scenario needs them and moves picked by what they are (not
by their text, so a scenario survives a change of the text forms).

A scenario is found by rules facts (this card explodes, this dead end
closes the tunnel), never by the review's own numbers.
"""

from __future__ import annotations

from collections.abc import Callable

from spieltisch.ai import make_bot
from spieltisch.core import CHANCE, Match, Seat
from spieltisch.review import Settings

# Small searches: the scenarios are clear, the tests quick (long runs: bench/review.py).
TEST_SETTINGS = {"budget": 1200, "min_playouts": 16, "max_playouts": 64}


def settings(game_id: str, **kw) -> Settings:
    from spieltisch.review import settings_for

    return settings_for(game_id, **{**TEST_SETTINGS, **kw})


class Builder:
    """A match driven move by move: ``chance`` picks a forced outcome (or
    ``None``: the seed draws it); seats are played by bots unless a move is
    given."""

    def __init__(self, game, players: int, seed: int, *, options: dict | None = None,
                 level: str = "normal", humans: tuple[int, ...] = (0,),
                 chance: Callable | None = None):
        seats = [Seat(f"P{i + 1}") if i in humans else Seat(f"P{i + 1}", "bot", level) for i in range(players)]
        self.game = game
        self.match = Match(game, seats, options, seed, auto_chance=False)
        self.bots = [make_bot(level, 1000 + i) for i in range(players)]
        self.chance = chance

    @property
    def state(self):
        return self.match.state

    def resolve(self) -> None:
        m = self.match
        while m.to_act == CHANCE:
            pick = self.chance(m.state, self.game.chance_outcomes(m.state)) if self.chance else None
            if pick is None:
                m.draw_chance()
            else:
                m.play_chance(str(pick))

    def bot_move(self) -> str:
        self.resolve()
        seat = self.match.to_act
        text = self.bots[seat].choose(self.game, self.game.view(self.match.state, seat), seat)
        self.match.play(text, seat)
        return text

    def play(self, action) -> int:
        """Play ``action`` (a value or text) for the seat to act; return its log index."""
        self.resolve()
        seat = self.match.to_act
        index = len(self.match.log)
        self.match.play(action, seat)
        return index

    def pick(self, pred: Callable) -> object | None:
        """The first legal action of the seat to act that ``pred`` accepts."""
        self.resolve()
        for a in self.game.legal_actions(self.match.state):
            if pred(a):
                return a
        return None

    def finish(self, max_moves: int = 100_000) -> Match:
        """Bots to the end (chance as ``chance`` says, else from the seed)."""
        n = 0
        while not self.match.is_over and n < max_moves:
            self.resolve()
            if self.match.is_over:
                break
            self.bot_move()
            n += 1
        self.resolve()
        return self.match


def row_at(result: dict, log_index: int) -> dict:
    rows = [r for r in result["decisions"] if r["log"] == log_index]
    assert rows, f"no reviewed decision at log index {log_index}"
    return rows[0]


def replay_with(match: Match, log: list[tuple[int, str]]) -> Match | None:
    """A new match of the same game, seats, options and seed with ``log``
    (chance outcomes forced as given), cut where an entry is not legal."""
    m = Match(match.game, list(match.seats), dict(match.options), match.seed, auto_chance=False)
    for player, text in log:
        try:
            if player == CHANCE:
                m.play_chance(text)
            else:
                m.play(text, player)
        except ValueError:
            return m
    return m
