"""What was played: usage rates, action kinds, margins, multiple-comparison marks and lineup warnings."""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

import pytest

from monsterlair import games
from monsterlair.sim import summarize
from monsterlair.sim.runner import GameTask, run_game
from monsterlair.sim.significance import benjamini_hochberg, mark_outliers, two_proportion_p
from monsterlair.sim.stats import lineup_warnings, wilson
from monsterlair.sim.usage import action_frequencies, margin, margins, usage_rates


def _result(index: int, winners: list[int], usage: list[dict[str, list[int]]], **extra: Any) -> dict[str, Any]:
    players = len(usage)
    payoffs = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)] if winners else [0.5] * players
    return {
        "index": index,
        "seed": index,
        "seats": ["a"] * players,
        "winners": winners,
        "payoffs": payoffs,
        "usage": usage,
        "error": None,
        **extra,
    }


def test_usage_rates_count_uses_games_seats_wins_and_first_turns() -> None:
    results = [
        _result(0, [0], [{"card:ember": [3, 2]}, {"card:ember": [1, 5], "card:moss": [2, 1]}]),
        _result(1, [1], [{"card:moss": [1, 4]}, {}]),
        _result(2, [1], [{}, {"card:ember": [2, 3]}]),
        _result(3, [], [{"card:ember": [9, 9]}, {}], error="boom"),  # failed games count for nothing
    ]
    u = usage_rates(results)
    ember = u["card"]["ember"]
    assert (ember["uses"], ember["games"], ember["n"], ember["wins"]) == (6, 2, 3, 2.0)
    assert ember["ci95"] == pytest.approx(list(wilson(2, 3)))
    assert ember["first_turn"] == {"mean": pytest.approx(10 / 3), "median": 3.0}
    moss = u["card"]["moss"]
    assert (moss["uses"], moss["games"], moss["n"], moss["wins"]) == (3, 2, 2, 0.0)


def test_action_frequencies_and_margins() -> None:
    results = [
        {"error": None, "actions": [{"burn": 2, "attack": 1}, {"attack": 3}], "scores": [5, 2]},
        {"error": None, "actions": [{"attack": 1}, {"pass": 3}], "scores": [4, 4]},
        {"error": "boom", "actions": [{"attack": 99}], "scores": [1, 0]},
    ]
    a = action_frequencies(results)
    assert list(a) == ["attack", "pass", "burn"]  # most frequent first
    assert a["attack"] == {"total": 5.0, "per_game": 2.5, "share": 0.5, "games": 1.0}
    assert a["burn"]["games"] == 0.5
    assert margin({"scores": [3, 9, 4]}) == 5 and margin({"scores": [1]}) is None
    m = margins(results)
    assert m["values"] == [3.0, 0.0] and m["level"] == 1 and m["mean"] == 1.5


def test_benjamini_hochberg_matches_a_worked_example() -> None:
    # p-values 0.01, 0.04, 0.03, 0.2 over m = 4: adjusted 0.04, 0.0533, 0.0533, 0.2
    q = benjamini_hochberg([0.01, 0.04, 0.03, 0.2])
    assert q == pytest.approx([0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.2])
    assert benjamini_hochberg([]) == []


def test_two_proportion_p_is_small_for_a_real_difference_and_one_without_data() -> None:
    assert two_proportion_p(90, 100, 50, 100) < 1e-6
    assert two_proportion_p(50, 100, 50, 100) == pytest.approx(1.0)
    assert two_proportion_p(0, 0, 5, 10) == 1.0
    # z = (0.6 - 0.4) / sqrt(0.5 * 0.5 * (2 / 100)) = 2.828…: p = erfc(z / sqrt 2)
    assert two_proportion_p(60, 100, 40, 100) == pytest.approx(math.erfc(2.8284271 / math.sqrt(2)))


def test_mark_outliers_flags_only_what_survives_the_correction() -> None:
    table = {
        "card": {
            "strong": {"wins": 95.0, "n": 100},
            "plain": {"wins": 52.0, "n": 100},
            "weak": {"wins": 10.0, "n": 100},
        }
    }
    found = mark_outliers([table], total_wins=500.0, total_n=1000)
    assert found["tests"] == 3 and found["expected_by_chance"] == pytest.approx(0.15)
    assert [table["card"][k]["stands_out"] for k in ("strong", "plain", "weak")] == [True, False, True]
    assert found["stands_out"] == 2


def test_a_lopsided_lineup_is_warned_about_and_a_mirror_is_not() -> None:
    strong = {"greedy": {"n": 100, "rate": 0.99}, "random": {"n": 100, "rate": 0.01}}
    [warning] = lineup_warnings(strong, 0.5)
    assert "greedy wins 99.0%" in warning and "--bots greedy" in warning
    assert lineup_warnings({"greedy": {"n": 200, "rate": 0.5}}, 0.5) == []
    assert lineup_warnings({"a": {"n": 100, "rate": 0.55}, "b": {"n": 100, "rate": 0.45}}, 0.5) == []


@pytest.mark.parametrize(
    ("game_id", "players", "options", "kinds"),
    [
        ("monster-smash", 3, {}, {"card"}),
        ("monstra", 2, {}, {"tactic", "strike"}),
        ("monstra", 1, {"mode": "mission"}, {"behaviour", "strike"}),
        ("monster-club", 2, {}, {"card"}),
        ("push-a-monster", 2, {}, {"monster"}),
    ],
)
def test_every_game_reports_what_was_played(
    game_id: str, players: int, options: dict[str, Any], kinds: set[str]
) -> None:
    bots = ("random",) * players if game_id == "push-a-monster" else ("greedy",) * players
    result = run_game(GameTask(0, game_id, players, bots, 11, options))
    assert result["error"] is None
    used = {label.partition(":")[0] for seat in result["usage"] for label in seat}
    assert kinds <= used, used
    assert sum(sum(seat.values()) for seat in result["actions"]) == result["decisions"]
    game = games.get(game_id)
    for seat in result["usage"]:
        for label, (times, first) in seat.items():
            assert times >= 1 and first >= 1, (label, times, first)
    assert game.report_usage(0, None, []) == []


def test_summary_and_report_carry_usage_actions_margins_and_outliers() -> None:
    results = [run_game(GameTask(i, "monster-club", 2, ("greedy", "greedy"), 100 + i)) for i in range(6)]
    s = summarize(results, 2)
    assert s["usage"]["card"] and s["moves_by_kind"]["monster played"]["total"] > 0
    assert s["margins"]["mean"] >= 0 and "values" not in s["margins"]
    assert s["outliers"]["tests"] == sum(len(v) for v in s["usage"].values()) + sum(
        len(v) for v in s["factors"].values()
    )
    assert all("q" in e for v in s["usage"].values() for e in v.values())
    assert s["warnings"] == []


@pytest.mark.parametrize(
    ("game_id", "kind", "value", "label"),
    [
        ("monster-club", "card", "quick-step", "Quick Step"),
        ("push-a-monster", "monster", "blue", "blue Wisp"),
        ("monstra", "behaviour", "unknown-id", "unknown-id"),
        ("monster-club", "deck", "graveyard", "Grave Choir"),
        ("monster-club", "deck", "random", "Random"),
    ],
)
def test_a_report_names_what_the_data_calls_by_id(game_id: str, kind: str, value: str, label: str) -> None:
    assert games.get(game_id).report_label(kind, value) == label


def test_the_html_report_shows_names_and_the_summary_keeps_ids(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from monsterlair.cli import app
    from monsterlair.games.monster_club.cards import BY_ID

    report = tmp_path / "report"
    args = ["sim", "monster-club", "-n", "4", "--bots", "greedy,greedy", "-w", "1", "--report", str(report)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads((report / "summary.json").read_text())
    page = (report / "report.html").read_text()
    used = list(summary["usage"]["card"])
    assert used and all(card in BY_ID for card in used)  # the machine-readable summary: ids
    assert all(f"<td>{html.escape(BY_ID[c].name)}</td>" in page for c in used)  # the page: names
    assert not [c for c in used if f"<td>{c}</td>" in page and BY_ID[c].name != c]
    assert "Balance report — Monster Club" in page


def test_endings_are_told_in_the_games_words() -> None:
    from monsterlair.sim.report import endings

    assert endings({"game": "monster-club", "terminations": {"turn_cap": 2, "destroys": 5}}) == {
        "ended by the turn limit": 2,
        "ended by reaching the destroys needed to win": 5,
    }
    assert endings({"game": "no-such-game", "terminations": {"turn_cap": 1}}) == {"ended by turn_cap": 1}
