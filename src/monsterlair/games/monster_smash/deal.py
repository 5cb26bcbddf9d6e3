"""Dealing: the shuffle, the set-up deal and the redeal of hidden cards for determinization.

Pure functions on global card kinds (see ``spec``); the state converts to each seat's local kinds.
"""

from __future__ import annotations

from monsterlair.core import Rng
from monsterlair.core.rng import _GAMMA, _MASK, _MIX1, _MIX2
from monsterlair.games.monster_smash.spec import KIND_SUIT, NUM_SUITS, SUIT_CARDS

_LOW32 = 0xFFFFFFFF

REJECTION_TRIES = 64
"""Redeals tried before :func:`redeal_hidden` places the needed cards itself."""

FULL_DECK: dict[int, tuple[int, ...]] = {
    removed: tuple(k for s in range(NUM_SUITS) if s != removed for k in SUIT_CARDS[s])
    for removed in range(-1, NUM_SUITS)
}
"""The unshuffled deck for each removed suit (-1: none removed)."""


def shuffle(rng: Rng, seq: list[int]) -> None:
    """Shuffle ``seq`` in place (Fisher–Yates), using each 64-bit output of ``rng`` for two swaps.

    Shuffles are the costliest chance events here (the deal, every reshuffle, every determinization),
    and the generator's calls dominate them; each 32-bit half picks an index by multiply-and-shift,
    whose bias ((i + 1) / 2**32, below 2e-8 for a 60-card deck) is far below anything measurable. The
    generator's step is written out (the stream of ``rng.next64()``, without a call per output).
    """
    x = rng.getstate()
    i = len(seq) - 1
    while i > 0:
        x = (x + _GAMMA) & _MASK
        r = ((x ^ (x >> 30)) * _MIX1) & _MASK
        r = ((r ^ (r >> 27)) * _MIX2) & _MASK
        r ^= r >> 31
        j = ((r & _LOW32) * (i + 1)) >> 32
        seq[i], seq[j] = seq[j], seq[i]
        i -= 1
        if i > 0:
            j = ((r >> 32) * (i + 1)) >> 32
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
    rng.setstate(x)


def new_deal(rng: Rng, players: int) -> tuple[tuple[int, ...], int, int, list[int]]:
    """Set-up chance (rules MS-2.1, MS-2.2, MS-2.4): ``(monsters by seat, removed suit or -1, start, deck)``.

    The deck is shuffled, top at the end; the caller deals from it (rule MS-2.3).
    """
    order = list(range(NUM_SUITS))
    shuffle(rng, order)
    suits = tuple(order[:players])
    unowned = order[players:]
    removed = unowned[rng.below(len(unowned))] if unowned else -1
    deck = list(FULL_DECK[removed])
    shuffle(rng, deck)
    start = rng.below(players)
    return suits, removed, start, deck


def redeal_hidden(
    pool: list[int],
    sizes: list[int],
    rng: Rng,
    actor: int | None = None,
    actor_suit: int = -1,
    need_own: bool = False,
    need_off: bool = False,
) -> list[list[int]]:
    """Deal the hidden cards ``pool`` (sorted, so the result depends only on its contents) at random.

    Returns one share per entry of ``sizes``, then the rest (the deck, top at the end). When ``actor`` is
    the index of a share, that share must hold a card of ``actor_suit`` if ``need_own`` and a card of
    another suit if ``need_off`` (rule MS-11.5): deals are redrawn until it does, which keeps them uniform
    among the fitting deals; after :data:`REJECTION_TRIES` misses one fitting card of each needed kind is
    placed in the share first and the rest is dealt at random.
    """
    pool = list(pool)
    for _ in range(REJECTION_TRIES):
        shuffle(rng, pool)
        shares = _split(pool, sizes)
        if actor is None:
            return shares
        share = shares[actor]
        if (not need_own or any(KIND_SUIT[g] == actor_suit for g in share)) and (
            not need_off or any(KIND_SUIT[g] != actor_suit for g in share)
        ):
            return shares
    assert actor is not None
    shuffle(rng, pool)
    first: list[int] = []
    if need_own:
        first.append(pool.pop(next(i for i, g in enumerate(pool) if KIND_SUIT[g] == actor_suit)))
    if need_off:
        first.append(pool.pop(next(i for i, g in enumerate(pool) if KIND_SUIT[g] != actor_suit)))
    at = sum(sizes[:actor])
    pool[at:at] = first
    return _split(pool, sizes)


def _split(pool: list[int], sizes: list[int]) -> list[list[int]]:
    shares = []
    pos = 0
    for n in sizes:
        shares.append(pool[pos : pos + n])
        pos += n
    shares.append(pool[pos:])
    return shares
