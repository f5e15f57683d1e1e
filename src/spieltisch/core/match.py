"""A game in progress: rules + state + log + seeded chance, with saves."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .errors import BadActionText, Illegal, IllegalActionError, SaveError
from .game import CHANCE, Game
from .rng import Rng, mix_seed
from .saves import LEVELS, SAVE_FORMAT, CheckedSave, read_save, seal_action, seals_actions
from .text import NAME_MAX, clean_name

SAVE_VERSION = 2  # 2: chance outcomes that follow from the seed are left out, and seat actions of
# hidden-information games are sealed (core/saves.py)

__all__ = ["LEVELS", "NAME_MAX", "SAVE_FORMAT", "SAVE_VERSION", "Match", "Seat", "clean_name"]


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # bots: easy / normal / hard

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


class Match:
    """Game + state + log + seeded chance.

    ``log`` is the source of truth: a list of ``(player, action_text)`` with
    chance outcomes included. The chance draw at log position *i* uses an RNG
    seeded from (seed, i), so a replay needs no RNG state and a save is just
    seed + the seats' actions: a chance outcome is written to a save only when
    it was forced (:meth:`play_chance`) to something the seed would not draw
    (``forced``), so a save shows no hidden card in plain text (docs/engine.md).
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
        self.forced: set[int] = set()  # log indices of chance outcomes the seed does not give
        self.meta: dict = {}  # a loaded save's checked ``meta`` (core/saves.py)
        self._seals: dict[tuple[int, str], str] = {}  # (place in the saved log, text) -> sealed text
        # the saved log so far, and how many log entries it covers: a save
        # after a move adds that move, it does not go over the whole game again
        self._saved: list[list] = []
        self._saved_upto = 0
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
        outcomes = self.game.chance_outcomes(self.state)
        text = str(act)
        if all(str(a) != text for a, _ in outcomes):
            raise IllegalActionError(
                Illegal("impossible-outcome", "core.chance", "That outcome cannot happen now."), text
            )
        forced = str(self._seeded_draw(outcomes)) != text
        self.state = self.game.apply_unchecked(self.state, act)
        if forced:
            self.forced.add(len(self.log))
        self._record(CHANCE, text, barrier=True)

    def _seeded_draw(self, outcomes):
        """The outcome the seed gives at this log position."""
        rng = Rng(mix_seed(self.seed, "chance", len(self.log)))
        return outcomes[rng.weighted_index([w for _, w in outcomes])][0]

    def resolve_chance(self) -> None:
        while self.game.current_player(self.state) == CHANCE:
            self.draw_chance()

    def draw_chance(self) -> None:
        """One chance event, drawn from the seed at this log position."""
        act = self._seeded_draw(self.game.chance_outcomes(self.state))
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
        self.forced.discard(len(self.log))
        self._saved, self._saved_upto = [], 0  # the saved log is made again at the next save
        self.state = self._undo_states[-1]
        return True

    # ---- saves ----------------------------------------------------------------
    def save_log(self) -> list[list]:
        """The log as saved: every seat's action, and only the chance outcomes
        the seed does not give (``forced``); the rest follow from the seed and
        their position, so a save never spells out a hidden card. In a game
        with hidden information the seats' actions are sealed with the seed
        and their place in this list (``seal_action``): a face-down discard
        is not plain text either."""
        sealed = seals_actions(self.game)
        seals = self._seals  # each action is sealed once, not at every save
        if self._saved_upto > len(self.log):
            self._saved, self._saved_upto = [], 0
        out = self._saved
        for i in range(self._saved_upto, len(self.log)):
            p, t = self.log[i]
            if p != CHANCE:
                if sealed:
                    key = (len(out), t)
                    t = seals.get(key)
                    if t is None:
                        t = seals[key] = seal_action(key[1], self.seed, key[0])
                out.append([p, t])
            elif i in self.forced:
                out.append([p, t, i])
        self._saved_upto = len(self.log)
        return list(out)

    def to_save(self, extra: dict | None = None) -> dict:
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.info.id,
            "rules_version": self.game.info.rules_version,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "seed": self.seed,
            "log": self.save_log(),
            "length": len(self.log),
            "state_hash": self.game.state_hash(self.state),
        }
        if extra:
            data["meta"] = {**extra, "summary": self.summary()}
        return data

    def summary(self) -> dict:
        """``meta.summary``: what the hub lists without replaying the save."""
        return {"moves": sum(1 for p, _ in self.log if p != CHANCE), "over": self.is_over}

    def to_save_text(self, extra: dict | None = None) -> str:
        return json.dumps(self.to_save(extra), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_save(cls, data: Any, games: dict[str, Game]) -> Match:
        """Replay a save (text, bytes or parsed JSON). Raises :class:`SaveError`
        with a plain reason, never anything else: every field is checked first
        (core/saves.py), then every move is replayed and checked and the
        position hash compared."""
        checked = read_save(data, games)
        seats = [Seat(clean_name(name, i), kind, level) for i, (name, kind, level) in enumerate(checked.seats)]
        try:
            match = cls(checked.game, seats, checked.options, checked.seed, auto_chance=False)
        except ValueError as err:
            raise SaveError("bad-setup", str(err)[:200]) from None
        try:
            match._replay(checked)
        except SaveError:
            raise
        except IllegalActionError as err:
            raise SaveError("replay-failed", f"move {len(match.log) + 1} does not replay: "
                                             f"{err.illegal.message}") from None
        except Exception as err:
            raise SaveError("replay-failed", f"move {len(match.log) + 1} does not replay "
                                             f"({err.__class__.__name__})") from None
        if checked.state_hash != checked.game.state_hash(match.state):
            raise SaveError("hash-mismatch", "the replayed game does not match the saved position")
        match.meta = {k: v for k, v in checked.meta.items() if k != "summary"}  # re-written on each save
        match.auto_chance = True
        match.resolve_chance()
        return match

    def _replay(self, checked: CheckedSave) -> None:
        """Play a checked save's log up to its length: seat actions checked,
        chance outcomes forced where the save gives one for this place (version
        1 gives them all), drawn from the seed elsewhere."""
        entries = checked.log
        k = 0
        while len(self.log) < checked.length:
            to_act = self.to_act
            nxt = entries[k] if k < len(entries) else None
            if to_act is None:
                raise SaveError("replay-failed", f"the game is over after {len(self.log)} moves, "
                                                 "but the save goes on")
            if to_act == CHANCE:
                if nxt is not None and nxt[0] == CHANCE and nxt[2] in (None, len(self.log)):
                    self.play_chance(nxt[1])
                    k += 1
                elif checked.version >= 2:
                    self.draw_chance()
                else:
                    raise SaveError("replay-failed", f"move {len(self.log) + 1} should be a chance outcome")
                continue
            if nxt is None:
                raise SaveError("bad-log", "the move list ends early")
            if nxt[0] == CHANCE:
                raise SaveError("replay-failed", f"move {len(self.log) + 1}: no chance event is due")
            self.play(nxt[1], nxt[0])
            k += 1
        if k < len(entries):
            raise SaveError("bad-log", "the move list goes on after its end")
