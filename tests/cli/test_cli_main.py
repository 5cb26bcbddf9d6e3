"""The ``monsterlair`` app as a whole, and every registered game through play, engine, sim and replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import SUBCOMMANDS, app
from monsterlair.protocol import Engine


def test_help_lists_every_subcommand() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("play", "engine", "replay", "sim", "bench"):
        assert command in result.output
    assert "engine_cmd" in SUBCOMMANDS


def test_no_arguments_shows_help() -> None:
    result = CliRunner().invoke(app, [])
    assert "Usage" in result.output


@pytest.mark.parametrize("game_id", games.ids())
def test_every_registered_game_plays_to_the_end_with_bots_and_replays(game_id: str, tmp_path: Path) -> None:
    game = games.get(game_id)
    seats = ",".join(["random"] * game.min_players)
    record_file = tmp_path / "bots.json"
    result = CliRunner().invoke(app, ["play", game_id, "--seats", seats, "--seed", "1", "--save", str(record_file)])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    record = json.loads(record_file.read_text())
    assert game.replay(record).over
    result = CliRunner().invoke(app, ["replay", str(record_file), "--final", "--reveal"])
    assert result.exit_code == 0 and "Game over" in result.output, result.output


@pytest.mark.parametrize("game_id", games.ids())
def test_every_registered_game_plays_through_the_protocol(game_id: str) -> None:
    engine = Engine()
    game = games.get(game_id)
    new = json.loads(engine.handle(json.dumps({"cmd": "new", "game": game_id, "players": game.min_players, "seed": 2})))
    assert new["ok"], new
    gid = new["game_id"]
    for step in range(5000):
        advice = json.loads(engine.handle(json.dumps({"cmd": "bot", "game_id": gid, "bot": "random", "seed": step})))
        played = json.loads(engine.handle(json.dumps({"cmd": "play", "game_id": gid, "action": advice["action"]})))
        assert played["ok"], played
        if played["over"]:
            break
    result = json.loads(engine.handle(json.dumps({"cmd": "result", "game_id": gid})))
    assert result["over"] is True


@pytest.mark.parametrize("game_id", games.ids())
def test_every_registered_game_simulates(game_id: str) -> None:
    game = games.get(game_id)
    players = str(game.min_players)
    args = ["sim", game_id, "--games", "4", "--bots", "random", "--players", players, "--workers", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["finished"] == 4


def test_the_toy_game_behind_the_tool_tests_passes_the_conformance_suite() -> None:
    from monsterlair.testing.conformance import check_game
    from tests import example_game

    report = check_game(example_game.GAME, seeds=range(3), subprocess_check=False)
    assert report.games == 9


@pytest.mark.parametrize(
    "spec", ["ismcts:seconds=nan", "ismcts:seconds=inf", "ismcts:seconds=1e9", "ismcts:iterations=10000000"]
)
@pytest.mark.parametrize("command", ["sim", "play"])
def test_a_bot_spec_without_a_finite_capped_budget_is_refused_before_anything_runs(
    command: str, spec: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    if command == "sim":
        args = ["sim", "monster-smash", "--games", "2", "--bots", f"{spec},random", "--workers", "1", "--out", str(out)]
    else:
        args = ["play", "monster-smash", "--seats", f"{spec},random", "--save", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0
    assert "Bot 'ismcts'" in result.output and "Traceback" not in result.output
    assert not out.exists()  # nothing was played or written
