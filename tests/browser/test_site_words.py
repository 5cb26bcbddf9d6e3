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
    new = page.get_by_role("button", name="New table: Push a Monster")
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


def test_the_rules_page_sets_notes_apart_names_every_rule_in_its_contents_and_shows_the_example_moves(
    server: Server, chromium: Any
) -> None:
    page, problems = new_page(chromium, WIDE)
    page.goto(f"{server.url}/rules/monster-smash")
    doc = page.locator("[data-testid=rules-doc]")
    doc.locator("[id='MS-1.1']").wait_for()
    # the reasons for a decision follow their rule in a note, not in the rule's own words
    for rule, reason in (("MS-1.1", "card list is not public"), ("MS-8.2", "our reading of the printed rules")):
        assert reason not in doc.locator(f"[id='{rule}']").inner_text()
        note = doc.locator(f"[id='{rule}'] + [role=note]")
        assert note.count() == 1 and reason in note.inner_text(), rule
        assert note.inner_text().lower().startswith("note")
    # the contents name every rule by its opening words, not by a bare number
    toc = page.locator("[data-testid=rules-toc]")
    assert "The deck has five suits" in toc.locator("a[href='#MS-1.1']").inner_text()
    bare = toc.locator("a[href*='.']").evaluate_all(
        "links => links.map((a) => a.innerText.trim()).filter((t) => !/^\\d+\\.\\d+\\s+[A-Za-z]\\S*/.test(t))"
    )
    assert not bare, bare
    shot(page, "site-words-rules-notes")

    # MONSTRA's guide says what Standard is, and a phone's example creatures show the moves its text names
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}/rules/monstra")
    figure = page.locator("[data-testid=guide-figure]").first
    figure.wait_for()
    goal = page.locator(".how").inner_text()
    assert "Standard" in goal and "Expert" in goal and "44 HP" in goal, goal
    moves = figure.locator(".moves")
    assert moves.count() == 2
    for k in range(2):
        assert moves.nth(k).is_visible()
        assert "Strike" in moves.nth(k).inner_text()
    shot(page, "site-words-monstra-guide-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not problems, problems
