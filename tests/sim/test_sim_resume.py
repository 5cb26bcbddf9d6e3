"""Results are appended as they come, and a run started again on the same file plays only the missing games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.core import BadOptions
from monsterlair.sim import ResultLog, plan, runner
from tests import example_game

ARGS = ["sim", "toy-race", "--games", "12", "--bots", "ismcts:iterations=6,greedy", "--seed", "4", "--workers", "1"]


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def without_time(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in results), key=lambda r: r["index"])


def count_games(monkeypatch: pytest.MonkeyPatch, *, stop_after: int | None = None) -> list[int]:
    """Record the index of every game played in this process; optionally interrupt like Ctrl-C."""
    played: list[int] = []
    real = runner.run_game

    def counted(task: runner.GameTask) -> dict[str, Any]:
        if stop_after is not None and len(played) == stop_after:
            raise KeyboardInterrupt
        played.append(task.index)
        return real(task)

    monkeypatch.setattr(runner, "run_game", counted)
    return played


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reference = tmp_path / "reference.jsonl"
    assert CliRunner().invoke(app, [*ARGS, "--out", str(reference), "--json"]).exit_code == 0
    out = tmp_path / "games.jsonl"
    first = count_games(monkeypatch, stop_after=5)
    interrupted = CliRunner().invoke(app, [*ARGS, "--out", str(out)])
    assert interrupted.exit_code == 130
    assert "run the same command again to resume" in " ".join(interrupted.output.split())
    assert len(lines(out)) == len(first) == 5  # every game finished before the interrupt is on disk
    monkeypatch.undo()
    example_game.register(monkeypatch)
    second = count_games(monkeypatch)
    resumed = CliRunner().invoke(app, [*ARGS, "--out", str(out), "--json"])
    assert resumed.exit_code == 0, resumed.output
    assert sorted(second) == sorted(set(range(1, 13)) - set(first))  # only the missing games were played
    summary = json.loads(resumed.output[resumed.output.index("{") :])
    assert summary["resumed"] == 5 and summary["finished"] == 12
    assert without_time(lines(out)) == without_time(lines(reference))
    full = json.loads(CliRunner().invoke(app, [*ARGS, "--json"]).output)
    for key in ("bots", "seats", "length", "outcomes", "capped", "first_mover"):
        assert summary[key] == full[key], key


def test_a_torn_last_line_is_dropped_and_replayed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "games.jsonl"
    assert CliRunner().invoke(app, [*ARGS, "--out", str(out)]).exit_code == 0
    text = out.read_text().splitlines(keepends=True)
    out.write_text("".join(text[:7]) + text[7][:20])  # power cut in the middle of game 8's line
    played = count_games(monkeypatch)
    assert CliRunner().invoke(app, [*ARGS, "--out", str(out)]).exit_code == 0
    assert len(played) == 5
    results = lines(out)
    assert sorted(r["index"] for r in results) == list(range(1, 13))


def test_a_complete_file_plays_nothing_and_a_longer_run_adds_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "games.jsonl"
    assert CliRunner().invoke(app, [*ARGS, "--out", str(out)]).exit_code == 0
    played = count_games(monkeypatch)
    assert CliRunner().invoke(app, [*ARGS, "--out", str(out)]).exit_code == 0
    assert played == []
    longer = [a if a != "12" else "16" for a in ARGS]
    assert CliRunner().invoke(app, [*longer, "--out", str(out)]).exit_code == 0
    assert sorted(played) == [13, 14, 15, 16] and len(lines(out)) == 16


def test_a_file_of_another_simulation_is_refused_untouched(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert CliRunner().invoke(app, [*ARGS, "--out", str(out)]).exit_code == 0
    before = out.read_bytes()
    other_seed = [a if a != "4" else "5" for a in ARGS]
    result = CliRunner().invoke(app, [*other_seed, "--out", str(out)])
    assert result.exit_code == 2 and "another simulation" in " ".join(result.output.split())
    assert out.read_bytes() == before
    out.write_text("not json\n")
    result = CliRunner().invoke(app, [*ARGS, "--out", str(out)])
    assert result.exit_code == 2 and "is not a game result" in " ".join(result.output.split())


def test_result_log_checks_the_plan(tmp_path: Path) -> None:
    tasks = plan("toy-race", ["a", "b"], 4, seed=1)
    log = ResultLog(tmp_path / "r.jsonl")
    assert log.load(tasks) == {}
    with log:
        for index in (2, 3):
            log.append(
                [
                    {
                        "format": 2,
                        "index": index,
                        "seed": tasks[1].seed,
                        "run": tasks[1].run,
                        "seats": list(tasks[1].seats),
                    }
                ]
            )
    with pytest.raises(BadOptions, match="game 3 does not match"):
        log.load(tasks)
