"""Tournament ratings: Bradley–Terry by maximum likelihood, checked on synthetic bots of known strength."""

from __future__ import annotations

from typing import Any

import pytest

from monsterlair.core import Rng
from monsterlair.sim.ratings import expected_score, fit, pair_scores, ratings

TRUE = {"weak": -200.0, "middle": 0.0, "strong": 200.0}


def synthetic_results(games_per_pair: int, seed: int) -> list[dict[str, Any]]:
    """Two-player games between bots whose true Elo-scale strengths are ``TRUE`` (seats alternate)."""
    rng = Rng(seed)
    bots = list(TRUE)
    out: list[dict[str, Any]] = []
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            for g in range(games_per_pair):
                a_wins = rng.random() < expected_score(TRUE[a], TRUE[b])
                seats = [a, b] if g % 2 == 0 else [b, a]
                winner = seats.index(a if a_wins else b)
                payoffs = [1.0 if s == winner else 0.0 for s in range(2)]
                out.append({"index": len(out), "seats": seats, "winners": [winner], "payoffs": payoffs, "error": None})
    return out


def test_fit_recovers_exact_strengths_from_expected_scores() -> None:
    bots = list(TRUE)
    totals = {}
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            totals[(a, b)] = (1000 * expected_score(TRUE[a], TRUE[b]), 1000.0)
    fitted = fit(bots, totals, prior=0.0)
    for bot, value in TRUE.items():
        assert fitted[bot] == pytest.approx(value, abs=1e-4)
    assert sum(fitted.values()) == pytest.approx(0.0, abs=1e-9)


def test_ratings_of_synthetic_bots_land_near_the_truth_inside_their_intervals() -> None:
    report = ratings(synthetic_results(400, seed=7), list(TRUE), bootstrap=100, seed=1)
    for bot, true in TRUE.items():
        entry = report["bots"][bot]
        assert entry["rating"] == pytest.approx(true, abs=45), bot
        lo, hi = entry["ci95"]
        assert lo <= entry["rating"] <= hi and lo <= true <= hi, (bot, entry)
        assert 30 < hi - lo < 150 and entry["games"] == 800
    order = sorted(report["bots"], key=lambda b: report["bots"][b]["rating"])
    assert order == ["weak", "middle", "strong"]
    pair = report["pairs"][0]
    assert (pair["a"], pair["b"], pair["games"]) == ("weak", "middle", 400)
    assert pair["expected"] == pytest.approx(pair["score"], abs=0.05)


def test_intervals_shrink_with_more_games_and_are_reproducible() -> None:
    small = ratings(synthetic_results(40, seed=3), list(TRUE), bootstrap=60, seed=2)
    large = ratings(synthetic_results(640, seed=3), list(TRUE), bootstrap=60, seed=2)
    width = {
        k: r["bots"]["middle"]["ci95"][1] - r["bots"]["middle"]["ci95"][0] for k, r in (("s", small), ("l", large))
    }
    assert width["l"] < width["s"] / 2
    assert ratings(synthetic_results(40, seed=3), list(TRUE), bootstrap=60, seed=2) == small


def test_a_clean_sweep_stays_finite_thanks_to_the_prior() -> None:
    results = [
        {"seats": ["a", "b"], "winners": [0], "payoffs": [1.0, 0.0]},
        {"seats": ["b", "a"], "winners": [1], "payoffs": [0.0, 1.0]},
    ] * 5
    report = ratings(results, ["a", "b"], bootstrap=20)
    assert 0 < report["bots"]["a"]["rating"] < 600 and report["bots"]["b"]["rating"] == -report["bots"]["a"]["rating"]


def test_pair_scores_share_payoffs_and_skip_failures_and_other_lineups() -> None:
    results = [
        {"seats": ["a", "b", "a"], "winners": [2], "payoffs": [0.0, 0.0, 1.0]},  # a's seats average 1/2, b's 0
        {"seats": ["a", "b"], "winners": [], "payoffs": [0.0, 0.0]},  # lost by both: an even score
        {"seats": ["a", "b"], "winners": [], "payoffs": [0.5, 0.5]},
        {"seats": ["a", "a"], "winners": [0], "payoffs": [1.0, 0.0]},
        {"seats": ["a", "b"], "winners": [], "payoffs": [], "error": "boom"},
    ]
    assert pair_scores(results, ["a", "b"]) == {("a", "b"): [1.0, 0.5, 0.5]}


def test_unconnected_bots_are_refused() -> None:
    with pytest.raises(ValueError, match="not connected: c"):
        fit(["a", "b", "c"], {("a", "b"): (1.0, 2.0)})
