"""Monster Club's board tells a newcomer what is going on (review of the site): why End turn is not there yet,
card faces without deck-building notes or rules-doc shorthand, and the turn count with its limit."""

from __future__ import annotations

from typing import Any

from monsterlair.core import State
from tests.browser.conftest import Server, shot
from tests.browser.finished import find_position, store_table
from tests.browser.pages import guest, new_page
from tests.browser.test_games_ui import CLUB, PHONE

# Seat 1's deck: Tremor (-2 to the conflicting stack) and cards a deck may hold three of (Trim, the Mummy).
DECK = ", ".join(
    ["tremor", "3x trim", "3x papier-mache-mummy", "pebble-imp", "stone-sentinel", "cave-gnasher", "pinking-wolf"]
    + ["obsidian-ogre", "boulder-brute", "ink-hydra", "paper-wraith", "shear-goblin", "razor-raptor"]
    + ["iron-fist", "paper-armor", "twin-blades", "pebble-shot", "snip", "stone-skin", "sharp-edge", "bedrock"]
)


def _empty_board_with_tremor(state: State) -> bool:
    hand = state.view(0)["hand"] or []
    return state.to_move == 0 and state.view(0)["end_block"] == "monster_first" and "tremor" in hand


def test_an_empty_board_says_why_the_turn_cannot_end_and_cards_read_plainly(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    options = {"first_player": 0, "deck0": DECK, "max_turns": 200}
    found = find_position("monster-club", 2, options, _empty_board_with_tremor, max_moves=1)
    table_id = store_table(server.data_dir, "monster-club", 2, options, [(ann, "Ann"), (None, "Tumble")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB + "[data-my-turn=yes]").wait_for()
    # 1. End turn shows, disabled, with the reason; the instruction line says it too
    end = page.locator("[data-testid=end-turn]")
    assert end.is_disabled()
    assert "Play a monster first" in page.locator("[data-testid=end-block]").inner_text()
    banner = page.locator("[data-testid=banner]").inner_text()
    assert "Play a monster first" in banner and "no monster" in banner, banner
    # 2. no deck-building note and no "opp" on a card face in play
    hand = page.locator("[data-testid=hand]")
    text = hand.inner_text()
    assert "deck may hold" not in text.lower(), text
    tremor = hand.locator("[data-card=tremor]")
    face = tremor.locator("[data-testid=calc]").inner_text()
    assert "opp" not in face and "−2" in face and "conflicting stack" in face, face
    # 3. the turn count; its limit (MC-11.6, a safety limit, not the game's length) only in its tooltip this far from it
    count = page.locator("[data-testid=turn-count]")
    assert count.inner_text().startswith("Turn 1") and "200" not in count.inner_text(), count.inner_text()
    assert "safety limit" in (count.get_attribute("title") or "")
    page.set_viewport_size({"width": 1366, "height": 900})
    shot(page, "club-end-block")
    page.set_viewport_size({**PHONE, "width": 375})
    page.wait_for_timeout(200)
    shot(page, "club-end-block-phone")
    assert not problems, problems


def _near_the_limit(state: State) -> bool:
    return state.to_move == 0 and not state.over and state.view(0)["turn"] >= 9


def test_the_turn_count_warns_near_the_turn_limit(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    options = {"first_player": 0, "max_turns": 12, "destroys_to_win": 20}
    found = find_position("monster-club", 2, options, _near_the_limit)
    table_id = store_table(server.data_dir, "monster-club", 2, options, [(ann, "Ann"), (None, "Tumble")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB).wait_for()
    count = page.locator("[data-testid=turn-count]").inner_text()
    assert "of 12" in count and "The game stops after turn 12: more destroys wins" in count, count
    assert not problems, problems
