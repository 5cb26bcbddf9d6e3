"""Ratings in the browser: two people finish a MONSTRA duel, then the leaderboard lists both and each
profile shows the game with a replay link that opens. Desktop and 375 px phone screenshots."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import Server, shot
from tests.browser.pages import sign_in
from tests.browser.test_games_ui import MONSTRA, monstra_decide

PHONE = {"width": 375, "height": 812}
MY_TURN = """() => {
  const b = document.querySelector('[data-testid=monstra-board]');
  return !!b && b.dataset.myTurn === 'yes' && b.dataset.busy === 'no' && b.dataset.animating !== 'yes';
}"""


def register(page: Any, url: str, username: str) -> None:
    """Turn the page's guest into a registered account (only registered accounts earn ratings)."""
    data = {"username": username, "password": "correct horse battery"}
    r = page.request.post(f"{url}/api/auth/register", data=data, headers={"Origin": url})
    assert r.ok, r.text()
    page.reload()
    page.wait_for_selector("[data-testid=who]")


def ended(page: Any) -> bool:
    return bool(page.locator("[data-testid=end-screen]").count())


def test_two_people_finish_a_game_and_see_it_on_the_leaderboard_and_their_profiles(
    server: Server, chromium: Any
) -> None:
    ann_ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    bob_ctx = chromium.new_context(viewport=PHONE)
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    problems: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda e: problems.append(str(e)))
    sign_in(ann, server.url, "Ann")
    sign_in(bob, server.url, "Bob")
    register(ann, server.url, "ann_rated")
    register(bob, server.url, "bob_rated")

    # Ann opens a two-player MONSTRA duel of one round; Bob takes the open seat; Ann starts.
    ann.locator("[data-testid=game-monstra]").get_by_role("button", name="New table").click()
    form = ann.locator("[data-testid=create-table]")
    form.locator(".players button", has_text="2").click()
    form.locator("select[name=seat-1]").select_option("open")
    form.locator("[name=opt-rounds]").fill("1")
    form.locator("[name=opt-decks-a]").select_option("starter")
    form.locator("[name=opt-decks-b]").select_option("blaze")
    form.locator("button[type=submit]").click()
    ann.wait_for_url("**/t/**")
    ann.wait_for_selector("[data-testid=seats-panel]")
    bob.goto(server.url)
    bob.locator("[data-testid=table-row] [data-testid=join]").first.click()  # Join seats Bob at once
    bob.wait_for_url("**/t/**")
    # the waiting room links each person's name to their profile
    ann.wait_for_function("() => !document.querySelector('[data-testid=start]').disabled")
    assert ann.locator("[data-testid=seats-panel] a[href^='/u/']").count() == 2
    ann.locator("[data-testid=start]").click()

    deadline = time.monotonic() + 240
    decisions = 0
    while not (ended(ann) and ended(bob)):
        assert time.monotonic() < deadline, "the duel did not finish"
        acted = False
        for page in (ann, bob):
            if not ended(page) and page.locator(MONSTRA).count() and page.evaluate(MY_TURN):
                monstra_decide(page, decisions)
                decisions += 1
                acted = True
        if not acted:
            time.sleep(0.05)
    assert decisions >= 2

    # The leaderboard, from the header link: MONSTRA lists both players.
    ann.get_by_role("link", name="Leaderboard").click()
    ann.wait_for_url("**/leaderboard")
    ann.locator("[data-testid=board-tab-monstra]").click()
    ann.wait_for_url("**/leaderboard/monstra")
    ann.wait_for_selector("[data-testid=board-row]")
    rows = ann.locator("[data-testid=board-row]")
    assert rows.count() == 2
    cells = [[c.strip() for c in row.locator("td").all_inner_texts()] for row in rows.all()]
    assert sorted(c[1].split()[0] for c in cells) == ["Ann", "Bob"]
    assert [c[0] for c in cells] == ["1", "2"] and [c[3] for c in cells] == ["1", "1"]  # one game each
    assert int(cells[0][2]) >= int(cells[1][2])
    assert ann.locator("[data-testid=board-tab-monstra]").get_attribute("aria-current") == "page"
    shot(ann, "leaderboard")
    bob.goto(f"{server.url}/leaderboard/monstra")
    bob.wait_for_selector("[data-testid=board-row]")
    assert bob.locator("[data-testid=board-row]").count() == 2
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(bob, "leaderboard-phone")

    # Ann's profile, reached by keyboard from the header: the game, its result, the rating, the replay.
    ann.locator("header a.brand").focus()
    for _ in range(3):
        ann.keyboard.press("Tab")
        if ann.evaluate("document.activeElement?.dataset?.testid") == "my-profile":
            break
    assert ann.evaluate("document.activeElement?.textContent") == "My profile"
    ann.keyboard.press("Enter")
    ann.wait_for_selector("[data-testid=profile-game]")
    assert ann.locator("[data-testid=profile-name]").inner_text() == "Ann"
    card = ann.locator("[data-testid=rating-monstra]")
    assert card.count() == 1 and card.locator("[data-testid=sparkline]").get_attribute("data-points") == "2"
    assert "Rating over the last 1 game" in str(card.locator("[data-testid=sparkline]").get_attribute("aria-label"))
    game_row = ann.locator("[data-testid=profile-game]")
    assert game_row.count() == 1
    text = game_row.inner_text()
    assert "MONSTRA" in text and "Bob" in text and ("Win" in text or "Loss" in text or "Draw" in text)
    assert game_row.get_by_role("link", name="Bob").count() == 1
    shot(ann, "profile")

    # Bob's profile on a phone, reached from his name on the leaderboard; the replay link opens the replay.
    bob.locator("[data-testid=board-row]").get_by_role("link", name="Bob").click()
    bob.wait_for_selector("[data-testid=profile-game]")
    assert bob.locator("[data-testid=profile-name]").inner_text() == "Bob"
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(bob, "profile-phone")
    replay = bob.locator("[data-testid=replay-link]")
    assert str(replay.get_attribute("aria-label")).startswith("Replay of MONSTRA")
    replay.click()
    bob.wait_for_url("**/replay/**")
    bob.wait_for_selector("[data-testid=replay-controls]")
    counter = bob.locator("[data-testid=step-counter]").inner_text()
    assert counter.startswith("Move ") and counter.split("/")[1].split("·")[0].strip() == str(decisions)
    assert problems == []
    ann_ctx.close()
    bob_ctx.close()


def test_the_leaderboard_and_a_profile_without_ratings_say_the_same_about_which_games_are_rated(
    server: Server, chromium: Any
) -> None:
    """One sentence, the server's, on both pages (they used to disagree about guests, missions and caps)."""
    page = chromium.new_context(viewport=PHONE).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    sign_in(page, server.url, "Nell")
    page.goto(f"{server.url}/leaderboard/monster-smash")
    said = page.locator("[data-testid=rated-games]")
    said.wait_for()
    on_board = said.inner_text().strip()
    assert "guest" in on_board and "co-operative missions" in on_board and "safety cap" in on_board, on_board
    shot(page, "rated-games-leaderboard-375")
    page.locator("[data-testid=menu-button]").click()  # on a phone the header's links are in its menu
    page.get_by_role("link", name="My profile").click()
    page.wait_for_url("**/u/*")
    said.wait_for()
    assert said.inner_text().strip() == f"No rated games yet. {on_board}"
    shot(page, "rated-games-profile-375")
    page.set_viewport_size({"width": 1366, "height": 900})
    shot(page, "rated-games-profile-1366")
    page.goto(f"{server.url}/leaderboard/monster-smash")
    said.wait_for()
    shot(page, "rated-games-leaderboard-1366")
    assert not problems, problems
