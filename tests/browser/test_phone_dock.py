"""A phone (375 x 812) at the table: the Log/Chat bar held to the screen's bottom edge (the dock) covers nothing a
player must press or read to take their turn, in each of the four games against a bot, at the start of the turn,
after the bot's turn and after an attack:

* scrolled to its bottom, the page's last content ends above the dock (the page is padded by the dock's height);
* a control the page or the keyboard brings into view (focus, Tab, scrollIntoView) lands above the dock, not
  under it: before, a control the dock covered counted as on the screen, so focus did not scroll (Monster Smash's
  Keep hand, MONSTRA's Strike, Monster Club's End turn stayed under the bar);
* in Monster Club the last conflict's sums come after the hand, as on a laptop: before, they came between the
  boards and the turn's controls, and pushed End turn and the hand down under the dock;
* scrolled to the top (as a player arrives at their turn), the decision's controls (DECISION) show whole above the
  dock, not only above the window's bottom edge: before, Monster Smash's Keep hand and Burn, MONSTRA's Strike and
  Guard, Push a Monster's Place sat half or wholly under it (Monster Club's hand: test_phone_layout).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, Server, shot
from tests.browser.driver import IDLE, play_one_decision
from tests.browser.pages import guest, new_table
from tests.browser.test_games_ui import (
    CLUB,
    MONSTRA,
    PUSH,
    club_decide,
    monstra_decide,
    push_decide,
    wait_turn_or_end,
)

PHONE = {"width": 375, "height": 812}
SMASH = "[data-testid=smash-board]"


def smash_decide(page: Any, n: int) -> str:
    phase = play_one_decision(page)
    page.wait_for_function(IDLE)
    return phase


def club_decide_n(page: Any, n: int) -> str:
    """Attack where I can, else place a card, else end the turn (a random bot fills its spaces meanwhile)."""
    return club_decide(page, 0)


# The board, the table's options, the bot, one decision of mine (it returns what it did), what it returns for an
# attack (MONSTRA: a Strike or a move; Push a Monster: a push), and at most how many decisions to make.
GAMES: dict[str, tuple[str, dict[str, str], str, Callable[[Any, int], str], str, int]] = {
    "monster-smash": (SMASH, {}, "greedy", smash_decide, "attack", 12),
    "monstra": (MONSTRA, {"rounds": "4"}, "greedy", monstra_decide, "act", 8),
    "monster-club": (CLUB, {"first_player": "0"}, "random", club_decide_n, "attack", 40),
    "push-a-monster": (PUSH, {}, "random", push_decide, "push", 16),
}

# The decision's controls in each game: what a player presses to take the turn (Monster Smash: Keep hand,
# Mulligan, Burn, Attack, Defend and the like; MONSTRA: Strike, the signature move, Guard, a target, who acts first,
# and the tactics while they are what to discard; Push a Monster: Place, Push, Nudge, Shove or the monster to take;
# Monster Club: End turn, Play face down, a target, a shown card to destroy; its hand's first row on the first
# turn, test_phone_layout).
DECISION: dict[str, str] = {
    "monster-smash": "[data-testid=actions] button",
    "monstra": "[data-testid=actions] button, .targets button, [data-phase=discard] [data-testid=tactics] button",
    "push-a-monster": "[data-testid=place], [data-testid=push], [data-testid=nudge], [data-testid=shove],"
    " [data-testid=push-board] button[data-action]",
    "monster-club": "[data-testid=turn-controls] button, [data-testid=turn-controls] input,"
    " [data-testid=club-board] [role=group][aria-label=Targets] button,"
    " [data-testid=club-board] [role=group][aria-label='The shown hand'] button",
}

# Scrolled to the top: the decision's controls that do not show whole above the dock (none means none there).
FIRST_SCREEN = """decision => {
  window.scrollTo({top: 0, behavior: 'instant'});
  const dock = document.querySelector('[data-testid=phone-dock]').getBoundingClientRect().top;
  const shown = [...document.querySelectorAll(decision)].filter(e => e.getClientRects().length > 0);
  const cut = shown.filter(e => { const r = e.getBoundingClientRect(); return r.top < -0.5 || r.bottom > dock + 0.5; });
  const name = e => e.getAttribute('data-testid') || e.getAttribute('data-action') || (e.textContent || '').trim();
  const at = e => { const r = e.getBoundingClientRect(); return `${Math.round(r.top)}-${Math.round(r.bottom)}`; };
  return {dock, shown: shown.length, cut: cut.map(e => `${name(e).slice(0, 30)} ${at(e)}`)};
}"""


def decision_on_the_first_screen(page: Any, game: str, when: str) -> None:
    """Scrolled to the top, the decision's controls show whole above the dock (the phone's visible screen)."""
    at = page.evaluate(FIRST_SCREEN, DECISION[game])
    assert at["shown"], f"{when}: no decision's controls shown: {at}"
    if at["cut"]:  # what the first screen held
        page.screenshot(path=str(ARTIFACTS / f"phone-first-screen-{game}-cut.png"), animations="disabled")
    assert at["cut"] == [], f"{when}: scrolled to the top, not whole above the dock: {at}"


# Where things are against the dock. ``under`` lists what shows on the screen and reaches under the dock.
PLACES = """board => {
  const dock = document.querySelector('[data-testid=phone-dock]').getBoundingClientRect().top;
  const name = e => e.getAttribute('data-testid') || e.getAttribute('data-action') || e.getAttribute('aria-label')
    || (e.textContent || '').trim().slice(0, 30) || e.tagName;
  const shown = e => e.getClientRects().length > 0 && !e.closest('[hidden], [inert]');
  const under = e => { const r = e.getBoundingClientRect(); return r.top < innerHeight && r.bottom > dock + 0.5; };
  const rect = e => { const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  const b = document.querySelector(board);
  const controls = [...document.querySelector('.board-col').querySelectorAll(
    'button:not(:disabled), input:not(:disabled), select:not(:disabled), [tabindex="0"]')].filter(shown);
  const needed = [...controls, ...b.querySelectorAll('[data-testid=banner]')].filter(shown);
  const top = () => window.scrollTo({top: 0, behavior: 'instant'});
  // scrolled to the bottom: the last content and what the player needs
  window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'});
  const content = [...document.querySelectorAll('.page *')].filter(e => shown(e)
    && !e.closest('[data-testid=phone-dock], .log-col, [data-testid=error]'));
  const last = Math.max(...content.map(e => e.getBoundingClientRect().bottom));
  const atBottom = needed.filter(under).map(e => `${name(e)} ${rect(e)}`);
  // brought into view from the top of the page: each control by focus (what Tab and the boards' own focus
  // calls do), the words by scrollIntoView (as a refused move's reason is)
  const focused = [];
  for (const e of controls) {
    top(); e.focus();
    const r = e.getBoundingClientRect();
    if (document.activeElement === e && (r.top < -0.5 || r.bottom > dock + 0.5)) focused.push(`${name(e)} ${rect(e)}`);
    e.blur();
  }
  for (const e of needed.filter(e => !controls.includes(e))) {
    top(); e.scrollIntoView({block: 'nearest', behavior: 'instant'});
    const r = e.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > dock + 0.5) focused.push(`${name(e)} ${rect(e)}`);
  }
  top();
  // Monster Club: the turn's controls and the hand before the last conflict's sums
  const conflict = document.querySelector('[data-testid=last-conflict]');
  const before = [...b.querySelectorAll('[data-testid=turn-controls], [data-testid=hand]')].filter(shown);
  const late = conflict ? before.filter(e => e.getBoundingClientRect().bottom > conflict.getBoundingClientRect().top)
    .map(name) : [];
  return {dock, last, atBottom, focused, late, conflict: !!conflict, controls: controls.length};
}"""


def dock_covers_nothing(page: Any, game: str, board: str, when: str) -> bool:
    """Checks the page against the dock (see the module's words); True when a last conflict showed."""
    # Push a Monster's choice of a kind after a '?' roll can end a pixel under the bar: checked as the turn starts
    # (and test_phone_layout); Monster Club's turn controls are held above the bar as its stacks grow
    # (test_club_tall_stacks)
    if game != "push-a-monster" or "start" in when:
        decision_on_the_first_screen(page, game, when)
    at = page.evaluate(PLACES, board)
    assert at["controls"], f"{when}: no controls on the board"
    assert at["last"] <= at["dock"], f"{when}: scrolled to the bottom, the last content ends under the dock: {at}"
    assert at["atBottom"] == [], f"{when}: scrolled to the bottom, under the dock: {at}"
    assert at["focused"] == [], f"{when}: brought into view under the dock: {at}"
    assert at["late"] == [], f"{when}: after the last conflict's sums: {at}"
    return bool(at["conflict"])


@pytest.mark.parametrize("game", list(GAMES))
def test_the_phones_log_and_chat_bar_covers_nothing_needed(server: Server, chromium: Any, game: str) -> None:
    board, options, bot, decide, attack, most = GAMES[game]
    page = chromium.new_context(viewport=PHONE).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    guest(page, server.url, "Hana")
    seats = [{"kind": "me"}, {"kind": "bot", "bot": bot}]
    body = {"game": game, "players": 2, "seats": seats, "options": options, "start": True}

    def open_a_table() -> None:
        page.goto(f"{server.url}/t/{new_table(page, server.url, body)}")
        page.wait_for_selector(board)
        assert wait_turn_or_end(page, board, timeout=90) == "turn"
        dock_covers_nothing(page, game, board, "at the start of my turn")

    open_a_table()
    shot(page, f"phone-dock-{game}-start")
    done: list[str] = []
    conflict = False  # Monster Club: a last conflict showed
    for n in range(most):  # my decision, then (when it ended my turn) the bot's turn
        did = decide(page, n)
        if wait_turn_or_end(page, board, timeout=90) == "end":
            if game != "monster-smash":
                break
            open_a_table()  # a Monster Smash bot can lose all its cards in the first turns: a new game
            continue
        done.append(did)
        when = f"after my {did} and the bot's answer (decision {n + 1})"
        conflict = dock_covers_nothing(page, game, board, when) or conflict
        if attack in done and (conflict or game != "monster-club") and len(done) >= 3:
            break
    shot(page, f"phone-dock-{game}-later")
    assert attack in done, f"no {attack} in {done}"
    assert conflict or game != "monster-club", f"no conflict showed: {done}"
    assert not problems, problems
