"""A small seeded PRNG that gives the same numbers on every Python.

``random.Random`` keeps its core generator stable, but helpers such as
``shuffle`` and ``randrange`` have changed between versions. Saves must replay
identically on CPython 3.11 and Pyodide's 3.14, so we use SplitMix64 with
integer-only arithmetic and rejection sampling.
"""

from __future__ import annotations

import hashlib

_MASK = (1 << 64) - 1


def mix_seed(*parts: object) -> int:
    """A 64-bit seed made from any printable parts (stable across runs)."""
    text = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def weighted_index(self, weights) -> int:
        """Index drawn with integer weights (exact, no floats)."""
        total = sum(weights)
        r = self.below(total)
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("unreachable")

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
