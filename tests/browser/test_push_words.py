"""Push a Monster's words under the arena say what its fields show (a stranger's report, phone and laptop): at the
set-up the words said "near mark M" while the fields showed 0, 0 from the centre; and a nudge's or shove's direction
was a number of degrees in its field ("0 points right") while the push's words said "heading east". Now the set-up's
words give the fields' own numbers (from the centre, turned), and every direction reads as its degrees with the
compass word beside them, in the field and in the words, from the game's words module (its display data)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from monsterlair.core import State
from monsterlair.games.push_a_monster.words import compass, direction
from tests.browser.conftest import Server, shot
from tests.browser.finished import Found, find_position, position
from tests.browser.test_push_laptop import open_at_my_push

PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1366, "height": 768}


def my_setup(state: State) -> bool:
    """The person sets a start monster down, with one on the arena already."""
    view = state.view(0)
    return state.to_move == 0 and view.get("phase") == "setup" and len(view.get("monsters", [])) >= 1


def my_nudge(state: State) -> bool:
    view = state.view(0)
    return state.to_move == 0 and view.get("phase") == "nudge" and len(view.get("monsters", [])) >= 3


@pytest.fixture(scope="module")
def setting_up() -> Found:
    return find_position("push-a-monster", 2, {}, my_setup, tries=10, max_moves=20)


@pytest.fixture(scope="module")
def nudging() -> Found:
    return find_position("push-a-monster", 2, {}, my_nudge, tries=40, max_moves=300)


def open_at(page: Any, server: Server, found: Found) -> None:
    open_at_my_push(page, server, found)
    page.wait_for_selector("[data-testid=aim-text]")


def value(page: Any, testid: str) -> float:
    return float(page.locator(f"[data-testid={testid}]").input_value())


def note(page: Any, testid: str) -> str:
    return page.locator(f"[data-testid={testid}-note]").inner_text()


def label(page: Any, testid: str) -> str:
    """The words of a field's label, as they show beside it."""
    return str(page.locator(f"[data-testid={testid}]").evaluate("e => e.labels[0].innerText")).strip()


DIRECTION_LABEL = f"Direction in degrees (0° = {compass(0)}, 90° = {compass(90)})"
"""A nudge's or shove's direction field: it read "Direction (0 points right, 90 up) (degrees)", two brackets in a
row, in screen terms beside a compass word; the rules' convention (0° east, counter-clockwise) in the game's words."""


PLACE = re.compile(r"^Place an? [a-z]+ [A-Za-z]+ (?P<spot>at the centre|.+ from the centre), facing (?P<dir>.+)\.$")


def place_words_agree_with_the_fields(page: Any) -> str:
    """The set-up's words name the spot and the turn the fields show, in the fields' terms."""
    text = page.locator("[data-testid=aim-text]").inner_text()
    said = PLACE.match(text)
    assert said, text
    assert "mark" not in text, text
    x, y, angle = value(page, "place-x"), value(page, "place-y"), value(page, "place-angle")
    offsets = {way: float(cm) for cm, way in re.findall(r"([\d.]+) cm (right|left|up|down)", said["spot"])}
    assert offsets.get("right", 0) - offsets.get("left", 0) == x, (text, x)
    assert offsets.get("up", 0) - offsets.get("down", 0) == y, (text, y)
    assert (said["spot"] == "at the centre") == (x == 0 and y == 0), text
    assert said["dir"] == direction(angle), (text, angle)
    assert note(page, "place-angle") == f"facing {compass(angle)}"
    return text


def test_the_set_ups_words_give_the_fields_numbers_and_the_ghost_shows_at_once(
    server: Server, chromium: Any, setting_up: Found
) -> None:
    page = chromium.new_context(viewport=PHONE).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    open_at(page, server, setting_up)
    place_words_agree_with_the_fields(page)
    for field, typed in (("place-x", "-12.5"), ("place-y", "4"), ("place-angle", "100")):
        page.locator(f"[data-testid={field}]").fill(typed)
        page.locator(f"[data-testid={field}]").press("Enter")
    text = place_words_agree_with_the_fields(page)
    assert "12.5 cm left and 4 cm up from the centre, facing 100° (north)" in text, text
    shot(page, "push-setup-words-phone")
    # the monster to place shows on the arena as soon as the page opens: moved onto the one set down before,
    # Place waits and says why (before, its shape was unknown until the next move, so Place let it through)
    there = position("push-a-monster", 2, {}, setting_up).view(0)["monsters"][0]
    page.locator("[data-testid=place-x]").fill(f"{there['x'] * 10:.1f}")
    page.locator("[data-testid=place-y]").fill(f"{there['y'] * 10:.1f}")
    page.locator("[data-testid=place-y]").press("Enter")
    assert page.locator("[data-testid=place]").is_disabled()
    assert "touch" in page.locator("[data-testid=place-why]").inner_text()
    assert problems == []


def test_a_nudges_and_a_shoves_direction_read_in_degrees_with_the_compass_word(
    server: Server, chromium: Any, nudging: Found
) -> None:
    page = chromium.new_context(viewport=LAPTOP).new_page()
    open_at(page, server, nudging)
    words = page.locator("[data-testid=aim-text]")
    for typed in (None, "180", "45", "300"):
        if typed is not None:
            page.locator("[data-testid=nudge-angle]").fill(typed)
            page.locator("[data-testid=nudge-angle]").press("Enter")
        angle = value(page, "nudge-angle")
        assert note(page, "nudge-angle") == compass(angle)
        assert re.fullmatch(rf"Nudge toward {re.escape(direction(angle))}, [\d.]+ cm\.", words.inner_text())
    assert note(page, "nudge-angle") == "south-east" and "300° (south-east)" in words.inner_text()
    assert label(page, "nudge-angle") == DIRECTION_LABEL
    shot(page, "push-nudge-words-laptop")
    # a shove reads the same way
    page.locator("[data-testid=mode-shove]").click()
    target = page.locator("[data-testid=shove-target]")
    target.select_option(index=1)
    page.locator("[data-testid=shove-angle]").fill("90")
    page.locator("[data-testid=shove-angle]").press("Enter")
    assert note(page, "shove-angle") == "north"
    assert label(page, "shove-angle") == DIRECTION_LABEL
    assert re.fullmatch(r"Shove an? [a-z]+ [A-Za-z]+ toward 90° \(north\), [\d.]+ cm\.", words.inner_text())
