"""Potions Brew: the numbers of the rules, the state, and what it shows.

Cards are numbers 1..102 (``cards.CARD_TABLE``): each has an ingredient side
(``T`` Toadstool, ``M`` Mistletoe, ``S`` Snake poison, ``D`` Mandrake, ``L``
Spider leg, ``O`` Moonstone) and a recipe side (a code such as ``T2S1``).
This module holds the constants, :class:`PotState`, a fast ``replace`` for
it, and the small questions every other part asks of a state: the top cards
in front of a witch, the gathering rule they make, Spider leg and Moonstone,
whether a card fits a stack and whether a stack is complete.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, fields

from ...core.errors import Illegal
from ...core.game import CHANCE
from .cards import CARD_TABLE

INGREDIENTS = ("T", "M", "S", "D", "L", "O")
STRENGTH = ("T", "M", "S", "D")  # potions.strength: strongest first
SPIDER, MOON = "L", "O"
SLOTS = 6  # potions.setup: six recipes on the table
START_HAND = 4
MAX_STACKS = 5  # potions.cap
HAND_LIMIT = 8  # potions.handlimit
WIN_POINTS = 45  # potions.win
REARRANGE_FROM = 3  # potions.rearrange
MAX_RESHUFFLES = 2  # potions.reshuffle under the option ``short`` (rules 1's bound)
STALL_CARDS = 102  # potions.stall: a whole pass through the draw pile with no potion
POINTS = {2: 3, 3: 5, 4: 7, 5: 10}

CARDS = tuple(range(1, len(CARD_TABLE) + 1))
ING = {i + 1: ing for i, (ing, _rec) in enumerate(CARD_TABLE)}
REC = {i + 1: rec for i, (_ing, rec) in enumerate(CARD_TABLE)}


def recipe_counts(code: str) -> dict[str, int]:
    """``T2S1`` -> {"T": 2, "S": 1}."""
    return {code[i]: int(code[i + 1]) for i in range(0, len(code), 2)}


RECIPES = frozenset(REC.values())
NEEDS = {code: recipe_counts(code) for code in RECIPES}
VALUE = {code: POINTS[sum(NEEDS[code].values())] for code in RECIPES}
TOTAL = {code: sum(NEEDS[code].values()) for code in RECIPES}
SORTED = {code: "".join(sorted(k * v for k, v in NEEDS[code].items())) for code in RECIPES}


def points(card: int) -> int:
    return VALUE[REC[card]]


@dataclass(frozen=True, slots=True)
class PotState:
    n: int
    step: str  # deal gather keep blind give both moon act refill discard over
    turn: int  # the active witch
    turns: int  # turns begun before this one (round = turns // n + 1)
    hands: tuple[tuple[int, ...], ...]  # sorted
    stacks: tuple[tuple[tuple[int, ...], ...], ...]  # [seat][slot] bottom..top
    recipes: tuple[int | None, ...]  # the card lying recipe side up in each slot
    top: int | None  # the draw pile's top card (its recipe is public)
    pile: tuple[int, ...]  # the cards under it (sorted: their order is chance's)
    discard: tuple[int, ...]  # bottom..top, ingredient side up
    scores: tuple[int, ...]
    brewed: tuple[tuple[int, ...], ...]
    dealt: int = 0
    drawn: tuple[int, ...] = ()  # the cards of the gathering under way
    rule: str = ""  # gathering rule of this turn: "" (basic) or T M S D
    picker: int = -1  # the seat making the blind pick
    moon: tuple[tuple[int, int], ...] = ()  # (seat, card) waiting for a Moonstone answer
    need: tuple[str, ...] = ()  # p (draw pile), d (discard pile), r<slot> (new recipe)
    chance: str = ""  # card | order: chance acts next
    reshuffles: int = 0
    end: str = ""  # win | cards | stall
    short: bool = False  # option short: rules 1 (two reshuffles, no stall rule)
    stall: int = 0  # potions.stall: draw-pile cards drawn since the last potion


_NAMES = tuple(f.name for f in fields(PotState))
_VALUES = operator.attrgetter(*_NAMES)
_SETTERS = tuple(PotState.__dict__[name].__set__ for name in _NAMES)
_SETTER = dict(zip(_NAMES, _SETTERS))
_new = object.__new__


def replace(s: PotState, **changes) -> PotState:
    """``dataclasses.replace`` for PotState, about twice as fast (it is the
    engine's most frequent call in the bots' play-outs): the slot descriptors
    fill a fresh object without the frozen ``__init__``."""
    o = _new(PotState)
    for setter, value in zip(_SETTERS, _VALUES(s)):
        setter(o, value)
    for name, value in changes.items():
        _SETTER[name](o, value)
    return o


def to_act(s: PotState):
    """The seat to act, CHANCE, or None when the game is over."""
    if s.step == "over":
        return None
    if s.chance:
        return CHANCE
    if s.step == "blind":
        return s.picker
    if s.step == "moon":
        return s.moon[0][0]
    return s.turn


def _illegal(code: str, rule: str, message: str, **params) -> Illegal:
    return Illegal(code, rule, message, tuple((k, str(v)) for k, v in params.items()))


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _add(cards: tuple[int, ...], *more: int) -> tuple[int, ...]:
    return tuple(sorted(cards + more))


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def tops(s: PotState, seat: int) -> set[str]:
    """The ingredients fully visible on top of a witch's stacks."""
    return {ING[st[-1]] for st in s.stacks[seat] if st}


def strongest(top_set: set[str]) -> str:
    """potions.strength: Toadstool > Mistletoe > Snake poison > Mandrake."""
    for ing in STRENGTH:
        if ing in top_set:
            return ing
    return ""


def from_round_two(s: PotState) -> bool:
    """potions.round2: once every witch has had one turn."""
    return s.turns >= s.n


def has_spider(s: PotState, seat: int) -> bool:
    return from_round_two(s) and SPIDER in tops(s, seat)


def has_moon(s: PotState, seat: int) -> bool:
    """potions.moonstone: a visible Moonstone, unless a Spider leg is visible
    in front of the same witch."""
    if not from_round_two(s):
        return False
    t = tops(s, seat)
    return MOON in t and SPIDER not in t


def laid_count(s: PotState, seat: int) -> int:
    return sum(len(st) for st in s.stacks[seat])


def stack_count(s: PotState, seat: int) -> int:
    return sum(1 for st in s.stacks[seat] if st)


def receivers(s: PotState) -> list[int]:
    """potions.spider: the other witches who may be made to keep a card, in
    turn order from the active witch's left."""
    return [(s.turn + k) % s.n for k in range(1, s.n) if not has_spider(s, (s.turn + k) % s.n)]


def slot_of(s: PotState, p: int, card: int) -> int:
    """The recipe place where ``card`` lies in front of ``p``, or -1."""
    for slot, st in enumerate(s.stacks[p]):
        if card in st:
            return slot
    return -1


def _fits(stack: tuple[int, ...], recipe: int, card: int) -> bool:
    k = ING[card]
    need = NEEDS[REC[recipe]].get(k, 0)
    return need > 0 and sum(1 for c in stack if ING[c] == k) < need


def _complete(stack: tuple[int, ...], recipe: int) -> bool:
    code = REC[recipe]
    return len(stack) == TOTAL[code] and "".join(sorted(ING[c] for c in stack)) == SORTED[code]
