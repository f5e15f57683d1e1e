"""Brauzeit rules: a dice-drafting brewing game for 1–6 brewers.

Clause ids (``brau.*``) match docs/rules/brauzeit.md and the rules panel
(``brauzeit.rules.<id>.*`` in the catalogue). The seed text
(shared/seeds/trankbrauer-wuerfel.txt) is the rule; the spec
(shared/rules/brauzeit.md) fills its gaps.

A cauldron is ``None`` (empty) or a tuple ``(potion id, filled, magic)``
where ``filled`` and ``magic`` follow the potion's recipe order; magic per
ingredient is 0 (nothing), 1 (a wizard waits) or 2 (enchanted).
Dice are three tuples of faces (``None`` = taken, or not rolled yet):
quantity ``"1".."5"`` and ``"*"`` (the ★), ingredient letters, wizard letters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...core.errors import BadActionText, Illegal
from ...core.game import CHANCE, Game, GameInfo, Outcome
from ...core.rng import Rng
from .data import (
    HEROES, HEROES_EACH, HERO_IDS, INGREDIENTS, POTION_IDS, POTIONS, START_TIERS, TIER_POTIONS,
    WIZARDS_SHE,
)

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

@dataclass(frozen=True, slots=True)
class DealPotion:  # chance: the starting potion of the next cauldron (brau.setup)
    potion: str

    def __str__(self) -> str:
        return f"potion:{self.potion}"


@dataclass(frozen=True, slots=True)
class DealHero:  # chance: the next hero from the waiting heroes (brau.heroes)
    hero: str

    def __str__(self) -> str:
        return f"hero:{self.hero}"


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


class Brauzeit(Game):
    info = GameInfo(
        id="brauzeit",
        title="Brauzeit",
        min_players=1,
        max_players=6,
        perfect_information=True,  # nothing is hidden; see docs/rules/brauzeit.md (brau.public)
        max_length=max(length_bound(n, "long") for n in range(1, 7)),
        rules_version=2,  # 2: one choice per brewer and roll, solo 48 / 72, brau.last
        options=(("heroes", True), ("clock", "short")),
    )

    # ---- setup ---------------------------------------------------------------
    def normalize_options(self, options: dict | None) -> dict:
        opts = super().normalize_options(options)
        if opts["clock"] not in CLOCKS:
            raise ValueError("option 'clock' must be 'short' or 'long'")
        return opts

    def new_state(self, players: int, options: dict | None = None) -> BrauState:
        self.check_players(players)
        opts = self.normalize_options(options)
        n = players
        total = clock_steps(n, opts["clock"])
        empty = tuple(() for _ in range(n))
        return BrauState(
            n=n, heroes_on=opts["heroes"], clock_total=total, rolls_left=total,
            phase="setup", step=0, active=0, picks=0,
            qty=(None,) * n, ing=(None,) * n, wiz=(None,) * wizard_dice(n),
            cauldrons=tuple((None,) * CAULDRONS for _ in range(n)),
            letters=(0,) * n, mage=(False,) * n, heroes=empty, happy=empty, shelf=empty,
            deck=HERO_IDS,
        )

    def num_players(self, s: BrauState) -> int:
        return s.n

    # ---- flow ----------------------------------------------------------------
    def current_player(self, s: BrauState):
        ph = s.phase
        if ph == "pick" or ph == "last":
            return (s.active + s.picks) % s.n
        if ph == "brew":
            return s.due_seat
        if ph == "over":
            return None
        return CHANCE  # setup, roll, hero

    def _setup_target(self, s: BrauState):
        """(kind, seat, cauldron) of the next setup deal."""
        k = s.step
        if k < CAULDRONS * s.n:
            return "potion", k // CAULDRONS, k % CAULDRONS
        return "hero", (k - CAULDRONS * s.n) % s.n, -1

    def _next_die(self, s: BrauState) -> tuple[str, int]:
        k, n = s.step, s.n
        if k < n:
            return "q", k
        if k < 2 * n:
            return "i", k - n
        return "w", k - 2 * n

    def chance_outcomes(self, s: BrauState):
        if s.phase == "roll":
            kind, idx = self._next_die(s)
            faces = QTY_FACES if kind == "q" else INGREDIENTS
            return [(Roll(kind, idx, f), 1) for f in faces]
        if s.phase == "hero":
            return [(DealHero(h), 1) for h in s.deck]
        if s.phase == "setup":
            kind, seat, c = self._setup_target(s)
            if kind == "hero":
                return [(DealHero(h), 1) for h in s.deck]
            tier = START_TIERS[c]
            have = {cd[0] for cd in s.cauldrons[seat] if cd is not None}
            # brau.setup: distinct potions of the tier in one brewer's cauldrons
            return [(DealPotion(p), 1) for p in TIER_POTIONS[tier] if p not in have]
        return []

    def legal_actions(self, s: BrauState, player: int | None = None):
        cur = self.current_player(s)
        if cur is None or cur == CHANCE or (player is not None and player != cur):
            return []
        if s.phase == "brew":
            return [Brew(s.due_cauldron, p) for p in POTION_IDS]
        p = cur
        info = _cauldron_info(s.cauldrons[p])
        if s.phase == "last":  # brau.last: only the Archmage, then done
            return [DONE_ACT] + self._free_actions(s, p, info)
        acts: list = []
        for ii, ingf in enumerate(s.ing):
            if ingf is None:
                continue
            for qi, qf in enumerate(s.qty):
                if qf is None:
                    continue
                for c, inf in enumerate(info):
                    if inf is None:
                        continue
                    got = inf.get(ingf)
                    if got is None or got[0] <= 0:
                        continue
                    if qf == STAR or int(qf) <= got[0]:
                        acts.append(Take(qi, ii, c))
        for wi, wf in enumerate(s.wiz):
            if wf is None:
                continue
            for c, inf in enumerate(info):
                if inf is None:
                    continue
                got = inf.get(wf)
                if got is not None and got[2] and got[1] == 0:
                    acts.append(Wizard(wi, c))
        acts.append(PASS)
        if p == s.active and s.picks == 0 and s.letters[p] > 0:
            acts.append(REROLL)
        acts.extend(self._free_actions(s, p, info))
        return acts

    def _free_actions(self, s: BrauState, p: int, info: list) -> list:
        """brau.archmage: hiring and using her (no choice); ``info`` is
        :func:`_cauldron_info` of the brewer's cauldrons."""
        acts: list = []
        if s.mage[p]:
            for c, inf in enumerate(info):
                if inf is None:
                    continue
                for i in INGREDIENTS:
                    got = inf.get(i)
                    if got is None:
                        continue
                    if got[0] > 0:
                        acts.append(MageFill(c, i))
                    elif got[2] and got[1] != DONE:
                        acts.append(MageEnchant(c, i))
        elif s.letters[p] >= mage_cost(s.n):
            acts.append(HIRE)
        return acts

    # ---- checking --------------------------------------------------------------
    def check(self, s: BrauState, player: int, a):
        cur = self.current_player(s)
        if cur is None:
            return _illegal("game-over", "brau.end", "The game is over.")
        if isinstance(a, _CHANCE_TYPES):
            if player != CHANCE or cur != CHANCE:
                rule = "brau.dice" if isinstance(a, Roll) else (
                    "brau.heroes" if isinstance(a, DealHero) else "brau.setup")
                return _illegal("not-a-move", rule, "Rolling the dice and dealing are not a brewer's move.")
            if all(o != a for o, _ in self.chance_outcomes(s)):
                return _illegal("impossible-outcome", "brau.dice", "That cannot come up now.")
            return None
        if cur == CHANCE:
            return _illegal("chance-to-act", "brau.dice", "The dice are rolling (or a hero is arriving).")
        if player != cur:
            return _illegal("not-your-turn", "brau.order", "It is not your choice now.", seat=cur)
        if s.phase == "brew":
            if isinstance(a, Brew):
                if a.cauldron != s.due_cauldron:
                    return _illegal("wrong-cauldron", "brau.brew",
                                    "Choose the potion for the cauldron you just emptied.",
                                    cauldron=s.due_cauldron + 1)
                if a.potion not in _POTION_SET:
                    return _illegal("unknown-potion", "brau.brew", "There is no such potion.")
                return None
            if isinstance(a, (Take, Wizard, Pass, Reroll, Hire, MageFill, MageEnchant, Done)):
                return _illegal("must-brew", "brau.brew",
                                "First choose the potion for your emptied cauldron.",
                                cauldron=s.due_cauldron + 1)
            return _illegal("unknown-action", "brau.order", "That is not a move in Brauzeit.")
        # pick phase, or the Archmage after the last roll (brau.last)
        if isinstance(a, Brew):
            return _illegal("not-brewing", "brau.brew",
                            "You choose a new potion only for a cauldron that was just emptied.")
        if isinstance(a, Done):
            if s.phase != "last":
                return _illegal("not-last", "brau.last",
                                "“Done” ends your game after the last roll; now choose from the dice.")
            return None
        if s.phase == "last" and isinstance(a, (Take, Wizard, Pass, Reroll)):
            return _illegal("rolls-over", "brau.last",
                            "The last roll has been chosen from; only the Archmage is left.")
        p = cur
        caul = s.cauldrons[p]
        if isinstance(a, Take):
            if not (0 <= a.qty < s.n and 0 <= a.ing < s.n):
                return _illegal("no-such-die", "brau.dice", "There is no such die in this game.")
            if s.qty[a.qty] is None or s.ing[a.ing] is None:
                return _illegal("die-taken", "brau.order", "That die has already been taken.")
            why = self._check_cauldron(caul, a.cauldron, "brau.pair")
            if why:
                return why
            ingr, face = s.ing[a.ing], s.qty[a.qty]
            lack = missing(caul[a.cauldron], ingr)
            if lack < 0:
                return _illegal("not-in-recipe", "brau.pair", "That potion does not need this ingredient.",
                                ingredient=ingr, cauldron=a.cauldron + 1)
            if lack == 0:
                return _illegal("ingredient-full", "brau.pair",
                                "That ingredient is already fully delivered.",
                                ingredient=ingr, cauldron=a.cauldron + 1)
            if amount(face, lack) > lack:
                return _illegal("too-much", "brau.pair",
                                "The whole amount must fit into one cauldron: it lacks only {lack}.",
                                amount=face, lack=lack, ingredient=ingr, cauldron=a.cauldron + 1)
            return None
        if isinstance(a, Wizard):
            if not (0 <= a.die < len(s.wiz)):
                return _illegal("no-such-die", "brau.dice", "There is no such die in this game.")
            if s.wiz[a.die] is None:
                return _illegal("die-taken", "brau.order", "That die has already been taken.")
            why = self._check_cauldron(caul, a.cauldron, "brau.wizard")
            if why:
                return why
            return self._check_enchantable(caul[a.cauldron], s.wiz[a.die], a.cauldron, "brau.wizard",
                                           wizard=True)
        if isinstance(a, Pass):
            return None
        if isinstance(a, Reroll):
            if p != s.active or s.picks > 0:  # (the active brewer always chooses first)
                return _illegal("reroll-not-now", "brau.reroll",
                                "Only the brewer whose roll it is may re-roll, before anyone has chosen.")
            if s.letters[p] < 1:
                return _illegal("no-letters", "brau.reroll", "A re-roll costs an apprentice letter; you have none.")
            return None
        if isinstance(a, Hire):
            if s.mage[p]:
                return _illegal("mage-hired", "brau.archmage", "Your Archmage is already waiting for you.")
            cost = mage_cost(s.n)
            if s.letters[p] < cost:
                return _illegal("letters-short", "brau.archmage",
                                "The Archmage costs {cost} apprentice letters.", cost=cost, have=s.letters[p])
            return None
        if isinstance(a, (MageFill, MageEnchant)):
            if not s.mage[p]:
                return _illegal("no-mage", "brau.archmage", "Hire the Archmage first.")
            why = self._check_cauldron(caul, a.cauldron, "brau.archmage")
            if why:
                return why
            cd = caul[a.cauldron]
            if isinstance(a, MageEnchant):
                return self._check_enchantable(cd, a.ingredient, a.cauldron, "brau.archmage", wizard=False)
            lack = missing(cd, a.ingredient)
            if lack < 0:
                return _illegal("not-in-recipe", "brau.archmage", "That potion does not need this ingredient.",
                                ingredient=a.ingredient, cauldron=a.cauldron + 1)
            if lack == 0:
                return _illegal("ingredient-full", "brau.archmage",
                                "That ingredient is already fully delivered.",
                                ingredient=a.ingredient, cauldron=a.cauldron + 1)
            return None
        return _illegal("unknown-action", "brau.order", "That is not a move in Brauzeit.")

    @staticmethod
    def _check_cauldron(caul, c: int, rule: str):
        if not (0 <= c < CAULDRONS):
            return _illegal("no-such-cauldron", rule, "There is no such cauldron.")
        if caul[c] is None:
            return _illegal("cauldron-empty", rule, "That cauldron is empty.", cauldron=c + 1)
        return None

    @staticmethod
    def _check_enchantable(cd, ingredient: str, c: int, rule: str, *, wizard: bool):
        pid, filled, magic = cd
        pot = POTIONS[pid]
        if not pot.magic:
            return _illegal("no-magic", rule, "Bronze potions need no enchanting.", cauldron=c + 1)
        for k, (i, need) in enumerate(pot.recipe):
            if i != ingredient:
                continue
            if magic[k] == DONE:
                return _illegal("enchanted", rule, "That ingredient is already enchanted.",
                                ingredient=ingredient, cauldron=c + 1)
            if magic[k] == WAIT:
                return _illegal("wizard-waiting", rule, "A wizard already waits for that ingredient.",
                                ingredient=ingredient, cauldron=c + 1)
            if not wizard and filled[k] < need:
                return _illegal("not-complete", rule,
                                "The Archmage enchants only a fully delivered ingredient.",
                                ingredient=ingredient, cauldron=c + 1)
            return None
        return _illegal("not-in-recipe", rule, "That potion does not need this ingredient.",
                        ingredient=ingredient, cauldron=c + 1)

    # ---- applying --------------------------------------------------------------
    def apply_unchecked(self, s: BrauState, a) -> BrauState:
        t = type(a)
        if t is Roll:
            return self._roll(s, a)
        if t is Take:
            p = (s.active + s.picks) % s.n
            cd = s.cauldrons[p][a.cauldron]
            ingr, face = s.ing[a.ing], s.qty[a.qty]
            cd = _deliver(cd, ingr, amount(face, missing(cd, ingr)))
            s = replace(s, qty=_set(s.qty, a.qty, None), ing=_set(s.ing, a.ing, None), picks=s.picks + 1)
            return self._after_work(s, p, a.cauldron, cd)
        if t is Wizard:
            p = (s.active + s.picks) % s.n
            cd = _enchant(s.cauldrons[p][a.cauldron], s.wiz[a.die], wait_ok=True)
            s = replace(s, wiz=_set(s.wiz, a.die, None), picks=s.picks + 1)
            return self._after_work(s, p, a.cauldron, cd)
        if t is Pass:
            p = (s.active + s.picks) % s.n
            letters = _set(s.letters, p, min(letter_cap(s.n), s.letters[p] + 1))
            return self._continue(replace(s, letters=letters, picks=s.picks + 1))
        if t is Done:
            return self._last(replace(s, picks=s.picks + 1))
        if t is Brew:
            p = s.due_seat
            row = _set(s.cauldrons[p], a.cauldron, new_cauldron(a.potion))
            s = replace(s, cauldrons=_set(s.cauldrons, p, row), due_seat=-1, due_cauldron=-1)
            return self._continue(s)
        if t is Reroll:
            p = s.active
            s = replace(s, letters=_set(s.letters, p, s.letters[p] - 1), rerolls=s.rerolls + 1)
            return self._start_roll(s)
        if t is Hire:
            p = (s.active + s.picks) % s.n
            return replace(s, letters=_set(s.letters, p, s.letters[p] - mage_cost(s.n)),
                           mage=_set(s.mage, p, True))
        if t is MageFill or t is MageEnchant:
            p = (s.active + s.picks) % s.n
            cd = s.cauldrons[p][a.cauldron]
            if t is MageFill:
                cd = _deliver(cd, a.ingredient, missing(cd, a.ingredient))
            else:
                cd = _enchant(cd, a.ingredient, wait_ok=False)
            s = replace(s, mage=_set(s.mage, p, False))
            return self._after_work(s, p, a.cauldron, cd)
        if t is DealPotion:
            _, seat, c = self._setup_target(s)
            row = _set(s.cauldrons[seat], c, new_cauldron(a.potion))
            s = replace(s, cauldrons=_set(s.cauldrons, seat, row), step=s.step + 1)
            if s.step == CAULDRONS * s.n and not s.heroes_on:
                return self._start_turn(s, first=True)
            return s
        if t is DealHero:
            if s.phase == "setup":
                _, seat, _ = self._setup_target(s)
            else:
                seat = s.due_seat
            s = replace(s, heroes=_set(s.heroes, seat, s.heroes[seat] + ((a.hero, ()),)),
                        deck=tuple(h for h in s.deck if h != a.hero))
            if s.phase == "setup":
                s = replace(s, step=s.step + 1)
                if s.step == (CAULDRONS + HEROES_EACH) * s.n:
                    return self._start_turn(s, first=True)
                return s
            if s.due_cauldron >= 0:
                return replace(s, phase="brew")
            return self._continue(replace(s, due_seat=-1))
        raise TypeError(f"not a Brauzeit action: {a!r}")

    def _roll(self, s: BrauState, a: Roll) -> BrauState:
        if a.kind == "q":
            s = replace(s, qty=_set(s.qty, a.index, a.face))
        elif a.kind == "i":
            s = replace(s, ing=_set(s.ing, a.index, a.face))
        else:
            s = replace(s, wiz=_set(s.wiz, a.index, a.face))
        step = s.step + 1
        if step == 2 * s.n + len(s.wiz):
            return replace(s, phase="pick", step=0, picks=0)
        return replace(s, step=step)

    def _start_roll(self, s: BrauState) -> BrauState:
        """brau.dice / brau.reroll: every die is rolled anew, one by one."""
        return replace(s, phase="roll", step=0, picks=0, qty=(None,) * s.n, ing=(None,) * s.n,
                       wiz=(None,) * len(s.wiz))

    def _start_turn(self, s: BrauState, first: bool = False) -> BrauState:
        """brau.clock: each roll (not re-roll) costs one step of the hourglass."""
        active = s.active if first else (s.active + 1) % s.n
        s = replace(s, active=active, rolls_left=s.rolls_left - 1, rerolls=0)
        return self._start_roll(s)

    def _continue(self, s: BrauState) -> BrauState:
        """brau.order: the next brewer in turn chooses (one choice each per
        roll); after all, the next roll — or, after the last roll, brau.last."""
        if s.picks < s.n:
            return replace(s, phase="pick")
        if s.rolls_left > 0:
            return self._start_turn(s)
        return self._last(s)

    def _last(self, s: BrauState) -> BrauState:
        """brau.last: after the last roll's choices, each brewer in turn (from
        the last roller) who can still hire or use the Archmage may do so
        ("Du holst sie jederzeit"), then says done; brau.end: then the game
        is over. ``picks`` counts on from n: brewer (active + picks) % n."""
        while s.picks < 2 * s.n:
            p = (s.active + s.picks) % s.n
            if self._free_actions(s, p, _cauldron_info(s.cauldrons[p])):
                return replace(s, phase="last")
            s = replace(s, picks=s.picks + 1)
        return replace(s, phase="over", picks=0, qty=(None,) * s.n,
                       ing=(None,) * s.n, wiz=(None,) * len(s.wiz))

    def _after_work(self, s: BrauState, p: int, c: int, cd) -> BrauState:
        """Store the cauldron; a finished potion goes to a hero or the shelf
        (brau.heroes), the cauldron is emptied and its owner picks a new potion
        (brau.brew) — also on the last roll: every potion goes, always. Then
        the roll goes on (brau.order)."""
        if not cauldron_done(cd):
            return self._continue(replace(s, cauldrons=_set(s.cauldrons, p, _set(s.cauldrons[p], c, cd))))
        pid = cd[0]
        s = replace(s, cauldrons=_set(s.cauldrons, p, _set(s.cauldrons[p], c, None)))
        deal_hero = False
        for k, (hid, got) in enumerate(s.heroes[p]):
            order = HEROES[hid].order
            if pid in order and pid not in got:
                got = got + (pid,)
                if len(got) == len(order):  # brau.heroes: the order is complete
                    heroes = s.heroes[p][:k] + s.heroes[p][k + 1:]
                    s = replace(s, heroes=_set(s.heroes, p, heroes),
                                happy=_set(s.happy, p, s.happy[p] + (hid,)))
                    deal_hero = bool(s.deck)
                else:
                    s = replace(s, heroes=_set(s.heroes, p, _set(s.heroes[p], k, (hid, got))))
                break
        else:
            s = replace(s, shelf=_set(s.shelf, p, s.shelf[p] + (pid,)))
        if deal_hero:
            return replace(s, phase="hero", due_seat=p, due_cauldron=c)
        return replace(s, phase="brew", due_seat=p, due_cauldron=c)

    # ---- end -----------------------------------------------------------------
    def points(self, s: BrauState, p: int) -> int:
        """brau.end: potion points; those of a complete order count double."""
        total = sum(POTIONS[x].points for x in s.shelf[p])
        for hid, got in s.heroes[p]:
            total += sum(POTIONS[x].points for x in got)
        for hid in s.happy[p]:
            total += 2 * sum(POTIONS[x].points for x in HEROES[hid].order)
        return total

    def finished(self, s: BrauState, p: int) -> int:
        return (len(s.shelf[p]) + sum(len(got) for _, got in s.heroes[p])
                + sum(len(HEROES[h].order) for h in s.happy[p]))

    def outcome(self, s: BrauState):
        if s.phase != "over":
            return None
        scores = tuple(self.points(s, p) for p in range(s.n))
        done = tuple(self.finished(s, p) for p in range(s.n))
        if s.n == 1:  # brau.solo: beat your own best score
            return Outcome(scores=scores, winners=(0,), reason="brauzeit.end.solo",
                           details=(("finished", list(done)),))
        best = max(scores)
        tied = [p for p in range(s.n) if scores[p] == best]
        most = max(done[p] for p in tied)  # brau.ties
        winners = tuple(p for p in tied if done[p] == most)
        return Outcome(scores=scores, winners=winners, reason="brauzeit.end.clock",
                       details=(("finished", list(done)),))

    # ---- text ----------------------------------------------------------------
    def parse_action(self, text: str):
        act = None
        if isinstance(text, str):
            try:
                act = self._parse(text)
            except (ValueError, IndexError):
                act = None
        if act is None or str(act) != text:  # only the canonical text parses
            shown = text[:40] if isinstance(text, str) else repr(text)[:40]
            raise BadActionText(
                _illegal("bad-text", "brau.order", "That is not a move in Brauzeit.", text=shown), shown)
        return act

    @staticmethod
    def _parse(text: str):
        parts = text.split(":")
        kind, k = parts[0], len(parts)
        if k == 1:
            return {"pass": PASS, "reroll": REROLL, "hire": HIRE, "done": DONE_ACT}.get(kind)
        if kind == "take" and k == 4 and parts[1][:1] == "q" and parts[2][:1] == "i":
            q, i, c = int(parts[1][1:]) - 1, int(parts[2][1:]) - 1, int(parts[3]) - 1
            if 0 <= q < 6 and 0 <= i < 6 and 0 <= c < CAULDRONS:
                return Take(q, i, c)
        elif kind == "wizard" and k == 3 and parts[1][:1] == "w":
            w, c = int(parts[1][1:]) - 1, int(parts[2]) - 1
            if 0 <= w < 3 and 0 <= c < CAULDRONS:
                return Wizard(w, c)
        elif kind == "mage" and k == 4 and parts[3] in _ING_SET:
            c = int(parts[2]) - 1
            if 0 <= c < CAULDRONS:
                if parts[1] == "fill":
                    return MageFill(c, parts[3])
                if parts[1] == "enchant":
                    return MageEnchant(c, parts[3])
        elif kind == "brew" and k == 3 and parts[2] in _POTION_SET:
            c = int(parts[1]) - 1
            if 0 <= c < CAULDRONS:
                return Brew(c, parts[2])
        elif kind == "potion" and k == 2 and parts[1] in _POTION_SET:
            return DealPotion(parts[1])
        elif kind == "hero" and k == 2 and parts[1] in _HERO_SET:
            return DealHero(parts[1])
        elif kind == "roll" and k == 3 and parts[1][:1] in ("q", "i", "w"):
            die, idx, face = parts[1][0], int(parts[1][1:]) - 1, parts[2]
            faces = QTY_FACES if die == "q" else INGREDIENTS
            if 0 <= idx < (3 if die == "w" else 6) and face in faces:
                return Roll(die, idx, face)
        return None

    def state_to_json(self, s: BrauState) -> dict:
        return {
            "n": s.n, "heroes_on": s.heroes_on, "clock_total": s.clock_total,
            "rolls_left": s.rolls_left, "phase": s.phase, "step": s.step, "active": s.active,
            "picks": s.picks, "qty": list(s.qty), "ing": list(s.ing), "wiz": list(s.wiz),
            "cauldrons": [[None if cd is None else [cd[0], list(cd[1]), list(cd[2])] for cd in row]
                          for row in s.cauldrons],
            "letters": list(s.letters), "mage": list(s.mage),
            "heroes": [[[h, list(got)] for h, got in row] for row in s.heroes],
            "happy": [list(x) for x in s.happy], "shelf": [list(x) for x in s.shelf],
            "deck": list(s.deck), "due_seat": s.due_seat, "due_cauldron": s.due_cauldron,
            "rerolls": s.rerolls,
        }

    def state_from_json(self, d: dict) -> BrauState:
        return BrauState(
            n=d["n"], heroes_on=d["heroes_on"], clock_total=d["clock_total"],
            rolls_left=d["rolls_left"], phase=d["phase"], step=d["step"], active=d["active"],
            picks=d["picks"], qty=tuple(d["qty"]), ing=tuple(d["ing"]), wiz=tuple(d["wiz"]),
            cauldrons=tuple(tuple(None if cd is None else (cd[0], tuple(cd[1]), tuple(cd[2]))
                                  for cd in row) for row in d["cauldrons"]),
            letters=tuple(d["letters"]), mage=tuple(d["mage"]),
            heroes=tuple(tuple((h, tuple(got)) for h, got in row) for row in d["heroes"]),
            happy=tuple(tuple(x) for x in d["happy"]), shelf=tuple(tuple(x) for x in d["shelf"]),
            deck=tuple(d["deck"]), due_seat=d["due_seat"], due_cauldron=d["due_cauldron"],
            rerolls=d["rerolls"],
        )

    # ---- information -----------------------------------------------------------
    def view(self, s: BrauState, viewer: int | None) -> dict:
        """brau.public: everything on the table is seen by everyone (cauldrons,
        dice, letters, Archmages, heroes and their orders, which heroes still
        wait). Only the future — the order the waiting heroes arrive in, the
        dice — is unknown, and it is not in the state."""
        v = self.state_to_json(s)
        v.update({
            "game": self.info.id,
            "viewer": viewer,
            "to_act": self.current_player(s),
            "scores": [self.points(s, p) for p in range(s.n)],
            "finished": [self.finished(s, p) for p in range(s.n)],
            "letter_cap": letter_cap(s.n),
            "mage_cost": mage_cost(s.n),
        })
        return v

    def determinize(self, view: dict, viewer: int, rng: Rng) -> BrauState:
        return self.state_from_json(view)  # nothing is hidden

    def describe(self, s: BrauState, player: int, a, viewer: int | None):
        t = type(a)
        if t is DealPotion:
            _, seat, c = self._setup_target(s)
            return ("brauzeit.log.potion", {"seat": seat, "cauldron": c + 1, "potion": a.potion})
        if t is DealHero:
            seat = self._setup_target(s)[1] if s.phase == "setup" else s.due_seat
            return ("brauzeit.log.hero", {"seat": seat, "hero": a.hero})
        if t is Roll:
            if s.step + 1 < 2 * s.n + len(s.wiz):
                return None  # one line once the whole roll lies on the table
            after = self._roll(s, a)
            key = "brauzeit.log.reroll_result" if s.rerolls else "brauzeit.log.roll"
            return (key, {"seat": s.active, "qty": " ".join(after.qty), "ing": " ".join(after.ing),
                          "wiz": " ".join(after.wiz), "rolls_left": s.rolls_left})
        seat = self.current_player(s)
        if t is Pass:
            full = s.letters[seat] >= letter_cap(s.n)
            return ("brauzeit.log.pass_full" if full else "brauzeit.log.pass",
                    {"seat": seat, "letters": min(letter_cap(s.n), s.letters[seat] + 1)})
        if t is Reroll:
            return ("brauzeit.log.reroll", {"seat": seat, "letters": s.letters[seat] - 1})
        if t is Hire:
            return ("brauzeit.log.hire", {"seat": seat})
        if t is Done:
            return ("brauzeit.log.done", {"seat": seat})
        if t is Brew:
            return ("brauzeit.log.brew", {"seat": seat, "cauldron": a.cauldron + 1, "potion": a.potion})
        if t in (Take, Wizard, MageFill, MageEnchant):
            cd = s.cauldrons[seat][a.cauldron]
            params = {"seat": seat, "cauldron": a.cauldron + 1, "potion": cd[0]}
            if t is Take:
                kind = "take"
                ingr = s.ing[a.ing]
                params.update(qty=s.qty[a.qty], ingredient=ingr,
                              amount=amount(s.qty[a.qty], missing(cd, ingr)))
            elif t is Wizard:
                kind = "wizard" if missing(cd, s.wiz[a.die]) == 0 else "wizard_wait"
                params["ingredient"] = params["wizard"] = s.wiz[a.die]
            else:
                kind = "mage_fill" if t is MageFill else "mage_enchant"
                params["ingredient"] = a.ingredient
            after = self.apply_unchecked(s, a)
            if after.cauldrons[seat][a.cauldron] is None:
                kind = "take" if kind == "take" else kind.replace("_wait", "")
                happy = after.happy[seat]
                if len(happy) > len(s.happy[seat]):
                    params["hero"] = happy[-1]
                    kind += "_order"
                else:
                    kind += "_finish"
            if t is Wizard and s.wiz[a.die] in WIZARDS_SHE:
                kind += "_she"  # the rulebook's Kräuterhexe, Kristallseherin, Mondpriesterin
            return (f"brauzeit.log.{kind}", params)
        return None

    # ---- bots ----------------------------------------------------------------
    def sensible_actions(self, s: BrauState, player: int):
        """The moves worth a bot's thought, with the clock in mind: equal dice
        once; no pass or re-roll while something useful can be taken; no work
        on a cauldron that cannot be finished in the picks left (unless that
        is all there is); for a new potion, the four best by expected worth
        against the picks it costs (a hero's order counts)."""
        acts = self.legal_actions(s, player)
        if s.phase == "brew":
            left = self.picks_left(s, player)
            want = self._wanted(s, player)
            wiz_cost = _WIZ_COST.get(s.n, 1.4)
            scored = []
            for a in acts:
                pairs, wizards = _needs(new_cauldron(a.potion))
                need = pairs + wiz_cost * wizards
                worth = POTIONS[a.potion].points * (2.0 if a.potion in want else 1.0)
                slack = (left - need) / (0.6 + 0.25 * need)
                chance = 1.0 / (1.0 + math.exp(-2.2 * slack))
                scored.append((-(worth * chance - PICK_RATE * need * chance), str(a), a))
            scored.sort(key=lambda x: (x[0], x[1]))
            return [a for _, _, a in scored[:4]]
        left = self.picks_left(s, player)
        caul = s.cauldrons[player]
        seen, out, hopeless = set(), [], []
        useful = False
        for a in acts:
            t = type(a)
            if t is Take:
                key = ("t", s.qty[a.qty], s.ing[a.ing], a.cauldron)
            elif t is Wizard:
                key = ("w", s.wiz[a.die], a.cauldron)
            else:
                key = None
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
                pairs, wizards = _needs(caul[a.cauldron])
                if pairs + wizards > left:  # cannot be finished before the hourglass runs out
                    hopeless.append(a)
                    continue
                useful = True
            out.append(a)
        if useful:
            out = [a for a in out if not isinstance(a, (Pass, Reroll))]
        return out or hopeless or acts

    def _wanted(self, s: BrauState, p: int) -> set:
        want = set()
        for hid, got in s.heroes[p]:
            want.update(x for x in HEROES[hid].order if x not in got)
        return want

    def heuristic(self, s: BrauState, player: int) -> float:
        """Expected final points with the clock in mind (see :meth:`_estimate`),
        compared with the best rival through a logistic (solo: a saturating
        curve of the points)."""
        est = [self._estimate(s, p) for p in range(s.n)]
        if s.n == 1:
            return 1.0 - math.exp(-est[0] / 60.0)
        rival = max(e for i, e in enumerate(est) if i != player)
        return 1.0 / (1.0 + math.exp(-(est[player] - rival) / 8.0))

    def picks_left(self, s: BrauState, p: int) -> int:
        """Choices brewer ``p`` still gets: one per roll to come, plus one on
        the roll under way if ``p`` has not chosen from it yet."""
        left = s.rolls_left
        if s.phase == "roll" or (s.phase in ("pick", "brew", "hero") and (p - s.active) % s.n >= s.picks):
            left += 1
        return left

    def _estimate(self, s: BrauState, p: int) -> float:
        """Banked points; plus each cauldron's worth (its points, plus its share
        of a hero's doubled order) times the chance to finish it with the picks
        left (cauldrons cheapest per point first); plus picks left over, at
        what a pick earns on a fresh potion; letters and a waiting Archmage
        count as part of a pick."""
        value = float(self.points(s, p))
        want: dict[str, float] = {}
        if s.heroes_on:
            for hid, got in s.heroes[p]:
                order = HEROES[hid].order
                pts = sum(POTIONS[x].points for x in order)
                todo = [x for x in order if x not in got]
                # the bonus comes only with the whole order: the fewer missing, the likelier
                share = pts / len(todo) * (0.55 + 0.45 * len(got) / len(order))
                for x in todo:
                    want[x] = max(want.get(x, 0.0), share)
        budget = float(self.picks_left(s, p))
        wiz_cost = _WIZ_COST.get(s.n, 1.4)
        rows = []
        for cd in s.cauldrons[p]:
            if cd is None:
                continue
            pairs, wizards = _needs(cd)
            need = pairs + wiz_cost * wizards
            worth = POTIONS[cd[0]].points + want.get(cd[0], 0.0)
            rows.append((need / worth, need, worth))
        rows.sort()
        for _, need, worth in rows:
            if need <= 0.0:
                value += worth
                continue
            # the chance to finish: certain with room to spare, none without the picks
            slack = (budget - need) / (0.6 + 0.25 * need)
            chance = 1.0 / (1.0 + math.exp(-2.2 * slack))
            value += worth * chance
            budget -= need * chance
        value += PICK_RATE * max(0.0, budget - 1.0)
        value += PICK_RATE * (0.3 * s.letters[p] + (1.2 if s.mage[p] else 0.0))
        return value


PICK_RATE = 1.3  # points a choice earns on a fresh potion (bronze ~1.2-1.5, heroes more)
_WIZ_COST = {1: 2.0, 2: 1.6, 3: 1.3, 4: 1.5, 5: 1.2, 6: 1.4}  # a wizard waits for its face


def _needs(cd) -> tuple[float, int]:
    """(pairs, wizards) a cauldron still needs; a pair brings ~3 units."""
    pid, filled, magic = cd
    pot = POTIONS[pid]
    pairs = 0.0
    wizards = 0
    for k, (_, units) in enumerate(pot.recipe):
        lack = units - filled[k]
        if lack > 0:
            pairs += 1.0 if lack <= 2 else 1.25 if lack == 3 else 1.6
        if pot.magic and magic[k] == 0:
            wizards += 1
    return pairs, wizards


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


def _picks_needed(cd) -> float:
    """About how many choices a cauldron still needs (a pair brings ~3 units)."""
    pid, filled, magic = cd
    pot = POTIONS[pid]
    need = 0.0
    for k, (_, units) in enumerate(pot.recipe):
        lack = units - filled[k]
        if lack > 0:
            need += 1.0 if lack <= 3 else 1.6
        if pot.magic and magic[k] == 0:
            need += 1.0
    return need


def _progress(cd) -> float:
    pid, filled, magic = cd
    pot = POTIONS[pid]
    total = sum(u for _, u in pot.recipe)
    done = sum(filled)
    if pot.magic:
        total += 3 * len(pot.recipe)
        done += sum(3 if m == DONE else 1 for m in magic if m)
    return done / total


GAME = Brauzeit()
