"""The arrow keys move along a hand (the review: ArrowRight and ArrowLeft did nothing in the Monster Smash hand;
only Tab moved). Every hand shares the way (lib/arrowKeys): Monster Smash's cards, Monster Club's cards,
MONSTRA's tactics; Tab still walks the cards one by one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server, shot
from tests.browser.pages import guest, new_page, new_table
from tests.browser.test_learn import BOARDS

HANDS = {
    "monster-smash": "[data-testid=hand] .card",
    "monster-club": "[data-testid=hand] .ccard",
    "monstra": "[data-testid=tactics] [data-testid^=tactic-]",
}


def focused(page: Any, items: str) -> int:
    """Which of ``items`` has the keyboard focus (-1: none)."""
    index: int = page.evaluate(
        "sel => [...document.querySelectorAll(sel)].findIndex(e => e === document.activeElement)", items
    )
    return index


@pytest.mark.parametrize("game", list(HANDS))
def test_arrow_keys_move_along_the_hand_and_tab_still_works(game: str, server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    guest(page, server.url, "Keys")
    options = {"first_player": 0} if game == "monster-club" else {"mode": "duel"} if game == "monstra" else {}
    body = {"game": game, "players": 2, "options": options, "start": True}
    table = new_table(page, server.url, {**body, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]})
    page.goto(f"{server.url}/t/{table}")
    page.locator(f"{BOARDS[game]}[data-busy=no]").wait_for()
    items = HANDS[game]
    page.locator(items).nth(2).wait_for()
    count = page.locator(items).count()
    page.locator(items).first.focus()
    assert focused(page, items) == 0
    page.keyboard.press("ArrowRight")
    assert focused(page, items) == 1, "ArrowRight moves to the next card"
    page.keyboard.press("ArrowRight")
    assert focused(page, items) == 2
    page.keyboard.press("ArrowLeft")
    assert focused(page, items) == 1, "ArrowLeft moves back"
    page.keyboard.press("End")
    assert focused(page, items) == count - 1
    page.keyboard.press("ArrowRight")
    assert focused(page, items) == 0, "past the last card, the first"
    page.keyboard.press("ArrowLeft")
    assert focused(page, items) == count - 1
    page.keyboard.press("Home")
    assert focused(page, items) == 0
    page.keyboard.press("Tab")
    assert focused(page, items) == 1, "Tab still goes card by card"
    shot(page, f"hand-keys-{game}")
    assert not problems, problems
