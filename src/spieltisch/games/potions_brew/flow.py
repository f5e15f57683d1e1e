"""Potions Brew: applying a move, and the turn as a small step machine.

``apply`` plays a (legal) move. ``_advance`` draws what the gathering rule
needs and stops at the next decision (``step``) or chance event: the draw
pile lies recipe side up, so its top card (``top``) is known and a chance
outcome (``card:<n>``) turns up the next one. Brewing (``_after_lay``),
the Moonstone queue (``_received``), the hand limit and the next turn's
gathering rule (``_end_turn``, ``_start_turn``) are here too.
"""

from __future__ import annotations

from .actions import Both, Card, Discard, Give, Keep, Lay, Moon, Move, Order, Pass, Pick
from .state import (
    HAND_LIMIT,
    MAX_RESHUFFLES,
    SLOTS,
    STALL_CARDS,
    START_HAND,
    WIN_POINTS,
    PotState,
    _add,
    _complete,
    _remove,
    _set,
    from_round_two,
    has_moon,
    points,
    receivers,
    replace,
    slot_of,
    strongest,
    to_act,
    tops,
)


def apply(s: PotState, a) -> PotState:
    if isinstance(a, Card):
        return _card(s, a.card)
    if isinstance(a, Order):
        drawn = s.drawn[::-1] if a.swap else s.drawn
        return replace(s, drawn=drawn, chance="")
    p = to_act(s)
    if isinstance(a, Keep):
        other = [c for c in s.drawn if c != a.card] or [a.card]
        if len(s.drawn) > 1:
            s = replace(s, discard=s.discard + (other[0],))
        s = replace(s, hands=_set(s.hands, p, _add(s.hands[p], a.card)), drawn=())
        return _received(s, [(p, a.card)])
    if isinstance(a, Pick):
        chosen = s.drawn[a.pos - 1]
        other = s.drawn[2 - a.pos]
        t = s.turn
        hands = _set(s.hands, t, _add(s.hands[t], other))
        if s.rule == "T":  # potions.toadstool: the picker keeps it
            hands = _set(hands, p, _add(hands[p], chosen))
            s = replace(s, hands=hands, drawn=(), picker=-1)
            return _received(s, [(p, chosen), (t, other)])
        # potions.mistletoe / potions.snake: the picked card is discarded
        s = replace(s, hands=hands, discard=s.discard + (chosen,), drawn=(), picker=-1)
        return _received(s, [(t, other)])
    if isinstance(a, Give):
        other = next(c for c in s.drawn if c != a.card)
        hands = _set(s.hands, a.seat, _add(s.hands[a.seat], a.card))
        hands = _set(hands, p, _add(hands[p], other))
        return _received(replace(s, hands=hands, drawn=()),
                              [(a.seat, a.card), (p, other)])
    if isinstance(a, Both):
        hands = _set(s.hands, p, _add(s.hands[p], *s.drawn))
        got = [(p, c) for c in s.drawn]
        return _received(replace(s, hands=hands, drawn=()), got)
    if isinstance(a, Moon):
        seat, card = s.moon[0]
        if a.swap:
            old = s.discard[-1]
            hand = _add(_remove(s.hands[seat], card), old)
            s = replace(s, hands=_set(s.hands, seat, hand), discard=s.discard[:-1] + (card,))
        return _next_moon(replace(s, moon=s.moon[1:]))
    if isinstance(a, Lay):
        hands = _set(s.hands, p, _remove(s.hands[p], a.card))
        mine = s.stacks[p]
        mine = _set(mine, a.slot, mine[a.slot] + (a.card,))
        s = replace(s, hands=hands, stacks=_set(s.stacks, p, mine))
        return _after_lay(s, p, a.slot)
    if isinstance(a, Move):
        src = slot_of(s, p, a.card)
        mine = s.stacks[p]
        mine = _set(mine, src, _remove(mine[src], a.card))
        mine = _set(mine, a.slot, mine[a.slot] + (a.card,))
        s = replace(s, stacks=_set(s.stacks, p, mine))
        return _after_lay(s, p, a.slot)
    if isinstance(a, Pass):
        return _end_turn(s)
    if isinstance(a, Discard):
        s = replace(s, hands=_set(s.hands, p, _remove(s.hands[p], a.card)),
                    discard=s.discard + (a.card,))
        return _end_turn(s)
    raise TypeError(f"not a Potions Brew action: {a!r}")


def _card(s: PotState, card: int) -> PotState:
    pile = _remove(s.pile, card)
    if s.step == "deal":  # potions.setup
        k, n = s.dealt, s.n
        s = replace(s, pile=pile, dealt=k + 1)
        if k < START_HAND * n:
            seat = k % n
            return replace(s, hands=_set(s.hands, seat, _add(s.hands[seat], card)))
        if k < START_HAND * n + SLOTS:
            return replace(s, recipes=_set(s.recipes, k - START_HAND * n, card))
        if k == START_HAND * n + SLOTS:
            return replace(s, discard=(card,))
        return _start_turn(replace(s, top=card, chance=""))
    return _advance(replace(s, top=card, pile=pile, chance=""))


def _take_top(s: PotState) -> tuple[PotState, int]:
    card = s.top
    return replace(s, top=None, chance="card" if s.pile else ""), card


def _advance(s: PotState) -> PotState:
    """Draw what the turn needs, then stop at the next decision."""
    while s.need:
        if s.chance:
            return s
        src = s.need[0]
        if src == "d" and s.discard:  # potions.snake / potions.mandrake
            s = replace(s, drawn=s.drawn + (s.discard[-1],), discard=s.discard[:-1],
                        need=s.need[1:])
            continue
        if s.top is None:  # potions.reshuffle: every time (short: at most twice)
            if len(s.discard) >= 2 and (not s.short or s.reshuffles < MAX_RESHUFFLES):
                return replace(s, pile=tuple(sorted(s.discard[:-1])), discard=s.discard[-1:],
                               reshuffles=s.reshuffles + 1, chance="card")
            return _over(s, "cards")  # potions.cards_out
        s, card = _take_top(s)
        if src.startswith("r"):  # potions.brew: a new recipe from the draw pile
            s = replace(s, recipes=_set(s.recipes, int(src[1:]), card), need=s.need[1:])
        else:  # potions.stall counts the cards drawn for gathering
            s = replace(s, drawn=s.drawn + (card,), need=s.need[1:],
                        stall=s.stall if s.short else s.stall + 1)
    if s.chance:
        return s
    if s.step == "refill":
        return _end_turn(s)
    if s.step != "gather":
        return s
    rule = s.rule
    if rule == "":
        return replace(s, step="keep")
    if rule == "T":
        who = receivers(s)
        if not who:  # potions.spider_all
            return replace(s, step="both")
        return replace(s, step="blind", picker=who[0], chance="order")
    if rule in ("M", "S"):  # the card is set down: any witch may pick
        return replace(s, step="blind", picker=(s.turn + 1) % s.n, chance="order")
    if not receivers(s):  # potions.spider_all (Mandrake)
        return replace(s, step="both")
    return replace(s, step="give")


def _received(s: PotState, got: list[tuple[int, int]]) -> PotState:
    """potions.moonstone: each witch with a visible Moonstone (and no
    Spider leg) may swap a card she got with the discard pile's top;
    the others' cards first, the active witch's last."""
    got = sorted(got, key=lambda sc: sc[0] == s.turn)
    queue = tuple((seat, card) for seat, card in got if has_moon(s, seat))
    return _next_moon(replace(s, moon=queue, step="moon"))


def _next_moon(s: PotState) -> PotState:
    moon = s.moon
    while moon and (not s.discard or moon[0][1] not in s.hands[moon[0][0]]):
        moon = moon[1:]
    if moon:
        return replace(s, moon=moon, step="moon")
    return replace(s, moon=(), step="act")


def _after_lay(s: PotState, p: int, slot: int) -> PotState:
    stack = s.stacks[p][slot]
    recipe = s.recipes[slot]
    if not _complete(stack, recipe):
        return _end_turn(s)
    # potions.brew: discard the ingredients, take the recipe, score
    scores = _set(s.scores, p, s.scores[p] + points(recipe))
    stacks = s.stacks
    hands = s.hands
    for seat in range(s.n):
        st = stacks[seat][slot]
        if st and seat != p:  # potions.stacks: others' stacks go back to hand
            hands = _set(hands, seat, _add(hands[seat], *st))
        stacks = _set(stacks, seat, _set(stacks[seat], slot, ()))
    s = replace(s, scores=scores, stacks=stacks, hands=hands, discard=s.discard + stack,
                brewed=_set(s.brewed, p, s.brewed[p] + (recipe,)),
                recipes=_set(s.recipes, slot, None), stall=0)
    if scores[p] >= WIN_POINTS:  # potions.win
        return _over(s, "win")
    return _advance(replace(s, step="refill", need=(f"r{slot}",)))


def _end_turn(s: PotState) -> PotState:
    p = s.turn
    if len(s.hands[p]) > HAND_LIMIT:  # potions.handlimit
        return replace(s, step="discard")
    if not s.short and s.stall >= STALL_CARDS:  # potions.stall: a pass with no potion
        return _over(s, "stall")
    return _start_turn(replace(s, turn=(p + 1) % s.n, turns=s.turns + 1))


def _start_turn(s: PotState) -> PotState:
    rule = strongest(tops(s, s.turn)) if from_round_two(s) else ""
    need = ("p", "d") if rule in ("S", "D") else ("p", "p")
    return _advance(replace(s, step="gather", rule=rule, need=need, drawn=(),
                                 picker=-1, moon=()))


def _over(s: PotState, why: str) -> PotState:
    return replace(s, step="over", end=why, chance="", need=())

