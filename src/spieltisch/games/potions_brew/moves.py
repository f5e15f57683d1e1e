"""Potions Brew: which moves are legal, and why one is not.

``legal_actions`` lists the moves of the step under way (the act step's lays,
moves and pass come from ``act_actions``, which also gives the bots' narrower
list); ``check`` explains a refused move with its clause id
(rules.md).
"""

from __future__ import annotations

from ...core.errors import Illegal
from ...core.game import CHANCE
from .actions import (
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
)
from .state import (
    ING,
    MAX_STACKS,
    NEEDS,
    REARRANGE_FROM,
    REC,
    SLOTS,
    TOTAL,
    PotState,
    _complete,
    _fits,
    _illegal,
    has_spider,
    laid_count,
    receivers,
    slot_of,
    stack_count,
    to_act,
)


def legal_actions(s: PotState, player: int | None = None) -> list:
    cur = to_act(s)
    if cur is None or cur == CHANCE or (player is not None and player != cur):
        return []
    step = s.step
    if step == "keep":
        return [Keep(c) for c in s.drawn]
    if step == "blind":
        return [Pick(1), Pick(2)]
    if step == "give":
        return [Give(c, r) for c in s.drawn for r in receivers(s)]
    if step == "both":
        return [BOTH]
    if step == "moon":
        return [Moon(True), Moon(False)]
    if step == "discard":
        return [Discard(c) for c in s.hands[cur]]
    if step == "act":
        return act_actions(s, cur)
    return []


def act_actions(s: PotState, p: int) -> list:
    """Lays, moves and pass, in this order (the act step's legal moves)."""
    return act_lists(s, p)[0]


def act_lists(s: PotState, p: int) -> tuple[list, list]:
    """The act step's legal moves, and the bots' narrower list of them: every
    lay and pass, but only the moves that brew or take a Toadstool or
    Mistletoe off the top of a stack. One pass for both (the bots ask for
    both at every act step of their play-outs)."""
    acts: list = []
    mine = s.stacks[p]
    count = stack_count(s, p)
    full = count >= MAX_STACKS
    left: list = []  # per slot: what the recipe still needs from p, or None
    for slot in range(SLOTS):
        r = s.recipes[slot]
        if r is None:
            left.append(None)
            continue
        need = dict(NEEDS[REC[r]])
        for c in mine[slot]:
            need[ING[c]] -= 1
        left.append(need)
    for c in s.hands[p]:
        k = ING[c]
        for slot in range(SLOTS):
            need = left[slot]
            if need is not None and need.get(k, 0) > 0 and not (full and not mine[slot]):
                acts.append(Lay(c, slot))
    sensible = list(acts)
    if laid_count(s, p) >= REARRANGE_FROM:
        for src in range(SLOTS):
            st = mine[src]
            single = len(st) == 1
            for c in st:
                k = ING[c]
                lift = k in ("T", "M") and st[-1] == c
                for slot in range(SLOTS):  # the checks of move_problem, without building refusals
                    need = left[slot]
                    if slot == src or need is None or need.get(k, 0) <= 0:
                        continue
                    target = mine[slot]
                    if not target and count + 1 - single > MAX_STACKS:
                        continue
                    move = Move(c, slot)
                    acts.append(move)
                    r = s.recipes[slot]
                    if lift or (len(target) + 1 == TOTAL[REC[r]] and _complete(target + (c,), r)):
                        sensible.append(move)
    acts.append(PASS)
    sensible.append(PASS)
    return acts, sensible


def move_problem(s: PotState, p: int, card: int, src: int, slot: int) -> Illegal | None:
    mine = s.stacks[p]
    if slot == src:
        return _illegal("same-recipe", "potions.rearrange",
                        "Move the ingredient to another recipe.")
    r = s.recipes[slot]
    if r is None:
        return _illegal("no-recipe", "potions.lay", "There is no recipe in that place.")
    if not _fits(mine[slot], r, card):
        return _illegal("not-needed", "potions.lay",
                        "That recipe does not need this ingredient (any more).", card=card)
    if not mine[slot]:
        after = stack_count(s, p) + 1 - (1 if len(mine[src]) == 1 else 0)
        if after > MAX_STACKS:
            return _illegal("five-recipes", "potions.cap",
                            "You already collect for 5 recipes.")
    return None


def check(s: PotState, player: int, a) -> Illegal | None:
    cur = to_act(s)
    if cur is None:
        return _illegal("game-over", "potions.win", "The game is over.")
    if isinstance(a, (Card, Order)):
        if player != CHANCE or cur != CHANCE:
            return _illegal("not-a-move", "core.chance", "Turning up cards is not a player's move.")
        if all(a != o for o, _ in chance_outcomes(s)):
            return _illegal("impossible-outcome", "core.chance", "That cannot happen now.")
        return None
    if cur == CHANCE:
        return _illegal("chance-to-act", "core.chance", "The cards are still being turned up.")
    if player != cur:
        if s.step == "blind":
            return _illegal("not-your-pick", "potions.blind",
                            "Another witch makes the blind pick now.", seat=cur)
        if s.step == "moon":
            return _illegal("not-your-moon", "potions.moonstone",
                            "Another witch decides about her Moonstone swap now.", seat=cur)
        return _illegal("not-your-turn", "potions.turn", "It is not your turn.", seat=cur)
    step = s.step
    expected = {"keep": Keep, "blind": Pick, "give": Give, "both": Both, "moon": Moon,
                "discard": Discard}
    if step in expected and not isinstance(a, expected[step]):
        return wrong_step(step)
    if step == "act" and not isinstance(a, (Lay, Move, Pass)):
        return _illegal("now-act", "potions.lay",
                        "Now lay an ingredient, rearrange one, or pass.")
    if isinstance(a, Keep):
        if a.card not in s.drawn:
            return _illegal("not-drawn", "potions.draw", "Keep one of the two cards you drew.")
        return None
    if isinstance(a, Pick):  # parse_action admits card 1 or 2 only
        return None
    if isinstance(a, Give):
        if a.card not in s.drawn:
            return _illegal("not-drawn", "potions.draw", "Give one of the two cards you drew.")
        if a.seat == s.turn or not (0 <= a.seat < s.n):
            return _illegal("give-self", "potions.mandrake", "Give the card to another witch.")
        if has_spider(s, a.seat):
            return _illegal("spider-protects", "potions.spider",
                            "That witch shows a Spider leg: she cannot be given a card to keep.",
                            seat=a.seat)
        return None
    if isinstance(a, (Both, Moon)):
        return None
    if isinstance(a, Discard):
        if a.card not in s.hands[player]:
            return _illegal("not-in-hand", "potions.turn", "That card is not in your hand.",
                            card=a.card)
        return None
    if isinstance(a, Pass):
        return None
    if isinstance(a, Lay):
        if a.card not in s.hands[player]:
            return _illegal("not-in-hand", "potions.turn", "That card is not in your hand.",
                            card=a.card)
        r = s.recipes[a.slot] if 0 <= a.slot < SLOTS else None
        if r is None:
            return _illegal("no-recipe", "potions.lay", "There is no recipe in that place.")
        mine = s.stacks[player][a.slot]
        if not _fits(mine, r, a.card):
            return _illegal("not-needed", "potions.lay",
                            "That recipe does not need this ingredient (any more).", card=a.card)
        if not mine and stack_count(s, player) >= MAX_STACKS:
            return _illegal("five-recipes", "potions.cap", "You already collect for 5 recipes.")
        return None
    if isinstance(a, Move):
        if laid_count(s, player) < REARRANGE_FROM:
            return _illegal("too-few-laid", "potions.rearrange",
                            "You may rearrange only with at least 3 ingredients laid out.")
        src = slot_of(s, player, a.card)
        if src < 0:
            return _illegal("not-laid", "potions.rearrange",
                            "That is not one of your laid-out ingredients.", card=a.card)
        if not 0 <= a.slot < SLOTS:
            return _illegal("no-recipe", "potions.lay", "There is no recipe in that place.")
        return move_problem(s, player, a.card, src, a.slot)
    return _illegal("unknown-action", "potions.turn", "That is not a move in this game.")


def wrong_step(step: str) -> Illegal:
    return {
        "keep": _illegal("now-keep", "potions.draw", "First keep one of the two cards you drew."),
        "blind": _illegal("now-pick", "potions.blind", "First pick one of the two face-down cards."),
        "give": _illegal("now-give", "potions.mandrake",
                         "First give one of the two cards to another witch."),
        "both": _illegal("now-both", "potions.spider_all",
                         "First take both cards: no witch may receive one."),
        "moon": _illegal("now-moon", "potions.moonstone",
                         "First say whether you swap with the discard pile."),
        "discard": _illegal("now-discard", "potions.handlimit",
                            "First discard down to 8 cards."),
    }[step]
