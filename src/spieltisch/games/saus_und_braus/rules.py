"""Saus und Braus rules. Clause ids (``saus.*``) match rules.md,
the rules panel (``rules.saus.*``) and tests/games/test_saus_und_braus.py.

The board (``saus.board``): ten holes, thirteen paths each crossing one
ingredient field (a field is named by its path, e.g. ``BZ``), and an exit off
the board at each corner hole (``outA``, ``outC``, ``outH``, ``outI``).
Books sit in 16 edge slots, numbered 1–16 in the action texts.

The books are hidden from everybody; a book shows its picture only while it
is open (``saus.memory``). The state keeps a ``record`` of what was shown
openly (opened books, swaps) because everyone at the table saw it: a view
carries it for the bots' memory model, the screen never renders it.

Why this size (~660 lines): the board graph (data) and the turn's flight
state machine (spin, fly, re-enter, open, guess, move, close) that walks it;
the graph data could move to a data module of its own when it grows.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, replace

from ...core.action import action_text
from ...core.errors import BadActionText, Illegal
from ...core.game import CHANCE, Game, GameInfo, Outcome, canonical_json
from ...core.rng import Rng, mix_seed

# ---- the pieces (saus.pieces) -------------------------------------------------------

NORMAL = ("toadstool", "batwing", "frog", "spider", "eye", "feather")
SPECIAL = ("salamander", "snake")
KINDS = NORMAL + SPECIAL
TOKENS = Counter({**dict.fromkeys(NORMAL, 3), "salamander": 4, "snake": 4})  # 26
BOOKS = Counter(dict.fromkeys(KINDS, 2))  # 16
SLOTS = 16
STACK_MAX = 3
GOAL = 5
ROUND_LIMIT = 30  # saus.limit
TURN_MAX = 22  # spin, spin outcome, 13 fields + 2 ways off + 2 re-entries, open, move, close
MEMORY = {  # saus.bots: level -> (chance to keep a picture at all, to keep it per turn since)
    "easy": (0.55, 0.80),
    "normal": (0.80, 0.92),
    "hard": (0.95, 0.98),
    "perfect": (1.0, 1.0),
}

# ---- the board (saus.board) ---------------------------------------------------------

HOLES = ("A", "B", "C", "D", "Z", "E", "F", "G", "H", "I")
CORNERS = ("A", "C", "H", "I")
FIELDS = ("AB", "BC", "AD", "CE", "BZ", "DZ", "ZE", "DF", "EH", "FG", "GH", "GI", "FI")
EXITS = tuple(f"out{c}" for c in CORNERS)
PATHS = FIELDS + EXITS
START = "Z"


def ends(path: str) -> tuple[str, ...]:
    """The holes a path joins (one for an exit)."""
    return (path[3],) if path.startswith("out") else (path[0], path[1])


def other_end(path: str, hole: str) -> str | None:
    """Where Winnie lands flying along ``path`` from ``hole`` (None: off the board)."""
    if path.startswith("out"):
        return None
    return path[1] if path[0] == hole else path[0]


AT_HOLE: dict[str, tuple[str, ...]] = {
    h: tuple(p for p in PATHS if h in ends(p)) for h in HOLES
}
assert all(len(v) == 3 for v in AT_HOLE.values())  # three sectors of the broom
_FIELD_INDEX = {f: i for i, f in enumerate(FIELDS)}
_PATH_SET = frozenset(PATHS)


def is_special(kind: str) -> bool:
    return kind in SPECIAL


# ---- actions ------------------------------------------------------------------------

@action_text("stack")
@dataclass(frozen=True, slots=True)
class Stack:  # chance (saus.setup): the next field's two tokens, bottom then top
    bottom: str
    top: str


@action_text("book")
@dataclass(frozen=True, slots=True)
class Book:  # chance (saus.setup): the next slot's book, shuffled unseen
    kind: str


@dataclass(frozen=True, slots=True)
class Spin:  # saus.spin: push the broom
    def __str__(self) -> str:
        return "spin"


@action_text("broom")
@dataclass(frozen=True, slots=True)
class Broom:  # chance (saus.spin): the sector the broom stops in
    path: str


@action_text("fly")
@dataclass(frozen=True, slots=True)
class Fly:  # saus.choose: the next path
    path: str


@action_text("enter")
@dataclass(frozen=True, slots=True)
class Enter:  # saus.reenter: the corner Winnie flies back in at
    corner: str


@dataclass(frozen=True, slots=True)
class Open:  # saus.book / saus.two_books: slots 0-based, text 1-based
    slots: tuple[int, ...]

    def __str__(self) -> str:
        return "open:" + "+".join(str(s + 1) for s in self.slots)


@action_text("move")
@dataclass(frozen=True, slots=True)
class Move:  # saus.wrong: the field the enchanted token flies to
    field: str


@dataclass(frozen=True, slots=True)
class Close:  # saus.close
    def __str__(self) -> str:
        return "close"


SPIN = Spin()
CLOSE = Close()


# ---- state --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SausState:
    n: int
    phase: str  # stacks | books | spin | broom | fly | reenter | guess | move | close | over
    turn: int  # the seat whose turn it is
    at: str  # Winnie's hole
    stacks: tuple[tuple[str, ...], ...]  # per field, bottom .. top
    books: tuple[str, ...]  # per slot; fewer than 16 while being dealt
    cauldrons: tuple[tuple[str, ...], ...]
    used: tuple[str, ...] = ()  # paths flown this turn (exits included)
    field: str = ""  # the field flown over (guess / move / close)
    opened: tuple[int, ...] = ()  # open books (guess result shown until close)
    right: bool = False
    turns: int = 0  # turns completed
    last_taker: int = -1
    # per seat, the turn of its last collection (-1: none yet): of tied
    # leaders the one who collected last wins (saus.dry / saus.limit)
    took: tuple[int, ...] = ()
    record: tuple[tuple, ...] = ()  # ("open", turn, slot, kind) | ("swap", turn, a, b)
    end_reason: str = ""
    flown: int = 0  # flights this turn (for the screen's flight line)


def _illegal(code: str, rule: str, message: str, **params) -> Illegal:
    return Illegal(code, rule, message, tuple((k, str(v)) for k, v in params.items()))


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def known_books(record) -> dict[int, str]:
    """What the record says each slot holds now: the last picture shown
    there, carried along by later swaps (saus.memory)."""
    known: dict[int, str] = {}
    for ev in record:
        if ev[0] == "open":
            known[ev[2]] = ev[3]
        elif ev[0] == "swap":
            a, b = ev[2], ev[3]
            ka, kb = known.pop(a, None), known.pop(b, None)
            if ka is not None:
                known[b] = ka
            if kb is not None:
                known[a] = kb
    return known


def _took_from(record, cauldrons, n: int) -> tuple[int, ...]:
    """The turn of each seat's last collection as the table saw it, for a
    bot's sample (views leave ``took`` out so that they, and the bots' seeds
    drawn from them, stay as they were): the seat's collections matched in
    order to its turns whose opened books all showed the collected kind."""
    shown: dict[int, list[str]] = {}
    for ev in record:
        if ev[0] == "open":
            shown.setdefault(ev[1], []).append(ev[3])
    took = [-1] * n
    for seat in range(n):
        want = list(cauldrons[seat])
        k = 0
        for turn in sorted(x for x in shown if x % n == seat):
            if k < len(want) and all(kind == want[k] for kind in shown[turn]):
                took[seat] = turn
                k += 1
    return tuple(took) if any(x >= 0 for x in took) else ()


def _pairs_feasible(left: Counter) -> bool:
    """Can the tokens left be laid as stacks of two different kinds?"""
    total = sum(left.values())
    return all(2 * c <= total for c in left.values())


class SausUndBraus(Game):
    info = GameInfo(
        id="saus_und_braus",
        title="Saus und Braus",
        min_players=2,
        max_players=4,
        perfect_information=False,
        max_length=13 + SLOTS + ROUND_LIMIT * 4 * TURN_MAX,
        rules_version=1,
        options=(),
        play_minutes=15,  # docs/ui.md, "The hub's tiles"
    )
    # Nothing is private to one seat (the books are hidden from all alike):
    # every seat's view is the same, so hot-seat play needs no curtain.
    seat_secrets = False

    # ---- setup ----------------------------------------------------------------------
    def new_state(self, players: int, options: dict | None = None) -> SausState:
        self.check_players(players)
        self.normalize_options(options)
        return SausState(n=players, phase="stacks", turn=0, at=START, stacks=(),
                         books=(), cauldrons=((),) * players)

    def num_players(self, s: SausState) -> int:
        return s.n

    # ---- flow -----------------------------------------------------------------------
    def current_player(self, s: SausState):
        if s.phase == "over":
            return None
        if s.phase in ("stacks", "books", "broom"):
            return CHANCE
        return s.turn

    def tokens_left(self, s: SausState) -> Counter:
        left = Counter(TOKENS)
        for st in s.stacks:
            left.subtract(st)
        return +left

    def chance_outcomes(self, s: SausState):
        if s.phase == "stacks":  # saus.setup: two different kinds per field
            left = self.tokens_left(s)
            out = []
            for b in KINDS:
                for t in KINDS:
                    if b == t or left[b] == 0 or left[t] == 0:
                        continue
                    after = left.copy()
                    after[b] -= 1
                    after[t] -= 1
                    if _pairs_feasible(after):
                        out.append((Stack(b, t), left[b] * (left[t])))
            return out
        if s.phase == "books":
            left = Counter(BOOKS)
            left.subtract(s.books)
            return [(Book(k), c) for k, c in sorted(left.items()) if c > 0]
        if s.phase == "broom":  # saus.spin: the three sectors alike
            return [(Broom(p), 1) for p in AT_HOLE[s.at]]
        return []

    def paths_from(self, s: SausState, hole: str) -> list[str]:
        """saus.choose / saus.twice: the paths Winnie may take from ``hole``."""
        out = []
        for p in AT_HOLE[hole]:
            if p in s.used:
                continue
            if p.startswith("out") and not self.entry_corners(s, hole, extra=p):
                continue
            out.append(p)
        return out

    def entry_corners(self, s: SausState, leaving: str, extra: str = "") -> list[str]:
        """saus.reenter: corners other than the one left whose exit is unused."""
        used = set(s.used) | ({extra} if extra else set())
        return [c for c in CORNERS if c != leaving and f"out{c}" not in used]

    def rooms(self, s: SausState) -> list[str]:
        """saus.wrong / saus.stack_max: fields the token may fly to."""
        return [f for i, f in enumerate(FIELDS) if f != s.field and len(s.stacks[i]) < STACK_MAX]

    def top(self, s: SausState) -> str | None:
        if not s.field:
            return None
        st = s.stacks[_FIELD_INDEX[s.field]]
        return st[-1] if st else None

    def legal_actions(self, s: SausState, player: int | None = None):
        cur = self.current_player(s)
        if cur is None or cur == CHANCE or (player is not None and player != cur):
            return []
        if s.phase == "spin":
            return [SPIN]
        if s.phase == "fly":
            return [Fly(p) for p in self.paths_from(s, s.at)]
        if s.phase == "reenter":
            return [Enter(c) for c in self.entry_corners(s, s.at)]
        if s.phase == "guess":
            if is_special(self.top(s)):
                return [Open((a, b)) for a in range(SLOTS) for b in range(a + 1, SLOTS)]
            return [Open((a,)) for a in range(SLOTS)]
        if s.phase == "move":
            return [Move(f) for f in self.rooms(s)]
        if s.phase == "close":
            return [CLOSE]
        return []

    def check(self, s: SausState, player: int, a):
        cur = self.current_player(s)
        if cur is None:
            return _illegal("game-over", "saus.win", "The game is over.")
        if isinstance(a, (Stack, Book, Broom)):
            if player != CHANCE or cur != CHANCE:
                return _illegal("not-a-move", "saus.spin", "Setting up and the broom's spin are not a player's move.")
            if all(o != a for o, _ in self.chance_outcomes(s)):
                return _illegal("impossible-outcome", "saus.spin", "That cannot happen now.")
            return None
        if cur == CHANCE:
            return _illegal("chance-to-act", "saus.spin", "Winnie is still spinning.")
        if player != cur:
            return _illegal("not-your-turn", "saus.turn", "It is not your turn.", seat=cur)
        if isinstance(a, Spin):
            if s.phase != "spin":
                return self._wrong_step(s)
            return None
        if isinstance(a, Fly):
            if s.phase != "fly":
                return self._wrong_step(s)
            if a.path not in AT_HOLE[s.at]:
                return _illegal("not-here", "saus.choose", "That path does not start at Winnie's hole.")
            if a.path in s.used:
                return _illegal("flown-twice", "saus.twice", "Winnie may not fly along the same path twice in a turn.")
            if a.path not in self.paths_from(s, s.at):
                return _illegal("no-corner", "saus.reenter", "There is no corner left to fly back in from.")
            return None
        if isinstance(a, Enter):
            if s.phase != "reenter":
                return self._wrong_step(s)
            if a.corner == s.at:
                return _illegal("same-corner", "saus.reenter", "Winnie flies back in at another corner.")
            if a.corner not in self.entry_corners(s, s.at):
                return _illegal("corner-used", "saus.twice", "Winnie has already flown through that corner this turn.")
            return None
        if isinstance(a, Open):
            if s.phase != "guess":
                return self._wrong_step(s)
            need = 2 if is_special(self.top(s)) else 1
            if len(a.slots) != need:
                if need == 2:
                    return _illegal("two-books", "saus.two_books", "For a salamander or a snake open two books at once.")
                return _illegal("one-book", "saus.book", "Open just one book: you have only one try.")
            if any(not (0 <= x < SLOTS) for x in a.slots):
                return _illegal("no-book", "saus.book", "There is no book there.")
            if need == 2 and not a.slots[0] < a.slots[1]:
                return _illegal("two-books", "saus.two_books", "For a salamander or a snake open two books at once.")
            return None
        if isinstance(a, Move):
            if s.phase != "move":
                return self._wrong_step(s)
            if a.field == s.field:
                return _illegal("same-stack", "saus.wrong", "The token flies away to another stack.")
            if a.field not in _FIELD_INDEX or len(s.stacks[_FIELD_INDEX[a.field]]) >= STACK_MAX:
                return _illegal("stack-full", "saus.stack_max", "A stack holds at most three tokens.")
            return None
        if isinstance(a, Close):
            if s.phase != "close":
                return self._wrong_step(s)
            return None
        return _illegal("unknown-action", "saus.turn", "That is not a move in this game.")

    def _wrong_step(self, s: SausState) -> Illegal:
        rule = {"spin": "saus.spin", "fly": "saus.choose", "reenter": "saus.reenter",
                "guess": "saus.book", "move": "saus.wrong", "close": "saus.close"}[s.phase]
        return _illegal(f"now-{s.phase}", rule, f"Not now: the next step is '{s.phase}'.")

    # ---- moves ----------------------------------------------------------------------
    def apply_unchecked(self, s: SausState, a) -> SausState:
        if isinstance(a, Stack):
            stacks = s.stacks + ((a.bottom, a.top),)
            return replace(s, stacks=stacks, phase="stacks" if len(stacks) < len(FIELDS) else "books")
        if isinstance(a, Book):
            books = s.books + (a.kind,)
            return replace(s, books=books, phase="books" if len(books) < SLOTS else "spin")
        if isinstance(a, Spin):
            return replace(s, phase="broom")
        if isinstance(a, (Broom, Fly)):
            return self._fly(s, a.path)
        if isinstance(a, Enter):  # saus.reenter
            s = replace(s, at=a.corner, used=s.used + (f"out{a.corner}",))
            return self._fly_on(s)
        if isinstance(a, Open):
            return self._open(s, a.slots)
        if isinstance(a, Move):  # saus.wrong: the token flies to the chosen stack
            i, j = _FIELD_INDEX[s.field], _FIELD_INDEX[a.field]
            token = s.stacks[i][-1]
            stacks = _set(s.stacks, i, s.stacks[i][:-1])
            stacks = _set(stacks, j, stacks[j] + (token,))
            return replace(s, stacks=stacks, phase="close")
        if isinstance(a, Close):
            return self._close(s)
        raise TypeError(f"not a Saus und Braus action: {a!r}")

    def _fly(self, s: SausState, path: str) -> SausState:
        """saus.flight: along ``path``; a stack on its field stops her."""
        s = replace(s, used=s.used + (path,), flown=s.flown + 1)
        land = other_end(path, s.at)
        if land is None:  # saus.reenter: off the board
            return replace(s, phase="reenter")
        s = replace(s, at=land)
        if s.stacks[_FIELD_INDEX[path]]:  # saus.stop
            return replace(s, phase="guess", field=path)
        return self._fly_on(s)

    def _fly_on(self, s: SausState) -> SausState:
        if self.paths_from(s, s.at):  # saus.choose
            return replace(s, phase="fly")
        return self._next_turn(s)  # saus.no_path: the turn ends, nothing flown over

    def _open(self, s: SausState, slots: tuple[int, ...]) -> SausState:
        kind = self.top(s)
        shown = tuple(("open", s.turns, x, s.books[x]) for x in slots)
        right = all(s.books[x] == kind for x in slots)  # saus.book / saus.two_books
        s = replace(s, opened=slots, right=right, record=s.record + shown)
        if not right:
            if self.rooms(s):
                return replace(s, phase="move")
            return replace(s, phase="close")  # no room anywhere (cannot happen with 26 tokens)
        i = _FIELD_INDEX[s.field]  # saus.right: the top token into the cauldron
        cauldrons = _set(s.cauldrons, s.turn, s.cauldrons[s.turn] + (kind,))
        took = s.took or (-1,) * s.n
        s = replace(s, stacks=_set(s.stacks, i, s.stacks[i][:-1]), cauldrons=cauldrons,
                    last_taker=s.turn, took=_set(took, s.turn, s.turns))
        if len(cauldrons[s.turn]) >= GOAL:  # saus.win
            return replace(s, phase="over", end_reason="five")
        if not any(s.stacks):  # saus.dry
            return replace(s, phase="over", end_reason="dry")
        return replace(s, phase="close")

    def _close(self, s: SausState) -> SausState:
        """saus.close (and saus.swap: two wrong books change places)."""
        books, record = s.books, s.record
        if len(s.opened) == 2 and not s.right:
            a, b = s.opened
            books = _set(_set(books, a, books[b]), b, books[a])
            record = record + (("swap", s.turns, a, b),)
        return self._next_turn(replace(s, books=books, record=record))

    def _next_turn(self, s: SausState) -> SausState:
        turns = s.turns + 1
        s = replace(s, turns=turns, turn=(s.turn + 1) % s.n, used=(), field="", opened=(),
                    right=False, flown=0)
        if turns >= ROUND_LIMIT * s.n:  # saus.limit
            return replace(s, phase="over", end_reason="limit")
        return replace(s, phase="spin")

    # ---- end ------------------------------------------------------------------------
    def outcome(self, s: SausState):
        if s.phase != "over":
            return None
        scores = tuple(len(c) for c in s.cauldrons)
        if s.end_reason == "five":
            winners = (s.last_taker,)
        else:  # saus.dry / saus.limit: most tokens; a tie goes to who collected last
            best = max(scores)
            tied = tuple(i for i in range(s.n) if scores[i] == best)
            took = s.took or (-1,) * s.n
            last = max(took[i] for i in tied)
            # of the tied, the one who collected last; shared only when none
            # of them has collected (0 tokens each at the turn limit)
            winners = tuple(i for i in tied if took[i] == last) if last >= 0 else tied
        return Outcome(scores=scores, winners=winners, reason=f"saus_und_braus.end.{s.end_reason}")

    # ---- text -----------------------------------------------------------------------
    def parse_action(self, text: str):
        if not isinstance(text, str):
            raise BadActionText(_illegal("bad-text", "saus.turn", "That is not a move."), repr(text))
        parts = text.split(":")  # only the canonical text parses (docs/engine.md)
        kind, args = parts[0], parts[1:]
        if kind == "spin" and not args:
            return SPIN
        if kind == "close" and not args:
            return CLOSE
        if len(args) == 1:
            arg = args[0]
            if kind in ("fly", "broom") and arg in _PATH_SET:
                return Fly(arg) if kind == "fly" else Broom(arg)
            if kind == "enter" and arg in CORNERS:
                return Enter(arg)
            if kind == "move" and arg in _FIELD_INDEX:
                return Move(arg)
            if kind == "book" and arg in KINDS:
                return Book(arg)
            if kind == "open":
                nums = arg.split("+")
                if 1 <= len(nums) <= 2 and all(x.isdigit() and str(int(x)) == x for x in nums):
                    slots = tuple(int(x) - 1 for x in nums)
                    if all(0 <= x < SLOTS for x in slots) and (len(slots) == 1 or slots[0] < slots[1]):
                        return Open(slots)
        if kind == "stack" and len(args) == 2 and args[0] in KINDS and args[1] in KINDS and args[0] != args[1]:
            return Stack(args[0], args[1])
        raise BadActionText(
            _illegal("bad-text", "saus.turn", "That is not a move in Saus und Braus.", text=text[:40]), text[:40])

    def state_to_json(self, s: SausState) -> dict:
        return {
            "n": s.n, "phase": s.phase, "turn": s.turn, "at": s.at,
            "stacks": [list(x) for x in s.stacks], "books": list(s.books),
            "cauldrons": [list(c) for c in s.cauldrons], "used": list(s.used),
            "field": s.field, "opened": list(s.opened), "right": s.right, "turns": s.turns,
            "last_taker": s.last_taker, "took": list(s.took), "record": [list(e) for e in s.record],
            "end_reason": s.end_reason, "flown": s.flown,
        }

    def state_hash(self, s: SausState) -> str:
        """``took`` is left out: it follows from the moves alone, and saves
        and position links made before it existed keep their hash."""
        data = self.state_to_json(s)
        del data["took"]
        return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:32]

    def state_from_json(self, d: dict) -> SausState:
        return SausState(
            n=d["n"], phase=d["phase"], turn=d["turn"], at=d["at"],
            stacks=tuple(tuple(x) for x in d["stacks"]), books=tuple(d["books"]),
            cauldrons=tuple(tuple(c) for c in d["cauldrons"]), used=tuple(d["used"]),
            field=d["field"], opened=tuple(d["opened"]), right=d["right"], turns=d["turns"],
            last_taker=d["last_taker"], took=tuple(d.get("took", ())), record=tuple(tuple(e) for e in d["record"]),
            end_reason=d["end_reason"], flown=d["flown"],
        )

    # ---- information ----------------------------------------------------------------
    def view(self, s: SausState, viewer: int | None) -> dict:
        """saus.memory: a book's picture only while it is open; the record of
        what was shown openly (the same for every seat)."""
        return {
            "game": self.info.id, "players": s.n, "viewer": viewer,
            "phase": s.phase, "to_move": self.current_player(s), "turn": s.turn, "at": s.at,
            "stacks": [list(x) for x in s.stacks],
            "books_dealt": len(s.books),
            "open": {str(x): s.books[x] for x in s.opened},
            "cauldrons": [list(c) for c in s.cauldrons], "used": list(s.used),
            "field": s.field, "opened": list(s.opened), "right": s.right, "turns": s.turns,
            "last_taker": s.last_taker, "record": [list(e) for e in s.record],
            "end_reason": s.end_reason, "flown": s.flown,
            "paths": self.paths_from(s, s.at) if s.phase == "fly" else [],
            "corners": self.entry_corners(s, s.at) if s.phase == "reenter" else [],
            "rooms": self.rooms(s) if s.phase == "move" else [],
            "need": (2 if is_special(self.top(s)) else 1) if s.phase == "guess" else 0,
            "top": self.top(s) or "",
        }

    def determinize(self, view: dict, viewer: int, rng: Rng) -> SausState:
        """Closed books resampled; a slot the view's record names keeps that picture."""
        if view.get("viewer") != viewer or viewer is None:
            raise ValueError("determinize needs the view of the seat it samples for")
        record = tuple(tuple(e) for e in view["record"])
        dealt = view["books_dealt"]
        known = {k: v for k, v in known_books(record).items() if k < dealt}
        for x, kind in view["open"].items():
            known[int(x)] = kind
        left = Counter(BOOKS)
        left.subtract(known.values())
        pool = sorted(k for k, c in left.items() for _ in range(max(0, c)))
        rng.shuffle(pool)
        books = tuple(known[i] if i in known else pool.pop() for i in range(dealt))
        return SausState(
            n=view["players"], phase=view["phase"], turn=view["turn"], at=view["at"],
            stacks=tuple(tuple(x) for x in view["stacks"]), books=books,
            cauldrons=tuple(tuple(c) for c in view["cauldrons"]), used=tuple(view["used"]),
            field=view["field"], opened=tuple(view["opened"]), right=view["right"],
            turns=view["turns"], last_taker=view["last_taker"],
            took=_took_from(record, view["cauldrons"], view["players"]), record=record,
            end_reason=view["end_reason"], flown=view["flown"],
        )

    def reveals(self, s: SausState, a) -> bool:
        return isinstance(a, Open)

    def describe(self, s: SausState, player: int, a, viewer: int | None):
        """Log lines never name a book's picture or its slot (saus.memory)."""
        if isinstance(a, (Stack, Book, Spin)):
            return None
        if isinstance(a, (Broom, Fly)):
            prefix = "broom" if isinstance(a, Broom) else "fly"
            if a.path.startswith("out"):
                return (f"saus_und_braus.log.{prefix}_out", {"seat": s.turn})
            st = s.stacks[_FIELD_INDEX[a.path]]
            if st:
                return (f"saus_und_braus.log.{prefix}_stop", {"seat": s.turn, "kind": st[-1]})
            after = self.apply_unchecked(s, a)
            if after.phase == "spin" or after.phase == "over":
                return ("saus_und_braus.log.no_path", {"seat": s.turn})
            return (f"saus_und_braus.log.{prefix}_on", {"seat": s.turn})
        if isinstance(a, Enter):
            after = self.apply_unchecked(s, a)
            key = "enter_stuck" if after.phase in ("spin", "over") else "enter"
            return (f"saus_und_braus.log.{key}", {"seat": s.turn})
        if isinstance(a, Open):
            kind = self.top(s)
            right = all(s.books[x] == kind for x in a.slots)
            count = "two" if len(a.slots) == 2 else "one"
            if right:
                return (f"saus_und_braus.log.right_{count}", {"seat": player, "kind": kind})
            return (f"saus_und_braus.log.wrong_{count}", {"seat": player})
        if isinstance(a, Move):
            return ("saus_und_braus.log.move", {"seat": player, "kind": self.top(s)})
        if isinstance(a, Close):
            swap = len(s.opened) == 2 and not s.right
            return ("saus_und_braus.log.close_swap" if swap else "saus_und_braus.log.close", {"seat": player})
        return None

    # ---- bots -----------------------------------------------------------------------
    def sensible_actions(self, s: SausState, player: int):
        """Use what the state's record says (a bot's determinisation carries
        only what that bot remembers): a book known right, never one known
        wrong; a path to a stack whose books are known."""
        acts = self.legal_actions(s, player)
        if s.phase == "guess":
            kind = self.top(s)
            known = known_books(s.record)
            right = [x for x, k in known.items() if k == kind]
            unknown = [x for x in range(SLOTS) if x not in known]
            if len(acts[0].slots) == 1:
                if right:
                    return [Open((x,)) for x in sorted(right)]
                return [Open((x,)) for x in unknown] or acts
            cand = sorted(right) if len(right) >= 2 else None
            if cand:
                return [Open((cand[0], cand[1]))]
            pool = sorted(set(right) | set(unknown))
            if len(right) == 1:
                return [Open(tuple(sorted((right[0], x)))) for x in unknown] or acts
            if len(pool) >= 2:
                return [Open((a, b)) for a in pool for b in pool if a < b][:40]
            return acts
        if s.phase == "fly":
            known = set(known_books(s.record).values())
            stops, good = [], []
            for a in acts:
                land = other_end(a.path, s.at)
                st = s.stacks[_FIELD_INDEX[a.path]] if land is not None else ()
                if st:
                    stops.append(a)
                    if st[-1] in known:
                        good.append(a)
            return good or stops or acts
        return acts

    def heuristic(self, s: SausState, player: int) -> float:
        """Tokens in the cauldron, and a right book in hand for the stack flown over."""
        score = [float(len(c)) for c in s.cauldrons]
        if s.phase == "guess":
            kind = self.top(s)
            known = known_books(s.record)
            hits = sum(1 for k in known.values() if k == kind)
            need = 2 if is_special(kind) else 1
            score[s.turn] += 0.8 if hits >= need else 0.15
        mine = score[player]
        best_other = max(score[i] for i in range(s.n) if i != player)
        return max(0.0, min(1.0, 0.5 + (mine - best_other) / (2.0 * GOAL)))

    # ---- memory (bots) --------------------------------------------------------------
    def recall(self, view: dict, level: str, seat: int) -> dict:
        """saus.bots: the view as a bot of ``level`` remembers it. Each shown
        picture is kept with the level's reliability and forgotten over the
        turns since (a memory once lost stays lost: the draw is fixed per
        seat, level and record entry). Swaps happen in plain sight and are kept."""
        keep, per_turn = MEMORY.get(level, MEMORY["normal"])
        if keep >= 1.0 and per_turn >= 1.0:
            return view
        now = view["turns"]
        kept = []
        for i, ev in enumerate(view["record"]):
            if ev[0] == "open" and ev[1] < now:  # what is open now is in sight
                u = Rng(mix_seed("saus.memory", level, seat, i, *ev)).random()
                if u >= keep * per_turn ** (now - ev[1]):
                    continue
            kept.append(ev)
        return {**view, "record": kept}


GAME = SausUndBraus()
