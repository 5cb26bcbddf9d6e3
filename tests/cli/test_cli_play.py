"""``monsterlair play``: driven with piped input (CliRunner) and through a real terminal (pexpect)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app
from monsterlair.core import Game, Option, OptionSet
from tests import example_game
from tests.utils.terminal import spawn_cli

PROMPT = "Your choice (number or action; 'help' for help): "


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Game:
    monkeypatch.chdir(tmp_path)  # a stray answer to the save prompt must not write into the tree
    return example_game.register(monkeypatch)


def run(args: list[str], lines: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, input="".join(line + "\n" for line in lines))
    assert "Traceback" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_human_against_a_bot_to_the_end_with_a_bad_line_and_a_saved_record(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    # Seed 3: seat 0 holds 2 and 5. A typo, an out-of-range number, then plays; then 'pass' forever.
    script = ["play 4", "99", "", "help", "2", "play 5"] + ["1"] * 40
    status, out = run(
        ["play", "toy-race", "--seed", "3", "--seats", "human,random", "--save", str(record_file)], script
    )
    assert status == 0, out
    assert "'play 4' is not one of your choices. No choice in the menu has '4'." in " ".join(out.split())
    assert "There is no choice 99; pick one of the numbers 1 to 3." in out
    assert "Type the number of an action" in out  # help
    assert out.count("Player 1 — your move") >= 2
    assert "You play a 2" in out and "You play a 5" in out
    assert re.search(r"^\s+1 You play a 2: the total is 2\.$", out, re.M)  # move numbers in the log
    assert "Game over" in out and ("You win!" in out or "wins" in out or "A draw" in out)
    assert "=" not in out.split("Game over")[0].split("your move")[1]
    record = json.loads(record_file.read_text())
    assert record["game"] == "toy-race" and record["seed"] == 3 and record["actions"][:2] == ["play 2", "play 3"]
    assert example_game.GAME.replay(record).over


def test_every_bad_line_gets_a_message_and_a_new_prompt() -> None:
    bad = ["dance", "play", "0", "-1", "play 6"]
    status, out = run(["play", "toy-race", "--seed", "3", "--seats", "human,greedy"], bad + ["1"] * 60 + [""])
    assert status == 0
    first_turn = re.split(r"^\s+1 You ", out, flags=re.M)[0]
    assert first_turn.count(PROMPT) == len(bad) + 1
    assert first_turn.count("Type a number from the menu") + first_turn.count("There is no choice") == len(bad)


def test_the_log_shows_my_draws_but_never_a_bots_card() -> None:
    status, out = run(["play", "toy-race", "--seed", "3", "--seats", "human,random"], ["2"] + ["1"] * 60 + [""])
    assert status == 0
    lines = [re.sub(r"^\d+ ", "", line.strip()) for line in out.splitlines()]
    mine = [d for d in lines if d.startswith("You draw")]
    theirs = [d for d in lines if " draws " in d]
    assert mine and all("a card" not in d for d in mine)
    assert theirs and all(d.endswith("draws a card.") for d in theirs)


def test_hot_seat_hides_each_hand_from_the_other_player() -> None:
    script = ["", "2", ""] + ["2", ""] * 40
    status, out = run(["play", "toy-race", "--seed", "5", "--seats", "human,human"], script)
    assert status == 0, out
    assert "Pass the keyboard to Player 1, then press Enter." in out
    assert "Pass the keyboard to Player 2, then press Enter." in out
    # Everything shown while a player has the keyboard may reveal only that player's cards.
    for section in re.split(r"Pass the keyboard to Player ", out)[1:]:
        other = 2 if section[0] == "1" else 1
        for line in section.splitlines():
            if f"Player {other} draws" in line:
                assert line.strip().endswith("draws a card."), line


def test_mode_sets_the_mode_option() -> None:
    status, out = run(["play", "toy-race", "--seed", "1", "--mode", "short", "--seats", "random,random"], [""])
    assert status == 0 and "No human seats" in out
    assert "Total 0 of 8" not in out  # bots only: the board is not shown in passing
    status, out = run(["play", "toy-race", "--seed", "1", "--mode", "short", "--seats", "human,random"], ["quit"])
    assert "of 8;" in out and status == 1


def test_mode_on_a_game_without_modes_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Plain(example_game.ToyGame):
        id = "toy-plain"
        options = OptionSet([Option("target", 12, "Total that wins.")])

    monkeypatch.setitem(games._MODULES, "toy-plain", "x")
    monkeypatch.setitem(games._loaded, "toy-plain", Plain())
    status, out = run(["play", "toy-plain", "--mode", "short"], [])
    assert status == 2 and "has no 'mode' option" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "Unknown game 'chess'"),
        (["play", "toy-race", "--seats", "human,wizard"], "Unknown bot 'wizard'"),
        (["play", "toy-race", "--seats", "human"], "takes 2 to 4 players, not 1"),
        (["play", "toy-race", "--players", "3", "--seats", "human,random"], "name one per seat"),
        (["play", "toy-race", "--players", "9"], "takes 2 to 4 players"),
        (["play", "toy-race", "--seats", "c=0.5,random"], "'c=0.5' in 'c=0.5,random' is an option with no bot"),
        (["play", "toy-race", "-o", "target"], "-o name=value"),
        (["play", "toy-race", "-o", "target=many"], "Option 'target' takes a whole number"),
        (["play", "toy-race", "-o", "colour=red"], "Unknown option 'colour'"),
    ],
)
def test_bad_arguments_give_a_sentence_not_a_traceback(args: list[str], message: str) -> None:
    status, out = run(args, [])
    assert status == 2
    assert message in " ".join(out.split()), out


def test_a_seats_bot_spec_may_name_several_options() -> None:
    status, out = run(["play", "toy-race", "--seed", "1", "--seats", "random,ismcts:iterations=20,c=0.5"], [""])
    assert status == 0 and "Game over" in out, out
    assert "2 players: Gobble (Random bot), Pip (Search bot)" in out


def test_end_of_input_abandons_politely_and_saves_what_was_played(tmp_path: Path) -> None:
    record_file = tmp_path / "partial.json"
    status, out = run(["play", "toy-race", "--seed", "3", "--seats", "human,random", "--save", str(record_file)], ["2"])
    assert status == 1
    assert "Input ended: the game is abandoned after 2 moves." in out
    assert json.loads(record_file.read_text())["actions"][0] == "play 2"


def test_quit_command_leaves_the_game() -> None:
    status, out = run(["play", "toy-race", "--seed", "3"], ["quit"])
    assert status == 1 and "You left the game" in out


def test_save_prompt_at_the_end_writes_the_record(tmp_path: Path) -> None:
    target = tmp_path / "asked.json"
    # A cap of 4 decisions: the human passes twice, the bot cannot reach the target in two plays.
    args = ["play", "toy-race", "--seed", "2", "--seats", "human,random", "-o", "max_turns=4"]
    status, out = run(args, ["1", "1", str(target)])
    assert status == 0 and "Record saved to" in out
    assert "cut short by a safety cap" in out
    assert json.loads(target.read_text())["seed"] == 2


def test_save_to_an_unwritable_place_is_refused_before_the_game(tmp_path: Path) -> None:
    (tmp_path / "arena.png").write_bytes(b"")
    args = ["play", "toy-race", "--seed", "2", "--seats", "random,random", "--save", "arena.png/x.json"]
    status, out = run(args, [])
    said = " ".join(out.split())
    assert status == 2 and "Cannot write the record to arena.png/x.json: arena.png is a file, not a folder." in said
    assert "Toy" not in out and "Game over" not in out  # no game was played


def test_save_into_a_missing_folder_creates_it(tmp_path: Path) -> None:
    args = ["play", "toy-race", "--seed", "2", "--seats", "random,random", "--save", "games/x.json"]
    status, out = run(args, [])
    assert status == 0 and json.loads((tmp_path / "games" / "x.json").read_text())["seed"] == 2, out


def test_the_default_describe_event_is_a_sentence_not_a_dump(toy: Game) -> None:
    assert toy.describe_event({"type": "hop", "seat": 1, "deck": 4}) == "Player 2: hop."
    assert toy.describe_event({"type": "hop", "seat": 1, "deck": 4}, reader=1) == "You: hop."
    assert toy.describe_event({"type": "game_end"}) == "Game end."


# --- a real terminal ---------------------------------------------------------------------------


def spawn(args: list[str]) -> object:
    return spawn_cli(args, toy=True)


def test_play_in_a_pseudo_terminal() -> None:
    pexpect = pytest.importorskip("pexpect")
    child = spawn(["play", "toy-race", "--seed", "3", "--seats", "human,random"])
    child.expect_exact("your move")  # type: ignore[attr-defined]
    child.expect_exact("Your choice")  # type: ignore[attr-defined]
    child.sendline("nonsense")  # type: ignore[attr-defined]
    child.expect_exact("is not a Toy Race action")  # type: ignore[attr-defined]
    child.expect_exact("Your choice")  # type: ignore[attr-defined]
    for _ in range(60):
        child.sendline("1")  # type: ignore[attr-defined]
        index = child.expect_exact(["Your choice", "Save the record?"])  # type: ignore[attr-defined]
        if index == 1:
            break
    child.sendline("")  # type: ignore[attr-defined]
    child.expect(pexpect.EOF)  # type: ignore[attr-defined]
    child.close()  # type: ignore[attr-defined]
    assert child.exitstatus == 0  # type: ignore[attr-defined]


def test_ctrl_c_in_a_pseudo_terminal_ends_without_a_traceback() -> None:
    pexpect = pytest.importorskip("pexpect")
    child = spawn(["play", "toy-race", "--seed", "3", "--seats", "human,random"])
    child.expect_exact("Your choice")  # type: ignore[attr-defined]
    child.sendintr()  # type: ignore[attr-defined]
    child.expect_exact("Interrupted: the game is abandoned")  # type: ignore[attr-defined]
    child.expect(pexpect.EOF)  # type: ignore[attr-defined]
    assert "Traceback" not in (child.before or "")  # type: ignore[attr-defined]
    child.close()  # type: ignore[attr-defined]
    assert child.exitstatus == 130  # type: ignore[attr-defined]


def test_a_menu_whose_numbers_skip_some_is_not_offered_as_a_range(toy: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Push a Monster numbers its places by their marks, so a menu can hold 92, 95 and 101: "pick one of the
    numbers 92 to 101" would offer numbers that are no choice."""

    def gapped(self: Game, state: object, action: object) -> int:
        return 10 * (list(state.legal_actions()).index(action) + 1)  # type: ignore[attr-defined]

    monkeypatch.setattr(type(toy), "menu_number", gapped)
    _status, out = run(["play", "toy-race", "--seed", "3", "--seats", "human,random"], ["15", "quit"])
    # …but where the numbers lie is said: a menu of places starting at 92 answered "1" with no hint
    assert "There is no choice 15; the menu's numbers run from 10 to 30, with gaps." in out
    assert "pick one of the numbers 10 to" not in out


def test_the_save_prompt_says_why_a_place_cannot_be_written_and_makes_missing_folders(tmp_path: Path) -> None:
    (tmp_path / "arena.png").write_bytes(b"")
    args = ["play", "toy-race", "--seed", "2", "--seats", "random,random", "-o", "max_turns=4"]
    status, out = run(args, ["arena.png/x.json"])
    said = " ".join(out.split())
    assert status == 0 and "Could not save the record to arena.png/x.json: arena.png is a file, not a folder." in said
    status, out = run(args, ["games/x.json"])
    assert status == 0 and json.loads((tmp_path / "games" / "x.json").read_text())["seed"] == 2, out
