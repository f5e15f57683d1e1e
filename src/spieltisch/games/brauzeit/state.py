"""Brauzeit state and actions: constants, the action values, ``BrauState``
and the cauldron helpers (pure functions on one cauldron).

A cauldron is ``None`` (empty) or a tuple ``(potion id, filled, magic)``
where ``filled`` and ``magic`` follow the potion's recipe order; magic per
ingredient is 0 (nothing), 1 (a wizard waits) or 2 (enchanted).
Dice are three tuples of faces (``None`` = taken, or not rolled yet):
quantity ``"1".."5"`` and ``"*"`` (the ★), ingredient letters, wizard letters.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.action import action_text
from ...core.errors import Illegal
from .data import HERO_IDS, HEROES_EACH, INGREDIENTS, POTION_IDS, POTIONS

CAULDRONS = 6
STAR = "*"
QTY_FACES = ("1", "2", "3", "4", "5", STAR)  # brau.dice: the ★ replaces the 6
CLOCKS = {"short": 48, "long": 72}  # brau.clock (solo too: the seed wins over spec DECIDED 7)
STAR_MAX = 6
WAIT, DONE = 1, 2  # magic states of an ingredient

_ING_SET = frozenset(INGREDIENTS)
_POTION_SET = frozenset(POTION_IDS)
_HERO_SET = frozenset(HERO_IDS)


def wizard_dice(n: int) -> int:
    """brau.dice: one wizard die alone or with two, two with 3–4, three with 5–6."""
    return 1 if n <= 2 else 2 if n <= 4 else 3


def letter_cap(n: int) -> int:
    """brau.pass: at most 3 apprentice letters (4 with two brewers)."""
    return 4 if n == 2 else 3


def mage_cost(n: int) -> int:
    """brau.archmage: 3 letters hire the Archmage (4 with two brewers)."""
    return 4 if n == 2 else 3


def clock_steps(n: int, clock: str) -> int:
    """brau.clock: 48 / 72 rolls for every number of brewers (solo included),
    rounded up to full rounds."""
    base = CLOCKS[clock]
    return -(-base // n) * n


def length_bound(n: int, clock: str = "long") -> int:
    """An upper bound on log entries (chance included) of one game."""
    t = clock_steps(n, clock)
    dice = 2 * n + wizard_dice(n)
    picks = t * n
    hires = picks // mage_cost(n)
    setup = CAULDRONS * n + HEROES_EACH * n
    rerolls = t * letter_cap(n) * (dice + 1)  # the active brewer holds <= cap letters
    finishes = picks + hires  # each brings at most one choice of a new potion
    last = n * (1 + 2 * (letter_cap(n) // mage_cost(n) + 1))  # brau.last: done, hires, uses
    return setup + t * dice + picks + rerolls + 2 * hires + finishes + len(HERO_IDS) + 2 * last


# ---- actions -----------------------------------------------------------------

@action_text("potion")
@dataclass(frozen=True, slots=True)
class DealPotion:  # chance: the starting potion of the next cauldron (brau.setup)
    potion: str


@action_text("hero")
@dataclass(frozen=True, slots=True)
class DealHero:  # chance: the next hero from the waiting heroes (brau.heroes)
    hero: str


@dataclass(frozen=True, slots=True)
class Roll:  # chance: one die (kind q / i / w, 0-based index) shows a face
    kind: str
    index: int
    face: str

    def __str__(self) -> str:
        return f"roll:{self.kind}{self.index + 1}:{self.face}"


@dataclass(frozen=True, slots=True)
class Take:  # brau.pair: quantity die + ingredient die into one cauldron
    qty: int
    ing: int
    cauldron: int

    def __str__(self) -> str:
        return f"take:q{self.qty + 1}:i{self.ing + 1}:{self.cauldron + 1}"


@dataclass(frozen=True, slots=True)
class Wizard:  # brau.wizard: a wizard die onto one cauldron
    die: int
    cauldron: int

    def __str__(self) -> str:
        return f"wizard:w{self.die + 1}:{self.cauldron + 1}"


@dataclass(frozen=True, slots=True)
class Pass:  # brau.pass: take nothing (a letter)
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Done:  # brau.last: no more use for the Archmage after the last roll
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Reroll:  # brau.reroll: a letter for a new roll
    def __str__(self) -> str:
        return "reroll"


@dataclass(frozen=True, slots=True)
class Hire:  # brau.archmage: letters for the Archmage
    def __str__(self) -> str:
        return "hire"


@dataclass(frozen=True, slots=True)
class MageFill:  # brau.archmage: fill one ingredient of a cauldron
    cauldron: int
    ingredient: str

    def __str__(self) -> str:
        return f"mage:fill:{self.cauldron + 1}:{self.ingredient}"


@dataclass(frozen=True, slots=True)
class MageEnchant:  # brau.archmage: enchant one fully delivered ingredient
    cauldron: int
    ingredient: str

    def __str__(self) -> str:
        return f"mage:enchant:{self.cauldron + 1}:{self.ingredient}"


@dataclass(frozen=True, slots=True)
class Brew:  # brau.brew: a potion of your choice for the emptied cauldron
    cauldron: int
    potion: str

    def __str__(self) -> str:
        return f"brew:{self.cauldron + 1}:{self.potion}"


PASS, REROLL, HIRE, DONE_ACT = Pass(), Reroll(), Hire(), Done()
_CHANCE_TYPES = (DealPotion, DealHero, Roll)


# ---- state -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BrauState:
    n: int
    heroes_on: bool
    clock_total: int  # rolls in the whole game (brau.clock)
    rolls_left: int  # rolls still to come; the roll under way is already counted
    phase: str  # setup | roll | pick | hero | brew | last | over
    step: int  # setup: things dealt; roll: dice rolled
    active: int  # the brewer whose roll it is
    picks: int  # choices made on this roll (brau.order); n + k in phase last (brau.last)
    qty: tuple  # quantity dice faces (None: taken / not rolled)
    ing: tuple  # ingredient dice
    wiz: tuple  # wizard dice
    cauldrons: tuple  # per seat: 6 cauldrons
    letters: tuple[int, ...]
    mage: tuple[bool, ...]  # an Archmage hired and not yet used
    heroes: tuple  # per seat: ((hero id, (potions delivered, ...)), ...) in arrival order
    happy: tuple  # per seat: heroes whose order is complete
    shelf: tuple  # per seat: finished potions no hero ordered
    deck: tuple[str, ...]  # heroes still waiting, sorted (their order is chance)
    due_seat: int = -1  # a hero to deal / a potion to choose for this seat
    due_cauldron: int = -1  # the emptied cauldron to choose a potion for
    rerolls: int = 0  # re-rolls on this turn (for the log and the board)


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _illegal(code: str, rule: str, message: str, **params) -> Illegal:
    return Illegal(code, rule, message, tuple((k, str(v)) for k, v in params.items()))


def new_cauldron(pid: str) -> tuple:
    k = len(POTIONS[pid].recipe)
    return (pid, (0,) * k, (0,) * k)


def cauldron_done(cd) -> bool:
    """brau.potions: bronze is done when all is delivered; silver and gold
    also need every ingredient enchanted."""
    pid, filled, magic = cd
    pot = POTIONS[pid]
    if any(f < need for f, (_, need) in zip(filled, pot.recipe)):
        return False
    return not pot.magic or all(m == DONE for m in magic)


def missing(cd, ingredient: str) -> int:
    """Units of ``ingredient`` the cauldron still lacks (-1: not in its recipe)."""
    pid, filled, _ = cd
    for k, (i, need) in enumerate(POTIONS[pid].recipe):
        if i == ingredient:
            return need - filled[k]
    return -1


def _cauldron_info(caul) -> list:
    """Per cauldron ``None`` (empty) or {ingredient: (lacking, magic, needs magic)}."""
    info = []
    for cd in caul:
        if cd is None:
            info.append(None)
            continue
        pid, filled, magic = cd
        pot = POTIONS[pid]
        info.append({i: (need - filled[k], magic[k], pot.magic)
                     for k, (i, need) in enumerate(pot.recipe)})
    return info


def amount(face: str, lacking: int) -> int:
    """brau.pair: the units a quantity die delivers (★: what is missing, up to 6)."""
    return min(lacking, STAR_MAX) if face == STAR else int(face)




def _deliver(cd, ingredient: str, units: int):
    """brau.pair / brau.wizard: add units; a waiting wizard enchants at once
    when the ingredient is complete."""
    pid, filled, magic = cd
    for k, (i, need) in enumerate(POTIONS[pid].recipe):
        if i == ingredient:
            f = filled[k] + units
            filled = _set(filled, k, f)
            if f == need and magic[k] == WAIT:
                magic = _set(magic, k, DONE)
            return (pid, filled, magic)
    raise ValueError(f"{ingredient} is not in {pid}")


def _enchant(cd, ingredient: str, *, wait_ok: bool):
    pid, filled, magic = cd
    for k, (i, need) in enumerate(POTIONS[pid].recipe):
        if i == ingredient:
            if filled[k] >= need:
                return (pid, filled, _set(magic, k, DONE))
            assert wait_ok
            return (pid, filled, _set(magic, k, WAIT))
    raise ValueError(f"{ingredient} is not in {pid}")

