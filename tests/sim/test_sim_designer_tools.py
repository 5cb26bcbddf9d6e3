"""What a newcomer to the designer tools reads and gets: decks kept by id and shown by name, fair shares that
fit teams and co-op missions, card-data overrides refused in designers' words, turns as the games count them,
options that do not apply refused, and figures worded as the docs word them."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app


def _words(text: str) -> str:
    """The output with rich's line wrapping and table borders folded away."""
    return " ".join(re.sub(r"[│┃┏┓┗┛┡┩└┘━─┳╇┴╋┼]", " ", text).split())


def _sim(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["sim", *args], terminal_width=200, env={"COLUMNS": "200"})
    return result.exit_code, _words(result.output)


# --- 1. decks: kept by id, shown by name, accepted by either ---------------------------------------------------
def test_a_club_deck_is_recorded_by_its_id_and_shown_by_its_name(tmp_path: Path) -> None:
    code, text = _sim(
        "monster-club", "--deck-matrix", "--decks", "Stonewall,Grave Choir", "--games-per-pair", "2", "-w", "1",
        "--report", str(tmp_path),
    )  # fmt: skip
    assert code == 0, text
    results = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()]
    factors = {f for r in results for seat in r["factors"] for f in seat if f.startswith("deck:")}
    assert factors == {"deck:stonewall", "deck:graveyard"}
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert set(summary["factors"]["deck"]) == {"stonewall", "graveyard"}
    assert summary["deck_matrix"]["decks"] == ["stonewall", "graveyard"]
    assert "deck Stonewall Grave Choir all" in text and "graveyard" not in text
    page = (tmp_path / "report.html").read_text()
    assert "<td>Grave Choir</td>" in page and "grave choir" not in page and "graveyard" not in page


def test_a_club_deck_option_takes_the_name_the_help_shows_or_the_id_in_any_case() -> None:
    club = games.get("monster-club")
    for value in ("Grave Choir", "grave choir", "graveyard", "GRAVEYARD"):
        state = club.new(2, 1, {"deck0": value, "deck1": "Stonewall"})
        assert club.report_factors(state)[0][0] == "deck:graveyard"
        assert club.report_factors(state)[1][0] == "deck:stonewall"
    assert club.report_label("deck", "graveyard") == "Grave Choir"


# --- 2. fair shares for teams and co-operative missions ----------------------------------------------------------
def test_a_team_game_gives_each_team_its_fair_share_and_no_seat_1_line(tmp_path: Path) -> None:
    code, text = _sim("monstra", "-n", "2", "--mode", "2v2", "-w", "1", "--report", str(tmp_path))
    assert code == 0, text
    assert "Win rate per team (fair share 50.0%)" in text and "seats 1 and 3" in text and "seats 2 and 4" in text
    assert "fair share 25.0%" not in text and "First-seat advantage" not in text
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["fair_share"] == 0.5 and [t["seats"] for t in summary["teams"]] == [[0, 2], [1, 3]]
    assert sum(t["wins"] for t in summary["teams"]) + summary["draws"] == summary["finished"]
    page = (tmp_path / "report.html").read_text()
    assert "fair share 50.0%" in page and "25.0%" not in page.split("id='seats'")[1].split("</section>")[0]
    assert "id='first-seat'" not in page


def test_a_co_operative_mission_reports_its_success_rate_and_no_fair_share(tmp_path: Path) -> None:
    code, text = _sim("monstra", "-n", "2", "--mode", "mission", "-p", "2", "-w", "1", "--report", str(tmp_path))
    assert code == 0, text
    assert "fair share" not in text and "First-seat" not in text and "moves first" not in text
    assert re.search(r"the 2 seats win or lose together: .* mission's success rate\): [\d.]+%", text)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["fair_share"] is None and summary["together"] is True
    page = (tmp_path / "report.html").read_text()
    assert "fair share" not in page and "id='first-seat'" not in page and "win or lose together" in page


# --- 3, 4, 5. card-data overrides refused in designers' words; a MONSTRA card removed ----------------------------
def _cards(tmp_path: Path, game_id: str, text: str) -> str:
    mine = tmp_path / "mine.toml"
    mine.write_text(text)
    code, out = _sim(game_id, "-n", "2", "-w", "1", "--cards", str(mine))
    assert code == 2, out
    assert ".toml:" not in out.replace("mine.toml:", "")  # no data-file names, only the designer's file
    return out


@pytest.mark.parametrize(
    ("game_id", "text", "messages"),
    [
        # 3. a field the card does not take
        ("monstra", '[[creature]]\nid = "flaro"\nbanana = 3\n',
         ["creature 'flaro': unknown field(s) banana; a creature takes id, name, sign"]),
        ("monstra", '[[creature]]\nid = "flaro"\ncost = 3\n',
         ["unknown field(s) cost ('cost': it belongs inside 'signature')"]),
        ("monstra", '[[creature]]\nid = "flaro"\nsignature = { name = "X", cots = 1 }\n',
         ["creature 'flaro', signature: unknown field(s) cots"]),
        ("monstra", '[[tactic]]\nid = "rally"\ncots = 1\n',
         ["tactic 'rally': unknown field(s) cots; a tactic takes id, name, cost, target, effects"]),
        # 4. a misspelt id
        ("monster-club", '[[monster]]\nid = "crag-trol"\nscore = 6\n',
         ["there is no monster 'crag-trol' (did you mean 'crag-troll'?); a new monster needs",
          "limit, name, score and type, and this one lacks limit, name and type"]),
        ("monstra", '[[creature]]\nid = "flar"\nhp = 9\n',
         ["there is no creature 'flar' (did you mean 'flaro'?); a new creature needs evo, hp, name"]),
        ("monstra", '[[tactic]]\nid = "ralyy"\nremove = true\n',
         ["there is no tactic 'ralyy' (did you mean 'rally'?) to remove"]),
        # 5. a card the rules or a preset deck need
        ("monstra", '[[tactic]]\nid = "cleanse"\nremove = true\n',
         ["The tactic 'cleanse' cannot be removed: the rules name it."]),
        ("monstra", '[[tactic]]\nid = "second-wind"\nremove = true\n',
         ["the preset decks Starter, Blaze and Bulwark use it: a card a preset deck uses cannot be removed"]),
    ],
)  # fmt: skip
def test_card_data_a_game_cannot_use_is_refused_in_designers_words(
    tmp_path: Path, game_id: str, text: str, messages: list[str]
) -> None:
    out = _cards(tmp_path, game_id, text)
    assert all(m in out for m in messages), out
    assert "'name' must be" not in out and "Preset deck 'starter'" not in out


def test_a_monstra_card_is_removed_once_the_preset_decks_that_use_it_are_given_another(tmp_path: Path) -> None:
    from monsterlair.core.data import shipped

    lines = ['[[tactic]]\nid = "second-wind"\nremove = true\n']
    all_tactics = [t["id"] for t in shipped("monsterlair.games.monstra", "tactics.toml")["tactic"]]
    for deck in shipped("monsterlair.games.monstra", "decks.toml")["deck"]:
        if "second-wind" in deck["tactics"]:
            spare = next(t for t in all_tactics if t not in deck["tactics"])
            tactics = [spare if t == "second-wind" else t for t in deck["tactics"]]
            lines.append(f'[[deck]]\nid = "{deck["id"]}"\ntactics = {json.dumps(tactics)}\n')
    mine = tmp_path / "mine.toml"
    mine.write_text("".join(lines))
    code, text = _sim("monstra", "-n", "2", "-w", "1", "--cards", str(mine), "--report", str(tmp_path / "r"))
    assert code == 0, text
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    edited = summary["variants"]["mine.toml"]["summary"]
    assert edited["finished"] == 2 and "second-wind" not in edited["usage"].get("tactic", {})


# --- 6, 7. turns as the games and their replays count them ---------------------------------------------------------
def _replayed_first_uses(game_id: str, players: int, seed: int) -> tuple[dict[str, Any], list[dict[str, list[int]]]]:
    """A game's result, and per seat the turn of each label's first use as its replay numbers the moves."""
    from monsterlair.cli.replay import Timeline
    from monsterlair.sim import plan, run_game

    task = plan(game_id, ["greedy"], 1, players=players, seed=seed)[0]
    result = run_game(dataclasses.replace(task, keep_record=True))
    assert result["error"] is None
    game = games.get(game_id)
    timeline = Timeline(game, result["record"])
    first: list[dict[str, list[int]]] = [{} for _ in range(players)]
    for step in range(1, timeline.last + 1):
        seat = timeline.states[step - 1].to_move
        action = timeline.states[step - 1].parse_action(timeline.actions[step - 1])
        for user, label in game.report_usage(seat, action, timeline.events[step]):
            for s in range(players) if user is None else (user,):
                entry = first[s].setdefault(label, [0, timeline.turn_numbers[step]])
                entry[0] += 1
    return result, first


@pytest.mark.parametrize(("game_id", "players"), [("monster-smash", 3), ("monstra", 2), ("monster-club", 2)])
def test_the_turn_of_first_use_is_the_turn_the_replay_shows_the_move_in(game_id: str, players: int) -> None:
    for seed in (1, 2):
        result, replayed = _replayed_first_uses(game_id, players, seed)
        assert result["usage"] == [dict(sorted(u.items())) for u in replayed]


def test_push_a_monster_counts_turns_as_its_board_numbers_them() -> None:
    from monsterlair.cli.replay import Timeline
    from monsterlair.sim import plan, run_game

    game = games.get("push-a-monster")
    for seed in (1,):
        task = plan("push-a-monster", ["greedy"], 1, players=2, seed=seed)[0]
        result = run_game(dataclasses.replace(task, keep_record=True))
        assert result["error"] is None
        timeline = Timeline(game, result["record"])
        views = [state.view(None) for state in timeline.states]
        boards = [0 if v["phase"] == "setup" else v["turn"] + 1 for v in views]  # the board's "Turn N", or "Set-up"
        # each move is numbered with the turn the board showed when it was made
        assert timeline.turn_numbers[1:] == boards[:-1]
        assert result["turns"] == boards[-1] == result["detail"]["turns"]  # the game's own count agrees


# --- 8. records of a resumed run -----------------------------------------------------------------------------------
def test_records_asked_for_on_a_resumed_run_say_the_resumed_games_have_none(tmp_path: Path) -> None:
    out = str(tmp_path / "rs" / "results.jsonl")
    code, text = _sim("monster-club", "-n", "1", "-w", "1", "--out", out)
    assert code == 0, text
    code, text = _sim("monster-club", "-n", "1", "-w", "1", "--out", out, "--records", str(tmp_path / "rec"))
    assert code == 0, text
    assert f"Resuming: 1 of 1 game is already in {out}." in text
    assert "Records: 0 games in" in text and "1 games" not in text
    assert "Records are kept only for games played in this run: the game was already in" in text


# --- 9. options that do not apply ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["monster-smash", "--tournament", "greedy,random", "--bots", "ismcts"], "Leave out --bots"),
        (["monster-smash", "-n", "2", "--games-per-pair", "5"], "--games-per-pair is for --tournament and"),
        (["monster-smash", "-n", "2", "--tournament", "greedy,random"], "--games (-n) is for an ordinary run"),
        (["monster-club", "-n", "2", "--decks", "stonewall"], "--decks names the decks a --deck-matrix plays"),
        (["monster-club", "--deck-matrix", "-o", "deck0=stonewall"], "so -o deck0 cannot choose one"),
        (["monstra", "--deck-matrix", "-o", "decks=starter"], "so -o decks cannot choose one"),
        (["monster-club", "--deck-matrix", "--bots", "greedy,random"], "give one bot in --bots"),
        (["monster-club", "-n", "2", "--keep", "all"], "add --records DIR"),
    ],
)
def test_an_option_the_run_would_ignore_is_refused_with_a_sentence(args: list[str], message: str) -> None:
    code, text = _sim(*args, "-w", "1")
    assert code == 2 and message in text and "Traceback" not in text, text


# --- 10. words ----------------------------------------------------------------------------------------------------
def _comparison() -> dict[str, Any]:
    rate = {"n": 400, "wins": 200, "rate": 0.5, "ci95": [0.45, 0.55]}
    return {
        "B": {
            "against": "A",
            "comparison": {
                "first mover wins": {
                    "kind": "rate", "a": rate, "b": rate, "difference": -0.088, "changed_a_only": 71,
                    "changed_b_only": 1, "p": 0.00004,
                },
                "length (moves)": {
                    "kind": "number", "a": 51.2, "b": 45.2, "difference": -6.0, "ci95": [-8.9, -3.1], "p": 0.02,
                },
            },
        }
    }  # fmt: skip


def test_an_ab_table_gives_pair_counts_and_never_prints_p_as_zero(tmp_path: Path) -> None:
    from rich.console import Console

    from monsterlair.cli.sim import _print_variants
    from monsterlair.sim.report import _variants

    console = Console(record=True, width=200)
    _print_variants(console, _comparison())
    text = _words(console.export_text())
    assert "-8.8 pts (71 deals turned against, 1 for)" in text and "-6.00 (-8.90 to -3.10)" in text
    assert "< 0.001 *" in text and "0.000" not in text
    page = _variants({"variants": _comparison()})
    assert "<td>71 deals turned against, 1 for</td>" in page and "changed" not in page
    assert "<td>&lt; 0.001</td>" in page and "0.000" not in page


def test_an_ab_run_gives_the_score_margin_its_unit(tmp_path: Path) -> None:
    code, text = _sim("monster-club", "-n", "2", "-w", "1", "--vary", "first_round_attacks=false,true")
    assert code == 0, text
    assert "score margin (destroys)" in text and "deals turned against" in text


def test_the_console_names_bots_whole_the_block_to_balance_and_what_its_counts_count() -> None:
    result = CliRunner().invoke(
        app,
        ["sim", "monster-club", "-n", "3", "-w", "1", "--bots", "greedy,ismcts:iterations=8,c=0.7"],
        terminal_width=80,
        env={"COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output
    text = _words(result.output)
    assert "…" not in result.output and "ismcts:iteratio" in text  # folded, not cut
    assert "not a multiple of the block of seatings (use a multiple of 2)" in text
    assert "What was played: cards played: " in text
    assert re.search(r"Rates tested: \d+; \d+ pass at the 5.0% level uncorrected, where chance alone", text)
