"""Brauzeit rules: a dice-drafting brewing game for 1–6 brewers.

Clause ids (``brau.*``) match rules.md and the rules panel
(``brauzeit.rules.<id>.*`` in the catalogue). The seed text
(shared/seeds/trankbrauer-wuerfel.txt) is the rule; the spec
(shared/rules/brauzeit.md) fills its gaps.

The rules object is split by concern, all in this folder:
``state.py`` (constants, actions, state, cauldron helpers), ``roll.py`` (a
roll and its choices: flow, legality, applying), ``scoring.py`` (points and
the end), ``bots.py`` (the bot hooks); this module puts them together with
setup, the text forms, JSON, views and log lines.
"""

from __future__ import annotations

from ...core.errors import BadActionText
from ...core.game import Game, GameInfo
from ...core.rng import Rng
from .bots import BotHooks
from .data import HERO_IDS, INGREDIENTS, WIZARDS_SHE
from .roll import RollFlow
from .scoring import Scoring
from .state import (  # noqa: F401 - re-exported: the rules' public names live here too
    _HERO_SET,
    _ING_SET,
    _POTION_SET,
    CAULDRONS,
    CLOCKS,
    DONE_ACT,
    HIRE,
    PASS,
    QTY_FACES,
    REROLL,
    STAR,
    STAR_MAX,
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
    _illegal,
    amount,
    cauldron_done,
    clock_steps,
    length_bound,
    letter_cap,
    mage_cost,
    missing,
    new_cauldron,
    wizard_dice,
)


class Brauzeit(RollFlow, Scoring, BotHooks, Game):
    info = GameInfo(
        id="brauzeit",
        title="Brauzeit",
        min_players=1,
        max_players=6,
        perfect_information=True,  # nothing is hidden; see rules.md (brau.public)
        max_length=max(length_bound(n, "long") for n in range(1, 7)),
        rules_version=2,  # 2: one choice per brewer and roll, solo 48 / 72, brau.last
        options=(("heroes", True), ("clock", "short")),
        play_minutes=20,  # docs/ui.md, "The hub's tiles"
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



GAME = Brauzeit()
