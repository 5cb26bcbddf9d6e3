"""``monsterlair replay``: non-interactive ``--final``/``--to``, ``--reveal``, and the stepper with piped keys."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.core import Rng
from tests import example_game
from tests.cli.records import random_finished_record


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)


def make_record(tmp_path: Path, *, finish: bool = True, seed: int = 6) -> tuple[Path, dict[str, Any]]:
    state = example_game.GAME.new(3, seed)
    rng = Rng(seed)
    steps = 0
    while not state.over and (finish or steps < 3):
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    path = tmp_path / "record.json"
    record = state.record()
    path.write_text(json.dumps(record))
    return path, record


def run(args: list[str], keys: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, ["replay", *args], input=keys)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_final_shows_the_end_as_a_spectator(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    final = example_game.GAME.replay(record)
    status, out = run([str(path), "--final"])
    assert status == 0, out
    n = len(record["actions"])
    assert f"Move {n} of {n}" in out
    assert f"Total {final.view(None)['total']} of 12" in out
    assert "your hand: hidden" in out
    assert " wins" in out or "A draw" in out or "no winner" in out


def test_final_as_a_seat_shows_only_that_seat_s_cards(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    final = example_game.GAME.replay(record)
    status, out = run([str(path), "--final", "--seat", "2"])  # players count from 1
    assert status == 0
    hand = " ".join(str(v) for v in final.view(1)["hand"])
    assert f"your hand: {hand}" in out


def test_to_n_shows_the_state_after_n_actions_and_its_redacted_events(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    status, out = run([str(path), "--to", "1"])
    assert status == 0
    assert "Move 1 of" in out and "turn 1" in out
    assert re.search(r"^\s+1 Player 1 plays a \d", out, re.M)  # in prose, with its move number
    assert "Player 1 draws a card." in out  # a spectator never sees a drawn card
    assert "=" not in out and record["actions"][0] not in out
    status, out = run([str(path), "--to", "0"])
    assert status == 0 and "Player 1 to move." in out


def test_a_replay_seen_as_a_player_says_it_is_their_move_as_the_board_does(tmp_path: Path) -> None:
    path, _ = make_record(tmp_path)
    status, out = run([str(path), "--to", "0", "--seat", "1"])  # Player 1 moves first
    assert status == 0 and out.rstrip().endswith("Your move.") and "Player 1 to move" not in out, out
    status, out = run([str(path), "--to", "0", "--seat", "2"])
    assert status == 0 and out.rstrip().endswith("Player 1 to move."), out


def test_reveal_shows_every_seat_for_a_finished_game(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    status, out = run([str(path), "--final", "--reveal"])
    assert status == 0
    assert all(f"Player {s + 1} sees:" in out for s in range(3))


def test_reveal_is_refused_for_an_unfinished_game(tmp_path: Path) -> None:
    path, _ = make_record(tmp_path, finish=False)
    status, out = run([str(path), "--final", "--reveal"])
    assert status == 2 and "not over" in out


def test_interactive_stepping_with_piped_keys(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    status, out = run([str(path)], "\nn\np\np\np\n2\nzz\n99\nt\nb\nq\n")
    assert status == 0
    headers = [line for line in out.splitlines() if "Move " in line and " of " in line]
    assert [h.split("Move ")[1].split(" of")[0] for h in headers] == ["0", "1", "2", "1", "0", "2", "3", "2"]
    assert "This is the start of the game." in out
    total = headers[0].split(" of ")[1].split()[0]
    assert out.count(f"Type Enter, n, p, t, b, q, help or a move number from 1 to {total} (0 is the start).") == 1
    assert f"There is no move 99: the moves are 1 to {total} (0 is the start)." in out


def test_a_one_move_record_asks_for_the_move_number_1(tmp_path: Path) -> None:
    path, record = make_record(tmp_path, finish=False)
    path.write_text(json.dumps({**record, "actions": record["actions"][:1]}))
    status, out = run([str(path)], "zz\nq\n")
    assert status == 0 and "Type Enter, n, p, t, b, q, help or the move number 1 (0 is the start)." in out, out


def test_what_seat_may_be_reads_right_for_every_player_count() -> None:
    from monsterlair.cli.replay import seat_range

    assert seat_range(1) == "--seat names player 1, this game's only player."
    assert seat_range(2) == "--seat names player 1 or 2."
    assert seat_range(4) == "--seat names a player from 1 to 4."


def test_interactive_stepping_ends_at_end_of_input(tmp_path: Path) -> None:
    path, _ = make_record(tmp_path)
    status, _ = run([str(path)], "n\n")
    assert status == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "is not a JSON record"),
        ("[1, 2]", "is not a game record"),
        ('{"game": "chess"}', "Unknown game 'chess'"),
        ('{"game": "toy-race"}', "The record lacks"),
    ],
)
def test_bad_files_give_a_sentence(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    status, out = run([str(path), "--final"])
    assert status == 2 and message in " ".join(out.split())


def test_a_record_with_an_illegal_action_is_refused(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    record["actions"][1] = "play 9"
    path.write_text(json.dumps(record))
    status, out = run([str(path), "--final"])
    assert status == 2 and "Action 2 ('play 9') cannot be replayed" in " ".join(out.split())


def test_bad_arguments(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    assert run([str(path), "--to", "999"])[0] == 2
    assert run([str(path), "--seat", "5", "--final"])[0] == 2
    assert run([str(path), "--to", "1", "--final"])[0] == 2
    assert run([str(tmp_path / "missing.json")])[0] == 2


def test_a_sim_summary_is_not_taken_for_a_record(tmp_path: Path) -> None:
    path = tmp_path / "summary.json"
    path.write_text(json.dumps({"game": "toy-race", "games": 4, "seed": 0, "actions": {"pass": {"total": 3}}}))
    status, out = run([str(path)])
    said = " ".join(out.split())
    assert status == 2 and "is not a game record (it holds no list of moves)" in said and "lacks" not in said


@pytest.mark.parametrize("server", ["lair.example", "http://:80", "http://x:abc", "ftp://lair.example"])
def test_web_replay_wants_a_server_address(tmp_path: Path, server: str) -> None:
    path, _ = make_record(tmp_path)
    status, out = run([str(path), "--web", "--server", server])
    said = " ".join(out.split())
    assert status == 2 and "--server needs an address such as http://lair.example:8000" in said, said


def test_web_replay_without_a_server_says_none_answered(tmp_path: Path) -> None:
    import socket

    path, _ = make_record(tmp_path)
    with socket.socket() as sock:  # a port nobody listens on once it is closed
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}"
    status, out = run([str(path), "--web", "--server", dead])
    said = " ".join(out.split())
    assert status == 2 and f"No Monster Lair server answers at {dead}." in said, said
    assert "Errno" not in said and "refused" not in said


def test_a_monstra_replay_counts_rounds_as_its_board_does(tmp_path: Path) -> None:
    path = random_finished_record(tmp_path, "monstra", 3)
    status, out = run([str(path), "--to", "1"])
    assert status == 0, out
    assert "· round 1" in out and "· turn" not in out
    assert "round 1/" in out  # the board's own count, which the header now matches


def test_push_a_monsters_start_monsters_are_the_set_up_not_turn_1(tmp_path: Path) -> None:
    path = random_finished_record(tmp_path, "push-a-monster", 3)
    status, out = run([str(path), "--to", "1"])
    assert status == 0, out
    assert re.search(r"Move 1 of \d+ · set-up", out) and "turn" not in out.splitlines()[0], out[:300]
    status, out = run([str(path), "--to", "8"])  # two players set down seven start monsters; then the first roll
    assert status == 0 and re.search(r"Move 8 of \d+ · turn 1", out), out[:300]


def test_browsing_answers_help_and_a_move_that_does_not_exist(tmp_path: Path) -> None:
    path, record = make_record(tmp_path)
    status, out = run([str(path)], "help\n?\n999\nq\n")
    assert status == 0, out
    total = out.split("Move 0 of ")[1].split()[0]
    said = " ".join(out.split())
    assert said.count("Enter or n: the next move; p: the previous move; t: the next turn; b: the previous turn") == 2
    assert f"There is no move 999: the moves are 1 to {total} (0 is the start)." in said, said
    assert "Type Enter" not in said  # neither is taken for a typing mistake
    headers = [line for line in out.splitlines() if "Move " in line and " of " in line]
    assert len(headers) == 1  # none of them moves the replay
