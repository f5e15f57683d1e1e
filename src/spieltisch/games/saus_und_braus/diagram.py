"""Saus und Braus as a position diagram (spieltisch.diagram): Winnie's kitchen
from above, scaled to the diagram's width, drawn from one seat's view.

saus.memory: a closed book is drawn the same whatever it holds; the only
pictures of books are those of ``view["open"]`` (the books open now). The
view's ``record`` (what was shown earlier, for the bots' memory) is never
read here.

``move``: ``fly:<path>`` (the field, or the way off, ringed with an arrow
from Winnie), ``enter:<corner>`` (the corner hole ringed, an arrow),
``open:<n>`` / ``open:<a>+<b>`` (the book(s) ringed), ``move:<field>`` (the
field ringed, an arrow from the field flown over), ``spin`` / ``close`` (a
badge). ``marks``: ``field:<name>`` (e.g. ``field:BZ``), ``hole:<letter>``,
``book:<1-16>``, ``seat:<n>``.
"""

from __future__ import annotations

from ...render.context import Ctx
from ...render.svg import WIDTH, Figure, arrow, badge, fit, group, mark, rect, text, wrap
from .board import BOOK_XY, EDGE_XY, HOLE_XY, H, W, _mid, prompt, token
from .rules import CORNERS, FIELDS, GAME, GOAL, HOLES, SLOTS, Enter, Fly, Move, Open

CSS = (
    ".sb-floor{fill:#3b2a1e}.sb-table{fill:#5a4030}"
    ".sb-path{stroke:#d9c48a;stroke-width:10;stroke-linecap:round;stroke-dasharray:2 16}"
    ".sb-path.is-used{stroke:#ffd166;stroke-dasharray:none;stroke-width:8}"
    ".sb-exit{stroke:#e0b04a;stroke-width:8;stroke-dasharray:12 10}.sb-exit.is-used{stroke:#ffd166;stroke-dasharray:none}"
    ".sb-hole{fill:#1b1420;stroke:#8a6b3e;stroke-width:5}.sb-hole.is-corner{stroke:#e0b04a;stroke-width:7}"
    ".sb-hole-t{fill:#fff;font-size:26px;font-weight:800;text-anchor:middle}"
    ".sb-field-bg{fill:#4f8a4a;stroke:#a8d08d;stroke-width:4}.sb-field.is-target .sb-field-bg{stroke:#ffd166;stroke-width:9}"
    ".sb-field-t{fill:#fff3b0;font-size:24px;font-weight:700;text-anchor:middle}"
    ".sb-count circle{fill:#1f2a24}.sb-count text{fill:#fff;font-size:22px;font-weight:800;text-anchor:middle}"
    ".sb-disc{fill:#fbf3df;stroke:#5a4630;stroke-width:2}.sb-special .sb-disc{stroke:#d4a017;stroke-width:4}"
    ".p-stem{fill:#f4ecd8;stroke:#8a7a5a;stroke-width:1.5}.p-cap{fill:#d63a2f}.p-dot{fill:#fff}"
    ".p-wing{fill:#4b2a5c;stroke:#2a1533;stroke-width:1.5}.p-frog{fill:#4caf50;stroke:#2e6b30;stroke-width:1.5}"
    ".p-pupil{fill:#111}.p-mouth,.p-quill{fill:none;stroke:#2b2b2b;stroke-width:2;stroke-linecap:round}"
    ".p-leg{fill:none;stroke:#222;stroke-width:2.2;stroke-linecap:round}.p-spider{fill:#222}"
    ".p-eyeball{fill:#fff;stroke:#555;stroke-width:1.5}.p-iris{fill:#2f7fd8}"
    ".p-feather{fill:#35b3a8;stroke:#1e6f68;stroke-width:1.5}"
    ".p-sala{fill:none;stroke:#f08a1c;stroke-width:9;stroke-linecap:round}.p-sala-head{fill:#f08a1c}"
    ".p-sala-leg{stroke:#f08a1c;stroke-width:4;stroke-linecap:round}.p-spot{fill:#2b2b2b}"
    ".p-snake{fill:none;stroke:#6a9d1f;stroke-width:9;stroke-linecap:round}.p-snake-head{fill:#6a9d1f}"
    ".sb-cover{fill:#6a2c91;stroke:#2c1040;stroke-width:3}.sb-spine{fill:#3f1a58}"
    ".sb-num{fill:#fff;font-size:30px;font-weight:800;text-anchor:middle}"
    ".sb-page{fill:#fffaf0;stroke:#7a5c3a;stroke-width:3}"
    ".sb-right .sb-page{stroke:#2e9d4a;stroke-width:6}.sb-wrong .sb-page{stroke:#c0392b;stroke-width:6}"
    ".sb-cloak{fill:#2b1a3d;stroke:#ffd166;stroke-width:4}.sb-hat{fill:#6a2c91}"
    ".sb-pot{fill:#2b2b30}.sb-hole5{fill:#55555e}"
)

S = (WIDTH - 16) / W  # the kitchen's scale: 1000 x 820 -> 464 x 380.5
X0, Y0 = 8, 4


def _at(x: float, y: float) -> tuple[float, float]:
    """A kitchen point in diagram units."""
    return X0 + x * S, Y0 + y * S


def _kitchen(view: dict) -> str:
    used = set(view["used"])
    out = ['<rect class="sb-floor" width="1000" height="820" rx="28"/>'
           '<rect class="sb-table" x="90" y="95" width="820" height="630" rx="60"/>']
    for p in FIELDS:
        (x0, y0), (x1, y1) = HOLE_XY[p[0]], HOLE_XY[p[1]]
        out.append(f'<line class="sb-path{" is-used" if p in used else ""}" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}"/>')
    for c in CORNERS:
        (x0, y0), (x1, y1) = HOLE_XY[c], EDGE_XY[c]
        out.append(f'<line class="sb-exit{" is-used" if f"out{c}" in used else ""}" '
                   f'x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}"/>')
    for h in HOLES:
        x, y = HOLE_XY[h]
        out.append(f'<circle class="sb-hole{" is-corner" if h in CORNERS else ""}" cx="{x}" cy="{y}" r="28"/>'
                   + text(x, y + 9, h, "sb-hole-t"))
    phase = view["phase"]
    for i, f in enumerate(FIELDS):
        x, y = _mid(f)
        stack = view["stacks"][i] if i < len(view["stacks"]) else []
        target = " is-target" if f == view["field"] and phase in ("guess", "move", "close") else ""
        body = [f'<circle class="sb-field-bg" cx="{x:.1f}" cy="{y:.1f}" r="44"/>']
        for k, kind in enumerate(stack):  # bottom first, the top drawn last and highest
            body.append(token(kind, x, y + 10 - 12 * k + (len(stack) - 1) * 6, 29))
        if len(stack) > 1:
            body.append(f'<g class="sb-count"><circle cx="{x + 36:.1f}" cy="{y + 32:.1f}" r="15"/>'
                        + text(x + 36, y + 40, str(len(stack))) + "</g>")
        body.append(text(x - 46, y - 34, f, "sb-field-t"))
        out.append(f'<g class="sb-field{target}">{"".join(body)}</g>')
    opened = {int(k): v for k, v in view["open"].items()}  # saus.memory: only the books open now
    for slot in range(min(SLOTS, view["books_dealt"])):
        x, y = BOOK_XY[slot]
        if slot in opened:
            cls = "sb-right" if view["right"] else "sb-wrong"
            out.append(f'<g class="{cls}"><rect class="sb-page" x="{x - 58}" y="{y - 40}" width="58" height="80" rx="6"/>'
                       f'<rect class="sb-page" x="{x}" y="{y - 40}" width="58" height="80" rx="6"/>'
                       f'{token(opened[slot], x, y, 30)}</g>')
        else:
            out.append(f'<rect class="sb-cover" x="{x - 30}" y="{y - 38}" width="60" height="76" rx="6"/>'
                       f'<rect class="sb-spine" x="{x - 30}" y="{y - 38}" width="10" height="76" rx="3"/>'
                       + text(x + 5, y + 11, str(slot + 1), "sb-num"))
    wx, wy = _winnie(view)
    out.append(f'<circle class="sb-cloak" cx="{wx:.1f}" cy="{wy:.1f}" r="24"/>'
               f'<circle class="sb-hat" cx="{wx:.1f}" cy="{wy:.1f}" r="11"/>')
    return "".join(out)


def _winnie(view: dict) -> tuple[float, float]:
    """Winnie's place in kitchen units: her hole, or past the corner she flew off at."""
    used = view["used"]
    if view["phase"] == "reenter" and used and used[-1].startswith("out"):
        return EDGE_XY[used[-1][3]]
    return HOLE_XY[view["at"]]


def _ring(x: float, y: float, r: float) -> str:
    (cx, cy), rr = _at(x, y), r * S
    return mark(cx - rr, cy - rr, 2 * rr, 2 * rr)


def _arrow(a: tuple[float, float], b: tuple[float, float], r: float) -> str:
    (x1, y1), (x2, y2) = _at(*a), _at(*b)
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    stop = r * S + 5
    if length <= stop + 8:
        return ""
    return arrow(x1 + dx / length * 12, y1 + dy / length * 12, x2 - dx / length * stop, y2 - dy / length * stop)


def _book_ring(slot: int) -> str:
    x, y = BOOK_XY[slot]
    (cx, cy) = _at(x - 30, y - 40)
    return mark(cx, cy, 60 * S, 80 * S)


def _cauldron(kinds: list, x: float, y: float) -> str:
    out = [rect(x, y, 5 * 24 + 8, 28, "sb-pot", 12)]
    for k in range(GOAL):
        cx = x + 16 + k * 24
        if k < len(kinds):
            out.append(group(cx, y + 14, token(kinds[k], 0, 0, 20), scale=0.5))
        else:
            out.append(f'<circle class="sb-hole5" cx="{cx:.1f}" cy="{y + 14:.1f}" r="9"/>')
    return "".join(out)


def figure(view: dict, ctx: Ctx, *, move: str | None = None, marks: tuple[str, ...] = ()) -> Figure:
    action = GAME.parse_action(move) if move else None
    out = [group(X0, Y0, _kitchen(view), scale=S)]
    extra: list[str] = []
    y = Y0 + H * S + 6
    line = prompt(view, ctx)
    if view["phase"] in ("stacks", "books"):
        line = ctx.tr("saus_und_braus.diagram.setup")
    for part in wrap(line, WIDTH - 20) if line else []:
        out.append(text(10, y + 16, part, "dg-strong"))
        y += 19
    if action is not None and not isinstance(action, (Fly, Enter, Open, Move)):  # spin, close: a badge
        key = {"spin": "saus_und_braus.ui.spin", "close": "saus_und_braus.ui.close"}.get(str(action))
        extra.append(badge(10, y + 6, fit(ctx.tr(key) if key else str(action), 200)))
        y += 28
    y += 8
    seat_box: dict[int, tuple[float, float, float, float]] = {}
    me = ctx.viewer
    for seat in [me] + [i for i in range(view["players"]) if i != me]:
        kinds = view["cauldrons"][seat]
        out.append(text(10, y + 19, fit(ctx.name(seat), 150), "dg-strong"))
        out.append(_cauldron(kinds, 170, y))
        out.append(text(WIDTH - 10, y + 19, ctx.tr("saus_und_braus.diagram.count", count=len(kinds), goal=GOAL),
                        "dg-muted", anchor="end"))
        seat_box[seat] = (6, y - 1, WIDTH - 12, 30)
        y += 34
    # the marked move
    w_at = _winnie(view)
    if isinstance(action, Fly):
        p = action.path
        extra.append(_ring(*_mid(p), 48) + _arrow(w_at, _mid(p), 48))
    elif isinstance(action, Enter):
        extra.append(_ring(*HOLE_XY[action.corner], 34) + _arrow(w_at, HOLE_XY[action.corner], 34))
    elif isinstance(action, Open):
        extra.extend(_book_ring(s) for s in action.slots)
    elif isinstance(action, Move):
        extra.append(_ring(*_mid(action.field), 48))
        if view["field"]:
            extra.append(_arrow(_mid(view["field"]), _mid(action.field), 48))
    for m in marks:
        kind, _, arg = m.partition(":")
        if kind == "field" and arg in FIELDS:
            extra.append(_ring(*_mid(arg), 48))
        elif kind == "hole" and arg in HOLES:
            extra.append(_ring(*HOLE_XY[arg], 34))
        elif kind == "book" and arg.isdigit() and 1 <= int(arg) <= min(SLOTS, view["books_dealt"]):
            extra.append(_book_ring(int(arg) - 1))
        elif kind == "seat" and arg.isdigit() and int(arg) - 1 in seat_box:
            extra.append(mark(*seat_box[int(arg) - 1]))
        else:
            raise ValueError(f"unknown mark {m!r}: use field:<AB…FI>, hole:<A-I, Z>, book:<1-16> or seat:<n>")
    return Figure(height=y + 6, body="".join(out) + "".join(extra))
