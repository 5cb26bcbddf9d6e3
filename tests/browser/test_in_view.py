"""What the page shows by itself, in view: the end of a game is brought into view, whatever the game and width
(a phone player scrolled down to the board saw only a small "Game over" label while the result, the standings
and Rematch were above the fold), once the last move has been seen; and a choice's reason is said with its
buttons (Push a Monster's "?" roll on a phone)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from monsterlair.core import State
from tests.browser.conftest import Server, shot
from tests.browser.finished import find_position, store_table
from tests.browser.pages import guest, new_page

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 375, "height": 812}
BOARDS = {
    "push-a-monster": "[data-testid=push-board]",
    "monster-smash": "[data-testid=smash-board]",
    "monstra": "[data-testid=monstra-board]",
}


@pytest.fixture
def slow_bot(tmp_path: Path) -> Iterator[Server]:
    """A server whose bots wait 4 s before they move: time to open the table and scroll down to the board first."""
    with Server(tmp_path / "lair", bot_delay=4.0) as srv:
        yield srv


def _bot_ends_it(state: State) -> bool:
    """The bot (seat 1) is to move, and every move it has ends the game."""
    if state.over or state.to_move != 1:
        return False
    legal = state.legal_actions()
    if len(legal) > 30:
        return False
    for action in legal:
        after = state.clone()
        after.apply(action)
        if not after.over:
            return False
    return True


def _headline_shown(page: Any) -> bool:
    box = page.locator("[data-testid=headline]").bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def _open_before_the_last_move(server: Server, page: Any, game: str) -> None:
    """A stored game of ``game`` whose bot's next move ends it, opened by Ann with the page scrolled to its bottom
    (the board, the hand) before the bot moves."""
    ann = guest(page, server.url, "Ann")
    found = find_position(game, 2, {}, _bot_ends_it, tries=40, max_moves=3000)
    table_id = store_table(server.data_dir, game, 2, {}, [(ann, "Ann"), (None, "Tumble")], found)
    # a stored game's bot moves once the server resumes the games under way, as it does when it starts
    server.stop()
    server.start()
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(BOARDS[game]).wait_for()
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(200)


@pytest.mark.parametrize(
    ("game", "size"),
    [("push-a-monster", PHONE), ("monster-smash", PHONE), ("monstra", PHONE), ("push-a-monster", WIDE)],
    ids=["push-375", "smash-375", "monstra-375", "push-1366"],
)
def test_the_end_of_a_game_is_brought_into_view(
    slow_bot: Server, chromium: Any, game: str, size: dict[str, int]
) -> None:
    """A player scrolled down to the board (its hand, its arena) watches the bot's last move; once it has been
    shown, the page brings the result (who won, the standings, Rematch) into view, in every game."""
    page, problems = new_page(chromium, size)
    _open_before_the_last_move(slow_bot, page, game)
    scrolled = page.evaluate("() => window.scrollY")
    end = page.locator("[data-testid=end-screen]")
    end.wait_for(timeout=15_000)
    page.wait_for_function(
        "(sel) => document.querySelector(sel)?.dataset.animating !== 'yes'", arg=BOARDS[game], timeout=10_000
    )
    page.wait_for_timeout(600)
    shot(page, f"in-view-end-{game}-{size['width']}")
    assert scrolled > 0 or _headline_shown(page), "the test did not scroll the page down"
    assert _headline_shown(page), f"the result's heading is off-screen (scrollY {page.evaluate('window.scrollY')})"
    assert not problems, problems


def test_the_last_move_is_seen_before_the_end_comes_into_view(slow_bot: Server, chromium: Any) -> None:
    """At a person's pace (Normal), the bot's last push stays on the screen its while before the page moves up
    to the result: the view is not yanked away before the last blow is seen."""
    context = chromium.new_context("normal", viewport=PHONE)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    _open_before_the_last_move(slow_bot, page, "push-a-monster")
    page.locator("[data-testid=end-screen]").wait_for(timeout=15_000)
    assert not _headline_shown(page), "the page moved to the result the moment the last move showed"
    assert page.evaluate("() => window.scrollY") > 0
    page.wait_for_function(
        """() => {
          const box = document.querySelector('[data-testid=headline]')?.getBoundingClientRect();
          return box && box.top >= 0 && box.bottom <= window.innerHeight;
        }""",
        timeout=8_000,
    )
    assert not problems, problems


def _my_choice_of_kind(state: State) -> bool:
    """Ann (seat 0) rolled the question mark and chooses among tied kinds."""
    return not state.over and state.to_move == 0 and state.view(0).get("phase") == "choose"


def test_the_reason_for_a_choice_of_kind_is_beside_its_buttons_on_a_phone(server: Server, chromium: Any) -> None:
    """After a "?" roll a phone showed "Take a yellow Cyclops / Take a red Imp / …" under the arena, the banner
    that says why ("Question mark: choose a kind — these kinds are tied for the most in the supply") scrolled
    off the top: the reason is said with the buttons."""
    page, problems = new_page(chromium, PHONE)
    ann = guest(page, server.url, "Ann")
    found = find_position("push-a-monster", 2, {}, _my_choice_of_kind, tries=80, max_moves=3000)
    table_id = store_table(server.data_dir, "push-a-monster", 2, {}, [(ann, "Ann"), (None, "Tumble")], found)
    page.goto(f"{server.url}/t/{table_id}")
    takes = page.locator("[data-testid=push-board] button[data-action^='take ']")
    takes.first.wait_for()
    takes.last.scroll_into_view_if_needed()
    page.wait_for_timeout(200)
    why = page.locator("[data-testid=choose-why]")
    assert why.count() == 1, "no reason is given with the buttons"
    assert "question mark" in why.inner_text() and "tied for the most" in why.inner_text()
    box = why.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
    first = takes.first.bounding_box()
    assert first is not None and box["y"] + box["height"] <= first["y"], "the reason comes after its buttons"
    shot(page, "in-view-push-choose-375")
    page.set_viewport_size(WIDE)
    page.wait_for_timeout(300)
    shot(page, "in-view-push-choose-1366")
    assert not problems, problems
