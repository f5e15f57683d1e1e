"""A game in progress: rules + state + log + seeded chance, with saves."""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

from .errors import BadActionText, IllegalActionError, Illegal, SaveError
from .game import CHANCE, Game
from .rng import Rng, mix_seed

SAVE_FORMAT = "spieltisch-save"
SAVE_VERSION = 1
NAME_MAX = 32
LEVELS = ("easy", "normal", "hard")


def clean_name(raw: Any, seat: int) -> str:
    """A player name safe to store: text, no control characters, trimmed.

    Escaping for HTML is the renderer's job; this only keeps names sane.
    """
    if not isinstance(raw, str):
        raw = ""
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())[:NAME_MAX].strip()
    return text or f"Player {seat + 1}"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # bots: easy / normal / hard

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any, index: int) -> "Seat":
        if not isinstance(data, dict):
            raise SaveError("bad-seats", f"seat {index + 1} is not an object")
        kind = data.get("kind", "human")
        if kind not in ("human", "bot"):
            raise SaveError("bad-seats", f"seat {index + 1} has an unknown kind")
        level = data.get("level")
        if kind == "bot" and level not in LEVELS:
            raise SaveError("bad-seats", f"seat {index + 1} has an unknown bot level")
        return cls(clean_name(data.get("name"), index), kind, level if kind == "bot" else None)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


class Match:
    """Game + state + log + seeded chance.

    ``log`` is the source of truth: a list of ``(player, action_text)`` with
    chance outcomes included. The chance draw at log position *i* uses an RNG
    seeded from (seed, i), so a replay needs no RNG state and a save is just
    seed + log.
    """

    def __init__(self, game: Game, seats: list[Seat], options: dict | None = None,
                 seed: int = 0, *, auto_chance: bool = True):
        game.check_players(len(seats))
        self.game = game
        self.seats = list(seats)
        self.options = game.normalize_options(options)
        self.seed = int(seed)
        self.auto_chance = auto_chance
        self.state = game.new_state(len(seats), self.options)
        self.log: list[tuple[int, str]] = []
        # States since the last undo barrier (index 0 = the barrier state).
        self._undo_states: list[Any] = [self.state]
        self._undo_base = 0  # log length at the barrier
        if auto_chance:
            self.resolve_chance()

    # ---- flow ---------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    def outcome(self):
        return self.game.outcome(self.state)

    def legal_texts(self, player: int | None = None) -> list[str]:
        if self.to_act is None or self.to_act == CHANCE:
            return []
        if player is not None and player != self.to_act:
            return []
        return [str(a) for a in self.game.legal_actions(self.state)]

    def parse(self, action):
        if isinstance(action, str):
            return self.game.parse_action(action)
        return action

    def check(self, player: int, action) -> Illegal | None:
        """Why :meth:`play` would refuse ``action`` by ``player`` (``None``: it would not)."""
        try:
            act = self.parse(action)
        except BadActionText as err:
            return err.illegal
        return self._refusal(player, act)

    def _refusal(self, player: int | None, act) -> Illegal | None:
        to_act = self.to_act
        seat = to_act if player is None else player
        if to_act == CHANCE:
            return Illegal("chance-to-act", "core.chance", "It is chance's turn, not a seat's.")
        if seat == CHANCE and to_act is not None:
            return Illegal("not-chance", "core.chance",
                           "No chance event is due: a seat is to act, and chance never plays a seat's move.",
                           (("seat", str(to_act)),))
        return self.game.check(self.state, seat, act)

    def play(self, action, player: int | None = None) -> None:
        """Play a seat's action (text or value); then resolve chance.

        Raises :class:`IllegalActionError` with the reason if it is illegal
        (:class:`BadActionText` if the text does not parse) and then leaves
        the match exactly as it was: the action is checked before anything
        else — ``reveals`` included — looks at it.
        """
        act = self.parse(action)
        seat = self.to_act if player is None else player
        why = self._refusal(seat, act)
        if why is not None:
            raise IllegalActionError(why, str(act))
        reveals = self.game.reveals(self.state, act)
        self.state = self.game.apply_unchecked(self.state, act)
        self._record(seat, str(act), barrier=reveals)
        if self.auto_chance:
            self.resolve_chance()

    def play_chance(self, action) -> None:
        """Force a chance outcome (tests, replays)."""
        act = self.parse(action)
        if self.to_act != CHANCE:
            raise IllegalActionError(
                Illegal("not-chance", "core.chance", "No chance event is due."), str(act)
            )
        weights = dict((str(a), w) for a, w in self.game.chance_outcomes(self.state))
        if str(act) not in weights:
            raise IllegalActionError(
                Illegal("impossible-outcome", "core.chance", "That outcome cannot happen now."), str(act)
            )
        self.state = self.game.apply_unchecked(self.state, act)
        self._record(CHANCE, str(act), barrier=True)

    def resolve_chance(self) -> None:
        while self.game.current_player(self.state) == CHANCE:
            outcomes = self.game.chance_outcomes(self.state)
            rng = Rng(mix_seed(self.seed, "chance", len(self.log)))
            idx = rng.weighted_index([w for _, w in outcomes])
            act = outcomes[idx][0]
            self.state = self.game.apply_unchecked(self.state, act)
            self._record(CHANCE, str(act), barrier=True)

    def _record(self, player: int, text: str, *, barrier: bool) -> None:
        self.log.append((player, text))
        if barrier:
            self._undo_states = [self.state]
            self._undo_base = len(self.log)
        else:
            self._undo_states.append(self.state)

    # ---- undo ---------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Only your own last action, and only if nothing was revealed since
        and no other seat (nor chance) has acted after it."""
        if len(self._undo_states) < 2 or not self.log:
            return False
        return self.log[-1][0] == seat

    def undo(self, seat: int) -> bool:
        if not self.can_undo(seat):
            return False
        self._undo_states.pop()
        self.log.pop()
        self.state = self._undo_states[-1]
        return True

    # ---- saves ----------------------------------------------------------------
    def to_save(self, extra: dict | None = None) -> dict:
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.info.id,
            "rules_version": self.game.info.rules_version,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "seed": self.seed,
            "log": [[p, t] for p, t in self.log],
            "state_hash": self.game.state_hash(self.state),
        }
        if extra:
            data["meta"] = extra
        return data

    def to_save_text(self, extra: dict | None = None) -> str:
        return json.dumps(self.to_save(extra), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_save(cls, data: Any, games: dict[str, Game]) -> "Match":
        """Replay a save. Raises :class:`SaveError` with a plain reason."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except (ValueError, UnicodeDecodeError) as err:
                raise SaveError("not-json", f"the file is not readable JSON ({err.__class__.__name__})")
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not-a-save", "this is not a Spieltisch save")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveError("unknown-version", f"save format version {version!r} is not known here")
        game = games.get(data.get("game")) if isinstance(data.get("game"), str) else None
        if game is None:
            raise SaveError("unknown-game", f"unknown game {data.get('game')!r}")
        if data.get("rules_version") != game.info.rules_version:
            raise SaveError("rules-version", "the save was made with other rules of this game")
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list):
            raise SaveError("bad-seats", "the seats are missing")
        seats = [Seat.from_json(s, i) for i, s in enumerate(seats_raw)]
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("bad-seed", "the seed is missing")
        log = data.get("log")
        if not isinstance(log, list):
            raise SaveError("bad-log", "the move list is missing")
        try:
            match = cls(game, seats, data.get("options") or {}, seed, auto_chance=False)
        except ValueError as err:
            raise SaveError("bad-setup", str(err))
        for i, entry in enumerate(log):
            if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                    or isinstance(entry[0], bool) or not isinstance(entry[1], str)):
                raise SaveError("bad-log", f"move {i + 1} is malformed")
            player, text = entry
            try:
                if player == CHANCE:
                    match.play_chance(text)
                else:
                    match.play(text, player)
            except IllegalActionError as err:
                raise SaveError("replay-failed", f"move {i + 1} ({text}) does not replay: {err.illegal.message}")
        match.auto_chance = True
        if data.get("state_hash") != game.state_hash(match.state):
            raise SaveError("hash-mismatch", "the replayed game does not match the saved position")
        match.resolve_chance()
        return match
