"""The review screen (``#/review/<slot>/<seat>``) and the record page
(``#/record``) as HTML text: pure functions of the checked review result,
the replayed match and the record (docs/review.md, "In the browser").

The chart is ``review.chart.chart_svg`` (marks carry ``data-review-n``),
with ``review.chart.table`` as the table for screen readers; the moves in
words are ``review.words.rows``. "Show what was hidden" draws, for the
decision picked, every other seat's hand as its own view showed it and
what no seat saw (the game's ``unseen``: the draw pile, the cards never
dealt, face-down goals, closed books) from the true state of that moment
(``review.hidden.hidden_at``), after the game only; the judgement never
reads it.
"""

from __future__ import annotations

from typing import Any

from ..i18n import t
from ..render.context import Ctx
from ..render.html import button, esc
from ..review import chart, hidden, words
from .boards import get_board
from .safety import slot_to_url


def _h(lang: str, key: str, **params: Any) -> str:
    return esc(t(lang, key, **params))


def seat_picker(lang: str, match, slot: str, seat: int) -> str:
    items = []
    for i, s in enumerate(match.seats):
        label = esc(s.name) + (f' <span class="muted">({_h(lang, "new.kind.bot")})</span>' if s.is_bot else "")
        current = ' aria-current="true" class="btn is-current"' if i == seat else ' class="btn"'
        items.append(f'<li><a{current} href="#/review/{esc(slot_to_url(slot))}/{i}" '
                     f'data-review-seat="{i}">{label}</a></li>')
    return (f'<nav class="rv-seats" aria-labelledby="rv-seats-h"><h3 id="rv-seats-h">{_h(lang, "review.screen.seat")}</h3>'
            f'<ul class="row-btns">{"".join(items)}</ul></nav>')


def _progress(lang: str, rv: dict) -> str:
    done, total = rv["done"], rv["total"]
    text = (t(lang, "review.screen.progress", done=done, total=total) if total
            else t(lang, "review.screen.starting"))
    cancelling = rv["state"] == "cancelling"
    return ('<div class="rv-run" data-review-running>'
            f'<label for="rv-bar" data-review-progress-text>{esc(text)}</label> '
            f'<progress id="rv-bar" data-review-progress max="{max(1, total)}" value="{done}" '
            f'aria-valuetext="{esc(text)}"></progress> '
            + button(_h(lang, "review.screen.cancel"), ui="review-cancel", cls="btn", disabled=cancelling)
            + "</div>")


def _hidden_panel(lang: str, match, rv: dict, row: dict) -> str:
    """Every other seat's own view at that decision: their hands as their boards draw them."""
    try:
        h = hidden.hidden_at(match, row["log"], rv["seat"])
    except Exception:
        return ""
    board = get_board(match.game.info.id)
    names = tuple(s.name for s in match.seats)
    parts = []
    for other in h["others"]:
        ctx = Ctx(lang=lang, game_id=match.game.info.id, names=names,
                  bots=tuple(s.is_bot for s in match.seats), viewer=other, hand_owner=names[other])
        try:
            hand = board.hand(h["views"][other], ctx)
            info = board.seat_info(h["views"][other], other, ctx)
        except Exception:
            hand, info = "", ""
        parts.append(f'<section class="rv-hidden-seat" aria-label="{_h(lang, "review.screen.hidden_seat", name=names[other])}">'
                     f'<h4>{_h(lang, "review.screen.hidden_seat", name=names[other])}</h4>'
                     f'<div class="rv-hidden-info">{info}</div><div class="rv-hidden-hand" inert>{hand}</div></section>')
    if not parts:
        parts.append(f'<p class="muted">{_h(lang, "review.screen.hidden_none")}</p>')
    else:  # the cards' art is <use> of symbols the board carries on the play screen; here there is no board
        parts.insert(0, _art_defs(match.game.info.id))
    parts.append(_unseen(lang, match, h["unseen"], board, names))
    return (f'<div class="rv-hidden" data-review-hidden-panel><p class="muted">{_h(lang, "review.screen.hidden_note", n=row["n"])}</p>'
            + "".join(parts) + "</div>")


def _art_defs(game_id: str) -> str:
    """The SVG symbols a game's card art refers to (its ``art.defs()``), or ""."""
    from importlib import import_module

    try:
        art = import_module(f"spieltisch.games.{game_id}.art")
    except ModuleNotFoundError:
        return ""
    defs = getattr(art, "defs", None)
    return defs() if callable(defs) else ""


def _unseen(lang: str, match, piles, board, names) -> str:
    """What no seat saw at that moment (``hidden.unseen``), pile by pile, each
    item named as the game's log names it (``board.param``), repeats counted."""
    title = _h(lang, "review.unseen.title")
    if not piles:
        none = "review.unseen.none" if piles is not None else "review.unseen.open_game"
        return (f'<section class="rv-unseen" data-review-unseen aria-label="{title}"><h4>{title}</h4>'
                f'<p class="muted">{_h(lang, none)}</p></section>')
    ctx = Ctx(lang=lang, game_id=match.game.info.id, names=names, bots=tuple(s.is_bot for s in match.seats))
    out = []
    for pile in piles:
        runs: list[list] = []  # [word, count]
        places = pile.get("places")
        for i, item in enumerate(pile["items"]):
            try:
                word = board.param(pile["param"], item, ctx)
            except Exception:
                word = str(item)
            if places is not None and i < len(places):
                word = t(lang, "review.unseen.at", place=places[i], item=word)
            same = runs if places is None else runs[-1:]  # a pile without places: one count per name
            hit = next((r for r in same if r[0] == word), None)
            if hit is not None:
                hit[1] += 1
            else:
                runs.append([word, 1])
        if places is None:
            runs.sort(key=lambda r: r[0].casefold())
        words = ", ".join(w if n == 1 else t(lang, "review.unseen.times", item=w, n=n) for w, n in runs)
        out.append(f'<dt>{_h(lang, "review.unseen." + pile["pile"], n=len(pile["items"]))}</dt>'
                   f'<dd data-review-unseen-pile="{esc(pile["pile"])}">{esc(words)}</dd>')
    return (f'<section class="rv-unseen" data-review-unseen aria-label="{title}"><h4>{title}</h4>'
            f'<dl>{"".join(out)}</dl></section>')


def review_screen(lang: str, rv: dict, game_title: str) -> str:
    match = rv["match"]
    head = f'<h2 id="rv-h" tabindex="-1">{_h(lang, "review.screen.heading", game=game_title)}</h2>'
    back = f'<a class="btn" href="#/" data-ui="hub">{_h(lang, "play.hub")}</a>'
    if match is None or rv["state"] in ("missing", "not-over"):
        key = "review.screen.missing" if match is None else "review.screen.not_over"
        return (f'<section class="review" data-review="{esc(rv["state"])}" aria-labelledby="rv-h">{head}'
                f'<p class="notice">{_h(lang, key)}</p><div class="form-btns">{back}</div></section>')
    seat = rv["seat"]
    name = match.seats[seat].name
    out = [f'<section class="review" data-review="{esc(rv["state"])}" data-review-seat-shown="{seat}" '
           f'aria-labelledby="rv-h">{head}',
           f'<p class="rv-intro">{_h(lang, "review.screen.intro", name=name)}</p>',
           seat_picker(lang, match, rv["slot"], seat)]
    state = rv["state"]
    if state in ("running", "cancelling"):
        out.append(_progress(lang, rv))
    elif state == "cancelled":
        out.append(f'<p class="rv-stopped" role="status">{_h(lang, "review.screen.cancelled", done=rv["done"])}</p>'
                   '<div class="form-btns">' + button(_h(lang, "review.screen.resume"), ui="review-again",
                                                      cls="btn btn-primary") + "</div>")
    elif state == "error":
        out.append(f'<p class="form-error" role="alert">{_h(lang, "review.error." + rv["error"])}</p>'
                   '<div class="form-btns">' + button(_h(lang, "review.screen.resume"), ui="review-again",
                                                      cls="btn") + "</div>")
    elif state == "done":
        out.append(_result(lang, rv, name))
    out.append(f'<div class="form-btns">{back}</div></section>')
    return "".join(out)


def _result(lang: str, rv: dict, name: str) -> str:
    match, result = rv["match"], rv["result"]
    rows = words.rows(result, match, lang)
    if not rows:
        return f'<p class="notice">{_h(lang, "review.screen.none", name=name)}</p>'
    by_n = {r["n"] - 1: r for r in rows}
    out = ['<figure class="rv-chart" data-review-chart>', chart.chart_svg(result, lang, name=name),
           "</figure>"]
    flagged = result["summary"]["flagged"]
    if flagged:
        items = []
        for n in sorted(flagged):
            r = by_n.get(n)
            if r is None:
                continue
            items.append(
                f'<li class="rv-mark rv-{esc(r["class"])}" data-review-row="{n}" tabindex="-1">'
                f'<p><strong>{_h(lang, "review.screen.decision", n=r["n"])}</strong> {esc(r["played"])}</p>'
                f'<p>{esc(r["advice"])}</p><div class="row-btns">'
                + button(_h(lang, "review.screen.try"), ui=f"review-try:{n}", cls="btn btn-primary",
                         aria_label=t(lang, "review.screen.try_label", n=r["n"]))
                + button(_h(lang, "review.screen.pick"), ui=f"review-pick:{n}", cls="btn",
                         aria_pressed="true" if rv["picked"] == n else "false")
                + "</div></li>")
        out.append(f'<h3>{_h(lang, "review.screen.marked")}</h3><ol class="rv-marks">{"".join(items)}</ol>')
    else:
        out.append(f'<p class="rv-none">{_h(lang, "review.screen.no_marks", name=name)}</p>')
    # after the game only, off by default: what was hidden at the decision picked
    out.append('<div class="rv-switch">' + button(
        _h(lang, "review.screen.hidden"), ui="review-hidden", cls="btn",
        aria_pressed="true" if rv["hidden"] else "false") + "</div>")
    if rv["hidden"]:
        picked = rv["picked"] if rv["picked"] in by_n else (result["summary"]["biggest"]
                                                              if result["summary"]["biggest"] in by_n else min(by_n))
        out.append(_hidden_panel(lang, match, rv, by_n[picked]))
    tab = chart.table(result, lang, name=name, words=rows)
    head = "".join(f'<th scope="col">{esc(c)}</th>' for c in tab["columns"])
    body = "".join(
        f'<tr data-review-n="{r["n"]}"{" class=" + chr(34) + "rv-" + esc(r["class"]) + chr(34) if r["class"] else ""}>'
        f'<th scope="row">{esc(r["cells"][0])}</th>' + "".join(f"<td>{esc(c)}</td>" for c in r["cells"][1:]) + "</tr>"
        for r in tab["rows"])
    out.append(f'<details class="rv-table-box" data-review-table><summary>{_h(lang, "review.screen.table")}</summary>'
               f'<div class="rv-table-scroll" tabindex="0" role="region" aria-label="{esc(tab["caption"])}">'
               f'<table class="rv-table"><caption>{esc(tab["caption"])}</caption><thead><tr>{head}</tr></thead>'
               f"<tbody>{body}</tbody></table></div></details>")
    return "".join(out)


# ---- the record page ------------------------------------------------------------------------


def _pct(won: float, played: int) -> str:
    return f"{round(100 * won / played)} %" if played else "–"


def record_page(lang: str, stats: dict, timeline: list[dict], best: dict, comebacks: list[dict],
                titles: dict[str, str], notes: list[str]) -> str:
    out = ['<section class="record-page" data-record aria-labelledby="rec-h">',
           f'<h2 id="rec-h" tabindex="-1">{_h(lang, "record.page.heading")}</h2>']
    for note in notes:
        out.append(f'<p class="msg msg-info" role="status">{esc(note)}</p>')
    games = stats["games"]
    if not stats["total"]:
        out.append(f'<p class="notice" data-record-empty>{_h(lang, "record.page.empty")}</p>')
    else:
        out.append(f'<p>{_h(lang, "record.page.total", count=stats["total"])}</p>')
        rows = []
        cols = ("record.col.game", "record.col.played", "record.col.won", "record.col.rate", "record.col.players",
                "record.col.levels")
        for gid, g in games.items():
            if not g["played"]:
                continue
            detail = [_players(lang, k) + f": {v['played']} / {_pct(v['won'], v['played'])}"
                      for k, v in sorted(g["players"].items(), key=lambda kv: int(kv[0]))]
            levels = [(t(lang, f"level.{k}") if k != "none" else t(lang, "record.page.no_bots"))
                      + f": {v['played']} / {_pct(v['won'], v['played'])}" for k, v in sorted(g["levels"].items())]
            # data-label: on a phone each row is a card and each cell says what it is (review.css)
            lab = [esc(t(lang, c)) for c in cols]
            rows.append(f'<tr data-record-game="{esc(gid)}"><th scope="row">{esc(titles.get(gid, gid))}</th>'
                        f'<td class="num" data-label="{lab[1]}">{g["played"]}</td>'
                        f'<td class="num" data-label="{lab[2]}">{_fmt(g["won"])}</td>'
                        f'<td class="num" data-label="{lab[3]}">{_pct(g["won"], g["played"])}</td>'
                        f'<td data-label="{lab[4]}">{esc("; ".join(detail))}</td>'
                        f'<td data-label="{lab[5]}">{esc("; ".join(levels))}</td></tr>')
        out.append('<div class="rv-table-scroll" tabindex="0" role="region" aria-labelledby="rec-h">'
                   f'<table class="rv-table record-table"><caption>{_h(lang, "record.page.caption")}</caption><thead><tr>'
                   + "".join(f'<th scope="col">{_h(lang, c)}</th>' for c in cols)
                   + f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
        out.append(f'<h3>{_h(lang, "record.page.timeline")}</h3>' + timeline_svg(lang, timeline, titles))
        if best:
            items = []
            for gid, lst in best.items():
                for b in lst:
                    items.append(f'<li>{esc(titles.get(gid, gid))}, '
                                 f'{esc(_players(lang, b["players"]))}: <strong>{b["score"]}</strong> '
                                 f'({esc(b["name"])})</li>')
            out.append(f'<h3>{_h(lang, "record.page.best")}</h3><ul class="record-best">{"".join(items)}</ul>')
        if comebacks:
            items = [f'<li>{_h(lang, "record.page.comeback", name=c["name"], game=titles.get(c["game"], c["game"]), low=round(100 * c["low"]))}</li>'
                     for c in comebacks]
            out.append(f'<h3>{_h(lang, "record.page.comebacks")}</h3><ul class="record-comebacks">{"".join(items)}</ul>')
    out.append('<div class="form-btns">'
               + button(_h(lang, "record.page.export"), ui="record-export", cls="btn")
               + button(_h(lang, "record.page.import"), ui="import", cls="btn")
               + f'<a class="btn" href="#/" data-ui="hub">{_h(lang, "play.hub")}</a></div></section>')
    return "".join(out)


def _fmt(x: float) -> str:
    """A count of wins: a shared win counts its share (a half: "½")."""
    whole, part = divmod(round(float(x) * 2), 2)
    return (str(whole) if whole or not part else "") + ("½" if part else "")


def _players(lang: str, n: Any) -> str:
    return t(lang, "record.page.solo") if str(n) == "1" else t(lang, "record.page.players", n=n)


def _day(lang: str, ms: int) -> str:
    """The day a game ended, as a short date (the record keeps ms since 1970, UTC)."""
    import datetime
    d = datetime.datetime.fromtimestamp(int(ms) / 1000, datetime.UTC)
    if lang == "de":
        return f"{d.day}. {_MONTHS_DE[d.month - 1]}"
    return f"{_MONTHS_EN[d.month - 1]} {d.day}"


_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTHS_DE = ("Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez.")


def timeline_svg(lang: str, timeline: list[dict], titles: dict[str, str]) -> str:
    """Your results over time: the share of games won so far as a line (0 to
    100 %), and each game a mark on it, oldest first: a filled circle a win,
    a ring a loss, a half-filled circle a shared win; a solo game, which has
    no win, a diamond on the base line. Shape, not colour alone, tells them
    apart; the axis says the scale and the first and last day."""
    n = len(timeline)
    if not n:
        return ""
    w, h, left, right, top, bottom = 360, 150, 40, 10, 10, 22
    cw, ch = w - left - right, h - top - bottom
    step = cw / max(1, n - 1) if n > 1 else 0.0
    marks, points = [], []
    played = wins = 0.0
    for i, r in enumerate(timeline):
        x = left + (i * step if n > 1 else cw / 2)
        res = r.get("result")
        label = esc(f'{titles.get(r["game"], r["game"])}: {r["score"]}')
        if res is None:
            y = top + ch
            marks.append(f'<path class="rec-solo" d="M{x:.1f},{y - 5:.1f}l5,5 -5,5 -5,-5z"><title>{label}</title></path>')
            continue
        played += 1
        wins += res
        y = top + ch * (1 - wins / played)
        points.append(f"{x:.1f},{y:.1f}")
        kind = "is-win" if res >= 1 else ("is-shared" if res > 0 else "is-loss")
        marks.append(f'<circle class="rec-dot {kind}" cx="{x:.1f}" cy="{y:.1f}" r="4.5"><title>{label}</title></circle>')
        if 0 < res < 1:  # the shared win's filled half
            marks.append(f'<path class="rec-half" d="M{x:.1f},{y - 4.5:.1f}a4.5,4.5 0 0 0 0,9z"/>')
    grid = "".join(
        f'<line class="rec-grid" x1="{left}" y1="{top + ch * (1 - f):.1f}" x2="{w - right}" y2="{top + ch * (1 - f):.1f}"/>'
        f'<text class="rec-tick" x="{left - 4}" y="{top + ch * (1 - f) + 3.5:.1f}" text-anchor="end">{round(100 * f)} %</text>'
        for f in (0.0, 0.5, 1.0))
    days = (f'<text class="rec-tick" x="{left}" y="{h - 6}">{esc(_day(lang, timeline[0]["ended"]))}</text>'
            + (f'<text class="rec-tick" x="{w - right}" y="{h - 6}" text-anchor="end">'
               f'{esc(_day(lang, timeline[-1]["ended"]))}</text>' if n > 1 else ""))
    line = f'<polyline class="rec-line" points="{" ".join(points)}"/>' if len(points) > 1 else ""
    title = esc(t(lang, "record.page.timeline"))
    desc = esc(t(lang, "record.page.timeline_desc", count=n, won=_fmt(wins),
                 rate=round(100 * wins / played) if played else 0))
    return (f'<svg class="rec-chart" viewBox="0 0 {w} {h}" role="img" aria-labelledby="rec-t rec-d" data-record-chart>'
            f'<title id="rec-t">{title}</title><desc id="rec-d">{desc}</desc>'
            + grid + days + line + "".join(marks) + "</svg>"
            + f'<p class="rec-key muted">{_h(lang, "record.page.timeline_key")}</p>')
