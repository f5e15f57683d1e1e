"""Hexen Cocktail rules. Clause ids (``hexen.*``) match the rules page
(catalogue keys ``rules.hexen.*`` in ``spieltisch/i18n``) and the spec in rules.md.

Cards are short codes: a colour letter and a value. Ingredients: ``R B G Y P``
(red, blue, green, yellow, purple) and ``K`` (black, wild), values 0–6.
Potions: a colour letter and a value 4–14, e.g. ``G10``.

Why this size (~500 lines): the whole rules object of a small card game --
actions, state, legality, chance, scoring and bot hooks; split by concern each
part would be under 150 lines and read only together with the others.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ...core.action import action_text
from ...core.errors import BadActionText, Illegal
from ...core.game import CHANCE, Game, GameInfo, Outcome
from ...core.rng import Rng

COLOURS = ("R", "B", "G", "Y", "P")
WILD = "K"
SLOTS = 5
ZEROS_EACH = 2
NUMBERED_EACH = {2: 12, 3: 12, 4: 11, 5: 9, 6: 8, 7: 7, 8: 6}  # hexen.deal
POTION_VALUES = (4, 6, 8, 10, 12, 14)


def _build_deck() -> tuple[str, ...]:  # hexen.cards
    deck = []
    for c in COLOURS:
        deck += [f"{c}{v}" for v in (1, 1, 2, 2, 3, 3, 4, 4, 5, 6)]
        deck += [f"{c}0"] * 3
    deck += [f"{WILD}{v}" for v in range(1, 7)]
    deck.append(f"{WILD}0")
    return tuple(sorted(deck))


DECK = _build_deck()
POTIONS = tuple(sorted(f"{c}{v}" for c in COLOURS for v in POTION_VALUES))
_DECK_SET = frozenset(DECK)
_POTION_SET = frozenset(POTIONS)


def card_value(card: str) -> int:
    return int(card[1:])


def card_colour(card: str) -> str:
    return card[0]


def hand_points(card: str) -> int:
    """hexen.score: a 0-card left in hand counts 10."""
    v = card_value(card)
    return 10 if v == 0 else v


def _remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _add_sorted(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted(cards + (card,)))


# ---- actions -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Play:
    card: str
    row: int  # 0-based; text is 1-based

    def __str__(self) -> str:
        return f"play:{self.card}:{self.row + 1}"


@action_text("take")
@dataclass(frozen=True, slots=True)
class Take:
    card: str


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@action_text("deal")
@dataclass(frozen=True, slots=True)
class Deal:  # chance: the next card dealt (to the seat the state names)
    card: str


@action_text("potion")
@dataclass(frozen=True, slots=True)
class Reveal:  # chance: a potion laid into the first empty slot that waits
    potion: str


PASS = Pass()


# ---- state -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HexenState:
    n: int
    phase: str  # potions | deal | play | pick | refill | bonus | over
    to_move: int  # seat to act (or to be dealt to)
    hands: tuple[tuple[str, ...], ...]
    known: tuple[tuple[str, ...], ...]  # cards everyone saw enter a hand
    unseen_zeros: tuple[int, ...]  # dealt zeros still in each hand (public count)
    rows: tuple[tuple[str, ...], ...]
    potions: tuple[str | None, ...]
    potion_pool: tuple[str, ...]  # potions not yet laid out
    undealt: tuple[str, ...]  # ingredient cards never dealt: seen by nobody
    taken: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    dealt: int = 0  # deal steps done
    row: int = -1  # the exploded row (pick / refill)
    bonus_next: bool = False  # after this explosion the player may play again
    in_bonus: bool = False  # the play under way is the bonus play
    end_triggered: bool = False
    end_reason: str = ""


def _deal_plan(n: int) -> int:
    return n * (ZEROS_EACH + NUMBERED_EACH[n])


# ---- the game ----------------------------------------------------------------

def _illegal(code: str, rule: str, message: str, **params) -> Illegal:
    return Illegal(code, rule, message, tuple((k, str(v)) for k, v in params.items()))


class HexenCocktail(Game):
    info = GameInfo(
        id="hexen_cocktail",
        title="Hexen Cocktail",
        min_players=2,
        max_players=8,
        perfect_information=False,
        max_length=600,
        rules_version=1,
        options=(),
        play_minutes=15,  # docs/ui.md, "The hub's tiles"
    )

    # ---- setup ---------------------------------------------------------------
    def new_state(self, players: int, options: dict | None = None) -> HexenState:
        self.check_players(players)
        self.normalize_options(options)
        empty = tuple(() for _ in range(players))
        return HexenState(
            n=players, phase="potions", to_move=0, hands=empty, known=empty,
            unseen_zeros=(0,) * players, rows=((),) * SLOTS, potions=(None,) * SLOTS,
            potion_pool=POTIONS, undealt=DECK, taken=empty, discard=(),
        )

    def num_players(self, state: HexenState) -> int:
        return state.n

    # ---- flow ----------------------------------------------------------------
    def current_player(self, s: HexenState):
        if s.phase == "over":
            return None
        if s.phase in ("potions", "deal", "refill"):
            return CHANCE
        return s.to_move

    def chance_outcomes(self, s: HexenState):
        if s.phase in ("potions", "refill"):
            return [(Reveal(p), 1) for p in s.potion_pool]
        if s.phase == "deal":
            zeros = s.dealt < ZEROS_EACH * s.n  # hexen.deal: two 0-cards each first
            counts = Counter(c for c in s.undealt if (card_value(c) == 0) == zeros)
            return [(Deal(c), k) for c, k in sorted(counts.items())]
        return []

    def legal_actions(self, s: HexenState, player: int | None = None):
        if player is not None and player != self.current_player(s):
            return []
        if s.phase in ("play", "bonus"):
            rows = [i for i, p in enumerate(s.potions) if p is not None]
            acts = [Play(c, r) for c in sorted(set(s.hands[s.to_move])) for r in rows]
            if s.phase == "bonus":
                acts.append(PASS)
            return acts
        if s.phase == "pick":
            return [Take(c) for c in sorted(set(s.rows[s.row]))]
        return []

    def check(self, s: HexenState, player: int, action):
        cur = self.current_player(s)
        if cur is None:
            return _illegal("game-over", "hexen.end", "The game is over.")
        if isinstance(action, (Deal, Reveal)):
            if player != CHANCE or cur != CHANCE:
                return _illegal("not-a-move", "hexen.deal", "Dealing and laying out potions is not a player's move.")
            if all(str(a) != str(action) for a, _ in self.chance_outcomes(s)):
                return _illegal("impossible-outcome", "hexen.deal", "That card cannot be dealt now.")
            return None
        if cur == CHANCE:
            return _illegal("chance-to-act", "hexen.deal", "Cards are still being dealt.")
        if player != cur:
            return _illegal("not-your-turn", "hexen.turn", "It is not your turn.", seat=cur)
        if isinstance(action, Play):
            if s.phase == "pick":
                return _illegal("must-take", "hexen.explosion",
                                "First take one card of the exploded row into your hand.")
            if not (0 <= action.row < SLOTS) or s.potions[action.row] is None:
                return _illegal("no-potion", "hexen.potions", "There is no potion in that row.")
            if action.card not in s.hands[player]:
                return _illegal("not-in-hand", "hexen.turn", "That card is not in your hand.", card=action.card)
            return None
        if isinstance(action, Take):
            if s.phase != "pick":
                return _illegal("no-explosion", "hexen.explosion",
                                "You take a card only after your potion exploded.")
            if action.card not in s.rows[s.row]:
                return _illegal("not-in-row", "hexen.explosion",
                                "Take a card from the row that exploded.", card=action.card)
            return None
        if isinstance(action, Pass):
            if s.phase == "pick":
                return _illegal("must-take", "hexen.explosion",
                                "First take one card of the exploded row into your hand.")
            if s.phase != "bonus":
                return _illegal("no-passing", "hexen.turn",
                                "You cannot pass: play exactly one card.")
            return None
        return _illegal("unknown-action", "hexen.turn", "That is not a move in this game.")

    @staticmethod
    def explodes(potion: str, row: tuple[str, ...], card: str) -> bool:
        """hexen.test: wrong colour (black matches all) or the row's sum,
        the new card included, is over the potion's value."""
        colour = card_colour(card)
        if colour != WILD and colour != card_colour(potion):
            return True
        return sum(card_value(c) for c in row) + card_value(card) > card_value(potion)

    def apply_unchecked(self, s: HexenState, a) -> HexenState:
        if isinstance(a, Reveal):
            pool = _remove(s.potion_pool, a.potion)
            if s.phase == "potions":
                slot = s.potions.index(None)
                potions = s.potions[:slot] + (a.potion,) + s.potions[slot + 1:]
                phase = "potions" if None in potions else "deal"
                return replace(s, potions=potions, potion_pool=pool, phase=phase)
            potions = s.potions[:s.row] + (a.potion,) + s.potions[s.row + 1:]
            s = replace(s, potions=potions, potion_pool=pool, row=-1)
            return self._after_explosion(s)
        if isinstance(a, Deal):
            seat = s.dealt % s.n
            hands = _set(s.hands, seat, _add_sorted(s.hands[seat], a.card))
            zeros = s.unseen_zeros
            if card_value(a.card) == 0:
                zeros = _set(zeros, seat, zeros[seat] + 1)
            dealt = s.dealt + 1
            phase = "deal" if dealt < _deal_plan(s.n) else "play"
            return replace(s, hands=hands, unseen_zeros=zeros, undealt=_remove(s.undealt, a.card),
                           dealt=dealt, phase=phase, to_move=0)
        p = s.to_move
        if isinstance(a, Play):
            return self._play(s, p, a)
        if isinstance(a, Take):
            row = s.rows[s.row]
            rest = _remove(row, a.card)
            s = replace(
                s,
                hands=_set(s.hands, p, _add_sorted(s.hands[p], a.card)),
                known=_set(s.known, p, _add_sorted(s.known[p], a.card)),
                rows=_set(s.rows, s.row, ()),
                discard=s.discard + rest,
            )
            if s.potion_pool:  # hexen.explosion: a new potion is laid in the slot
                return replace(s, phase="refill")
            return self._after_explosion(replace(s, row=-1))
        if isinstance(a, Pass):
            return self._end_turn(s)
        raise TypeError(f"not a Hexen Cocktail action: {a!r}")

    def _play(self, s: HexenState, p: int, a: Play) -> HexenState:
        hand = _remove(s.hands[p], a.card)
        known, zeros = s.known, s.unseen_zeros
        if a.card in known[p]:
            known = _set(known, p, _remove(known[p], a.card))
        elif card_value(a.card) == 0:
            zeros = _set(zeros, p, zeros[p] - 1)
        potion = s.potions[a.row]
        boom = self.explodes(potion, s.rows[a.row], a.card)
        rows = _set(s.rows, a.row, s.rows[a.row] + (a.card,))
        s = replace(s, hands=_set(s.hands, p, hand), known=known, unseen_zeros=zeros, rows=rows)
        if not boom:
            if not hand:  # hexen.end: last card played without an explosion
                s = replace(s, end_triggered=True)
            return self._end_turn(s)
        # hexen.explosion: the player takes the potion card
        taken = _set(s.taken, p, s.taken[p] + (potion,))
        potions = _set(s.potions, a.row, None)
        s = replace(s, taken=taken, potions=potions, row=a.row,
                    bonus_next=not s.in_bonus, in_bonus=False)
        if not s.potion_pool and all(x is None for x in potions):
            # hexen.end: every potion has been taken -> the game ends at once
            return replace(s, phase="over", discard=s.discard + s.rows[a.row],
                           rows=_set(s.rows, a.row, ()), row=-1, end_reason="potions")
        return replace(s, phase="pick")

    def _after_explosion(self, s: HexenState) -> HexenState:
        if s.bonus_next:  # hexen.bonus: one more card at once, or decline
            return replace(s, phase="bonus", bonus_next=False, in_bonus=True)
        return self._end_turn(s)

    def _end_turn(self, s: HexenState) -> HexenState:
        s = replace(s, in_bonus=False, bonus_next=False)
        n = s.n
        seat = s.to_move
        for _ in range(n):
            seat += 1
            if seat == n:
                if s.end_triggered:  # hexen.end: the round is completed
                    return replace(s, phase="over", end_reason="hand")
                seat = 0
            if s.hands[seat]:
                return replace(s, phase="play", to_move=seat)
        return replace(s, phase="over", end_reason="hand")

    # ---- end -----------------------------------------------------------------
    def scores(self, s: HexenState) -> tuple[int, ...]:
        """hexen.score: potion values taken + hand cards (0 counts 10)."""
        return tuple(
            sum(card_value(p) for p in s.taken[i]) + sum(hand_points(c) for c in s.hands[i])
            for i in range(s.n)
        )

    def outcome(self, s: HexenState):
        if s.phase != "over":
            return None
        scores = self.scores(s)
        best = min(scores)
        tied = [i for i in range(s.n) if scores[i] == best]
        fewest = min(len(s.taken[i]) for i in tied)  # hexen.ties
        winners = tuple(i for i in tied if len(s.taken[i]) == fewest)
        return Outcome(
            scores=scores, winners=winners, low_wins=True,
            reason=f"hexen_cocktail.end.{s.end_reason}",
            details=(("potions_taken", [len(t) for t in s.taken]),),
        )

    # ---- text ----------------------------------------------------------------
    def parse_action(self, text: str):
        if not isinstance(text, str):
            raise BadActionText(_illegal("bad-text", "hexen.turn", "That is not a move."), repr(text))
        # only the canonical text parses (docs/engine.md): no stripping of whitespace
        parts = text.split(":")
        kind = parts[0]
        try:
            if kind == "pass" and len(parts) == 1:
                return PASS
            if kind == "play" and len(parts) == 3:
                card, row = parts[1], int(parts[2]) - 1
                if card in _DECK_SET and 0 <= row < SLOTS and parts[2] == str(row + 1):
                    return Play(card, row)
            if kind == "take" and len(parts) == 2 and parts[1] in _DECK_SET:
                return Take(parts[1])
            if kind == "deal" and len(parts) == 2 and parts[1] in _DECK_SET:
                return Deal(parts[1])
            if kind == "potion" and len(parts) == 2 and parts[1] in _POTION_SET:
                return Reveal(parts[1])
        except ValueError:
            pass
        raise BadActionText(
            _illegal("bad-text", "hexen.turn", "That is not a move in Hexen Cocktail.", text=text[:40]),
            text[:40],
        )

    def state_to_json(self, s: HexenState) -> dict:
        return {
            "n": s.n, "phase": s.phase, "to_move": s.to_move,
            "hands": [list(h) for h in s.hands], "known": [list(k) for k in s.known],
            "unseen_zeros": list(s.unseen_zeros), "rows": [list(r) for r in s.rows],
            "potions": list(s.potions), "potion_pool": list(s.potion_pool),
            "undealt": list(s.undealt), "taken": [list(t) for t in s.taken],
            "discard": list(s.discard), "dealt": s.dealt, "row": s.row,
            "bonus_next": s.bonus_next, "in_bonus": s.in_bonus,
            "end_triggered": s.end_triggered, "end_reason": s.end_reason,
        }

    def state_from_json(self, d: dict) -> HexenState:
        t = lambda xs: tuple(tuple(x) for x in xs)
        return HexenState(
            n=d["n"], phase=d["phase"], to_move=d["to_move"], hands=t(d["hands"]),
            known=t(d["known"]), unseen_zeros=tuple(d["unseen_zeros"]), rows=t(d["rows"]),
            potions=tuple(d["potions"]), potion_pool=tuple(d["potion_pool"]),
            undealt=tuple(d["undealt"]), taken=t(d["taken"]), discard=tuple(d["discard"]),
            dealt=d["dealt"], row=d["row"], bonus_next=d["bonus_next"], in_bonus=d["in_bonus"],
            end_triggered=d["end_triggered"], end_reason=d["end_reason"],
        )

    # ---- information -----------------------------------------------------------
    def view(self, s: HexenState, viewer: int | None) -> dict:
        """hexen.hidden: others see hand sizes, not cards; rows, taken potions
        and the potions still to come are public."""
        return {
            "game": self.info.id,
            "players": s.n,
            "viewer": viewer,
            "phase": s.phase,
            "to_move": self.current_player(s),
            "turn": s.to_move,
            "hand": list(s.hands[viewer]) if viewer is not None else None,
            "hand_sizes": [len(h) for h in s.hands],
            "known": [list(k) for k in s.known],
            "unseen_zeros": list(s.unseen_zeros),
            "rows": [list(r) for r in s.rows],
            "potions": list(s.potions),
            "potion_pool": list(s.potion_pool),
            "taken": [list(t) for t in s.taken],
            "discard": list(s.discard),
            "dealt": s.dealt,
            "row": s.row,
            "bonus_next": s.bonus_next,
            "in_bonus": s.in_bonus,
            "end_triggered": s.end_triggered,
            "end_reason": s.end_reason,
            "penalty": [sum(card_value(p) for p in t) for t in s.taken],
        }

    def determinize(self, view: dict, viewer: int, rng: Rng) -> HexenState:
        if view.get("viewer") != viewer or viewer is None:
            raise ValueError("determinize needs the view of the seat it samples for")
        n = view["players"]
        sizes = view["hand_sizes"]
        known = [tuple(k) for k in view["known"]]
        seen = Counter(view["hand"])
        for i in range(n):
            if i != viewer:
                seen.update(known[i])
        for r in view["rows"]:
            seen.update(r)
        seen.update(view["discard"])
        unseen = Counter(DECK)
        unseen.subtract(seen)
        zeros = [c for c, k in sorted(unseen.items()) if card_value(c) == 0 for _ in range(k)]
        numbered = [c for c, k in sorted(unseen.items()) if card_value(c) != 0 for _ in range(k)]
        rng.shuffle(zeros)
        rng.shuffle(numbered)
        hands = []
        for i in range(n):
            if i == viewer:
                hands.append(tuple(view["hand"]))
                continue
            need = sizes[i] - len(known[i])
            z = view["unseen_zeros"][i]
            part = [zeros.pop() for _ in range(z)] + [numbered.pop() for _ in range(need - z)]
            hands.append(tuple(sorted(list(known[i]) + part)))
        undealt = tuple(sorted(zeros + numbered))
        t = lambda xs: tuple(tuple(x) for x in xs)
        return HexenState(
            n=n, phase=view["phase"], to_move=view["turn"],
            hands=tuple(hands), known=tuple(known), unseen_zeros=tuple(view["unseen_zeros"]),
            rows=t(view["rows"]), potions=tuple(view["potions"]),
            potion_pool=tuple(view["potion_pool"]), undealt=undealt, taken=t(view["taken"]),
            discard=tuple(view["discard"]), dealt=view["dealt"], row=view["row"],
            bonus_next=view["bonus_next"], in_bonus=view["in_bonus"],
            end_triggered=view["end_triggered"], end_reason=view["end_reason"],
        )

    def describe(self, s: HexenState, player: int, a, viewer: int | None):
        if isinstance(a, Deal):
            return None  # the hand shows it; nobody else may learn the card
        if isinstance(a, Reveal):
            return ("hexen_cocktail.log.potion", {"potion": a.potion})
        if isinstance(a, Play):
            key = "hexen_cocktail.log.explode" if self.explodes(
                s.potions[a.row], s.rows[a.row], a.card) else "hexen_cocktail.log.play"
            return (key, {"seat": player, "card": a.card, "row": a.row + 1, "potion": s.potions[a.row]})
        if isinstance(a, Take):
            return ("hexen_cocktail.log.take", {"seat": player, "card": a.card})
        if isinstance(a, Pass):
            return ("hexen_cocktail.log.pass", {"seat": player})
        return None

    # ---- bots ----------------------------------------------------------------
    def sensible_actions(self, s: HexenState, player: int):
        acts = self.legal_actions(s, player)
        if s.phase == "pick":
            return acts
        safe = [a for a in acts if isinstance(a, Pass)
                or not self.explodes(s.potions[a.row], s.rows[a.row], a.card)]
        return safe or acts

    def heuristic(self, s: HexenState, player: int) -> float:
        """Expected standing from penalty so far and what the hand may cost."""
        est = []
        for i in range(s.n):
            pen = sum(card_value(p) for p in s.taken[i])
            hand = s.hands[i]
            est.append(pen + 0.35 * sum(hand_points(c) for c in hand) + 0.5 * len(hand))
        others = [e for i, e in enumerate(est) if i != player]
        gap = (sum(others) / len(others)) - est[player]
        return 1.0 / (1.0 + pow(2.718281828, -gap / 6.0))


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


GAME = HexenCocktail()
