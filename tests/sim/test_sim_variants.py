"""Sweeps with paired comparisons, deck-against-deck matrices and replayable records of the outliers."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app
from monsterlair.core import BadOptions
from monsterlair.sim.records import outliers
from monsterlair.sim.variants import compare, deck_matrix, mcnemar_p, parse_vary, plan_deck_matrix, plan_variants


def test_parse_vary_checks_the_option_and_each_value() -> None:
    club = games.get("monster-club")
    variants = parse_vary(club, "first_round_attacks=false,true")
    assert [v.label for v in variants] == ["first_round_attacks=false", "first_round_attacks=true"]
    assert [v.options for v in variants] == [{"first_round_attacks": False}, {"first_round_attacks": True}]
    for bad, message in [
        ("first_round_attacks", "NAME=VALUE"),
        ("nonsense=1,2", "has no option 'nonsense'"),
        ("first_round_attacks=true", "at least two different"),
        ("destroys_to_win=3,banana", "destroys_to_win"),
    ]:
        with pytest.raises(BadOptions, match=message):
            parse_vary(club, bad)


def test_variants_play_the_same_deals_and_seatings() -> None:
    club = games.get("monster-club")
    variants = parse_vary(club, "destroys_to_win=3,5")
    tasks = plan_variants("monster-club", ["greedy"], 4, variants, players=2, seed=9, options={})
    assert [t.index for t in tasks] == list(range(1, 9))
    first, second = tasks[:4], tasks[4:]
    assert [t.seed for t in first] == [t.seed for t in second]
    assert [t.seats for t in first] == [t.seats for t in second]
    assert {t.options["destroys_to_win"] for t in first} == {3} and {t.options["destroys_to_win"] for t in second} == {
        5
    }
    assert {t.variant for t in second} == {"destroys_to_win=5"}


def test_mcnemar_exact_p_values() -> None:
    assert mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(5, 5) == 1.0
    assert mcnemar_p(0, 6) == pytest.approx(2 / 64)  # 2 * (1/2)^6
    assert mcnemar_p(1, 9) == pytest.approx(2 * 11 / 1024)


def _game(index: int, winners: list[int], decisions: int, variant: str, capped: bool = False) -> dict[str, object]:
    return {
        "index": index,
        "seed": index % 10,
        "seats": ["a", "a"],
        "winners": winners,
        "first": 0,
        "scores": [3, 1] if winners == [0] else [1, 3],
        "capped": capped,
        "decisions": decisions,
        "turns": decisions // 2,
        "variant": variant,
        "error": None,
    }


def test_compare_pairs_games_by_their_number_within_each_variant() -> None:
    base = [_game(i, [0], 20, "A") for i in range(10)]
    other = [_game(10 + i, [1] if i < 8 else [0], 24, "B") for i in range(10)]
    c = compare(base, other, 2)
    assert c["seat 1 wins"]["changed_a_only"] == 8 and c["seat 1 wins"]["changed_b_only"] == 0
    assert c["seat 1 wins"]["p"] == pytest.approx(mcnemar_p(8, 0)) and c["seat 1 wins"]["p"] < 0.01
    assert c["length (moves)"]["difference"] == 4 and c["length (moves)"]["ci95"] == [4, 4]
    assert c["cut by a safety cap"]["p"] == 1.0


def test_deck_matrix_plays_each_deal_both_ways_round_and_scores_each_deck() -> None:
    club = games.get("monster-club")
    tasks = plan_deck_matrix(club, "greedy", ["stonewall", "inkwell", "cutthroat"], 4, seed=1, options={})
    assert len(tasks) == 3 * 4
    pair = tasks[:4]
    assert [t.variant for t in pair] == ["stonewall/inkwell", "inkwell/stonewall"] * 2
    assert pair[0].seed == pair[1].seed != pair[2].seed
    assert pair[0].options["deck0"] == "stonewall" and pair[1].options["deck0"] == "inkwell"
    with pytest.raises(BadOptions, match="even"):
        plan_deck_matrix(club, "greedy", ["stonewall", "inkwell"], 3, seed=1, options={})
    with pytest.raises(BadOptions, match="no decks"):
        plan_deck_matrix(games.get("monster-smash"), "greedy", ["a", "b"], 2, seed=1, options={})
    results = [
        {"variant": "x/y", "winners": [0], "error": None},
        {"variant": "y/x", "winners": [0], "error": None},
        {"variant": "x/y", "winners": [], "error": None},
    ]
    m = deck_matrix(results, ["x", "y"])
    assert m["score"]["x"]["y"]["score"] == pytest.approx(1.5 / 3) and m["score"]["x"]["y"]["n"] == 3
    assert m["score"]["y"]["x"]["score"] == pytest.approx(1.5 / 3)


def test_outliers_name_the_longest_shortest_capped_and_most_lopsided() -> None:
    results = [_game(i, [0], 10 + i, "") for i in range(10)]
    results[4]["capped"] = True
    results[7]["scores"] = [30, 0]
    found = outliers(results)
    assert "longest" in found[9] and "shortest" in found[0] and "longest" not in found[0]
    assert "capped" in found[4] and "most lopsided" in found[7]


def test_sim_vary_records_and_report_end_to_end(tmp_path: Path) -> None:
    report, records = tmp_path / "rep", tmp_path / "recs"
    args = ["sim", "monster-club", "-n", "6", "-w", "1", "--vary", "destroys_to_win=3,5"]
    result = CliRunner().invoke(app, [*args, "--records", str(records), "--report", str(report)])
    assert result.exit_code == 0, result.output
    summary = json.loads((report / "summary.json").read_text())
    assert summary["finished"] == 12 and set(summary["variants"]) == {"destroys_to_win=3", "destroys_to_win=5"}
    comparison = summary["variants"]["destroys_to_win=5"]["comparison"]
    assert comparison["length (turns)"]["n"] == 6 and comparison["length (turns)"]["difference"] > 0
    page = (report / "report.html").read_text()
    assert "id='variants'" in page and "id='records'" in page and "monsterlair replay" in page
    index = json.loads((records / "records.json").read_text())
    assert index and all((records / Path(e["file"]).name).exists() for e in index)
    # Each kept game is linked to the web replay viewer: its --web command, and the lobby's control for the file.
    assert all(e["web"] == f"monsterlair replay {e['file']} --web" for e in index)
    section = page[page.index("id='records'") :]
    assert all(html.escape(e["web"]) in section for e in index)
    assert "Open a saved game" in section and "http://127.0.0.1:8000" in section and "game-N.json" in section
    assert all("record" not in json.loads(line) for line in (report / "results.jsonl").read_text().splitlines())
    replay = CliRunner().invoke(app, ["replay", index[0]["file"], "--final"])
    assert replay.exit_code == 0, replay.output
    assert "Game over" in replay.output


def test_sim_deck_matrix_end_to_end(tmp_path: Path) -> None:
    report = tmp_path / "rep"
    args = ["sim", "monster-club", "--deck-matrix", "--decks", "stonewall,inkwell", "--games-per-pair", "4"]
    result = CliRunner().invoke(app, [*args, "-w", "1", "--report", str(report)])
    assert result.exit_code == 0, result.output
    summary = json.loads((report / "summary.json").read_text())
    cell = summary["deck_matrix"]["score"]["stonewall"]["inkwell"]
    assert cell["n"] == 4
    assert cell["score"] + summary["deck_matrix"]["score"]["inkwell"]["stonewall"]["score"] == pytest.approx(1.0)
    assert re.search(r"<section id='deck-matrix'>", (report / "report.html").read_text())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "first_round_attacks=true,false", "--tournament", "greedy,random"], "Choose one of"),
        (["-n", "2", "--keep", "some"], "--keep is 'outliers' or 'all'"),
        (["--deck-matrix", "--players", "3"], "two seats"),
        (["-n", "2", "--vary", "nope=1,2"], "has no option 'nope'"),
    ],
)
def test_bad_sweep_arguments_are_refused(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["sim", "monster-club", "-w", "1", *args])
    assert result.exit_code != 0
    assert message in result.output
