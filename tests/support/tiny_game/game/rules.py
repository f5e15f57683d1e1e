"""Tiny Cauldron rules. Clause ids (``tiny.*``) match rules.md.

Chance chooses who starts (``start:<seat>``, 1-based); then the players take
turns adding one to three drops (``add:<n>``) to one shared cauldron. Whoever
brings it to exactly 15 wins. Nothing is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.action import action_text
from ...core.errors import BadActionText, Illegal
from ...core.game import CHANCE, Game, GameInfo, Outcome
from ...core.rng import Rng

TARGET = 15
MOST = 3


@dataclass(frozen=True, slots=True)
class Start:  # chance: who starts (0-based; the text is 1-based)
    seat: int

    def __str__(self) -> str:
        return f"start:{self.seat + 1}"


@action_text("add")
@dataclass(frozen=True, slots=True)
class Add:
    drops: int


@dataclass(frozen=True, slots=True)
class TinyState:
    n: int
    phase: str  # start | play | over
    turn: int = 0
    total: int = 0
    added: tuple[int, ...] = ()  # drops each seat added
    winner: int = -1


def _illegal(code: str, rule: str, message: str, **params) -> Illegal:
    return Illegal(code, rule, message, tuple((k, str(v)) for k, v in params.items()))


class TinyCauldron(Game):
    info = GameInfo(id="tiny", title="Tiny Cauldron", min_players=2, max_players=4,
                    perfect_information=True, max_length=1 + TARGET, rules_version=1, play_minutes=5)

    def new_state(self, players: int, options: dict | None = None) -> TinyState:
        self.check_players(players)
        self.normalize_options(options)
        return TinyState(n=players, phase="start", added=(0,) * players)

    def num_players(self, s: TinyState) -> int:
        return s.n

    def current_player(self, s: TinyState):
        return {"start": CHANCE, "over": None}.get(s.phase, s.turn)

    def chance_outcomes(self, s: TinyState):
        return [(Start(i), 1) for i in range(s.n)] if s.phase == "start" else []

    def legal_actions(self, s: TinyState, player: int | None = None):
        if s.phase != "play" or (player is not None and player != s.turn):
            return []
        return [Add(k) for k in range(1, MOST + 1) if s.total + k <= TARGET]  # tiny.add

    def check(self, s: TinyState, player: int, a):
        cur = self.current_player(s)
        if cur is None:
            return _illegal("game-over", "tiny.win", "The game is over.")
        if isinstance(a, Start):
            if player != CHANCE or cur != CHANCE:
                return _illegal("not-a-move", "tiny.start", "Choosing who starts is not a player's move.")
            if not 0 <= a.seat < s.n:
                return _illegal("impossible-outcome", "tiny.start", "There is no such seat.")
            return None
        if cur == CHANCE:
            return _illegal("chance-to-act", "tiny.start", "Who starts is still being chosen.")
        if player != cur:
            return _illegal("not-your-turn", "tiny.turn", "It is not your turn.", seat=cur)
        if isinstance(a, Add):
            if s.total + a.drops > TARGET:
                return _illegal("too-much", "tiny.add", "The cauldron would overflow.", left=TARGET - s.total)
            return None
        return _illegal("unknown-action", "tiny.turn", "That is not a move in Tiny Cauldron.")

    def apply_unchecked(self, s: TinyState, a) -> TinyState:
        if isinstance(a, Start):
            return replace(s, phase="play", turn=a.seat)
        total = s.total + a.drops
        added = s.added[:s.turn] + (s.added[s.turn] + a.drops,) + s.added[s.turn + 1:]
        if total == TARGET:  # tiny.win
            return replace(s, phase="over", total=total, added=added, winner=s.turn)
        return replace(s, total=total, added=added, turn=(s.turn + 1) % s.n)  # tiny.turn

    def outcome(self, s: TinyState):
        if s.phase != "over":
            return None
        return Outcome(scores=tuple(int(i == s.winner) for i in range(s.n)), winners=(s.winner,),
                       reason="tiny.end.brewed")

    def parse_action(self, text: str):
        if isinstance(text, str):
            kind, _, arg = text.partition(":")
            if arg.isdigit() and arg == str(int(arg)) and arg.isascii():
                if kind == "add" and 1 <= int(arg) <= MOST:
                    return Add(int(arg))
                if kind == "start" and 1 <= int(arg) <= self.info.max_players:
                    return Start(int(arg) - 1)
        shown = text[:40] if isinstance(text, str) else repr(text)
        raise BadActionText(_illegal("bad-text", "tiny.turn", "That is not a move in Tiny Cauldron.", text=shown),
                            shown)

    def state_to_json(self, s: TinyState) -> dict:
        return {"n": s.n, "phase": s.phase, "turn": s.turn, "total": s.total, "added": list(s.added),
                "winner": s.winner}

    def state_from_json(self, d: dict) -> TinyState:
        return TinyState(n=d["n"], phase=d["phase"], turn=d["turn"], total=d["total"], added=tuple(d["added"]),
                         winner=d["winner"])

    def view(self, s: TinyState, viewer: int | None) -> dict:
        """Everything is public (perfect information)."""
        return {"game": self.info.id, "players": s.n, "viewer": viewer, "to_move": self.current_player(s),
                **self.state_to_json(s), "target": TARGET}

    def determinize(self, view: dict, viewer: int, rng: Rng) -> TinyState:
        return self.state_from_json(view)

    def describe(self, s: TinyState, player: int, a, viewer: int | None):
        if isinstance(a, Start):
            return ("tiny.log.start", {"seat": a.seat})
        total = s.total + a.drops
        return ("tiny.log.brew" if total == TARGET else "tiny.log.add",
                {"seat": player, "drops": a.drops, "total": total})

    def heuristic(self, s: TinyState, player: int) -> float:
        """Two players: leaving the other a multiple of four short of 15 wins."""
        if s.n != 2:
            return 0.5
        good = (TARGET - s.total) % (MOST + 1) != 0
        return 0.7 if good == (s.turn == player) else 0.3


GAME = TinyCauldron()
