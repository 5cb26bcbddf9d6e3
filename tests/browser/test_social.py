"""Chat, who is watching, and "your turn" across tables, in a real browser against a real server process."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server, shot
from tests.browser.pages import sign_in
from tests.browser.test_play import create_table

MARKUP = "<b>bold?</b> <img src=x onerror=window.__pwned=1> <script>window.__pwned=2</script>"


def chat(page: Any, text: str) -> None:
    if not page.locator("[data-testid=chat-input]").is_visible():
        page.locator("[data-testid=dock-chat]").click()  # a phone: the chat is one tap away
    page.fill("[data-testid=chat-input]", text)
    page.locator("[data-testid=chat-send]").click()


def wait_for_chat(page: Any, text: str) -> None:
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('[data-testid=chat-message] .text')].some(e => e.textContent === t)",
        arg=text,
    )


def spectators(page: Any) -> list[str]:
    names: list[str] = page.eval_on_selector_all("[data-testid=spectator]", "els => els.map(e => e.textContent)")
    return names


def test_players_chat_a_spectator_is_listed_and_the_mover_sees_a_turn_badge(server: Server, chromium: Any) -> None:
    ann_ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    bob_ctx = chromium.new_context(viewport={"width": 375, "height": 812})
    cy_ctx = chromium.new_context(viewport={"width": 1100, "height": 850})
    anon_ctx = chromium.new_context(viewport={"width": 1000, "height": 800})
    ann, bob, cy, anon = (c.new_page() for c in (ann_ctx, bob_ctx, cy_ctx, anon_ctx))
    problems: list[str] = []
    for page in (ann, bob, cy, anon):
        page.on("pageerror", lambda e: problems.append(str(e)))

    sign_in(ann, server.url, "Ann")
    table_url = create_table(ann, seat2="open", turn_cap=60)
    sign_in(bob, server.url, "Bob")
    bob.goto(table_url)
    bob.locator("[data-testid=join-1]").click()
    ann.wait_for_function("() => !document.querySelector('[data-testid=start]').disabled")
    ann.wait_for_selector("[data-testid=seat-presence-1][data-online=yes]")
    shot(ann, "social-waiting")
    ann.locator("[data-testid=start]").click()
    for page in (ann, bob):
        page.wait_for_selector("[data-testid=smash-board]")
        # Each player is named once during the game: in the players' bar, a dot saying they are connected (the
        # list of who is here named them all again under it; it now names who watches).
        page.wait_for_selector("[data-testid=seat-chip-0][data-online=yes]")
        page.wait_for_selector("[data-testid=seat-chip-1][data-online=yes]")
        assert page.locator("[data-testid^=seat-presence-]").count() == 0

    # A signed-in spectator appears by name, a viewer without a name is counted, both live.
    sign_in(cy, server.url, "Cy")
    cy.goto(table_url)
    cy.wait_for_selector("[data-testid=smash-board]")
    anon.goto(table_url)
    anon.wait_for_selector("[data-testid=smash-board]")
    ann.wait_for_function("() => document.querySelector('[data-testid=anonymous]')?.textContent.includes('1 viewer')")
    assert spectators(ann) == ["Cy"]

    # Two players chat; markup arrives as text and never runs.
    chat(ann, MARKUP)
    for page in (ann, bob, cy, anon):
        wait_for_chat(page, MARKUP)
    chat(bob, "gl hf")
    for page in (ann, cy):
        wait_for_chat(page, "gl hf")
    chat(cy, "enjoying the show")
    wait_for_chat(bob, "enjoying the show")
    assert anon.locator("[data-testid=chat-input]").count() == 0  # reads, cannot write
    for page in (ann, bob, cy, anon):
        box = page.locator("[data-testid=chat-messages]")
        assert box.locator("b, img, script").count() == 0
        assert page.evaluate("() => window.__pwned") is None
    names = bob.eval_on_selector_all("[data-testid=chat-message] .name", "els => els.map(e => e.textContent)")
    assert names == ["Ann", "Bob", "Cy"]

    # The player to move sees the badge in the header and the tab title; the other does not.
    mover, waiter = (
        (ann, bob) if ann.locator("[data-testid=smash-board]").get_attribute("data-my-turn") == "yes" else (bob, ann)
    )
    mover.wait_for_function("() => document.querySelector('[data-testid=turns-count]').textContent === '1'")
    mover.wait_for_function("() => document.title.startsWith('(1) ')")
    assert waiter.locator("[data-testid=turns-count]").count() == 0  # no lone "0" in the header
    assert waiter.locator("[data-testid=turns-button]").inner_text() == "Turns"
    assert not waiter.title().startswith("(")
    shot(ann, "social-table-desktop")
    shot(bob, "social-table-phone")
    shot(cy, "social-spectator")
    mover.locator("[data-testid=turns-button]").click()
    listed = mover.locator("[data-testid=turns-list] a")
    assert listed.count() == 1 and table_url.endswith(str(listed.get_attribute("href")))
    shot(mover, "social-turns-menu")
    mover.keyboard.press("Escape")
    assert mover.locator("[data-testid=turns-list]").count() == 0

    # The spectator leaves: the players' list follows.
    cy_ctx.close()
    ann.wait_for_function("() => document.querySelectorAll('[data-testid=spectator]').length === 0")

    # The lobby marks the game too, and the menu leads back to it.
    mover.locator("a.brand").click()
    mover.wait_for_selector("[data-testid=my-turns]")
    assert mover.locator("[data-testid=table-row] .badge.turn").count() >= 1  # my tables (and games in play)
    assert mover.title() == "(1) Monster Lair"
    shot(mover, "social-lobby")
    mover.locator("[data-testid=turns-button]").click()
    mover.locator("[data-testid=turns-list] a").click()
    mover.wait_for_selector("[data-testid=smash-board]")
    for width, height in ((1280, 900), (375, 812)):
        mover.set_viewport_size({"width": width, "height": height})
        mover.locator("[data-testid=turns-button]").focus()
        mover.keyboard.press("Enter")  # reachable by keyboard
        mover.wait_for_selector("[data-testid=turns-list]")
        shot(mover, f"social-turns-menu-{width}")
        mover.keyboard.press("Escape")
    assert problems == [], problems
    for ctx in (ann_ctx, bob_ctx, anon_ctx):
        ctx.close()
