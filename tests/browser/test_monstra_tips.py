"""MONSTRA's creatures at 1366 px: a click that acts leaves no tooltip over the board, and a tie on SPD does not
tag both tied creatures as the one that acts first (review items of the polish pass)."""

from __future__ import annotations

from typing import Any, cast

from monsterlair.core import State
from monsterlair.games.monstra.state import MonstraState
from monsterlair.games.monstra.view import phase
from tests.browser.conftest import Server, shot
from tests.browser.finished import find_position, store_table
from tests.browser.pages import guest, new_page

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 375, "height": 812}
DUEL = {"mode": "duel"}


def _phase(state: State) -> str:
    return phase(cast(MonstraState, state))


SEATS_OF = "monstra", 2, DUEL


def _a_strike_that_goes_on(state: State) -> bool:
    """Seat 0 acts, may Strike an enemy, and the game goes on after the Strike."""
    if state.over or state.to_move != 0 or _phase(state) != "act":
        return False
    for a in state.legal_actions():
        if str(a).startswith("strike "):
            after = state.clone()
            after.apply(a)
            return not after.over
    return False


def _a_tie_to_order(state: State) -> bool:
    """Seat 0 chooses which of two of its creatures of equal speed acts first."""
    return not state.over and state.to_move == 0 and _phase(state) == "order"


def _open(chromium: Any, server: Server, size: dict[str, int], wanted: Any) -> Any:
    page, problems = new_page(chromium)
    page.set_viewport_size(size)
    ann = guest(page, server.url, "Ann")
    found = find_position(*SEATS_OF, wanted)
    table_id = store_table(server.data_dir, *SEATS_OF, [(ann, "Ann"), (None, "Gobble (Random bot)")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=monstra-board][data-busy=no]").wait_for()
    return page, problems


def test_a_click_that_strikes_leaves_no_tooltip_over_the_board(server: Server, chromium: Any) -> None:
    """A mouse click on an enemy Strikes it; the click also focused it, and focus shows its tooltip, which stayed
    over the board after the Strike. A pointer click that acts closes every tooltip (as the end screen does), and
    none opens again from the returned focus or under the resting pointer."""
    page, problems = _open(chromium, server, WIDE, _a_strike_that_goes_on)
    board = page.locator("[data-testid=monstra-board]")
    assert board.get_attribute("data-phase") == "act"
    target = page.locator("[aria-label='Enemy team'] button.creature.targetable").first
    target.scroll_into_view_if_needed()
    target.click()
    page.locator("[data-testid=monstra-board][data-busy=no]").wait_for()
    page.wait_for_timeout(1500)  # the move, the bot's answer, a hover's delay and more
    shown = page.locator(".help-tip:not([hidden])")
    assert shown.count() == 0, shown.all_inner_texts()
    shot(page, "monstra-strike-no-tooltip-1366")
    # the mouse moving again over a creature shows its help as before
    page.mouse.move(5, 5)
    creature = page.locator("[data-testid^=unit-]").first
    creature.hover()
    page.locator(f"#{creature.get_attribute('data-help')}").wait_for(state="visible")
    assert not problems, problems


def test_a_tie_on_spd_tags_neither_creature_as_acting_first(server: Server, chromium: Any) -> None:
    """Two of my creatures tie on SPD and I am asked which acts first: the cards do not both say "Acts first"
    (the answer the question asks for); they say they are tied, and a click chooses."""
    for size in (WIDE, PHONE):
        page, problems = _open(chromium, server, size, _a_tie_to_order)
        board = page.locator("[data-testid=monstra-board]")
        assert board.get_attribute("data-phase") == "order"
        tied = page.locator("button.creature.targetable")
        assert tied.count() >= 2
        tags = [t.strip() for t in page.locator("button.creature.targetable .cta").all_inner_texts()]
        assert len(tags) == tied.count()
        for tag in tags:
            assert "acts first" not in tag.lower(), tags
            assert "tied" in tag.lower(), tags
        # a screen reader hears the choice the click makes
        label = tied.first.locator(".sr-only").inner_text()
        assert "first" in label.lower(), label
        shot(page, f"monstra-tie-{size['width']}")
        assert not problems, problems
        page.close()


def _moves_words() -> dict[str, tuple[int, str, str, str]]:
    """Each creature's name, Strike, signature move, cost words ("2 EN, on an enemy") and its words, as the game's
    display data has them."""
    from monsterlair.games.monstra.display import display_data

    return {
        c["name"]: (c["strike"], c["move"], c["cost_text"], c["text"]) for c in display_data()["creatures"].values()
    }


def _dock_top(page: Any) -> float:
    return float(page.locator("[data-testid=phone-dock]").evaluate("e => e.getBoundingClientRect().top"))


def _whole_on_the_first_screen(page: Any, selector: str) -> None:
    page.evaluate("() => window.scrollTo(0, 0)")
    for box in page.locator(selector).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert 0 <= box["top"] and box["bottom"] <= _dock_top(page), (selector, box)


def test_on_a_phone_the_acting_creatures_signature_is_read_before_choosing(server: Server, chromium: Any) -> None:
    """Review: at 375 px a creature's card shows neither its Strike nor its signature move, and the line under the
    action buttons that says what the signature does was hidden: only a press and hold told a newcomer what
    "Riptide · 2 EN" would do. The line shows on a phone too, in the game's own words, with the buttons and the
    tactics still on the first screen and nothing wider than the phone."""
    words = {f"{move}: {text}" for _strike, move, _cost, text in _moves_words().values()}
    for size in (PHONE, WIDE):
        page, problems = _open(chromium, server, size, _a_strike_that_goes_on)
        line = page.locator("[data-testid=signature-text]")
        assert line.is_visible(), size
        assert line.inner_text().strip() in words, line.inner_text()
        # the signature button's tooltip gives its cost as the pop-ups do, with whom it is played on
        move = line.inner_text().strip().split(": ")[0]
        cost = next(c for _s, m, c, _t in _moves_words().values() if m == move)
        title = str(page.locator("[data-testid=act-signature]").get_attribute("title"))
        assert title.startswith(f"{move} ({cost}): "), title
        if size is PHONE:
            _whole_on_the_first_screen(page, "[data-testid=actions], [data-testid=signature-text]")
            _whole_on_the_first_screen(page, "[data-testid=tactics] .tactic >> nth=0")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        shot(page, f"monstra-signature-words-{size['width']}")
        assert not problems, problems
        page.close()


def test_choosing_which_tied_creature_acts_first_shows_what_each_does(server: Server, chromium: Any) -> None:
    """Two of my creatures tie on SPD and I choose which acts first: on a phone their cards show neither move,
    and nowhere did the page say what they do. Under the choice, each tied creature's Strike and signature move
    are told in the game's words, on the first screen of a phone."""
    moves = _moves_words()
    for size in (PHONE, WIDE):
        page, problems = _open(chromium, server, size, _a_tie_to_order)
        tied = page.locator("button[data-action^='first ']").all()
        assert len(tied) >= 2
        for button in tied:
            code = str(button.get_attribute("data-action")).split()[1]
            told = page.locator(f"[data-testid=moves-{code}]")
            assert told.is_visible(), code
            name = told.inner_text().split(" (")[0]
            strike, move, cost, text = moves[name]
            # its cost in the pop-ups' and the terminal's words, with whom it is played on ("2 EN, on an enemy")
            assert told.inner_text().endswith(f"Strike {strike} dmg · {move} ({cost}): {text}"), told.inner_text()
        if size is PHONE:
            _whole_on_the_first_screen(page, "button[data-action^='first '], [data-testid^=moves-]")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        shot(page, f"monstra-tie-words-{size['width']}")
        assert not problems, problems
        page.close()
