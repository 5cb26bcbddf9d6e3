"""What a stranger's walkthrough found outside the game boards, at 1366 px and 375 px: the signed-out lobby's Play
now, New table and Tutorial (and the rules page's "Play the tutorial") were dimmed with only a hover tooltip to say
why, which a phone never shows; the rules showed the designers' reasons as rules, a contents of bare numbers, and
"on Standard" unexplained; a MONSTRA replay counted "Round 3 / 9" beside its board's "Round 3 of 12"; and Push a
Monster's replay offered "Seen by" although nothing in Push is hidden."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server, shot
from tests.browser.pages import new_page

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 375, "height": 812}


def _choose_a_name(page: Any, name: str, says: str) -> None:
    """The name dialog is open and says what goes ahead; choose ``name`` as a guest in it."""
    dialog = page.locator("[data-testid=name-dialog]")
    dialog.wait_for(state="visible")
    assert "Choose a name to play" in dialog.inner_text()
    assert says in dialog.inner_text(), dialog.inner_text()
    dialog.locator("input[name=guest-name]").fill(name)
    dialog.get_by_role("button", name="Start playing").click()


def test_a_stranger_presses_play_now_on_a_phone_chooses_a_name_and_is_seated(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium, PHONE)
    page.goto(server.url)
    play = page.locator("[data-testid=game-monster-club] [data-testid=play-now]")
    play.wait_for()
    assert play.is_enabled()
    play.click()
    shot(page, "site-words-name-dialog-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _choose_a_name(page, "Stranger", "Your Monster Club game starts")
    page.wait_for_url("**/t/*")
    page.locator("[data-testid=who]").wait_for()
    assert "Stranger" in page.locator("[data-testid=who]").inner_text()
    assert not problems, problems


def test_new_table_and_the_rules_pages_tutorial_ask_for_a_name_then_go_ahead(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium, WIDE)
    page.goto(server.url)
    new = page.locator("[data-testid=game-push-a-monster] [data-testid=new-table]")
    new.wait_for()
    assert new.is_enabled()
    # closed without a name, nothing starts
    new.click()
    page.locator("[data-testid=name-dialog]").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.locator("[data-testid=name-dialog]").wait_for(state="hidden")
    assert page.locator("[data-testid=create-table]").count() == 0
    assert page.locator("[data-testid=who]").count() == 0
    # with a name, the new-table form opens
    new.click()
    _choose_a_name(page, "Tabler", "You set up your Push a Monster table")
    page.locator("[data-testid=create-table]").wait_for()

    # the rules page's "Play the tutorial", for a stranger in a fresh browser
    page, problems2 = new_page(chromium, WIDE)
    page.goto(f"{server.url}/rules/monster-smash")
    tutorial = page.locator("[data-testid=tutorial-button]")
    tutorial.wait_for()
    assert tutorial.is_enabled()
    tutorial.click()
    shot(page, "site-words-name-dialog-rules")
    _choose_a_name(page, "Learner", "The Monster Smash tutorial starts")
    page.wait_for_url("**/t/*")
    assert not problems + problems2, problems + problems2
