"""Saboteur's pictures (issue 29, "Art of our own"), drawn by the project.

Every card face is drawn once per region as a ``<g id>`` inside ``<defs>``
and ``<use>``d by each card of that kind: :class:`Sheet` collects the
pictures a region needs while it is drawn and writes their definitions
(:meth:`Sheet.defs`). A tunnel card is one ``<use>`` of the picture of its
open sides (``t<mask>``, ``t<mask>x`` for a dead end), so a mine of 40 cards
repeats no paths. A diagram (stand-alone SVG, no ids) takes
``Sheet(inline=True)``: each picture drawn in place.

A card is ``CW`` x ``CH`` = 60 x 84 units, its picture drawn at the origin.
Colours are classes (``sa-*``) that read CSS variables (``--sab-*``), set in
the game's style.css for light, dark and high contrast (``CSS_RULES`` are
the classes' rules; style.css carries them, the diagram takes them with the
light palette filled in, ``diagram_css``). Never colour alone: a dead end is
a heap of boulders that its stubs run into, the start a ladder in a shaft,
gold a heap of nuggets with sparkles, stone grey lumps off the path, a broken
tool has a crack and an ✕ badge, a repair a ✓ badge; each tool its own shape
(pick, lantern, cart), each role a dwarf of its own (a helmet with a lamp
and a pick; a hood and a fuse).
"""

from __future__ import annotations

import re

from .cards import GOAL_MASK, TUNNEL_MASK, card_mask, card_tools, turned

CW, CH = 60, 84
N, E, S, W = 1, 2, 4, 8
_CX, _CY = CW / 2, CH / 2

# ---- the palette (light) and the classes' rules --------------------------------------------

LIGHT = {
    "rock": "#8a6a48", "rock-dead": "#6f5a49", "rock-start": "#6f8a5c", "rock-gold": "#9a7a3e",
    "rock-stone": "#7f7a72", "edge": "#3b2a19", "strata": "#77593b", "peb": "#a88a64",
    "wall": "#2a1c10", "floor": "#f1dfb4", "track": "#c8ad78", "boulder": "#b3aa9d",
    "wood": "#a8702f", "gold": "#f2c230", "gold-hi": "#fff4b8", "stone": "#98928a",
    "paper": "#efe3c8", "paper-broken": "#f5d6cf", "paper-repair": "#d5ecd9", "paper-map": "#dbe5f2",
    "paper-fall": "#dcd4c8", "ink": "#2b2118", "iron": "#6d7480", "glow": "#ffd54a", "flame": "#f08a24",
    "red": "#c0392b", "green": "#2e8b4e", "mark-ink": "#ffffff",
    "back": "#2f3f5a", "back-hi": "#8aa0c8", "back-ink": "#d7e2f5",
    "skin": "#f4c9a0", "beard": "#ece6da", "coat": "#3f6fb0", "helmet": "#f2c230", "hood": "#4a3a5e",
}

CSS_RULES = """
.sa-rock { fill: var(--sab-rock); stroke: var(--sab-edge); stroke-width: 1.5; }
.sa-dead { --sab-rock: var(--sab-rock-dead); }
.sa-start { --sab-rock: var(--sab-rock-start); }
.sa-goldface { --sab-rock: var(--sab-rock-gold); }
.sa-stoneface { --sab-rock: var(--sab-rock-stone); }
.sa-strata { fill: none; stroke: var(--sab-strata); stroke-width: 2.5; stroke-linecap: round; }
.sa-peb { fill: var(--sab-peb); }
.sa-wall { fill: none; stroke: var(--sab-wall); }
.sa-floor { fill: none; stroke: var(--sab-floor); }
.sa-track { fill: none; stroke: var(--sab-track); stroke-width: 1.4; stroke-dasharray: 3 3; }
.sa-boulder { fill: var(--sab-boulder); stroke: var(--sab-wall); stroke-width: 1.6; }
.sa-shaft { fill: var(--sab-wall); }
.sa-wood { fill: none; stroke: var(--sab-wood); stroke-linecap: round; }
.sa-woodf { fill: var(--sab-wood); stroke: var(--sab-ink); stroke-width: 1.2; }
.sa-gold { fill: var(--sab-gold); stroke: var(--sab-ink); stroke-width: 1.3; stroke-linejoin: round; }
.sa-goldhi { fill: var(--sab-gold-hi); }
.sa-stone { fill: var(--sab-stone); stroke: var(--sab-ink); stroke-width: 1.3; stroke-linejoin: round; }
.sa-crack { fill: none; stroke: var(--sab-ink); stroke-width: 1.2; stroke-linecap: round; }
.sa-back { fill: var(--sab-back); stroke: var(--sab-ink); stroke-width: 1.5; }
.sa-backline { fill: none; stroke: var(--sab-back-hi); stroke-width: 1.5; stroke-dasharray: 4 3; }
.sa-backdot { fill: var(--sab-back-hi); }
.sa-backtext { fill: var(--sab-back-ink); font-weight: 800; text-anchor: middle; font-family: system-ui, sans-serif; }
.sa-paper { fill: var(--sab-paper); stroke: var(--sab-ink); stroke-width: 1.5; }
.sa-broken { --sab-paper: var(--sab-paper-broken); }
.sa-repair { --sab-paper: var(--sab-paper-repair); }
.sa-map { --sab-paper: var(--sab-paper-map); }
.sa-fall { --sab-paper: var(--sab-paper-fall); }
.sa-ink { fill: none; stroke: var(--sab-ink); stroke-linecap: round; stroke-linejoin: round; }
.sa-inkf { fill: var(--sab-ink); }
.sa-iron { fill: var(--sab-iron); stroke: var(--sab-ink); stroke-width: 1.3; stroke-linejoin: round; }
.sa-glow { fill: var(--sab-glow); }
.sa-flame { fill: var(--sab-flame); }
.sa-gap { fill: none; stroke: var(--sab-paper-broken); stroke-width: 3.2; stroke-linejoin: miter; }
.sa-no { fill: var(--sab-red); stroke: var(--sab-ink); stroke-width: 1.2; }
.sa-yes { fill: var(--sab-green); stroke: var(--sab-ink); stroke-width: 1.2; }
.sa-mark { fill: none; stroke: var(--sab-mark-ink); stroke-width: 2.6; stroke-linecap: round; stroke-linejoin: round; }
.sa-red { fill: none; stroke: var(--sab-red); stroke-linecap: round; }
.sa-skin { fill: var(--sab-skin); stroke: var(--sab-ink); stroke-width: 1; }
.sa-beard { fill: var(--sab-beard); stroke: var(--sab-ink); stroke-width: 1; }
.sa-coat { fill: var(--sab-coat); stroke: var(--sab-ink); stroke-width: 1; }
.sa-hat { fill: var(--dw-hat, var(--sab-red)); stroke: var(--sab-ink); stroke-width: 1; }
.sa-helmet { fill: var(--sab-helmet); stroke: var(--sab-ink); stroke-width: 1.2; }
.sa-hood { fill: var(--sab-hood); stroke: var(--sab-ink); stroke-width: 1.2; }
"""


def diagram_css() -> str:
    """The classes' rules with the light palette filled in (a stand-alone SVG)."""
    css = re.sub(r"\s+", " ", CSS_RULES).replace("; }", "}").replace(" { ", "{").replace(": ", ":").replace("; ", ";")
    # the face classes set a variable: in a diagram the face's own colour is a rule of its own
    faces = {"dead": "rock-dead", "start": "rock-start", "goldface": "rock-gold", "stoneface": "rock-stone",
             "broken": "paper-broken", "repair": "paper-repair", "map": "paper-map", "fall": "paper-fall"}
    out = []
    for rule in css.strip().split("}"):
        rule = rule.strip()
        if not rule:
            continue
        sel = rule.split("{", 1)[0]
        name = sel.removeprefix(".sa-")
        if name in faces:
            what = "sa-rock" if faces[name].startswith("rock") else "sa-paper"
            out.append(f".sa-{name} .{what},.{what}.sa-{name}{{fill:{LIGHT[faces[name]]}}}")
            continue
        out.append(rule + "}")
    text = "".join(out)
    text = re.sub(r"var\(--dw-hat, var\(--sab-red\)\)", LIGHT["red"], text)
    return re.sub(r"var\(--sab-([a-z-]+)\)", lambda m: LIGHT[m.group(1)], text)


# ---- the sheet --------------------------------------------------------------------------------------


def _n(v: float) -> str:
    t = f"{v:.1f}".removesuffix(".0")
    return "0" if t == "-0" else t


class Sheet:
    """The pictures of one region: :meth:`put` draws one (a ``<use>``, or
    the drawing itself when ``inline``); :meth:`defs` defines each used one
    once. ``prefix`` keeps the ids of regions apart (the mine, the hand of
    a seat, the round's end)."""

    def __init__(self, prefix: str = "sab-", inline: bool = False) -> None:
        self.prefix = prefix
        self.inline = inline
        self.bodies: dict[str, str] = {}

    def put(self, key: str, x: float = 0, y: float = 0, cls: str = "", scale: float = 1.0) -> str:
        body = self._body(key)
        c = f' class="{cls}"' if cls else ""
        if self.inline:
            tr = ""
            if x or y or scale != 1.0:
                tr = f"translate({_n(x)} {_n(y)})" + (f" scale({scale:g})" if scale != 1.0 else "")
                tr = f' transform="{tr}"'
            return f"<g{c}{tr}>{body}</g>"
        pos = ""
        if scale != 1.0:
            pos = f' transform="translate({_n(x)} {_n(y)}) scale({scale:g})"'
        else:
            pos = (f' x="{_n(x)}"' if x else "") + (f' y="{_n(y)}"' if y else "")
        return f'<use href="#{self.prefix}{key}"{c}{pos}/>'

    def _body(self, key: str) -> str:
        if key not in self.bodies:
            self.bodies[key] = _draw(key)
        return self.bodies[key]

    def defs(self) -> str:
        if self.inline or not self.bodies:
            return ""
        return "<defs>" + "".join(f'<g id="{self.prefix}{k}">{v}</g>' for k, v in self.bodies.items()) + "</defs>"


# ---- drawings -----------------------------------------------------------------------------------------


def _pebbles() -> str:
    """Pebbles in the corners, away from every tunnel: one path of little rounds."""
    d = "".join(f"M{x - r} {y}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0z"
                for x, y, r in ((9, 9, 2.4), (51, 10, 1.9), (13, 26, 1.4), (8, 76, 2), (51, 75, 2.5), (47, 59, 1.5)))
    return f'<path class="sa-peb" d="{d}"/>'


def _face_body(cls: str = "") -> str:
    """Rock: a card of earth with two seams and pebbles (its colour: ``--sab-rock``, which
    ``cls`` on the rock itself sets for a dead end, the start or a goal)."""
    return (f'<rect class="sa-rock{" " + cls if cls else ""}" x="1" y="1" width="58" height="82" rx="5"/>'
            '<path class="sa-strata" d="M3 19c9-4 17 2 26-1s19-3 28 1M3 66c11 3 19-3 27 0s17 3 27-1"/>'
            + _pebbles())


def _face(cls: str = "") -> str:
    """The rock face of a card picture; ``cls`` sets its colour (a dead end, the start, a goal).
    Drawn into each picture, not a picture of its own: a <use> inside a <use> cost Chromium
    more when the mine is replaced than the elements it saves (docs/performance.md, "Saboteur's art")."""
    return _face_body(cls)


# each side: (edge point, the way to the centre); a stub runs from the edge point toward the centre
_SIDE = {N: (_CX, 0, 0, 1), E: (CW, _CY, -1, 0), S: (_CX, CH, 0, -1), W: (0, _CY, 1, 0)}
_HALF = {N: _CY, S: _CY, E: _CX, W: _CX}  # from the edge to the centre
WALL, FLOOR = 24, 16


def _seg(side: int, length: float) -> str:
    x, y, dx, dy = _SIDE[side]
    return f"M{_n(x)} {_n(y)}{'V' if dx == 0 else 'H'}{_n(y + dy * length if dx == 0 else x + dx * length)}"


def _tunnels(mask: int, dead: bool) -> str:
    """Walls, floor and a cart track of the open sides: joined in the middle,
    or (a dead end) stubs that run into a heap of boulders."""
    sides = [s for s in (N, E, S, W) if mask & s]
    if not sides:
        return ""
    if dead:
        walls = "".join(_seg(s, _HALF[s] - 12) for s in sides)
        floors = "".join(_seg(s, _HALF[s] - 15) for s in sides)
        track = "".join(_seg(s, _HALF[s] - 17) for s in sides)
    else:
        walls = "".join(_seg(s, _HALF[s] + WALL / 2) for s in sides)
        floors = "".join(_seg(s, _HALF[s] + FLOOR / 2) for s in sides)
        track = "".join(_seg(s, _HALF[s]) for s in sides)
    out = (f'<path class="sa-wall" stroke-width="{WALL}" d="{walls}"/>'
           f'<path class="sa-floor" stroke-width="{FLOOR}" d="{floors}"/>'
           f'<path class="sa-track" d="{track}"/>')
    if dead:
        out += _heap()
    return out


def _heap() -> str:
    """A dead end: a heap of boulders in the middle that blocks the way."""
    rocks = (("M17 47l3-8 8-3 6 4 1 8-6 6-9-1z"), ("M27 38l5-8 8 0 5 6-2 8-8 3-7-3z"),
             ("M30 51l4-6 8-1 5 6-2 7-8 2-6-3z"), ("M20 34l4-5 6 1 1 6-5 3-5-2z"))
    # one path: every boulder's outline shows over the others, as in a heap (and one element, not four)
    return (f'<path class="sa-boulder" d="{"".join(rocks)}"/>'
            '<path class="sa-crack" d="M34 36l2 4-1 3M38 50l2 3M22 43l3 2"/>')


def _tunnel_card(mask: int, dead: bool) -> str:
    return _face("sa-dead" if dead else "") + _tunnels(mask, dead)


def _start() -> str:
    """The start: a crossing around a shaft with a ladder coming up it."""
    rungs = "".join(f"M24 {y}H36" for y in (31, 37, 43, 49, 55))
    return (_face("sa-start") + _tunnels(15, False)
            + '<rect class="sa-shaft" x="21" y="31" width="18" height="22" rx="3"/>'
            + f'<path class="sa-wood" stroke-width="2.2" d="{rungs}"/>'
            + '<path class="sa-wood" stroke-width="3" d="M24 24V60M36 24V60"/>')


def _back() -> str:
    """A goal face down: night-blue with a dashed frame and a big question mark
    (the goal's number is written on it by the board)."""
    dots = "".join(f'<circle class="sa-backdot" cx="{x}" cy="{y}" r="2"/>' for x, y in ((11, 11), (49, 11), (11, 73), (49, 73)))
    return ('<rect class="sa-back" x="1" y="1" width="58" height="82" rx="5"/>'
            '<rect class="sa-backline" x="6" y="6" width="48" height="72" rx="3"/>' + dots
            + '<circle class="sa-backline" cx="30" cy="46" r="15"/>'
            '<text class="sa-backtext" x="30" y="56" font-size="28">?</text>')


def _sparkle(x: float, y: float, r: float) -> str:
    q = r * 0.28
    return (f'<path class="sa-goldhi" d="M{_n(x)} {_n(y - r)}L{_n(x + q)} {_n(y - q)}L{_n(x + r)} {_n(y)}'
            f'L{_n(x + q)} {_n(y + q)}L{_n(x)} {_n(y + r)}L{_n(x - q)} {_n(y + q)}L{_n(x - r)} {_n(y)}'
            f'L{_n(x - q)} {_n(y - q)}Z"/>')


def _gold() -> str:
    """The gold: a crossing with a heap of nuggets in the middle and sparkles."""
    nuggets = ("M17 50l4-7 7-1 4 5-2 7-8 1z", "M28 46l4-8 8-1 5 6-3 7-9 1z", "M22 38l5-6 7 1 1 6-6 4-6-1z",
               "M31 53l5-4 7 1 2 5-5 4-7-1z")
    heap = "".join(f'<path class="sa-gold" d="{d}"/>' for d in nuggets)
    shine = '<path class="sa-goldhi" d="M25 45l2-2 2 1M33 42l3-2M25 36l2-1"/>'
    return (_face("sa-goldface") + _tunnels(15, False) + heap + shine
            + _sparkle(11, 12, 6) + _sparkle(49, 72, 6) + _sparkle(50, 14, 4) + _sparkle(10, 70, 4))


def _stone(mask: int) -> str:
    """A stone: a bend of tunnel (it does connect) and grey lumps off the path."""
    y = 70 if mask & N else 16
    lumps = (f"M8 {y + 2}l3-7 8-2 6 5-2 7-8 2z", f"M38 {y}l4-6 8 0 4 6-3 6-9 1z")
    return (_face("sa-stoneface") + _tunnels(mask, False)
            + "".join(f'<path class="sa-stone" d="{d}"/>' for d in lumps)
            + f'<path class="sa-crack" d="M14 {y - 2}l2 3M45 {y - 3}l-1 4 2 2"/>')


# tools, drawn in a box of 40 x 40 around the origin
def _tool(tool: str) -> str:
    if tool == "P":  # a pickaxe: a wooden handle under a curved iron head
        return ('<path class="sa-ink" stroke-width="6.5" d="M-11 15L8 -9"/>'
                '<path class="sa-wood" stroke-width="4" d="M-11 15L8 -9"/>'
                '<path class="sa-iron" d="M-15 -5C-6 -15 8 -17 17 -6L15 -3C7 -10-4 -10-13 -2z"/>')
    if tool == "L":  # a lantern: a ring, a cap, glass with a flame, a base
        return ('<path class="sa-ink" stroke-width="2.2" d="M-5 -12C-5 -19 5 -19 5 -12"/>'
                '<path class="sa-iron" d="M-9 -8L-6 -13H6L9 -8z"/>'
                '<rect class="sa-glow" x="-8" y="-8" width="16" height="18"/>'
                '<path class="sa-flame" d="M0 -5C4 0 4 5 0 6C-4 5 -4 0 0 -5z"/>'
                '<path class="sa-ink" stroke-width="1.8" d="M-8 -8V10M8 -8V10M0 -8V-5"/>'
                '<rect class="sa-iron" x="-10" y="10" width="20" height="4" rx="1"/>')
    # a cart: a tub of planks with ore in it on two wheels and a rail
    return ('<path class="sa-gold" d="M-9 -7l4-5 5 1 3 4M2 -7l4-4 5 2 1 2"/>'
            '<path class="sa-woodf" d="M-15 -7H15L11 7H-11z"/>'
            '<path class="sa-ink" stroke-width="1.2" d="M-13 0H13M-5 -7V7M5 -7V7"/>'
            '<path class="sa-ink" stroke-width="2" d="M-18 15H18"/>'
            '<circle class="sa-iron" cx="-7" cy="10" r="4"/><circle class="sa-iron" cx="7" cy="10" r="4"/>')


def _badge(yes: bool) -> str:
    """A corner badge: a green ✓ (repair) or a red ✕ (broken); shape and colour."""
    if yes:
        return '<circle class="sa-yes" cx="45" cy="70" r="9"/><path class="sa-mark" d="M40.5 70l3 3.5 6-7"/>'
    return '<circle class="sa-no" cx="45" cy="70" r="9"/><path class="sa-mark" d="M41.5 66.5l7 7M48.5 66.5l-7 7"/>'


def _paper(cls: str) -> str:
    return f'<rect class="sa-paper {cls}" x="1" y="1" width="58" height="82" rx="5"/>'


def _action(code: str) -> str:
    if code == "MAP":  # a map: parchment, three goal cards, a dotted way to one of them and its X
        goals = "".join(f'<rect class="sa-back" x="38" y="{y}" width="10" height="13" rx="2"/>' for y in (18, 36, 54))
        return (_paper("sa-map")
                + '<path class="sa-paper" d="M9 14l10 3 10-3 10 3v54l-10-3-10 3-10-3z"/>'
                + goals
                + '<path class="sa-ink" stroke-width="2" stroke-dasharray="3 3" d="M13 62C15 50 24 52 27 44S33 42 38 42"/>'
                + '<path class="sa-red" stroke-width="3" d="M40 38.5l6 7M46 38.5l-6 7"/>')
    if code == "FALL":  # a rockfall: boulders tumbling onto a tunnel
        return (_paper("sa-fall")
                + f'<path class="sa-wall" stroke-width="{WALL}" d="M4 58H56"/>'
                + f'<path class="sa-floor" stroke-width="{FLOOR}" d="M4 58H56"/>'
                + '<path class="sa-boulder" d="M16 60l4-9 9-2 6 6-1 8-9 3z"/>'
                + '<path class="sa-boulder" d="M31 56l5-7 8 1 3 7-4 6-8 0z"/>'
                + '<path class="sa-boulder" d="M22 30l5-6 7 1 2 6-5 5-7-1z"/>'
                + '<path class="sa-boulder" d="M38 16l4-4 5 1 1 5-4 3-5-1z"/>'
                + '<path class="sa-ink" stroke-width="2" d="M20 14v8M27 10v9M45 3v5M14 24v5"/>')
    tools = card_tools(code)
    put = _tool_at  # drawn into the card's picture (no use inside a use)
    if code.startswith("B"):  # a broken tool: the tool with a crack through it, a red ✕
        return (_paper("sa-broken") + put(f"i{tools}", 30, 38, scale=1.15)
                + '<path class="sa-gap" d="M22 20l6 9-5 5 8 7-4 6 9 9"/>' + _badge(False))
    # a repair: the tool (or two of them) whole, a green ✓
    if len(tools) == 1:
        pics = put(f"i{tools}", 30, 38, scale=1.15)
    else:
        pics = put(f"i{tools[0]}", 19, 26, scale=0.78) + put(f"i{tools[1]}", 39, 50, scale=0.78)
    return _paper("sa-repair") + pics + _badge(True)


def _tool_at(key: str, x: float, y: float, scale: float = 1.0) -> str:
    """A tool drawn into a card's own definition (no nested use)."""
    return f'<g transform="translate({_n(x)} {_n(y)}) scale({scale:g})">{_tool(key[1:])}</g>'


def _dwarf() -> str:
    """A dwarf on the mine (the dwarfs variant), centred on the card; the hat
    takes its owner's colour (``--dw-hat``), the name is written under it."""
    return ('<path class="sa-hat" d="M19 32L30 9L41 32z"/>'
            '<circle class="sa-skin" cx="30" cy="38" r="9"/>'
            '<path class="sa-beard" d="M21 40Q30 61 39 40z"/>'
            '<rect class="sa-coat" x="18" y="48" width="24" height="14" rx="5"/>')


def _draw(key: str) -> str:
    if key == "start":
        return _start()
    if key == "back":
        return _back()
    if key == "gold":
        return _gold()
    if key.startswith("stone"):
        return _stone(int(key[5:]))
    if key == "dwarf":
        return _dwarf()
    if key.startswith("i") and key[1:] in ("P", "L", "C"):
        return _tool(key[1:])
    if key.startswith("t"):
        dead = key.endswith("x")
        return _tunnel_card(int(key[1:].rstrip("x")), dead)
    return _action(key)


# ---- keys -------------------------------------------------------------------------------------------------


def tunnel_key(code: str, rot: int) -> str:
    """The picture of a tunnel card as it lies: its open sides and whether it is a dead end."""
    return f"t{card_mask(code, rot)}" + ("x" if code.endswith("x") else "")


def goal_key(code: str, rot: int) -> str:
    if code == "GOLD":
        return "gold"
    m = GOAL_MASK[code]
    return f"stone{turned(m) if rot else m}"


def card_key(code: str, rot: int = 0) -> str:
    return tunnel_key(code, rot) if code in TUNNEL_MASK else code


# ---- the roles' dwarfs (small inline pictures, 32 x 32) -----------------------------------------------------


def role_picture(role: str) -> str:
    """A gold-digger wears a helmet with a lamp and holds a pick; a saboteur a
    hood, and he carries a lit fuse. Decoration: the words are beside it."""
    face = ('<circle class="sa-skin" cx="16" cy="14" r="6.5"/>'
            '<path class="sa-beard" d="M9.5 15.5Q16 31 22.5 15.5z"/>')
    if role == "S":
        body = ('<path class="sa-hood" d="M6 31C6 18 8 5 16 4s10 14 10 27z"/>' + face
                + '<path class="sa-inkf" d="M10 12h12v3.2H10z"/>'
                + '<circle class="sa-iron" cx="26" cy="25" r="4.5"/>'
                + '<path class="sa-ink" stroke-width="1.4" d="M28 21c1-2 2-3 3-3"/>'
                + '<path class="sa-flame" d="M30.5 15.5l1.5 2-1 1.5-1.6-.6z"/>')
    else:
        body = ('<path class="sa-coat" d="M6 31c0-7 4-10 10-10s10 3 10 10z"/>' + face
                + '<path class="sa-helmet" d="M8.5 11C8.5 4 23.5 4 23.5 11z"/>'
                + '<rect class="sa-helmet" x="7" y="10" width="18" height="2.6" rx="1.2"/>'
                + '<circle class="sa-glow" cx="16" cy="7.5" r="2" stroke="currentColor" stroke-width=".8"/>'
                + '<path class="sa-wood" stroke-width="2" d="M24 31L29 17"/>'
                + '<path class="sa-iron" d="M25 15c2-2 5-1 6 1l-1 1c-1-1-3-1.5-4.5-.5z"/>')
    return (f'<svg class="sab-role-pic" viewBox="0 0 32 32" aria-hidden="true" focusable="false">{body}</svg>')
