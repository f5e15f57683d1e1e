"""Saboteur's state: one immutable record of the whole table, and its JSON.

This module owns the shape of a position: ``SabState`` (every field of the
table: phase, hands, pile, maze, goals, tools, dwarfs, gold, nugget cards,
what is pending, the finished rounds and this round's public record) and
``RoundResult`` (what the table saw at the end of a round), the fast
``replace`` used on every step, the small tuple helper ``set_at``, the
derived views of the maze every other module asks for (``net``, ``front``)
and the JSON round trip used by saves and views. It decides nothing about
the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as _dc_replace

from .maze import analyse, front_of


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
    # distance to the face-down goals before and after, see front) or
    # "break"/"repair" (a: the target seat). Derived from the moves alone.
    record: tuple = ()
    # sab.dwarf.change: a dwarf paid from a gold card worth 2 or 3 gives
    # change (the payer keeps the rest as public gold). False only for games
    # saved before that rule (option ``dwarf_change``): the whole card went
    # to the dwarf's owner.
    change: bool = True


_FIELDS = tuple(f for f in SabState.__dataclass_fields__)


def replace(obj, **changes):
    """``dataclasses.replace`` without its per-call introspection (states have
    many fields and are replaced on every step)."""
    if type(obj) is not SabState:
        return _dc_replace(obj, **changes)
    return SabState(*[changes[f] if f in changes else getattr(obj, f) for f in _FIELDS])



def set_at(t: tuple, i: int, v) -> tuple:
    """``t`` with item ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1:]


def net(s: SabState):
    """The analysed maze (cached per maze and goals)."""
    return analyse(s.maze, s.goals, s.goal_open)


def front(s: SabState) -> int:
    """sab.hidden: how near the tunnel is to the face-down goals (``front_of``)."""
    return front_of(s.maze, s.goals, s.goal_open, s.dwarfs)


# ---- JSON --------------------------------------------------------------------

def result_json(r: RoundResult, viewer: int | None, all_values: bool) -> dict:
    return {
        "round": r.round, "winner": r.winner, "roles": list(r.roles), "layout": list(r.layout),
        "maze": [list(m) for m in r.maze], "goal_open": list(r.goal_open), "finder": r.finder,
        "skipped": list(r.skipped), "sab_gold": r.sab_gold,
        "picks": [[seat, v if (all_values or seat == viewer) else None] for seat, v in r.picks],
    }


def result_from_json(d: dict) -> RoundResult:
    return RoundResult(
        round=d["round"], winner=d["winner"], roles=tuple(d["roles"]), layout=tuple(d["layout"]),
        maze=tuple(tuple(m) for m in d["maze"]), goal_open=tuple(d["goal_open"]),
        finder=d["finder"], skipped=tuple(d["skipped"]), sab_gold=d["sab_gold"],
        picks=tuple((seat, v) for seat, v in d["picks"]),
    )


def state_to_json(s: SabState) -> dict:
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
        "results": [result_json(r, None, True) for r in s.results],
        "record": [list(e) for e in s.record],
        "change": s.change,
    }


def state_from_json(d: dict) -> SabState:
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
        results=tuple(result_from_json(r) for r in d["results"]),
        record=t(d.get("record", ())),
        change=d.get("change", True),
    )
