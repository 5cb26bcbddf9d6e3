"""Batch simulation: the plan (seat rotation, seeds), one game, backends and the ``sim`` command."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.core import BadOptions
from monsterlair.sim import LocalBackend, derive_seed, plan, plan_tournament, run_game
from monsterlair.sim.local import chunked, default_chunk_size
from monsterlair.sim.runner import block_size, pair_seatings, rotations
from tests import example_game


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)


def strip_time(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in results]


def test_plan_rotates_every_bot_through_every_seat_on_shared_deals() -> None:
    tasks = plan("toy-race", ["a", "b", "c"], 12, players=3, seed=5)
    assert [t.index for t in tasks] == list(range(1, 13))  # games are numbered from 1, as every report shows them
    per_seat = [Counter(t.seats[s] for t in tasks) for s in range(3)]
    assert all(c == {"a": 4, "b": 4, "c": 4} for c in per_seat)
    assert [t.seats for t in tasks[:3]] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert len({t.seed for t in tasks[:3]}) == 1 and len({t.seed for t in tasks}) == 4


def test_plan_gives_equal_bots_a_seed_per_game_so_every_game_is_distinct() -> None:
    tasks = plan("toy-race", ["greedy"], 6, players=2, seed=5)
    assert all(t.seats == ("greedy", "greedy") for t in tasks)
    assert len({t.seed for t in tasks}) == 6
    results = LocalBackend(1).run(tasks)
    assert len({json.dumps(strip_time([r])[0]["winners"]) + str(r["decisions"]) for r in results}) > 1


def test_plan_blocks_hold_each_distinct_rotation_once() -> None:
    assert rotations(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert block_size(["a", "b"], 4) == 2 and block_size(["a"], 3) == 1 and block_size(["a", "b", "c"], 3) == 3
    tasks = plan("toy-race", ["x", "y"], 8, players=4, seed=1)
    assert len({(t.seed, t.seats) for t in tasks}) == 8 and len({t.seed for t in tasks}) == 4


def test_plan_tournament_pairs_every_bot_with_every_other_on_the_same_deals() -> None:
    tasks = plan_tournament("toy-race", ["a", "b", "c"], 4, players=2, seed=3)
    assert [t.index for t in tasks] == list(range(1, 13))
    pairs = [frozenset(t.seats) for t in tasks]
    assert pairs[:4] == [frozenset("ab")] * 4 and pairs[4:8] == [frozenset("ac")] * 4
    assert [t.seats for t in tasks[:4]] == [("a", "b"), ("b", "a")] * 2
    assert [t.seed for t in tasks[:4]] == [t.seed for t in tasks[4:8]] == [t.seed for t in tasks[8:]]
    assert len({t.run for t in tasks}) == 1 and tasks[0].run != plan("toy-race", ["a", "b"], 4)[0].run


def test_pair_seatings_balance_an_odd_table() -> None:
    seatings = pair_seatings("a", "b", 3)
    assert len(seatings) == 6
    assert sum(s.count("a") for s in seatings) == sum(s.count("b") for s in seatings) == 9
    assert pair_seatings("a", "b", 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]


@pytest.mark.parametrize(
    ("bots", "per_pair", "players"), [(["a"], 2, 2), (["a", "a"], 2, 2), (["a", "b"], 0, 2), (["a", "b"], 2, 1)]
)
def test_plan_tournament_refuses_impossible_round_robins(bots: list[str], per_pair: int, players: int) -> None:
    with pytest.raises(BadOptions):
        plan_tournament("toy-race", bots, per_pair, players=players)


def test_run_game_records_detail_factors_and_the_first_mover(monkeypatch: pytest.MonkeyPatch) -> None:
    def factors(self: Any, state: Any) -> dict[int, list[str]]:
        return {s: [f"hand:{sum(state.hands[s])}", "kind:x"] for s in range(state.players)}

    monkeypatch.setattr(example_game.ToyGame, "report_factors", factors)
    result = run_game(plan("toy-race", ["random", "random"], 1, players=3, seed=2)[0])
    assert result["first"] == 0 and result["game"] == "toy-race" and result["detail"] == {}
    assert [f[0] for f in result["factors"]] == [
        f"hand:{sum(h)}" for h in example_game.GAME.new(3, result["seed"]).hands
    ]
    assert all(f[1] == "kind:x" for f in result["factors"])


def test_plan_repeats_the_lineup_to_fill_the_seats() -> None:
    tasks = plan("toy-race", ["x", "y"], 4, players=4)
    assert tasks[0].seats == ("x", "y", "x", "y") and tasks[1].seats == ("y", "x", "y", "x")


@pytest.mark.parametrize(("bots", "games", "players"), [([], 4, 2), (["a"], 0, 2), (["a", "b", "c"], 4, 2)])
def test_plan_refuses_impossible_batches(bots: list[str], games: int, players: int) -> None:
    with pytest.raises(BadOptions):
        plan("toy-race", bots, games, players=players)


def test_derive_seed_is_stable_distinct_and_json_safe() -> None:
    seeds = [derive_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**48 for s in seeds)
    assert derive_seed(7, 3) == seeds[3] and derive_seed(8, 3) != seeds[3]


def test_run_game_reports_a_finished_game_and_is_reproducible() -> None:
    task = plan("toy-race", ["greedy", "random"], 1, players=2, seed=3)[0]
    a, b = run_game(task), run_game(task)
    assert strip_time([a]) == strip_time([b])
    assert a["error"] is None and a["seats"] == ["greedy", "random"]
    assert a["decisions"] >= a["turns"] >= 1 and len(a["payoffs"]) == 2
    assert a["termination"] in ("target", "exhausted", "cap")


def test_run_game_counts_capped_games() -> None:
    task = plan("toy-race", ["random", "random"], 1, players=2, options={"max_turns": 3, "target": 60})[0]
    result = run_game(task)
    assert result["capped"] is True and result["decisions"] == 3 and result["winners"] == []


def test_run_game_reports_a_failure_instead_of_raising(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Any, action: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(example_game.ToyState, "apply_unchecked", broken)
    result = run_game(plan("toy-race", ["greedy", "random"], 1, players=2)[0])
    assert result["error"] == "The game stopped on an unexpected error: boom" and result["termination"] == "error"
    assert any("RuntimeError" in line for line in result["where"])  # the class is kept for whoever debugs it


def test_a_failed_game_says_what_went_wrong_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(self: Any, action: Any) -> Any:
        raise BadOptions("Option 'deck0' must be a preset deck, not 'foo'.")

    monkeypatch.setattr(example_game.ToyState, "apply_unchecked", refused)
    result = run_game(plan("toy-race", ["greedy", "random"], 1, players=2)[0])
    assert result["error"] == "Option 'deck0' must be a preset deck, not 'foo'."


def test_chunking() -> None:
    tasks = plan("toy-race", ["a", "b"], 10, players=2)
    assert [len(c) for c in chunked(tasks, 4)] == [4, 4, 2]
    assert default_chunk_size(10, 2) == 1 and default_chunk_size(100_000, 2) == 50


def test_backends_accept_an_empty_batch() -> None:
    assert LocalBackend(2).run([]) == [] and LocalBackend(1).run([]) == []


def test_results_do_not_depend_on_worker_count_or_chunking() -> None:
    tasks = plan("toy-race", ["ismcts:iterations=8", "greedy", "random"], 12, players=3, seed=11)
    serial = LocalBackend(1).run(tasks)
    heard: list[int] = []
    parallel = LocalBackend(2, chunk_size=5).run(tasks, lambda done: heard.extend(r["index"] for r in done))
    assert strip_time(serial) == strip_time(parallel)
    assert sorted(heard) == list(range(1, 13))
    assert [r["index"] for r in parallel] == list(range(1, 13))


# --- the command ------------------------------------------------------------------------------


def sim(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["sim", "toy-race", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_sim_json_summary_fields(tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    args = ["--games", "12", "--bots", "greedy,random", "--workers", "1", "--seed", "4", "--json"]
    status, out = sim([*args, "--out", str(out_file)])
    assert status == 0, out
    summary = json.loads(out)
    assert summary["game"] == "toy-race" and summary["players"] == 2 and summary["games"] == 12
    assert summary["finished"] == 12 and summary["failed"] == 0 and summary["balanced"] is True
    assert set(summary["bots"]) == {"greedy", "random"}
    for entry in summary["bots"].values():
        assert entry["n"] == 12 and 0 <= entry["ci95"][0] <= entry["rate"] <= entry["ci95"][1] <= 1
    assert summary["first_seat"]["n"] == 12 and len(summary["seats"]) == 2
    assert set(summary["length"]) == {"moves", "turns", "engine decisions"}
    assert set(summary["length"]["moves"]) == {"mean", "median", "p90"}
    assert summary["draws"] >= 0 and summary["capped"] >= 0
    assert summary["lineup"] == ["greedy", "random"] and summary["options"]["target"] == 12
    lines = out_file.read_text().splitlines()
    assert len(lines) == 12 and json.loads(lines[0])["index"] == 1
    wins = sum(1 for line in lines if 0 in json.loads(line)["winners"])
    assert summary["first_seat"]["wins"] == wins


def test_sim_is_deterministic_across_worker_counts() -> None:
    base = ["--games", "8", "--bots", "ismcts:iterations=6,greedy", "--players", "3", "--seed", "9", "--json"]
    one = json.loads(sim([*base, "--workers", "1"])[1])
    two = json.loads(sim([*base, "--workers", "2"])[1])
    for key in ("bots", "seats", "length", "draws", "capped", "terminations"):
        assert one[key] == two[key], key


def test_sim_table_report_and_options() -> None:
    status, out = sim(["--games", "6", "--bots", "random", "--players", "3", "--workers", "1", "-o", "max_turns=2"])
    assert status == 0, out
    text = " ".join(out.split())
    assert "Win rate per bot" in text and "First-seat advantage" in text
    assert "Cut by a safety cap: 6" in text and "Draws: 6" in text and "Lost by every seat: 0" in text


def test_sim_mode_and_unbalanced_warning() -> None:
    status, out = sim(["--games", "3", "--bots", "random,greedy", "--workers", "1", "--mode", "short"])
    assert status == 0 and "not exactly balanced" in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "wizard"], "Unknown bot 'wizard'"),
        (["--bots", "random,,greedy"], "empty entry"),
        (["--bots", "random,greedy,random", "--players", "2"], "3 bots were named for 2 seats"),
        (["--players", "7"], "takes 2 to 4 players"),
        (["--games", "0"], "at least 1"),
        (["-o", "target=x"], "takes a whole number"),
        (["--workers", "0"], "at least 1"),
        (["--tournament", "greedy"], "at least two bots"),
        (["--tournament", "greedy,greedy"], "each bot once"),
        (["--tournament", "greedy,random", "--games-per-pair", "0"], "at least 1"),
        (["--backend", "cloud"], "'local' or 'ray'"),
        (["--chunk-size", "0"], "at least 1"),
    ],
)
def test_sim_bad_arguments(args: list[str], message: str) -> None:
    status, out = sim(args)
    assert status == 2 and message in " ".join(out.split()), out


def test_sim_reports_failed_games_and_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Any, action: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(example_game.ToyState, "apply_unchecked", broken)
    status, out = sim(["--games", "2", "--bots", "greedy,random", "--workers", "1"])
    assert status == 1 and "2 games failed" in out and "unexpected error: boom" in out
    assert "RuntimeError" not in out and "game 0 " not in out and "game 1 (seed" in out and "game 2 (seed" in out
