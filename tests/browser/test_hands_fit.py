"""Every card a player holds shows, on a phone (375 px) and a laptop (1366 px): the hand wraps onto more rows
rather than hiding cards past its edge (a Monster Smash hand of 7 showed 6 on a phone, Monster Club's 5
showed 3, with nothing to say more were there), and nothing scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server, shot
from tests.browser.pages import guest, new_table
from tests.browser.test_games_ui import CLUB, MONSTRA, wait_turn_or_end

SMASH = "[data-testid=smash-board]"
PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1366, "height": 900}

# the board, a card in hand, the table (2 players against a bot)
HANDS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "monster-smash": (SMASH, "[data-testid=hand] .card", {}),
    "monster-club": (CLUB, "[data-testid=hand] .ccard", {"first_player": "0"}),
    "monstra": (MONSTRA, "[data-testid=tactics] .tactic", {"rounds": "4"}),
}

# The cards that do not show whole: outside the viewport, or outside an ancestor that clips what overflows it.
HIDDEN = """els => els.filter(e => {
  const r = e.getBoundingClientRect();
  if (r.left < -0.5 || r.right > innerWidth + 0.5) return true;
  for (let a = e.parentElement; a; a = a.parentElement) {
    if (getComputedStyle(a).overflowX === 'visible') continue;
    const q = a.getBoundingClientRect();
    if (r.left < q.left - 0.5 || r.right > q.right + 0.5) return true;
  }
  return false;
}).map(e => e.getAttribute('data-testid') || e.textContent)"""


def every_card_shows(page: Any, cards: str, where: str) -> None:
    count = page.locator(cards).count()
    assert count, f"{where}: no cards in hand"
    assert page.eval_on_selector_all(cards, HIDDEN) == [], f"{where}: cards out of view"
    width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"{where} scrolls sideways: {width}"


# Where Monster Club's turn controls (End turn, Play face down), the hand and the phone's Log/Chat bar are, and
# what on the board the controls' row lies over (a hand card, a space, a player's line, the last conflict).
CLUB_PLACES = """cards => {
  const box = s => { const e = document.querySelector(s); return e ? e.getBoundingClientRect() : null; };
  const hand = [...document.querySelectorAll(cards)].map(e => e.getBoundingClientRect());
  const controls = box('[data-testid=end-turn]') || box('[data-testid=face-down]');
  const outer = document.querySelector('[data-testid=turn-bar]');  // the words and the controls, on a laptop
  const bar = outer && getComputedStyle(outer).display !== 'contents'
    ? outer : document.querySelector('[data-testid=turn-controls]');
  const row = bar.getBoundingClientRect();
  const needed = [...document.querySelectorAll(
    `${cards}, [data-testid^=space-], [data-testid^=info-], [data-testid=last-conflict], [data-testid=place]`)];
  const covered = needed.filter(e => { const r = e.getBoundingClientRect();
    return r.height > 0 && r.top < row.bottom - 0.5 && row.top < r.bottom - 0.5 && !bar.contains(e) && !e.contains(bar);
  }).map(e => e.getAttribute('data-testid') || e.className);
  const dock = box('[data-testid=phone-dock]');
  return {controlsTop: controls.top, controlsBottom: controls.bottom, handTop: Math.min(...hand.map(r => r.top)),
          handBottom: Math.max(...hand.map(r => r.bottom)), dock: dock && dock.height ? dock.top : innerHeight,
          height: innerHeight, rowTop: row.top, rowBottom: row.bottom, covered};
}"""


def settled(page: Any) -> None:
    """Wait until the page's height holds still for a moment (the window was just resized)."""
    page.wait_for_function(
        """() => { const h = document.documentElement.scrollHeight + ':' + scrollY;
                   const same = window.__height === h; window.__height = h; return same; }""",
        polling=250,
        timeout=10_000,
    )


def club_turn_controls_reachable(page: Any, cards: str, phone: bool) -> None:
    """Monster Club's End turn and Play face down: on a phone (5 cards wrap onto 2 rows) they come before the
    hand, so the player reaches them without scrolling past it, and show above the Log/Chat bar when the hand's
    first row does; on a laptop (1366 x 900) they share a row with what to do, before the hand, on the first
    screen. Neither covers anything the player needs: a hand card, a space, a player's line, the last conflict
    (held under the hand to the window's bottom edge, they covered the top of the hand's cards)."""
    if not phone:
        settled(page)
        page.evaluate("() => window.scrollTo({top: 0, behavior: 'instant'})")
        at = page.evaluate(CLUB_PLACES, cards)
        assert 0 <= at["controlsTop"] and at["controlsBottom"] <= at["height"], f"scroll to end the turn: {at}"
        assert at["covered"] == [], f"the turn's controls cover what the player needs: {at}"
        page.evaluate("() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'})")
        settled(page)
        at = page.evaluate(CLUB_PLACES, cards)
        assert at["covered"] == [], f"the turn's controls cover what the player needs: {at}"
        assert at["rowBottom"] <= at["handTop"] <= at["rowBottom"] + 40, f"controls not just before the hand: {at}"
        return
    page.locator(cards).first.scroll_into_view_if_needed()
    at = page.evaluate(CLUB_PLACES, cards)
    assert at["controlsBottom"] <= at["handTop"], f"the turn's controls come after the hand: {at}"
    assert at["covered"] == [], f"the turn's controls cover what the player needs: {at}"
    page.evaluate("cards => document.querySelector(cards).scrollIntoView({block: 'end'})", cards)
    at = page.evaluate(CLUB_PLACES, cards)
    assert 0 <= at["controlsTop"] and at["controlsBottom"] <= at["dock"], f"controls off screen: {at}"


@pytest.mark.parametrize("game", list(HANDS))
def test_every_card_in_hand_shows_on_a_phone_and_a_laptop(server: Server, chromium: Any, game: str) -> None:
    board, cards, options = HANDS[game]
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    guest(page, server.url, "Hana")
    bot = "random" if game == "monster-club" else "greedy"
    seats = [{"kind": "me"}, {"kind": "bot", "bot": bot}]
    table = new_table(page, server.url, {"game": game, "players": 2, "seats": seats, "options": options, "start": True})
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_selector(board)
    assert wait_turn_or_end(page, board, timeout=90) == "turn"
    if game == "monster-smash":  # keep the first hand: the draw makes 7 cards, one more than a phone's row
        page.locator("[data-testid=keep]").click()
        page.wait_for_function("s => document.querySelectorAll(s).length >= 7", arg=cards)
    held = page.locator(cards).count()
    assert held >= {"monster-smash": 7, "monster-club": 5, "monstra": 3}[game], held
    every_card_shows(page, cards, f"{game} at 375 px")
    if game == "monster-club":
        club_turn_controls_reachable(page, cards, phone=True)
    shot(page, f"hand-{game}-375")
    page.set_viewport_size(LAPTOP)
    every_card_shows(page, cards, f"{game} at 1366 px")
    if game == "monster-club":
        club_turn_controls_reachable(page, cards, phone=False)
    shot(page, f"hand-{game}-1366")
    assert not problems, problems
