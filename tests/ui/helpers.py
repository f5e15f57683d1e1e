"""Shared helpers for the UI tests: controllers on MemoryStorage, a tiny
HTML parser for the data-* hooks, and a scripted human."""

from __future__ import annotations

import html
import random
import re
from html.parser import HTMLParser

from spieltisch.ui.controller import SAVE_PREFIX, Controller, MemoryStorage

XSS = "<img src=x onerror=alert(1)>"


class Hooks(HTMLParser):
    """Collects elements with attributes, and the page's text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def values(self, attr: str) -> list[str]:
        return [a[attr] for _, a in self.elements if attr in a]

    def tags(self, name: str) -> list[dict]:
        return [a for t, a in self.elements if t == name]

    def has(self, attr: str) -> bool:
        return any(attr in a for _, a in self.elements)

    @property
    def all_text(self) -> str:
        return "".join(self.text)


def page(ctl: Controller) -> str:
    """Everything the page would show: #app plus #status."""
    return ctl.render("screen") + ctl.render("status")


def new_controller(storage=None, **kw) -> Controller:
    kw.setdefault("bot_iterations", 2)
    kw.setdefault("seed_source", lambda: 12345)
    clock = iter(range(1_700_000_000, 1_800_000_000))
    kw.setdefault("clock", lambda: float(next(clock)))
    return Controller(storage if storage is not None else MemoryStorage(), **kw)


def start_game(ctl: Controller, seats: list[tuple[str, str, str | None]], seed: int | str = 7,
               game_id: str = "hexen_cocktail", options: dict | None = None) -> str:
    """Start a game (Hexen Cocktail unless told) with (name, kind, level)
    seats and form options through the new-game form; returns the slot."""
    ctl.handle("ui", f"new:{game_id}")
    form = {"seats": str(len(seats)), "seed": str(seed)}
    for i, (name, kind, level) in enumerate(seats):
        form[f"seat-{i}-name"] = name
        form[f"seat-{i}-kind"] = kind
        if level:
            form[f"seat-{i}-level"] = level
    for k, v in (options or {}).items():
        form[f"option-{k}"] = v
    ctl.handle("ui", "start", form)
    assert ctl.screen == "play", ctl.render("screen")[:300]
    return ctl.slot


# the play screen's regions a move's target can be in (ui/screens.py PLAY_REGIONS)
TARGET_REGIONS = ("board", "hand", "side", "top", "overlay")
_ATTR = re.compile(r'\bdata-(action|ui)="([^"]*)"')


def _targets(ctl: Controller) -> tuple[set[str], list[str]]:
    """The move targets (``data-action``) and the selections (``data-ui=
    "select:..."``) the play regions show now (one render each)."""
    actions: set[str] = set()
    selects: list[str] = []
    for region in TARGET_REGIONS:
        for kind, value in _ATTR.findall(ctl.render(region)):
            value = html.unescape(value)
            if kind == "action":
                actions.add(value)
            elif value.startswith("select:") and value not in selects:
                selects.append(value)
    return actions, selects


def human_move(ctl: Controller, rnd: random.Random) -> str:
    """Play one legal move for the seat on screen as a player does: through
    a ``data-action`` target the page renders, in any game. The move is
    drawn at random from the legal ones; if no region shows it as a target,
    the hand's selections (``data-ui="select:<card>[:<mode>]"``, a mode
    button appearing after a card is chosen included) are tried until one
    does. A legal move no rendered target gives fails, naming the game,
    the move and the fix."""
    if ctl.curtain_up:
        ctl.handle("ui", "reveal")
    legal = ctl.match.legal_texts(ctl.shown)
    text = rnd.choice(sorted(legal))
    actions, queue = _targets(ctl)
    tried: list[str] = []
    while text not in actions and queue:
        choice = queue.pop(0)
        tried.append(choice)
        if ctl.selected != choice.split(":", 1)[1]:  # selecting the chosen card again would unselect it
            ctl.handle("ui", choice)
        actions, shown = _targets(ctl)
        queue += [u for u in shown if u not in tried and u not in queue]
    if text not in actions:
        game_id = ctl.match.game.info.id
        raise AssertionError(
            f"{game_id}: the legal move {text!r} has no target on the play screen (no data-action={text!r} "
            f"in {', '.join(TARGET_REGIONS)}, none after selecting any of {tried or 'no hand card'}). "
            f"Fix: games/{game_id}/board.py renders every legal move with ctx.target(text), directly or "
            f"once the card it plays is selected (docs/ui.md, \"Adding a game's board\")")
    ctl.handle("action", text)
    return text


def run_to_end(ctl: Controller, rnd: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if ctl.match.is_over:
            return
        if ctl.bot_pending():
            while not ctl.bot_step(50):
                pass
        else:
            human_move(ctl, rnd)
    raise AssertionError("game did not end")


def saves(storage: MemoryStorage) -> dict[str, str]:
    return {k: v for k, v in storage.data.items() if k.startswith(SAVE_PREFIX)}


def make_save(game_id: str, humans: int = 1, moves: int = 4, start: int = 1_700_000_000) -> tuple[str, str]:
    """(slot, save text) of a game in progress with a human to act, after
    about ``moves`` human moves (fewer in a game too short for them)."""
    for target in dict.fromkeys((moves, moves // 2, 1, 0)):
        clock = iter(range(start, start + 1_000_000))
        ctl = new_controller(clock=lambda clock=clock: float(next(clock)))
        seats = [(f"P{i}", "human", None) for i in range(humans)] + [("Bot", "bot", "easy"), ("Bit", "bot", "easy")]
        slot = start_game(ctl, seats[:max(3, humans)], game_id=game_id, seed=11)
        rnd = random.Random(3)
        made = 0
        for _ in range(400):
            if ctl.match.is_over:
                break
            if ctl.pause_key() is not None:
                ctl.handle("ui", "ack")
            elif ctl.bot_pending():
                while not ctl.bot_step(50):
                    pass
            elif made >= target:
                break
            else:
                try:
                    human_move(ctl, rnd)
                except IndexError:  # nothing legal on screen (a board step): leave it there
                    break
                made += 1
        if not ctl.match.is_over:
            return slot, ctl.storage.get(SAVE_PREFIX + slot)
    raise AssertionError(f"{game_id}: the bots end a seeded game (seed 11) before a human can move. "
                         f"Fix: call make_save with another start or give the game more moves")
