"""Every way a game can end has its own end screen, in the reader's words (issue 13, items 3–5).

Each case stores a finished game that ends that way (``finished.py``: the server's own table logic and
store) and opens it in the browser as a player: win and loss, draw, shared win, a lost mission, a game
stopped by a safety cap, and a game with an order of elimination. The words come from the server (the
``result_text`` of the snapshot); the test checks the page shows them, that every number says what it
counts, and that the lobby lists the game with the same headline a spectator reads. Screenshots at
1366 and 375 px wide land in test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from monsterlair.core import Result, State
from tests.browser.conftest import Server, shot
from tests.browser.finished import find_game, find_position, store_table
from tests.browser.pages import guest, new_page

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 375, "height": 812}


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any]
    wanted: Callable[[Result], bool]
    outcome: str  # what the person at seat 0 reads
    headline: str  # a pattern the headline of seat 0 matches
    line: str = ""  # a pattern one of the sentences under it matches
    bots: tuple[str, ...] = field(default=())
    detail: str = ""  # a pattern seat 0's "what decided it" cell matches (a tiebreak the scores do not show)


CASES = {
    "win": Case(
        "monster-smash",
        2,
        {},
        lambda r: r.winners == (0,),
        "win",
        r"^You win",
        r"^Won ",
        ("Gobble (Random bot)",),
    ),
    "loss": Case(
        "monster-smash",
        2,
        {},
        lambda r: r.winners == (1,),
        "loss",
        r"^Gobble \(Random bot\) wins",
        r"^Won ",
        ("Gobble (Random bot)",),
    ),
    "draw": Case(
        "monster-club",
        2,
        {},
        lambda r: not r.winners and not r.capped and not r.everyone_lost,
        "draw",
        r"^A draw$",
        r"no winner",
        ("Gobble (Random bot)",),
    ),
    "shared_win": Case(
        "push-a-monster",
        2,
        {},
        lambda r: len(r.winners) > 1,
        "shared_win",
        r"^Shared win: you and Gobble",
        r"shared",
        ("Gobble (Random bot)",),
    ),
    "mission_lost": Case(
        "monstra",
        1,
        {"mode": "mission"},
        lambda r: r.everyone_lost,
        "mission_lost",
        r"Guardian",
        r"HP",
    ),
    "round_limit": Case(  # review item 4: knockouts scored tie; the HP left decided it, and the standings say so
        "monstra",
        2,
        {"mode": "duel", "rounds": 1},
        lambda r: (
            r.termination == "round-limit"
            and r.winners == (0,)
            and r.detail["knockouts"]["A"] == r.detail["knockouts"]["B"]
        ),
        "win",
        r"^You win",
        r"^Creatures lost were equal \(\d+ each\), so more HP left on the active creatures wins: you \d+, Gobble",
        ("Gobble (Random bot)",),
        r"^\d+ HP$",
    ),
    "capped": Case(
        "monster-smash",
        2,
        {"max_turns": 6},
        lambda r: r.capped and not r.winners,
        "capped",
        r"^Stopped at",
        r"turn limit",
        ("Gobble (Random bot)",),
    ),
    "elimination": Case(
        "monster-smash",
        4,
        {},
        lambda r: len(r.detail.get("eliminated", ())) == 3 and r.detail["eliminated"][0] == 0,
        "loss",
        r"wins$",
        r"^Out of the game: (you|Ann) first, then ",
        ("Gobble (Random bot)", "Tumble (Random bot)", "Pip (Random bot)"),
    ),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_each_way_a_game_ends_has_its_own_end_screen(server: Server, chromium: Any, kind: str) -> None:
    case = CASES[kind]
    page, problems = new_page(chromium)
    page.set_viewport_size(WIDE)
    ann = guest(page, server.url, "Ann")
    found = find_game(case.game, case.players, case.options, case.wanted)
    seats = [(ann, "Ann"), *((None, name) for name in case.bots)]
    table_id = store_table(server.data_dir, case.game, case.players, case.options, seats, found)

    page.goto(f"{server.url}/t/{table_id}")
    end = page.locator("[data-testid=end-screen]")
    end.wait_for()
    assert end.get_attribute("data-outcome") == case.outcome
    headline = page.locator("[data-testid=headline]").inner_text()
    assert re.search(case.headline, headline), headline
    lines = page.locator("[data-testid=result-line]").all_inner_texts()
    assert any(re.search(case.line, t) for t in lines), lines
    # the standings: one row a seat, best first, each number with what it counts ("3 cards", not "3")
    rows = page.locator("[data-testid^=standing-]")
    assert rows.count() == case.players
    ranks = [int(r.removeprefix("#")) for r in page.locator("[data-testid^=standing-] .rank").all_inner_texts()]
    assert ranks == sorted(ranks)
    for text in page.locator("[data-testid^=standing-] .score").all_inner_texts():
        assert re.fullmatch(r"-?[\d.]+ [A-Za-z].*|[A-Za-z].*", text), f"an unlabelled number: {text!r}"
    # each score names what it counts, so its column is headed "Score" (review: "Knockouts scored" over
    # "0 knockouts scored" in every cell said it twice)
    assert page.locator("[data-testid=score-label]").text_content() == "Score"
    assert "(you)" in page.locator("[data-testid=standing-0]").inner_text()
    if case.detail:
        label = str(page.locator("[data-testid=detail-label]").text_content())
        assert label
        # review: the caption read "…; what decided it: creatures lost, then hp left" (HP is never lower-case)
        caption = page.locator("[data-testid=standings] caption").inner_text()
        first = label.split()[0]
        mid = label if len(first) > 1 and first.isupper() else label[:1].lower() + label[1:]  # "HP left …" stays
        assert caption.endswith(f", then {mid}") and not re.search(r"\bhp\b", caption), caption
        assert re.search(case.detail, page.locator("[data-testid=detail-0]").inner_text())
    else:
        assert page.locator("[data-testid=detail-label]").count() == 0
    if kind == "shared_win":
        assert ranks == [1, 1]
    text = end.inner_text()
    assert not re.search(r"\w+=\w|\[\d|_", text), f"code or a dump on the end screen: {text!r}"
    shot(page, f"end-{kind}-1366")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    end.scroll_into_view_if_needed()
    shot(page, f"end-{kind}-375")

    # the lobby lists the game with the same words, for the same reader
    page.set_viewport_size(WIDE)
    page.goto(server.url)
    summaries = page.locator("[data-testid=result-summary]")
    summaries.first.wait_for()
    assert headline in summaries.all_inner_texts()
    assert case.outcome in [summaries.nth(i).get_attribute("data-outcome") for i in range(summaries.count())]
    assert not problems, problems


def test_the_last_move_bar_tells_the_roll_that_ended_a_push_a_monster_game(server: Server, chromium: Any) -> None:
    """The roll of the die opens a turn, yet it can end the game (PM-9): the last-move bar on the final position
    tells the move whole, push, roll and end, as the log does."""
    page, problems = new_page(chromium)
    page.set_viewport_size(PHONE)
    ann = guest(page, server.url, "Ann")
    found = find_game("push-a-monster", 2, {}, lambda r: r.termination == "kind_exhausted")
    table_id = store_table(
        server.data_dir, "push-a-monster", 2, {}, [(ann, "Ann"), (None, "Gobble (Random bot)")], found
    )
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=end-screen]").wait_for()
    bar = page.locator("[data-testid=last-move-text]").inner_text()
    parts = bar.split(" · ")
    assert re.search(r"\brolls? an? \w+ \w+\.$", parts[-2]), bar  # "Gobble (Random bot) rolls a red Imp."
    assert parts[-1].startswith("The game ends"), bar
    assert re.search(r"\b(push|pushes|nudge|nudges)\b", parts[0]), bar
    page.locator("[data-testid=last-move]").scroll_into_view_if_needed()
    shot(page, "push-end-last-move-375")
    page.set_viewport_size(WIDE)
    page.wait_for_timeout(200)
    shot(page, "push-end-last-move-1366")


def _ends_by_a_strike_on_the_guardian(state: State) -> bool:
    """Seat 0 is to move, and a Strike on the Rift Guardian ends the mission."""
    if state.over or state.to_move != 0:
        return False
    strike = next((a for a in state.legal_actions() if str(a) == "strike g"), None)
    if strike is None:
        return False
    after = state.clone()
    after.apply(strike)
    return after.over


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["375", "1366"])
def test_no_tooltip_stays_over_the_end_screen(server: Server, chromium: Any, size: dict[str, int]) -> None:
    """The review's last Strike (a click on the Guardian, its tooltip showing under the pointer) ended the mission,
    and the "Rift Guardian · 23 of 44 HP" tooltip stayed over the standings, hiding the player's row. The end
    of the game closes every tooltip, and none opens again over the end screen while the pointer rests."""
    page, problems = new_page(chromium)
    page.set_viewport_size(size)
    ann = guest(page, server.url, "Ann")
    options = {"mode": "mission"}
    found = find_position("monstra", 1, options, _ends_by_a_strike_on_the_guardian, max_moves=3000)
    table_id = store_table(server.data_dir, "monstra", 1, options, [(ann, "Ann")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=monstra-board][data-busy=no]").wait_for()
    guardian = page.locator("button.creature.targetable[data-unit=g]")
    guardian.scroll_into_view_if_needed()
    guardian.hover()
    tip = page.locator(f"#{guardian.get_attribute('data-help')}")
    tip.wait_for(state="visible")
    assert "Rift Guardian" in tip.inner_text()
    guardian.click()  # the Strike: the last move
    end = page.locator("[data-testid=end-screen]")
    end.wait_for()
    page.wait_for_timeout(1200)  # a hover's delay and more: nothing opens again under the resting pointer
    shown = page.locator(".help-tip:not([hidden])")
    assert shown.count() == 0, shown.all_inner_texts()
    row = page.locator("[data-testid=standing-0]")
    row.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    box = row.bounding_box()
    assert box is not None
    covered = page.evaluate(
        "([x, y]) => !document.elementFromPoint(x, y)?.closest('[data-testid=end-screen]')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert not covered, "something covers the player's row of the standings"
    shot(page, f"end-no-tooltip-{size['width']}")
    assert not problems, problems
