"""Position diagrams: one moment of a game as one self-contained SVG file,
drawn from one seat's view (docs/blogging.md).

    svg = diagram.from_text(link_or_save, seat=None, lang="en", move=None,
                            marks=(), caption=None)
    svg = diagram.render(match, seat, ...)

* **One seat's view only.** The game's drawing (``games/<id>/diagram.py``,
  ``figure(view, ctx, move=..., marks=...)``) gets ``game.view(state, seat)``
  and the seats' names, never the state: what that seat may see and nothing
  more. The header adds only public facts (whose turn, how many moves).
* **Self-contained.** Styles in one ``<style>`` element, no scripts, no ids,
  no links, no ``foreignObject``; ``viewBox`` plus width/height, so it scales
  from a phone to a 700 px blog column.
* **Deterministic.** The same position, seat, language, move, marks and
  caption give the same bytes, on CPython (``python -m spieltisch diagram``)
  and in the browser (the share panel).
* **A marked move** must be one the seat may play at that moment (checked by
  the rules); a move of another seat could show a card that seat holds.
"""

from __future__ import annotations

import json
from importlib.util import find_spec
from types import ModuleType

from ..core.errors import BadActionText, SaveError
from ..core.game import CHANCE, Game
from ..core.match import Match
from ..games import GAMES, part
from ..i18n import LANGS, t
from ..render.context import Ctx
from ..render.html import esc
from ..render.svg import FONT, WIDTH, n, text, wrap
from ..ui import position

HEAD = 58  # header height
PAD = 10

STYLE = (
    "svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px}"
    ".dg-bg{fill:#fbf8f1}.dg-frame{fill:none;stroke:#d8d0bf;stroke-width:1.5}"
    ".dg-title{font-size:19px;font-weight:800;fill:#1f2a24}"
    ".dg-sub{font-size:13px;fill:#5b5a52}"
    ".dg-cap{font-size:15px;font-style:italic;fill:#1f2a24}"
    "text{fill:#1f2a24}.dg-muted{fill:#6b665a;font-size:13px}.dg-strong{font-weight:700}"
    ".dg-mark{fill:none;stroke:#e8590c;stroke-width:4;stroke-dasharray:7 4}"
    ".dg-arrow path{stroke:#e8590c;stroke-width:4;fill:none;stroke-linecap:round}"
    ".dg-arrow polygon{fill:#e8590c}"
    ".dg-badge{fill:#e8590c}.dg-badge-t{fill:#fff;font-weight:700;font-size:14px}"
    ".dg-ghost{opacity:.6}"
)


class DiagramError(ValueError):
    """Input a diagram cannot be made from; ``code`` names the reason:
    ``position`` (the link/save does not open), ``seat``, ``move``, ``mark``, ``lang``."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


# Registered games whose diagram.py is still to be written (merged after the
# diagrams were built). tests/diagram checks this list stays exact: a game
# here has no module, and every other registered game has one.
PENDING: frozenset[str] = frozenset()


def has_drawing(game_id: str) -> bool:
    return game_id in GAMES and find_spec(f"spieltisch.games.{game_id}.diagram") is not None


def drawing(game_id: str) -> ModuleType:
    """A game's diagram module: ``games/<id>/diagram.py``."""
    return part(game_id, "diagram")


# ---- reading a position -----------------------------------------------------------------


def link_code(text: str) -> str | None:
    """The position code in a link (``…#/position/1.xxx``, the embed's, or the
    bare code), or ``None`` if ``text`` is not a position link."""
    text = text.strip()
    for route in ("#/position/", "#/puzzle/", "#/replay/"):
        if route in text:
            text = text.split(route, 1)[1]
            break
    code = text.split("/", 1)[0].split("?", 1)[0]
    prefixes = getattr(position, "PREFIXES", {position.PREFIX: 0})  # every payload version decode reads
    return code if code[:2] in prefixes else None


def read(text: str, games: dict[str, Game] | None = None) -> tuple[Match, int]:
    """A position link or a save (JSON text) -> ``(match, seat)``; the seat is
    the link's own (``me``), for a save the first human seat."""
    games = GAMES if games is None else games
    code = link_code(text)
    if code is not None:
        try:
            return position.decode(code, games)
        except position.PositionError as err:
            raise DiagramError("position", f"the position link cannot be opened: {err}") from None
    try:
        match = Match.from_save(text, games)
    except SaveError as err:
        raise DiagramError("position", f"neither a position link nor a save: {err}") from None
    humans = [i for i, s in enumerate(match.seats) if not s.is_bot]
    return match, (humans[0] if humans else 0)


# ---- drawing -----------------------------------------------------------------------------


def moves_made(log) -> int:
    return sum(1 for p, _ in log if p != CHANCE)


def render(match: Match, seat: int, *, lang: str = "en", move: str | None = None,
           marks: tuple[str, ...] | list[str] = (), caption: str | None = None) -> str:
    """The diagram of ``match`` now, from ``seat``'s view."""
    return render_state(match.game, match.state, seat, names=[s.name for s in match.seats],
                        moves=moves_made(match.log), lang=lang, move=move, marks=marks, caption=caption)


def render_state(game: Game, state, seat: int, *, names, moves: int, lang: str = "en",
                 move: str | None = None, marks=(), caption: str | None = None) -> str:
    count = game.num_players(state)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
        raise DiagramError("seat", f"seat must be 1 to {count}")
    if lang not in LANGS:
        raise DiagramError("lang", f"language must be one of {', '.join(LANGS)}")
    game_id = game.info.id
    if not has_drawing(game_id):
        raise DiagramError("game", f"{game.info.title} has no diagram yet")
    move_text = checked_move(game, state, seat, move)
    view = game.view(state, seat)
    names = tuple(names)
    ctx = Ctx(lang=lang, game_id=game_id, names=names, viewer=seat)
    mod = drawing(game_id)
    try:
        fig = mod.figure(view, ctx, move=move_text, marks=tuple(marks))
    except ValueError as err:
        raise DiagramError("mark", str(err)) from None
    to_act = game.current_player(state)
    facts = [t(lang, "diagram.seen_by", name=names[seat]), t(lang, "diagram.moves", count=moves)]
    if to_act is None:
        facts.append(t(lang, "diagram.over"))
    elif to_act >= 0:
        facts.append(t(lang, "diagram.to_play", name=names[to_act]))
    title = t(lang, f"game.{game_id}.title")
    cap_lines = wrap(caption, WIDTH - 2 * PAD) if caption and caption.strip() else []
    body_top = HEAD
    cap_top = body_top + fig.height + (8 if cap_lines else 0)
    height = cap_top + len(cap_lines) * (FONT + 5) + PAD
    caps = "".join(text(PAD, cap_top + (i + 1) * (FONT + 5) - 4, line, "dg-cap")
                   for i, line in enumerate(cap_lines))
    label = f"{title}: {', '.join(facts)}" + (f". {caption.strip()}" if cap_lines else "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {n(height)}" width="{WIDTH}" '
        f'height="{n(height)}" role="img" data-game="{esc(game_id)}" data-seat="{seat + 1}">'
        f"<title>{esc(label)}</title>"
        f"<style>{STYLE}{mod.CSS}</style>"
        f'<rect class="dg-bg" width="{WIDTH}" height="{n(height)}" rx="10"/>'
        + text(PAD, 26, title, "dg-title")
        + text(PAD, 47, " \u00b7 ".join(facts), "dg-sub")
        + f'<g class="dg-body" transform="translate(0 {body_top})">{fig.body}</g>'
        + caps
        + f'<rect class="dg-frame" x=".75" y=".75" width="{WIDTH - 1.5}" height="{n(height - 1.5)}" rx="10"/>'
        + "</svg>\n"
    )


def checked_move(game: Game, state, seat: int, move: str | None) -> str | None:
    if move is None or not move.strip():
        return None
    try:
        action = game.parse_action(move.strip())
    except BadActionText as err:
        raise DiagramError("move", f"{move!r} is not a move of this game ({err.illegal.message})") from None
    why = game.check(state, seat, action)
    if why is not None:
        raise DiagramError("move", f"{move!r} cannot be played by this seat here: {why.message} [{why.rule}]")
    return str(action)


def from_text(source: str, seat: int | None = None, **kw) -> str:
    """A diagram from a position link or a save; ``seat`` (0-based) defaults
    to the link's own seat."""
    match, me = read(source)
    return render(match, me if seat is None else seat, **kw)


def file_name(match: Match, seat: int) -> str:
    return f"{match.game.info.id}-move{moves_made(match.log)}-seat{seat + 1}.svg"


def save_text(match: Match) -> str:
    """The save of a match as text (for tests and the CLI's ``--save``)."""
    return json.dumps(match.to_save(), ensure_ascii=False, separators=(",", ":"))
