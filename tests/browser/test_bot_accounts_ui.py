"""Bot accounts in the browser: make one (token shown once), invite it into a seat, see it marked as a bot."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import Server, shot


def test_a_person_makes_a_bot_account_and_invites_it_into_a_seat(server: Server, chromium: Any) -> None:
    for width in (1280, 375):
        make_and_invite(server, chromium, width)


LOBBY_DRAWN = "() => { const m = document.querySelector('main'); return !!m && !m.innerText.includes('Loading'); }"
"""The lobby has drawn what it loads (games, my tables, open tables: each says "Loading…" until then)."""


def lobby_drawn(page: Any) -> None:
    """Wait until the lobby's lists are drawn. A click while they arrive can press on one element and release on
    another: a list drawn between the press and the release moves the rest of its column down (the "Your bots"
    summary then never gets the click and stays closed)."""
    page.locator("[data-testid=game-monster-smash]").wait_for()
    page.wait_for_function(LOBBY_DRAWN)


def make_and_invite(server: Server, chromium: Any, width: int) -> None:
    """The whole story at one screen width (a new person and bot each time)."""
    context = chromium.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    username = f"ann{width}"
    r = context.request.post(
        f"{server.url}/api/auth/register", data={"username": username, "password": "correct horse battery"}
    )
    assert r.ok, r.text()
    page.goto(server.url)
    lobby_drawn(page)
    panel = page.locator("[data-testid=bot-accounts]")
    panel.locator("summary").click()
    expect(panel.get_by_label("New bot account name")).to_be_visible()
    panel.get_by_label("New bot account name").fill(f"randy{width}")
    panel.get_by_role("button", name="Make a bot account").click()
    token = panel.locator("[data-testid=bot-token]")
    token.wait_for()
    assert token.input_value().startswith("mlbot_")
    panel.get_by_text("active", exact=True).wait_for()  # the list refreshes just after the token shows
    assert panel.get_by_text("active", exact=True).count() == 1
    shot(page, f"bot-accounts-{width}")
    panel.get_by_role("button", name="Done").click()
    assert panel.locator("[data-testid=bot-token]").count() == 0
    me = context.request.get(f"{server.url}/api/auth/me", headers={"Authorization": "Bearer mlbot_made-up"})
    assert me.status == 401  # a made-up token is refused

    # A table with an open seat; the host invites the bot account from the seat panel.
    page.locator("[data-testid=game-monster-smash]").get_by_role("button", name="New table").click()
    form = page.locator("[data-testid=create-table]")
    form.locator("select[name=seat-1]").select_option("open")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/**")
    seats = page.locator("[data-testid=seats-panel]")
    seats.get_by_label("Bot account for seat 2").fill(f"nobody{width}")
    seats.get_by_role("button", name="Invite", exact=True).click()
    page.get_by_role("alert").filter(has_text="no bot account").wait_for()
    seats.get_by_label("Bot account for seat 2").fill(f"Randy{width}")
    seats.get_by_role("button", name="Invite", exact=True).click()
    seats.get_by_text("network bot").wait_for()
    assert seats.get_by_text(f"randy{width}").count() == 1
    shot(page, f"bot-account-seated-{width}")

    # The create form offers bot accounts too.
    page.goto(server.url)
    lobby_drawn(page)
    page.locator("[data-testid=game-monster-smash]").get_by_role("button", name="New table").click()
    form = page.locator("[data-testid=create-table]")
    form.locator("select[name=seat-1]").select_option("bot_account")
    form.get_by_label("Seat 2 bot account name").fill(f"randy{width}")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/**")
    assert problems == []
    context.close()
