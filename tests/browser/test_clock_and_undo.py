"""The turn clock, bot takeover and undo in a real browser: the countdown, the warning, a takeover, an undo.

The person's seat plays a deck of quiet monsters (``QUIET_DECK``), so every deal fits what the tests do: the
first hand holds a monster (a hand without one is shown and redrawn first, rule MC-6.2, and the opponent's
choice becomes move 1), and the monster played draws nothing (a random deck may deal Paper Wraith, which draws
a card when played, so the hand would not shrink).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from monsterlair.games.monster_club.cards import CARDS
from tests.browser.conftest import Server, shot
from tests.browser.driver import seen, settle
from tests.browser.pages import new_page, sign_in
from tests.browser.test_games_ui import CLUB, PHONE, wait_turn_or_end


@pytest.fixture
def quick_clock_server(tmp_path: Path) -> Any:
    """A server that accepts turn clocks of a second or more (the default minimum is 10 s)."""
    with Server(tmp_path / "lair", bot_delay=1.5, env={"MONSTERLAIR_CLOCK_MIN_SECONDS": "1"}) as srv:
        yield srv


def quiet_monsters(size: int = 25) -> list[tuple[str, str, int]]:
    """Monsters with no effect when played, as (id, name, copies), ``size`` cards in all: a legal Monster Club
    deck (MC-9) in which every hand holds only monsters whose play changes nothing but the board."""
    picked: list[tuple[str, str, int]] = []
    left = size
    for card in CARDS:
        if card.monster and not card.on_play and left:
            copies = min(card.copies, left)
            picked.append((card.id, card.name, copies))
            left -= copies
    assert not left, "too few quiet monsters for a deck"
    return picked


QUIET = quiet_monsters()
QUIET_DECK = ", ".join(", ".join([cid] * copies) for cid, _, copies in QUIET)
"""The option text of that deck (the new-table form's deck builder writes the same)."""


def build_quiet_deck(page: Any, form: Any, option: str) -> None:
    """Build ``QUIET`` in the new-table form's deck builder of the deck option ``option`` (``deck0``)."""
    deck = form.locator("[data-testid=deck-choice]").filter(has=page.locator(f"select[name=opt-{option}]"))
    deck.locator(f"select[name=opt-{option}]").select_option(label="Build your own…")
    for _, name, copies in QUIET:
        field = deck.locator("label.pick").filter(has=page.get_by_text(name, exact=True)).locator("input")
        if field.get_attribute("type") == "checkbox":
            assert copies == 1, name
            field.check()
        else:
            field.fill(str(copies))
            field.dispatch_event("change")
    expect(deck.locator("[data-testid=deck-tally]")).to_have_text("25 of 25 cards: 25 monsters, 0 power cards — ready")


def clock_text(page: Any) -> str:
    return str(page.locator("[data-testid=turn-clock]").inner_text())


def test_a_clocked_game_counts_down_and_my_move_can_be_taken_back(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    sign_in(page, server.url, "Cleo")
    page.locator("[data-testid=game-monster-club]").get_by_role("button", name="New table").click()
    form = page.locator("[data-testid=create-table]")
    form.locator("select[name=seat-1]").select_option("bot")
    form.locator("select[name=seat-1-bot]").select_option("random")
    form.locator("[name=opt-first_player]").select_option("0")
    build_quiet_deck(page, form, "deck0")
    form.locator("select[name=turn-clock]").select_option(label="5 minutes a turn")
    shot(page, "clock-create-form")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector(CLUB)
    assert wait_turn_or_end(page, CLUB) == "turn"
    clock = page.locator("[data-testid=turn-clock]")
    clock.wait_for()
    assert clock.get_attribute("data-seat") == "0" and clock.get_attribute("data-low") == "no"
    first = clock_text(page)
    assert first.startswith("4:5") or first == "5:00", first
    page.wait_for_timeout(2200)
    assert clock_text(page) != first, "the clock does not count down"
    undo = page.locator("[data-testid=undo]")
    assert undo.is_disabled()  # nothing of mine to take back yet
    hand_before = page.locator("[data-testid=hand] [data-testid^=hand-]").count()
    page.locator("[data-testid=face-down]").set_checked(False)
    before = seen(page, CLUB)
    page.locator("[data-testid=hand] button.ccard.k-monster").first.click()  # a quiet monster: no card effect
    page.locator("[data-testid^=do-own-]").first.click()
    settle(page, CLUB, before)
    # the played card may still be travelling out of the hand (its transition, slow on a busy machine): wait
    # until it has left
    expect(page.locator("[data-testid=hand] [data-testid^=hand-]")).to_have_count(hand_before - 1, timeout=20_000)
    # The play showed the card to everyone, so it stands (issue 13); moving the stack reveals nothing.
    page.wait_for_timeout(300)
    assert undo.is_disabled()
    before = seen(page, CLUB)
    page.locator("[data-action^='move ']").first.click()
    settle(page, CLUB, before)
    page.wait_for_function("() => !document.querySelector('[data-testid=undo]').disabled")
    shot(page, "clock-undo-before")
    # Keyboard only: focus the button and press Enter.
    undo.focus()
    assert page.evaluate("() => document.activeElement?.dataset.testid") == "undo"
    before = seen(page, CLUB)
    page.keyboard.press("Enter")
    settle(page, CLUB, before)
    expect(page.locator("[data-testid=hand] [data-testid^=hand-]")).to_have_count(hand_before - 1)
    log = page.locator("[data-testid=log]").inner_text()
    assert "You take back your last move." in log  # the reader's own undo, in the reader's person
    page.wait_for_function("() => document.querySelector('[data-testid=undo]').disabled")
    shot(page, "clock-undo-after")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "clock-undo-phone")
    assert not problems, problems


def test_a_clock_that_runs_out_lets_a_bot_play_and_the_seat_can_be_taken_back(
    quick_clock_server: Server, chromium: Any
) -> None:
    page, problems = new_page(chromium)
    sign_in(page, quick_clock_server.url, "Dora")
    body = {
        "game": "monster-club",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        # a quiet deck: Dora's first hand holds a monster (no shown hand to answer first), so the bot that takes
        # over plays move 1 ("since move 1")
        "options": {"first_player": 0, "max_turns": 200, "deck0": QUIET_DECK},
        "start": False,
        "turn_seconds": 6,
    }
    r = page.request.post(f"{quick_clock_server.url}/api/tables", data=body, headers={"Origin": quick_clock_server.url})
    assert r.ok, r.text()
    page.goto(f"{quick_clock_server.url}/t/{r.json()['table']['id']}")
    # Dora starts the game once her page shows the table: her six seconds are not spent loading the page.
    page.locator("[data-testid=start]").click()
    page.wait_for_selector(CLUB)
    # Leaving asks first; staying changes nothing. (Asked while the six seconds are fresh: later in the game the
    # clock, running out again during the question, would hand the seat to a bot and end the question with it.)
    page.locator("[data-testid=leave-game]").click()
    assert page.evaluate("() => document.activeElement?.dataset.testid") == "leave-confirm"
    shot(page, "leave-confirm")
    page.locator("[data-testid=leave-cancel]").click()
    assert page.locator("[data-testid=takeover-0]").count() == 0
    page.wait_for_selector("[data-testid=turn-clock][data-low=yes]", timeout=10_000)
    assert page.locator("[data-testid=clock-warning]").is_visible()
    shot(page, "clock-low")
    # The clock runs out: a bot plays Dora's seat, the game is unrated, and Dora may take her seat back.
    page.wait_for_selector("[data-testid=takeover-0]", timeout=15_000)
    assert page.locator("[data-testid=takeover-0]").inner_text() == "— played by bot since move 1"
    assert page.locator("[data-testid=unrated]").is_visible()
    assert "out of time" in page.locator("[data-testid=log]").inner_text()
    # the log numbers the move the takeover names ("since move 1": the bot's first move is move 1)
    page.wait_for_selector("[data-testid=log] li[data-ply='1'] .move-no")
    shot(page, "clock-takeover")
    page.locator("[data-testid=reclaim]").click()
    page.wait_for_selector("[data-testid=takeover-0]", state="detached")
    assert re.search(r"(take|took) (your|their) seat back", page.locator("[data-testid=log]").inner_text())
    # Leaving hands the seat to a bot again.
    page.locator("[data-testid=leave-game]").click()
    page.locator("[data-testid=leave-confirm]").click()
    page.wait_for_selector("[data-testid=takeover-0]")
    assert re.search(r"(You leave|Dora left) the game", page.locator("[data-testid=log]").inner_text())
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shot(page, "leave-takeover-phone")
    assert not problems, problems
