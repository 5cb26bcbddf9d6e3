"""The terminal's words, from a reviewer's session (``monsterlair play``, ``replay``, ``bench``): a card
pick that cannot lead to a legal choice is refused when it is picked, and number ranges read right for one
or two numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app
from monsterlair.cli.play import PlaySession
from monsterlair.core.words import hand_cards, number_span
from tests.games.monster_smash.scenario import setup

SMASH = games.get("monster-smash")
DEFENCE_RULE = "A defence is at most 2 cards, and at least one of them of your own monster's suit."


@pytest.fixture(autouse=True)
def in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)


def run(args: list[str], lines: list[str] = ()) -> str:  # type: ignore[assignment]
    result = CliRunner().invoke(app, args, input="".join(line + "\n" for line in lines))
    assert "Traceback" not in result.output, result.output
    return " ".join(result.output.split())  # the console's line breaks are not words


def defending() -> object:
    """Ann (Emberjaw, ember) defends against Bob's attack, holding one own-suit card and off-suit ones."""
    state = setup([["ember-1", "tide-1", "tide-3", "volt-1", "volt-4"], ["tide-4", "tide-2", "tide-1", "moss-2"]])
    for text in ("pass", "pass", "pass", "attack 0", "play 1", "done"):  # Ann passes; Bob attacks her
        state.apply(state.parse_action(text))
    assert SMASH.card_choice(state) is not None and state.to_move == 0
    return state


def test_the_engine_says_which_picks_can_still_make_a_legal_defence() -> None:
    state = defending()
    assert SMASH.card_choice_problem(state, [2]) is None  # off-suit: an own-suit card may still join it
    assert SMASH.card_choice_problem(state, [1, 2]) is None
    assert SMASH.card_choice_problem(state, [2, 4]) == DEFENCE_RULE  # two off-suit: no own-suit card fits
    assert SMASH.card_choice_problem(state, [1, 2, 3]) == DEFENCE_RULE  # three cards
    assert SMASH.card_choice_problem(state, []) is None


def test_the_picker_refuses_a_pick_that_cannot_make_a_legal_choice_and_never_invites_done_for_one() -> None:
    """Review: "Picked: Bubblet 1, Sproutle 1, Zaplet 1, Zaplet 1. Type done to confirm." for a defence of
    four off-suit cards; only "done" said it was illegal."""
    out = run(["play", "monster-smash", "--players", "2", "--seed", "5"], ["2", "pass", "2", "5", "3", "1", "done"])
    assert "Picked: Bubblet 1. Pick more cards: " + DEFENCE_RULE in out  # not yet a defence: no "done"
    assert "Not picked: Zaplet 1 cannot make a legal choice with the cards picked. " + DEFENCE_RULE in out
    assert "Not picked: Gulpwave 3" in out
    assert "Picked: Sootling 1, Bubblet 1. Type done to confirm." in out
    assert "Nothing picked yet: type done or pass for “No defence”." in out  # done with none picked passes (MS-6.1)
    assert "Or type pass for “No defence”." in out  # once a card is picked, pass still defends with none
    assert "You defend with Sootling 1 and Bubblet 1" in out
    assert "Picked: Bubblet 1, Zaplet 1" not in out and "Nothing was played" not in out


def test_pass_says_what_it_does_at_each_step() -> None:
    """``pass`` read "Pass: skip this step" at every step; it burns nothing, attacks no one or defends with no
    cards (MS-3.3, MS-3.4, MS-6.1), worded as the browser's buttons."""
    state = setup([["ember-1", "tide-1", "tide-3", "volt-1", "volt-4"], ["tide-4", "tide-2", "tide-1", "moss-2"]])
    said = []
    for _ in range(2):
        said += [SMASH.action_label(state, a) for a in state.legal_actions() if str(a) == "pass"]
        state.apply(state.parse_action("pass"))
    assert said == ["Don't burn", "End turn"]
    assert SMASH.action_label(defending(), state.parse_action("pass")) == "No defence"


def test_number_ranges_read_right_for_one_and_two_numbers() -> None:
    assert number_span(1, 5) == "1 to 5" and number_span(1, 1) == "1"
    assert number_span(1, 2, "or") == "1 or 2" and number_span(1, 2, "and") == "1 and 2"
    assert hand_cards(1) == "Your hand has one card, number 1"
    assert hand_cards(2) == "Your hand has cards 1 and 2" and hand_cards(0) == "Your hand is empty"


@pytest.mark.parametrize(
    ("legal", "said"),
    [(1, "There is no choice 3; the only choice is 1."), (2, "There is no choice 3; pick 1 or 2.")],
)
def test_a_menu_of_one_or_two_choices_says_so(legal: int, said: str) -> None:
    """Review: "There is no choice 3; pick one of the numbers 1 to 1."."""
    state = defending()
    console = Console(record=True, width=200)
    session = PlaySession(SMASH, state, ["human", "human"], {}, {}, console)
    assert session.pick("3", state.legal_actions()[:legal]) is None
    assert said in console.export_text()


def test_a_saved_game_replays_with_the_names_shown_during_play(tmp_path: Path) -> None:
    """Review: a game played as "Gobble (Greedy bot), Pip (Random bot)" replayed as "Player 2 keeps their
    hand." ``play --save`` keeps the names in the record; ``replay`` shows them."""
    saved = tmp_path / "game.json"
    played = run(["play", "monster-smash", "--seats", "greedy,random", "--seed", "3", "--save", str(saved)])
    record = json.loads(saved.read_text())
    assert record["names"] == ["Gobble (Greedy bot)", "Pip (Random bot)"]
    assert "Gobble (Greedy bot)" in played
    replayed = run(["replay", str(saved), "--to", "2"])
    assert "Gobble (Greedy bot)" in replayed and "Pip (Random bot)" in replayed
    assert "Player 1" not in replayed and "Player 2" not in replayed
    final = run(["replay", str(saved), "--final"])
    assert "Player 2" not in final and "Pip (Random bot)" in final


@pytest.mark.parametrize("names", [None, ["Ann"], "Ann", ["Ann", 3], ["Ann", "  "]])
def test_a_record_without_one_name_per_player_still_replays_as_player_1_and_2(tmp_path: Path, names: object) -> None:
    state = SMASH.new(2, seed=3)
    state.apply(state.legal_actions()[1])  # keep
    record = state.record()
    if names is not None:
        record["names"] = names
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    out = run(["replay", str(path), "--final"])
    assert "Player 1" in out or "Player 2" in out, out


def test_bench_says_what_the_reference_is_in_users_words_not_by_its_source_file() -> None:
    """Review: "reference: a tight hand-written engine of the same rules (sim/smash_reference.py)"."""
    out = run(["bench", "monster-smash", "--seconds", "0.01", "--repeats", "1", "--players", "2"])
    assert "reference: the same random playouts through a bare Monster Smash engine of the same rules" in out
    assert ".py" not in out and "sim/" not in out and "hand-written" not in out
