"""Potions Brew rules: the engine contract (docs/engine.md) wired to the
folder's parts. Clause ids (``potions.*``) match rules.md
and the rules panel (catalogue keys ``rules.potions.*``).

The parts, by concern: the constants, the state and its small questions
(``state.py``), the actions, their texts and chance's outcomes
(``actions.py``), legality and refusals (``moves.py``), the turn's step
machine -- gathering, brewing, reshuffling, the end (``flow.py``), views,
determinisation, log lines and JSON (``table.py``), and the bots' hooks
(``tactics.py``). This module sets a game up, says who acts, scores the end
and delegates the rest. The names other modules and tests import from here
are re-exported below.
"""

from __future__ import annotations

import hashlib

from ...core.game import Game, GameInfo, Outcome, canonical_json
from ...core.rng import Rng
from .actions import (  # noqa: F401  (re-exported)
    BOTH,
    PASS,
    Both,
    Card,
    Discard,
    Give,
    Keep,
    Lay,
    Moon,
    Move,
    Order,
    Pass,
    Pick,
    chance_outcomes,
    parse_action,
)
from .flow import apply as _apply
from .moves import check as _check
from .moves import legal_actions as _legal_actions
from .state import (  # noqa: F401  (re-exported)
    CARDS,
    HAND_LIMIT,
    ING,
    INGREDIENTS,
    MAX_RESHUFFLES,
    MAX_STACKS,
    MOON,
    NEEDS,
    POINTS,
    REARRANGE_FROM,
    REC,
    RECIPES,
    SLOTS,
    SPIDER,
    STALL_CARDS,
    START_HAND,
    STRENGTH,
    VALUE,
    WIN_POINTS,
    PotState,
    from_round_two,
    has_moon,
    has_spider,
    laid_count,
    points,
    receivers,
    recipe_counts,
    stack_count,
    strongest,
    to_act,
    tops,
)
from .table import describe as _describe
from .table import determinize as _determinize
from .table import reveals as _reveals
from .table import sees_drawn as _sees_drawn
from .table import state_from_json as _state_from_json
from .table import state_to_json as _state_to_json
from .table import view as _view
from .tactics import heuristic as _heuristic
from .tactics import sensible_actions as _sensible_actions


class PotionsBrew(Game):
    info = GameInfo(
        id="potions_brew",
        title="Potions Brew",
        min_players=2,
        max_players=6,
        perfect_information=False,
        # potions.stall bounds a game: at most 102 draw-pile cards between two
        # potions (each turn draws one or more), at most 6 x 14 + 1 potions
        # before someone has 45; about 17 actions a turn at most.
        max_length=160_000,
        # 2: reshuffle every time, the stall rule (potions.stall). Saves of
        # rules 1 load with the option short (options_for_rules).
        rules_version=2,
        old_rules=(1,),
        options=(("short", False),),
        play_minutes=30,  # docs/ui.md, "The hub's tiles"
    )

    def options_for_rules(self, options: dict, rules_version: int) -> dict:
        """A save of rules 1 played two reshuffles and no stall rule: it
        replays with ``short`` on. Told apart by the rules version only."""
        opts = dict(options)
        if rules_version == 1:
            opts.setdefault("short", True)
        return opts

    # ---- setup and flow --------------------------------------------------------
    def new_state(self, players: int, options: dict | None = None) -> PotState:
        self.check_players(players)
        opts = self.normalize_options(options)
        return PotState(short=opts["short"],
            n=players, step="deal", turn=0, turns=0, hands=((),) * players,
            stacks=(((),) * SLOTS,) * players, recipes=(None,) * SLOTS, top=None,
            pile=CARDS, discard=(), scores=(0,) * players, brewed=((),) * players,
            chance="card",
        )

    def num_players(self, s: PotState) -> int:
        return s.n

    def current_player(self, s: PotState):
        return to_act(s)

    def chance_outcomes(self, s: PotState):
        return chance_outcomes(s)

    def legal_actions(self, s: PotState, player: int | None = None):
        return _legal_actions(s, player)

    def check(self, s: PotState, player: int, a):
        return _check(s, player, a)

    def apply_unchecked(self, s: PotState, a) -> PotState:
        return _apply(s, a)

    # ---- end -----------------------------------------------------------------
    def outcome(self, s: PotState):
        if s.step != "over":
            return None
        best = max(s.scores)
        if s.end == "win":  # potions.win; cards and stall (potions.cards_out / potions.stall): most points
            winners = tuple(i for i in range(s.n) if s.scores[i] >= WIN_POINTS)
        else:
            winners = tuple(i for i in range(s.n) if s.scores[i] == best)
        return Outcome(scores=s.scores, winners=winners, reason=f"potions_brew.end.{s.end}",
                       details=(("brewed", [len(b) for b in s.brewed]),))

    # ---- text, saves, information ---------------------------------------------
    def parse_action(self, text: str):
        return parse_action(text)

    def state_to_json(self, s: PotState) -> dict:
        return _state_to_json(s)

    def state_hash(self, s: PotState) -> str:
        """``short`` and ``stall`` are left out: they follow from the options
        and the moves, and saves and links made under rules 1 keep their hash."""
        data = _state_to_json(s)
        del data["short"], data["stall"]
        return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:32]

    def state_from_json(self, d: dict) -> PotState:
        return _state_from_json(d)

    @staticmethod
    def sees_drawn(s: PotState, viewer: int | None) -> bool:
        return _sees_drawn(s, viewer)

    def view(self, s: PotState, viewer: int | None) -> dict:
        return _view(s, viewer)

    def determinize(self, view: dict, viewer: int, rng: Rng) -> PotState:
        return _determinize(view, viewer, rng)

    def reveals(self, s: PotState, a) -> bool:
        return _reveals(s, a)

    def describe(self, s: PotState, player: int, a, viewer: int | None):
        return _describe(s, player, a, viewer)

    # ---- bots -------------------------------------------------------------------
    def sensible_actions(self, s: PotState, player: int):
        return _sensible_actions(s, player)

    def heuristic(self, s: PotState, player: int) -> float:
        return _heuristic(s, player)


GAME = PotionsBrew()
