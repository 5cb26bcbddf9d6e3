"""A phone, 375 px wide, at the controls (the newcomer review of 2026-12-06, items 1, 12, 13 and 24):

* A refused move's reason shows by the control that asked for it, on the screen, in words: on a phone the
  top of the page is scrolled away, so a reason there looked like a Push button doing nothing.
* Push a Monster's aim starts at an entry mark a push can start from (a mark blocked by a monster sticking
  out there gives way to the next).
* The lobby with long lines of players' names in "My tables" does not scroll sideways.
* Monster Smash shows the monster each opponent plays by name.
* A tap that chooses a card shows no help over the buttons; a press and hold shows it, without choosing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import blocked_mark
from tests.browser.conftest import Server, shot
from tests.browser.pages import guest, new_table
from tests.browser.test_a11y import no_sideways_scroll
from tests.browser.test_games_ui import PUSH, wait_turn_or_end

PHONE = {"width": 375, "height": 740}
SMASH = "[data-testid=smash-board]"


@pytest.fixture(scope="module")
def lair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(Path(tmp_path_factory.mktemp("phone")) / "lair") as srv:
        yield srv


@pytest.fixture(scope="module")
def blocked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose Push a Monster games start with mark A blocked and the first seat to push."""
    with Server(Path(tmp_path_factory.mktemp("blocked")) / "lair", env=blocked_mark.ENV) as srv:
        yield srv


def phone_page(chromium: Any, touch: bool = False) -> Any:
    context = chromium.new_context(viewport=PHONE, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    return page


def table(page: Any, url: str, name: str, game: str, players: int, bot: str, options: dict[str, Any]) -> None:
    """Sign in as the guest ``name``, open a started table of ``game`` against bots and go to it."""
    guest(page, url, name)
    seats = [{"kind": "me"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
    body = {"game": game, "players": players, "options": options, "seats": seats, "start": True}
    page.goto(f"{url}/t/{new_table(page, url, body)}")


def on_screen_by(page: Any, box: str, control: str) -> dict[str, float]:
    """Where ``box`` and ``control`` are on the screen; both must show whole above the phone's bottom bar and
    lie close together (the box is where the player looks after pressing the control)."""
    where: dict[str, float] = page.evaluate(
        """([box, control]) => {
          const b = document.querySelector(box).getBoundingClientRect();
          const c = document.querySelector(control).getBoundingClientRect();
          const dock = document.querySelector('[data-testid=phone-dock]').getBoundingClientRect().top;
          return {top: b.top, bottom: b.bottom, left: b.left, right: b.right,
                  ctop: c.top, cbottom: c.bottom, dock, width: innerWidth};
        }""",
        [box, control],
    )
    assert 0 <= where["top"] and where["bottom"] <= where["dock"], where
    assert 0 <= where["ctop"] and where["cbottom"] <= where["dock"], where
    assert 0 <= where["left"] and where["right"] <= where["width"], where
    gap = max(where["top"] - where["cbottom"], where["ctop"] - where["bottom"])
    assert gap <= 40, where
    return where


# --- Push a Monster: the aim and a refused push ------------------------------------------------------------------
def test_a_push_that_cannot_start_says_why_by_the_push_button(blocked: Server, chromium: Any) -> None:
    page = phone_page(chromium)
    table(page, blocked.url, "Pia", "push-a-monster", 2, "random", {})
    assert wait_turn_or_end(page, PUSH, timeout=90) == "turn"
    assert page.locator(PUSH).get_attribute("data-phase") == "push"
    # aimed from mark A, where the blue Wisp sticks out: the game refuses the push
    page.locator("[data-testid=mark]").select_option(label="A")
    page.locator("[data-testid=push]").click()
    error = page.locator("[data-testid=error]")
    error.wait_for()
    text = error.inner_text()
    assert text.startswith("This push cannot start: the monster and the pusher would start on top of the blue"), text
    assert "x=" not in text and "'" not in text, text  # in words, not the action's text
    on_screen_by(page, "[data-testid=error]", "[data-testid=push]")
    shot(page, "phone-push-refused")
    # a tap elsewhere (to aim again) puts it away
    page.locator("[data-testid=mark]").select_option(label="B")
    page.locator("[data-testid=banner]").click()
    error.wait_for(state="detached")
    assert not page.problems, page.problems


def test_the_aim_starts_at_a_mark_a_push_can_start_from(blocked: Server, chromium: Any) -> None:
    page = phone_page(chromium)
    table(page, blocked.url, "Abe", "push-a-monster", 2, "random", {})
    assert wait_turn_or_end(page, PUSH, timeout=90) == "turn"
    mark = page.locator("[data-testid=mark]")
    chosen = mark.evaluate("s => s.options[s.selectedIndex].text")
    assert chosen != "A", "the aim starts at mark A, where no push can start"
    before = page.locator(PUSH).get_attribute("data-seen")
    page.locator("[data-testid=push]").click()  # the aim as it came: the push is played
    page.wait_for_function(
        """(before) => document.querySelector('[data-testid=error]')
            || document.querySelector('[data-testid=push-board]').dataset.seen !== before""",
        arg=before,
    )
    assert not page.locator("[data-testid=error]").count(), page.locator("[data-testid=error]").inner_text()
    assert not page.problems, page.problems


# --- the lobby ----------------------------------------------------------------------------------------------
def test_my_tables_with_long_names_fit_a_phone(lair: Server, chromium: Any) -> None:
    page = phone_page(chromium)
    guest(page, lair.url, "Bartholomew Longfellow")
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "ismcts"}, {"kind": "bot", "bot": "greedy"}]
    body = {"game": "monster-smash", "players": 3, "options": {}, "seats": seats, "start": True}
    new_table(page, lair.url, body)
    page.goto(lair.url)
    page.wait_for_selector("[data-testid=table-row]")
    no_sideways_scroll(page, "the lobby with my tables")
    # the row's button is on the screen, and every player's name shows whole
    row = page.locator("[data-testid=table-row]").first
    button = row.locator("a.button").bounding_box()
    assert button and button["x"] + button["width"] <= PHONE["width"], button
    cut = row.locator(".seats .seat").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"
    )
    assert cut == [], cut
    row.scroll_into_view_if_needed()
    shot(page, "phone-my-tables")
    assert not page.problems, page.problems


# --- Monster Smash: the opponents' monsters and the help of a tapped card -----------------------------------
def test_smash_on_a_touch_phone_names_monsters_and_a_tap_leaves_no_help_over_the_buttons(
    lair: Server, chromium: Any
) -> None:
    page = phone_page(chromium, touch=True)
    table(page, lair.url, "Tia", "monster-smash", 2, "greedy", {})
    page.wait_for_selector(SMASH)
    # the monster the opponent plays, by name, beside the suit's icon
    display = page.evaluate(
        "async () => (await (await fetch('/api/games')).json()).games.find(g => g.id === 'monster-smash').display"
    )
    leaders = {s["id"]: s["leader"] for s in display["suits"]}
    seat = page.locator("[data-testid=seat-1]")
    suit = seat.evaluate("e => [...e.classList].find(c => c.startsWith('suit-')).slice(5)")
    monster = seat.get_by_text(leaders[suit], exact=True)
    assert monster.is_visible(), f"{leaders[suit]} is not shown"
    box = monster.bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"], box
    # to a turn where a tap chooses cards (burn or attack)
    for _ in range(6):
        assert wait_turn_or_end(page, SMASH, timeout=90) == "turn"
        if page.locator("[data-testid=hand] .card.selectable").count():
            break
        page.locator("[data-testid=keep], [data-testid=skip]").first.tap()
        page.wait_for_function("() => document.querySelector('[data-testid=smash-board]').dataset.busy === 'no'")
    first = page.locator("[data-testid=hand] .card.selectable").first
    card = page.locator(f"[data-testid={first.get_attribute('data-testid')}]")
    tip = page.locator(f"#{card.get_attribute('data-help')}")
    card.tap()
    page.wait_for_function("(c) => c.getAttribute('aria-pressed') === 'true'", arg=card.element_handle())
    page.wait_for_timeout(600)  # longer than a press and hold: nothing comes late
    assert tip.is_hidden(), "a tap that chose a card left its help open"
    assert page.locator(".help-tip:not([hidden])").count() == 0
    shot(page, "phone-smash-tapped")
    # a press and hold shows the help and chooses nothing
    second = page.locator("[data-testid=hand] .card.selectable:not(.selected)").first
    testid = second.get_attribute("data-testid")
    held_tip = page.locator(f"#{second.get_attribute('data-help')}")
    hold(page, second, 800)
    held_tip.wait_for(state="visible")
    assert page.locator(f"[data-testid={testid}]").get_attribute("aria-pressed") == "false"
    shot(page, "phone-smash-held")
    page.locator("[data-testid=banner]").tap()  # a tap elsewhere puts it away
    held_tip.wait_for(state="hidden")
    assert not page.problems, page.problems


def hold(page: Any, locator: Any, ms: int) -> None:
    """A finger pressed on the middle of ``locator`` for ``ms`` milliseconds, then lifted (real touch events)."""
    box = locator.bounding_box()
    assert box
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
