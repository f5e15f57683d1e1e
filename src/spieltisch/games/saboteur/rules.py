"""Saboteur (Moyersoen) with the "Brettspiel Adventskalender 2016" dwarf promo.

This module owns the rules object, ``Saboteur``: the engine contract
(docs/engine.md) wired to the folder's parts. It sets a game up, says who
acts and what chance may do, lists and checks moves phase by phase, applies
them, scores the end and delegates the rest: the cards (``cards.py``), the
maze (``maze.py``), the actions and their texts (``actions.py``), the state
and its JSON (``state.py``), the legality of card plays (``moves.py``), the
dwarfs and their gold (``dwarfs.py``), the round and its gold
(``rounds.py``), views and log lines (``table.py``) and the bots' knowledge
and tactics (``knowledge.py``, ``tactics.py``).

Clause ids (``sab.*``, ``sab.dwarf.*``) match rules.md, the
rules panel and the scenario tests. Coordinates: the start is (0, 0), the
goals are (8, -2), (8, 0), (8, 2) (goal index 0, 1, 2); x grows to the east,
y to the south. Seats are numbered from 0 in turn order (clockwise);
counter-clockwise is seat - 1.
"""

from __future__ import annotations

import hashlib
from collections import Counter

from ...core.game import CHANCE, Game, GameInfo, Outcome, canonical_json
from ...core.rng import Rng
from .actions import (
    CHANCE_TYPES,
    LAYOUTS,
    Break,
    Deal,
    Discard,
    Draw,
    Dwarf,
    Help,
    Keep,
    Layout,
    Map,
    Nugget,
    Path,
    Repair,
    Rockfall,
    RoleCard,
    Stone,
    _illegal,
    parse_action,
)
from .cards import (
    DECK,
    HAND_SIZE,
    ROLE_COUNTS,
    add_sorted,
    card_tools,
    nugget_set,
    remove,
)
from .dwarfs import answer_help, build_on, can_pay
from .knowledge import role_odds, sample_state
from .maze import goal_fits
from .moves import check_play, play_actions
from .rounds import (
    advance_keep,
    after_card,
    after_place,
    end_turn,
    keep,
    place,
    round_over,
    seat_gold,
    start_round,
)
from .state import SabState, front, net, replace, set_at, state_from_json, state_to_json
from .table import log_line, seat_view
from .tactics import position_value, worth_considering

__all__ = ["GAME", "VARIANTS", "RoleCard", "SabState", "Saboteur", "replace", "role_odds"]

VARIANTS = ("classic", "new_mine", "old_mine", "competitive")
CHANCE_PHASES = ("goals", "roles", "deal", "draw", "nuggets")


class Saboteur(Game):
    info = GameInfo(
        id="saboteur",
        title="Saboteur",
        min_players=3,
        max_players=10,
        perfect_information=False,
        # per round at most: layout 1 + roles 10 + deals and draws 67 + 67 turns
        # (each uses up a card) + 9 help answers per turn + 2 stone choices +
        # 9 nugget draws + 9 keeps = 770; three rounds.
        max_length=2400,
        # 2: a dwarf gives change from a gold card (sab.dwarf.change). Saves
        # of rules 1 still load (old_rules): options_for_rules keeps their rule.
        rules_version=2,
        old_rules=(1,),
        options=(("dwarfs", True), ("variant", "classic"), ("dwarf_change", True)),
        play_minutes=30,  # docs/ui.md, "The hub's tiles"
    )

    # ---- setup ---------------------------------------------------------------
    def options_for_rules(self, options: dict, rules_version: int) -> dict:
        """sab.dwarf.change came with rules 2. A save of rules 1 that does not
        name ``dwarf_change`` was made before the rule (the whole gold card
        went to the dwarf's owner) and replays as it was played; one that
        names it (made after the rule, before the version was bumped) keeps
        what it says. Told apart by the rules version only: a new match, with
        any options, gets change unless ``dwarf_change`` is false."""
        opts = dict(options)
        if rules_version == 1 and "dwarf_change" not in opts:
            opts["dwarf_change"] = False
        return opts

    def new_state(self, players: int, options: dict | None = None) -> SabState:
        self.check_players(players)
        opts = self.normalize_options(options)
        if opts["variant"] not in VARIANTS:
            raise ValueError(f"unknown Saboteur variant {opts['variant']!r}: choose one of "
                             + ", ".join(VARIANTS))
        n = players
        empty = tuple(() for _ in range(n))
        s = SabState(
            n=n, dwarfs_on=opts["dwarfs"], variant=opts["variant"], round=0, phase="goals",
            to_move=0, start=0, dealt=0, goals=(), goal_open=(-1, -1, -1), roles=("",) * n,
            role_pool=ROLE_COUNTS[n], hands=empty, pile=DECK, maze=(), broken=("",) * n,
            peeks=empty, up=(), down=empty, dwarfs=(), dwarfs_placed=0,
            gold=(1 if opts["dwarfs"] else 0,) * n,  # sab.dwarf.coins
            nuggets=empty, nugget_pile=nugget_set(opts["variant"]), spent=(), offer=(),
            to_draw=0, pending=(), helper=-1, help_asked=False, finder=-1, last=-1, results=(),
            record=(), change=opts["dwarf_change"],
        )
        return start_round(s, 1, 0)

    def num_players(self, s: SabState) -> int:
        return s.n

    # ---- flow ----------------------------------------------------------------
    def current_player(self, s: SabState):
        if s.phase == "over":
            return None
        if s.phase in CHANCE_PHASES:
            return CHANCE
        if s.phase == "help":
            return s.helper
        return s.to_move

    def chance_outcomes(self, s: SabState):
        if s.phase == "goals":
            return [(Layout(g), 1) for g in LAYOUTS]
        if s.phase == "roles":
            sab, dig = s.role_pool
            return [(RoleCard(r), k) for r, k in (("D", dig), ("S", sab)) if k > 0]
        if s.phase in ("deal", "draw"):
            cls = Deal if s.phase == "deal" else Draw
            return [(cls(c), k) for c, k in sorted(Counter(s.pile).items())]
        if s.phase == "nuggets":
            return [(Nugget(v), k) for v, k in sorted(Counter(s.nugget_pile).items())]
        return []

    def legal_actions(self, s: SabState, player: int | None = None):
        cur = self.current_player(s)
        if cur is None or cur == CHANCE or (player is not None and player != cur):
            return []
        if s.phase == "help":
            acts = [Help(False)]
            if can_pay(s, cur):
                acts.append(Help(True))
            return acts
        if s.phase == "orient":
            g = s.pending[0]
            return [Stone(g, r) for r in goal_fits(net(s), g, s.goals[g])]
        if s.phase == "keep":
            return [Keep(v) for v in sorted(set(s.offer))]
        return play_actions(s, cur)

    # ---- check ---------------------------------------------------------------
    def check(self, s: SabState, player: int, a):
        cur = self.current_player(s)
        if cur is None:
            return _illegal("game-over", "sab.win", "The game is over.")
        if isinstance(a, CHANCE_TYPES):
            if player != CHANCE or cur != CHANCE:
                return _illegal("not-a-move", "sab.deal",
                                "Dealing, drawing and laying out cards is not a player's move.")
            if all(o != a for o, _ in self.chance_outcomes(s)):
                return _illegal("impossible-outcome", "sab.deal", "That cannot be dealt now.")
            return None
        if cur == CHANCE:
            return _illegal("chance-to-act", "sab.deal", "Cards are still being dealt or drawn.")
        if player != cur:
            return _illegal("not-your-turn", "sab.turn", "It is not your turn.", seat=cur)
        if s.phase == "help":
            if not isinstance(a, Help):
                return _illegal("must-answer", "sab.dwarf.help",
                                "First say whether you help to pay for the dwarf.")
            if a.give and not can_pay(s, player):
                return _illegal("cannot-pay", "sab.dwarf.help", "You have no gold to give.")
            return None
        if isinstance(a, Help):
            return _illegal("no-help-asked", "sab.dwarf.help", "Nobody asked you for help.")
        if s.phase == "orient":
            if not isinstance(a, Stone):
                return _illegal("must-orient", "sab.goal",
                                "First choose which way the stone goal card lies.")
            g = s.pending[0]
            if a.goal != g:
                return _illegal("other-goal", "sab.goal", "Turn the goal card that was reached.",
                                goal=g)
            if a.rot not in goal_fits(net(s), g, s.goals[g]):
                return _illegal("stone-no-fit", "sab.goal",
                                "Lying that way, the stone card does not join the tunnel.")
            return None
        if isinstance(a, Stone):
            return _illegal("no-stone", "sab.goal", "No stone goal card is waiting to be turned.")
        if s.phase == "keep":
            if not isinstance(a, Keep):
                return _illegal("must-keep", "sab.share", "First keep one of the gold cards.")
            if a.value not in s.offer:
                return _illegal("not-offered", "sab.share", "There is no such gold card to keep.",
                                value=a.value)
            return None
        if isinstance(a, Keep):
            return _illegal("no-keep", "sab.share", "No gold is being shared now.")
        return check_play(s, player, a)

    # ---- apply ---------------------------------------------------------------
    def apply_unchecked(self, s: SabState, a) -> SabState:
        if isinstance(a, Layout):
            return replace(s, goals=tuple(a.goals), phase="roles", dealt=0)
        if isinstance(a, RoleCard):
            seat = (s.start + s.dealt) % s.n
            sab, dig = s.role_pool
            pool = (sab - 1, dig) if a.role == "S" else (sab, dig - 1)
            dealt = s.dealt + 1
            if dealt == s.n:
                return replace(s, roles=set_at(s.roles, seat, a.role), role_pool=pool,
                               phase="deal", dealt=0)
            return replace(s, roles=set_at(s.roles, seat, a.role), role_pool=pool, dealt=dealt)
        if isinstance(a, Deal):
            seat = (s.start + s.dealt) % s.n
            s = replace(s, hands=set_at(s.hands, seat, add_sorted(s.hands[seat], a.card)),
                        pile=remove(s.pile, a.card), dealt=s.dealt + 1)
            if s.dealt == s.n * HAND_SIZE[s.n]:
                return replace(s, phase="play", to_move=s.start, dealt=0)
            return s
        if isinstance(a, Draw):
            p = s.to_move
            s = replace(s, hands=set_at(s.hands, p, add_sorted(s.hands[p], a.card)),
                        pile=remove(s.pile, a.card))
            return end_turn(s)
        if isinstance(a, Nugget):
            s = replace(s, offer=add_sorted(s.offer, a.value),
                        nugget_pile=remove(s.nugget_pile, a.value), to_draw=s.to_draw - 1)
            return advance_keep(s) if s.to_draw == 0 else s
        if isinstance(a, Help):
            s, waiting = answer_help(s, a)
            return place(s, *waiting) if waiting else s
        if isinstance(a, Stone):
            g = a.goal
            s = replace(s, goal_open=set_at(s.goal_open, g, a.rot), phase="play", pending=())
            return after_place(s)
        if isinstance(a, Keep):
            return keep(s, a.value)
        p = s.to_move
        hand = remove(s.hands[p], a.card)
        s = replace(s, hands=set_at(s.hands, p, hand))
        if isinstance(a, Path):
            s, now = build_on(s, p, a.card, a.x, a.y, a.rot)
            return place(s, a.card, a.x, a.y, a.rot) if now else s
        if isinstance(a, Break):
            t = a.seat
            s = replace(s, broken=set_at(s.broken, t, "".join(sorted(s.broken[t] + card_tools(a.card)))),
                        record=s.record + ((p, "break", t, 0),))
            return after_card(s)
        if isinstance(a, Repair):
            t = a.seat
            s = replace(s, broken=set_at(s.broken, t, s.broken[t].replace(a.tool, "")),
                        up=tuple(sorted(s.up + (a.card, "B" + a.tool))),
                        record=s.record + ((p, "repair", t, 0),))
            return after_card(s)
        if isinstance(a, Map):
            peeks = tuple(sorted(set(s.peeks[p]) | {a.goal}))
            s = replace(s, peeks=set_at(s.peeks, p, peeks), up=add_sorted(s.up, a.card))
            return after_card(s)
        if isinstance(a, Rockfall):
            victim = next(m for m in s.maze if m[0] == a.x and m[1] == a.y)
            before = front(s)
            s = replace(s, maze=remove(s.maze, victim), up=tuple(sorted(s.up + (a.card, victim[2]))))
            s = replace(s, record=s.record + ((p, "rock", before, front(s)),))
            return after_card(s)
        if isinstance(a, Discard):
            s = replace(s, down=set_at(s.down, p, add_sorted(s.down[p], a.card)))
            return after_card(s)
        if isinstance(a, Dwarf):  # sab.dwarf.place: no draw afterwards
            s = replace(s, down=set_at(s.down, p, add_sorted(s.down[p], a.card)),
                        dwarfs=tuple(sorted(s.dwarfs + ((a.x, a.y, p),))),
                        dwarfs_placed=s.dwarfs_placed + 1)
            return end_turn(s)
        raise TypeError(f"not a Saboteur action: {a!r}")

    # ---- end -----------------------------------------------------------------
    def totals(self, s: SabState) -> tuple[int, ...]:
        return seat_gold(s)

    def round_done(self, s: SabState) -> bool:
        return round_over(s)

    def outcome(self, s: SabState):
        if s.phase != "over":
            return None
        scores = seat_gold(s)
        best = max(scores)
        return Outcome(
            scores=scores, winners=tuple(i for i in range(s.n) if scores[i] == best),
            reason="saboteur.end.rounds",
            details=(("rounds", [r.winner for r in s.results]),),
        )

    # ---- text ----------------------------------------------------------------
    def parse_action(self, text: str):
        return parse_action(text)

    def state_to_json(self, s: SabState) -> dict:
        return state_to_json(s)

    def state_hash(self, s: SabState) -> str:
        """The record and the change rule are left out: they follow from the
        moves and the options alone, and saves made before they existed keep
        their hash (tests/games/data)."""
        data = state_to_json(s)
        del data["record"], data["change"]
        return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:32]

    def state_from_json(self, d: dict) -> SabState:
        return state_from_json(d)

    # ---- information -----------------------------------------------------------
    def view(self, s: SabState, viewer: int | None) -> dict:
        return seat_view(s, viewer, self.current_player(s))

    def determinize(self, view: dict, viewer: int, rng: Rng) -> SabState:
        return sample_state(view, viewer, rng)

    def reveals(self, s: SabState, a) -> bool:
        """Map peeks, kept nuggets (the rest goes on to the next picker), and
        anything that turns a goal over or ends the round. Asked before the
        move is checked (Match.play), so an illegal move is only looked at,
        never played here."""
        if isinstance(a, (Map, Keep)):
            return True
        if isinstance(a, (Path, Help, Stone)):
            cur = self.current_player(s)
            if cur is None or cur == CHANCE or self.check(s, cur, a) is not None:
                return False  # refused: apply() says why, nothing is played
            after = self.apply_unchecked(s, a)
            return after.goal_open != s.goal_open or len(after.results) != len(s.results)
        if isinstance(a, (Discard, Break, Repair, Rockfall, Dwarf)):
            # the round ends (roles are shown) when the last card leaves the last hand
            return (not s.pile and len(s.hands[s.to_move]) == 1
                    and sum(len(h) for h in s.hands) == 1)
        return False

    def describe(self, s: SabState, player: int, a, viewer: int | None):
        return log_line(s, a, viewer, self.apply_unchecked)

    # ---- bots ----------------------------------------------------------------
    def heuristic(self, s: SabState, player: int) -> float:
        return position_value(s, player)

    def sensible_actions(self, s: SabState, player: int):
        return worth_considering(s, player, self.legal_actions(s, player))


GAME = Saboteur()
