"""Monster Smash's log in words: each thing that happens is told once (review: a burn's draw was told by the
burn's line and again by the draw's)."""

from __future__ import annotations

from monsterlair.core import Event
from tests.games.monster_smash.scenario import GAME, of_type, play, setup

TIDE4 = ["tide-1", "tide-2", "tide-3", "tide-4"]

NAMES = ["Ann", "Pip (Random bot)"]


def lines(events: list[Event], reader: int | None) -> list[str]:
    return [GAME.describe_event(e.for_seat(reader), reader, NAMES) for e in events]


def test_a_burns_draw_is_told_once_with_what_it_is_for() -> None:
    five = ["ember-1", "ember-2", "tide-1", "tide-2", "moss-1"]
    state = setup([five, TIDE4], deck=["gloom-1", "gloom-2", "gloom-3", "gloom-4", "volt-1"])
    events = play(state, "burn 1", "burn 1", "burn 1", "done")  # burn 3, draw 1 (rule MS-3.3)
    assert len(of_type(events, "draw")) == 1
    assert lines(events, None)[-2:] == [
        "Ann burns 3 cards (Sootling 1, Cinderpup 2 and Bubblet 1).",
        "Ann draws 1 card for the burn.",
    ]
    assert lines(events, 0)[-2:] == [
        "You burn 3 cards (Sootling 1, Cinderpup 2 and Bubblet 1).",
        "You draw 1 card for the burn: Shadebat 2.",
    ]
    for reader in (None, 0, 1):  # one draw, so one line says "draw"
        assert sum("draw" in line for line in lines(events, reader)) == 1, lines(events, reader)


def test_burning_one_card_draws_nothing_and_says_so_in_its_one_line() -> None:
    five = ["ember-1", "ember-2", "tide-1", "tide-2", "moss-1"]
    state = setup([five, TIDE4], deck=["gloom-1", "gloom-2"])
    events = play(state, "burn 1", "done")
    assert not of_type(events, "draw")
    assert lines(events, None)[-1] == "Ann burns 1 card (Sootling 1) and draws nothing for it."
    assert lines(events, 0)[-1] == "You burn 1 card (Sootling 1) and draw nothing for it."


def test_a_mulligans_new_hand_is_told_once() -> None:
    old = ["ember-1", "tide-2", "moss-3", "gloom-4", "volt-1", "volt-2"]
    fresh = ["ember-2", "ember-3", "tide-1", "tide-3", "moss-1", "moss-2"]
    state = setup([old, TIDE4], deck=[*fresh, "gloom-1"], first_turn_done=False)
    events = play(state, "mulligan")
    said = lines(events, 1)
    assert sum("draw" in line or "new hand" in line for line in said) == 1, said
    assert "Ann draws a new hand of 6 cards." in said


def over(winners: list[int], termination: str) -> dict[str, object]:
    return {"type": "game_over", "winners": winners, "termination": termination}


def test_the_last_line_says_the_winner_wins_with_the_cards_they_hold() -> None:
    """Review: "Ann wins by fifteen cards in hand!" is not how a player says it (MS-9.2, MS-9.1, MS-9.3)."""
    say = GAME.describe_event
    assert say(over([0], "fifteen_cards"), None, NAMES) == "Ann wins with fifteen cards in hand!"
    assert say(over([0], "fifteen_cards"), 0, NAMES) == "You win with fifteen cards in hand!"
    assert say(over([1], "six_of_suit"), 1, NAMES) == "You win with six cards of your own monster's suit!"
    assert (
        say(over([1], "six_of_suit"), 0, NAMES) == "Pip (Random bot) wins with six cards of their own monster's suit!"
    )
    assert say(over([0], "last_standing"), None, NAMES) == "Ann wins by being the last monster standing!"
    assert say(over([], "stalemate"), None, NAMES).startswith("The game ends with no winner: a stalemate")
    state = GAME.new(2, seed=2785)  # seat 0 is dealt six cards of its own suit: over before any move
    assert state.result is not None
    text = GAME.describe_result(state.result, 1, NAMES)  # the end screen, below the board
    assert (text.headline, text.lines[0]) == ("Ann wins", "Won with six cards of their own monster's suit.")


def test_a_refused_attack_says_the_rule_the_table_plays_not_the_option_it_left_off() -> None:
    """MS-5.2 in players' words: with the off-suit option off, the message does not mention it; on, it says
    the attack needs exactly one card of another suit."""
    hands = [["ember-1", "tide-2", "moss-3", "gloom-4"], TIDE4]
    for on, says in ((False, "plus at most one card of another suit."), (True, "plus exactly one card of")):
        state = setup(hands, attack_requires_offsuit=on)
        play(state, "pass", "attack 1")
        problem = GAME.card_choice_problem(state, [2, 3])  # two off-suit cards
        assert problem is not None and says in problem, problem
        assert ("Attacks need one card of another suit" in problem) == on


def test_every_steps_choices_are_worded_as_the_browsers_buttons() -> None:
    """Review: the hint (worded by ``action_label``) said "Pass: skip this step" and "Burn the card at position 5"
    while the browser's buttons read "Don't burn" and the cards "Burn Flarefang 3". The browser shows these labels
    on its buttons (one source of words), so each step's labels are the buttons' words."""
    state = setup(
        [["ember-1", "tide-1", "tide-3", "volt-1", "volt-4"], ["tide-4", "tide-2", "tide-1", "moss-2"]],
        first_turn_done=False,
    )

    def labels() -> dict[str, str]:
        return {str(a): GAME.action_label(state, a, NAMES) for a in state.legal_actions()}

    said = labels()
    assert (said["keep"], said["mulligan"]) == ("Keep hand", "Mulligan (draw 6)")
    play(state, "keep")
    said = labels()
    assert (said["pass"], said["burn 2"]) == ("Don't burn", "Burn Bubblet 1")
    play(state, "burn 2", "burn 2")
    assert labels()["done"] == "Burn 2 · draw 1"
    play(state, "done", "keep", "pass", "pass")  # Pip's first turn (no attack); Ann's second: no burn
    said = labels()
    assert (said["pass"], said["attack 1"]) == ("End turn", "Attack Pip (Random bot)")
    play(state, "pass", "pass", "attack 0")  # Pip attacks Ann with Bubblet 1
    said = labels()
    assert said["play 1"] == "Attack with Bubblet 1"
    play(state, "play 1")
    assert labels()["done"] == "Confirm attack · 1"
    play(state, "done")
    said = labels()
    assert (said["pass"], said["play 1"]) == ("No defence", "Defend with Sootling 1")
    play(state, "play 1")
    assert labels()["done"] == "Defend · 1"


def test_MS_4_1_the_first_turn_board_says_what_keep_and_mulligan_do() -> None:
    """The menu reads "Keep hand" and "Mulligan (draw 6)" (the browser's buttons); the board says what each
    does, for the player choosing only."""
    state = GAME.new(2, seed=5)
    mover = state.to_move
    assert mover is not None
    said = "Keep your hand and draw as usual (no attack this turn), or mulligan: discard your whole hand and draw 6"
    assert said in GAME.render(state.view(mover), mover, NAMES)
    assert said not in GAME.render(state.view(1 - mover), 1 - mover, NAMES)


def test_MS_4_1_a_first_turn_opens_in_plain_words_in_the_log_and_the_terminal() -> None:
    """Turn 1's heading read "Turn 1: your turn, first turn: mulligan or keep"; it says what comes first, in a
    sentence, and the terminal's heading of the position says the same."""
    state = GAME.new(2, seed=5)
    mover = state.to_move
    assert mover is not None
    names = ["Ann", "Ann"]
    names[1 - mover] = "Pip (Random bot)"
    opening = [e for e in state.opening_events() if e.type == "turn"]
    assert opening and opening[0].data.get("first")
    mine = GAME.describe_event(opening[0].for_seat(mover), mover, names)
    theirs = GAME.describe_event(opening[0].for_seat(1 - mover), 1 - mover, names)
    assert mine == "Turn 1: your turn. First, keep your hand or mulligan."
    assert theirs == "Turn 1: Ann. First, they keep their hand or mulligan."
    board = GAME.render(state.view(mover), mover, names)
    assert "turn 1: your turn. First, keep your hand or mulligan." in board, board
    watched = GAME.render(state.view(1 - mover), 1 - mover, names)
    assert "turn 1: Ann's turn. First, they keep their hand or mulligan." in watched, watched
