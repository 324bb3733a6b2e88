"""Seeded pseudo-random numbers for seat draws, pure Python and stable across versions.

The draw must be reproducible from its seed for years, on any Python version. ``random.Random`` does not
promise that (``shuffle`` and ``randrange`` have changed between releases), so the seating code uses this
small generator instead: SplitMix64 (Steele, Lea & Flood 2014), seeded from SHA-256 of the seed's text.

- ``Rng(seed)`` accepts an int or a str; ``Rng(42)`` and ``Rng("42")`` give the same stream, because a seed
  is what the tournament director reads out or publishes, i.e. text.
- ``below(n)`` is exactly uniform (rejection sampling, no modulo bias).
- ``shuffle(items)`` is Fisher-Yates driven by ``below``.
- ``fork(label)`` derives an independent stream, so adding a step in one phase of the algorithm does not
  shift the numbers another phase sees.

Changing anything here changes every draw: bump ``seating.ALGORITHM`` when you do.
"""

from __future__ import annotations

import hashlib
from typing import MutableSequence

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_text(seed: int | str) -> str:
    """The canonical text of a seed: what is hashed to start the generator."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, not {type(seed).__name__}")
    return str(seed)


class Rng:
    """SplitMix64 generator with a few helpers; every method is deterministic given the seed."""

    __slots__ = ("_state",)

    def __init__(self, seed: int | str, *, label: str = "") -> None:
        material = f"cego-seating\x00{label}\x00{seed_text(seed)}".encode()
        self._state = int.from_bytes(hashlib.sha256(material).digest()[:8], "big")

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = z = (self._state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's next output and ``label``."""
        return Rng(self.next64(), label=label)
