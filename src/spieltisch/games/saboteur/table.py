"""What the table shows: each seat's view, and the log lines it reads.

This module owns the information side of the rules (clause ``sab.hidden``):
``view`` is everything one seat (or a spectator) may know, JSON-safe, and
the only input bots and the board get; ``describe`` turns an action into a
catalogue key and its parameters for one reader, without telling anyone
what they may not see (another's drawn card, map result, discard or kept
nugget value).
"""

from __future__ import annotations

from .actions import (
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
)
from .cards import card_tools
from .dwarfs import DWARFS, dwarf_at, payment
from .rounds import round_over, seat_gold
from .state import SabState, result_json


def seat_view(s: SabState, viewer: int | None, to_move) -> dict:
    """sab.hidden: your role, hand, peeks, discards and nugget values are
    yours; roles are shown at the end of a round, nugget values at the end
    of the game; the rest is public."""
    me = viewer
    over = s.phase == "over"
    shown = over or round_over(s)
    laid = bool(s.goals)
    picker = s.phase in ("nuggets", "keep") and me == s.to_move
    turning = s.pending[0] if s.phase == "orient" else -1
    return {
        "game": "saboteur",
        "players": s.n,
        "viewer": me,
        # sab.dwarf.change: named only when off (a game saved before the rule),
        # so that views, and the bots' seeds drawn from them, stay as they were
        "options": ({"dwarfs": s.dwarfs_on, "variant": s.variant} if s.change
                    else {"dwarfs": s.dwarfs_on, "variant": s.variant, "dwarf_change": False}),
        "round": s.round,
        "phase": s.phase,
        "to_move": to_move,
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
        "totals": list(seat_gold(s)) if over else None,
        "results": [result_json(r, me, over) for r in s.results],
        "record": [list(e) for e in s.record],
    }


def log_line(s: SabState, a, viewer: int | None, apply) -> tuple | None:
    """The log line (catalogue key, params) of ``a`` played at ``s``, as
    ``viewer`` may read it (None: a line only others see; ``apply`` plays an
    action unchecked, to tell what a path card led to)."""
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
        after = apply(s, a)
        params = {"seat": p, "card": a.card, "x": a.x, "y": a.y, "at": f"{a.x},{a.y}", "turned": bool(a.rot)}
        owner = dwarf_at(s, a.x, a.y)
        if after.phase == "help":
            return (key + "ask_help", dict(params, owner=owner))
        if len(after.results) > len(s.results) and after.results[-1].winner == "diggers":
            return (key + "path_gold", params)
        if owner == p:  # sab.dwarf.pay: the owner builds for free
            return (key + "path_own_dwarf", params)
        if owner is not None:
            value, change = payment(s, p)
            if value and s.change:  # sab.dwarf.change
                return (key + "path_dwarf_card", dict(params, owner=owner, value=value,
                                                      change=change))
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
        return (key + "rockfall", {"seat": p, "x": a.x, "y": a.y, "at": f"{a.x},{a.y}", "card": victim})
    if isinstance(a, Discard):
        if viewer == p:
            return (key + "discard_own", {"seat": p, "card": a.card})
        return (key + "discard", {"seat": p})
    if isinstance(a, Dwarf):
        params = {"seat": p, "x": a.x, "y": a.y, "at": f"{a.x},{a.y}"}
        if viewer == p:
            return (key + "dwarf_own", dict(params, card=a.card))
        return (key + "dwarf", params)
    if isinstance(a, Help):
        owner = dwarf_at(s, s.pending[1], s.pending[2])
        if a.give:
            params = {"seat": s.helper, "payer": p, "owner": owner}
            value, change = payment(s, s.helper)
            if value and s.change and owner != s.helper:  # sab.dwarf.change
                return (key + "help_yes_card", dict(params, value=value, change=change))
            return (key + "help_yes", params)
        return (key + "help_no", {"seat": s.helper, "payer": p})
    if isinstance(a, Stone):
        return (key + "stone", {"seat": p, "goal": a.goal + 1, "turned": bool(a.rot)})
    if isinstance(a, Keep):
        if viewer == p:
            return (key + "keep_own", {"seat": p, "value": a.value})
        return (key + "keep", {"seat": p})
