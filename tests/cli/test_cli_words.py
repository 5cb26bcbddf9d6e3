"""Words a new player reads in the terminal client: counts in the right number, errors without rule
numbers, option keys or seats from 0, a failed mission that ranks nobody first, help that lists every
command and reads as plain text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app, command_names
from monsterlair.cli.bench import BENCH_HELP
from monsterlair.core import IllegalAction, MonsterLairError

SMASH = games.get("monster-smash")


@pytest.fixture(autouse=True)
def _in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # a stray answer to the save prompt must not write into the tree


def run(args: list[str], lines: list[str] = ()) -> tuple[int, str]:  # type: ignore[assignment]
    result = CliRunner().invoke(app, args, input="".join(line + "\n" for line in lines))
    assert "Traceback" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def flat(text: str) -> str:
    return " ".join(text.split())


# --- 1. counts and sentences -------------------------------------------------------------------------


def test_monster_smash_status_lines_count_cards_in_the_right_number_without_a_double_space() -> None:
    state = SMASH.new(2, seed=4)
    view = dict(state.view(0))
    view["hand_sizes"] = [7, 1]
    screen = SMASH.render(view, 0, ["Ann", "Bob"])
    assert re.search(r"^ .*Bob.*: 1 card( |$)", screen, re.M) and "1 cards" not in screen, screen
    assert re.search(r"^ .*Ann.*: 7 cards( |$)", screen, re.M) and ":  " not in screen, screen


def test_an_abandoned_game_counts_its_moves_and_the_opening_line_its_players() -> None:
    status, out = run(["play", "push-a-monster", "--seed", "1"], ["quit"])
    assert status == 1 and "the game is abandoned after 1 move." in out  # the bot set a monster down
    status, out = run(["play", "monstra", "--mode", "mission", "--players", "1", "--seed", "1"], ["quit"])
    assert "MONSTRA — 1 player: Player 1 (you)" in out and "1 players" not in out
    status, out = run(["play", "monster-smash", "--seed", "4", "--seats", "human,human"], ["", "1", "", "quit"])
    assert "the game is abandoned after 1 move." in out, out


def test_a_game_for_one_player_count_says_so() -> None:
    status, out = run(["play", "monster-club", "--players", "3"])
    assert status == 2 and "Monster Club is for exactly 2 players, not 3." in flat(out)
    assert "2 to 2" not in out


def test_an_unknown_bot_lists_the_bots_once() -> None:
    status, out = run(["play", "monster-smash", "--seats", "human,foo"])
    assert status == 2 and flat(out).count("random, greedy") == 1, out
    assert "Unknown bot 'foo'" in flat(out) and "'human'" in out


# --- 2. the six-of-suit win in the reader's person ------------------------------------------------------


def test_the_six_of_suit_win_says_your_own_to_the_winner_and_their_own_to_others(tmp_path: Path) -> None:
    state = SMASH.new(2, seed=2785)  # seat 0 is dealt six cards of its own suit: over before any move
    assert state.result is not None and state.result.termination == "six_of_suit"
    record = tmp_path / "six.json"
    record.write_text(json.dumps(state.record()))
    status, mine = run(["replay", str(record), "--final", "--seat", "1"])
    assert status == 0 and "You win with six cards of your own monster's suit" in flat(mine)
    assert "their own" not in mine
    status, theirs = run(["replay", str(record), "--final", "--seat", "2"])
    assert "Player 1 wins with six cards of their own monster's suit" in flat(theirs)
    assert "your own monster's suit" not in theirs


# --- 3. errors in players' words ----------------------------------------------------------------------


def test_monster_smash_errors_name_no_rules_option_keys_or_seats_from_0() -> None:
    state = SMASH.new(2, seed=4)
    with pytest.raises(IllegalAction) as seat_error:
        state.parse_action("attack 3")
    with pytest.raises(MonsterLairError) as form_error:
        state.parse_action("attack x")
    for message in (str(seat_error.value), str(form_error.value)):
        assert "attack 0" not in message and "0-" not in message and "seat" not in message, message
    # Seed 4 opens on a first turn: no attack can be made yet, whatever its number.
    assert "you can't attack now" in str(seat_error.value)
    assert "menu" in str(form_error.value) and "name" in str(form_error.value)
    assert "attack S" not in str(form_error.value)


def test_an_illegal_attack_choice_names_the_option_by_its_label() -> None:
    from monsterlair.games import monster_smash

    # The option is named by its label, and only when the table plays it (the usual rule says nothing of it).
    label = SMASH.options["attack_requires_offsuit"].label
    on = monster_smash._choice_rule("attack_cards", {"attack_requires_offsuit": True})
    off = monster_smash._choice_rule("attack_cards", {})
    assert f"'{label}'" in on and label not in off
    for message in (on, off):
        for text in ("MS-", "attack_requires_offsuit", "option"):
            assert text not in message, message
    assert "MS-" not in monster_smash._CHOICE_RULES["defend"]


def test_the_prompt_takes_an_attack_by_name_and_its_help_says_so() -> None:
    # Seed 4, Player 1: keep, no burn, no defence, no burn; then the attack step against Tumble.
    lines = ["keep", "pass", "pass", "pass", "help", "attack 3", "attack Tumble", "quit"]
    status, out = run(["play", "monster-smash", "--seed", "4", "--seats", "human,greedy"], lines)
    text = flat(out)
    assert "To attack, type the attack's number in the menu, or 'attack' and the player's name" in text
    assert "'attack 3': this table has only 2 players." in text
    assert "You attack Tumble (Greedy bot)!" in text
    assert "choosing attack cards" in text


# --- 4. a failed mission ranks nobody ----------------------------------------------------------------


def test_a_failed_solo_mission_ranks_nobody_first(tmp_path: Path) -> None:
    record = tmp_path / "mission.json"
    args = ["play", "monstra", "--mode", "mission", "--players", "1", "--seats", "random", "--seed", "1"]
    status, out = run([*args, "--save", str(record)])
    assert status == 0 and "the mission failed" in out
    table = out.split("Result")[-1]
    assert "#1" not in table and "—" in table and "lost" in table
    status, replayed = run(["replay", str(record), "--final", "--seat", "1"])
    assert status == 0
    standing = next(x for x in replayed.splitlines() if "damage dealt to the Guardian" in x and "(you)" in x)
    assert re.match(r"^\s+— .*\(you\): .*, lost$", standing), standing


# --- 5 and 6. help --------------------------------------------------------------------------------------


def test_the_top_level_help_lists_every_registered_command() -> None:
    names = command_names(app)
    assert {"play", "engine", "replay", "sim", "bench", "serve", "render", "ratings"} <= set(names)
    status, out = run(["--help"])
    assert ", ".join(names) in flat(out)


def test_play_help_says_where_you_sit_not_that_you_move_first() -> None:
    status, out = run(["play", "--help"])
    assert "you first" not in out and "you in seat 1" in flat(out)


def test_bench_help_is_plain_text_in_whole_paragraphs() -> None:
    assert "``" not in BENCH_HELP
    for paragraph in BENCH_HELP.split("\n\n"):
        assert "\n" not in paragraph
    status, out = run(["bench", "--help"])
    assert status == 0 and "``" not in out and "÷ reference" in out


def test_monster_clubs_first_player_is_typed_and_refused_in_players_words() -> None:
    game = games.get("monster-club")
    assert game.new(2, 1, {"first_player": "Seat 2"}).options["first_player"] == 1
    result = CliRunner().invoke(app, ["play", "monster-club", "-o", "first_player=2", "--seats", "greedy,greedy"])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "Drawn at random (-1), Seat 1 (0), Seat 2 (1), not '2'" in said, said


def test_monster_smash_in_the_terminal_names_a_card_one_way_and_a_turn_under_way_is_not_to_come() -> None:
    """The hand read "1 Sootling (ember)" and the log "Sootling 1"; the player whose first turn was under way
    was marked "(first turn to come)"; the burn step offered "Or type pass: Pass: skip this step"."""
    args = ["play", "monster-smash", "--seats", "human,greedy", "--seed", "5"]
    result = CliRunner().invoke(app, args, input="2\nquit\n")
    out = result.output
    assert "You draw 1 card: Zaplet 1." in out and "   5. Zaplet 1 (volt)" in out, out
    assert not re.search(r"\d \w+ \((ember|tide|volt|moss|gloom)\)", out)  # no "1 Sootling (ember)" left
    you = [line for line in out.splitlines() if line.startswith(" ▶ Player 1 (you)")]
    assert you and not any("first turn to come" in line for line in you)
    assert (
        "(first turn to come)" in CliRunner().invoke(app, [*args[:3], "greedy,human", *args[4:]], input="quit\n").output
    )
    # Review: "Picked: nothing yet. Type done to confirm." though done with nothing picked passes: say what it does,
    # once (pass is the same move, so it is not offered again until a card is picked).
    assert "  Nothing picked yet: type done or pass for “Don't burn”." in out and "nothing yet. Type done" not in out
    assert "Or type pass" not in out and "skip this step" not in out


def test_an_unknown_push_a_monster_action_is_told_in_a_sentence() -> None:
    result = CliRunner().invoke(app, ["render", "--play", "foo", "-O", "x.png"])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "or is the word assist." in said and "are assist" not in said, said


def test_a_monstra_replay_says_who_moves_once(tmp_path: Path) -> None:
    state = games.get("monstra").new(2, seed=4)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(state.record()))
    out = CliRunner().invoke(app, ["replay", str(path), "--to", "3"]).output
    assert out.count(" to move") == 1 and "to decide" not in out and "(act)" not in out, out


def test_bench_help_says_how_seconds_bounds_each_figure() -> None:
    status, out = run(["bench", "--help"])
    said = flat(out)
    assert status == 0 and "--seconds bounds each figure" in said, said
    assert "'bench push-a-monster' runs about a second longer per repeat" in said


@pytest.mark.parametrize(
    "args",
    [
        ["play", "monster-smsh"],
        ["sim", "monster-smsh", "-n", "1"],
        ["bench", "monster-smsh", "--seconds", "0.01", "--repeats", "1"],
        ["replay", "RECORD", "--final"],
        ["render", "RECORD"],
    ],
)
def test_a_misspelt_game_gets_a_did_you_mean(tmp_path: Path, args: list[str]) -> None:
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"game": "monster-smsh", "actions": []}))
    status, out = run([str(record) if a == "RECORD" else a for a in args])
    said = flat(out)
    assert status == 2 and "Unknown game 'monster-smsh'. Did you mean 'monster-smash'?" in said, said


def test_a_near_miss_of_an_alias_suggests_the_games_id() -> None:
    with pytest.raises(MonsterLairError, match="Did you mean 'push-a-monster'"):
        games.get("pushamonstr")
    with pytest.raises(MonsterLairError) as refused:
        games.get("chess")
    assert "Did you mean" not in str(refused.value)


def test_the_result_table_heads_every_column_and_names_the_score_unit_once_per_player() -> None:
    status, out = run(["play", "monster-club", "--seats", "greedy,random", "--seed", "3"])
    assert status == 0
    table = out.split("Result")[-1].split("Seed 3")[0]
    header = next(line for line in table.splitlines() if "place" in line)
    assert [cell.strip() for cell in header.strip("┃ ").split("┃")] == ["place", "player", "score", "outcome"]
    assert table.count("destroys") == 2  # "5 destroys", "2 destroys": not a third time as the column's heading


# --- 5. the log's move numbers, the opening and a run of bots only -----------------------------------------


def numbered_moves(out: str) -> list[int]:
    """The move numbers the log shows, in order (a wrapped line's rest starts at the margin, unnumbered)."""
    return [int(n) for n in re.findall(r"^ {2,}(\d+) \S", out, re.M)]


def test_monster_smash_moves_are_numbered_1_2_3_once_each_a_card_choice_being_one_move(tmp_path: Path) -> None:
    record = tmp_path / "smash.json"
    status, out = run(["play", "monster-smash", "--seats", "greedy,random", "--seed", "4", "--save", str(record)])
    assert status == 0, out
    played = out.split("Game over")[0]
    moves = numbered_moves(played)
    assert moves == list(range(1, len(moves) + 1)), moves  # no gap, no number twice
    # Pip burns three cards (three picks and a "done": four actions) as move 2, and the next player's draw,
    # which that move caused, sits under the next turn's heading without a number of its own
    assert re.search(r"^ +2 Pip \(Random bot\) burns 3 cards", played, re.M), played[:600]
    assert re.search(r"^ +Turn 2: Gobble \(Greedy bot\)", played, re.M)
    assert len(json.loads(record.read_text())["actions"]) > len(moves)
    # the replay counts the same moves, and steps over the picks
    status, final = run(["replay", str(record), "--final"])
    assert status == 0 and f"Move {len(moves)} of {len(moves)}" in final, final[:300]
    status, second = run(["replay", str(record), "--to", "2"])
    assert status == 0 and re.search(r"^ +2 Pip \(Random bot\) burns 3 cards", second, re.M), second[:600]


def test_the_log_opens_with_turn_1_and_monster_clubs_first_draw() -> None:
    status, out = run(["play", "monster-club", "--seats", "greedy,random", "--seed", "4"])
    assert status == 0
    opening = out.split("\n    1 ")[0]
    assert re.search(r"^ +Turn 1: Pip \(Random bot\)$", opening, re.M), opening
    assert re.search(r"^ +Pip \(Random bot\) draws 5 cards\.$", opening, re.M), opening
    status, out = run(["play", "monster-smash", "--seats", "greedy,random", "--seed", "4"])
    assert re.search(
        r"^ +Turn 1: Pip \(Random bot\)\. First, they keep their hand or mulligan\.$", out.split("\n    1 ")[0], re.M
    ), out[:400]


def test_a_run_of_bots_only_says_so_first_and_asks_no_question_nobody_can_answer(tmp_path: Path) -> None:
    status, out = run(["play", "monstra", "--seats", "greedy,random", "--seed", "4"])
    assert status == 0
    assert out.index("No human seats: watching the bots play.") < out.index("Round 1")
    assert "Save the record?" not in out and out.endswith(").\n"), out[-200:]  # "Seed 4 (play it again …)."
    # a line piped in answers the question, shown with its answer
    status, out = run(["play", "monster-club", "--seats", "greedy,random", "--seed", "4"], ["kept.json"])
    assert status == 0 and "Save the record? Type a file name, or press Enter to skip: kept.json\n" in out
    assert json.loads((tmp_path / "kept.json").read_text())["seed"] == 4


@pytest.mark.parametrize(
    ("game", "seed", "headline"),
    [
        ("monster-smash", "3", "Pip (Random bot) wins"),
        ("monstra", "5", "Pip (Greedy bot) wins"),
        ("monster-club", "3", "Pip (Random bot) wins"),
        ("push-a-monster", "3", "Gobble (Random bot) wins"),
    ],
)
def test_the_end_screen_says_who_won_once_below_the_board(game: str, seed: str, headline: str) -> None:
    """The log's last line tells the end as it happens; below the final board the headline and what decided it
    follow once, the board itself no longer repeating "Game over: … wins" (it said it a third time)."""
    status, out = run(
        [
            "play",
            game,
            "--seats",
            "random,greedy" if game == "monstra" else "random,random",
            "--seed",
            seed,
            "--players",
            "2",
        ]
    )
    assert status == 0, out
    end = out.split("Game over")[-1]
    board, _, result = end.partition(f"\n{headline}\n")
    assert result, end
    assert "Game over:" not in board and headline not in board, board
    assert "Result" in result and headline not in result


def test_monster_club_says_why_a_typed_move_is_not_legal_now() -> None:
    """Stranger's review: 'end' or 'flip 2' on an empty board answered only "'end' is not legal now"."""
    lines = ["end", "attack 1", "flip 2", "quit"]
    args = ["play", "monster-club", "--seats", "human,greedy", "--seed", "4", "-o", "first_player=1"]
    status, out = run(args, lines)
    text = flat(out)
    first = "play a monster first (an empty board needs one)."
    assert f"'end': you can't end your turn yet: {first}" in text, text
    assert f"'attack 1': you can't attack yet: {first}" in text
    assert f"'flip 2': you can't flip a card yet: {first}" in text
    assert "is not legal now" not in text
