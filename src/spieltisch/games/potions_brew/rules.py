"""Potions Brew rules. Clause ids (``potions.*``) match docs/rules/potions-brew.md
and the rules panel (catalogue keys ``rules.potions.*``).

Cards are numbers 1..102 (``cards.CARD_TABLE``): each has an ingredient side
(``T`` Toadstool, ``M`` Mistletoe, ``S`` Snake poison, ``D`` Mandrake, ``L``
Spider leg, ``O`` Moonstone) and a recipe side (a code such as ``T2S1``).

The draw pile lies recipe side up, so its top card (``top``) is a known card
whose recipe everyone sees; the cards under it are an unordered set and a
chance outcome (``card:<n>``) turns up the next top card. A turn is a small
step machine: ``_advance`` draws what the gathering rule needs and stops at the
next decision (``step``) or chance event.

Why this size (~930 lines): the first version keeps the rules object whole,
because the six gathering rules and their Spider-leg and Moonstone
exceptions meet in one legality function. It is the next candidate for a
split by concern as Saboteur's (gathering, brewing, the bots' knowledge).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, fields

from ...core.action import action_text
from ...core.errors import BadActionText, Illegal
from ...core.game import CHANCE, Game, GameInfo, Outcome
from ...core.rng import Rng
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
MAX_RESHUFFLES = 2  # potions.reshuffle (DECIDED: so that every game ends)
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


# ---- actions -----------------------------------------------------------------

@action_text("keep")
@dataclass(frozen=True, slots=True)
class Keep:  # potions.draw: keep this one of the two drawn cards
    card: int


@action_text("pick")
@dataclass(frozen=True, slots=True)
class Pick:  # potions.blind: another witch picks a face-down card (1 or 2)
    pos: int


@dataclass(frozen=True, slots=True)
class Give:  # potions.mandrake: give this card to that seat, keep the other
    card: int
    seat: int

    def __str__(self) -> str:
        return f"give:{self.card}:{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Both:  # potions.spider_all: nobody may receive, so take both cards
    def __str__(self) -> str:
        return "both"


@dataclass(frozen=True, slots=True)
class Moon:  # potions.moonstone: swap the card just received with the discard top
    swap: bool

    def __str__(self) -> str:
        return "moon:yes" if self.swap else "moon:no"


@dataclass(frozen=True, slots=True)
class Lay:  # potions.lay
    card: int
    slot: int

    def __str__(self) -> str:
        return f"lay:{self.card}:{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Move:  # potions.rearrange
    card: int
    slot: int

    def __str__(self) -> str:
        return f"move:{self.card}:{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Pass:  # potions.lay: or pass
    def __str__(self) -> str:
        return "pass"


@action_text("discard")
@dataclass(frozen=True, slots=True)
class Discard:  # potions.handlimit
    card: int


@action_text("card")
@dataclass(frozen=True, slots=True)
class Card:  # chance: a card dealt, or the next top card of the draw pile
    card: int


@dataclass(frozen=True, slots=True)
class Order:  # chance: the two blind cards are mixed (swapped or not)
    swap: bool

    def __str__(self) -> str:
        return "order:21" if self.swap else "order:12"


PASS = Pass()
BOTH = Both()
_CARD = {c: Card(c) for c in CARDS}  # chance outcomes, built once


# ---- state -------------------------------------------------------------------

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
    end: str = ""  # win | cards


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


def _fits(stack: tuple[int, ...], recipe: int, card: int) -> bool:
    k = ING[card]
    need = NEEDS[REC[recipe]].get(k, 0)
    return need > 0 and sum(1 for c in stack if ING[c] == k) < need


def _complete(stack: tuple[int, ...], recipe: int) -> bool:
    code = REC[recipe]
    return len(stack) == TOTAL[code] and "".join(sorted(ING[c] for c in stack)) == SORTED[code]


class PotionsBrew(Game):
    info = GameInfo(
        id="potions_brew",
        title="Potions Brew",
        min_players=2,
        max_players=6,
        perfect_information=False,
        max_length=6000,
        rules_version=1,
        options=(),
    )

    # ---- setup ---------------------------------------------------------------
    def new_state(self, players: int, options: dict | None = None) -> PotState:
        self.check_players(players)
        self.normalize_options(options)
        return PotState(
            n=players, step="deal", turn=0, turns=0, hands=((),) * players,
            stacks=(((),) * SLOTS,) * players, recipes=(None,) * SLOTS, top=None,
            pile=CARDS, discard=(), scores=(0,) * players, brewed=((),) * players,
            chance="card",
        )

    def num_players(self, s: PotState) -> int:
        return s.n

    # ---- flow ----------------------------------------------------------------
    def current_player(self, s: PotState):
        if s.step == "over":
            return None
        if s.chance:
            return CHANCE
        if s.step == "blind":
            return s.picker
        if s.step == "moon":
            return s.moon[0][0]
        return s.turn

    def chance_outcomes(self, s: PotState):
        if s.chance == "card":
            return [(_CARD[c], 1) for c in s.pile]
        if s.chance == "order":
            return [(Order(False), 1), (Order(True), 1)]
        return []

    def legal_actions(self, s: PotState, player: int | None = None):
        cur = self.current_player(s)
        if cur is None or cur == CHANCE or (player is not None and player != cur):
            return []
        step = s.step
        if step == "keep":
            return [Keep(c) for c in s.drawn]
        if step == "blind":
            return [Pick(1), Pick(2)]
        if step == "give":
            return [Give(c, r) for c in s.drawn for r in receivers(s)]
        if step == "both":
            return [BOTH]
        if step == "moon":
            return [Moon(True), Moon(False)]
        if step == "discard":
            return [Discard(c) for c in s.hands[cur]]
        if step == "act":
            return self._act_actions(s, cur)
        return []

    def _act_actions(self, s: PotState, p: int, sensible: bool = False) -> list:
        """Lays, moves and pass; ``sensible``: only the moves that brew or take
        a Toadstool or Mistletoe off the top of a stack (for the bots)."""
        acts: list = []
        mine = s.stacks[p]
        full = stack_count(s, p) >= MAX_STACKS
        room: list = []  # per slot: what the recipe still needs from p, or None
        for slot in range(SLOTS):
            r = s.recipes[slot]
            if r is None or (full and not mine[slot]):
                room.append(None)
                continue
            need = dict(NEEDS[REC[r]])
            for c in mine[slot]:
                need[ING[c]] -= 1
            room.append(need)
        for c in s.hands[p]:
            k = ING[c]
            for slot in range(SLOTS):
                left = room[slot]
                if left is not None and left.get(k, 0) > 0:
                    acts.append(Lay(c, slot))
        if laid_count(s, p) >= REARRANGE_FROM:
            for src in range(SLOTS):
                for c in mine[src]:
                    lift = ING[c] in ("T", "M") and mine[src][-1] == c
                    for slot in range(SLOTS):
                        if sensible and not lift and (
                                s.recipes[slot] is None
                                or len(mine[slot]) + 1 != TOTAL[REC[s.recipes[slot]]]
                                or not _complete(mine[slot] + (c,), s.recipes[slot])):
                            continue
                        if self._move_problem(s, p, c, src, slot) is None:
                            acts.append(Move(c, slot))
        acts.append(PASS)
        return acts

    def _move_problem(self, s: PotState, p: int, card: int, src: int, slot: int) -> Illegal | None:
        mine = s.stacks[p]
        if slot == src:
            return _illegal("same-recipe", "potions.rearrange",
                            "Move the ingredient to another recipe.")
        r = s.recipes[slot]
        if r is None:
            return _illegal("no-recipe", "potions.lay", "There is no recipe in that place.")
        if not _fits(mine[slot], r, card):
            return _illegal("not-needed", "potions.lay",
                            "That recipe does not need this ingredient (any more).", card=card)
        if not mine[slot]:
            after = stack_count(s, p) + 1 - (1 if len(mine[src]) == 1 else 0)
            if after > MAX_STACKS:
                return _illegal("five-recipes", "potions.cap",
                                "You already collect for 5 recipes.")
        return None

    def check(self, s: PotState, player: int, a):
        cur = self.current_player(s)
        if cur is None:
            return _illegal("game-over", "potions.win", "The game is over.")
        if isinstance(a, (Card, Order)):
            if player != CHANCE or cur != CHANCE:
                return _illegal("not-a-move", "core.chance", "Turning up cards is not a player's move.")
            if all(a != o for o, _ in self.chance_outcomes(s)):
                return _illegal("impossible-outcome", "core.chance", "That cannot happen now.")
            return None
        if cur == CHANCE:
            return _illegal("chance-to-act", "core.chance", "The cards are still being turned up.")
        if player != cur:
            if s.step == "blind":
                return _illegal("not-your-pick", "potions.blind",
                                "Another witch makes the blind pick now.", seat=cur)
            if s.step == "moon":
                return _illegal("not-your-moon", "potions.moonstone",
                                "Another witch decides about her Moonstone swap now.", seat=cur)
            return _illegal("not-your-turn", "potions.turn", "It is not your turn.", seat=cur)
        step = s.step
        expected = {"keep": Keep, "blind": Pick, "give": Give, "both": Both, "moon": Moon,
                    "discard": Discard}
        if step in expected and not isinstance(a, expected[step]):
            return self._wrong_step(step)
        if step == "act" and not isinstance(a, (Lay, Move, Pass)):
            return _illegal("now-act", "potions.lay",
                            "Now lay an ingredient, rearrange one, or pass.")
        if isinstance(a, Keep):
            if a.card not in s.drawn:
                return _illegal("not-drawn", "potions.draw", "Keep one of the two cards you drew.")
            return None
        if isinstance(a, Pick):  # parse_action admits card 1 or 2 only
            return None
        if isinstance(a, Give):
            if a.card not in s.drawn:
                return _illegal("not-drawn", "potions.draw", "Give one of the two cards you drew.")
            if a.seat == s.turn or not (0 <= a.seat < s.n):
                return _illegal("give-self", "potions.mandrake", "Give the card to another witch.")
            if has_spider(s, a.seat):
                return _illegal("spider-protects", "potions.spider",
                                "That witch shows a Spider leg: she cannot be given a card to keep.",
                                seat=a.seat)
            return None
        if isinstance(a, (Both, Moon)):
            return None
        if isinstance(a, Discard):
            if a.card not in s.hands[player]:
                return _illegal("not-in-hand", "potions.turn", "That card is not in your hand.",
                                card=a.card)
            return None
        if isinstance(a, Pass):
            return None
        if isinstance(a, Lay):
            if a.card not in s.hands[player]:
                return _illegal("not-in-hand", "potions.turn", "That card is not in your hand.",
                                card=a.card)
            r = s.recipes[a.slot] if 0 <= a.slot < SLOTS else None
            if r is None:
                return _illegal("no-recipe", "potions.lay", "There is no recipe in that place.")
            mine = s.stacks[player][a.slot]
            if not _fits(mine, r, a.card):
                return _illegal("not-needed", "potions.lay",
                                "That recipe does not need this ingredient (any more).", card=a.card)
            if not mine and stack_count(s, player) >= MAX_STACKS:
                return _illegal("five-recipes", "potions.cap", "You already collect for 5 recipes.")
            return None
        if isinstance(a, Move):
            if laid_count(s, player) < REARRANGE_FROM:
                return _illegal("too-few-laid", "potions.rearrange",
                                "You may rearrange only with at least 3 ingredients laid out.")
            src = self._slot_of(s, player, a.card)
            if src < 0:
                return _illegal("not-laid", "potions.rearrange",
                                "That is not one of your laid-out ingredients.", card=a.card)
            if not 0 <= a.slot < SLOTS:
                return _illegal("no-recipe", "potions.lay", "There is no recipe in that place.")
            return self._move_problem(s, player, a.card, src, a.slot)
        return _illegal("unknown-action", "potions.turn", "That is not a move in this game.")

    @staticmethod
    def _wrong_step(step: str) -> Illegal:
        return {
            "keep": _illegal("now-keep", "potions.draw", "First keep one of the two cards you drew."),
            "blind": _illegal("now-pick", "potions.blind", "First pick one of the two face-down cards."),
            "give": _illegal("now-give", "potions.mandrake",
                             "First give one of the two cards to another witch."),
            "both": _illegal("now-both", "potions.spider_all",
                             "First take both cards: no witch may receive one."),
            "moon": _illegal("now-moon", "potions.moonstone",
                             "First say whether you swap with the discard pile."),
            "discard": _illegal("now-discard", "potions.handlimit",
                                "First discard down to 8 cards."),
        }[step]

    @staticmethod
    def _slot_of(s: PotState, p: int, card: int) -> int:
        for slot, st in enumerate(s.stacks[p]):
            if card in st:
                return slot
        return -1

    # ---- applying ------------------------------------------------------------
    def apply_unchecked(self, s: PotState, a) -> PotState:
        if isinstance(a, Card):
            return self._card(s, a.card)
        if isinstance(a, Order):
            drawn = s.drawn[::-1] if a.swap else s.drawn
            return replace(s, drawn=drawn, chance="")
        p = self.current_player(s)
        if isinstance(a, Keep):
            other = [c for c in s.drawn if c != a.card] or [a.card]
            if len(s.drawn) > 1:
                s = replace(s, discard=s.discard + (other[0],))
            s = replace(s, hands=_set(s.hands, p, _add(s.hands[p], a.card)), drawn=())
            return self._received(s, [(p, a.card)])
        if isinstance(a, Pick):
            chosen = s.drawn[a.pos - 1]
            other = s.drawn[2 - a.pos]
            t = s.turn
            hands = _set(s.hands, t, _add(s.hands[t], other))
            if s.rule == "T":  # potions.toadstool: the picker keeps it
                hands = _set(hands, p, _add(hands[p], chosen))
                s = replace(s, hands=hands, drawn=(), picker=-1)
                return self._received(s, [(p, chosen), (t, other)])
            # potions.mistletoe / potions.snake: the picked card is discarded
            s = replace(s, hands=hands, discard=s.discard + (chosen,), drawn=(), picker=-1)
            return self._received(s, [(t, other)])
        if isinstance(a, Give):
            other = next(c for c in s.drawn if c != a.card)
            hands = _set(s.hands, a.seat, _add(s.hands[a.seat], a.card))
            hands = _set(hands, p, _add(hands[p], other))
            return self._received(replace(s, hands=hands, drawn=()),
                                  [(a.seat, a.card), (p, other)])
        if isinstance(a, Both):
            hands = _set(s.hands, p, _add(s.hands[p], *s.drawn))
            got = [(p, c) for c in s.drawn]
            return self._received(replace(s, hands=hands, drawn=()), got)
        if isinstance(a, Moon):
            seat, card = s.moon[0]
            if a.swap:
                old = s.discard[-1]
                hand = _add(_remove(s.hands[seat], card), old)
                s = replace(s, hands=_set(s.hands, seat, hand), discard=s.discard[:-1] + (card,))
            return self._next_moon(replace(s, moon=s.moon[1:]))
        if isinstance(a, Lay):
            hands = _set(s.hands, p, _remove(s.hands[p], a.card))
            mine = s.stacks[p]
            mine = _set(mine, a.slot, mine[a.slot] + (a.card,))
            s = replace(s, hands=hands, stacks=_set(s.stacks, p, mine))
            return self._after_lay(s, p, a.slot)
        if isinstance(a, Move):
            src = self._slot_of(s, p, a.card)
            mine = s.stacks[p]
            mine = _set(mine, src, _remove(mine[src], a.card))
            mine = _set(mine, a.slot, mine[a.slot] + (a.card,))
            s = replace(s, stacks=_set(s.stacks, p, mine))
            return self._after_lay(s, p, a.slot)
        if isinstance(a, Pass):
            return self._end_turn(s)
        if isinstance(a, Discard):
            s = replace(s, hands=_set(s.hands, p, _remove(s.hands[p], a.card)),
                        discard=s.discard + (a.card,))
            return self._end_turn(s)
        raise TypeError(f"not a Potions Brew action: {a!r}")

    def _card(self, s: PotState, card: int) -> PotState:
        pile = _remove(s.pile, card)
        if s.step == "deal":  # potions.setup
            k, n = s.dealt, s.n
            s = replace(s, pile=pile, dealt=k + 1)
            if k < START_HAND * n:
                seat = k % n
                return replace(s, hands=_set(s.hands, seat, _add(s.hands[seat], card)))
            if k < START_HAND * n + SLOTS:
                return replace(s, recipes=_set(s.recipes, k - START_HAND * n, card))
            if k == START_HAND * n + SLOTS:
                return replace(s, discard=(card,))
            return self._start_turn(replace(s, top=card, chance=""))
        return self._advance(replace(s, top=card, pile=pile, chance=""))

    def _take_top(self, s: PotState) -> tuple[PotState, int]:
        card = s.top
        return replace(s, top=None, chance="card" if s.pile else ""), card

    def _advance(self, s: PotState) -> PotState:
        """Draw what the turn needs, then stop at the next decision."""
        while s.need:
            if s.chance:
                return s
            src = s.need[0]
            if src == "d" and s.discard:  # potions.snake / potions.mandrake
                s = replace(s, drawn=s.drawn + (s.discard[-1],), discard=s.discard[:-1],
                            need=s.need[1:])
                continue
            if s.top is None:  # potions.reshuffle
                if len(s.discard) >= 2 and s.reshuffles < MAX_RESHUFFLES:
                    return replace(s, pile=tuple(sorted(s.discard[:-1])), discard=s.discard[-1:],
                                   reshuffles=s.reshuffles + 1, chance="card")
                return self._over(s, "cards")  # potions.cards_out
            s, card = self._take_top(s)
            if src.startswith("r"):  # potions.brew: a new recipe from the draw pile
                s = replace(s, recipes=_set(s.recipes, int(src[1:]), card), need=s.need[1:])
            else:
                s = replace(s, drawn=s.drawn + (card,), need=s.need[1:])
        if s.chance:
            return s
        if s.step == "refill":
            return self._end_turn(s)
        if s.step != "gather":
            return s
        rule = s.rule
        if rule == "":
            return replace(s, step="keep")
        if rule == "T":
            who = receivers(s)
            if not who:  # potions.spider_all
                return replace(s, step="both")
            return replace(s, step="blind", picker=who[0], chance="order")
        if rule in ("M", "S"):  # the card is set down: any witch may pick
            return replace(s, step="blind", picker=(s.turn + 1) % s.n, chance="order")
        if not receivers(s):  # potions.spider_all (Mandrake)
            return replace(s, step="both")
        return replace(s, step="give")

    def _received(self, s: PotState, got: list[tuple[int, int]]) -> PotState:
        """potions.moonstone: each witch with a visible Moonstone (and no
        Spider leg) may swap a card she got with the discard pile's top;
        the others' cards first, the active witch's last."""
        got = sorted(got, key=lambda sc: sc[0] == s.turn)
        queue = tuple((seat, card) for seat, card in got if has_moon(s, seat))
        return self._next_moon(replace(s, moon=queue, step="moon"))

    def _next_moon(self, s: PotState) -> PotState:
        moon = s.moon
        while moon and (not s.discard or moon[0][1] not in s.hands[moon[0][0]]):
            moon = moon[1:]
        if moon:
            return replace(s, moon=moon, step="moon")
        return replace(s, moon=(), step="act")

    def _after_lay(self, s: PotState, p: int, slot: int) -> PotState:
        stack = s.stacks[p][slot]
        recipe = s.recipes[slot]
        if not _complete(stack, recipe):
            return self._end_turn(s)
        # potions.brew: discard the ingredients, take the recipe, score
        scores = _set(s.scores, p, s.scores[p] + points(recipe))
        stacks = s.stacks
        hands = s.hands
        for seat in range(s.n):
            st = stacks[seat][slot]
            if st and seat != p:  # potions.stacks: others' stacks go back to hand
                hands = _set(hands, seat, _add(hands[seat], *st))
            stacks = _set(stacks, seat, _set(stacks[seat], slot, ()))
        s = replace(s, scores=scores, stacks=stacks, hands=hands, discard=s.discard + stack,
                    brewed=_set(s.brewed, p, s.brewed[p] + (recipe,)),
                    recipes=_set(s.recipes, slot, None))
        if scores[p] >= WIN_POINTS:  # potions.win
            return self._over(s, "win")
        return self._advance(replace(s, step="refill", need=(f"r{slot}",)))

    def _end_turn(self, s: PotState) -> PotState:
        p = s.turn
        if len(s.hands[p]) > HAND_LIMIT:  # potions.handlimit
            return replace(s, step="discard")
        return self._start_turn(replace(s, turn=(p + 1) % s.n, turns=s.turns + 1))

    def _start_turn(self, s: PotState) -> PotState:
        rule = strongest(tops(s, s.turn)) if from_round_two(s) else ""
        need = ("p", "d") if rule in ("S", "D") else ("p", "p")
        return self._advance(replace(s, step="gather", rule=rule, need=need, drawn=(),
                                     picker=-1, moon=()))

    def _over(self, s: PotState, why: str) -> PotState:
        return replace(s, step="over", end=why, chance="", need=())

    # ---- end -----------------------------------------------------------------
    def outcome(self, s: PotState):
        if s.step != "over":
            return None
        best = max(s.scores)
        if s.end == "win":
            winners = tuple(i for i in range(s.n) if s.scores[i] >= WIN_POINTS)
        else:
            winners = tuple(i for i in range(s.n) if s.scores[i] == best)
        return Outcome(scores=s.scores, winners=winners, reason=f"potions_brew.end.{s.end}",
                       details=(("brewed", [len(b) for b in s.brewed]),))

    # ---- text ----------------------------------------------------------------
    def parse_action(self, text: str):
        if isinstance(text, str):
            parts = text.split(":")  # only the canonical text parses (docs/engine.md)
            kind, k = parts[0], len(parts)
            nums = [_int(x) for x in parts[1:]]
            card = nums[0] if nums and nums[0] in ING else None
            if kind == "pass" and k == 1:
                return PASS
            if kind == "both" and k == 1:
                return BOTH
            if kind == "moon" and k == 2 and parts[1] in ("yes", "no"):
                return Moon(parts[1] == "yes")
            if kind == "order" and k == 2 and parts[1] in ("12", "21"):
                return Order(parts[1] == "21")
            if kind == "pick" and k == 2 and parts[1] in ("1", "2"):
                return Pick(int(parts[1]))
            if card is not None and k == 2:
                if kind == "keep":
                    return Keep(card)
                if kind == "discard":
                    return Discard(card)
                if kind == "card":
                    return Card(card)
            if card is not None and k == 3 and nums[1] is not None:
                if kind == "give" and 1 <= nums[1] <= 6:
                    return Give(card, nums[1] - 1)
                if kind in ("lay", "move") and 1 <= nums[1] <= SLOTS:
                    return (Lay if kind == "lay" else Move)(card, nums[1] - 1)
        shown = text[:40] if isinstance(text, str) else repr(text)[:40]
        raise BadActionText(
            _illegal("bad-text", "potions.turn", "That is not a move in Potions Brew.", text=shown),
            shown)

    def state_to_json(self, s: PotState) -> dict:
        return {
            "n": s.n, "step": s.step, "turn": s.turn, "turns": s.turns,
            "hands": [list(h) for h in s.hands],
            "stacks": [[list(st) for st in seat] for seat in s.stacks],
            "recipes": list(s.recipes), "top": s.top, "pile": list(s.pile),
            "discard": list(s.discard), "scores": list(s.scores),
            "brewed": [list(b) for b in s.brewed], "dealt": s.dealt, "drawn": list(s.drawn),
            "rule": s.rule, "picker": s.picker, "moon": [list(m) for m in s.moon],
            "need": list(s.need), "chance": s.chance, "reshuffles": s.reshuffles, "end": s.end,
        }

    def state_from_json(self, d: dict) -> PotState:
        t = lambda xs: tuple(tuple(x) for x in xs)
        return PotState(
            n=d["n"], step=d["step"], turn=d["turn"], turns=d["turns"], hands=t(d["hands"]),
            stacks=tuple(t(seat) for seat in d["stacks"]), recipes=tuple(d["recipes"]),
            top=d["top"], pile=tuple(d["pile"]), discard=tuple(d["discard"]),
            scores=tuple(d["scores"]), brewed=t(d["brewed"]), dealt=d["dealt"],
            drawn=tuple(d["drawn"]), rule=d["rule"], picker=d["picker"], moon=t(d["moon"]),
            need=tuple(d["need"]), chance=d["chance"], reshuffles=d["reshuffles"], end=d["end"],
        )

    # ---- information -----------------------------------------------------------
    @staticmethod
    def sees_drawn(s: PotState, viewer: int | None) -> bool:
        """potions.hidden: the active witch looks at her two cards under the
        basic rule and Mandrake; blind cards (Toadstool, Mistletoe, Snake
        poison) are seen by nobody until they land."""
        return viewer is not None and viewer == s.turn and s.rule in ("", "D") and s.step != "blind"

    def view(self, s: PotState, viewer: int | None) -> dict:
        """potions.hidden: you see the ingredient sides of your hand and the
        recipe sides of the others' hands; the recipes on the table and the
        draw pile's top show recipe sides; laid-out and discarded cards show
        ingredient sides (and are known cards); blind cards are hidden."""
        me = viewer
        see = self.sees_drawn(s, me)
        return {
            "game": self.info.id,
            "players": s.n,
            "viewer": me,
            "step": s.step,
            "to_move": self.current_player(s),
            "turn": s.turn,
            "turns": s.turns,
            "round": s.turns // s.n + 1,
            "rule": s.rule,
            "picker": s.picker,
            "hand": list(s.hands[me]) if me is not None else None,
            "hands": [sorted(REC[c] for c in h) for h in s.hands],
            "stacks": [[list(st) for st in seat] for seat in s.stacks],
            "recipes": [REC[r] if r is not None else None for r in s.recipes],
            "top": REC[s.top] if s.top is not None else None,
            "pile_size": len(s.pile),
            "discard": list(s.discard),
            "scores": list(s.scores),
            "brewed": [[REC[c] for c in b] for b in s.brewed],
            "dealt": s.dealt,
            "drawn": list(s.drawn) if see else sorted(REC[c] for c in s.drawn),
            "drawn_seen": see,
            "moon": [[seat, card if seat == me else REC[card]] for seat, card in s.moon],
            "need": list(s.need),
            "chance": s.chance,
            "reshuffles": s.reshuffles,
            "end": s.end,
        }

    def determinize(self, view: dict, viewer: int, rng: Rng) -> PotState:
        if view.get("viewer") != viewer or viewer is None:
            raise ValueError("determinize needs the view of the seat it samples for")
        n = view["players"]
        hand = tuple(view["hand"])
        stacks = tuple(tuple(tuple(st) for st in seat) for seat in view["stacks"])
        discard = tuple(view["discard"])
        known = set(hand) | set(discard) | {c for seat in stacks for st in seat for c in st}
        if view["drawn_seen"]:
            known |= set(view["drawn"])
        by_recipe: dict[str, list[int]] = {}
        for c in CARDS:
            if c not in known:
                by_recipe.setdefault(REC[c], []).append(c)
        for code in sorted(by_recipe):
            rng.shuffle(by_recipe[code])

        def take(code: str) -> int:
            return by_recipe[code].pop()

        hands = []
        for i in range(n):
            if i == viewer:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(take(code) for code in view["hands"][i])))
        moon = []
        for seat, card in view["moon"]:
            if seat != viewer:
                used = {c for s_, c in moon if s_ == seat}
                card = next(c for c in hands[seat] if REC[c] == card and c not in used)
            moon.append((seat, card))
        if view["drawn_seen"]:
            drawn = tuple(view["drawn"])
        else:
            drawn = [take(code) for code in view["drawn"]]
            rng.shuffle(drawn)
            drawn = tuple(drawn)
        top = take(view["top"]) if view["top"] is not None else None
        recipes = tuple(take(code) if code is not None else None for code in view["recipes"])
        brewed = tuple(tuple(take(code) for code in b) for b in view["brewed"])
        pile = tuple(sorted(c for cs in by_recipe.values() for c in cs))
        return PotState(
            n=n, step=view["step"], turn=view["turn"], turns=view["turns"],
            hands=tuple(hands), stacks=stacks, recipes=recipes, top=top, pile=pile,
            discard=discard, scores=tuple(view["scores"]), brewed=brewed, dealt=view["dealt"],
            drawn=drawn, rule=view["rule"], picker=view["picker"], moon=tuple(moon),
            need=tuple(view["need"]), chance=view["chance"], reshuffles=view["reshuffles"],
            end=view["end"],
        )

    def reveals(self, s: PotState, a) -> bool:
        """Everything but rearranging and passing shows a card to someone."""
        return not isinstance(a, (Move, Pass))

    def describe(self, s: PotState, player: int, a, viewer: int | None):
        key = "potions_brew.log."
        t = s.turn
        if isinstance(a, Card):
            if s.step == "deal" and START_HAND * s.n <= s.dealt < START_HAND * s.n + SLOTS:
                return (key + "recipe", {"recipe": REC[a.card]})
            if s.step == "deal" and s.dealt == START_HAND * s.n + SLOTS:
                return (key + "first_discard", {"card": a.card})
            return None
        if isinstance(a, Order):
            return None
        rule = s.rule or "basic"
        if isinstance(a, Keep):
            other = [c for c in s.drawn if c != a.card]
            return (key + "keep", {"seat": t, "card": other[0] if other else a.card, "rule": rule})
        if isinstance(a, Pick):
            chosen = s.drawn[a.pos - 1]
            if s.rule == "T":
                return (key + "pick_keep", {"picker": player, "seat": t, "rule": rule})
            return (key + "pick_discard", {"picker": player, "seat": t, "card": chosen, "rule": rule})
        if isinstance(a, Give):
            if viewer in (t, a.seat):
                return (key + "give_seen", {"seat": t, "to": a.seat, "card": a.card, "rule": rule})
            return (key + "give", {"seat": t, "to": a.seat, "recipe": REC[a.card], "rule": rule})
        if isinstance(a, Both):
            return (key + "both", {"seat": t, "rule": rule})
        if isinstance(a, Moon):
            seat, card = s.moon[0]
            if a.swap:
                return (key + "moon_swap", {"seat": seat, "card": card, "took": s.discard[-1]})
            return (key + "moon_keep", {"seat": seat})
        if isinstance(a, (Lay, Move)):
            recipe = s.recipes[a.slot]
            stack = s.stacks[t][a.slot] + (a.card,)
            kind = "lay" if isinstance(a, Lay) else "move"
            if _complete(stack, recipe):
                return (key + kind + "_brew", {"seat": t, "card": a.card, "recipe": REC[recipe],
                                               "points": points(recipe)})
            return (key + kind, {"seat": t, "card": a.card, "recipe": REC[recipe]})
        if isinstance(a, Pass):
            return (key + "pass", {"seat": t})
        if isinstance(a, Discard):
            return (key + "discard", {"seat": t, "card": a.card})
        return None

    # ---- bots ----------------------------------------------------------------
    def sensible_actions(self, s: PotState, player: int):
        """Lay what fits, brew by a move, pass; discard cards no stack or
        recipe of the table can use first; the rest of the decisions all."""
        if s.step == "act" and self.current_player(s) == player:
            good = self._act_actions(s, player, sensible=True)
            return good if len(good) > 1 else self.legal_actions(s, player)
        acts = self.legal_actions(s, player)
        if s.step == "discard":
            useless = [a for a in acts if self._use(s, player, a.card) == 0]
            return useless or acts
        return acts

    def _move_brews(self, s: PotState, p: int, a: Move) -> bool:
        stack = s.stacks[p][a.slot] + (a.card,)
        return _complete(stack, s.recipes[a.slot])

    def _use(self, s: PotState, p: int, card: int) -> int:
        """How many recipe places on the table could take this card for ``p``."""
        return sum(1 for slot, r in enumerate(s.recipes)
                   if r is not None and _fits(s.stacks[p][slot], r, card))

    def heuristic(self, s: PotState, player: int) -> float:
        """The witch's standing against the best other witch: points, stacks
        weighted by how near they are to brewing (with the hand's cards that
        fill them), and the gathering rule her own top cards make for her
        next turn (potions.strength) -- the hard bot's search sees these
        through its play-outs and plans its top cards around them."""
        cached = self._worth_cache
        if cached[0] is s:
            est = cached[1]
        else:
            est = [self._worth(s, i) for i in range(s.n)]
            self._worth_cache = (s, est)
        mine = est[player]
        best_other = max(e for i, e in enumerate(est) if i != player)
        gap = mine - best_other
        return 1.0 / (1.0 + pow(2.718281828, -gap / 5.0))

    _worth_cache: tuple = (None, None)

    def _worth(self, s: PotState, seat: int) -> float:
        value = float(s.scores[seat])
        hand: dict[str, int] = {}
        for c in s.hands[seat]:
            k = ING[c]
            hand[k] = hand.get(k, 0) + 1
        for slot, st in enumerate(s.stacks[seat]):
            r = s.recipes[slot]
            if not st or r is None:
                continue
            code = REC[r]
            need = NEEDS[code]
            total = TOTAL[code]
            have: dict[str, int] = {}
            for c in st:
                k = ING[c]
                have[k] = have.get(k, 0) + 1
            covered = 0
            for k, v in need.items():
                miss = v - have.get(k, 0)
                if miss > 0:
                    covered += min(miss, hand.get(k, 0))
            done = (len(st) + 0.6 * covered) / total
            value += VALUE[code] * done * done * 0.85
        value += 0.25 * min(len(s.hands[seat]), HAND_LIMIT)
        t = {ING[st[-1]] for st in s.stacks[seat] if st}
        value += RULE_WORTH[strongest(t)]
        if MOON in t and SPIDER not in t:
            value += 0.4
        return value


RULE_WORTH = {"T": -2.0, "M": -0.8, "S": -0.4, "D": 0.4, "": 0.0}


def _int(text: str) -> int | None:
    if text.isdigit() and text == str(int(text)):
        return int(text)
    return None


GAME = PotionsBrew()
