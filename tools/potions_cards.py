"""Generate Potions Brew's card table once (fixed seed) and print it as the
data module ``src/spieltisch/games/potions_brew/cards.py``.

    python3 tools/potions_cards.py > src/spieltisch/games/potions_brew/cards.py

Balance (src/spieltisch/games/potions_brew/rules.md, potions.cards): 17 ingredient sides of
each of the six; recipe sides 24 x two cards (two kinds) worth 3, 30 x three
cards worth 5, 30 x four cards (2-3 kinds) worth 7, 18 x five cards (3 kinds)
worth 10; every ingredient appears 58 times over all recipe sides; no card's
recipe needs its own ingredient; each distinct recipe is printed on 3 or 4
cards, all with different ingredient sides (so a recipe side never tells its
ingredient side).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from spieltisch.core.rng import Rng

KINDS = "TMSDLO"
# (cards per recipe, number of cards, group sizes, allowed kind counts)
CLASSES = (
    (2, 24, (3,) * 8, (2,)),
    (3, 30, (3,) * 6 + (4,) * 3, (2, 3)),
    (4, 30, (3,) * 6 + (4,) * 3, (2, 3)),
    (5, 18, (3,) * 6, (3,)),
)


def _recipe(rng: Rng, size: int, kinds: int, group: int) -> dict[str, int]:
    if 6 - kinds < group:
        raise ValueError("a group needs that many kinds outside its recipe")
    while True:
        pool = list(KINDS)
        rng.shuffle(pool)
        chosen = pool[:kinds]
        counts = dict.fromkeys(chosen, 1)
        for _ in range(size - kinds):
            counts[chosen[rng.below(kinds)]] += 1
        return counts


def _code(counts: dict[str, int]) -> str:
    return "".join(f"{k}{counts[k]}" for k in KINDS if counts.get(k))


def _attempt(rng: Rng):
    groups = []
    seen = set()
    for size, _total, sizes, kinds in CLASSES:
        for g in sizes:
            for _ in range(200):
                ok = [k for k in kinds if 6 - k >= g]
                r = _recipe(rng, size, ok[rng.below(len(ok))], g)
                if _code(r) not in seen:
                    break
            seen.add(_code(r))
            groups.append((r, g))
    per = dict.fromkeys(KINDS, 0)
    for r, g in groups:
        for k, c in r.items():
            per[k] += c * g
    return groups, per


def _sides(rng: Rng, groups):
    """Ingredient sides: each group's cards get distinct kinds outside the
    recipe; 17 of each kind overall (randomised greedy with restarts)."""
    for _ in range(5000):
        left = dict.fromkeys(KINDS, 17)
        order = list(range(len(groups)))
        rng.shuffle(order)
        order.sort(key=lambda i: 6 - len(groups[i][0]) - groups[i][1])  # tightest first
        out = {}
        ok = True
        for i in order:
            r, g = groups[i]
            free = [k for k in KINDS if k not in r and left[k] > 0]
            rng.shuffle(free)
            free.sort(key=lambda k: -left[k])
            if len(free) < g:
                ok = False
                break
            pick = free[:g]
            for k in pick:
                left[k] -= 1
            out[i] = pick
        if ok:
            return out
    return None


def _dev(per) -> int:
    return sum(abs(v - 58) for v in per.values())


def _ok(r: dict, size: int, kinds: tuple, group: int) -> bool:
    return len(r) in kinds and 6 - len(r) >= group and sum(r.values()) == size


def generate(seed: int = 20261201):
    rng = Rng(seed)
    for _ in range(1000):
        groups, per = _attempt(rng)
        spec = []
        for size, _total, sizes, kinds in CLASSES:
            spec += [(size, kinds)] * len(sizes)
        # local search: move one unit of one recipe (or of two recipes at
        # once: groups of 3 and 4 cards then shift the balance by one)
        for _step in range(20000):
            if _dev(per) == 0:
                break
            trial = list(groups)
            per2 = dict(per)
            ok = True
            for _ in range(1 + rng.below(2)):
                i = rng.below(len(trial))
                r, g = trial[i]
                size, kinds = spec[i]
                a = rng.choice(sorted(r))
                b = rng.choice(KINDS)
                new = dict(r)
                new[a] -= 1
                if not new[a]:
                    del new[a]
                new[b] = new.get(b, 0) + 1
                if a == b or not _ok(new, size, kinds, g):
                    ok = False
                    break
                trial[i] = (new, g)
                per2[a] -= g
                per2[b] += g
            if not ok or len({_code(x) for x, _ in trial}) != len(trial):
                continue
            if _dev(per2) <= _dev(per):
                groups, per = trial, per2
        if _dev(per) != 0:
            continue
        sides = _sides(rng, groups)
        if sides is None:
            continue
        cards = []
        for i, (r, _g) in enumerate(groups):
            for k in sides[i]:
                cards.append((k, _code(r)))
        return cards
    raise SystemExit("no table found")


def main() -> None:
    cards = generate()
    lines = [
        '"""Potions Brew\'s 102 double-sided cards (generated once by',
        'tools/potions_cards.py with a fixed seed; checked by tests/games/test_potions_brew.py).',
        "",
        "Each card is (ingredient side, recipe side). Ingredients: T Toadstool, M Mistletoe,",
        "S Snake poison, D Mandrake, L Spider leg, O Moonstone. A recipe is its ingredients",
        "with amounts, e.g. ``T2S1`` = two Toadstool and one Snake poison.",
        '"""',
        "",
        "CARD_TABLE: tuple[tuple[str, str], ...] = (",
    ]
    for k, r in cards:
        lines.append(f'    ("{k}", "{r}"),')
    lines.append(")")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
