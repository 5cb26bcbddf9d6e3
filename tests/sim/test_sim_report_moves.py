"""A balance report as a designer reads it: games as long as their replays (moves as players count them), moves
by kind in the game's words, one number per game everywhere, a warning for a lopsided lineup at any table
size, drawn games told as draws, and console lines in plain words."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app
from monsterlair.cli import sim as sim_cli
from monsterlair.cli.replay import Timeline
from monsterlair.sim import plan, run_game, summarize
from monsterlair.sim.records import write_records
from monsterlair.sim.report import endings, render_html
from monsterlair.sim.runner import GameTask
from monsterlair.sim.stats import lineup_warnings
from monsterlair.sim.store import ResultLog


def _words(text: str) -> str:
    """The output with rich's line wrapping and table borders folded away."""
    return " ".join(re.sub(r"[│┃┏┓┗┛┡┩└┘━─┳╇┴╋┼]", " ", text).split())


SMASH_KINDS = {
    "burn",
    "no burn",
    "attack (target named)",
    "attack (cards played)",
    "no attack",
    "defence",
    "no defence",
    "keep the hand",
    "mulligan",
}


def test_a_smash_game_is_as_long_as_its_replay_and_its_moves_have_kinds_a_designer_reads() -> None:
    task = GameTask(1, "monster-smash", 3, ("greedy", "random", "greedy"), 12345, keep_record=True)
    result = run_game(task)
    timeline = Timeline(games.get("monster-smash"), result["record"])
    assert result["moves"] == timeline.total  # "Move 7 of 7" in the replay: 7 moves, not 10 decisions
    assert result["decisions"] > result["moves"]  # card picks are engine decisions, not moves
    kinds = {k for seat in result["move_kinds"] for k in seat}
    assert kinds <= SMASH_KINDS and {"pass", "done", "play"}.isdisjoint(kinds)
    assert sum(sum(seat.values()) for seat in result["move_kinds"]) == result["moves"]


def test_the_report_counts_moves_and_keeps_engine_decisions_labelled() -> None:
    results = [run_game(t) for t in plan("monster-smash", ["greedy", "random"], 4, players=3, seed=2)]
    summary = summarize(results, 3)
    summary.update(game="monster-smash", players=3, options={}, backend={}, seed=2)
    assert set(summary["moves_by_kind"]) <= SMASH_KINDS
    moves = sum(r["moves"] for r in results) / 4
    assert summary["length"]["moves"]["mean"] == pytest.approx(moves)
    assert sum(k["per_game"] for k in summary["moves_by_kind"].values()) == pytest.approx(moves)
    page = render_html(summary, results)
    section = page[page.index("id='actions'") : page.index("</section>", page.index("id='actions'"))]
    assert "Moves by kind" in section and "<td>no burn</td>" in section and "<td>pass</td>" not in section
    length = page[page.index("id='length'") : page.index("</section>", page.index("id='length'"))]
    assert "<td>moves</td>" in length and "<td>engine decisions (card picks apart)</td>" in length


def test_records_and_games_to_look_at_agree_with_the_replay_and_the_results_file(tmp_path: Path) -> None:
    tasks = [dataclasses.replace(t, keep_record=True) for t in plan("monster-smash", ["greedy"], 3, seed=1)]
    results = [run_game(t) for t in tasks]
    records = {r["index"]: r.pop("record") for r in results}
    index = write_records(tmp_path, results, records, "all")
    assert [e["index"] for e in index] == [1, 2, 3]
    game = games.get("monster-smash")
    for entry, result in zip(index, results, strict=True):
        assert Path(entry["file"]).name == f"game-{entry['index']}.json" and entry["index"] == result["index"]
        record = json.loads(Path(entry["file"]).read_text())
        assert entry["moves"] == Timeline(game, record).total == result["moves"]


def test_the_cli_numbers_games_from_1_in_the_results_the_records_and_the_report(tmp_path: Path) -> None:
    args = ["sim", "monster-smash", "-n", "3", "-w", "1", "--seed", "1", "--report", str(tmp_path / "r")]
    result = CliRunner().invoke(app, [*args, "--records", str(tmp_path / "d"), "--keep", "all"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in (tmp_path / "r" / "results.jsonl").read_text().splitlines()]
    assert sorted(r["index"] for r in lines) == [1, 2, 3]
    kept = json.loads((tmp_path / "d" / "records.json").read_text())
    assert [(e["index"], Path(e["file"]).name) for e in kept] == [(n, f"game-{n}.json") for n in (1, 2, 3)]
    page = (tmp_path / "r" / "report.html").read_text()
    assert "<td>3</td><td></td><td>kept</td>" in page


def test_a_results_file_numbered_from_0_still_resumes(tmp_path: Path) -> None:
    club = plan("monster-club", ["greedy"], 3, seed=4)
    old = []
    for task in club[:2]:
        r = run_game(task)
        old.append(
            {k: v for k, v in r.items() if k not in ("format", "moves", "move_kinds")} | {"index": task.index - 1}
        )
    smash = plan("monster-smash", ["greedy"], 2, seed=4)
    old_smash = {k: v for k, v in run_game(smash[0]).items() if k not in ("format", "moves", "move_kinds")}
    (tmp_path / "club.jsonl").write_text("".join(json.dumps(r) + "\n" for r in old))
    (tmp_path / "smash.jsonl").write_text(json.dumps(old_smash | {"index": 0}) + "\n")
    found = ResultLog(tmp_path / "club.jsonl").load(club)
    assert sorted(found) == [1, 2]  # game 0 of the old file is game 1
    assert all(r["moves"] == r["decisions"] for r in found.values())
    assert all(r["move_kinds"] == run_game(task)["move_kinds"] for task, r in zip(club, found.values(), strict=False))
    assert ResultLog(tmp_path / "smash.jsonl").load(smash) == {}  # its moves are unknown: played again


def test_a_results_file_that_named_moves_by_their_command_words_resumes_in_the_designers_words(
    tmp_path: Path,
) -> None:
    tasks = plan("monster-club", ["greedy"], 2, seed=4)
    new = [run_game(t) for t in tasks]
    old = [r | {"format": 2, "move_kinds": r["actions"]} for r in new]  # format 2: "end", "play", "target"…
    assert any("end" in seat for r in old for seat in r["move_kinds"])
    (tmp_path / "club.jsonl").write_text("".join(json.dumps(r) + "\n" for r in old))
    found = ResultLog(tmp_path / "club.jsonl").load(tasks)
    assert [found[t.index]["move_kinds"] for t in tasks] == [r["move_kinds"] for r in new]
    assert all(found[t.index]["format"] == new[0]["format"] for t in tasks)


def test_a_lopsided_lineup_warns_at_any_table_size_and_says_the_outliers_may_reflect_the_bots() -> None:
    def bot(rate: float) -> dict[str, Any]:
        return {"n": 100, "rate": rate}

    three = lineup_warnings({"greedy": bot(0.46), "random": bot(0.08)}, 1 / 3)
    assert len(three) == 1 and "33.3%" in three[0] and "random 8.0%" in three[0]
    assert "may reflect the bots rather than the cards" in three[0] and "--bots greedy" in three[0]
    two = lineup_warnings({"greedy": bot(0.99), "random": bot(0.01)}, 0.5)
    assert len(two) == 1 and two[0].startswith("greedy wins 99.0% of its seat-games")
    assert lineup_warnings({"greedy": bot(0.70), "random": bot(0.30)}, 0.5) == []  # as before: under 75 %
    assert lineup_warnings({"a": bot(0.40), "b": bot(0.27)}, 1 / 3) == []


def test_drawn_games_are_told_as_draws_not_as_won_by_the_ending() -> None:
    def club(winners: list[int], payoffs: list[float]) -> dict[str, Any]:
        return {
            "index": 1, "seed": 1, "seats": ["greedy", "greedy"], "winners": winners, "payoffs": payoffs,
            "scores": [5.0, 5.0], "termination": "destroys", "capped": False, "decisions": 4, "turns": 2,
            "error": None,
        }  # fmt: skip

    summary = summarize([club([0], [1.0, 0.0]), club([], [0.5, 0.5]), club([], [0.5, 0.5])], 2)
    summary["game"] = "monster-club"
    assert endings(summary) == {
        "ended by reaching the destroys needed to win": 1,
        "drawn, ended by reaching the destroys needed to win": 2,
    }


def _played(summary: dict[str, Any]) -> str:
    console = Console(record=True, width=300)
    sim_cli._print_played(console, summary)
    return console.export_text()


def test_the_console_says_what_was_played_and_what_stands_out_in_plain_words() -> None:
    usage = {"fell": {"green": {}, "blue": {}}, "monster": {"green": {}, "blue": {}, "red": {}}}
    text = _played({"game": "push-a-monster", "usage": usage})
    assert "pushes that made monsters fall: 2 different" in text and "monsters pushed: 3 different" in text
    assert "fell 2" not in text
    tactics = {f"t{i}": {"rate": 0.1, "n": 10, "stands_out": True} for i in range(14)}
    seats = [{"n": 100, "wins": 50}, {"n": 100, "wins": 50}]
    text = _words(
        _played(
            {
                "game": "monstra",
                "seats": seats,
                "factors": {},
                "usage": {"tactic": tactics},
                "outliers": {
                    "tests": 14,
                    "stands_out": 14,
                    "expected_by_chance": 0.7,
                    "uncorrected": 14,
                    "level": 0.05,
                },
            }
        )
    )
    assert "14 stand out" in text and "against 50.0% for all seats" in text
    assert text.rstrip().endswith("and 2 more.") and "…" not in text


def test_monstras_length_is_counted_in_rounds_in_the_console(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["sim", "monstra", "-n", "2", "-w", "1"], terminal_width=120)
    assert result.exit_code == 0, result.output
    text = _words(result.output)
    assert re.search(r"Game length mean median p90 moves [\d.]+ [\d.]+ [\d.]+ rounds", text), text
    assert " turns " not in text.split("Game length")[1].split("Draws")[0]
    assert "engine decisions" not in text  # every MONSTRA action is a move: no second count


DESIGNER_KINDS = {
    "monstra": {
        "strike",
        "signature move",
        "guard",
        "tactic played",
        "tactic discarded",
        "tied creatures ordered",
        "condition to cleanse chosen",
    },
    "monster-club": {
        "monster played",
        "power card stacked",
        "stack moved",
        "card flipped face up",
        "attack",
        "turn ended",
        "effect target chosen",
        "effect skipped",
        "shown hand: card destroyed",
        "shown hand: no card destroyed",
    },
    "push-a-monster": {
        "push",
        "nudge",
        "shove",
        "monster taken (tied ? roll)",
        "start layout: monster placed",
        "placed for its player",
    },
}
"""Every kind of move of each game, as a designer reads it (each game's actions module and rules)."""


@pytest.mark.parametrize("game_id", sorted(DESIGNER_KINDS))
def test_every_move_of_every_game_has_a_kind_in_the_designers_words(game_id: str) -> None:
    game = games.get(game_id)
    assert game.action_space is not None
    actions = list(game.action_space.actions)
    if game_id == "push-a-monster":
        actions.append(game.action_space.parse("shove monster=7 angle=120"))  # a shove has no index
    kinds = {game.report_move_kind(a, []) for a in actions}
    assert kinds == DESIGNER_KINDS[game_id]
    words = {str(a).split(" ", 1)[0] for a in actions}  # the command words the kinds replace
    commands = words - {"strike", "guard", "attack", "push", "nudge", "shove"}  # a command word that is the kind
    assert commands.isdisjoint(kinds)


def test_the_club_reports_moves_by_kind_in_the_designers_words(tmp_path: Path) -> None:
    args = ["sim", "monster-club", "-n", "4", "-w", "1", "--report", str(tmp_path / "club")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "club" / "summary.json").read_text())
    assert set(summary["moves_by_kind"]) <= DESIGNER_KINDS["monster-club"]
    assert {"monster played", "turn ended"} <= set(summary["moves_by_kind"])
    page = (tmp_path / "club" / "report.html").read_text()
    section = page[page.index("id='actions'") : page.index("</section>", page.index("id='actions'"))]
    assert "<td>monster played</td>" in section and "<td>end</td>" not in section


def test_the_report_speaks_to_designers_without_code_names() -> None:
    results = [run_game(t) for t in plan("monster-club", ["greedy"], 2, seed=3)]
    summary = summarize(results, 2)
    summary.update(game="monster-club", players=2, options={}, backend={}, seed=3, usage={}, factors={})
    page = render_html(summary, results)
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<img[^>]*>", "", page))
    assert "This game reports no" in text  # the empty sections still say so
    assert "Game." not in text and "report_" not in text, re.findall(r".{60}(?:Game\.|report_).{40}", text)


@pytest.mark.parametrize(("game_id", "count"), [("monster-smash", 12), ("monster-club", 3), ("push-a-monster", 1)])
def test_a_games_own_count_of_turns_is_the_results_count(game_id: str, count: int) -> None:
    """``detail.turns`` (the game's) and ``turns`` (the simulation's) both count the turns as the log numbers
    them: a game won during its ninth turn lasted 9 turns in both (game 1 of ``sim monster-smash -n 40``)."""
    for task in plan(game_id, ["greedy"], count, seed=0):
        result = run_game(task)
        assert result["error"] is None
        assert result["detail"]["turns"] == result["turns"], (task.index, result["termination"])


def test_an_older_results_file_reads_the_games_turns_as_the_results_count_them(tmp_path: Path) -> None:
    tasks = plan("monster-smash", ["greedy"], 2, seed=0)
    new = [run_game(t) for t in tasks]
    old = [r | {"format": 2, "detail": r["detail"] | {"turns": r["turns"] - 1}} for r in new]  # turns completed
    (tmp_path / "smash.jsonl").write_text("".join(json.dumps(r) + "\n" for r in old))
    found = ResultLog(tmp_path / "smash.jsonl").load(tasks)
    assert [found[t.index]["detail"] for t in tasks] == [r["detail"] for r in new]
