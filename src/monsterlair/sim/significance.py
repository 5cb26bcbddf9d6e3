"""Which rates stand out, after correcting for the many comparisons a balance report makes.

A report with 35 creatures, 40 tactics and 12 behaviours tests each one's win rate against the rest: at
the 5 % level about one in twenty would look special by chance alone. Each rate gets a two-sided p-value
(two-proportion z test of the seats that had or used the thing against all other seats) and a
Benjamini–Hochberg adjusted q-value over the whole report; a rate *stands out* when its q-value is below
the level, which keeps the expected share of false discoveries among the flagged rates at most 5 %.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

LEVEL = 0.05
"""The significance level, and the false discovery rate after the Benjamini–Hochberg correction."""


def two_proportion_p(wins_a: float, n_a: int, wins_b: float, n_b: int) -> float:
    """Two-sided p-value that two win rates differ (pooled z test; 1.0 when either group is empty or no
    seat ever won or lost, where the test says nothing)."""
    if n_a <= 0 or n_b <= 0:
        return 1.0
    pooled = (wins_a + wins_b) / (n_a + n_b)
    spread = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
    if spread <= 0:
        return 1.0
    z = (wins_a / n_a - wins_b / n_b) / math.sqrt(spread)
    return math.erfc(abs(z) / math.sqrt(2))


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values), in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


def mark_outliers(
    tables: Iterable[dict[str, dict[str, dict[str, Any]]]],
    total_wins: float,
    total_n: int,
    level: float = LEVEL,
) -> dict[str, Any]:
    """Test every rate in ``tables`` (``{kind: {value: entry}}``, entries with ``wins`` and ``n``) against the
    seats without it, adding ``p``, ``q`` and ``stands_out`` to each entry; the count of tests, how many would
    pass the level uncorrected, how many chance alone would give uncorrected, and how many stand out."""
    entries = [e for table in tables for values in table.values() for e in values.values()]
    pvalues = [two_proportion_p(e["wins"], e["n"], total_wins - e["wins"], total_n - e["n"]) for e in entries]
    for e, p, q in zip(entries, pvalues, benjamini_hochberg(pvalues), strict=True):
        e["p"] = p
        e["q"] = q
        e["stands_out"] = q < level
    return {
        "tests": len(entries),
        "level": level,
        "uncorrected": sum(1 for p in pvalues if p < level),
        "expected_by_chance": level * len(entries),
        "stands_out": sum(1 for e in entries if e["stands_out"]),
        "method": "two-proportion z test against the other seats; Benjamini–Hochberg false discovery rate",
    }
