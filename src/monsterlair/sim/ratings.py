"""Ratings for a round robin between bots: a Bradley–Terry model fitted by maximum likelihood.

Each game of two bots (any number of seats each) is one comparison. Its score for bot ``a`` is ``a``'s share
of the payoff: ``pa / (pa + pb)`` with ``pa`` the mean payoff of ``a``'s seats (a draw, or a game both
lose, scores 1/2). The model says ``a`` scores ``1 / (1 + 10 ** ((R_b - R_a) / 400))`` on average against
``b``: ratings ``R`` on the familiar Elo scale (200 points ≈ a 76 % score), centred on a mean of 0.

The fit maximises the likelihood with the minorisation–maximisation iteration of Hunter (2004), "MM
algorithms for generalized Bradley–Terry models", which converges from any start. A bot that won every
game would have an infinite rating, so each pair that met gets ``prior`` virtual games scored 1/2 (one by
default; BayesElo's default prior is two such draws): it pulls ratings only slightly toward each other once
real games number in the dozens. 95 % intervals come from a bootstrap that resamples each pair's games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core import Rng

ELO = 400.0 / math.log(10.0)
"""Rating points per unit of log-strength."""

PairScores = dict[tuple[str, str], list[float]]
"""For each pair ``(a, b)`` with ``a < b`` in bot order, ``a``'s score in each of their games."""


def pair_scores(results: Sequence[Mapping[str, Any]], bots: Sequence[str]) -> PairScores:
    """Each two-bot game's score for the first bot of its pair (failed games and other lineups skipped)."""
    order = {b: i for i, b in enumerate(bots)}
    out: PairScores = {}
    for r in results:
        if r.get("error"):
            continue
        specs = sorted(set(r["seats"]), key=lambda s: order.get(s, len(order)))
        if len(specs) != 2 or any(s not in order for s in specs):
            continue
        a, b = specs
        pa = _mean([p for p, s in zip(r["payoffs"], r["seats"], strict=True) if s == a])
        pb = _mean([p for p, s in zip(r["payoffs"], r["seats"], strict=True) if s == b])
        out.setdefault((a, b), []).append(pa / (pa + pb) if pa + pb > 0 else 0.5)
    return out


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def fit(
    bots: Sequence[str],
    totals: Mapping[tuple[str, str], tuple[float, float]],
    *,
    prior: float = 1.0,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> dict[str, float]:
    """Maximum-likelihood Bradley–Terry ratings (Elo scale, mean 0) from ``(score of a, games)`` per pair.

    Raises:
        ValueError: if a bot met nobody, or the pairs that met do not connect every bot.
    """
    n = len(bots)
    index = {b: i for i, b in enumerate(bots)}
    wins = [0.0] * n
    games: dict[tuple[int, int], float] = {}
    for (a, b), (score, count) in totals.items():
        if count <= 0:
            continue
        i, j = index[a], index[b]
        virtual = prior if prior > 0 else 0.0
        wins[i] += score + virtual / 2
        wins[j] += count - score + virtual / 2
        games[(i, j)] = games.get((i, j), 0.0) + count + virtual
    _check_connected(bots, games)
    neighbours: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for (i, j), m in games.items():
        neighbours[i].append((j, m))
        neighbours[j].append((i, m))
    gamma = [1.0] * n
    for _ in range(max_iterations):
        new = []
        for i in range(n):
            denom = sum(m / (gamma[i] + gamma[j]) for j, m in neighbours[i])
            # A bot with no score at all (possible only without a prior) tends to strength 0.
            new.append(max(wins[i] / denom, 1e-300))
        centre = math.exp(sum(math.log(g) for g in new) / n)
        new = [g / centre for g in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < tolerance:
            break
    return {b: ELO * math.log(gamma[index[b]]) for b in bots}


def _check_connected(bots: Sequence[str], games: Mapping[tuple[int, int], float]) -> None:
    n = len(bots)
    seen = {0} if n else set()
    frontier = [0] if n else []
    while frontier:
        i = frontier.pop()
        for a, b in games:
            for x, y in ((a, b), (b, a)):
                if x == i and y not in seen:
                    seen.add(y)
                    frontier.append(y)
    if len(seen) != n:
        missing = ", ".join(b for i, b in enumerate(bots) if i not in seen)
        raise ValueError(f"Ratings need every bot connected by games; not connected: {missing}.")


def expected_score(r_a: float, r_b: float) -> float:
    """The model's mean score of a bot rated ``r_a`` against one rated ``r_b``."""
    return 1.0 / (1.0 + math.pow(10.0, (r_b - r_a) / 400.0))


def ratings(
    results: Sequence[Mapping[str, Any]],
    bots: Sequence[str],
    *,
    prior: float = 1.0,
    bootstrap: int = 200,
    seed: int = 0,
) -> dict[str, Any]:
    """Ratings with 95 % bootstrap intervals, and the pairwise scores behind them.

    Returns ``{"bots": {spec: {"rating", "ci95", "games", "score"}}, "pairs": [{"a", "b", "games",
    "score", "expected"}], "prior", "bootstrap", "method"}``; ``score`` is the mean score (a bot's, or
    ``a``'s against ``b``). The bootstrap resamples, ``bootstrap`` times, each pair's games with
    replacement (seeded, so the same results give the same intervals) and takes the 2.5 and 97.5
    percentiles of each refitted rating.

    Raises:
        ValueError: if some bot is not connected to the others by games.
    """
    scores = pair_scores(results, bots)
    totals = {pair: (sum(s), float(len(s))) for pair, s in scores.items()}
    point = fit(bots, totals, prior=prior)
    samples: dict[str, list[float]] = {b: [] for b in bots}
    rng = Rng(seed)
    for _ in range(bootstrap):
        resampled = {}
        for pair, s in scores.items():
            m = len(s)
            resampled[pair] = (sum(s[rng.below(m)] for _ in range(m)), float(m))
        for b, value in fit(bots, resampled, prior=prior, tolerance=1e-8).items():
            samples[b].append(value)
    per_bot: dict[str, Any] = {}
    for b in bots:
        played = [(pair, s) for pair, s in scores.items() if b in pair]
        count = sum(len(s) for _, s in played)
        total = sum(sum(s) if pair[0] == b else len(s) - sum(s) for pair, s in played)
        lo, hi = (_percentile(samples[b], 0.025), _percentile(samples[b], 0.975)) if bootstrap else (point[b], point[b])
        per_bot[b] = {"rating": point[b], "ci95": [lo, hi], "games": count, "score": total / count if count else 0.0}
    pairs = [
        {
            "a": a,
            "b": b,
            "games": len(s),
            "score": sum(s) / len(s),
            "expected": expected_score(point[a], point[b]),
        }
        for (a, b), s in sorted(scores.items(), key=lambda kv: (bots.index(kv[0][0]), bots.index(kv[0][1])))
    ]
    return {
        "method": "Bradley-Terry maximum likelihood (Elo scale, mean 0)",
        "prior": prior,
        "bootstrap": bootstrap,
        "bots": per_bot,
        "pairs": pairs,
    }


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)
