"""On arriving at a game on a laptop (1366 x 900), what the player must act on is on the first screen: their cards
and the decision's buttons, with the tutorial's coach showing too. (Stacked above the board, the players' bar,
the last move, the coach and the Hint button pushed the hand and Keep hand / Mulligan, Strike / Guard and the
tactics, Monster Club's whole hand, under the fold; Monster Club's turn bar, held to the window's bottom edge,
lay over the player's own spaces.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server, shot
from tests.browser.pages import guest, new_page
from tests.browser.test_games_ui import wait_turn_or_end
from tests.browser.test_learn import BOARDS, TITLES, started

LAPTOP = {"width": 1366, "height": 900}

# What the player acts on first in each game's tutorial: the cards in hand and the first decision's buttons.
FIRST: dict[str, tuple[str, str]] = {
    "monster-smash": ("[data-testid=hand] .card", "[data-testid=keep], [data-testid=mulligan]"),
    "monstra": (
        "[data-testid=tactics] .tactic",
        "[data-testid=act-strike], [data-testid=act-signature], [data-testid=act-guard]",
    ),
    "monster-club": ("[data-testid=hand] .ccard", "[data-testid=end-turn], [data-testid=face-down]"),
}

# Each thing the player needs that is not whole inside the window (or lies under Monster Club's turn bar).
OFF_SCREEN = """([cards, buttons]) => {
  const need = [...document.querySelectorAll(cards), ...document.querySelectorAll(buttons),
                document.querySelector('[data-testid=tutorial]')];
  const bar = document.querySelector('[data-testid=turn-bar]');
  const row = bar ? bar.getBoundingClientRect() : null;
  const spaces = [...document.querySelectorAll('[data-testid^=space-own-]')];
  const out = need.map(e => {
    if (!e) return 'missing';
    const r = e.getBoundingClientRect();
    const name = e.getAttribute('data-testid') || e.textContent.trim().slice(0, 20);
    return r.height && r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= 0 && r.right <= innerWidth
      ? null : `${name} at ${Math.round(r.top)}-${Math.round(r.bottom)}`;
  }).filter(Boolean);
  for (const s of spaces) {
    const r = s.getBoundingClientRect();
    if (row && r.top < row.bottom - 0.5 && row.top < r.bottom - 0.5) out.push(`${s.dataset.testid} under the turn bar`);
  }
  return {out, scrollY, height: innerHeight};
}"""


def at_a_tutorials_first_step(page: Any, server: Server, game: str) -> None:
    """A new guest starts ``game``'s tutorial from its rules page; returns at their first move, its step shown."""
    guest(page, server.url, "Newbie")
    page.goto(f"{server.url}/rules/{game}")
    page.get_by_role("button", name=f"Play the tutorial: {TITLES[game]}").click()
    page.locator(BOARDS[game]).wait_for()
    assert wait_turn_or_end(page, BOARDS[game], timeout=60) == "turn"
    page.locator("[data-testid=tutorial][data-step]:not([data-step=wait])").wait_for()


@pytest.mark.parametrize("game", list(FIRST))
def test_on_arrival_at_a_tutorial_the_hand_and_the_decision_are_on_a_laptops_first_screen(
    server: Server, chromium: Any, game: str
) -> None:
    page, problems = new_page(chromium, LAPTOP)
    at_a_tutorials_first_step(page, server, game)
    cards, buttons = FIRST[game]
    at = page.evaluate(OFF_SCREEN, [cards, buttons])
    shot(page, f"first-screen-{game}")
    assert at["scrollY"] == 0 and at["out"] == [], f"{game}: not on the first screen: {at}"
    assert not problems, problems


def test_the_coach_keeps_its_step_when_the_window_crosses_to_the_narrow_layout_and_back(
    server: Server, chromium: Any
) -> None:
    """A review: the coach is drawn beside the board on a laptop and above it on a narrower window, and crossing
    900 px (a tablet turned) made a new coach, which chose its step again with the one just shown counted as seen:
    the learner's tip changed and the count went up with nothing played. The step, the count and the "New" mark
    stay as they were, both ways, and so does an open "Leave?" question of the players' bar."""
    page, problems = new_page(chromium, LAPTOP)
    guest(page, server.url, "Newbie")
    page.goto(f"{server.url}/rules/monstra")
    page.get_by_role("button", name=f"Play the tutorial: {TITLES['monstra']}").click()
    page.locator(BOARDS["monstra"]).wait_for()
    assert wait_turn_or_end(page, BOARDS["monstra"], timeout=60) == "turn"
    coach = page.locator("[data-testid=tutorial][data-step]:not([data-step=wait])")
    coach.wait_for()

    def told() -> tuple[str | None, str, int]:
        return (
            coach.get_attribute("data-step"),
            page.locator("[data-testid=tutorial-count]").inner_text(),
            page.locator("[data-testid=tutorial-new]").count(),
        )

    before = told()
    page.locator("[data-testid=leave-game]").click()  # the players' bar's question moves with it too
    for width in (800, LAPTOP["width"]):
        page.set_viewport_size({"width": width, "height": LAPTOP["height"]})
        page.wait_for_timeout(300)
        assert told() == before, f"at {width} px"
        assert page.locator("[data-testid=leave-cancel]").is_visible(), f"at {width} px the Leave? question closed"
    page.locator("[data-testid=leave-cancel]").click()
    assert page.locator("[data-testid=leave-game]").is_visible()
    assert not problems, problems


def test_the_focus_stays_on_the_hint_and_the_players_bar_when_the_window_crosses_900_px(
    server: Server, chromium: Any
) -> None:
    """The players' bar and the Hint are beside the board on a laptop and above it on a narrower window. They were
    drawn anew in their other place when the window crossed 900 px (a tablet turned), and a keyboard user's focus on
    the Hint button or on "Leave game…" went back to the page's start. Each is drawn once and only moved now: the
    focus stays on the same button, both ways."""
    page, problems = new_page(chromium, LAPTOP)
    guest(page, server.url, "Keys")
    page.goto(f"{server.url}/t/{started(page, server.url, 'monstra')}")
    assert wait_turn_or_end(page, BOARDS["monstra"], timeout=60) == "turn"
    for control in ("hint-button", "leave-game"):
        button = page.locator(f"[data-testid={control}]")
        button.focus()
        button.evaluate("b => (window.__focused = b)")
        for width in (800, LAPTOP["width"]):
            page.set_viewport_size({"width": width, "height": LAPTOP["height"]})
            page.wait_for_timeout(300)
            focused = page.evaluate(
                "() => document.activeElement === window.__focused ? 'the same button'"
                " : document.activeElement.getAttribute('data-testid') || document.activeElement.tagName"
            )
            assert focused == "the same button", f"{control} at {width} px: the focus is on {focused}"
    assert not problems, problems
