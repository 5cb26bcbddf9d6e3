"""A newcomer's second walkthrough (Push a Monster, Monster Club, MONSTRA): the words that read unclear, and
the same words in the terminal and the browser (the browser's texts come from its TypeScript modules, run by
node as in ``test_web_words``)."""

from __future__ import annotations

from monsterlair import games
from monsterlair.core import Result
from monsterlair.core.words import Voice
from monsterlair.games.push_a_monster import words as push_words
from monsterlair.games.push_a_monster.actions import parse
from tests.games.push_a_monster.helpers import monster, roll_next, scenario
from tests.test_web_words import call, needs_node


# --- Push a Monster: the tries of a turn (rule PM-6.6) -------------------------------------------------------
def test_push_tries_say_what_happens_when_they_run_out() -> None:
    """Walkthrough: "12 tries left before it is set down by hand" — what is "set down by hand", what at 0?"""
    assert push_words.tries_words(12) == "12 tries left to get it fully on the arena, then it is placed for you"
    assert push_words.tries_words(1).startswith("1 try left")
    push = games.get("push-a-monster")
    state = push.new(2, seed=5)
    while state.view(0)["active"] is None:
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    assert view["active"] is not None
    board = push.render(view, view["to_move"], ["Ann", "Bob"])
    assert push_words.tries_words(view["active"]["tries_left"]) in board and "by hand" not in board


def test_push_set_down_in_the_log_says_it_was_placed_for_the_player() -> None:
    e = {"type": "set_down", "seat": 0, "monster": 24, "kind": "orange"}
    mine = push_words.event_text(e, Voice(["Ann", "Bob"], 0))
    theirs = push_words.event_text(e, Voice(["Ann", "Bob"], 1))
    assert mine == "The orange Mammoth #25 is placed on the arena for you; nobody takes a token."
    assert theirs == "The orange Mammoth #25 is placed on the arena for Ann; nobody takes a token."


@needs_node
def test_push_browser_tries_are_the_terminal_s_words() -> None:
    got = call(("components/push/push.ts", "tries", [12]), ("components/push/push.ts", "tries", [1]))
    assert got == [push_words.tries_words(12), push_words.tries_words(1)]


# --- Push a Monster: an empty kind ends the game when rolled (rule PM-9.1) -----------------------------------
def test_push_supply_warns_of_an_empty_kind() -> None:
    assert push_words.supply_words(0) == "none left (if the die shows it, the game ends)"
    assert push_words.supply_words(3) == "3 in the supply" and push_words.supply_words(0, over=True) == "none left"
    push = games.get("push-a-monster")
    state = push.new(2, seed=5)
    view = state.view(0)
    view["supply"] = {**view["supply"], "orange": 0}
    board = push.render(view, 0, ["Ann", "Bob"])
    assert ": none left (if the die shows it, the game ends)" in board


@needs_node
def test_push_browser_supply_words_are_the_terminal_s() -> None:
    got = call(
        ("components/push/push.ts", "supplyWords", [0, True]),
        ("components/push/push.ts", "supplyWords", [3, True]),
        ("components/push/push.ts", "supplyWords", [0, False]),
        ("components/push/push.ts", "supplyWords", [0, True, True]),
    )
    assert got == [
        push_words.supply_words(0),
        push_words.supply_words(3),
        "start pieces only",
        push_words.supply_words(0, over=True),
    ]


# --- Push a Monster: the end screen (rules PM-9.1, PM-9.4) --------------------------------------------------
def test_push_end_screen_reads_plainly() -> None:
    """Walkthrough: "It ended by the die showing a kind with no monster left in the supply, with a tie at the top
    that the rules do not break: the win is shared." and scores "a line 10 token units long"."""
    push = games.get("push-a-monster")
    detail = {"turns": 21, "falls": 4, "set_downs": 0, "face": "orange"}
    tie = Result(winners=(0, 1), ranks=(1, 1), scores=(10.0, 10.0), termination="kind_exhausted", detail=detail)
    text = push.describe_result(tie, 0, ["Ann", "Bob"])  # type: ignore[attr-defined]
    assert text.lines[0] == (
        "A roll of the orange Mammoth when none was left in the supply ended the game. "
        "Tied at the top: the win is shared."
    )
    assert text.standings[0].score_text == "a line of tokens 10 units long"
    old = Result(winners=(1,), ranks=(2, 1), scores=(4.0, 8.0), termination="kind_exhausted")
    lines = push.describe_result(old, 0, ["Ann", "Bob"]).lines  # type: ignore[attr-defined]
    assert lines[0] == "A roll of a kind when none was left in the supply ended the game."


def test_push_result_names_the_kind_the_die_showed() -> None:
    gone = [monster("yellow", i) for i in range(5)]
    state = scenario([], pushing=monster("green"), fallen=gone)
    roll_next(state, "yellow")
    state.apply(parse("push x=0.24 y=-0.80 angle=80 depth=0.90"))
    assert state.result is not None and state.result.termination == "kind_exhausted"
    assert state.result.detail["face"] == "yellow"
    text = games.get("push-a-monster").describe_result(state.result, 0, ["Ann", "Bob"])  # type: ignore[attr-defined]
    assert "A roll of the yellow Cyclops when none was left in the supply" in text.lines[0]
    ended = {"type": "game_over", "result": state.result.to_json()}
    told = push_words.event_text(ended, Voice(["Ann", "Bob"], 0))
    assert told is not None and told.startswith("The game ends by a roll of the yellow Cyclops when none was left")


# --- Monster Club: the turn count (MC-11.6 is a safety limit, not the game's length) --------------------------
@needs_node
def test_club_turn_count_does_not_read_as_a_game_length() -> None:
    club = "components/club/club.ts"
    first, near, stall = call(
        (club, "turnCount", [{"turn": 1, "max_turns": 200}]),
        (club, "turnCount", [{"turn": 195, "max_turns": 200}]),
        (club, "turnCount", [{"turn": 3, "max_turns": 200, "stall_turns": 10, "stall": 2}]),
    )
    assert first["text"] == "Turn 1" and not first["warn"]
    assert "200" in first["title"] and "safety" in first["title"]
    assert near["text"] == "Turn 195 of 200" and near["warn"]
    assert stall["text"] == "Turn 3 · 2 of 10 turns without a destroy"


# --- Monster Club: the conflict over the boards speaks to the reader ----------------------------------------
@needs_node
def test_club_conflict_says_you_to_the_reader() -> None:
    conflict = "components/club/conflict.ts"
    names = ["Newbie", "Tumble"]
    got = call(
        (conflict, "sideWho", [0, 0, names, 0]),
        (conflict, "sideWho", [1, 0, names, 0]),
        (conflict, "sideWho", [0, 0, names, None]),
        (conflict, "lossWords", [[0], names, 0]),
        (conflict, "lossWords", [[1], names, 0]),
        (conflict, "lossWords", [[0, 1], names, 0]),
    )
    assert got == [
        "You attack",
        "Tumble defends",
        "Newbie attacks",
        "Your stack is destroyed",
        "Tumble's stack is destroyed",
        "Both stacks are destroyed",
    ]


# --- MONSTRA: the team bar's terse labels -------------------------------------------------------------------
@needs_node
def test_monstra_team_bar_labels_say_what_they_are() -> None:
    help_ts = "components/monstra/help.ts"
    reserve, first = call((help_ts, "reserveHelp", [10]), (help_ts, "firstTeamHelp", []))
    assert reserve["label"] == "replacements, face down"
    assert "knocked out" in reserve["title"] and "10" in reserve["title"]
    assert "same SPD" in first and "other team" in first
