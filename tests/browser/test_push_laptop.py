"""Push a Monster on a laptop, 1366 x 900 (a stranger's report): the arena began some 525 px down the page and
the Push button some 1270 px down, so every turn meant scrolling; the aim's words said "aimed east (9°)" while
the Aim box showed 0; and the supply row's "out 0" did not say what it counts. Now the arena and every control
a push needs share the first screen, the aim's words give the numbers the controls show, and the row says
"fallen" as the rules do (PM-1.2)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from monsterlair.core import State
from tests.browser.conftest import Server, shot
from tests.browser.finished import Found, find_position, store_table
from tests.browser.pages import guest, sign_in
from tests.browser.test_games_ui import PUSH, drag_push, push_decide, start_game, wait_turn_or_end

LAPTOP = {"width": 1366, "height": 900}


def on_first_screen(page: Any, selector: str, height: int = LAPTOP["height"]) -> dict[str, float]:
    """Where ``selector`` sits with the page scrolled to its top; it must show whole without scrolling."""
    page.evaluate("() => window.scrollTo(0, 0)")
    found: dict[str, float] = page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, width: r.width}; }"
    )
    assert 0 <= found["top"] and found["bottom"] <= height, (selector, found)
    return found


def test_on_a_laptop_the_arena_and_the_push_controls_share_the_first_screen(server: Server, chromium: Any) -> None:
    page = chromium.new_context(viewport=LAPTOP).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    sign_in(page, server.url, "Lena")
    start_game(page, "push-a-monster", players=2, bot="random", options={})
    for n in range(8):  # set the start monsters down, take a monster, until a push is to be aimed
        assert wait_turn_or_end(page, PUSH, timeout=90) == "turn"
        if page.locator(PUSH).get_attribute("data-phase") == "push":
            break
        push_decide(page, n)
    assert page.locator(PUSH).get_attribute("data-phase") == "push"
    arena = on_first_screen(page, "[data-testid=arena]")
    assert arena["width"] >= 480, arena  # beside the controls, still a large arena
    for control in ("mode-own", "mark", "slide", "turn", "depth", "facing", "push", "aim-text"):
        on_first_screen(page, f"[data-testid={control}]")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= LAPTOP["width"]
    shot(page, "push-laptop-first-screen")
    # a turn played from the first screen: aimed by dragging on the arena, pushed with the button beside it
    before = page.locator(PUSH).get_attribute("data-seen")
    drag_push(page, 2.4)
    page.locator("[data-testid=push]").click()
    page.wait_for_function(
        """(before) => document.querySelector('[data-testid=error]')
            || document.querySelector('[data-testid=push-board]').dataset.seen !== before""",
        arg=before,
    )
    assert page.evaluate("() => window.scrollY") == 0
    assert problems == [], problems


def my_push(state: State) -> bool:
    """The person's push, with monsters on the arena already."""
    view = state.view(0)
    return state.to_move == 0 and view.get("phase") == "push" and len(view.get("monsters", [])) >= 6


@pytest.fixture(scope="module")
def pushing() -> Found:
    """A game at the person's push (found once: each try plays random Push games with their physics)."""
    return find_position("push-a-monster", 2, {}, my_push, tries=20, max_moves=200)


def open_at_my_push(page: Any, server: Server, found: Found) -> None:
    """A guest (Pia) at a table stored at ``found``, against a bot, on the table's page."""
    me = guest(page, server.url, "Pia")
    table = store_table(server.data_dir, "push-a-monster", 2, {}, [(me, "Pia"), (None, "Bot")], found)
    page.goto(f"{server.url}/t/{table}")


AIM = re.compile(
    r"^Push from (?:mark (?P<mark>\w+)|(?P<slide>[\d.]+) cm (?P<side>right|left) of mark (?P<mark2>\w+)), "
    r"(?:(?P<straight>straight in)|turned (?P<turn>\d+)° (?P<way>left|right)) \(heading [a-z-]+\), "
)


def aim_agrees_with_the_controls(page: Any) -> str:
    """The aim's words name the mark, the slide and the turn the controls show, and no other angle."""
    text = page.locator("[data-testid=aim-text]").inner_text()
    said = AIM.match(text)
    assert said, text
    mark = page.locator("[data-testid=mark]").evaluate("s => s.options[s.selectedIndex].text")
    assert (said["mark"] or said["mark2"]) == mark, (text, mark)
    slide = float(page.locator("[data-testid=slide]").input_value())
    assert (0.0 if said["mark"] else float(said["slide"]) * (1 if said["side"] == "right" else -1)) == slide, text
    turn = int(page.locator("[data-testid=turn]").input_value())
    assert (0 if said["straight"] else int(said["turn"]) * (1 if said["way"] == "left" else -1)) == turn, (text, turn)
    facing = int(page.locator("[data-testid=facing]").input_value())
    assert {int(d) for d in re.findall(r"(\d+)°", text)} <= {abs(turn), facing}, text
    return text


def test_the_aims_words_give_the_numbers_the_controls_show(server: Server, chromium: Any, pushing: Found) -> None:
    page = chromium.new_context(viewport=LAPTOP).new_page()
    open_at_my_push(page, server, pushing)
    page.wait_for_selector("[data-testid=aim-text]")
    # as it starts: straight in from a mark, the Aim box at 0
    assert page.locator("[data-testid=turn]").input_value() == "0"
    assert "straight in" in aim_agrees_with_the_controls(page)
    # the controls change the words
    page.locator("[data-testid=turn]").fill("12")
    page.locator("[data-testid=turn]").press("Enter")
    assert "turned 12° left" in aim_agrees_with_the_controls(page)
    page.locator("[data-testid=turn]").fill("-20")
    page.locator("[data-testid=turn]").press("Enter")
    assert "turned 20° right" in aim_agrees_with_the_controls(page)
    # a drag on the arena sets the controls, and the words still give their numbers
    seen = set()
    for theta in (0.5, 2.2, 3.9, 5.3):
        before = page.locator("[data-testid=arena]").get_attribute("data-aim")
        drag_push(page, theta)
        assert page.locator("[data-testid=arena]").get_attribute("data-aim") != before, theta
        seen.add((page.locator("[data-testid=mark]").input_value(), page.locator("[data-testid=turn]").input_value()))
        aim_agrees_with_the_controls(page)
    assert len(seen) == 4, seen  # each drag moved the mark or the Aim box
    shot(page, "push-aim-words")


PUSH_CONTROLS = ("mode-own", "mode-shove", "mark", "slide", "turn", "depth", "facing", "push")


@pytest.mark.parametrize("height", [768, 900])
def test_on_a_short_laptop_screen_too_the_arena_and_the_push_controls_show_together(
    server: Server, chromium: Any, pushing: Found, height: int
) -> None:
    """1366 x 768 is a common laptop screen (a stranger's report: there the Push button, and the arena's foot, lay
    below the first screen, though both fitted at 1366 x 900)."""
    page = chromium.new_context(viewport={"width": 1366, "height": height}).new_page()
    open_at_my_push(page, server, pushing)
    page.wait_for_selector("[data-testid=push]")
    arena = on_first_screen(page, "[data-testid=arena]", height)
    assert arena["width"] >= 480, arena
    for control in PUSH_CONTROLS:
        on_first_screen(page, f"[data-testid={control}]", height)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1366
    shot(page, f"push-laptop-1366x{height}")


def test_the_supply_row_says_what_it_counts_in_the_rules_words(server: Server, chromium: Any, pushing: Found) -> None:
    page = chromium.new_context(viewport=LAPTOP).new_page()
    open_at_my_push(page, server, pushing)
    rows = page.locator("section.supply .kind")
    rows.first.wait_for()
    texts = [" ".join(t.split()) for t in rows.all_inner_texts()]
    gloop = next(t for t in texts if t.startswith("Gloop"))
    assert re.fullmatch(r"Gloop \d+ in the supply · \d+ fallen · token 2 long", gloop), texts
    drake = next(t for t in texts if t.startswith("Drake"))
    assert re.fullmatch(r"Drake start pieces only · \d+ fallen · token 8 long", drake), texts
    assert not any(" out " in t for t in texts), texts
