"""The dwarf promo ("Brettspiel Adventskalender 2016"): dwarfs, their gold.

This module owns everything the promo adds to a turn (clauses
``sab.dwarf.*``): where a dwarf may stand and the refusal when it may not
(``check_dwarf``), who stands where (``dwarf_at``), who can pay or be asked
to help (``can_pay``, ``may_help``, ``next_helper``), how exactly 1 gold
moves from the payer to the dwarf's owner, with change from a gold card
(``payment``, ``pay``), building on a dwarf's space
(``build_on``: pay, or ask the table for help) and the answers to that
request (``answer_help``). Placing the card itself, once paid for, is the
round's business (``rounds.place``); the caller does it.
"""

from __future__ import annotations

from .actions import Dwarf, Help, _illegal
from .cards import add_sorted, remove
from .state import SabState, net, replace, set_at

DWARFS = 2  # sab.dwarf.round: two dwarfs, each placed once a round


def dwarf_at(s: SabState, x: int, y: int):
    """The owner of the dwarf on (x, y), or None."""
    for dx, dy, owner in s.dwarfs:
        if dx == x and dy == y:
            return owner
    return None


def can_pay(s: SabState, seat: int) -> bool:
    """sab.dwarf.pay: public gold, or a nugget card worth at least 1."""
    return s.gold[seat] > 0 or any(v > 0 for v in s.nuggets[seat])


def may_help(s: SabState, seat: int) -> bool:
    """Asked to help only with gold in sight: public gold or any nugget card."""
    return s.gold[seat] > 0 or bool(s.nuggets[seat])


def next_helper(s: SabState, payer: int, after: int) -> int:
    """sab.dwarf.help: the next seat in turn order after ``after`` (not the
    payer) that may help, or -1."""
    seat = after
    for _ in range(s.n):
        seat = (seat + 1) % s.n
        if seat == payer:
            return -1
        if may_help(s, seat):
            return seat
    return -1


def may_build_on_dwarf(s: SabState, p: int, owner: int) -> bool:
    """sab.dwarf.pay / sab.dwarf.help: the owner builds free; others pay, or
    ask for help once a turn while someone may give."""
    if owner == p or can_pay(s, p):
        return True
    return not s.help_asked and next_helper(s, p, p) >= 0


def payment(s: SabState, payer: int) -> tuple[int, int]:
    """How ``payer`` pays a dwarf: (0, 0) from public gold; else (value,
    change) of its smallest nugget card worth something, shown openly:
    sab.dwarf.change gives the payer ``value - 1`` back as public gold
    (nothing in a game saved before that rule, where the whole card went)."""
    if s.gold[payer] > 0:
        return 0, 0
    v = min(x for x in s.nuggets[payer] if x > 0)
    return v, (v - 1 if s.change else 0)


def pay(s: SabState, payer: int, owner: int) -> SabState:
    """sab.dwarf.pay / sab.dwarf.change: exactly 1 gold from payer to owner:
    public gold first, else the payer's smallest nugget card worth
    something, handed in openly (``spent``) with the change back to the
    payer as public gold. Before the change rule (``SabState.change`` off)
    the card's whole value went to the owner."""
    if payer == owner:
        return s
    v, change = payment(s, payer)
    if not v:
        gold = set_at(s.gold, payer, s.gold[payer] - 1)
        return replace(s, gold=set_at(gold, owner, gold[owner] + 1))
    nuggets = set_at(s.nuggets, payer, remove(s.nuggets[payer], v))
    if not s.change:
        return replace(s, nuggets=nuggets, gold=set_at(s.gold, owner, s.gold[owner] + v),
                       spent=add_sorted(s.spent, v))
    gold = set_at(s.gold, payer, s.gold[payer] + change)
    return replace(s, nuggets=nuggets, gold=set_at(gold, owner, gold[owner] + 1),
                   spent=add_sorted(s.spent, v))


def remove_dwarf(s: SabState, x: int, y: int) -> SabState:
    """sab.dwarf.pay: once paid, the dwarf goes back to the box for the round."""
    return replace(s, dwarfs=tuple(d for d in s.dwarfs if (d[0], d[1]) != (x, y)))


def build_on(s: SabState, p: int, card: str, x: int, y: int, rot: int) -> tuple[SabState, bool]:
    """Seat ``p`` builds ``card`` on (x, y) (the card already left the hand).
    Returns the state and whether the card is to be placed now: a dwarf there
    is paid for (sab.dwarf.pay), or, if p cannot pay, the card waits while
    the table is asked for help (sab.dwarf.help)."""
    owner = dwarf_at(s, x, y)
    if owner is None:
        return s, True
    if owner != p and not can_pay(s, p):  # sab.dwarf.help: ask round the table
        return replace(s, phase="help", pending=(card, x, y, rot),
                       helper=next_helper(s, p, p)), False
    return remove_dwarf(pay(s, p, owner), x, y), True


def answer_help(s: SabState, a: Help) -> tuple[SabState, tuple | None]:
    """sab.dwarf.help: the asked seat pays (the waiting card is to be placed:
    returned as (card, x, y, rot)) or not (the next seat is asked; after the
    last, the card goes back to the hand and the space stays blocked)."""
    card, x, y, rot = s.pending
    p = s.to_move
    if a.give:
        owner = dwarf_at(s, x, y)
        s = remove_dwarf(pay(s, s.helper, owner), x, y)
        return replace(s, phase="play", pending=(), helper=-1), (card, x, y, rot)
    nxt = next_helper(s, p, s.helper)
    if nxt >= 0:
        return replace(s, helper=nxt), None
    # nobody paid: the cell stays blocked, the card goes back to the hand
    return replace(s, phase="play", pending=(), helper=-1, help_asked=True,
                   hands=set_at(s.hands, p, add_sorted(s.hands[p], card))), None


def dwarf_actions(s: SabState, p: int, hand: list, open_cells) -> list:
    """sab.dwarf.place: every card of the hand on every free open space."""
    if not s.dwarfs_on or s.dwarfs_placed >= DWARFS:
        return []
    cells = [cell for cell in sorted(open_cells) if dwarf_at(s, *cell) is None]
    return [Dwarf(c, x, y) for c in hand for x, y in cells]


def check_dwarf(s: SabState, a: Dwarf):
    """sab.dwarf.place / sab.dwarf.round: why a dwarf may not go there, or None."""
    if not s.dwarfs_on:
        return _illegal("dwarfs-off", "sab.dwarf.place", "The dwarfs are not in this game.")
    if s.dwarfs_placed >= DWARFS:
        return _illegal("no-dwarf-left", "sab.dwarf.round",
                        "Both dwarfs have been used this round.")
    if (a.x, a.y) not in net(s).open_cells or dwarf_at(s, a.x, a.y) is not None:
        return _illegal("dwarf-cell", "sab.dwarf.place",
                        "A dwarf goes on a free space at an open end of the tunnel.")
    return None
