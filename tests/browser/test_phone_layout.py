"""Phones, 375 x 812 (issue 14, item 7): the lobby shows the games and "New table" first, the header the whole
name, every table the hand and the turn's buttons on the first screen (without scrolling, above the Log/Chat bar
held to the screen's bottom), the log and the chat one tap away, and Push a Monster the full-width arena with fine
aiming steps."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server, shot
from tests.browser.driver import IDLE, play_one_decision, wait_for_my_turn_or_end
from tests.browser.pages import sign_in
from tests.browser.test_games_ui import CLUB, MONSTRA, PUSH, push_decide, start_game, wait_turn_or_end
from tests.browser.test_phone_dock import decision_on_the_first_screen

PHONE = {"width": 375, "height": 812}
SMASH = "[data-testid=smash-board]"

# the board, the cards (or tactics) a player holds, and the table's set-up for a short game against a bot
GAMES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "monster-smash": (SMASH, "[data-testid=hand] .card", {"players": 2, "bot": "greedy", "options": {}}),
    "monstra": (
        MONSTRA,
        "[data-testid=tactics] .tactic",
        {"players": 2, "bot": "greedy", "options": {"rounds": "4", "decks": "starter/blaze"}},
    ),
    "monster-club": (
        CLUB,
        "[data-testid=hand] .ccard",
        {"players": 2, "bot": "random", "options": {"first_player": "0"}},
    ),
    # Push a Monster has no hand: the arena is what must show whole
    "push-a-monster": (PUSH, "[data-testid=arena]", {"players": 2, "bot": "random", "options": {}}),
}


def phone_page(chromium: Any) -> Any:
    page = chromium.new_context(viewport=PHONE).new_page()
    page.problems = []
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    return page


def box(page: Any, selector: str) -> dict[str, float]:
    """Where the first match sits in the viewport with the page at its top (what shows without scrolling)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    found: dict[str, float] = page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width}; }"
    )
    return found


def test_the_lobby_and_the_header_on_a_phone(server: Server, chromium: Any) -> None:
    page = phone_page(chromium)
    name = "Dana Longfellow"
    sign_in(page, server.url, name)
    # the whole name, not "D.."; no lone "0" while no game waits
    who = page.locator("[data-testid=who] .name")
    assert who.inner_text() == name
    assert who.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert not page.locator("[data-testid=turns-button]").is_visible()
    # the games and their "New table" first: on the first screen, above my tables and the open tables
    new_table = box(page, "[data-testid=game-monster-smash] button")
    assert new_table["bottom"] <= PHONE["height"], new_table
    for heading in ("My tables", "Open tables"):
        below = page.get_by_role("heading", name=heading).first.evaluate("e => e.getBoundingClientRect().top")
        assert below > new_table["bottom"], heading
    shot(page, "phone-lobby")
    assert not page.problems, page.problems


@pytest.mark.parametrize("game", list(GAMES))
def test_at_the_table_the_hand_is_on_the_first_screen(server: Server, chromium: Any, game: str) -> None:
    board, hand, setup = GAMES[game]
    page = phone_page(chromium)
    sign_in(page, server.url, "Phoebe")
    start_game(page, game, **setup)
    page.wait_for_selector(board)
    assert wait_turn_or_end(page, board, timeout=90) == "turn"
    dock = page.locator("[data-testid=phone-dock]").evaluate("e => e.getBoundingClientRect().top")
    held = box(page, hand)
    page.screenshot(path=f"test-artifacts/phone-{game}-screen.png")  # what the first screen holds
    assert 0 <= held["top"] and held["bottom"] <= dock, (held, dock)
    # the cards played from: Monster Smash's whole hand; Monster Club's first row (its cards keep their words, which
    # teach them, so five take two rows and the second is a scroll away)
    if game == "monster-smash":
        lowest = page.eval_on_selector_all(hand, "els => Math.max(...els.map(e => e.getBoundingClientRect().bottom))")
        assert lowest <= dock, f"the hand's last row ends under the Log/Chat bar: {lowest} > {dock}"
    decision_on_the_first_screen(page, game, "at the start of my turn")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    if game == "monster-smash":  # no card name is cut short: a card too small for its name shows none
        cut = "els => els.filter(e => e.offsetParent && e.scrollWidth > e.clientWidth).map(e => e.textContent)"
        assert page.eval_on_selector_all("[data-testid=hand] .card .name", cut) == []
    shot(page, f"phone-{game}")
    # the log and the chat: one tap each, over the board; Escape goes back
    page.locator("[data-testid=dock-log]").click()
    log = box(page, "[data-testid=log]")
    assert 0 <= log["top"] < dock, log
    shot(page, f"phone-{game}-log")
    page.locator("[data-testid=dock-chat]").click()
    assert page.locator("[data-testid=chat-input]").is_visible()
    assert not page.locator("[data-testid=log]").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("[data-testid=chat-input]").is_visible()
    if game == "push-a-monster":
        push_aims_finely_on_the_full_width(page)
    if game == "monster-smash":
        the_log_opens_on_the_latest_move(page)
    assert not page.problems, page.problems


def the_log_opens_on_the_latest_move(page: Any) -> None:
    """The log grows while its sheet is closed (it cannot scroll then): opened again, it shows the newest lines,
    not the place where it was closed."""
    for _ in range(3):
        if wait_for_my_turn_or_end(page, 90) == "end":
            break
        play_one_decision(page)
        page.wait_for_function(IDLE)
    if page.locator("[data-testid=skip-present]").count():
        page.locator("[data-testid=skip-present]").click()
    page.locator("[data-testid=dock-log]").click()
    log = page.locator("[data-testid=log]")
    assert log.evaluate("e => e.scrollHeight > e.clientHeight"), "the log is not yet longer than its sheet"
    page.wait_for_function(
        """() => { const box = document.querySelector('[data-testid=log]');
                   const last = box.querySelector('li:last-child').getBoundingClientRect();
                   const edge = box.getBoundingClientRect();
                   return last.bottom <= edge.bottom + 1 && last.top >= edge.top - 1; }""",
        timeout=5000,
    )
    shot(page, "phone-monster-smash-log-latest")
    page.keyboard.press("Escape")


def push_aims_finely_on_the_full_width(page: Any) -> None:
    for n in range(6):  # take a monster (and drop one) until a push is to be aimed
        if page.locator(PUSH).get_attribute("data-phase") == "push":
            break
        push_decide(page, n)
        assert wait_turn_or_end(page, PUSH, timeout=90) == "turn"
    arena = box(page, "[data-testid=arena]")
    assert arena["width"] >= PHONE["width"] - 40, arena
    before = page.locator("[data-testid=push]").get_attribute("data-command") or ""
    slide = float(page.locator("[data-testid=slide]").input_value())
    page.locator("[data-testid=slide-more]").click()
    assert float(page.locator("[data-testid=slide]").input_value()) == pytest.approx(
        slide + 0.1
    )  # the box shows cm: one fine step is 1 mm
    page.locator("[data-testid=turn-less]").click()
    page.locator("[data-testid=depth-more]").click()
    assert (page.locator("[data-testid=push]").get_attribute("data-command") or "") != before


def test_the_phone_headers_turn_badge_and_save_button_say_what_they_are(server: Server, chromium: Any) -> None:
    """Review: at 375 px the turn badge was a bare number ("2") and "Save account" was cut to "Save". The badge
    says what it counts ("1 turn") and both buttons name themselves whole to a screen reader and on hover (and
    Save account, in the header's menu, whole on the screen)."""
    page = phone_page(chromium)
    sign_in(page, server.url, "Dana")
    start_game(page, "monster-club", players=2, bot="random", options={"first_player": "0"})  # my move first
    page.wait_for_selector(CLUB)
    page.goto(server.url)
    turns = page.locator("[data-testid=turns-button]")
    turns.wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=turns-count]')?.textContent === '1'")
    assert " ".join(turns.inner_text().split()) == "1 turn", turns.inner_text()
    assert turns.get_attribute("aria-label") == turns.get_attribute("title") == "Your turn: 1 game waiting for you"
    page.locator("[data-testid=menu-button]").click()  # the account's buttons are in the header's menu
    save = page.get_by_role("button", name="Save account")
    assert save.inner_text() == "Save account" and save.get_attribute("title") == "Save your account"
    shot(page, "phone-header-turns")
    assert not page.problems, page.problems


SITE_HEADER = "header:has(a.brand)"

# The site header's height, and the tops and bottoms of the logo, the name, the turn button and the Menu button.
HEADER_ROW = """header => {
  const at = s => { const e = header.querySelector(s); if (!e || !e.getClientRects().length) return null;
                    const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  return {height: header.getBoundingClientRect().height, brand: at('a.brand'), name: at('[data-testid=who] .name'),
          turns: at('[data-testid=turns-button]'), menu: at('[data-testid=menu-button]')};
}"""


def test_the_phone_header_is_one_row_with_a_menu(server: Server, chromium: Any) -> None:
    """Review: on a phone the site header took two rows, 78 px of a small screen during a game. It is one row, at
    most 48 px: the logo (back to the lobby), the player's whole name, their waiting games and a Menu button that
    shows the links (Leaderboard, My profile, Rules) and the account's buttons (Save account, Log out); Escape or a
    link taken closes it. On a laptop (1366 px) the header is as it was: everything on its row, no Menu button."""
    page = phone_page(chromium)
    sign_in(page, server.url, "Dana Longfellow")
    start_game(page, "monster-club", players=2, bot="random", options={"first_player": "0"})  # a game waits
    page.wait_for_selector(CLUB)
    header = page.locator(SITE_HEADER)
    menu = page.locator("[data-testid=menu-button]")
    hidden = ["Leaderboard", "My profile", "Rules"]
    for where in ("a game", "the lobby"):
        if where == "the lobby":
            page.goto(server.url)
            page.wait_for_function("() => document.querySelector('[data-testid=turns-count]')?.textContent === '1'")
        row = header.evaluate(HEADER_ROW)
        assert row["height"] <= 48, f"{where}: {row}"
        assert all(row[k] for k in ("brand", "name", "turns", "menu")), f"{where}: {row}"
        assert max(row[k][0] for k in ("name", "turns", "menu")) < min(row[k][1] for k in ("name", "turns", "menu"))
        assert page.locator("[data-testid=who] .name").evaluate("e => e.scrollWidth <= e.clientWidth")
        for name in hidden:
            assert not header.get_by_role("link", name=name).is_visible(), f"{where}: {name} shows with the menu shut"
        shot(page, f"phone-header-{where.split()[-1]}")
        menu.click()
        assert menu.get_attribute("aria-expanded") == "true"
        for name in hidden:
            assert header.get_by_role("link", name=name).is_visible(), f"{where}: no {name} in the menu"
        for name in ("Save account", "Log out"):
            assert header.get_by_role("button", name=name).is_visible(), f"{where}: no {name} in the menu"
        shot(page, f"phone-header-{where.split()[-1]}-menu")
        page.keyboard.press("Escape")
        assert not header.get_by_role("link", name="Leaderboard").is_visible()
    menu.click()
    header.get_by_role("link", name="Leaderboard").click()
    page.wait_for_url("**/leaderboard")
    assert menu.get_attribute("aria-expanded") == "false"
    page.set_viewport_size({"width": 1366, "height": 900})
    assert not menu.is_visible()
    for name in hidden:
        assert header.get_by_role("link", name=name).is_visible()
    assert header.evaluate("e => e.getBoundingClientRect().height") <= 60
    assert not page.problems, page.problems


def test_a_tap_outside_the_phone_headers_menu_closes_it_and_does_nothing_else(server: Server, chromium: Any) -> None:
    """Review: the open header menu closed with Escape or a link taken, not with a tap beside it. A tap (or a
    mouse's click) outside it closes it and only that: the menu's row going moves the page up under the finger, so
    the tap does not also press what is under it ("New table" here; a card or End turn at a game). Focus that was
    in the menu goes back to the Menu button; Escape still closes it, and so does a tap on the Menu button."""
    page = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    sign_in(page, server.url, "Dana Longfellow")
    header = page.locator(SITE_HEADER)
    menu = page.locator("[data-testid=menu-button]")
    leaderboard = header.get_by_role("link", name="Leaderboard")
    new_table = page.locator("[data-testid=game-monster-smash] [data-testid=new-table]")
    for how in ("tap", "click"):
        menu.click()
        assert leaderboard.is_visible()
        target = box(page, "[data-testid=game-monster-smash] [data-testid=new-table]")
        x, y = (target["left"] + target["right"]) / 2, (target["top"] + target["bottom"]) / 2
        if how == "tap":
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        page.wait_for_timeout(300)
        assert menu.get_attribute("aria-expanded") == "false", f"a {how} outside left the menu open"
        assert not leaderboard.is_visible(), how
        assert page.locator("[data-testid=create-table]").count() == 0, f"the {how} that closed the menu made a table"
    # the next tap is the player's own again
    new_table.click()
    page.wait_for_selector("[data-testid=create-table]")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=create-table]", state="detached")
    # focus in the menu goes back to the Menu button when the menu closes (Escape, or a tap outside)
    for how in ("Escape", "tap"):
        menu.click()
        leaderboard.focus()
        if how == "Escape":
            page.keyboard.press("Escape")
        else:
            page.touchscreen.tap(PHONE["width"] / 2, PHONE["height"] - 60)
        assert not leaderboard.is_visible(), how
        assert page.evaluate("document.activeElement?.dataset?.testid") == "menu-button", how
    menu.click()
    menu.click()  # the Menu button still toggles: its own tap is not taken for one outside
    assert menu.get_attribute("aria-expanded") == "false"
    assert not problems, problems


# Every item the site header shows, where it is.
HEADER_ITEMS = """header => {
  const items = [...header.querySelectorAll(`a.brand, nav.links a, #site-rules, [data-testid=turns-button],
      [data-testid=who] .avatar, [data-testid=who] .name, [data-testid=who] .badge, #site-account button,
      [data-testid=menu-button]`)]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  return items.map(e => { const r = e.getBoundingClientRect();
    return {what: (e.textContent || '').trim() || e.className,
            left: r.left, right: r.right, top: r.top, bottom: r.bottom}; });
}"""


@pytest.mark.parametrize("name", ["Dana Longfellow", "Wilhelmina Longfellowson"])
def test_the_header_fits_between_a_phone_and_a_laptop(server: Server, chromium: Any, name: str) -> None:
    """Review: at about 800 px (a tablet) the header's name was squeezed to nothing and the "guest" badge lay
    over "Save account"; the logo's words took two lines and below 720 px the header ran off the screen; on a
    phone a long name pushed the turn button and Menu onto a second row. At every width its items sit side by
    side on one row inside the screen, the name shows (cut with "…" when long, whole on hover) and the page does
    not scroll sideways."""
    page = phone_page(chromium)
    sign_in(page, server.url, name)  # a guest: "Save account" and "Log out" in the header too
    start_game(page, "monster-club", players=2, bot="random", options={"first_player": "0"})  # a game waits
    page.wait_for_selector(CLUB)
    page.goto(server.url)
    page.wait_for_function("() => document.querySelector('[data-testid=turns-count]')?.textContent === '1'")
    header = page.locator(SITE_HEADER)
    for width in (375, 520, 600, 700, 760, 800, 850, 900, 1000, 1100, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        items = header.evaluate(HEADER_ITEMS)
        for i, a in enumerate(items):
            assert a["left"] >= 0 and a["right"] <= width, f"{width} px: {a} off the screen"
            for b in items[i + 1 :]:
                apart = a["right"] <= b["left"] or b["right"] <= a["left"]
                apart = apart or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
                assert apart, f"{width} px: {a} and {b} overlap"
        assert header.evaluate("e => e.getBoundingClientRect().height") <= 60, f"{width} px: more than one row"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{width} px: the page scrolls sideways"
        shown = page.locator("[data-testid=who] .name")
        assert shown.evaluate("e => e.getBoundingClientRect().width") >= 40, f"{width} px: the name is squeezed out"
        if shown.evaluate("e => e.scrollWidth > e.clientWidth"):
            title = page.locator("[data-testid=who]").get_attribute("title") or ""
            assert name in title, f"{width} px: the name is cut and not whole on hover"
        if width in (800, 1366):
            shot(page, f"header-{width}-{len(name)}")
    assert not page.problems, page.problems
