"""Narrower than a laptop (one column), the table's pieces lie on the screen in the page's own order: the players'
bar, the tutorial's coach, the Hint, the last move, then the board. A screen reader reads them, and Tab reaches
their buttons, in that order, so what is heard next is what is seen next. (The coach and the Hint were placed
between the last move and the board while the page held them before the last move: read and tabbed to first,
seen below it.) On a phone the bar goes under the board, to keep the hand on the first screen; the others keep
their order."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server, shot
from tests.browser.pages import new_page
from tests.browser.test_first_screen import at_a_tutorials_first_step
from tests.browser.test_games_ui import wait_turn_or_end

# Each piece in the page's order: its selector and its name in the messages.
PIECES = (
    (".play > .table-bar", "bar"),
    ("[data-testid=tutorial]", "coach"),
    ("[data-testid=hint-bar]", "hint"),
    ("[data-testid=last-move]", "last move"),
    ("[data-testid=monstra-board]", "board"),
)

# The pieces shown, in the page's order, with the top of each on the screen.
TOPS = """(pieces) => {
  const found = pieces.map(([sel, name]) => [document.querySelector(sel), name]).filter(([e]) => e);
  found.sort(([a], [b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return found.filter(([e]) => e.getBoundingClientRect().height > 0)
    .map(([e, name]) => [name, Math.round(e.getBoundingClientRect().top + scrollY)]);
}"""


@pytest.mark.parametrize(("width", "bar_first"), [(800, True), (375, False)])
def test_in_one_column_the_pieces_of_a_table_are_seen_in_the_order_they_are_read(
    server: Server, chromium: Any, width: int, bar_first: bool
) -> None:
    page, problems = new_page(chromium, {"width": width, "height": 900})
    at_a_tutorials_first_step(page, server, "monstra")
    page.locator("[data-testid=act-guard]").click()  # a move made: the last move has something to say
    assert wait_turn_or_end(page, "[data-testid=monstra-board]") == "turn"
    page.locator("[data-testid=last-move] .move").first.wait_for()
    tops = page.evaluate(TOPS, [list(p) for p in PIECES])
    shot(page, f"reading-order-{width}")
    names = [name for name, _ in tops]  # the page's order of the pieces shown
    assert sorted(names) == sorted(name for _, name in PIECES), tops  # each piece shown
    seen = [name for name, _ in sorted(tops, key=lambda t: t[1])]
    expected = names if bar_first else [n for n in names if n != "bar"] + ["bar"]
    assert seen == expected, f"at {width} px the screen shows {seen}, the page reads {names}: {tops}"
    assert not problems, problems
