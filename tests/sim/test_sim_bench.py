"""``monsterlair bench`` and its library: smoke tests with tiny budgets (no speed is asserted)."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.sim.bench import bench_game, clone_us, default_players, random_playouts, sample_states, scaling
from tests.utils import toy_game


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toy_game.register(monkeypatch)


def test_bench_game_reports_every_figure_as_a_median_of_its_runs() -> None:
    figures = bench_game(toy_game.GAME, seconds=0.02, repeats=3, seed=2)
    assert figures["game"] == "toy-race" and figures["players"] == 3 and figures["repeats"] == 3
    for key in ("decisions_per_s", "games_per_s", "clone_us", "ismcts_iterations_per_s"):
        runs = figures[key + "_runs"]
        assert len(runs) == 3 and all(v > 0 for v in runs), key
        assert figures[key] == pytest.approx(sorted(runs)[1], rel=1e-3), key


def test_the_parts_measure_real_work() -> None:
    playout = random_playouts(toy_game.GAME, 2, 0.02, 1, {})
    assert playout["decisions_per_s"] >= playout["games_per_s"] > 0
    states = sample_states(toy_game.GAME, 2, 8, 1, {})
    assert len(states) == 8 and all(not s.over for s in states)
    assert clone_us(states, 0.01) > 0 and clone_us([], 0.01) == 0.0


def test_default_players_is_three_where_allowed() -> None:
    assert default_players(toy_game.GAME) == 3


def test_default_players_skips_counts_the_game_refuses() -> None:
    from monsterlair import games

    monstra = games.get("monstra")  # 1, 2 or 4 players: no three-player game
    assert default_players(monstra) == 2
    result = CliRunner().invoke(app, ["bench", "monstra", "--seconds", "0.01", "--repeats", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"][0]["players"] == 2


def test_scaling_times_the_same_batch_on_each_backend() -> None:
    figures = scaling("toy-race", ("greedy", "random"), games=16, repeats=2, configs=("local-1", "local-2"))
    assert set(figures["configs"]) == {"local-1", "local-2"} and figures["games"] == 16
    for entry in figures["configs"].values():
        assert len(entry["runs"]) == 2 and entry["games_per_s"] > 0
    assert figures["speedup_local"] == pytest.approx(
        figures["configs"]["local-2"]["games_per_s"] / figures["configs"]["local-1"]["games_per_s"]
    )
    assert "ray_vs_local" not in figures


def test_bench_scaling_command() -> None:
    args = ["bench", "toy-race", "--scaling", "--no-ray", "--games", "8", "--repeats", "1"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["machine"]["cpus"] and data["speedup_local"] > 0
    table = CliRunner().invoke(app, args)
    assert table.exit_code == 0 and "2 workers over 1" in table.output
    assert CliRunner().invoke(app, ["bench", "toy-race", "monstra", "--scaling"]).exit_code == 2


def test_bench_command_json_and_table() -> None:
    affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    result = CliRunner().invoke(app, ["bench", "toy-race", "--seconds", "0.02", "--repeats", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["machine"]["python"] and data["games"][0]["game"] == "toy-race"
    assert data["games"][0]["decisions_per_s"] > 0
    if affinity is not None:
        assert os.sched_getaffinity(0) == affinity  # the pin to one core is undone
    result = CliRunner().invoke(app, ["bench", "toy-race", "--seconds", "0.01", "--repeats", "1", "-p", "2"])
    assert result.exit_code == 0 and "decisions/s" in result.output and "toy-race" in result.output


def test_bench_command_bad_arguments() -> None:
    assert CliRunner().invoke(app, ["bench", "chess"]).exit_code == 2
    assert CliRunner().invoke(app, ["bench", "toy-race", "--seconds", "0"]).exit_code == 2
    assert CliRunner().invoke(app, ["bench", "toy-race", "--seconds", "0.01", "-p", "9"]).exit_code == 2
