"""Statistics for simulation reports: Wilson intervals, quantiles, and the batch summary.

Win rates from a few hundred games are noisy; every rate is reported with a 95 % Wilson score
interval, which (unlike the normal approximation) stays inside [0, 1] and behaves at 0 or n wins.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95 % standard normal quantile."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (``(0, 1)`` when ``n`` is 0).

    Raises:
        ValueError: if ``successes`` is outside ``[0, n]``.
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie in [0, {n}], not {successes}")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # The interval holds ``p`` exactly (at p = 0 or 1, rounding would otherwise leave it a hair outside).
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def moves_of(result: Mapping[str, Any]) -> int:
    """A game's length in moves as players count them (``moves``); a result made without them (by hand, in a
    test) counts its engine decisions."""
    return int(result["moves"] if "moves" in result else result["decisions"])


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile with linear interpolation between order statistics (NumPy's default).

    Raises:
        ValueError: on an empty sequence or ``q`` outside [0, 1].
    """
    if not values:
        raise ValueError("quantile of no values")
    if not 0 <= q <= 1:
        raise ValueError("q must lie in [0, 1]")
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def describe(values: Sequence[float]) -> dict[str, float]:
    """Mean, median and 90th percentile (zeros for no values)."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p90": 0.0}
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "p90": quantile(values, 0.9),
    }


def rate(successes: float, n: int) -> dict[str, Any]:
    """A rate with its count and 95 % Wilson interval."""
    lo, hi = wilson(successes, n)
    return {"n": n, "wins": successes, "rate": successes / n if n else 0.0, "ci95": [lo, hi]}


def outcome(result: Mapping[str, Any]) -> str:
    """How a finished game ended for the table as a whole: ``"won"`` (someone won), ``"draw"`` (no winner,
    payoffs shared) or ``"lost"`` (no winner and every payoff 0, as when a co-operative mission fails)."""
    if result["winners"]:
        return "won"
    payoffs = result.get("payoffs") or []
    return "lost" if payoffs and all(p == 0 for p in payoffs) else "draw"


def factor_rates(results: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Presence win rates: for each factor ``kind:value`` a game recorded for a seat, the win rate (with
    95 % CI) and mean payoff of the seats that had it, grouped by kind (``{"deck": {"ember": {...}}}``).

    A factor listed several times for one seat counts once for it.
    """
    tally: dict[str, dict[str, list[float]]] = {}
    for r in results:
        if r.get("error"):
            continue
        for seat, factors in enumerate(r.get("factors") or []):
            won = 1.0 if seat in r["winners"] else 0.0
            for factor in set(factors):
                kind, _, value = str(factor).partition(":")
                entry = tally.setdefault(kind, {}).setdefault(value, [0.0, 0.0, 0.0])
                entry[0] += won
                entry[1] += 1
                entry[2] += r["payoffs"][seat]
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for kind in sorted(tally):
        out[kind] = {}
        for value in sorted(tally[kind]):
            wins, n, payoff = tally[kind][value]
            shown = rate(wins, int(n))
            shown["mean_payoff"] = payoff / n if n else 0.0
            out[kind][value] = shown
    return out


def summarize(results: Sequence[Mapping[str, Any]], players: int, sides: Sequence[int] | None = None) -> dict[str, Any]:
    """The batch report from per-game result dicts (as :func:`monsterlair.sim.runner.run_game` makes).

    ``sides`` says which side each seat plays on (``Game.teams``; ``None``: every seat for itself; every seat
    on one side: a co-operative game). Per bot (by spec): seat-games played, wins (a shared victory counts as
    a win), win rate with 95 % CI and mean payoff (shared wins split). Per seat: win rate with CI; ``teams``
    (when partners share a side): per side its seats and win rate; ``together`` when every seat wins or loses
    with the others (a co-operative mission, or one seat): then there is no fair share (``None``), else it is
    one side's share. ``first_seat`` is seat 0, ``first_mover`` the seat that made the game's first decision.
    Game length (``length``) in moves as players count them (``moves``, :mod:`monsterlair.core.moves`), in
    turns, and in engine decisions (every action apart, each Monster Smash card pick: a machine figure);
    ``outcomes`` counts games someone won, draws (no winner, payoffs shared) and games every seat lost
    (no winner, payoffs all 0: a failed co-operative mission); ``draws`` and ``lost`` repeat those
    counts; games cut by a safety cap; ``terminations`` (how games ended) and ``drawn_terminations`` (the drawn
    ones among them); presence win rates per recorded factor; the game's own measures
    (mean, median, p90 of each, over the games that report it); failed games. What was
    played (:mod:`monsterlair.sim.usage`): ``usage`` rates per label, ``moves_by_kind``, score ``margins``;
    ``outliers``: which factor and usage rates stand out after a multiple-comparison correction
    (:mod:`monsterlair.sim.significance`); ``warnings`` about lineups that make those rates meaningless.
    """
    from monsterlair.sim.significance import mark_outliers
    from monsterlair.sim.usage import action_frequencies, margins, usage_rates

    finished = [r for r in results if not r.get("error")]
    failed = [r for r in results if r.get("error")]
    per_bot: dict[str, dict[str, float]] = {}
    seat_wins = [0] * players
    seat_payoffs = [0.0] * players
    mover_wins = mover_n = 0
    for r in finished:
        for seat, spec in enumerate(r["seats"]):
            entry = per_bot.setdefault(spec, {"n": 0, "wins": 0, "payoff": 0.0})
            entry["n"] += 1
            won = seat in r["winners"]
            entry["wins"] += 1 if won else 0
            entry["payoff"] += r["payoffs"][seat]
            seat_wins[seat] += 1 if won else 0
            seat_payoffs[seat] += r["payoffs"][seat]
        first = r.get("first")
        if first is not None:
            mover_n += 1
            mover_wins += 1 if first in r["winners"] else 0
    n = len(finished)
    bots_out = {}
    for spec, e in per_bot.items():
        out = rate(e["wins"], int(e["n"]))
        out["mean_payoff"] = e["payoff"] / e["n"] if e["n"] else 0.0
        bots_out[spec] = out
    seats_out = [{**rate(seat_wins[s], n), "mean_payoff": seat_payoffs[s] / n if n else 0.0} for s in range(players)]
    factors = factor_rates(finished)
    usage = usage_rates(finished)
    outliers = mark_outliers((factors, usage), sum(seat_wins), n * players)
    outcomes = {"won": 0, "draw": 0, "lost": 0}
    for r in finished:
        outcomes[outcome(r)] += 1
    side_of = list(sides) if sides is not None else list(range(players))
    members = {side: [s for s in range(players) if side_of[s] == side] for side in dict.fromkeys(side_of)}
    together = len(members) == 1
    teams = (
        [
            {**rate(sum(1 for r in finished if set(seats) & set(r["winners"])), n), "seats": seats}
            for seats in members.values()
        ]
        if not together and any(len(seats) > 1 for seats in members.values())
        else None
    )
    fair = None if together else 1.0 / len(members)
    return {
        "games": len(results),
        "finished": n,
        "failed": len(failed),
        "errors": [{"index": r["index"], "seed": r["seed"], "error": r["error"]} for r in failed[:20]],
        "bots": bots_out,
        "seats": seats_out,
        "first_seat": seats_out[0] if seats_out else rate(0, 0),
        "first_mover": rate(mover_wins, mover_n),
        "fair_share": fair,
        "teams": teams,
        "together": together,
        "length": {
            "moves": describe([moves_of(r) for r in finished]),
            "turns": describe([r["turns"] for r in finished]),
            "engine decisions": describe([r["decisions"] for r in finished]),
        },
        "outcomes": outcomes,
        "draws": outcomes["draw"],
        "lost": outcomes["lost"],
        "capped": sum(1 for r in finished if r["capped"]),
        "terminations": _count(r["termination"] for r in finished),
        "drawn_terminations": _count(r["termination"] for r in finished if outcome(r) == "draw"),
        "factors": factors,
        "measures": {
            name: describe([float(r["measures"][name]) for r in finished if name in r.get("measures", {})])
            for name in sorted({name for r in finished for name in r.get("measures", {})})
        },
        "usage": usage,
        "moves_by_kind": action_frequencies(finished),
        "margins": {k: v for k, v in margins(finished).items() if k != "values"},
        "outliers": outliers,
        "warnings": lineup_warnings(bots_out, fair),
    }


def _count(items: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return dict(sorted(out.items()))


LOPSIDED = 1.5
"""A bot winning at least this many times its fair share of its seat-games, or another winning at most as far
below it (half the fair share), with a different bot at the table, makes per-factor win rates describe the bots
more than the game. With two players (fair share 50 %) that is a bot winning 75 % or more, or 25 % or less; with
three (33.3 %), 50 % or more, or 16.7 % or less."""


def lineup_warnings(bots: Mapping[str, Mapping[str, Any]], fair: float | None) -> list[str]:
    """Warnings about a lineup that makes factor and usage win rates meaningless: bots of unequal strength,
    measured against the fair share (``fair``: one side's fair share; ``None``: every seat wins or loses
    together, so no bot can outplay another).

    In a mirror match every seat plays alike, so a deck's or card's win rate speaks of the deck or card. When
    one bot wins far more than its share, or far less, every factor's win rate follows the bot that had it, and
    what a bot does (or never does) shows up as rates that stand out.
    """
    if len(bots) < 2 or not fair:
        return []
    played = [(spec, e) for spec, e in bots.items() if e["n"]]
    if len(played) < 2:
        return []
    strong = max(played, key=lambda se: se[1]["rate"])
    weak = min(played, key=lambda se: se[1]["rate"])
    if strong[1]["rate"] < LOPSIDED * fair and weak[1]["rate"] > (2 - LOPSIDED) * fair:
        return []
    return [
        f"{strong[0]} wins {100 * strong[1]['rate']:.1f}% of its seat-games and "
        f"{weak[0]} {100 * weak[1]['rate']:.1f}%, "
        f"against a fair share of {100 * fair:.1f}%: the bots are far apart, so the win rates by "
        "deck, card or creature, and the rates that stand out, may reflect the bots rather than the cards (which "
        "bot had them, or what one bot does and the other never does). For balance work, play a mirror match "
        f"(--bots {strong[0]})."
    ]
