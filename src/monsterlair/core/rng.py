"""The seeded random generator every state carries.

A SplitMix64 stream: its whole state is one integer, so ``clone()`` is a single attribute copy
(``random.Random`` carries 625 words and costs microseconds to copy). It is not for cryptography.
``below(n)`` uses a modulo; for the small ``n`` of board games the bias is below 1e-16.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


SEED_BITS = 64
"""A fresh seed covers the generator's whole state (SplitMix64: 64 bits), so every stream is possible and
nobody can search the seeds faster than the states."""


def fresh_seed() -> int:
    """A new seed from the operating system's CSPRNG, for games started without one (``0 <= seed < 2**64``)."""
    return secrets.randbits(SEED_BITS)


class Rng:
    """A small, fast, copyable pseudo-random generator (SplitMix64)."""

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        self._s = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        s = (self._s + _GAMMA) & _MASK
        self._s = s
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``.

        Raises:
            ValueError: if ``n`` is not positive.
        """
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64() written out: this is the hottest call of every playout, and a call costs as much as the mix
        s = (self._s + _GAMMA) & _MASK
        self._s = s
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return (s ^ (s >> 31)) % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def uniform(self, low: float, high: float) -> float:
        """A uniform float in ``[low, high)``."""
        return low + (high - low) * self.random()

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """A normal variate (Box–Muller), deterministic for the stream."""
        import math

        u1 = 1.0 - self.random()
        u2 = self.random()
        return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence.

        Raises:
            IndexError: if the sequence is empty.
        """
        if not seq:
            raise IndexError("choice() from an empty sequence")
        return seq[self.next64() % len(seq)]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        x = self._s
        for i in range(len(seq) - 1, 0, -1):
            x = (x + _GAMMA) & _MASK  # next64() written out, as in below()
            s = ((x ^ (x >> 30)) * _MIX1) & _MASK
            s = ((s ^ (s >> 27)) * _MIX2) & _MASK
            j = (s ^ (s >> 31)) % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        self._s = x

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements in random order.

        Raises:
            ValueError: if ``k`` is larger than the sequence.
        """
        if k > len(seq):
            raise ValueError("sample larger than population")
        pool = list(seq)
        out = []
        x = self._s
        for _ in range(k):
            x = (x + _GAMMA) & _MASK  # next64() written out, as in below()
            s = ((x ^ (x >> 30)) * _MIX1) & _MASK
            s = ((s ^ (s >> 27)) * _MIX2) & _MASK
            out.append(pool.pop((s ^ (s >> 31)) % len(pool)))
        self._s = x
        return out

    def fork(self, salt: int) -> Rng:
        """An independent stream derived from this one and ``salt``; this stream advances once."""
        return Rng(self.next64() ^ ((salt * _MIX1) & _MASK))

    def clone(self) -> Rng:
        """An exact copy: both produce the same numbers from here on."""
        r = Rng.__new__(Rng)
        r._s = self._s
        return r

    def getstate(self) -> int:
        """The whole generator state, for storage."""
        return self._s

    def setstate(self, state: int) -> None:
        """Restore a state taken by :meth:`getstate`."""
        self._s = state & _MASK

    def __repr__(self) -> str:
        return f"Rng(state={self._s})"
