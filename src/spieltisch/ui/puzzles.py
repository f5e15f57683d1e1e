"""Puzzles from position links (docs/blogging.md).

A puzzle link is a position link with the accepted answers after the code:
``#/position/<code>/puzzle/<payload>`` (``diagram.embed.puzzle_payload``).
Opening it starts the position as a new local game (as any position link)
and remembers a :class:`Puzzle`; the reader's first move there is judged:
an illegal move is refused by the rules as always (with the rule that
refuses it), a legal move that is not an answer is "wrong" and not played,
an answer is "right" and played.

The share panel's puzzle maker keeps the author's marks in a :class:`Draft`
for the moment on screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.match import Match
from ..diagram import embed, has_drawing, render
from ..render.context import Ctx

MAX_CHOICES = 80


@dataclass(frozen=True)
class Puzzle:
    seat: int
    at: int  # the log length of the puzzle's position
    answers: frozenset[str]
    question: str = ""

    def judge(self, match: Match, seat: int, text: str) -> str | None:
        """``"right"``/``"wrong"`` for the reader's move at the puzzle's
        position (``text`` already checked legal), else ``None``."""
        if seat != self.seat or len(match.log) != self.at:
            return None
        return "right" if str(match.parse(text)) in self.answers else "wrong"


@dataclass
class Draft:
    key: tuple = ()
    answers: list[str] = field(default_factory=list)
    question: str = ""
    open: bool = False

    def follow(self, match: Match) -> None:
        """Marks belong to one moment: a move (or another game) clears them."""
        key = (id(match), len(match.log))
        if key != self.key:
            self.key, self.answers, self.open = key, [], False

    def toggle(self, match: Match, text: str) -> None:
        self.follow(match)
        self.open = True
        if text in self.answers:
            self.answers.remove(text)
        else:
            self.answers.append(text)


def panel(match: Match, seat: int, code: str, draft: Draft, ctx: Ctx) -> dict:
    """What ``share.puzzle_box`` shows for this moment and seat."""
    draft.follow(match)
    if match.to_act != seat or match.is_over:
        return {"choices": None, "open": draft.open}
    legal = match.legal_texts(seat)[:MAX_CHOICES]
    game = match.game
    choices = []
    for text in legal:
        label = embed.log_text(game, match.state, seat, text, ctx) or text
        choices.append((text, label, text in draft.answers))
    out = {"choices": choices, "question": draft.question, "open": draft.open}
    answers = [a for a in draft.answers if a in legal]
    if answers:
        out["route"] = f"{code}/puzzle/{embed.puzzle_payload(answers, draft.question)}"
        if has_drawing(game.info.id):
            out["svg"] = render(match, seat, lang=ctx.lang, caption=draft.question.strip() or None)
    return out
