"""The real games in a pseudo-terminal (issue 13, items 13 to 15): Monster Smash's card choice in any order
with picking back, the defence screen's names, "your turn" only on one's own turn, menu lines that name cards,
the seat range in errors; Monster Club's moved/attacked tags; Push a Monster's board in a 50-line terminal."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.utils.terminal import spawn_cli


def spawn(args: list[str], rows: int = 50) -> Any:
    return spawn_cli(args, rows=rows)


def plain(text: str) -> str:
    """Terminal output without colour codes or carriage returns."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).replace("\r", "")


def first_choice(screen: str) -> str:
    """The first menu number on a screen ("  6) …" or "  1. …")."""
    found = re.search(r"^\s+(?:\S.*?:\s+)?(\d+)[.)] ", screen, re.M)
    assert found is not None, screen
    return found.group(1)


def screen_until(child: Any, pattern: str) -> str:
    child.expect(pattern)
    return plain(child.before + child.after)


def test_monster_smash_cards_are_picked_in_any_order_picked_back_and_named() -> None:
    child = spawn(["play", "monster-smash", "--seed", "4", "--seats", "human,greedy"])
    first = screen_until(child, r"Your choice")
    assert "Player 1 — your move" in first and "Tumble (Greedy bot)" in first
    assert "Keep hand" in first and "Mulligan (draw 6)" in first  # the browser's buttons' words
    child.sendline("2")  # keep
    burn = screen_until(child, r"'done' to confirm \('help' for help\): ")
    assert "Choose cards to burn" in burn and "3. [ ] Reefnip 2" in burn
    assert "the card at position" not in burn
    child.sendline("3")
    assert "3. [x] Reefnip 2" in screen_until(child, r"'help' for help\): ")
    child.sendline("1")  # an earlier card after a later one: both stay pickable
    both = screen_until(child, r"'help' for help\): ")
    assert "1. [x] Sproutle 1" in both and "3. [x] Reefnip 2" in both and "Picked: Sproutle 1, Reefnip 2." in both
    child.sendline("3")  # picked back
    back = screen_until(child, r"'help' for help\): ")
    assert "3. [ ] Reefnip 2" in back and "Picked: Sproutle 1." in back
    child.sendline("99")
    assert "there is no card 99" in screen_until(child, r"'help' for help\): ")
    child.sendline("done")
    defence = screen_until(child, r"'help' for help\): ")
    assert re.search(r"\d+ You burn 1 card \(Sproutle 1\) and draw nothing for it\.", defence)
    assert "Tumble (Greedy bot) attacks you!" in defence
    # The defence screen: the bot's turn, my decision; the attacker and the defender by name.
    header = defence.split("your move")[1]
    assert "Tumble (Greedy bot)'s turn, defending; you decide." in header and "your turn" not in header
    assert "Tumble (Greedy bot)'s attack on you: " in header
    assert "Choose cards for your defence" in header
    for key in ("2", "1", "2"):
        child.sendline(key)
        screen_until(child, r"'help' for help\): ")
    child.sendline("done")
    after = screen_until(child, r"Your choice|'help' for help\): ")
    assert "You defend with Burrbeast 2: a total of 2." in after
    assert "key=" not in after and "ember-" not in after and "=" not in after.split("your move")[0]
    child.sendline("pass")  # burn nothing
    attack = screen_until(child, r"Your choice")
    assert "your turn, attack step" in attack
    child.sendline("attack 5")
    error = screen_until(child, r"Your choice")
    assert "this table has only 2 players" in error and "0-4" not in error and "attack 0" not in error
    child.sendline("quit")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()


def test_push_a_monster_fits_a_50_line_terminal_with_numbers_help_and_stable_menus() -> None:
    child = spawn(["play", "push-a-monster", "--seed", "1", "--seats", "human,greedy"], rows=50)
    screen = screen_until(child, r"Your choice")
    while True:  # the start layout first (each player sets monsters down), then the first push
        turn = screen.split("your move")[-1]
        assert len(turn.splitlines()) <= 48, len(turn.splitlines())  # the board and the menu on one screen
        if "Push from A" in turn:
            break
        child.sendline(first_choice(turn))
        screen = screen_until(child, r"Your choice")
    board = turn.split("Turn ")[0]
    assert re.search(r"[a-zA-Z#·]\d{1,2}[a-zA-Z#·]", board), board  # monster numbers drawn on the board
    menu_line = next(line for line in turn.splitlines() if line.strip().startswith("Push from A"))
    assert re.search(r"\d+\) 4\.5 cm deep", menu_line)
    child.sendline("board")
    again = screen_until(child, r"Your choice")
    assert "Push from A" not in again and "Supply:" in again  # the board alone
    child.sendline("help")
    helped = screen_until(child, r"Your choice")
    assert "counter-clockwise from east" in helped and "decimetres" in helped and "Depth" in helped
    assert "one character is about" in helped
    number = re.search(r"(\d+)\) 7 cm deep", menu_line)
    assert number is not None
    child.sendline(number.group(1))
    later = screen_until(child, r"Your choice")
    while "Push from A" not in later.split("your move")[-1]:  # a take, a nudge…: until our next push
        child.sendline(first_choice(later.split("your move")[-1]))
        later = screen_until(child, r"Your choice")
    line = next(x for x in later.splitlines() if x.strip().startswith("Push from A"))
    assert line == menu_line  # the same numbers for the same pushes
    log = [x for x in later.splitlines() if re.match(r"^\s+\d+ [A-Z]", x)]
    assert log and not any("=" in x for x in log), log  # the log speaks prose, not push texts
    child.sendline("quit")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()


def test_monster_club_menus_name_cards_and_the_moved_tag_goes_when_the_turn_passes() -> None:
    child = spawn(["play", "monster-club", "--seed", "1", "-o", "first_player=0", "--seats", "human,human"])
    child.expect_exact("Pass the keyboard to Player 1")
    child.sendline("")
    first = screen_until(child, r"Your choice")
    assert re.search(r"\d+\. Play [A-Z][a-z]+( [A-Z][a-z]+)* to space 1 face up", first), first
    assert "hand card 1" not in first.split("hand:")[-1]
    for step in ("play 1 to 1", "move 1 right"):
        child.sendline(step)
        moved = screen_until(child, r"Your choice")
    mine = moved.split("in conflict ───")[1].split("Player 1 (you)")[0]
    assert "(moved)" in mine  # the stack moved this turn says so
    child.sendline("end")
    while True:  # an end-of-turn effect may still ask Player 1 to choose
        index = child.expect([r"Pass the keyboard to Player 2", r"Your choice"])
        if index == 0:
            break
        child.sendline("1")
    child.sendline("")
    theirs = screen_until(child, r"Your choice")
    top = theirs.split("your move")[-1].split("in conflict ───")[0]
    assert "Player 1 ·" in top and "(moved)" not in top and "(attacked)" not in top
    child.sendline("quit")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
