"""Saboteur's cards as short codes (clause ``sab.cards``).

Sides are bits: N=1, E=2, S=4, W=8; north is up (y grows downwards, as on a
screen). A tunnel card's code lists its open sides in N E S W order, with a
trailing ``x`` for a dead end (its stubs meet neighbours but carry no flow).
Identical cards share one code and are interchangeable.

Action cards: ``MAP`` map, ``FALL`` rockfall, ``B<tool>`` broken tool,
``R<tools>`` repair (one or two tools). Tools: ``P`` pickaxe, ``L`` lamp,
``C`` cart. Goals: ``GOLD`` (a cross), ``SNE`` and ``SNW`` (stone corners).
Roles: ``D`` gold-digger, ``S`` saboteur. Nugget cards are their values.
"""

from __future__ import annotations

N, E, S, W = 1, 2, 4, 8
SIDES = (N, E, S, W)
DELTA = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
OPPOSITE = {N: S, S: N, E: W, W: E}
SIDE_LETTER = {N: "N", E: "E", S: "S", W: "W"}

TOOLS = ("C", "L", "P")  # cart, lamp, pickaxe (sorted: the order in state strings)

# sab.cards: 40 tunnel cards by shape (31 passages, 9 dead ends).
TUNNEL_COUNTS = {
    "NS": 4, "NSx": 1,
    "EW": 3, "EWx": 1,
    "NE": 5, "NEx": 1,
    "NW": 4, "NWx": 1,
    "NES": 5, "NESx": 1,
    "NEW": 5, "NEWx": 1,
    "NESW": 5, "NESWx": 1,
    "Nx": 1, "Ex": 1,
}
# sab.cards: 27 action cards.
ACTION_COUNTS = {
    "MAP": 6, "FALL": 3,
    "BP": 3, "BL": 3, "BC": 3,
    "RP": 2, "RL": 2, "RC": 2, "RLP": 1, "RCP": 1, "RCL": 1,
}
GOALS = ("GOLD", "SNE", "SNW")
GOAL_CELLS = ((8, -2), (8, 0), (8, 2))  # sab.layout: goal index 0, 1, 2 (top to bottom)
START = (0, 0)

# sab.cards: 28 nugget cards; the Old mine variant replaces the set.
NUGGETS = {"classic": {1: 16, 2: 8, 3: 4}, "old_mine": {0: 6, 1: 10, 2: 8, 3: 4}}

# sab.roles: (saboteurs, gold-diggers) shuffled per player count; one is left over.
ROLE_COUNTS = {3: (1, 3), 4: (1, 4), 5: (2, 4), 6: (2, 5), 7: (3, 5), 8: (3, 6), 9: (3, 7), 10: (4, 7)}
HAND_SIZE = {3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}  # sab.deal


def _mask(letters: str) -> int:
    return sum(bit for bit, ch in SIDE_LETTER.items() if ch in letters)


def turned(mask: int) -> int:
    """The sides after a 180° turn (sab.turn180)."""
    return ((mask << 2) | (mask >> 2)) & 15


TUNNEL_MASK = {code: _mask(code.rstrip("x")) for code in TUNNEL_COUNTS}
DEAD_END = frozenset(c for c in TUNNEL_COUNTS if c.endswith("x"))
SYMMETRIC = frozenset(c for c, m in TUNNEL_MASK.items() if turned(m) == m)
GOAL_MASK = {"GOLD": N | E | S | W, "SNE": N | E, "SNW": N | W}

DECK = tuple(sorted(c for counts in (TUNNEL_COUNTS, ACTION_COUNTS)
                    for c, k in counts.items() for _ in range(k)))
TUNNELS = frozenset(TUNNEL_COUNTS)
ACTIONS = frozenset(ACTION_COUNTS)
CARDS = TUNNELS | ACTIONS
BROKEN = frozenset(c for c in ACTIONS if c.startswith("B"))
REPAIRS = frozenset(c for c in ACTIONS if c.startswith("R"))


def card_mask(code: str, rot: int) -> int:
    m = TUNNEL_MASK[code]
    return turned(m) if rot else m


def goal_mask(code: str, rot: int) -> int:
    m = GOAL_MASK[code]
    return turned(m) if rot else m


def card_tools(code: str) -> str:
    """The tool letters named on a broken-tool or repair card."""
    return code[1:]


def nugget_set(variant: str) -> tuple[int, ...]:
    counts = NUGGETS["old_mine" if variant == "old_mine" else "classic"]
    return tuple(sorted(v for v, k in counts.items() for _ in range(k)))


def role_set(n: int) -> tuple[str, ...]:
    sab, dig = ROLE_COUNTS[n]
    return ("D",) * dig + ("S",) * sab


def remove(cards: tuple, card) -> tuple:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def add_sorted(cards: tuple, card) -> tuple:
    return tuple(sorted(cards + (card,)))
