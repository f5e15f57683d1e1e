"""The "Try it" screen and the guided first game (docs/tryit.md), in pure
Python: the controller keeps a :class:`Session` while a try-it is on screen
and asks this module for the try-it panel and the guide box.

A try-it is a live match at a scenario's position (``ui/tryit.py``), never
saved. The reader makes one move -- on the game's own board, or with one of
the moves offered first -- and the panel says what the rule did: the
explanation when the clause applied (for a refusal, the refusal's reason and
the explanation), otherwise which rule governed the move instead. A legal
move ends the try (the board is then shown as it became); "Try again"
replays the position.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import BadActionText, Illegal
from ..core.match import Match
from ..core.rng import Rng, mix_seed
from ..games import GAMES
from ..i18n import t
from ..render.context import Ctx
from ..render.html import attrs, button, esc, paragraphs, unesc
from . import tryit

GUIDE_TURNS = 3  # the reader's first moves of a guided game are explained
GUIDE_LINES = 5  # moves shown in the guide box (since the reader's last move)
SAMPLE = 12  # legal moves judged to name the rule of the reader's turn
OFFERED = 4  # expected moves offered as buttons (the board offers every move)


@dataclass
class Session:
    scenario: tryit.Scenario
    match: Match
    back: str = "#/"  # the route "Back" returns to
    result: str = ""  # "", "done", "other", "refused", "other_refused"
    named: tuple[str, ...] = ()
    illegal: Illegal | None = None
    tried: str = ""
    locked: bool = False  # a legal move was made: the board is only shown now
    from_rules: bool = False  # opened from the rules panel: "Back" opens it again

    @property
    def game_id(self) -> str:
        return self.scenario.game_id

    @property
    def clause(self) -> str:
        return self.scenario.clause

    @property
    def seat(self) -> int:
        return self.scenario.seat


def open_session(game_id: str, clause: str, back: str = "#/") -> Session | None:
    """A try-it at its position, or None when there is none (unknown game or
    clause, or data that does not replay -- the test suite guards that)."""
    if game_id not in GAMES:
        return None
    try:
        sc = tryit.scenario(game_id, clause)
        if sc is None:
            return None
        return Session(sc, tryit.start(sc), back)
    except Exception:
        return None


def reset(session: Session) -> Session:
    return Session(session.scenario, tryit.start(session.scenario), session.back)


def attempt(session: Session, text: str) -> None:
    """The reader's move: played when legal, else refused; the result kept."""
    if session.locked:
        return
    m = session.match
    seat = session.seat
    named = tryit.governs(m.game, m.state, seat, text)
    try:
        why = m.check(seat, text)
    except BadActionText as err:
        why = err.illegal
    session.tried, session.named = text, named
    if why is None:
        m.play(text, seat)
        session.locked = True
        session.illegal = None
        session.result = "done" if session.clause in named else "other"
    else:
        session.illegal = why
        session.result = "refused" if why.rule == session.clause else "other_refused"


def move_label(game, state, seat: int, text: str, board, ctx: Ctx) -> str:
    """A move as a sentence before it is made: its log line for the mover --
    or for a spectator when the move reveals something (a map card's line
    for the mover would name the goal card before it is looked at) -- or
    its text."""
    try:
        action = game.parse_action(text)
        viewer = None if game.reveals(state, action) else seat
        line = game.describe(state, seat, action, viewer)
    except Exception:
        line = None
    if not line:
        return text
    key, params = line
    return t(ctx.lang, key, **{k: board.param(k, v, ctx) for k, v in params.items()})


def rule_title(lang: str, clause: str) -> str:
    return t(lang, f"rules.{clause}.title")


def panel(session: Session, ctx: Ctx, board, *, prompt: str,
          illegal_text: Callable[[Illegal], str]) -> str:
    """The try-it panel (the play screen's ``top`` region on a try-it)."""
    lang, clause = ctx.lang, session.clause
    sc = session.scenario
    title = rule_title(lang, clause)
    out = [f'<section class="tryit" data-tryit="{esc(clause)}" aria-labelledby="tryit-h">',
           f'<h2 id="tryit-h" tabindex="-1">{esc(t(lang, "tryit.heading", rule=title))}</h2>',
           f'<p class="tryit-do" data-tryit-do>{esc(t(lang, sc.instruction))}</p>',
           (f'<details class="tryit-rule"><summary>{esc(title)}</summary>'
           f'{paragraphs(t(lang, f"rules.{clause}.body"))}</details>')]
    if not session.locked:
        if prompt:
            out.append(f'<p class="prompt">{esc(prompt)}</p>')
        key = "tryit.attempt" if sc.kind == "refusal" else "tryit.move"
        moves = "".join(
            f'<li>{button(esc(t(lang, key, move=label)), ui=f"try:{text}", cls="btn btn-try-move")}</li>'
            for text, label in offered_moves(session, ctx, board))
        out.append(f'<div class="tryit-moves"><p>{esc(t(lang, "tryit.expected"))}</p>'
                   f'<ul class="tryit-move-list">{moves}</ul></div>')
    out.append(result_html(session, lang, illegal_text))
    out.append('<div class="tryit-btns">'
               + button(esc(t(lang, "tryit.again")), ui="tryit-again", cls="btn btn-primary")
               + button(esc(t(lang, "tryit.back" if session.from_rules else "tryit.back_plain")),
                        ui="tryit-back", cls="btn")
               + "</div></section>")
    return "".join(out)


def offered_moves(session: Session, ctx: Ctx, board) -> list[tuple[str, str]]:
    """The expected moves to offer as buttons, (text, label): one per label
    (a card upright or turned may read the same), at most OFFERED."""
    m, seat = session.match, session.seat
    out: dict[str, str] = {}
    for text in session.scenario.expect:
        label = move_label(m.game, m.state, seat, text, board, ctx)
        out.setdefault(label, text)
        if len(out) == OFFERED:
            break
    return [(text, label) for label, text in out.items()]


def result_html(session: Session, lang: str, illegal_text: Callable[[Illegal], str]) -> str:
    r = session.result
    if not r:
        return '<p class="tryit-result" role="status"></p>'
    sc = session.scenario
    if r == "done":
        text = t(lang, sc.explanation)
    elif r == "refused":
        text = t(lang, "tryit.refused", reason=illegal_text(session.illegal)) + " " + t(lang, sc.explanation)
    elif r == "other_refused":
        text = t(lang, "tryit.other_refused", rule=rule_title(lang, session.illegal.rule),
                 reason=illegal_text(session.illegal))
    else:
        first = session.named[0] if session.named else ""
        text = t(lang, "tryit.other", rule=rule_title(lang, first) if first else "?")
    return (f'<p class="tryit-result is-{esc(r)}" role="status" tabindex="-1" data-tryit-result="{esc(r)}">'
            f'{esc(text)}</p>')


def rules_tryit(game_id: str, rule_ids: Sequence[str]) -> dict[str, str]:
    """For the rules panel: clause -> ``"scenario"`` or the reason code
    (the game's tryit.json, which does not change while the page runs: worked
    out once per game; every play screen's render asks)."""
    return dict(_rules_tryit(game_id, tuple(rule_ids)))


@functools.lru_cache(maxsize=16)
def _rules_tryit(game_id: str, rule_ids: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for rid in rule_ids:
        if tryit.has_tryit(game_id, rid):
            out[rid] = "scenario"
        elif (why := tryit.reason(game_id, rid)) is not None:
            out[rid] = why
    return out


# ---- the guided first game ------------------------------------------------------------


@dataclass
class GuideLine:
    number: int
    text: str
    clause: str | None


@dataclass
class Guide:
    """What the guide box shows: the moves since the reader's last one (with
    the clause that governed each) and the rule of the reader's turn."""

    lines: list[GuideLine] = field(default_factory=list)
    your_rule: str | None = None


def turn_starts(log: Sequence[tuple[int, str]], seat: int) -> list[int]:
    """Where the reader's turns begin in the log: a turn is a run of the
    seat's moves with nobody else's in between (chance does not count), e.g.
    Hexen Cocktail's play, take and bonus play."""
    starts, prev = [], None
    for k, (player, _) in enumerate(log):
        if player < 0:
            continue
        if player == seat and prev != seat:
            starts.append(k)
        prev = player
    return starts


def reader_turns(match: Match, seat: int) -> int:
    return len(turn_starts(match.log, seat))


def guide_active(match: Match, seat: int | None) -> bool:
    """On for the reader's first GUIDE_TURNS turns (and the moves after the
    last of them, until the reader's next turn)."""
    if seat is None or match.is_over:
        return False
    turns = reader_turns(match, seat)
    if turns != GUIDE_TURNS:
        return turns < GUIDE_TURNS
    if match.to_act != seat:
        return True
    last = next((p for p, _ in reversed(match.log) if p >= 0), None)
    return last == seat  # still within that turn (e.g. a card to take after an explosion)


def build_guide(match: Match, trail: Sequence[Any], lines: Sequence[tuple[str, dict] | None],
                seat: int, fmt: Callable[[tuple[str, dict]], str], rule_ids: Sequence[str],
                offered: Sequence[str] = ()) -> Guide:
    """``trail[k]`` is the state after k log entries, ``lines[k]`` the
    spectator's line for entry k (None when hidden): only shown lines are
    explained, so the guide tells nothing a seat may not see."""
    game = match.game
    mod = tryit.clauses_module(game.info.id)
    log = match.log
    starts = turn_starts(log, seat)
    start = starts[-1] if starts else 0
    guide = Guide()
    shown = 0
    for k in range(len(log)):
        if lines[k] is not None:
            shown += 1
        if k < start or lines[k] is None or log[k][0] < 0:
            continue
        clause = None
        if mod is not None:
            player, text = log[k]
            named = mod.clauses(trail[k], player, game.parse_action(text), trail[k + 1])
            clause = named[0] if named else None
        guide.lines.append(GuideLine(shown, fmt(lines[k]), clause))
    guide.lines = guide.lines[-GUIDE_LINES:]
    if match.to_act == seat:
        guide.your_rule = turn_rule(match, seat, rule_ids, offered)
    return guide


_ACTION = re.compile(r'data-action="([^"]*)"')


def offered_actions(board_html: str) -> list[str]:
    """The moves a rendered board offers (its ``data-action`` targets)."""
    return [unesc(x) for x in _ACTION.findall(board_html)]


def turn_rule(match: Match, seat: int, rule_ids: Sequence[str], offered: Sequence[str] = ()) -> str | None:
    """The clause that governs the reader's turn: the one most of a spread of
    the legal moves bring into play (ties: rules-panel order). ``offered``:
    the moves the board offers for the card chosen (a map card: looking at a
    goal), judged instead when there are any."""
    legal = match.legal_texts(seat)
    chosen = [x for x in legal if x in set(offered)]
    legal = chosen or legal
    if not legal:
        return None
    # judged on a state drawn from the reader's view: what the moves would
    # bring may depend on hidden things (a goal card), which must not show
    game = match.game
    state = game.determinize(game.view(match.state, seat), seat, Rng(mix_seed("guide", len(match.log))))
    step = max(1, len(legal) // SAMPLE)
    counts: Counter = Counter()
    for text in legal[::step][:SAMPLE]:
        counts.update(set(tryit.governs(game, state, seat, text)))
    if not counts:
        return None
    order = {rid: i for i, rid in enumerate(rule_ids)}
    return min(counts, key=lambda c: (-counts[c], order.get(c, len(order))))


def _rule_link(lang: str, game_id: str, clause: str) -> str:
    """The rule's name, with its try-it (or, if it has none, the rules panel)."""
    title = rule_title(lang, clause)
    if tryit.has_tryit(game_id, clause):
        link = button(esc(t(lang, "tryit.button")), ui=f"tryit:{clause}", cls="btn btn-link btn-try",
                      aria_label=t(lang, "tryit.button_label", rule=title))
    else:
        link = button(esc(t(lang, "play.read_rule")), ui=f"rules:{clause}", cls="btn btn-link", aria_label=title)
    return f'<span class="guide-rule">{esc(t(lang, "guide.rule", rule=title))}</span> {link}'


def guide_html(guide: Guide, lang: str, game_id: str) -> str:
    items = "".join(
        f'<li{attrs({"data-guide-line": g.number, "data-guide-clause": g.clause})}>'
        f'<span class="guide-move">{esc(g.text)}</span>'
        + (f" {_rule_link(lang, game_id, g.clause)}" if g.clause else "") + "</li>"
        for g in guide.lines)
    out = [('<section class="guide" data-guide aria-labelledby="guide-h">'
           f'<h2 id="guide-h" class="guide-h">{esc(t(lang, "guide.learn"))}</h2>'
           f'<p class="muted">{esc(t(lang, "guide.note", turns=GUIDE_TURNS))}</p>')]
    if items:
        out.append(f'<ul class="guide-lines">{items}</ul>')
    if guide.your_rule:
        title = rule_title(lang, guide.your_rule)
        out.append(f'<p class="guide-turn" data-guide-turn="{esc(guide.your_rule)}">'
                   f'{esc(t(lang, "guide.your_turn", rule=title))} '
                   + (button(esc(t(lang, "tryit.button")), ui=f"tryit:{guide.your_rule}", cls="btn btn-link btn-try",
                             aria_label=t(lang, "tryit.button_label", rule=title))
                      if tryit.has_tryit(game_id, guide.your_rule) else "")
                   + "</p>")
    out.append(button(esc(t(lang, "guide.leave")), ui="guide-leave", cls="btn btn-small") + "</section>")
    return "".join(out)
