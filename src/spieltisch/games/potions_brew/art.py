"""Potions Brew's pictures (issue 29 E): one SVG <symbol> per ingredient and
the recipe side's flask, drawn by the project, defined once per board
(:func:`defs`) and <use>d by every card face (hand, stacks, piles, recipes,
the players panel).

Conventions (docs/ui.md, "The art"): a 32x32 viewBox; the main shape in
``currentColor`` (white on the ingredient's card colour), a second tone in
the class ``pb-a2`` and a third in ``pb-a3`` (``pb-s2``/``pb-s3``: the same
tones as strokes), coloured by CSS variables, so light and dark mode and high
contrast restyle them without new markup.
Each ingredient has a shape of its own (a toadstool, a mistletoe sprig, a
poison vial with a snake, a mandrake root, a jointed spider leg, a crescent
moonstone), so no colour is the only signal.
"""

from __future__ import annotations

# ingredient -> the symbol's inner SVG (viewBox 0 0 32 32)
ING_ART = {
    # a toadstool: a domed cap with spots over a stem
    "T": ('<path d="M16 3C8 3 3 8.5 3 14.5c0 1.2 1 2 2.2 2h21.6c1.2 0 2.2-.8 2.2-2C29 8.5 24 3 16 3z"/>'
          '<circle class="pb-a2" cx="10" cy="10" r="2.2"/><circle class="pb-a2" cx="17.5" cy="7.2" r="1.7"/>'
          '<circle class="pb-a2" cx="22.5" cy="12" r="2"/><circle class="pb-a2" cx="14.5" cy="13" r="1.3"/>'
          '<path d="M12.5 17.5h7l1.3 9.5c.2 1.3-.8 2-2 2h-5.6c-1.2 0-2.2-.7-2-2z"/>'
          '<path class="pb-a3" d="M13.4 20.5h5.2l.2 1.6h-5.6z"/>'),
    # a mistletoe sprig: a stem, two pairs of leaves, three berries
    "M": ('<path d="M16 30V14" stroke="currentColor" stroke-width="2.2" fill="none" stroke-linecap="round"/>'
          '<path d="M16 18C11 18 5 15 4 9c6-.5 11 3 12 9z"/><path d="M16 18c5 0 11-3 12-9-6-.5-11 3-12 9z"/>'
          '<path d="M16 26c-4 0-9-2-10-6.5 5-.5 9 2 10 6.5z"/><path d="M16 26c4 0 9-2 10-6.5-5-.5-9 2-10 6.5z"/>'
          '<circle class="pb-a2" cx="16" cy="8.5" r="2.6"/><circle class="pb-a2" cx="12.3" cy="5.5" r="2.2"/>'
          '<circle class="pb-a2" cx="19.7" cy="5.5" r="2.2"/>'),
    # snake poison: a round vial with a cork, a snake coiled on its belly
    "S": ('<rect class="pb-a3" x="12.5" y="2" width="7" height="4.5" rx="1.2"/>'
          '<path d="M13 6.5h6v4.2c4.5 1.5 8 5.4 8 10.3 0 5.5-4.9 9-11 9s-11-3.5-11-9c0-4.9 3.5-8.8 8-10.3z"/>'
          '<path class="pb-s2" d="M10 22c1.5-3 4.5-3 6 0s4.5 3 6 0" stroke-width="2.6" '
          'stroke-linecap="round"/><circle class="pb-a2" cx="22.6" cy="21" r="1.7"/>'),
    # a mandrake: a forked root with arms, a face and a leafy crown
    "D": ('<path class="pb-a2" d="M16 9c-1-3.5-4-5.5-7-5.5 1 3 3.5 5 7 5.5zm0 0c1-3.5 4-5.5 7-5.5-1 3-3.5 5-7 5.5zm0 0'
          'c0-3 .5-5.5 0-7.5-.5 2-1 4.5 0 7.5z"/>'
          '<path d="M11 10.5h10c1.5 3 1.6 6.5.3 10l3.7 3.5-1.4 1.4-3.6-3.2-1.3 7.8h-2l-.7-6-.7 6h-2l-1.3-7.8'
          '-3.6 3.2L7 24l3.7-3.5c-1.3-3.5-1.2-7 .3-10z"/>'
          '<circle class="pb-a3" cx="14" cy="15" r="1.1"/><circle class="pb-a3" cx="18" cy="15" r="1.1"/>'
          '<path class="pb-s3" d="M14.2 18.2q1.8 1.2 3.6 0" stroke-width="1.1"/>'),
    # a spider leg: three jointed segments ending in a claw, with bristles
    "L": ('<path d="M4 6l9 8.5 3.5 10 11 4" fill="none" stroke="currentColor" stroke-width="3.4" '
          'stroke-linecap="round" stroke-linejoin="round"/>'
          '<circle class="pb-a2" cx="13" cy="14.5" r="2.4"/><circle class="pb-a2" cx="16.5" cy="24.5" r="2.4"/>'
          '<path d="M7 11.5l-2 2M10 14l-2 2M14.5 19l-2.6.8M15.7 22l-2.6.8M21 29l-.8 2.2M24 30.3l-.8 2" '
          'stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/>'),
    # a moonstone: a faceted gem with a crescent inside it
    "O": ('<path d="M9 4h14l6 8-13 17L3 12z"/><path class="pb-s3" d="M3 12h26M9 4l3 8 4 17 4-17 3-8" '
          'stroke-width=".9"/>'
          '<path class="pb-a2" d="M19.5 9.5a6.5 6.5 0 1 0 2.5 9.5 5.2 5.2 0 1 1-2.5-9.5z"/>'),
}

# the recipe side's emblem: a round flask with a bubbling potion (drawn behind the chips)
FLASK = ('<path d="M12.5 2.5h7v1.8h-1v6.3c5 1.6 8.5 6 8.5 11.1C27 27.8 22.1 31 16 31S5 27.8 5 21.7'
         'c0-5.1 3.5-9.5 8.5-11.1V4.3h-1z" fill="none" stroke="currentColor" stroke-width="1.6"/>'
         '<path d="M6.9 19.5c3-1.6 6-1.6 9 0s6 1.6 9.2 0c.6 4.9-3.4 9.6-9.1 9.6S6.3 24.4 6.9 19.5z"/>'
         '<circle cx="13" cy="15" r="1.3"/><circle cx="18" cy="12.5" r="1"/>')


def defs() -> str:
    """Every picture of the game as a <symbol>, once per board."""
    symbols = "".join(f'<symbol id="pb-i-{k}" viewBox="0 0 32 32">{v}</symbol>' for k, v in ING_ART.items())
    symbols += f'<symbol id="pb-flask" viewBox="0 0 32 32">{FLASK}</symbol>'
    return f'<svg class="pb-defs" width="0" height="0" aria-hidden="true" focusable="false">{symbols}</svg>'


def icon(ing: str, cls: str = "pb-art") -> str:
    """A use of an ingredient's picture (decorative: the words are beside it);
    ``cls`` is one of the boards' own class names, never outside text (this
    module sits with the rules, below render/, so nothing from outside goes in)."""
    if ing not in ING_ART:
        return ""
    return (f'<svg class="{cls}" viewBox="0 0 32 32" aria-hidden="true" focusable="false">'
            f'<use href="#pb-i-{ing}"/></svg>')


def flask(cls: str = "pb-flask") -> str:
    return (f'<svg class="{cls}" viewBox="0 0 32 32" aria-hidden="true" focusable="false">'
            f'<use href="#pb-flask"/></svg>')
