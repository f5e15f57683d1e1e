"""Potions Brew: what each seat may see, and the table's words for a move.

``view`` is a seat's knowledge (potions.hidden); ``determinize`` samples a
full state that agrees with it (for the bots); ``describe`` gives the log
line's key and values for a viewer; the state's JSON for saves.
"""

from __future__ import annotations

from ...core.rng import Rng
from .actions import Both, Card, Discard, Give, Keep, Lay, Moon, Move, Order, Pass, Pick
from .state import CARDS, REC, SLOTS, START_HAND, PotState, _complete, points, to_act

GAME_ID = "potions_brew"


def state_to_json(s: PotState) -> dict:
    return {
        "n": s.n, "step": s.step, "turn": s.turn, "turns": s.turns,
        "hands": [list(h) for h in s.hands],
        "stacks": [[list(st) for st in seat] for seat in s.stacks],
        "recipes": list(s.recipes), "top": s.top, "pile": list(s.pile),
        "discard": list(s.discard), "scores": list(s.scores),
        "brewed": [list(b) for b in s.brewed], "dealt": s.dealt, "drawn": list(s.drawn),
        "rule": s.rule, "picker": s.picker, "moon": [list(m) for m in s.moon],
        "need": list(s.need), "chance": s.chance, "reshuffles": s.reshuffles, "end": s.end,
        "short": s.short, "stall": s.stall,
    }


def state_from_json(d: dict) -> PotState:
    t = lambda xs: tuple(tuple(x) for x in xs)
    return PotState(
        n=d["n"], step=d["step"], turn=d["turn"], turns=d["turns"], hands=t(d["hands"]),
        stacks=tuple(t(seat) for seat in d["stacks"]), recipes=tuple(d["recipes"]),
        top=d["top"], pile=tuple(d["pile"]), discard=tuple(d["discard"]),
        scores=tuple(d["scores"]), brewed=t(d["brewed"]), dealt=d["dealt"],
        drawn=tuple(d["drawn"]), rule=d["rule"], picker=d["picker"], moon=t(d["moon"]),
        need=tuple(d["need"]), chance=d["chance"], reshuffles=d["reshuffles"], end=d["end"],
        short=d.get("short", False), stall=d.get("stall", 0),
    )


def sees_drawn(s: PotState, viewer: int | None) -> bool:
    """potions.hidden: the active witch looks at her two cards under the
    basic rule and Mandrake; blind cards (Toadstool, Mistletoe, Snake
    poison) are seen by nobody until they land."""
    return viewer is not None and viewer == s.turn and s.rule in ("", "D") and s.step != "blind"


def view(s: PotState, viewer: int | None) -> dict:
    """potions.hidden: you see the ingredient sides of your hand and the
    recipe sides of the others' hands; the recipes on the table and the
    draw pile's top show recipe sides; laid-out and discarded cards show
    ingredient sides (and are known cards); blind cards are hidden."""
    me = viewer
    see = sees_drawn(s, me)
    return {
        "game": GAME_ID,
        "players": s.n,
        "viewer": me,
        "step": s.step,
        "to_move": to_act(s),
        "turn": s.turn,
        "turns": s.turns,
        "round": s.turns // s.n + 1,
        "rule": s.rule,
        "picker": s.picker,
        "hand": list(s.hands[me]) if me is not None else None,
        "hands": [sorted(REC[c] for c in h) for h in s.hands],
        "stacks": [[list(st) for st in seat] for seat in s.stacks],
        "recipes": [REC[r] if r is not None else None for r in s.recipes],
        "top": REC[s.top] if s.top is not None else None,
        "pile_size": len(s.pile),
        "discard": list(s.discard),
        "scores": list(s.scores),
        "brewed": [[REC[c] for c in b] for b in s.brewed],
        "dealt": s.dealt,
        "drawn": list(s.drawn) if see else sorted(REC[c] for c in s.drawn),
        "drawn_seen": see,
        "moon": [[seat, card if seat == me else REC[card]] for seat, card in s.moon],
        "need": list(s.need),
        "chance": s.chance,
        "reshuffles": s.reshuffles,
        "end": s.end,
        "short": s.short,  # potions.stall: the draws since the last potion are public
        "stall": s.stall,
    }


def determinize(view: dict, viewer: int, rng: Rng) -> PotState:
    if view.get("viewer") != viewer or viewer is None:
        raise ValueError("determinize needs the view of the seat it samples for")
    n = view["players"]
    hand = tuple(view["hand"])
    stacks = tuple(tuple(tuple(st) for st in seat) for seat in view["stacks"])
    discard = tuple(view["discard"])
    known = set(hand) | set(discard) | {c for seat in stacks for st in seat for c in st}
    if view["drawn_seen"]:
        known |= set(view["drawn"])
    by_recipe: dict[str, list[int]] = {}
    for c in CARDS:
        if c not in known:
            by_recipe.setdefault(REC[c], []).append(c)
    for code in sorted(by_recipe):
        rng.shuffle(by_recipe[code])

    def take(code: str) -> int:
        return by_recipe[code].pop()

    hands = []
    for i in range(n):
        if i == viewer:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(take(code) for code in view["hands"][i])))
    moon = []
    for seat, card in view["moon"]:
        if seat != viewer:
            used = {c for s_, c in moon if s_ == seat}
            card = next(c for c in hands[seat] if REC[c] == card and c not in used)
        moon.append((seat, card))
    if view["drawn_seen"]:
        drawn = tuple(view["drawn"])
    else:
        drawn = [take(code) for code in view["drawn"]]
        rng.shuffle(drawn)
        drawn = tuple(drawn)
    top = take(view["top"]) if view["top"] is not None else None
    recipes = tuple(take(code) if code is not None else None for code in view["recipes"])
    brewed = tuple(tuple(take(code) for code in b) for b in view["brewed"])
    pile = tuple(sorted(c for cs in by_recipe.values() for c in cs))
    return PotState(
        n=n, step=view["step"], turn=view["turn"], turns=view["turns"],
        hands=tuple(hands), stacks=stacks, recipes=recipes, top=top, pile=pile,
        discard=discard, scores=tuple(view["scores"]), brewed=brewed, dealt=view["dealt"],
        drawn=drawn, rule=view["rule"], picker=view["picker"], moon=tuple(moon),
        need=tuple(view["need"]), chance=view["chance"], reshuffles=view["reshuffles"],
        end=view["end"], short=view["short"], stall=view["stall"],
    )


def reveals(s: PotState, a) -> bool:
    """Everything but rearranging and passing shows a card to someone."""
    return not isinstance(a, (Move, Pass))


def describe(s: PotState, player: int, a, viewer: int | None):
    key = "potions_brew.log."
    t = s.turn
    if isinstance(a, Card):
        if s.step == "deal" and START_HAND * s.n <= s.dealt < START_HAND * s.n + SLOTS:
            return (key + "recipe", {"recipe": REC[a.card]})
        if s.step == "deal" and s.dealt == START_HAND * s.n + SLOTS:
            return (key + "first_discard", {"card": a.card})
        return None
    if isinstance(a, Order):
        return None
    rule = s.rule or "basic"
    if isinstance(a, Keep):
        other = [c for c in s.drawn if c != a.card]
        return (key + "keep", {"seat": t, "card": other[0] if other else a.card, "rule": rule})
    if isinstance(a, Pick):
        chosen = s.drawn[a.pos - 1]
        if s.rule == "T":
            return (key + "pick_keep", {"picker": player, "seat": t, "rule": rule})
        return (key + "pick_discard", {"picker": player, "seat": t, "card": chosen, "rule": rule})
    if isinstance(a, Give):
        if viewer in (t, a.seat):
            return (key + "give_seen", {"seat": t, "to": a.seat, "card": a.card, "rule": rule})
        return (key + "give", {"seat": t, "to": a.seat, "recipe": REC[a.card], "rule": rule})
    if isinstance(a, Both):
        return (key + "both", {"seat": t, "rule": rule})
    if isinstance(a, Moon):
        seat, card = s.moon[0]
        if a.swap:
            return (key + "moon_swap", {"seat": seat, "card": card, "took": s.discard[-1]})
        return (key + "moon_keep", {"seat": seat})
    if isinstance(a, (Lay, Move)):
        recipe = s.recipes[a.slot]
        stack = s.stacks[t][a.slot] + (a.card,)
        kind = "lay" if isinstance(a, Lay) else "move"
        if _complete(stack, recipe):
            return (key + kind + "_brew", {"seat": t, "card": a.card, "recipe": REC[recipe],
                                           "points": points(recipe)})
        return (key + kind, {"seat": t, "card": a.card, "recipe": REC[recipe]})
    if isinstance(a, Pass):
        return (key + "pass", {"seat": t})
    if isinstance(a, Discard):
        return (key + "discard", {"seat": t, "card": a.card})
    return None

