"""The HTML balance report and the tournament through ``monsterlair sim``; every game's report factors."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app
from monsterlair.sim import LocalBackend, plan, summarize
from monsterlair.sim.report import render_html, write_report
from tests import example_game

PNG = re.compile(r'<img alt="plot" src="data:image/png;base64,([A-Za-z0-9+/=]+)">')


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)

    def factors(self: Any, state: Any) -> dict[int, list[str]]:
        return {s: [f"hand:{'high' if sum(state.hands[s]) >= 6 else 'low'}"] for s in range(state.players)}

    monkeypatch.setattr(example_game.ToyGame, "report_factors", factors)


def sections(page: str) -> list[str]:
    return re.findall(r"<section id='([^']+)'>", page)


def images(page: str) -> list[bytes]:
    return [base64.b64decode(data) for data in PNG.findall(page)]


def test_sim_report_writes_a_self_contained_page_with_every_section(tmp_path: Path) -> None:
    report = tmp_path / "report"
    args = ["sim", "toy-race", "-n", "24", "--bots", "greedy,random", "-p", "3", "-w", "1", "--seed", "2"]
    result = CliRunner().invoke(app, [*args, "-o", "max_turns=5", "--report", str(report)])
    assert result.exit_code == 0, result.output
    page = (report / "report.html").read_text()
    assert sections(page) == [
        "overview",
        "bots",
        "seats",
        "first-seat",
        "factors",
        "usage",
        "actions",
        "margins",
        "length",
        "outcomes",
    ]
    pictures = images(page)
    # bots, seats, first seat, one per factor kind, decisions by kind, margins, length, outcomes
    assert len(pictures) == 8 and all(p.startswith(b"\x89PNG\r\n\x1a\n") and len(p) > 2000 for p in pictures)
    assert 'src="http' not in page and "<script" not in page
    for text in ("Win rate by bot", "First-seat advantage", "Presence win rates", "Game length", "safety cap"):
        assert text in page, text
    assert "id='factor-hand'" in page and ">high<" in page and ">low<" in page
    summary = json.loads((report / "summary.json").read_text())
    assert summary["finished"] == 24 and summary["capped"] > 0 and set(summary["factors"]["hand"]) == {"high", "low"}
    assert len((report / "results.jsonl").read_text().splitlines()) == 24
    assert f"<td>{summary['capped']}</td>" in page
    seat_rows = re.search(r"<section id='seats'>.*?<tbody>(.*?)</tbody>", page, re.S)
    assert seat_rows is not None
    for row in re.findall(r"<tr>(.*?)</tr>", seat_rows.group(1)):  # every column filled, mean payoff included
        cells = re.findall(r"<td>(.*?)</td>", row)
        assert len(cells) == 6 and all(cells), cells
    assert ">seat 1<" in page and ">seat 0<" not in page


def test_tournament_rates_the_bots_and_reports_them(tmp_path: Path) -> None:
    report = tmp_path / "t"
    args = ["sim", "toy-race", "--tournament", "greedy,random,ismcts:iterations=8,c=0.7", "--games-per-pair", "8"]
    result = CliRunner().invoke(app, [*args, "-w", "1", "--report", str(report), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{") :])
    assert data["games"] == 24 and data["tournament"] == ["greedy", "random", "ismcts:iterations=8,c=0.7"]
    rated = data["ratings"]
    assert set(rated["bots"]) == set(data["tournament"]) and len(rated["pairs"]) == 3
    assert sum(e["rating"] for e in rated["bots"].values()) == pytest.approx(0, abs=1e-6)
    assert all(e["ci95"][0] <= e["rating"] <= e["ci95"][1] and e["games"] == 16 for e in rated["bots"].values())
    page = (report / "report.html").read_text()
    assert sections(page)[-1] == "tournament" and "Bradley" in page
    assert len(images(page)) == 10  # the eight of every report, ratings and the pairwise matrix
    table = CliRunner().invoke(app, [*args, "-w", "1", "--out", str(tmp_path / "t.jsonl")])
    assert table.exit_code == 0 and "Tournament ratings" in table.output


def test_a_report_of_failed_and_lost_games(tmp_path: Path) -> None:
    results = LocalBackend(1).run(plan("toy-race", ["random"], 4, players=2, seed=1))
    results[0] = {**results[0], "winners": [], "payoffs": [0.0, 0.0]}
    results[1] = {**results[1], "error": "RuntimeError: boom"}
    summary = summarize(results, 2)
    summary.update(game="toy-race", players=2, lineup=["random", "random"])
    page = write_report(tmp_path, summary, results).read_text()
    assert sections(page)[-1] == "failures" and "RuntimeError: boom" in page
    assert "lost by every seat (no winner, payoffs 0)</td><td>1<" in page
    empty = summarize([], 2)
    empty.update(game="toy-race", players=2)
    assert "overview" in sections(render_html(empty, []))


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_reports_factors_as_kind_value_per_seat(game_id: str) -> None:
    from monsterlair.sim.bench import default_players

    game = games.get(game_id)
    state = game.new(default_players(game), 3)
    factors = game.report_factors(state)
    assert set(factors) <= set(range(state.players))
    for seat_factors in factors.values():
        assert all(re.fullmatch(r"[a-z0-9-]+:\S+", f) for f in seat_factors), seat_factors


def test_the_default_player_count_moves_up_to_one_the_game_accepts() -> None:
    args = ["sim", "monstra", "-n", "4", "--bots", "random,random,random", "-w", "1", "--json"]
    result = CliRunner().invoke(app, args)  # MONSTRA has no three-player game: four seats, 2v2
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{") :])
    assert data["players"] == 4 and data["lineup"] == ["random"] * 4 and data["finished"] == 4
    assert {"deck", "creature", "team", "first-team"} <= set(data["factors"])


def test_the_overview_lists_options_as_a_designer_types_them(tmp_path: Path) -> None:
    report = tmp_path / "report"
    args = ["sim", "toy-race", "-n", "4", "--bots", "greedy,random", "-p", "2", "-w", "1", "--seed", "2"]
    result = CliRunner().invoke(app, [*args, "-o", "max_turns=5", "--report", str(report)])
    assert result.exit_code == 0, result.output
    overview = (report / "report.html").read_text().split("<section id='overview'>")[1].split("</section>")[0]
    assert "max_turns=5" in overview, overview
    assert "{" not in overview and "&quot;" not in overview, overview


def test_kept_games_are_numbered_from_1_in_their_files_and_the_report(tmp_path: Path) -> None:
    """``game-1.json`` is game 1 of the run, as the report's table, the failures and the console count games."""
    report, records = tmp_path / "report", tmp_path / "records"
    args = ["sim", "toy-race", "-n", "3", "--bots", "greedy,random", "-p", "2", "-w", "1", "--seed", "2"]
    result = CliRunner().invoke(app, [*args, "--records", str(records), "--keep", "all", "--report", str(report)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in records.glob("game-*.json")) == ["game-1.json", "game-2.json", "game-3.json"]
    section = (report / "report.html").read_text().split("<section id='records'>")[1].split("</section>")[0]
    for n in (1, 2, 3):
        assert re.search(rf"<td>{n}</td>.*?game-{n}\.json", section), section


def test_a_report_folder_that_is_a_file_is_refused_in_words(tmp_path: Path) -> None:
    """Not "Cannot write the results: File exists.": which path is in the way, and why."""
    blocker = tmp_path / "arena.png"
    blocker.write_bytes(b"")
    args = ["sim", "toy-race", "-n", "2", "--bots", "greedy,random", "-p", "2", "-w", "1"]
    result = CliRunner().invoke(app, [*args, "--report", str(blocker)])
    said = "".join(result.output.split())  # the console may fold a long path anywhere
    assert result.exit_code == 2, result.output
    assert "".join(f"{blocker} is a file, not a folder".split()) in said and "Fileexists" not in said, said
