"""A newcomer's session in the terminal (``monsterlair play`` of the four games): refusals that say why an action
cannot be played now, ranges that match the hand, refusals in the menu's words (not the notation's forms), an
attack line that reads as a sentence, MONSTRA's menus naming creatures, Push a Monster's units in words."""

from __future__ import annotations

import pytest

from monsterlair import games
from monsterlair.core import BadAction, Result
from tests.cli.test_cli_terminal_words import in_tmp as in_tmp  # the same working folder for each test
from tests.cli.test_cli_terminal_words import run
from tests.games.monster_smash.scenario import play, setup

SMASH = games.get("monster-smash")


def test_the_smash_attack_line_reads_as_a_sentence() -> None:
    """Review: "Attack: You are picking none against Grumble (Greedy bot) — total 0."."""
    state = setup([["ember-1", "ember-2", "tide-3"], ["moss-2", "moss-1"]])
    play(state, "pass", "attack 1")
    names = ["Ann", "Bob"]
    mine = SMASH.render(state.view(0), 0, names)
    assert "Your attack on Bob:[/bold] no cards picked yet — total [bold]0[/bold]." in mine
    assert "Ann's attack on you:[/bold] no cards picked yet" in SMASH.render(state.view(1), 1, names)
    play(state, "play 1")
    assert "Your attack on Bob:[/bold] picked so far " in SMASH.render(state.view(0), 0, names)
    play(state, "done")
    shown = SMASH.render(state.view(1), 1, names)
    assert "Ann's attack on you:[/bold] [bold red]Sootling 1" in shown and "— total [bold]1[/bold]." in shown
    for text in (SMASH.render(state.view(s), s, names) for s in (0, 1, None)):
        assert "picking" not in text and "none against" not in text and "You are" not in text


def test_push_a_monster_says_its_units_and_its_prompts_read_as_sentences() -> None:
    """Review: the prompt showed "place x=dm y=dm [angle=deg]", the scores "line 0 (no tokens)" and "line 27 (…)"
    without a unit, the result table "a token line 0 long"; the rules measure token widths in token units."""
    push = games.get("push-a-monster")
    state = push.new(2, seed=5)
    board = push.render(state.view(0), 0, ["Ann", "Bob"])
    assert "x=dm" not in board and "[angle=deg]" not in board and "\\[" not in board, board
    assert (
        "'place x=0.25 y=-0.50 angle=90'" in board
        and "the spot from the arena's centre in decimetres (0.25 dm = 2.5 cm)" in board
    )
    assert "Ann (you): no tokens yet" in board and "line 0" not in board
    view = state.view(0)
    view["lines"] = [27, 0]
    view["tokens"] = [{"orange": 2, "yellow": 1}, {}]
    shown = push.render(view, 0, ["Ann", "Bob"])
    assert "Ann (you): a line of tokens 27 units long [dim](2 orange, 1 yellow)" in shown
    done = Result(winners=(0,), ranks=(1, 2), scores=(27.0, 0.0), termination="supply_empty")
    # review: "of tokens … token units"; a newcomer: "a line 10 token units long" was hard to read
    assert push.score_text(27.0, done, {}) == "a line of tokens 27 units long"
    assert push.score_text(0.0, done, {}) == "no tokens"
    assert "token units" in push.help_text() and "sum of its tokens' widths" in push.help_text()


def test_monstra_menus_name_the_creatures_and_the_codes_still_type() -> None:
    """Review: the menu read "Strike b1", "Play Cleanse on a1" while the board says "B1 Quakeling"."""
    out = run(["play", "monstra", "--seed", "5"], ["strike b1", "quit"])
    for line in ("1. Strike Bouldron (B1)", "2. Strike Quakeling (B2)", "3. Wind Slash on Bouldron (B1)"):
        assert line in out, out
    assert "7. Play Barrier on Cragjaw (A1)" in out and "on b1" not in out and "Strike b2" not in out
    assert "Your Gustling strikes Tumble (Greedy bot)'s Bouldron" in out  # the code typed still strikes
    monstra = games.get("monstra")
    from rich.console import Console

    from monsterlair.cli.play import PlaySession

    for typed in ("strike b1", "Strike Bouldron (B1)", "1", "play barrier on a1", "Play Barrier on Cragjaw (A1)"):
        state = monstra.new(2, seed=5)
        session = PlaySession(monstra, state, ["human", "greedy"], {}, {}, Console(record=True, width=200))
        action = session.pick(typed, list(state.legal_actions()))
        assert str(action) in ("strike b1", "tactic barrier a1"), typed


def test_a_smash_typo_gives_the_hands_own_card_numbers() -> None:
    """Review: with 6 cards in hand, 'kep' was answered "… burn N or play N (hand position 1-14) …"."""
    out = run(["play", "monster-smash", "--players", "3", "--seed", "5"], ["kep", "quit"])
    assert "'kep' is not a Monster Smash action." in out and "Did you mean 'keep'?" in out, out
    assert "burn N or play N (N: a card's number in your hand, 1 to 6)" in out, out
    assert "1-14" not in out and "14" not in out.split("'kep'")[1]
    state = setup([["ember-1"], ["moss-2", "moss-1"]])
    with pytest.raises(BadAction) as one:
        state.parse_action("burn it")
    assert "(N: a card's number in your hand, 1)" in str(one.value)
    assert "N a hand position, counted from 1" in one.value.in_notation()  # the protocol's words stay


def test_a_smash_action_typed_at_the_wrong_time_is_told_why_not_as_an_unknown_word() -> None:
    """Review: on the first turn, 'attack Tumble' (the form help gives) was "not a Monster Smash action"."""
    out = run(["play", "monster-smash", "--players", "3", "--seed", "5"], ["attack Tumble", "pass", "quit"])
    assert "'attack Tumble': you can't attack now (it is your first turn: mulligan or keep)." in out, out
    assert "'pass': you can't pass now (it is your first turn: mulligan or keep)." in out, out
    assert "is not a Monster Smash action" not in out and "legal:" not in out
    # The burn step (a choice of cards): an attack, a keep, a defence's 'play' are told as not now.
    out = run(
        ["play", "monster-smash", "--players", "3", "--seed", "5"], ["2", "attack Tumble", "keep", "play 1", "quit"]
    )
    burn = out.split("Choose cards to burn")[1]
    assert "'attack Tumble': you can't attack now (this is the burn step)." in burn, burn
    assert "'keep': you can't keep your hand now (this is the burn step)." in burn, burn
    assert "'play 1': you can't play cards for an attack or a defence now (this is the burn step)." in burn, burn
    state = setup([["ember-1", "tide-1"], ["moss-2"], ["volt-1"]], eliminated=[2])
    play(state, "pass")  # on to the attack step
    names = ["Ann", "Bob", "Cy"]
    assert SMASH.refusal(state, "attack Ann", names) == "'attack Ann': you can't attack yourself."
    assert SMASH.refusal(state, "attack cy", names) == "'attack cy': Cy is out of the game."
    assert (
        SMASH.refusal(state, "done", names) == "'done': you can't confirm picked cards now (this is the attack step)."
    )
    assert SMASH.refusal(state, "attack Bob", names) is None  # legal: nothing to refuse


def test_a_menu_phrase_with_a_bad_value_is_answered_in_the_menus_words() -> None:
    """Review: Club's 'play rumble rhino to space 4 face up' got the notation's forms ('play H to S [down]', …),
    MONSTRA's 'play Barrier on b1' the form 'tactic NAME [U]' while the menu says 'Play Barrier on …'."""
    out = run(["play", "monster-club", "--seed", "5"], ["play rumble rhino to space 4 face up", "quit"])
    said = out
    assert "'play rumble rhino to space 4 face up' is not one of your choices" in said, said
    assert "No choice in the menu has 'rumble rhino' or '4'." in said, said
    assert "Choices 1 to 18 start with 'Play', for example 'Play Crag Troll to space 1 face up'." in said, said
    assert "Forms:" not in out and "play H to S" not in out
    out = run(["play", "monstra", "--seed", "5"], ["play Barrier on b1", "quit"])
    assert "No choice in the menu has 'b1'." in out and "tactic NAME" not in out, out
    assert "Choices 6 to 10 start with 'Play', for example 'Play Rally'." in out, out
    # The engine protocol keeps the notation's forms (its refusals are in notation terms on purpose).
    with pytest.raises(BadAction) as refused:
        games.get("monster-club").parse_action("play rumble rhino to space 4 face up")
    assert "Forms: 'play H to S [down]'" in refused.value.in_notation() and "Forms" not in str(refused.value)


def test_an_action_not_legal_now_is_told_without_the_notations_legal_list() -> None:
    """A well-formed action the rules refuse now, with no reason of the game's own: the terminal says only that
    it is not legal now (the legal list is the notation's; the menu says the choices), and ``Game.refusal``
    leaves it to the caller (``None``), while a game's own reason is said as it is."""
    from rich.console import Console

    from monsterlair.cli.play import PlaySession

    club = games.get("monster-club")
    state = club.new(2, seed=5)
    console = Console(record=True, width=200)
    session = PlaySession(club, state, ["human", "greedy"], {}, {}, console)
    assert session.pick("end", list(state.legal_actions())) is None
    said = " ".join(console.export_text().split())
    reason = "'end': you can't end your turn yet: play a monster first (an empty board needs one)."
    assert said.startswith(f"{reason} Type a number from the menu"), said  # Monster Club's own reason
    assert club.refusal(state, "end") == reason and "Legal" not in said
    monstra = games.get("monstra")
    assert monstra.refusal(monstra.new(2, seed=5), "strike a1") is None
    push = games.get("push-a-monster")
    assert push.refusal(push.new(2, seed=5), "take green") == (
        "'take green' is only possible after a '?' roll with a tie. Set the next start monster down with "
        "'place x=… y=… angle=…'."
    )


def test_a_menu_phrase_with_a_bad_value_names_the_menus_own_numbers() -> None:
    """Push a Monster numbers its menu by place (the same number each turn), not by position: the answer to a
    push phrase naming no place says the menu's numbers and one of its lines."""
    from rich.console import Console

    from monsterlair.cli.play import PlaySession

    push = games.get("push-a-monster")
    state = push.new(2, seed=5)
    while state.view(None)["phase"] != "push":
        state.apply(state.legal_actions()[0])
    console = Console(record=True, width=300)
    session = PlaySession(push, state, ["human", "greedy"], {}, {}, console)
    assert session.pick("push from the moon", list(state.legal_actions())) is None
    said = " ".join(console.export_text().split())
    assert said.startswith(
        "'push from the moon' is not one of your choices. No choice in the menu has 'the moon'. Choices 6 to 53 "
        "start with 'Push', for example 'Push from A, straight in, 4.5 cm deep'."
    ), said
