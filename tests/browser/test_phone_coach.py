"""A phone (375 x 812, and 375 x 667): on arrival at a tutorial's first step, the tip's lead words and what they tell
the learner to use are on the first screen, above the Log/Chat bar held at the screen's bottom. (A newcomer's
walkthrough: Monster Club's whole first tip pushed the hand down under that bar, MONSTRA's pushed the acting
creature's Strike and Guard below the fold.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.test_first_screen import at_a_tutorials_first_step
from tests.browser.test_games_ui import wait_turn_or_end
from tests.browser.test_learn import BOARDS, PHONE

# What each tutorial's first step asks the learner to use: one of these must be whole on the first screen.
CONTROL = {
    "monster-smash": "[data-testid=keep], [data-testid=mulligan]",
    "monstra": "[data-testid=act-strike], [data-testid=act-guard]",
    "monster-club": "[data-testid=hand] .ccard",
    "push-a-monster": "[data-testid=arena]",
}

# Each needed thing not whole between the window's top and the top edge of the Log/Chat bar.
HIDDEN = """(control) => {
  const dock = document.querySelector('[data-testid=phone-dock]').getBoundingClientRect().top;
  const lead = document.querySelector('[data-testid=tutorial-prompt] strong');
  const controls = [...document.querySelectorAll(control)].slice(0, 2);
  const needs = [['lead words', lead], ...controls.map(e => [e.dataset.testid || e.className, e])];
  const out = [];
  for (const [name, e] of needs) {
    if (!e) { out.push(`${name}: missing`); continue; }
    const r = e.getBoundingClientRect();
    const whole = r.height && r.top >= -0.5 && r.bottom <= dock + 0.5;
    if (!whole) out.push(`${name} at ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  }
  return {out, dock: Math.round(dock), scrollY};
}"""


# 375 x 667 too where the board leaves the room (Monster Club's and MONSTRA's boards alone take more of it).
SIZES = [(game, 812) for game in CONTROL] + [("monster-smash", 667), ("push-a-monster", 667)]


def tutorial_on_a_phone(server: Server, chromium: Any, game: str, height: int) -> tuple[Any, Any, list[str]]:
    """A phone (375 px wide, touch) with a guest at ``game``'s tutorial, on their first turn: its context, page
    and page errors."""
    phone = chromium.new_context(viewport={**PHONE, "height": height}, has_touch=True, is_mobile=True)
    page = phone.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    at_a_tutorials_first_step(page, server, game)
    page.locator(CONTROL[game]).first.wait_for()
    page.wait_for_timeout(300)
    return phone, page, problems


@pytest.mark.parametrize(("game", "height"), SIZES)
def test_on_a_phone_a_tutorials_first_tip_and_what_it_asks_for_share_the_first_screen(
    server: Server, chromium: Any, game: str, height: int
) -> None:
    phone, page, problems = tutorial_on_a_phone(server, chromium, game, height)
    ARTIFACTS.mkdir(exist_ok=True)  # the first screen as the learner sees it
    page.screenshot(path=str(ARTIFACTS / f"phone-coach-{game}-{height}.png"), animations="disabled")
    at = page.evaluate(HIDDEN, CONTROL[game])
    assert at["scrollY"] == 0 and at["out"] == [], f"{game} at 375 x {height}: {at}"
    assert not problems, problems
    phone.close()


def test_on_a_phone_a_learner_who_opens_a_tip_whole_gets_new_tips_whole(server: Server, chromium: Any) -> None:
    """The new step's first lines and "Whole tip"; opened whole, the next new tip (here: the page reloaded) shows
    whole too, until the learner folds one again with "Shorter"."""
    phone, page, problems = tutorial_on_a_phone(server, chromium, "monster-club", 812)
    coach = page.locator("[data-testid=tutorial][data-step]:not([data-step=wait])")

    def folded() -> bool:
        return "lead" in (coach.get_attribute("class") or "")

    def arrive_again() -> None:
        page.reload()
        assert wait_turn_or_end(page, BOARDS["monster-club"], timeout=60) == "turn"
        coach.wait_for()
        page.locator("[data-testid=tutorial-more]").wait_for()

    assert folded()
    short = coach.bounding_box()["height"]
    page.get_by_role("button", name="Whole tip").tap()
    assert not folded() and coach.bounding_box()["height"] > short
    arrive_again()
    assert not folded(), "the learner's choice of whole tips was forgotten"
    page.get_by_role("button", name="Shorter").tap()
    assert folded()
    arrive_again()
    assert folded()
    assert not problems, problems
    phone.close()
