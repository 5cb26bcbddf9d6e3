"""What a designer reads in a balance report: A/B headers in the columns' order, a one-seat game's win rate,
its length in the game's own turns, bad --decks refused before play, names not keys, margins only where the
score decided the game."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.sim import plan, run_game, summarize
from monsterlair.sim import report as sim_report
from monsterlair.sim.report import render_html
from monsterlair.sim.usage import margin, margins
from monsterlair.sim.variants import plan_deck_matrix


def _words(text: str) -> str:
    """The output with rich's line wrapping and table borders folded away."""
    return " ".join(re.sub(r"[│┃┏┓┗┛┡┩└┘━─┳╇┴╋┼]", " ", text).split())


def test_ab_headers_name_the_variants_in_the_columns_order_and_keep_narrow_headers_apart() -> None:
    title, a, b = sim_report.ab_headers("first_round_attacks=false", "first_round_attacks=true")
    assert title.index("first_round_attacks=false") < title.index("first_round_attacks=true")
    assert (a, b) == ("A: false", "B: true")
    assert sim_report.ab_headers("shipped cards", "mine.toml")[1:] == ("A: shipped cards", "B: mine.toml")


def test_the_ab_table_reads_a_then_b_in_title_and_columns_at_80_columns(tmp_path: Path) -> None:
    args = ["sim", "monster-club", "-n", "4", "-w", "1", "--vary", "first_round_attacks=false,true"]
    result = CliRunner().invoke(app, [*args, "--report", str(tmp_path)], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.output
    text = _words(result.output)
    assert "A: first_round_attacks=false; B: first_round_attacks=true" in text
    assert "first_round_attacks=true against" not in text
    header = next(line for line in result.output.splitlines() if "measure" in line)
    assert header.index("A: false") < header.index("B: true") and "…" not in header
    page = (tmp_path / "report.html").read_text()
    assert "<th>A: false</th><th>B: true</th>" in page and "A: first_round_attacks=false; B:" in page


def test_a_one_seat_game_reports_its_win_rate_plainly_and_its_length_in_rounds(tmp_path: Path) -> None:
    args = ["sim", "monstra", "--mode", "mission", "-p", "1", "-n", "3", "-w", "1", "--report", str(tmp_path)]
    result = CliRunner().invoke(app, args, terminal_width=200)
    assert result.exit_code == 0, result.output
    text = _words(result.output)
    assert "fair share" not in text and "First-seat" not in text and "moves first" not in text
    assert "1 player," in text and "1 players" not in text
    assert re.search(r"Win rate \(one seat: how often the game was won, as a mission's success rate\): [\d.]+%", text)
    page = (tmp_path / "report.html").read_text()
    assert "fair share" not in page and "id='first-seat'" not in page and "a mission's success rate" in page
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["length"]["turns"]["mean"] > 1  # rounds, not one run of the only seat's moves


def test_monstra_counts_its_turns_in_rounds_as_its_replays_do() -> None:
    from monsterlair import games
    from monsterlair.cli.replay import Timeline

    for players, options in ((1, {"mode": "mission"}), (2, {})):
        task = plan("monstra", ["greedy"], 1, players=players, seed=3, options=options)[0]
        result = run_game(dataclasses.replace(task, keep_record=True))
        assert result["error"] is None
        timeline = Timeline(games.get("monstra"), result["record"])
        assert result["turns"] == timeline.turn_numbers[-1] > 1


def test_unknown_decks_are_refused_before_any_game_with_the_presets_named() -> None:
    args = ["sim", "monster-club", "--deck-matrix", "--decks", "foo,bar", "--games-per-pair", "2", "-w", "1"]
    result = CliRunner().invoke(app, args, terminal_width=200)
    assert result.exit_code == 2, result.output
    text = _words(result.output)
    assert "'foo' and 'bar' are not preset decks of Monster Club" in text
    assert "Stonewall, Inkwell, Cutthroat and Grave Choir" in text
    assert "game 0" not in text and "BadOptions" not in text and "games finished" not in text
    from monsterlair import games

    with pytest.raises(Exception, match="'foo' is not a preset deck"):
        plan_deck_matrix(games.get("monster-club"), "greedy", ["stonewall", "foo"], 2, seed=1, options={})


def test_stand_outs_and_endings_are_in_the_games_words() -> None:
    results = run_game_batch("monster-club", 6)
    summary = summarize(results, 2)
    summary.update(game="monster-club", players=2, options={}, backend={}, seed=0)
    marked = {**summary, "factors": {}, "usage": {"card": {"anvil-drop": {"rate": 0.1, "stands_out": True}}}}
    assert [name for name, _ in sim_report.stand_outs(marked)] == ["Anvil Drop (cards played)"]
    page = render_html(summary, results)
    section = page[page.index("id='outcomes'") : page.index("</section>", page.index("id='outcomes'"))]
    assert "ending:" not in section and "_" not in re.sub(r"<[^>]+>", "", section)
    assert "ended by reaching the destroys needed to win" in section


def test_the_terminal_names_stand_outs_not_their_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    from monsterlair.cli import sim as sim_cli

    summary: dict[str, Any] = {
        "game": "monstra",
        "outliers": {"tests": 3, "stands_out": 1, "expected_by_chance": 0.2, "uncorrected": 1, "level": 0.05},
        "factors": {},
        "usage": {"tactic": {"frost-bind": {"rate": 0.222, "stands_out": True}}},
    }
    from rich.console import Console

    console = Console(record=True, width=200)
    sim_cli._print_played(console, summary)
    text = console.export_text()
    assert "Frost Bind (tactics played) 22.2%" in text and "tactic:frost-bind" not in text
    assert "1 stands out" in text


def test_the_games_own_measures_are_named_in_its_words() -> None:
    """A designer read "set downs" and "everyone tied" under Push a Monster's measures: what do they count?"""
    result = CliRunner().invoke(app, ["sim", "push-a-monster", "-n", "2", "--bots", "random", "-w", "1"])
    assert result.exit_code == 0, result.output
    text = _words(result.output)
    assert "monsters placed for their player" in text and "every line tied (1) or not (0)" in text, text
    assert "set downs" not in text and "everyone tied" not in text
    assert sim_report.measure_text({"game": "push-a-monster"}, "falls") == "falls"  # named well by its key
    assert sim_report.measure_text({"game": "no-such-game"}, "set_downs") == "set downs"


def run_game_batch(game: str, n: int) -> list[dict[str, Any]]:
    return [run_game(t) for t in plan(game, ["greedy"], n, players=2)]


def _result(winners: list[int], scores: list[float]) -> dict[str, Any]:
    return {"winners": winners, "scores": scores, "error": None}


def test_a_game_won_other_than_on_score_has_no_margin_and_is_no_tie() -> None:
    six_of_a_suit = _result([1], [6, 6])  # one winner, level hands: decided by the suit, not the score
    upset = _result([1], [9, 4])  # the winner had the lower score
    by_score = _result([0], [9, 4])
    shared = _result([0, 1], [5, 5])
    drawn = _result([], [5, 5])
    assert margin(six_of_a_suit) is None and margin(upset) is None
    assert margin(by_score) == 5 and margin(shared) == 0 and margin(drawn) == 0
    m = margins([six_of_a_suit, upset, by_score, shared, drawn])
    assert m["level"] == 2 and m["otherwise"] == 2 and m["values"] == [5, 0, 0]


def test_the_margins_section_says_what_a_zero_is_and_counts_games_won_otherwise() -> None:
    results = run_game_batch("monster-smash", 2)
    results[0].update(winners=[1], scores=[6, 6])
    summary = summarize(results, 2)
    summary.update(game="monster-smash", players=2, options={}, backend={}, seed=0)
    assert summary["margins"]["otherwise"] == 1 and summary["margins"]["level"] == 0
    page = render_html(summary, results)
    section = page[page.index("id='margins'") : page.index("</section>", page.index("id='margins'"))]
    assert "1 game was won other than on score" in section and "shared victory" in section


def test_a_monstra_comparison_counts_length_in_rounds(tmp_path: Path) -> None:
    """Review: the comparison row said "length (turns)" for MONSTRA, whose game-length table says rounds."""
    args = ["sim", "monstra", "-n", "2", "-w", "1", "--vary", "rounds=8,12", "--report", str(tmp_path)]
    result = CliRunner().invoke(app, args, terminal_width=200)
    assert result.exit_code == 0, result.output
    compared = json.loads((tmp_path / "summary.json").read_text())["variants"]["rounds=12"]["comparison"]
    assert "length (rounds)" in compared and "length (turns)" not in compared
    assert "length (rounds)" in (tmp_path / "report.html").read_text()


def test_factor_tables_head_their_columns_in_the_games_words() -> None:
    """Review: the HTML factor tables were headed by raw kinds ("monster", "order", "deck")."""
    results = run_game_batch("monster-smash", 4)
    summary = summarize(results, 2)
    summary.update(game="monster-smash", players=2, options={}, backend={}, seed=0)
    assert set(summary["factors"]) == {"monster", "order"}
    page = render_html(summary, results)
    assert "<th>place in the turn order</th>" in page and "<th>order</th>" not in page
    assert "<h3 id='factor-order'>place in the turn order</h3>" in page
    marked = {**summary, "usage": {}, "factors": {"order": {"1": {"rate": 0.6, "stands_out": True}}}}
    assert [name for name, _ in sim_report.stand_outs(marked)] == ["1 (place in the turn order)"]
    from monsterlair import games

    assert games.get("monstra").report_factor_text("first-team") == "held the first-team marker"
    assert games.get("monster-club").report_factor_text("first") == "played first"
