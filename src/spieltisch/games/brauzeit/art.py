"""Brauzeit's pictures (issue 29 E), drawn by the project: the cauldron, and a
portrait per hero (a head and shoulders under one of six headgears, a robe in
one of six tones). SVG <symbol>s defined once per board (board._defs) and
<use>d; the ingredients' own shapes are board.ing_shape.

Conventions (docs/ui.md, "The art"): the pictures are decoration
(``aria-hidden``; the words are beside them or in ``.sr`` text); colours come
from CSS variables (``--bz-tier`` for a cauldron's rim, ``--bz-robe`` for a
hero's robe), so light and dark mode restyle them; every colour goes with a
shape or a word (a tier's name, an ingredient's shape, a hero's headgear).
"""

from __future__ import annotations

# a cauldron (viewBox 0 0 48 40): legs, a round belly, a thick rim in the tier's colour, a bubble
POT = ('<path class="bz-pot-leg" d="M11 33l-3 6h5l2-5zM37 33l3 6h-5l-2-5z"/>'
       '<path class="bz-pot-body" d="M5 13h38c1.5 11-3 22-19 22S3.5 24 5 13z"/>'
       '<rect class="bz-pot-rim" x="2" y="9" width="44" height="6" rx="3"/>'
       '<ellipse class="bz-pot-brew" cx="24" cy="10" rx="18" ry="2.2"/>'
       '<circle class="bz-pot-bubble" cx="17" cy="5.5" r="2.4"/><circle class="bz-pot-bubble" cx="27" cy="3.4" r="1.6"/>')

# hero id -> headgear (one of HEADGEAR's keys)
HERO_HEAD = {
    "H01": "crown", "H02": "cap", "H03": "crown", "H04": "crown", "H05": "hood", "H06": "cap",
    "H07": "helmet", "H08": "wreath", "H09": "wreath", "H10": "wreath", "H11": "helmet", "H12": "cap",
    "H13": "hood", "H14": "cap", "H15": "cap", "H16": "wreath", "H17": "hat", "H18": "helmet",
    "H19": "helmet", "H20": "hood", "H21": "wreath", "H22": "hat", "H23": "helmet", "H24": "crown",
}
ROBES = 6  # robe tones r0..r5 (style.css), by the hero's number

# headgears, drawn over the portrait's head (viewBox 0 0 40 40, head centred at 20,17)
HEADGEAR = {
    "crown": '<path class="bz-hg" d="M10 12l2-8 4.5 5L20 2l3.5 7L28 4l2 8z"/>',
    "cap": '<path class="bz-hg" d="M10.5 14c0-6 4-9.5 9.5-9.5S29.5 8 29.5 14zM27 12.5l7 1.6-1 1.6-6.5-.8z"/>',
    "hood": '<path class="bz-hg" d="M20 2c-8 0-12.5 6-12.5 14 0 5 1 9 3 12h3.5c-2-3-3-6.5-3-10 0-5 4-8.5 9-8.5s9 3.5 9 8.5'
            'c0 3.5-1 7-3 10h3.5c2-3 3-7 3-12C32.5 8 28 2 20 2z"/>',
    "helmet": '<path class="bz-hg" d="M9.5 16c0-7 4.5-11 10.5-11s10.5 4 10.5 11h-3V13.5h-15V16z"/>'
              '<path class="bz-hg2" d="M19 1h2v6h-2z"/>',
    "hat": '<path class="bz-hg" d="M20 0l7 11H13zM7 11.5h26v3H7z"/><circle class="bz-hg2" cx="21" cy="6.5" r="1.4"/>',
    "wreath": '<path class="bz-hg" d="M11 11c1-4 4.5-6.5 9-6.5s8 2.5 9 6.5l-2 .6c-1-3-3.8-5-7-5s-6 2-7 5z"/>'
              '<circle class="bz-hg2" cx="13" cy="8.5" r="1.6"/><circle class="bz-hg2" cx="20" cy="5.5" r="1.6"/>'
              '<circle class="bz-hg2" cx="27" cy="8.5" r="1.6"/>',
}
# the portrait under the headgear: shoulders in the robe's tone, a neck, a face with two eyes and a smile
BUST = ('<path class="bz-robe" d="M4 40c0-9 7-14 16-14s16 5 16 14z"/>'
        '<rect class="bz-skin" x="17" y="22" width="6" height="6" rx="2"/>'
        '<circle class="bz-skin" cx="20" cy="17" r="8.5"/>'
        '<circle class="bz-eye" cx="17" cy="16.5" r="1.1"/><circle class="bz-eye" cx="23" cy="16.5" r="1.1"/>'
        '<path class="bz-smile" d="M16.8 20.2q3.2 2.4 6.4 0"/>')


def symbols() -> str:
    """The cauldron, the bust and the headgears as symbols (inside board._defs' <svg>)."""
    out = f'<symbol id="bz-pot" viewBox="0 0 48 40">{POT}</symbol><symbol id="bz-bust" viewBox="0 0 40 40">{BUST}</symbol>'
    out += "".join(f'<symbol id="bz-hg-{k}" viewBox="0 0 40 40">{v}</symbol>' for k, v in HEADGEAR.items())
    return out


def pot(cls: str = "bz-pot") -> str:
    """The cauldron (``cls``: the board's own class name; no outside text goes in here)."""
    return (f'<svg class="{cls}" viewBox="0 0 48 40" aria-hidden="true" focusable="false">'
            f'<use href="#bz-pot"/></svg>')


def portrait(hid: str) -> str:
    """A hero's portrait: the bust in the hero's robe tone under the hero's headgear."""
    head = HERO_HEAD.get(hid, "cap")
    robe = int(hid[1:]) % ROBES if hid in HERO_HEAD else 0  # only the table's ids reach the markup
    return (f'<svg class="bz-portrait r{robe} hg-{head}" viewBox="0 0 40 40" aria-hidden="true" focusable="false">'
            f'<use href="#bz-bust"/><use href="#bz-hg-{head}"/></svg>')
