"""Saboteur's actions and their text forms.

This module owns what can be done in Saboteur, as values: one frozen
dataclass per kind of move (a path card, a broken tool, a repair, a map, a
rockfall, a discard, a dwarf, the answer to a request for help, which way a
stone goal lies, which nugget card to keep) and per chance event (the goal
layout, a role card, a dealt or drawn card, a drawn nugget card). Each value
has exactly one canonical text (``str``), and ``parse_action`` is its inverse:
anything else is refused with ``BadActionText``. ``_illegal`` builds the
refusals every other module returns (a code, the rule clause id, a message).
Nothing here knows the state; legality lives in ``moves.py`` and ``rules.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from ...core.action import action_text
from ...core.errors import BadActionText, Illegal
from .cards import BROKEN, CARDS, GOALS, REPAIRS, SYMMETRIC, TOOLS, TUNNELS

COORD = 60  # |x|, |y| accepted in action text (40 tunnel cards never reach further)
LAYOUTS = tuple(permutations(GOALS))


def _illegal(code: str, rule: str, message: str, **params) -> Illegal:
    """A refusal: ``code`` names the catalogue text, ``rule`` the clause id."""
    return Illegal(code, rule, message, tuple((k, str(v)) for k, v in params.items()))


# ---- actions -----------------------------------------------------------------

def _xy(x: int, y: int) -> str:
    return f"{x},{y}"


@dataclass(frozen=True, slots=True)
class Path:  # sab.path
    card: str
    x: int
    y: int
    rot: int = 0

    def __str__(self) -> str:
        return f"path:{self.card}:{_xy(self.x, self.y)}" + (":r" if self.rot else "")


@action_text("broken")
@dataclass(frozen=True, slots=True)
class Break:  # sab.tools
    card: str
    seat: int


@action_text("repair")
@dataclass(frozen=True, slots=True)
class Repair:  # sab.repair
    card: str
    seat: int
    tool: str


@action_text("map")
@dataclass(frozen=True, slots=True)
class Map:  # sab.map
    card: str
    goal: int


@dataclass(frozen=True, slots=True)
class Rockfall:  # sab.rockfall
    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"rockfall:{self.card}:{_xy(self.x, self.y)}"


@action_text("discard")
@dataclass(frozen=True, slots=True)
class Discard:  # sab.turn
    card: str


@dataclass(frozen=True, slots=True)
class Dwarf:  # sab.dwarf.place
    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"dwarf:{self.card}:{_xy(self.x, self.y)}"


@dataclass(frozen=True, slots=True)
class Help:  # sab.dwarf.help: the asked seat gives 1 gold or not
    give: bool

    def __str__(self) -> str:
        return "help:yes" if self.give else "help:no"


@dataclass(frozen=True, slots=True)
class Stone:  # sab.goal: which way a reached stone goal is turned
    goal: int
    rot: int = 0

    def __str__(self) -> str:
        return f"stone:{self.goal}" + (":r" if self.rot else "")


@action_text("keep")
@dataclass(frozen=True, slots=True)
class Keep:  # sab.share: keep one nugget card of the offer
    value: int


# chance
@dataclass(frozen=True, slots=True)
class Layout:  # sab.layout: the goal cards at positions 0, 1, 2
    goals: tuple

    def __str__(self) -> str:
        return "goals:" + ",".join(self.goals)


@action_text("role")
@dataclass(frozen=True, slots=True)
class RoleCard:  # sab.roles: the next seat's role card
    role: str


@action_text("deal")
@dataclass(frozen=True, slots=True)
class Deal:  # sab.deal: the next hand card
    card: str


@action_text("draw")
@dataclass(frozen=True, slots=True)
class Draw:  # sab.turn: the card drawn after a play
    card: str


@action_text("nugget")
@dataclass(frozen=True, slots=True)
class Nugget:  # sab.share: a nugget card drawn for the finder
    value: int


CHANCE_TYPES = (Layout, RoleCard, Deal, Draw, Nugget)


# ---- text --------------------------------------------------------------------

def _flag(parts: list[str], i: int):
    """``:r`` at position i means turned; absent means upright; else invalid."""
    if len(parts) == i:
        return 0
    return 1 if parts[i] == "r" else None


def _int(text: str, lo: int, hi: int) -> int:
    v = int(text)
    if str(v) != text or not lo <= v <= hi:
        raise ValueError(text)
    return v


def _cell(text: str) -> tuple[int, int]:
    xs = text.split(",")
    if len(xs) != 2:
        raise ValueError(text)
    return _int(xs[0], -COORD, COORD), _int(xs[1], -COORD, COORD)


def parse_action(text: str):
    """The action whose canonical text is ``text``; else ``BadActionText``."""
    bad = BadActionText(
        _illegal("bad-text", "sab.turn", "That is not a move in Saboteur.",
                 text=str(text)[:40]), str(text)[:40])
    if not isinstance(text, str):
        raise bad
    parts = text.split(":")
    kind, k = parts[0], len(parts)
    try:
        if kind == "path" and k in (3, 4) and parts[1] in TUNNELS:
            rot = _flag(parts, 3)
            if rot is not None and not (rot and parts[1] in SYMMETRIC):
                return Path(parts[1], *_cell(parts[2]), rot)
        elif kind == "broken" and k == 3 and parts[1] in BROKEN:
            return Break(parts[1], _int(parts[2], 0, 9))
        elif kind == "repair" and k == 4 and parts[1] in REPAIRS and parts[3] in TOOLS:
            return Repair(parts[1], _int(parts[2], 0, 9), parts[3])
        elif kind == "map" and k == 3 and parts[1] == "MAP":
            return Map("MAP", _int(parts[2], 0, 2))
        elif kind == "rockfall" and k == 3 and parts[1] == "FALL":
            return Rockfall("FALL", *_cell(parts[2]))
        elif kind == "discard" and k == 2 and parts[1] in CARDS:
            return Discard(parts[1])
        elif kind == "dwarf" and k == 3 and parts[1] in CARDS:
            return Dwarf(parts[1], *_cell(parts[2]))
        elif kind == "help" and k == 2 and parts[1] in ("yes", "no"):
            return Help(parts[1] == "yes")
        elif kind == "stone" and k in (2, 3):
            rot = _flag(parts, 2)
            if rot is not None:
                return Stone(_int(parts[1], 0, 2), rot)
        elif kind == "keep" and k == 2:
            return Keep(_int(parts[1], 0, 3))
        elif kind == "goals" and k == 2 and tuple(parts[1].split(",")) in LAYOUTS:
            return Layout(tuple(parts[1].split(",")))
        elif kind == "role" and k == 2 and parts[1] in ("D", "S"):
            return RoleCard(parts[1])
        elif kind == "deal" and k == 2 and parts[1] in CARDS:
            return Deal(parts[1])
        elif kind == "draw" and k == 2 and parts[1] in CARDS:
            return Draw(parts[1])
        elif kind == "nugget" and k == 2:
            return Nugget(_int(parts[1], 0, 3))
    except ValueError:
        pass
    raise bad
