"""Statistics behind the sim report: Wilson intervals against published values, quantiles, the summary."""

from __future__ import annotations

import math
from typing import Any

import pytest

from monsterlair.sim.stats import describe, factor_rates, outcome, quantile, rate, summarize, wilson


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        # Reference values of the 95 % Wilson score interval (z = 1.96), as tabulated by
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Textbook cases.
        (8, 10, 0.4902, 0.9433),
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_values(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=6e-5)
    assert hi == pytest.approx(high, abs=6e-5)


def test_wilson_is_symmetric_and_shrinks_with_more_games() -> None:
    lo, hi = wilson(30, 100)
    lo2, hi2 = wilson(70, 100)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    assert wilson(300, 1000)[1] - wilson(300, 1000)[0] < hi - lo
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_wilson_holds_a_rate_of_zero_or_one_exactly() -> None:
    """At 0 of n or n of n, rounding must not put the rate outside its own interval."""
    for n in range(1, 200):
        assert wilson(0, n)[0] <= 0.0 and wilson(n, n)[1] >= 1.0


def test_quantile_matches_numpy_linear_interpolation() -> None:
    np = pytest.importorskip("numpy")
    values = [7.0, 1.0, 3.0, 10.0, 4.0, 4.0, 12.0]
    for q in (0.0, 0.1, 0.5, 0.9, 1.0):
        assert quantile(values, q) == pytest.approx(float(np.quantile(values, q)))
    with pytest.raises(ValueError):
        quantile([], 0.5)


def test_describe_gives_mean_median_p90() -> None:
    d = describe([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert d == {"mean": 5.5, "median": 5.5, "p90": pytest.approx(9.1)}
    assert describe([]) == {"mean": 0.0, "median": 0.0, "p90": 0.0}


def test_rate_reports_count_share_and_interval() -> None:
    r = rate(8, 10)
    assert r["n"] == 10 and r["wins"] == 8 and r["rate"] == 0.8
    assert r["ci95"] == pytest.approx([0.4902, 0.9433], abs=6e-5)


def _result(index: int, seats: list[str], winners: list[int], decisions: int, turns: int, **kw: Any) -> dict:
    payoffs = [(1 / len(winners) if s in winners else 0.0) if winners else 0.5 for s in range(len(seats))]
    payoffs = list(kw.get("payoffs", payoffs))
    return {
        "index": index,
        "seed": index,
        "seats": seats,
        "winners": winners,
        "payoffs": payoffs,
        "decisions": decisions,
        "turns": turns,
        "termination": kw.get("termination", "end"),
        "capped": kw.get("capped", False),
        "error": kw.get("error"),
        "first": kw.get("first"),
        "factors": kw.get("factors", []),
    }


def test_summarize_counts_wins_seats_lengths_draws_caps_and_failures() -> None:
    results = [
        _result(0, ["a", "b"], [0], 10, 5),
        _result(1, ["b", "a"], [1], 20, 10),
        _result(2, ["a", "b"], [0, 1], 30, 15),
        _result(3, ["b", "a"], [], 40, 20, termination="cap", capped=True),
        _result(4, ["a", "b"], [], 0, 0, error="RuntimeError: boom"),
    ]
    s = summarize(results, 2)
    assert s["games"] == 5 and s["finished"] == 4 and s["failed"] == 1
    assert s["errors"] == [{"index": 4, "seed": 4, "error": "RuntimeError: boom"}]
    assert s["bots"]["a"]["n"] == 4 and s["bots"]["a"]["wins"] == 3
    assert s["bots"]["a"]["mean_payoff"] == pytest.approx((1 + 1 + 0.5 + 0.5) / 4)
    assert s["bots"]["b"]["wins"] == 1
    assert s["bots"]["a"]["ci95"] == pytest.approx(list(wilson(3, 4)))
    assert s["seats"][0]["wins"] == 2 and s["seats"][1]["wins"] == 2
    assert s["first_seat"] == s["seats"][0] and s["fair_share"] == 0.5
    assert s["length"]["moves"]["mean"] == 25 and s["length"]["turns"]["median"] == 12.5
    assert s["draws"] == 1 and s["capped"] == 1
    assert s["terminations"] == {"cap": 1, "end": 3}
    assert math.isclose(s["length"]["moves"]["p90"], 37.0)


def test_outcome_tells_draws_from_games_every_seat_lost() -> None:
    assert outcome(_result(0, ["a", "b"], [1], 5, 5)) == "won"
    assert outcome(_result(0, ["a", "b"], [], 5, 5)) == "draw"
    assert outcome(_result(0, ["a", "b"], [], 5, 5, payoffs=[0.0, 0.0])) == "lost"
    assert outcome(_result(0, ["a"], [], 5, 5, payoffs=[0.0])) == "lost"


def test_summarize_reports_lost_co_operative_games_apart_from_draws_and_the_first_mover() -> None:
    results = [
        _result(0, ["a", "a"], [0, 1], 10, 5, first=1),  # a shared (co-operative) win
        _result(1, ["a", "a"], [], 10, 5, payoffs=[0.0, 0.0], first=0),  # the mission is lost
        _result(2, ["a", "a"], [], 10, 5, payoffs=[0.0, 0.0], first=0),
        _result(3, ["a", "b"], [], 10, 5, first=1),  # a draw
    ]
    s = summarize(results, 2)
    assert s["outcomes"] == {"won": 1, "draw": 1, "lost": 2}
    assert s["draws"] == 1 and s["lost"] == 2
    assert s["first_mover"]["n"] == 4 and s["first_mover"]["wins"] == 1
    assert s["bots"]["a"]["wins"] == 2 and s["bots"]["a"]["n"] == 7


def test_factor_rates_are_presence_win_rates_grouped_by_kind() -> None:
    results = [
        _result(0, ["a", "b"], [0], 10, 5, factors=[["deck:ember", "creature:flaro"], ["deck:moss", "creature:flaro"]]),
        _result(1, ["a", "b"], [1], 10, 5, factors=[["deck:moss"], ["deck:ember", "creature:flaro", "creature:flaro"]]),
        _result(2, ["a", "b"], [], 10, 5, factors=[["deck:ember"], ["deck:moss"]]),
        _result(3, ["a", "b"], [], 0, 0, error="boom", factors=[["deck:ember"], ["deck:ember"]]),
    ]
    f = factor_rates(results)
    assert set(f) == {"deck", "creature"}
    assert f["deck"]["ember"]["n"] == 3 and f["deck"]["ember"]["wins"] == 2
    assert f["deck"]["ember"]["mean_payoff"] == pytest.approx((1 + 1 + 0.5) / 3)
    assert f["deck"]["moss"]["n"] == 3 and f["deck"]["moss"]["wins"] == 0
    assert f["creature"]["flaro"]["n"] == 3 and f["creature"]["flaro"]["wins"] == 2
    assert f["creature"]["flaro"]["ci95"] == pytest.approx(list(wilson(2, 3)))
    marked = summarize(results, 2)["factors"]
    assert {
        k: {v: {x: y for x, y in e.items() if x not in ("p", "q", "stands_out")} for v, e in vs.items()}
        for k, vs in marked.items()
    } == f
    assert all({"p", "q", "stands_out"} <= set(e) for vs in marked.values() for e in vs.values())
