"""What was *played*, not only what was dealt: usage rates, action frequencies and score margins.

Each game's result carries, per seat, what the seat used (``usage``: ``{"card:ember-3": [times, first turn]}``
from :meth:`monsterlair.core.Game.report_usage`) and how many moves of each kind it made (``move_kinds``).
This module folds them into a batch's figures: for every label, how often it was used, in how many games,
the win rate of the seats that used it (with a 95 % Wilson interval) and the turn it was first used; per
kind of move, how often it is made; and how far the winner finished ahead (the score margin).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.sim.stats import describe, rate


def usage_rates(results: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per label kind and value (``{"card": {"ember-3": {...}}}``): ``uses`` (times used in all games),
    ``games`` (games in which some seat used it), ``n``/``wins``/``rate``/``ci95`` (the seats that used it,
    and how often they won; a shared victory counts as a win), ``mean_payoff`` and ``first_turn`` (mean and
    median of the turn each using seat first used it)."""
    tally: dict[tuple[str, str], dict[str, Any]] = {}
    for r in results:
        if r.get("error"):
            continue
        seen: set[tuple[str, str]] = set()
        for seat, used in enumerate(r.get("usage") or []):
            won = 1.0 if seat in r["winners"] else 0.0
            for label, (times, first) in used.items():
                kind, _, value = str(label).partition(":")
                key = (kind, value)
                entry = tally.setdefault(key, {"uses": 0, "games": 0, "n": 0, "wins": 0.0, "payoff": 0.0, "first": []})
                entry["uses"] += int(times)
                entry["n"] += 1
                entry["wins"] += won
                entry["payoff"] += float(r["payoffs"][seat])
                entry["first"].append(int(first))
                if key not in seen:
                    seen.add(key)
                    entry["games"] += 1
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for (kind, value), e in sorted(tally.items()):
        shown = rate(e["wins"], e["n"])
        shown.update(
            uses=e["uses"],
            games=e["games"],
            mean_payoff=e["payoff"] / e["n"],
            first_turn={"mean": statistics.fmean(e["first"]), "median": float(statistics.median(e["first"]))},
        )
        out.setdefault(kind, {})[value] = shown
    return out


def action_frequencies(results: Sequence[Mapping[str, Any]], key: str = "move_kinds") -> dict[str, dict[str, float]]:
    """Per kind of move as players see it (``move_kinds``: ``burn``, ``no burn``, ``attack cards``, ``tactic``,
    ``nudge``…; ``key="actions"``: engine decisions by the first word of the action's text): ``total`` moves,
    ``per_game`` (mean per finished game), ``share`` of all moves and ``games`` (the fraction of games in which
    some seat made one). A result without ``move_kinds`` (made by hand) counts its ``actions``."""
    finished = [r for r in results if not r.get("error")]
    totals: dict[str, int] = {}
    games_with: dict[str, int] = {}
    for r in finished:
        kinds: set[str] = set()
        for per_seat in r.get(key, r.get("actions")) or []:
            for kind, count in per_seat.items():
                totals[kind] = totals.get(kind, 0) + int(count)
                kinds.add(kind)
        for kind in kinds:
            games_with[kind] = games_with.get(kind, 0) + 1
    every = sum(totals.values())
    n = len(finished)
    return {
        kind: {
            "total": float(total),
            "per_game": total / n if n else 0.0,
            "share": total / every if every else 0.0,
            "games": games_with[kind] / n if n else 0.0,
        }
        for kind, total in sorted(totals.items(), key=lambda kv: -kv[1])
    }


def margin(result: Mapping[str, Any]) -> float | None:
    """How far the best score finished ahead of the next best, where the score decided the game: ``None`` with
    fewer than two scores, or when the winners are not exactly the seats with the best score (a game won some
    other way, such as six cards of one suit, whatever the scores). A margin of 0 is then a tie at the top: a
    shared victory, or a game without a winner level on score."""
    raw = [float(s) for s in result.get("scores") or []]
    if len(raw) < 2:
        return None
    winners = set(result.get("winners") or [])
    best = max(raw)
    if winners and winners != {seat for seat, score in enumerate(raw) if score == best}:
        return None
    ordered = sorted(raw, reverse=True)
    return ordered[0] - ordered[1]


def _won_with_scores(result: Mapping[str, Any]) -> bool:
    """Whether a game had winners and at least two scores (with no margin: it was won other than on score)."""
    return len(result.get("scores") or []) >= 2 and bool(result.get("winners"))


def margins(results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The score margins of the finished games the score decided (:func:`margin`): their mean, median and 90th
    percentile, how many were level at the top (margin 0: a shared victory or no winner), how many were won
    other than on score (``otherwise``: no margin), and every margin (``values``, for the histogram)."""
    finished = [(r, margin(r)) for r in results if not r.get("error")]
    values = [m for _, m in finished if m is not None]
    return {
        **describe(values),
        "level": sum(1 for v in values if v == 0),
        "otherwise": sum(1 for r, m in finished if m is None and _won_with_scores(r)),
        "values": values,
    }
