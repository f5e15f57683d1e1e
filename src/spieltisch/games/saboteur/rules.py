"""Saboteur (Moyersoen) with the "Brettspiel Adventskalender 2016" dwarf promo.

Clause ids (``sab.*``, ``sab.dwarf.*``) match docs/rules/saboteur.md, the
rules panel and the scenario tests. Cards are short codes (see ``cards.py``);
the maze analysis lives in ``maze.py``.

Coordinates: the start is (0, 0), the goals are (8, -2), (8, 0), (8, 2)
(goal index 0, 1, 2); x grows to the east, y to the south. Seats are numbered
from 0 in turn order (clockwise); counter-clockwise is seat - 1.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from dataclasses import replace as _dc_replace
from functools import lru_cache
from itertools import combinations, permutations
from math import comb

from ...core.errors import BadActionText, Illegal
from ...core.game import CHANCE, Game, GameInfo, Outcome, canonical_json
from ...core.rng import Rng
from .cards import (
    BROKEN,
    CARDS,
    DEAD_END,
    DECK,
    DELTA,
    GOAL_CELLS,
    GOALS,
    HAND_SIZE,
    REPAIRS,
    ROLE_COUNTS,
    SYMMETRIC,
    TOOLS,
    TUNNELS,
    add_sorted,
    card_mask,
    card_tools,
    nugget_set,
    remove,
    role_set,
)
from .maze import analyse, connects, constraints, fits, goal_fits

VARIANTS = ("classic", "new_mine", "old_mine", "competitive")
ROUNDS = 3
DWARFS = 2
SAB_REWARD = {1: 4, 2: 3, 3: 3, 4: 2}  # sab.saboteurs
COORD = 60  # |x|, |y| accepted in action text (40 tunnel cards never reach further)
LAYOUTS = tuple(permutations(GOALS))
CHANCE_PHASES = ("goals", "roles", "deal", "draw", "nuggets")


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


@dataclass(frozen=True, slots=True)
class Break:  # sab.tools
    card: str
    seat: int

    def __str__(self) -> str:
        return f"broken:{self.card}:{self.seat}"


@dataclass(frozen=True, slots=True)
class Repair:  # sab.repair
    card: str
    seat: int
    tool: str

    def __str__(self) -> str:
        return f"repair:{self.card}:{self.seat}:{self.tool}"


@dataclass(frozen=True, slots=True)
class Map:  # sab.map
    card: str
    goal: int

    def __str__(self) -> str:
        return f"map:{self.card}:{self.goal}"


@dataclass(frozen=True, slots=True)
class Rockfall:  # sab.rockfall
    card: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"rockfall:{self.card}:{_xy(self.x, self.y)}"


@dataclass(frozen=True, slots=True)
class Discard:  # sab.turn
    card: str

    def __str__(self) -> str:
        return f"discard:{self.card}"


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


@dataclass(frozen=True, slots=True)
class Keep:  # sab.share: keep one nugget card of the offer
    value: int

    def __str__(self) -> str:
        return f"keep:{self.value}"


# chance
@dataclass(frozen=True, slots=True)
class Layout:  # sab.layout: the goal cards at positions 0, 1, 2
    goals: tuple

    def __str__(self) -> str:
        return "goals:" + ",".join(self.goals)


@dataclass(frozen=True, slots=True)
class RoleCard:  # sab.roles: the next seat's role card
    role: str

    def __str__(self) -> str:
        return f"role:{self.role}"


@dataclass(frozen=True, slots=True)
class Deal:  # sab.deal: the next hand card
    card: str

    def __str__(self) -> str:
        return f"deal:{self.card}"


@dataclass(frozen=True, slots=True)
class Draw:  # sab.turn: the card drawn after a play
    card: str

    def __str__(self) -> str:
        return f"draw:{self.card}"


@dataclass(frozen=True, slots=True)
class Nugget:  # sab.share: a nugget card drawn for the finder
    value: int

    def __str__(self) -> str:
        return f"nugget:{self.value}"


CHANCE_TYPES = (Layout, RoleCard, Deal, Draw, Nugget)


# ---- state -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RoundResult:
    """What the table saw at the end of a round (roles are shown then)."""

    round: int
    winner: str  # diggers | saboteurs
    roles: tuple  # per seat
    layout: tuple  # goal codes at positions 0..2
    maze: tuple  # the final maze
    goal_open: tuple
    finder: int  # the seat that reached the gold, or -1
    skipped: tuple  # Competitive: gold-diggers with a broken tool
    sab_gold: int  # what each saboteur got
    picks: tuple  # (seat, value) in the order the nugget cards were kept


@dataclass(frozen=True, slots=True)
class SabState:
    n: int
    dwarfs_on: bool
    variant: str
    round: int
    phase: str  # goals roles deal play draw orient help nuggets keep over
    to_move: int  # seat to act, to be dealt to, to draw, or to pick
    start: int  # first seat of this round
    dealt: int  # deal steps done in this phase
    goals: tuple  # goal codes at positions 0..2 (() before the layout)
    goal_open: tuple  # -1 face down, 0 upright, 1 turned
    roles: tuple  # "" not dealt, "D", "S"
    role_pool: tuple  # (saboteurs, gold-diggers) not dealt; one card is left at last
    hands: tuple
    pile: tuple  # the draw pile as a sorted multiset: its order is never stored
    maze: tuple  # sorted (x, y, code, rot)
    broken: tuple  # per seat: the broken tools, sorted letters
    peeks: tuple  # per seat: goal indices looked at this round
    up: tuple  # face-up discard pile (played action cards, rockfall victims)
    down: tuple  # per seat: cards discarded face down
    dwarfs: tuple  # standing dwarfs (x, y, owner)
    dwarfs_placed: int  # this round
    gold: tuple  # public gold per seat: promo nuggets, payments, saboteur rewards
    nuggets: tuple  # per seat: nugget card values (secret to the owner)
    nugget_pile: tuple
    spent: tuple  # nugget cards paid to a dwarf owner (shown openly)
    offer: tuple  # nugget cards being handed round
    to_draw: int
    pending: tuple  # orient: (goal,); help: (card, x, y, rot)
    helper: int  # the seat asked to help pay
    help_asked: bool  # the player already asked for help this turn
    finder: int
    last: int  # the seat that made the last move
    results: tuple  # RoundResult per finished round
    # sab.hidden: what the table saw each seat do this round, for bots' role
    # reading: (seat, kind, a, b) with kind "path"/"rock" (a, b: the front's
    # distance to the face-down goals before and after, see _front) or
    # "break"/"repair" (a: the target seat). Derived from the moves alone.
    record: tuple = ()


_FIELDS = tuple(f for f in SabState.__dataclass_fields__)


def replace(obj, **changes):
    """``dataclasses.replace`` without its per-call introspection (states have
    many fields and are replaced on every step)."""
    if type(obj) is not SabState:
        return _dc_replace(obj, **changes)
    return SabState(*[changes[f] if f in changes else getattr(obj, f) for f in _FIELDS])


def _illegal(code: str, rule: str, message: str, **params) -> Illegal:
    return Illegal(code, rule, message, tuple((k, str(v)) for k, v in params.items()))


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _net(s: SabState):
    return analyse(s.maze, s.goals, s.goal_open)


def _dwarf_at(s: SabState, x: int, y: int):
    for dx, dy, owner in s.dwarfs:
        if dx == x and dy == y:
            return owner
    return None


FAR = 20  # _front when no tunnel is open


def _front(s: SabState) -> int:
    """How near the tunnel is to the goals still face down, as everyone sees
    it: 0 when a flowing tunnel reaches one, else the least number of steps
    from an open space (no dwarf on it) to one of them; FAR when none is open."""
    return _front_of(s.maze, s.goals, s.goal_open, s.dwarfs)


@lru_cache(maxsize=512)  # bots meet the same position many times
def _front_of(maze: tuple, goals: tuple, goal_open: tuple, dwarfs: tuple) -> int:
    net = analyse(maze, goals, goal_open)
    down = [GOAL_CELLS[g] for g in range(3) if goal_open[g] < 0]
    if not down:
        return 0
    if any(goal_open[g] < 0 for g in net.reached):
        return 0
    dwarfed = {(d[0], d[1]) for d in dwarfs}
    best = FAR
    for x, y in net.open_cells:
        if (x, y) in dwarfed:
            continue
        for gx, gy in down:
            d = abs(x - gx) + abs(y - gy)
            if d < best:
                best = d
    return best


def can_pay(s: SabState, seat: int) -> bool:
    """sab.dwarf.pay: public gold, or a nugget card worth at least 1."""
    return s.gold[seat] > 0 or any(v > 0 for v in s.nuggets[seat])


def _may_help(s: SabState, seat: int) -> bool:
    """Asked to help only with gold in sight: public gold or any nugget card."""
    return s.gold[seat] > 0 or bool(s.nuggets[seat])


def _next_helper(s: SabState, payer: int, after: int) -> int:
    """sab.dwarf.help: the next seat in turn order after ``after`` (not the
    payer) that may help, or -1."""
    seat = after
    for _ in range(s.n):
        seat = (seat + 1) % s.n
        if seat == payer:
            return -1
        if _may_help(s, seat):
            return seat
    return -1


def _pay(s: SabState, payer: int, owner: int) -> SabState:
    """1 gold from payer to owner: public gold first, else the payer's smallest
    nugget card worth something, shown openly (it joins the owner's public gold)."""
    if payer == owner:
        return s
    if s.gold[payer] > 0:
        gold = _set(s.gold, payer, s.gold[payer] - 1)
        return replace(s, gold=_set(gold, owner, gold[owner] + 1))
    v = min(x for x in s.nuggets[payer] if x > 0)
    return replace(s, nuggets=_set(s.nuggets, payer, remove(s.nuggets[payer], v)),
                   gold=_set(s.gold, owner, s.gold[owner] + v), spent=add_sorted(s.spent, v))


def _eligible(s: SabState, res: RoundResult) -> list[int]:
    return [i for i in range(s.n) if res.roles[i] == "D" and i not in res.skipped]


def _ccw_next(eligible: list[int], seat: int, n: int) -> int:
    """The next eligible seat counter-clockwise after ``seat``."""
    for k in range(1, n + 1):
        cand = (seat - k) % n
        if cand in eligible:
            return cand
    return -1


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
        rules_version=1,
        options=(("dwarfs", True), ("variant", "classic")),
    )

    # ---- setup ---------------------------------------------------------------
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
            record=(),
        )
        return self._start_round(s, 1, 0)

    def _start_round(self, s: SabState, rnd: int, start: int) -> SabState:
        """sab.rounds: everything but the gold is set up afresh."""
        n = s.n
        empty = tuple(() for _ in range(n))
        return replace(
            s, round=rnd, phase="goals", to_move=start, start=start, dealt=0, goals=(),
            goal_open=(-1, -1, -1), roles=("",) * n, role_pool=ROLE_COUNTS[n], hands=empty,
            pile=DECK, maze=(), broken=("",) * n, peeks=empty, up=(), down=empty, dwarfs=(),
            dwarfs_placed=0, offer=(), to_draw=0, pending=(), helper=-1, help_asked=False,
            finder=-1, record=(),
        )

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
            return [Stone(g, r) for r in goal_fits(_net(s), g, s.goals[g])]
        if s.phase == "keep":
            return [Keep(v) for v in sorted(set(s.offer))]
        return self._play_actions(s, cur)

    def _play_actions(self, s: SabState, p: int) -> list:
        hand = sorted(set(s.hands[p]))
        net = _net(s)
        acts: list = []
        if not s.broken[p]:  # sab.tools
            tunnels = [c for c in hand if c in TUNNELS]
            if tunnels:
                for cell in sorted(net.open_cells):
                    owner = _dwarf_at(s, *cell)
                    if owner is not None and not self._may_build_on_dwarf(s, p, owner):
                        continue
                    need, forbid = net.open_cells[cell]
                    for c in tunnels:
                        for rot in ((0,) if c in SYMMETRIC else (0, 1)):
                            if fits(card_mask(c, rot), need, forbid):
                                acts.append(Path(c, cell[0], cell[1], rot))
        for c in hand:
            if c in BROKEN:
                tool = card_tools(c)
                acts += [Break(c, t) for t in range(s.n) if t != p and tool not in s.broken[t]]
            elif c in REPAIRS:
                acts += [Repair(c, t, tool) for tool in card_tools(c) for t in range(s.n)
                         if tool in s.broken[t]]
            elif c == "MAP":
                acts += [Map(c, g) for g in range(3) if s.goal_open[g] < 0]
            elif c == "FALL":
                acts += [Rockfall(c, x, y) for x, y, _, _ in s.maze]
        acts += [Discard(c) for c in hand]
        if s.dwarfs_on and s.dwarfs_placed < DWARFS:
            cells = [cell for cell in sorted(net.open_cells) if _dwarf_at(s, *cell) is None]
            acts += [Dwarf(c, x, y) for c in hand for x, y in cells]
        return acts

    def _may_build_on_dwarf(self, s: SabState, p: int, owner: int) -> bool:
        if owner == p or can_pay(s, p):
            return True
        return not s.help_asked and _next_helper(s, p, p) >= 0

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
            if a.rot not in goal_fits(_net(s), g, s.goals[g]):
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
        return self._check_play(s, player, a)

    def _check_play(self, s: SabState, p: int, a):
        kinds = ((Path, TUNNELS, "sab.path"), (Break, BROKEN, "sab.tools"),
                 (Repair, REPAIRS, "sab.repair"), (Map, {"MAP"}, "sab.map"),
                 (Rockfall, {"FALL"}, "sab.rockfall"), (Discard, CARDS, "sab.turn"),
                 (Dwarf, CARDS, "sab.dwarf.place"))
        for cls, family, rule in kinds:
            if isinstance(a, cls):
                if a.card not in family:
                    return _illegal("wrong-card", rule, "That card cannot be played that way.",
                                    card=a.card)
                break
        else:
            return _illegal("unknown-action", "sab.turn", "That is not a move in Saboteur.")
        if a.card not in s.hands[p]:
            return _illegal("not-in-hand", "sab.turn", "That card is not in your hand.", card=a.card)
        if isinstance(a, Path):
            return self._check_path(s, p, a)
        if isinstance(a, Break):
            if not 0 <= a.seat < s.n:
                return _illegal("no-seat", "sab.tools", "There is no such player.")
            if a.seat == p:
                return _illegal("self-break", "sab.tools",
                                "A broken tool is played in front of another player.")
            if card_tools(a.card) in s.broken[a.seat]:
                return _illegal("already-broken", "sab.tools",
                                "That player's tool is already broken.", seat=a.seat)
            return None
        if isinstance(a, Repair):
            if not 0 <= a.seat < s.n:
                return _illegal("no-seat", "sab.repair", "There is no such player.")
            if a.tool not in card_tools(a.card):
                return _illegal("wrong-tool", "sab.repair", "This card does not repair that tool.",
                                tool=a.tool)
            if a.tool not in s.broken[a.seat]:
                return _illegal("nothing-to-repair", "sab.repair",
                                "That tool is not broken.", seat=a.seat, tool=a.tool)
            return None
        if isinstance(a, Map):
            if s.goal_open[a.goal] >= 0:
                return _illegal("goal-open", "sab.map", "That goal card is already face up.")
            return None
        if isinstance(a, Rockfall):
            if not any(x == a.x and y == a.y for x, y, _, _ in s.maze):
                return _illegal("no-tunnel-there", "sab.rockfall",
                                "A rockfall removes a tunnel card; there is none there "
                                "(the start and the goals stay).")
            return None
        if isinstance(a, Dwarf):
            if not s.dwarfs_on:
                return _illegal("dwarfs-off", "sab.dwarf.place", "The dwarfs are not in this game.")
            if s.dwarfs_placed >= DWARFS:
                return _illegal("no-dwarf-left", "sab.dwarf.round",
                                "Both dwarfs have been used this round.")
            if (a.x, a.y) not in _net(s).open_cells or _dwarf_at(s, a.x, a.y) is not None:
                return _illegal("dwarf-cell", "sab.dwarf.place",
                                "A dwarf goes on a free space at an open end of the tunnel.")
            return None
        return None  # Discard

    def _check_path(self, s: SabState, p: int, a: Path):
        if s.broken[p]:
            return _illegal("tool-broken", "sab.tools",
                            "With a broken tool you cannot play path cards.")
        if a.rot and a.card in SYMMETRIC:
            return _illegal("same-turned", "sab.turn180", "Turned, this card looks the same.")
        net = _net(s)
        cell = (a.x, a.y)
        if cell in net.grid:
            return _illegal("cell-taken", "sab.path", "There is already a card there.")
        need, forbid, touching = constraints(net.grid, cell)
        if not touching:
            return _illegal("not-adjacent", "sab.path", "A path card goes next to a card in the maze.")
        mask = card_mask(a.card, a.rot)
        if not fits(mask, need, forbid):
            return _illegal("edge-mismatch", "sab.edges",
                            "Every edge must match its neighbour: tunnel to tunnel, rock to rock.")
        if not connects(net.grid, net.flowing, cell, mask):
            return _illegal("not-connected", "sab.connect",
                            "The card must join a tunnel that leads back to the start.")
        owner = _dwarf_at(s, a.x, a.y)
        if owner is not None and not self._may_build_on_dwarf(s, p, owner):
            return _illegal("dwarf-blocked", "sab.dwarf.pay",
                            "A dwarf stands there: you need 1 gold to build there.", owner=owner)
        return None

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
                return replace(s, roles=_set(s.roles, seat, a.role), role_pool=pool,
                               phase="deal", dealt=0)
            return replace(s, roles=_set(s.roles, seat, a.role), role_pool=pool, dealt=dealt)
        if isinstance(a, Deal):
            seat = (s.start + s.dealt) % s.n
            s = replace(s, hands=_set(s.hands, seat, add_sorted(s.hands[seat], a.card)),
                        pile=remove(s.pile, a.card), dealt=s.dealt + 1)
            if s.dealt == s.n * HAND_SIZE[s.n]:
                return replace(s, phase="play", to_move=s.start, dealt=0)
            return s
        if isinstance(a, Draw):
            p = s.to_move
            s = replace(s, hands=_set(s.hands, p, add_sorted(s.hands[p], a.card)),
                        pile=remove(s.pile, a.card))
            return self._end_turn(s)
        if isinstance(a, Nugget):
            s = replace(s, offer=add_sorted(s.offer, a.value),
                        nugget_pile=remove(s.nugget_pile, a.value), to_draw=s.to_draw - 1)
            return self._advance_keep(s) if s.to_draw == 0 else s
        if isinstance(a, Help):
            return self._help(s, a)
        if isinstance(a, Stone):
            g = a.goal
            s = replace(s, goal_open=_set(s.goal_open, g, a.rot), phase="play", pending=())
            return self._after_place(s)
        if isinstance(a, Keep):
            return self._keep(s, a.value)
        p = s.to_move
        hand = remove(s.hands[p], a.card)
        s = replace(s, hands=_set(s.hands, p, hand))
        if isinstance(a, Path):
            owner = _dwarf_at(s, a.x, a.y)
            if owner is not None:
                if owner != p and not can_pay(s, p):  # sab.dwarf.help: ask round the table
                    return replace(s, phase="help", pending=(a.card, a.x, a.y, a.rot),
                                   helper=_next_helper(s, p, p))
                s = self._remove_dwarf(_pay(s, p, owner), a.x, a.y)
            return self._place(s, a.card, a.x, a.y, a.rot)
        if isinstance(a, Break):
            t = a.seat
            s = replace(s, broken=_set(s.broken, t, "".join(sorted(s.broken[t] + card_tools(a.card)))),
                        record=s.record + ((p, "break", t, 0),))
            return self._after_card(s)
        if isinstance(a, Repair):
            t = a.seat
            s = replace(s, broken=_set(s.broken, t, s.broken[t].replace(a.tool, "")),
                        up=tuple(sorted(s.up + (a.card, "B" + a.tool))),
                        record=s.record + ((p, "repair", t, 0),))
            return self._after_card(s)
        if isinstance(a, Map):
            peeks = tuple(sorted(set(s.peeks[p]) | {a.goal}))
            s = replace(s, peeks=_set(s.peeks, p, peeks), up=add_sorted(s.up, a.card))
            return self._after_card(s)
        if isinstance(a, Rockfall):
            victim = next(m for m in s.maze if m[0] == a.x and m[1] == a.y)
            before = _front(s)
            s = replace(s, maze=remove(s.maze, victim), up=tuple(sorted(s.up + (a.card, victim[2]))))
            s = replace(s, record=s.record + ((p, "rock", before, _front(s)),))
            return self._after_card(s)
        if isinstance(a, Discard):
            s = replace(s, down=_set(s.down, p, add_sorted(s.down[p], a.card)))
            return self._after_card(s)
        if isinstance(a, Dwarf):  # sab.dwarf.place: no draw afterwards
            s = replace(s, down=_set(s.down, p, add_sorted(s.down[p], a.card)),
                        dwarfs=tuple(sorted(s.dwarfs + ((a.x, a.y, p),))),
                        dwarfs_placed=s.dwarfs_placed + 1)
            return self._end_turn(s)
        raise TypeError(f"not a Saboteur action: {a!r}")

    def _remove_dwarf(self, s: SabState, x: int, y: int) -> SabState:
        return replace(s, dwarfs=tuple(d for d in s.dwarfs if (d[0], d[1]) != (x, y)))

    def _help(self, s: SabState, a: Help) -> SabState:
        card, x, y, rot = s.pending
        p = s.to_move
        if a.give:
            owner = _dwarf_at(s, x, y)
            s = self._remove_dwarf(_pay(s, s.helper, owner), x, y)
            s = replace(s, phase="play", pending=(), helper=-1)
            return self._place(s, card, x, y, rot)
        nxt = _next_helper(s, p, s.helper)
        if nxt >= 0:
            return replace(s, helper=nxt)
        # nobody paid: the cell stays blocked, the card goes back to the hand
        return replace(s, phase="play", pending=(), helper=-1, help_asked=True,
                       hands=_set(s.hands, p, add_sorted(s.hands[p], card)))

    def _place(self, s: SabState, card: str, x: int, y: int, rot: int) -> SabState:
        before = _front(s)
        s = replace(s, maze=tuple(sorted(s.maze + ((x, y, card, rot),))))
        s = replace(s, record=s.record + ((s.to_move, "path", before, _front(s)),))
        return self._after_place(s)

    def _after_place(self, s: SabState) -> SabState:
        """sab.goal / sab.gold: turn over every goal the network now reaches."""
        while True:
            net = _net(s)
            reached = sorted(g for g in net.reached if s.goal_open[g] < 0)
            if not reached:
                return self._after_card(s)
            gold = [g for g in reached if s.goals[g] == "GOLD"]
            if gold:
                s = replace(s, goal_open=_set(s.goal_open, gold[0], 0), finder=s.to_move)
                return self._round_end(s, "diggers")
            g = reached[0]
            ways = goal_fits(net, g, s.goals[g])
            if len(ways) == 2:  # the placing player chooses
                return replace(s, phase="orient", pending=(g,))
            s = replace(s, goal_open=_set(s.goal_open, g, ways[0]))

    def _after_card(self, s: SabState) -> SabState:
        if s.pile:  # sab.turn: draw one if the pile is not empty
            return replace(s, phase="draw")
        return self._end_turn(s)

    def _end_turn(self, s: SabState) -> SabState:
        p = s.to_move
        s = replace(s, help_asked=False, last=p, phase="play")
        for k in range(1, s.n + 1):  # sab.empty: a seat with no cards is skipped
            seat = (p + k) % s.n
            if s.hands[seat]:
                return replace(s, to_move=seat)
        return self._round_end(s, "saboteurs")

    def _round_end(self, s: SabState, winner: str) -> SabState:
        p = s.to_move
        skipped = ()
        if winner == "diggers" and s.variant == "competitive":  # sab.variant.competitive
            skipped = tuple(i for i in range(s.n) if s.roles[i] == "D" and s.broken[i])
        res = RoundResult(round=s.round, winner=winner, roles=s.roles, layout=s.goals, maze=s.maze,
                          goal_open=s.goal_open, finder=s.finder, skipped=skipped, sab_gold=0,
                          picks=())
        s = replace(s, last=p, pending=(), helper=-1)
        if winner == "saboteurs":  # sab.saboteurs
            sabs = [i for i in range(s.n) if s.roles[i] == "S"]
            reward = SAB_REWARD.get(len(sabs), 0)
            gold = tuple(g + (reward if i in sabs else 0) for i, g in enumerate(s.gold))
            s = replace(s, gold=gold, results=s.results + (replace(res, sab_gold=reward),))
            return self._next_round(s)
        s = replace(s, results=s.results + (res,))
        eligible = _eligible(s, res)
        if not eligible:
            return self._next_round(s)
        # sab.share: as many cards as players (9 with ten); New mine: as many as gold-diggers
        if s.variant == "new_mine":
            count = sum(1 for r in s.roles if r == "D")
        else:
            count = 9 if s.n == 10 else s.n
        first = s.finder if s.finder in eligible else _ccw_next(eligible, s.finder, s.n)
        count = min(count, len(s.nugget_pile))
        s = replace(s, phase="nuggets", to_move=first, offer=(), to_draw=count)
        return self._advance_keep(s) if count == 0 else s

    def _keep(self, s: SabState, value: int) -> SabState:
        p = s.to_move
        res = s.results[-1]
        res = replace(res, picks=res.picks + ((p, value),))
        s = replace(s, nuggets=_set(s.nuggets, p, add_sorted(s.nuggets[p], value)),
                    offer=remove(s.offer, value), results=s.results[:-1] + (res,))
        if s.offer:
            s = replace(s, to_move=_ccw_next(_eligible(s, res), p, s.n))
        return self._advance_keep(s)

    def _advance_keep(self, s: SabState) -> SabState:
        """A picker with no real choice (one value left) keeps it at once."""
        if s.offer and len(set(s.offer)) == 1:
            return self._keep(s, s.offer[0])
        if s.offer:
            return replace(s, phase="keep")
        return self._next_round(s)

    def _next_round(self, s: SabState) -> SabState:
        if s.round >= ROUNDS:  # sab.win
            return replace(s, phase="over", offer=(), to_draw=0)
        return self._start_round(s, s.round + 1, (s.last + 1) % s.n)  # sab.rounds

    # ---- end -----------------------------------------------------------------
    def totals(self, s: SabState) -> tuple[int, ...]:
        return tuple(s.gold[i] + sum(s.nuggets[i]) for i in range(s.n))

    def outcome(self, s: SabState):
        if s.phase != "over":
            return None
        scores = self.totals(s)
        best = max(scores)
        return Outcome(
            scores=scores, winners=tuple(i for i in range(s.n) if scores[i] == best),
            reason="saboteur.end.rounds",
            details=(("rounds", [r.winner for r in s.results]),),
        )

    # ---- text ----------------------------------------------------------------
    def parse_action(self, text: str):
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

    def state_to_json(self, s: SabState) -> dict:
        return {
            "n": s.n, "dwarfs_on": s.dwarfs_on, "variant": s.variant, "round": s.round,
            "phase": s.phase, "to_move": s.to_move, "start": s.start, "dealt": s.dealt,
            "goals": list(s.goals), "goal_open": list(s.goal_open), "roles": list(s.roles),
            "role_pool": list(s.role_pool), "hands": [list(h) for h in s.hands],
            "pile": list(s.pile), "maze": [list(m) for m in s.maze], "broken": list(s.broken),
            "peeks": [list(p) for p in s.peeks], "up": list(s.up),
            "down": [list(d) for d in s.down], "dwarfs": [list(d) for d in s.dwarfs],
            "dwarfs_placed": s.dwarfs_placed, "gold": list(s.gold),
            "nuggets": [list(x) for x in s.nuggets], "nugget_pile": list(s.nugget_pile),
            "spent": list(s.spent), "offer": list(s.offer), "to_draw": s.to_draw,
            "pending": list(s.pending), "helper": s.helper, "help_asked": s.help_asked,
            "finder": s.finder, "last": s.last,
            "results": [_result_json(r, None, True) for r in s.results],
            "record": [list(e) for e in s.record],
        }

    def state_hash(self, s: SabState) -> str:
        """The record is left out: it follows from the moves alone, and saves
        made before it existed keep their hash (tests/games/data)."""
        data = self.state_to_json(s)
        del data["record"]
        return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:32]

    def state_from_json(self, d: dict) -> SabState:
        t = lambda xs: tuple(tuple(x) for x in xs)
        return SabState(
            n=d["n"], dwarfs_on=d["dwarfs_on"], variant=d["variant"], round=d["round"],
            phase=d["phase"], to_move=d["to_move"], start=d["start"], dealt=d["dealt"],
            goals=tuple(d["goals"]), goal_open=tuple(d["goal_open"]), roles=tuple(d["roles"]),
            role_pool=tuple(d["role_pool"]), hands=t(d["hands"]), pile=tuple(d["pile"]),
            maze=t(d["maze"]), broken=tuple(d["broken"]), peeks=t(d["peeks"]), up=tuple(d["up"]),
            down=t(d["down"]), dwarfs=t(d["dwarfs"]), dwarfs_placed=d["dwarfs_placed"],
            gold=tuple(d["gold"]), nuggets=t(d["nuggets"]), nugget_pile=tuple(d["nugget_pile"]),
            spent=tuple(d["spent"]), offer=tuple(d["offer"]), to_draw=d["to_draw"],
            pending=tuple(d["pending"]), helper=d["helper"], help_asked=d["help_asked"],
            finder=d["finder"], last=d["last"],
            results=tuple(_result_from_json(r) for r in d["results"]),
            record=t(d.get("record", ())),
        )

    # ---- information -----------------------------------------------------------
    def round_done(self, s: SabState) -> bool:
        return bool(s.results) and s.results[-1].round == s.round

    def view(self, s: SabState, viewer: int | None) -> dict:
        """sab.hidden: your role, hand, peeks, discards and nugget values are
        yours; roles are shown at the end of a round, nugget values at the end
        of the game; the rest is public."""
        me = viewer
        over = s.phase == "over"
        shown = over or self.round_done(s)
        laid = bool(s.goals)
        picker = s.phase in ("nuggets", "keep") and me == s.to_move
        turning = s.pending[0] if s.phase == "orient" else -1
        return {
            "game": self.info.id,
            "players": s.n,
            "viewer": me,
            "options": {"dwarfs": s.dwarfs_on, "variant": s.variant},
            "round": s.round,
            "phase": s.phase,
            "to_move": self.current_player(s),
            "turn": s.to_move,
            "start": s.start,
            "dealt": s.dealt,
            "role": (s.roles[me] or None) if me is not None else None,
            "roles": [(r or None) if (shown or i == me) else None for i, r in enumerate(s.roles)],
            "hand": list(s.hands[me]) if me is not None else None,
            "hand_sizes": [len(h) for h in s.hands],
            "pile_size": len(s.pile),
            "maze": [list(m) for m in s.maze],
            "goals_laid": laid,
            # a stone waiting to be turned has been turned over: everyone sees it
            "goals": [s.goals[g] if laid and (s.goal_open[g] >= 0 or turning == g) else None
                      for g in range(3)],
            "goal_open": list(s.goal_open),
            "seen_goals": [[g, s.goals[g]] for g in s.peeks[me]] if me is not None else [],
            "peeked": [list(p) for p in s.peeks],
            "broken": list(s.broken),
            "discard_up": list(s.up),
            "discard_counts": [len(d) for d in s.down],
            "my_discards": list(s.down[me]) if me is not None else None,
            "dwarfs": [list(d) for d in s.dwarfs],
            "dwarfs_placed": s.dwarfs_placed,
            "dwarfs_left": (DWARFS - s.dwarfs_placed) if s.dwarfs_on else 0,
            "gold": list(s.gold),
            "nugget_counts": [len(x) for x in s.nuggets],
            "nuggets": [list(x) if (over or i == me) else None for i, x in enumerate(s.nuggets)],
            "nugget_pile_size": len(s.nugget_pile),
            "spent": list(s.spent),
            "offer": list(s.offer) if picker or over else None,
            "offer_size": len(s.offer),
            "to_draw": s.to_draw,
            "pending": list(s.pending),
            "helper": s.helper,
            "help_asked": s.help_asked,
            "finder": s.finder,
            "last": s.last,
            "my_total": (s.gold[me] + sum(s.nuggets[me])) if me is not None else None,
            "totals": list(self.totals(s)) if over else None,
            "results": [_result_json(r, me, over) for r in s.results],
            "record": [list(e) for e in s.record],
        }

    def determinize(self, view: dict, viewer: int, rng: Rng) -> SabState:
        n = view["players"]
        me = viewer
        phase = view["phase"]
        start = view["start"]
        over = phase == "over"
        results = tuple(_result_from_json(r) for r in view["results"])
        shown = over or (bool(results) and results[-1].round == view["round"])
        # roles (sab.roles): the dealt ones you cannot see, and the spare card
        if phase == "goals":
            dealt_roles = 0
        elif phase == "roles":
            dealt_roles = view["dealt"]
        else:
            dealt_roles = n
        dealt_seats = [(start + k) % n for k in range(dealt_roles)]
        roles = [""] * n
        pool = Counter(role_set(n))
        for i in dealt_seats:
            if view["roles"][i] is not None:
                roles[i] = view["roles"][i]
                pool[roles[i]] -= 1
        # Weighted by what the table saw (sab.hidden: all of it is in the view):
        # see _role_table. The spare role card takes what is left.
        unseen = [i for i in dealt_seats if not roles[i]]
        left = {"S": pool["S"], "D": pool["D"]}
        if unseen:
            table = _role_table(view, me, tuple(unseen), left["S"], left["D"])
            combo = table[0][bisect_right(table[1], rng.below(table[1][-1]))]
            for i in unseen:
                roles[i] = "S" if i in combo else "D"
                left[roles[i]] -= 1
        role_pool = (left["S"], left["D"])
        # goals (sab.layout / sab.map): known ones fixed, the others shuffled
        goals: tuple = ()
        if view["goals_laid"]:
            if shown and results and results[-1].round == view["round"]:
                goals = tuple(results[-1].layout)
            else:
                known = {g: c for g, c in enumerate(view["goals"]) if c is not None}
                known.update({g: c for g, c in view["seen_goals"]})
                free = [c for c in GOALS if c not in known.values()]
                rng.shuffle(free)
                goals = tuple(known[g] if g in known else free.pop() for g in range(3))
        # cards: every card you have not seen is anywhere you cannot see
        hand = tuple(view["hand"])
        maze = tuple(tuple(m) for m in view["maze"])
        broken = tuple(view["broken"])
        pending = tuple(view["pending"])
        unseen = Counter(DECK)
        unseen.subtract(hand)
        unseen.subtract(view["my_discards"])
        unseen.subtract(m[2] for m in maze)
        unseen.subtract(view["discard_up"])
        unseen.subtract("B" + tool for b in broken for tool in b)
        if phase == "help":
            unseen.subtract([pending[0]])
        cards = sorted(unseen.elements())
        rng.shuffle(cards)
        hands, down = [], []
        for i in range(n):
            if i == me:
                hands.append(hand)
                down.append(tuple(view["my_discards"]))
                continue
            k = view["hand_sizes"][i]
            hands.append(tuple(sorted(cards[:k])))
            cards = cards[k:]
            k = view["discard_counts"][i]
            down.append(tuple(sorted(cards[:k])))
            cards = cards[k:]
        pile = tuple(sorted(cards))
        # nuggets (sab.hidden): others' values resampled from those you have not seen
        counts = view["nugget_counts"]
        if over:
            nuggets = tuple(tuple(x) for x in view["nuggets"])
            offer = tuple(view["offer"])
            left = Counter(nugget_set(view["options"]["variant"]))
            left.subtract(v for x in nuggets for v in x)
            left.subtract(view["spent"])
            left.subtract(offer)
            nugget_pile = tuple(sorted(left.elements()))
        else:
            mine = tuple(view["nuggets"][me])
            offer = tuple(view["offer"]) if view["offer"] is not None else None
            left = Counter(nugget_set(view["options"]["variant"]))
            left.subtract(mine)
            left.subtract(view["spent"])
            if offer is not None:
                left.subtract(offer)
            vals = sorted(left.elements())
            rng.shuffle(vals)
            nuggets = []
            for i in range(n):
                if i == me:
                    nuggets.append(mine)
                else:
                    nuggets.append(tuple(sorted(vals[:counts[i]])))
                    vals = vals[counts[i]:]
            if offer is None:
                offer = tuple(sorted(vals[:view["offer_size"]]))
                vals = vals[view["offer_size"]:]
            nuggets = tuple(nuggets)
            nugget_pile = tuple(sorted(vals))
        t = lambda xs: tuple(tuple(x) for x in xs)
        return SabState(
            n=n, dwarfs_on=view["options"]["dwarfs"], variant=view["options"]["variant"],
            round=view["round"], phase=phase, to_move=view["turn"], start=start,
            dealt=view["dealt"], goals=goals, goal_open=tuple(view["goal_open"]),
            roles=tuple(roles), role_pool=role_pool, hands=tuple(hands), pile=pile, maze=maze,
            broken=broken, peeks=t(view["peeked"]), up=tuple(view["discard_up"]),
            down=tuple(down), dwarfs=t(view["dwarfs"]), dwarfs_placed=view["dwarfs_placed"],
            gold=tuple(view["gold"]), nuggets=nuggets, nugget_pile=nugget_pile,
            spent=tuple(view["spent"]), offer=offer, to_draw=view["to_draw"], pending=pending,
            helper=view["helper"], help_asked=view["help_asked"], finder=view["finder"],
            last=view["last"], results=results, record=t(view["record"]),
        )

    def reveals(self, s: SabState, a) -> bool:
        """Map peeks, kept nuggets (the rest goes on to the next picker), and
        anything that turns a goal over or ends the round."""
        if isinstance(a, (Map, Keep)):
            return True
        if isinstance(a, (Path, Help, Stone)):
            after = self.apply_unchecked(s, a)
            return after.goal_open != s.goal_open or len(after.results) != len(s.results)
        if isinstance(a, (Discard, Break, Repair, Rockfall, Dwarf)):
            # the round ends (roles are shown) when the last card leaves the last hand
            return (not s.pile and len(s.hands[s.to_move]) == 1
                    and sum(len(h) for h in s.hands) == 1)
        return False

    def describe(self, s: SabState, player: int, a, viewer: int | None):
        key = "saboteur.log."
        p = s.to_move
        if isinstance(a, Layout):
            return (key + "goals", {"round": s.round})
        if isinstance(a, RoleCard):
            seat = (s.start + s.dealt) % s.n
            return (key + "role_own", {"seat": seat, "role": a.role}) if viewer == seat else None
        if isinstance(a, Deal):
            return None  # the hand shows it
        if isinstance(a, Draw):
            if viewer == p:
                return (key + "draw_own", {"seat": p, "card": a.card})
            return (key + "draw", {"seat": p})
        if isinstance(a, Nugget):
            if viewer == p:
                return (key + "nugget_own", {"seat": p, "value": a.value})
            return (key + "nugget", {"seat": p})
        if isinstance(a, Path):
            after = self.apply_unchecked(s, a)
            params = {"seat": p, "card": a.card, "x": a.x, "y": a.y, "turned": bool(a.rot)}
            owner = _dwarf_at(s, a.x, a.y)
            if after.phase == "help":
                return (key + "ask_help", dict(params, owner=owner))
            if len(after.results) > len(s.results) and after.results[-1].winner == "diggers":
                return (key + "path_gold", params)
            if owner is not None:
                return (key + "path_dwarf", dict(params, owner=owner))
            if after.goal_open != s.goal_open or after.phase == "orient":
                return (key + "path_goal", params)
            return (key + "path", params)
        if isinstance(a, Break):
            return (key + "broken", {"seat": p, "target": a.seat, "tool": card_tools(a.card)})
        if isinstance(a, Repair):
            return (key + "repair", {"seat": p, "target": a.seat, "tool": a.tool})
        if isinstance(a, Map):
            if viewer == p:
                return (key + "map_own", {"seat": p, "goal": a.goal + 1, "card": s.goals[a.goal]})
            return (key + "map", {"seat": p, "goal": a.goal + 1})
        if isinstance(a, Rockfall):
            victim = next((m[2] for m in s.maze if m[0] == a.x and m[1] == a.y), "")
            return (key + "rockfall", {"seat": p, "x": a.x, "y": a.y, "card": victim})
        if isinstance(a, Discard):
            if viewer == p:
                return (key + "discard_own", {"seat": p, "card": a.card})
            return (key + "discard", {"seat": p})
        if isinstance(a, Dwarf):
            params = {"seat": p, "x": a.x, "y": a.y}
            if viewer == p:
                return (key + "dwarf_own", dict(params, card=a.card))
            return (key + "dwarf", params)
        if isinstance(a, Help):
            owner = _dwarf_at(s, s.pending[1], s.pending[2])
            if a.give:
                return (key + "help_yes", {"seat": s.helper, "payer": p, "owner": owner})
            return (key + "help_no", {"seat": s.helper, "payer": p})
        if isinstance(a, Stone):
            return (key + "stone", {"seat": p, "goal": a.goal + 1, "turned": bool(a.rot)})
        if isinstance(a, Keep):
            if viewer == p:
                return (key + "keep_own", {"seat": p, "value": a.value})
            return (key + "keep", {"seat": p})
        return None

    # ---- bots ----------------------------------------------------------------
    def _prospect(self, s: SabState) -> float:
        """How likely the gold-diggers are to reach the gold this round, as a
        rough number in [0, 1] (bots only; the state is a determinisation)."""
        if self.round_done(s) or not s.goals:
            if self.round_done(s):
                return 1.0 if s.results[-1].winner == "diggers" else 0.0
            return 0.5
        gi = s.goals.index("GOLD")
        net = _net(s)
        open_cells = [c for c in net.open_cells if _dwarf_at(s, *c) is None]
        if open_cells:  # a dwarf's space counts as closed: it costs gold to open
            gx, gy = GOAL_CELLS[gi]
            dist = min(abs(x - gx) + abs(y - gy) for x, y in open_cells)
        else:
            dist = 10 if net.open_cells else 14
        # a narrow front is easier to block
        width = min(len(open_cells), 4) / 4.0
        diggers = [i for i in range(s.n) if s.roles[i] == "D"] or [0]
        blocked = sum(1 for i in diggers if s.broken[i]) / len(diggers)
        cards_left = len(s.pile) + sum(len(h) for h in s.hands)
        time = min(1.0, cards_left / 30.0)
        base = max(0.0, 1.0 - dist / 11.0)
        p = base * (0.55 + 0.3 * time + 0.15 * width) * (1.0 - 0.45 * blocked)
        return max(0.0, min(1.0, p))

    def heuristic(self, s: SabState, player: int) -> float:
        totals = self.totals(s)
        others = max(t for i, t in enumerate(totals) if i != player)
        standing = 1.0 / (1.0 + pow(2.718281828, -(totals[player] - others) / 3.0))
        if s.phase == "over":
            return standing
        role = s.roles[player] if not self.round_done(s) else ""
        if not role:
            return standing
        pr = self._prospect(s)
        mine = pr if role == "D" else 1.0 - pr
        if role == "D":  # a broken tool of your own hurts you twice
            mine -= 0.05 * len(s.broken[player])
        weight = 0.75 if s.round < ROUNDS else 0.6
        return max(0.0, min(1.0, weight * mine + (1.0 - weight) * standing))

    def _targets(self, s: SabState, p: int) -> list[int]:
        """The goals seat ``p`` may believe hold the gold, from what p knows:
        its own peeks and the face-up goals (a state here is a bot's
        determinisation, whose other goals are only guesses)."""
        known = [g for g in range(3) if g in s.peeks[p] or s.goal_open[g] >= 0]
        gold = [g for g in known if s.goals[g] == "GOLD"]
        return gold or [g for g in range(3) if g not in known] or [0, 1, 2]

    def sensible_actions(self, s: SabState, player: int):
        """Moves worth considering, from the player's own knowledge.

        A gold-digger extends the tunnel toward the goals it believes may
        hold the gold (peeked gold first, never a goal it saw was stone),
        clears dead ends in front, repairs its side and breaks suspected
        saboteurs' tools. A saboteur keeps a low profile while the front is
        far from the goals and the pile is full (discarding tunnels the
        diggers would want, which nobody sees; maps; breaking tools; no path,
        since every path is on the public record), then blocks openly: dead
        ends and turns at the front, rockfalls on the card nearest the gold,
        a dwarf on the front. The evaluation is local (no move is applied): bots call this at every
        node and playout step."""
        acts = self.legal_actions(s, player)
        if s.phase == "keep":
            return [Keep(max(s.offer))]
        if s.phase != "play" or len(acts) <= 1:
            return acts
        role = s.roles[player]
        net = _net(s)
        cells = [GOAL_CELLS[g] for g in self._targets(s, player)]
        hidden = {GOAL_CELLS[g] for g in range(3) if s.goal_open[g] < 0}

        seen: dict = {}

        def dist(c) -> int:
            d = seen.get(c)
            if d is None:
                d = seen[c] = min(abs(c[0] - gx) + abs(c[1] - gy) for gx, gy in cells)
            return d

        dwarfed = {(d[0], d[1]) for d in s.dwarfs}
        front = [c for c in net.open_cells if c not in dwarfed]
        far = dist(min(front, key=dist)) if front else 12
        early = role == "S" and far > 3 and len(s.pile) > 8
        best: list = []  # (score, action): lower is better
        also: list = []  # as good as the best
        other: list = []  # when nothing better is at hand
        for a in acts:
            if isinstance(a, Path):
                c = (a.x, a.y)
                here = dist(c)
                mask = card_mask(a.card, a.rot)
                if a.card in DEAD_END:
                    ends = None
                else:
                    ends = []
                    for side in (1, 2, 4, 8):
                        if mask & side:
                            dx, dy = DELTA[side]
                            nb = (c[0] + dx, c[1] + dy)
                            if nb in hidden and nb in cells:
                                ends.append(-1)  # reaches a goal that may be gold
                            elif nb not in net.grid:
                                ends.append(dist(nb))
                new = min(ends) if ends else None
                if role == "D":
                    if new is not None and new < far:
                        best.append((new, a))
                elif early:
                    pass  # nothing to read at the table: discards (below) instead
                elif here <= far and (new is None or new > far):
                    best.append((here - (2 if new is None else 0), a))  # block the front
            elif isinstance(a, Rockfall):
                victim = next(m for m in s.maze if m[0] == a.x and m[1] == a.y)
                d = dist((a.x, a.y))
                clears = role == "D" and victim[2] in DEAD_END  # a dead end in front
                cuts = (role == "S" and not early and victim[2] not in DEAD_END
                        and (a.x, a.y) in net.flowing)  # the tunnel nearest the gold
                if (clears or cuts) and d <= far + 1:
                    best.append((d, a))
            elif isinstance(a, Break):
                if (s.roles[a.seat] == "S") == (role == "D"):
                    (also if role == "S" and not early else other).append(a)
            elif isinstance(a, Repair):
                if a.seat == player or (s.roles[a.seat] == "D") == (role == "D"):
                    best.append((-5 if a.seat == player else 0, a))
            elif isinstance(a, Map):
                if len(cells) > 1 and (role == "D" or early):
                    (also if role == "D" and not s.peeks[player] else other).append(a)
            elif isinstance(a, Dwarf) and role == "S" and not early and dist((a.x, a.y)) <= far:
                also.append(a)
            elif isinstance(a, Discard) and early and a.card in TUNNELS and a.card not in DEAD_END:
                other.append(a)  # a tunnel the diggers would want, gone unseen
        if best or also:
            top = min((score for score, _ in best), default=0)
            return [a for score, a in best if score <= top + 1] + also
        if other:
            return other
        # nothing helps: throw away the least useful card
        drop = [a for a in acts if isinstance(a, Discard)
                and (a.card in DEAD_END) == (role == "D")]
        return drop or [a for a in acts if isinstance(a, Discard)] or acts


# ---- reading roles from the table (bots) -----------------------------------------
# How much likelier a play is from a saboteur than from a gold-digger. Counted
# in self-play of the easy bots (4, 5, 7 and 10 players, 48 games: e.g. of the
# paths that brought the tunnel nearer the goals 1,361 were a digger's and 12 a
# saboteur's), then pulled toward 1 so that no single play decides: people and
# stronger bots hide better than the easy bot does.
PATH_LR = {-1: 0.2, 0: 3.0, 1: 3.5}  # by the sign of (after - before)
ROCK_LR = {-1: 0.6, 0: 1.5, 1: 3.5}
DWARF_LR = 3.0
SAME_TEAM = {"break": 0.5, "repair": 2.0}  # a tool broken / mended for one's own side
_ROLE_TABLES: dict = {}


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _role_table(view: dict, me: int, unseen: tuple, sab_left: int, dig_left: int):
    """Every way to give the seats in ``unseen`` their roles, weighted by the
    chance of the deal (a spare role card may be left) times what the table
    saw them do this round: their paths and rockfalls (toward the goals or
    away), their dwarfs, and the tools they broke or mended for others (a
    gold-digger breaks a saboteur's tools and mends a digger's). Returns the
    saboteur sets and their cumulative integer weights; cached per view."""
    roles = view["roles"]
    record = view["record"]
    owners = tuple(sorted({d[2] for d in view["dwarfs"]}))
    key = (view["players"], me, unseen, sab_left, dig_left, tuple(map(tuple, record)), owners,
           tuple(roles))
    hit = _ROLE_TABLES.get(key)
    if hit is not None:
        return hit
    lr = dict.fromkeys(unseen, 1.0)
    for i in owners:
        if i in lr:
            lr[i] *= DWARF_LR
    pairs: dict = {}  # (a, b) -> factor when a and b are on the same side
    for seat, kind, a, b in record:
        if kind == "path" or kind == "rock":
            if seat in lr:
                lr[seat] *= (PATH_LR if kind == "path" else ROCK_LR)[_sign(b - a)]
        elif a != seat:
            f = SAME_TEAM[kind]
            known_a, known_b = roles[seat], roles[a]
            if seat in lr and a in lr:
                key2 = (min(seat, a), max(seat, a))
                pairs[key2] = pairs.get(key2, 1.0) * f
            elif seat in lr and known_b:  # f if seat is on known_b's side
                lr[seat] *= f if known_b == "S" else 1.0 / f
            elif a in lr and known_a:
                lr[a] *= f if known_a == "S" else 1.0 / f
    u = len(unseen)
    spare = sab_left + dig_left - u
    combos, weights = [], []
    for k in range(max(0, u - dig_left), min(u, sab_left) + 1):
        prior = comb(spare, sab_left - k)
        if not prior:
            continue
        for combo in combinations(unseen, k):
            w = float(prior)
            for i in combo:
                w *= lr[i]
            for (x, y), f in pairs.items():
                if (x in combo) == (y in combo):
                    w *= f
            combos.append(frozenset(combo))
            weights.append(w)
    top = max(weights)
    cum, total = [], 0
    for w in weights:
        total += max(1, int(w / top * 1_000_000))
        cum.append(total)
    table = (combos, cum)
    if len(_ROLE_TABLES) >= 32:
        _ROLE_TABLES.clear()
    _ROLE_TABLES[key] = table
    return table


def role_odds(view: dict, me: int) -> list:
    """For each seat, how likely it is a saboteur as ``me`` reads the table
    (1 or 0 where the role is known). For tests and the bots' docs."""
    n = view["players"]
    roles = view["roles"]
    pool = Counter(role_set(n))
    for r in roles:
        if r:
            pool[r] -= 1
    unseen = tuple(i for i in range(n) if not roles[i])
    if not unseen:
        return [1.0 if r == "S" else 0.0 for r in roles]
    combos, cum = _role_table(view, me, unseen, pool["S"], pool["D"])
    out = [1.0 if r == "S" else 0.0 for r in roles]
    prev = 0
    for combo, c in zip(combos, cum):
        for i in combo:
            out[i] += (c - prev) / cum[-1]
        prev = c
    return out



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


def _result_json(r: RoundResult, viewer: int | None, all_values: bool) -> dict:
    return {
        "round": r.round, "winner": r.winner, "roles": list(r.roles), "layout": list(r.layout),
        "maze": [list(m) for m in r.maze], "goal_open": list(r.goal_open), "finder": r.finder,
        "skipped": list(r.skipped), "sab_gold": r.sab_gold,
        "picks": [[seat, v if (all_values or seat == viewer) else None] for seat, v in r.picks],
    }


def _result_from_json(d: dict) -> RoundResult:
    return RoundResult(
        round=d["round"], winner=d["winner"], roles=tuple(d["roles"]), layout=tuple(d["layout"]),
        maze=tuple(tuple(m) for m in d["maze"]), goal_open=tuple(d["goal_open"]),
        finder=d["finder"], skipped=tuple(d["skipped"]), sab_gold=d["sab_gold"],
        picks=tuple((seat, v) for seat, v in d["picks"]),
    )


GAME = Saboteur()
