"""Potions Brew: the actions, their canonical texts, and chance's outcomes."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.action import action_text
from ...core.errors import BadActionText
from .state import CARDS, ING, SLOTS, PotState, _illegal


@action_text("keep")
@dataclass(frozen=True, slots=True)
class Keep:  # potions.draw: keep this one of the two drawn cards
    card: int


@action_text("pick")
@dataclass(frozen=True, slots=True)
class Pick:  # potions.blind: another witch picks a face-down card (1 or 2)
    pos: int


@dataclass(frozen=True, slots=True)
class Give:  # potions.mandrake: give this card to that seat, keep the other
    card: int
    seat: int

    def __str__(self) -> str:
        return f"give:{self.card}:{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Both:  # potions.spider_all: nobody may receive, so take both cards
    def __str__(self) -> str:
        return "both"


@dataclass(frozen=True, slots=True)
class Moon:  # potions.moonstone: swap the card just received with the discard top
    swap: bool

    def __str__(self) -> str:
        return "moon:yes" if self.swap else "moon:no"


@dataclass(frozen=True, slots=True)
class Lay:  # potions.lay
    card: int
    slot: int

    def __str__(self) -> str:
        return f"lay:{self.card}:{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Move:  # potions.rearrange
    card: int
    slot: int

    def __str__(self) -> str:
        return f"move:{self.card}:{self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Pass:  # potions.lay: or pass
    def __str__(self) -> str:
        return "pass"


@action_text("discard")
@dataclass(frozen=True, slots=True)
class Discard:  # potions.handlimit
    card: int


@action_text("card")
@dataclass(frozen=True, slots=True)
class Card:  # chance: a card dealt, or the next top card of the draw pile
    card: int


@dataclass(frozen=True, slots=True)
class Order:  # chance: the two blind cards are mixed (swapped or not)
    swap: bool

    def __str__(self) -> str:
        return "order:21" if self.swap else "order:12"


PASS = Pass()
BOTH = Both()
_CARD = {c: Card(c) for c in CARDS}  # chance outcomes, built once


def chance_outcomes(s: PotState) -> list:
    if s.chance == "card":
        return [(_CARD[c], 1) for c in s.pile]
    if s.chance == "order":
        return [(Order(False), 1), (Order(True), 1)]
    return []


def _int(text: str) -> int | None:
    if text.isdigit() and text == str(int(text)):
        return int(text)
    return None


def parse_action(text: str):
    """Only the canonical text parses (docs/engine.md)."""
    if isinstance(text, str):
        parts = text.split(":")
        kind, k = parts[0], len(parts)
        nums = [_int(x) for x in parts[1:]]
        card = nums[0] if nums and nums[0] in ING else None
        if kind == "pass" and k == 1:
            return PASS
        if kind == "both" and k == 1:
            return BOTH
        if kind == "moon" and k == 2 and parts[1] in ("yes", "no"):
            return Moon(parts[1] == "yes")
        if kind == "order" and k == 2 and parts[1] in ("12", "21"):
            return Order(parts[1] == "21")
        if kind == "pick" and k == 2 and parts[1] in ("1", "2"):
            return Pick(int(parts[1]))
        if card is not None and k == 2:
            if kind == "keep":
                return Keep(card)
            if kind == "discard":
                return Discard(card)
            if kind == "card":
                return Card(card)
        if card is not None and k == 3 and nums[1] is not None:
            if kind == "give" and 1 <= nums[1] <= 6:
                return Give(card, nums[1] - 1)
            if kind in ("lay", "move") and 1 <= nums[1] <= SLOTS:
                return (Lay if kind == "lay" else Move)(card, nums[1] - 1)
    shown = text[:40] if isinstance(text, str) else repr(text)[:40]
    raise BadActionText(
        _illegal("bad-text", "potions.turn", "That is not a move in Potions Brew.", text=shown),
        shown)
