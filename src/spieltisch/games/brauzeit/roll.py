"""Brauzeit: the flow of a roll and its choices (brau.dice, brau.order,
brau.pair, brau.wizard, brau.pass, brau.reroll, brau.archmage, brau.brew,
brau.heroes, brau.clock, brau.last) — who acts, what is legal, what is
refused and why, and applying an action. A mixin of :class:`Brauzeit`.

Why this size (~450 lines): one state machine, the roll and its choices;
its legality and its application read side by side.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.game import CHANCE
from .data import (
    HEROES,
    HEROES_EACH,
    INGREDIENTS,
    POTION_IDS,
    POTIONS,
    START_TIERS,
    TIER_POTIONS,
)
from .state import (
    _CHANCE_TYPES,
    _POTION_SET,
    CAULDRONS,
    DONE,
    DONE_ACT,
    HIRE,
    PASS,
    QTY_FACES,
    REROLL,
    STAR,
    WAIT,
    BrauState,
    Brew,
    DealHero,
    DealPotion,
    Done,
    Hire,
    MageEnchant,
    MageFill,
    Pass,
    Reroll,
    Roll,
    Take,
    Wizard,
    _cauldron_info,
    _deliver,
    _enchant,
    _illegal,
    _set,
    amount,
    cauldron_done,
    letter_cap,
    mage_cost,
    missing,
    new_cauldron,
)


class RollFlow:
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

