"""The state's generator: deterministic, copyable, and uniform enough for games."""

from __future__ import annotations

import pytest

from monsterlair.core import Rng


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]


def test_different_seeds_differ() -> None:
    assert [Rng(1).next64() for _ in range(3)] != [Rng(2).next64() for _ in range(3)]


def test_clone_continues_identically_and_independently() -> None:
    a = Rng(7)
    a.next64()
    b = a.clone()
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    a.next64()
    assert a.getstate() != b.getstate()


def test_getstate_setstate_round_trip() -> None:
    a = Rng(9)
    state = a.getstate()
    first = [a.random() for _ in range(5)]
    a.setstate(state)
    assert [a.random() for _ in range(5)] == first


def test_below_is_roughly_uniform() -> None:
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts


def test_below_rejects_non_positive() -> None:
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_random_in_unit_interval_and_gauss_finite() -> None:
    rng = Rng(5)
    xs = [rng.random() for _ in range(1000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    g = [rng.gauss(0.0, 1.0) for _ in range(2000)]
    mean = sum(g) / len(g)
    assert abs(mean) < 0.1


def test_shuffle_is_a_permutation_and_seeded() -> None:
    a, b = list(range(30)), list(range(30))
    Rng(11).shuffle(a)
    Rng(11).shuffle(b)
    assert a == b
    assert sorted(a) == list(range(30))
    assert a != list(range(30))


def test_sample_and_choice() -> None:
    rng = Rng(4)
    s = rng.sample(range(10), 4)
    assert len(set(s)) == 4
    with pytest.raises(ValueError):
        rng.sample([1, 2], 3)
    with pytest.raises(IndexError):
        rng.choice([])
    assert rng.choice([5]) == 5


def test_fork_gives_distinct_streams() -> None:
    base = Rng(1)
    f1 = base.clone().fork(1)
    f2 = base.clone().fork(2)
    assert f1.next64() != f2.next64()


def test_below_shuffle_and_sample_draw_from_next64() -> None:
    """``below``, ``shuffle`` and ``sample`` write ``next64`` out for speed; they must still be exactly that
    stream (records and seeded games depend on it)."""
    fast, slow = Rng(2024), Rng(2024)
    for n in (1, 2, 3, 7, 52, 1000):
        assert fast.below(n) == slow.next64() % n
    seq = list(range(40))
    fast.shuffle(seq)
    expected = list(range(40))
    for i in range(len(expected) - 1, 0, -1):
        j = slow.next64() % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert seq == expected
    pool = list(range(30))
    picked = fast.sample(range(30), 7)
    assert picked == [pool.pop(slow.next64() % len(pool)) for _ in range(7)]
    assert fast.getstate() == slow.getstate()
