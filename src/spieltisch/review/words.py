"""A review in words, EN and DE: the moves as the game's own log says them,
the numbers, and the advice for a flagged move.

    lines = rows(result, match, "de")     # one dict per decision: texts for the table
    text = advice(row, result, "en")      # "Mistake: chance to win 62 % → 41 %. Better: …"

The move played is worded as the seat's own log line said it at the time
(``describe`` for that seat on the position as it was: what the seat saw
happen). A better move did not happen, so it is worded from the seat's view
alone: ``describe`` on several determinisations of that view; when they do
not agree (the words would depend on something the seat could not see --
a goal card, a closed book) the most common wording is given with a note
saying so. Nothing here changes a number; the engine computes those.
"""

from __future__ import annotations

from collections import Counter

from ..core.game import canonical_json
from ..core.match import Match
from ..core.rng import Rng, mix_seed
from ..i18n import t
from ..render.context import Ctx
from ..ui.boards import get_board
from . import result as engine
from .replay import states

WORDING_DETS = 6  # determinisations a better move is worded on


def ctx_for(match: Match, seat: int, lang: str) -> Ctx:
    return Ctx(lang=lang, game_id=match.game.info.id, names=tuple(s.name for s in match.seats),
               bots=tuple(s.is_bot for s in match.seats), viewer=seat)


def line(match: Match, ctx: Ctx, key_params: tuple[str, dict] | None, fallback: str) -> str:
    """A described move as text in ``ctx.lang`` (the action text if the game has no words for it)."""
    if key_params is None:
        return fallback
    key, params = key_params
    board = get_board(match.game.info.id)
    shown = {k: board.param(k, v, ctx) for k, v in params.items()}
    return t(ctx.lang, key, **shown)


def played_line(match: Match, state, seat: int, text: str, ctx: Ctx) -> str:
    game = match.game
    try:
        desc = game.describe(state, seat, game.parse_action(text), seat)
    except Exception:
        desc = None
    return line(match, ctx, desc, text)


def better_line(match: Match, view: dict, seat: int, text: str, ctx: Ctx) -> tuple[str, bool]:
    """``(words, certain)`` for a move that was not played, from the view alone."""
    game = match.game
    act = game.parse_action(text)
    seed = mix_seed("spieltisch.review.words", game.info.id, seat, canonical_json(view))
    found: Counter = Counter()
    first: dict = {}
    for j in range(WORDING_DETS):
        try:
            det = game.determinize(view, seat, Rng(mix_seed(seed, j)))
            desc = game.describe(det, seat, act, seat)
        except Exception:
            desc = None
        key = canonical_json(desc)
        found[key] += 1
        first.setdefault(key, desc)
    key, count = max(found.items(), key=lambda kv: (kv[1], -list(first).index(kv[0])))
    return line(match, ctx, first[key], text), count == WORDING_DETS


def value_text(mode: str, value: float, lang: str) -> str:
    if mode == "win":
        return t(lang, "review.value.win", value=_num(100.0 * value, 0, lang))
    return t(lang, "review.value.score", value=_num(value, 1, lang))


def drop_text(mode: str, drop: float, lang: str) -> str:
    if mode == "win":
        return t(lang, "review.drop.win", value=_num(100.0 * drop, 0, lang))
    return t(lang, "review.drop.score", value=_num(drop, 1, lang))


def _num(x: float, digits: int, lang: str) -> str:
    text = f"{x:.{digits}f}"
    if text in ("-0", "-0.0"):
        text = text[1:]
    return text.replace(".", ",") if lang == "de" else text


def class_text(cls: str | None, lang: str) -> str:
    return t(lang, f"review.class.{cls}") if cls else ""


def rows(result: dict, match: Match, lang: str) -> list[dict]:
    """Per decision of a (checked) result: ``n`` (1-based), ``move`` (the
    seat's move number in the log's count of its actions), ``played`` and
    ``better`` (words; ``better`` empty where the move played was the best
    found), ``certain``, ``value``/``best``/``drop`` as texts, ``class`` and
    its text, and ``advice`` for a flagged one."""
    result = engine.check_result(result)
    seat = result["seat"]
    ctx = ctx_for(match, seat, lang)
    wanted = {r["log"]: r for r in result["decisions"]}
    out = []
    own = 0
    for k, state, player, text in states(match):
        if player == seat:
            own += 1
        r = wanted.get(k)
        if r is None or player != seat or text != r["played"]:
            continue
        view = match.game.view(state, seat)
        better, certain = ("", True)
        if r["best"] != r["played"]:
            better, certain = better_line(match, view, seat, r["best"], ctx)
        row = {
            "n": r["n"] + 1, "move": own, "log": k, "played": played_line(match, state, seat, text, ctx),
            "better": better, "certain": certain,
            "value": value_text(result["mode"], r["value_played"], lang),
            "best": value_text(result["mode"], r["value_best"], lang),
            "drop": drop_text(result["mode"], r["drop"], lang) if r["drop"] > 0 else "",
            "class": r["class"], "class_text": class_text(r["class"], lang),
            "action": r["played"], "best_action": r["best"],
        }
        row["advice"] = advice(row, result, lang) if r["class"] else ""
        out.append(row)
    return out


def advice(row: dict, result: dict, lang: str) -> str:
    """"Mistake: chance to win 62 % → 41 %. Better: Ann puts Red 3 on row 2." """
    key = "review.advice.win" if result["mode"] == "win" else "review.advice.score"
    text = t(lang, key, cls=row["class_text"] or class_text(row["class"], lang), best=row["best"],
             played=row["value"])
    if row["better"]:
        text += " " + t(lang, "review.better", move=row["better"])
        if not row["certain"]:
            text += " " + t(lang, "review.uncertain")
    return text
