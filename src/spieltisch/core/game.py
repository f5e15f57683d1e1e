"""The rules contract every game implements.

A game is a stateless rules object. States are immutable values; actions are
hashable values with a stable text form (``str(action)`` / ``parse_action``).
Chance is a pseudo-player (:data:`CHANCE`) whose outcomes are explicit
actions, so a replay needs only the log and a test can force any outcome.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import Illegal, IllegalActionError
from .rng import Rng

CHANCE = -1


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    perfect_information: bool
    max_length: int  # an upper bound on actions (chance included) in one game
    rules_version: int
    options: tuple[tuple[str, Any], ...] = ()  # (name, default) pairs
    # older rules versions whose saves still load: ``Game.options_for_rules``
    # turns such a save's options into the options that play its rules
    old_rules: tuple[int, ...] = ()
    # about how long a game takes at the default table, in minutes, for the
    # hub's tile (docs/ui.md, "The hub's tiles", says where each number comes from)
    play_minutes: int = 0


@dataclass(frozen=True)
class Outcome:
    """The end of a game as data.

    ``scores`` are the game's own points (lower may be better: see
    ``low_wins``); ``returns`` are in [0, 1] per seat for bots and tables
    (1 for a sole winner, shared equally on a tie, 0 for the rest);
    ``winners`` are seats; ``reason`` is a catalogue key.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    low_wins: bool = False
    details: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def returns(self) -> tuple[float, ...]:
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if s in self.winners else 0.0 for s in range(len(self.scores)))

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "low_wins": self.low_wins,
            "details": {k: v for k, v in self.details},
        }


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class Game:
    """Base class. Subclasses override the methods marked *must*."""

    info: GameInfo

    # ---- setup -------------------------------------------------------------
    def new_state(self, players: int, options: dict | None = None):  # must
        raise NotImplementedError

    def normalize_options(self, options: dict | None) -> dict:
        """Fill defaults and reject unknown option names."""
        allowed = dict(self.info.options)
        opts = dict(allowed)
        for k, v in (options or {}).items():
            if k not in allowed:
                raise ValueError(f"unknown option {k!r} for {self.info.id}")
            default = allowed[k]
            if isinstance(default, bool) and not isinstance(v, bool):
                raise ValueError(f"option {k!r} must be true or false")
            if isinstance(default, int) and not isinstance(default, bool) and (
                isinstance(v, bool) or not isinstance(v, int)
            ):
                raise ValueError(f"option {k!r} must be a whole number")
            if isinstance(default, str) and not isinstance(v, str):
                raise ValueError(f"option {k!r} must be text")
            opts[k] = v
        return opts

    def options_for_rules(self, options: dict, rules_version: int) -> dict:
        """The options that play a save's rules: ``options`` as a save of
        ``rules_version`` holds them (that version is the current one or one
        of ``info.old_rules``). A rule changed since then comes with an option
        that keeps the old rule; this names it for the older versions. Old
        saves are told apart by their rules version only, never by which
        options they happen to hold, so a new match always gets the current
        rules unless an option asks otherwise."""
        return dict(options)

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not (
            self.info.min_players <= players <= self.info.max_players
        ):
            raise ValueError(
                f"{self.info.title} takes {self.info.min_players}–{self.info.max_players} players"
            )

    # ---- flow --------------------------------------------------------------
    def num_players(self, state) -> int:  # must
        raise NotImplementedError

    def current_player(self, state) -> int | None:  # must
        """A seat, :data:`CHANCE`, or ``None`` when the game is over."""
        raise NotImplementedError

    def legal_actions(self, state, player: int | None = None) -> list:  # must
        """Legal actions for ``player`` (default: whoever is to act)."""
        raise NotImplementedError

    def chance_outcomes(self, state) -> list[tuple[Any, int]]:  # must when chance
        """``[(action, weight)]`` with positive integer weights."""
        return []

    def check(self, state, player: int, action) -> Illegal | None:  # must
        raise NotImplementedError

    def apply_unchecked(self, state, action):  # must
        """Fast push: the caller guarantees legality."""
        raise NotImplementedError

    def apply(self, state, player: int, action):
        """Checked entry point: raises :class:`IllegalActionError`."""
        why = self.check(state, player, action)
        if why is not None:
            raise IllegalActionError(why, str(action))
        return self.apply_unchecked(state, action)

    def is_terminal(self, state) -> bool:
        return self.current_player(state) is None

    def outcome(self, state) -> Outcome | None:  # must
        raise NotImplementedError

    # ---- text forms ----------------------------------------------------------
    def parse_action(self, text: str):  # must
        """Inverse of ``str(action)``; raises :class:`BadActionText`."""
        raise NotImplementedError

    def state_to_json(self, state) -> dict:  # must
        raise NotImplementedError

    def state_from_json(self, data: dict):  # must
        raise NotImplementedError

    def state_hash(self, state) -> str:
        digest = hashlib.sha256(canonical_json(self.state_to_json(state)).encode())
        return digest.hexdigest()[:32]

    # ---- information ---------------------------------------------------------
    def view(self, state, viewer: int | None) -> dict:  # must
        """What ``viewer`` may know, JSON-safe. ``None`` is a spectator."""
        raise NotImplementedError

    def determinize(self, view: dict, viewer: int, rng: Rng):  # must for bots
        """A full state consistent with ``view`` (hidden parts resampled).

        Takes the *view*, not the true state, so a bot that searches over
        determinisations cannot read what it may not see.
        """
        raise NotImplementedError

    def reveals(self, state, action) -> bool:
        """Does this (non-chance) action show anyone something new? Undo
        never goes back past such an action. Chance always reveals."""
        return False

    def describe(self, state, player: int, action, viewer: int | None) -> tuple[str, dict]:
        """A log line for ``viewer``: (catalogue key, params). Must not leak."""
        return (f"{self.info.id}.log.{type(action).__name__.lower()}", {"action": str(action)})

    # ---- bots ----------------------------------------------------------------
    def sensible_actions(self, state, player: int) -> list:
        """The subset an easy bot picks from (default: all legal)."""
        return self.legal_actions(state, player)

    def heuristic(self, state, player: int) -> float:
        """A value in [0, 1] for ``player`` at a non-terminal state."""
        return 0.5

    # ---- helpers -------------------------------------------------------------
    def action_texts(self, actions: Iterable) -> list[str]:
        return [str(a) for a in actions]
