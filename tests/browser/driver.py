"""Plays through the page like a person: Monster Smash's decisions (reads the board, clicks cards and buttons),
and, for every game's board, the wait until the table has answered a move (:func:`seen`, :func:`settle`)."""

from __future__ import annotations

import time
from typing import Any

BOARD = "[data-testid=smash-board]"
IDLE = "() => { const b = document.querySelector('[data-testid=smash-board]'); return !b || b.dataset.busy === 'no'; }"


def board_state(page: Any) -> dict[str, str]:
    """The board's phase, whose move, and whether an action is in flight ("" when there is no board)."""
    out: dict[str, str] = page.evaluate(
        """() => {
          const b = document.querySelector('[data-testid=smash-board]');
          const end = document.querySelector('[data-testid=end-screen]');
          return b ? {phase: b.dataset.phase, mine: b.dataset.myTurn, busy: b.dataset.busy, end: end ? 'yes' : 'no'}
                   : {phase: '', mine: 'no', busy: 'no', end: end ? 'yes' : 'no'};
        }"""
    )
    return out


def hand_codes(page: Any) -> list[str]:
    """The cards in the player's hand, in order."""
    codes: list[str] = page.eval_on_selector_all("[data-testid=hand] .card", "els => els.map(e => e.dataset.card)")
    return codes


def wait_for_my_turn_or_end(page: Any, timeout: float = 30.0) -> str:
    """Wait until it is this page's move (returns 'turn') or the end screen shows ('end')."""
    page.wait_for_function(
        """() => {
          if (document.querySelector('[data-testid=end-screen]')) return true;
          const b = document.querySelector('[data-testid=smash-board]');
          return b && b.dataset.myTurn === 'yes' && b.dataset.busy === 'no';
        }""",
        timeout=timeout * 1000,
    )
    return "end" if board_state(page)["end"] == "yes" else "turn"


def _click_cards(page: Any, selector: str, limit: int) -> int:
    cards = page.locator(f"[data-testid=hand] {selector}:not([aria-disabled=true])")
    n = min(cards.count(), limit)
    for i in range(n):
        cards.nth(i).click()
    return n


ANSWERED = """([sel, before]) => {
  if (document.querySelector('[data-testid=error], [data-testid=end-screen]')) return true;
  const b = document.querySelector(sel);
  return !b || (Number(b.dataset.seen) > before && b.dataset.busy === 'no');
}"""


def seen(page: Any, board: str) -> int:
    """How many positions the board (a selector) has shown: read it before a move, hand it to :func:`settle`."""
    return int(page.locator(board).get_attribute("data-seen") or 0)


def answered(page: Any, board: str, before: int) -> None:
    """Wait until the table has answered a move sent after ``before`` = :func:`seen`: the board shows a later
    position (and no action is in flight), a refusal or the end, so what the page says next is never the old
    position. A refusal is left on the page."""
    page.wait_for_function(ANSWERED, arg=[board, before], timeout=30_000)


def settle(page: Any, board: str, before: int, *, refusable: bool = False) -> bool:
    """After a click that sends an action: wait for the answer (:func:`answered`). A refusal fails the test, or,
    when ``refusable`` (a push aimed where the game says it cannot start), is dismissed and reported as False."""
    answered(page, board, before)
    error = page.locator("[data-testid=error]")
    if error.count():
        if not refusable:
            raise AssertionError(f"the server refused a move: {error.inner_text()}")
        assert "cannot start" in error.inner_text() or "must" in error.inner_text(), error.inner_text()
        error.get_by_role("button", name="Dismiss").click()
        return False
    return True


def play_one_decision(page: Any) -> str:
    """Make the decision at hand with a simple, aggressive plan, and wait until the table has answered it
    (:func:`answered`: a refusal is left for the caller); returns the phase it acted in."""
    before = seen(page, BOARD)
    phase = _decide(page)
    answered(page, BOARD, before)
    return phase


def _decide(page: Any) -> str:
    state = board_state(page)
    phase = state["phase"]
    if phase == "first_turn":
        page.get_by_role("button", name="Keep hand").click()
    elif phase == "burn":
        hand = hand_codes(page)
        if len(hand) >= 7 and _click_cards(page, ".card:not(.own)", 2) == 2:
            page.locator("[data-testid=burn]").click()  # a two-card batch: burn, burn, done
        else:
            page.locator("[data-testid=skip]").click()
    elif phase == "attack":
        own = _click_cards(page, ".card.own", 4)
        _click_cards(page, ".card:not(.own)", 1)
        targets = page.locator("[data-testid^=attack-bar-]")
        if own and targets.count() and targets.first.is_enabled():
            targets.first.click()  # a batch: attack S, play..., done
        else:
            page.locator("[data-testid=skip]").click()
    elif phase == "attack_cards":
        page.get_by_role("button", name="Confirm attack").click()
    elif phase == "defend":
        own = page.locator("[data-testid=hand] .card.own:not([aria-disabled=true])")
        if own.count():
            own.last.click()
            others = page.locator("[data-testid=hand] .card:not(.selected):not([aria-disabled=true])")
            if others.count():
                others.last.click()
            page.locator("[data-testid=defend]").click()
        else:
            page.locator("[data-testid=skip]").click()
    else:
        raise AssertionError(f"unexpected phase {phase!r}")
    return phase


def play_until_end(page: Any, limit_s: float = 150.0, on_turn: Any = None) -> int:
    """Play this page's decisions until the end screen; returns how many decisions it made."""
    start = time.monotonic()
    decisions = 0
    while time.monotonic() - start < limit_s:
        if wait_for_my_turn_or_end(page) == "end":
            return decisions
        if on_turn is not None:
            on_turn(decisions)
        play_one_decision(page)
        decisions += 1
        page.wait_for_function(IDLE)
        error = page.locator("[data-testid=error]")
        if error.count():
            raise AssertionError(f"the server refused a move: {error.inner_text()}")
    raise AssertionError("the game did not end in time")
