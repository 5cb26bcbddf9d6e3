"""Monster Club later in a game, when every space holds a stack of three cards and the boards run taller than a
phone's screen (375 x 812): the turn's controls (End turn, Play face down) stay on the first screen, held just
above the Log/Chat bar until the page is scrolled to their place before the hand (before, they came after both
boards and a player scrolled to find how to end the turn); a control the page or the keyboard brings into view
lands above them, not under them; scrolled down, they sit before the hand and cover nothing. On a laptop
(1366 x 768, where the stacks run below the window) they are on the first screen too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monsterlair import games
from monsterlair.core import Rng, State
from tests.browser.conftest import Server, shot
from tests.browser.finished import Found, find_position, store_table
from tests.browser.pages import guest, new_page
from tests.browser.test_games_ui import CLUB
from tests.browser.test_hands_fit import CLUB_PLACES, settled
from tests.browser.test_phone_dock import decision_on_the_first_screen

PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1366, "height": 768}  # a short laptop screen: at 900 px the six stacks now fit whole
OPTIONS = {"first_player": 0, "max_turns": 200}
CARDS = "[data-testid=hand] .ccard"


def _heights(state: State) -> list[int]:
    """How many cards each of the six stacks holds (0 for an empty space)."""
    boards = state.view(0)["boards"]
    return [0 if not st else 1 + len(st["powers"]) for side in boards for st in side]


def tall_stacks() -> Found:
    """A position where Ann (seat 0) is to play and all six spaces hold stacks of three cards or more: both
    players play a monster face up where they can, else anything but an attack (a random player seldom builds more
    than a stack or two so high)."""
    for seed in range(1, 40):
        state: State = games.get("monster-club").new(2, seed, dict(OPTIONS))
        rng = Rng(seed)
        moves: list[tuple[int, str]] = []
        while not state.over and len(moves) < 300:
            if state.to_move == 0 and state.view(0)["phase"] == "play" and min(_heights(state)) >= 3:
                return Found(seed, moves, None)
            legal = [a for a in state.legal_actions() if not str(a).startswith("attack")] or state.legal_actions()
            monsters = [a for a in legal if str(a).startswith("play") and not str(a).endswith("down")]
            pick = monsters or legal
            action = pick[rng.below(len(pick))]
            assert state.to_move is not None
            moves.append((state.to_move, str(action)))
            state.apply(action)
    raise AssertionError("no position with six tall stacks")


# From the top of the page, each control on my stacks brought into view by focus (what Tab does) and by
# scrollIntoView (what brings a refused move's reason into view; focus may centre what it brings): where it lands
# against the turn's controls' row (and the Log/Chat bar under it), and how tall my board runs.
UNDER_THE_ROW = """() => {
  const outer = document.querySelector('[data-testid=turn-bar]');  // the words and the controls, on a laptop
  const row = getComputedStyle(outer).display !== 'contents'
    ? outer : document.querySelector('[data-testid=turn-controls]');
  const bar = document.querySelector('[data-testid=phone-dock]').getBoundingClientRect();
  const dock = bar.height ? bar.top : innerHeight;
  const top = () => window.scrollTo({top: 0, behavior: 'instant'});
  const out = [];
  const under = (e, how) => {
    const r = e.getBoundingClientRect(), held = row.getBoundingClientRect();
    if (r.bottom > Math.min(held.top, dock) + 0.5)
      out.push(`${e.textContent.trim()} ${Math.round(r.bottom)} > ${Math.round(held.top)} (${how})`);
  };
  const controls = [...document.querySelectorAll('[data-testid^=space-own-] button')];
  for (const e of controls) {
    top(); e.focus(); under(e, 'focus'); e.blur();
    top(); e.scrollIntoView({block: 'nearest', behavior: 'instant'}); under(e, 'scrolled');  // as a reason is
  }
  top();
  const own = Math.max(...[...document.querySelectorAll('[data-testid^=space-own-]')]
    .map(e => e.getBoundingClientRect().bottom));
  return {under: out, controls: controls.length, own, dock};
}"""


def test_with_tall_stacks_the_turns_controls_are_on_a_phones_first_screen(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium, PHONE)
    ann = guest(page, server.url, "Ann")
    table_id = store_table(server.data_dir, "monster-club", 2, OPTIONS, [(ann, "Ann"), (None, "Tumble")], tall_stacks())
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB + "[data-my-turn=yes]").wait_for()
    settled(page)
    at = page.evaluate(UNDER_THE_ROW)
    assert at["own"] > at["dock"] + 100, f"my stacks end on the first screen: not the position wanted: {at}"
    shot(page, "club-tall-stacks-phone")
    # scrolled to the top, End turn and Play face down show whole above the Log/Chat bar
    decision_on_the_first_screen(page, "monster-club", "six tall stacks")
    page.screenshot(path="test-artifacts/club-tall-stacks-phone-screen.png")  # the first screen
    # a control on my stacks that focus brings into view is not left under the turn's controls
    assert at["controls"] and at["under"] == [], at
    # scrolled to the bottom, the controls are in their place, just before the hand, and cover nothing
    page.evaluate("() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'})")
    where = page.evaluate(CLUB_PLACES, CARDS)
    assert where["rowBottom"] <= where["handTop"] <= where["rowBottom"] + 40, where
    assert where["covered"] == [], where
    page.set_viewport_size(LAPTOP)
    settled(page)
    at = page.evaluate(UNDER_THE_ROW)
    assert at["own"] > at["dock"], f"my stacks end on the first screen: not the position wanted: {at}"
    end = page.locator("[data-testid=end-turn]").evaluate("e => e.getBoundingClientRect().bottom")
    assert end <= LAPTOP["height"], f"End turn is not on the first screen: {end}"
    assert at["controls"] and at["under"] == [], at
    page.screenshot(path="test-artifacts/club-tall-stacks-laptop-screen.png")
    assert not problems, problems


def test_a_shown_hand_is_on_a_phones_first_screen(server: Server, chromium: Any) -> None:
    """The other player, with no monster on the board and only power cards in hand, shows their hand: its cards,
    each with Destroy, and Spare them come before the boards, on the first screen (after the boards they were
    under the Log/Chat bar)."""
    page, problems = new_page(chromium, PHONE)
    ann = guest(page, server.url, "Ann")
    options = {"first_player": 0}
    found = find_position("monster-club", 2, options, lambda st: st.to_move == 0 and st.view(0)["phase"] == "reveal")
    table_id = store_table(server.data_dir, "monster-club", 2, options, [(ann, "Ann"), (None, "Tumble")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB + "[data-my-turn=yes][data-phase=reveal]").wait_for()
    settled(page)
    shown = page.locator("[role=group][aria-label='The shown hand']")
    assert shown.locator("[data-action^=destroy]").count() >= 1
    assert "Tumble shows their hand" in shown.inner_text()
    decision_on_the_first_screen(page, "monster-club", "a shown hand")
    page.screenshot(path="test-artifacts/club-shown-hand-phone-screen.png")
    assert not problems, problems


def ann_to_move_at(page: Any, server: Server, position: Callable[[State], bool]) -> None:
    """A guest, Ann, opens a stored Monster Club table against a bot at the first ``position`` found, her move."""
    ann = guest(page, server.url, "Ann")
    table_id = store_table(
        server.data_dir,
        "monster-club",
        2,
        OPTIONS,
        [(ann, "Ann"), (None, "Tumble")],
        find_position("monster-club", 2, OPTIONS, position),
    )
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB + "[data-my-turn=yes]").wait_for()
    settled(page)


def can_attack(state: State) -> bool:
    """Ann (seat 0) to play, with an attack to make."""
    return state.to_move == 0 and any(str(a).startswith("attack") for a in state.legal_actions())


# Where the told conflict's words lie against the conflict's own box (its backdrop), with the hand's cards.
CONFLICT_WORDS = """() => {
  const box = document.querySelector('[data-testid=conflict]').getBoundingClientRect();
  const why = document.querySelector('[data-testid=conflict] .why').getBoundingClientRect();
  // what a person sees at the start of its first and of its last line: the conflict's words, nothing over them
  const seen = [why.top + 4, why.bottom - 4].map(y => document.elementFromPoint(why.left + 10, y))
    .filter(e => !e || !e.closest('[data-testid=conflict]'))
    .map(e => e ? e.textContent.trim().slice(0, 30) : 'nothing');
  return {boxBottom: box.bottom, whyBottom: why.bottom, covered: seen};
}"""


def test_a_conflict_told_on_a_phone_keeps_its_words_on_its_own_backdrop(server: Server, chromium: Any) -> None:
    """A walkthrough at 375 px: the conflict told over the boards was as tall as the boards, and on a phone its
    last line ("Phoebe's stack is destroyed: the higher score wins.") ran out of it, bare over the hand's cards.
    The box grows to hold its words, and for its while it lies over the turn's controls held at the screen's
    bottom, which covered its first line."""
    page, problems = new_page(chromium, PHONE)
    ann_to_move_at(page, server, can_attack)
    page.locator("[data-testid^=do-opp-]").first.click()
    page.locator("[data-testid=conflict][data-beat=resolved] .why").wait_for()
    at = page.evaluate(CONFLICT_WORDS)
    page.screenshot(path="test-artifacts/club-conflict-phone.png")
    assert at["whyBottom"] <= at["boxBottom"] + 0.5, at
    assert at["covered"] == [], at  # (the turn's controls held above the Log/Chat bar lay over its first line)
    assert not problems, problems


def tall_with_two_attacks(state: State) -> bool:
    """Ann (seat 0) to play, with attacks from two of her stacks (after the first she may still attack, or end),
    the boards tall enough on a phone that the turn's controls are held at the screen's bottom, over them."""
    attacks = sorted((a for a in state.legal_actions() if str(a).startswith("attack")), key=str)
    if state.to_move != 0 or len(attacks) < 2 or sum(_heights(state)) < 14:
        return False
    after = state.clone()
    after.apply(attacks[0])  # the first attack the board offers (its leftmost space)
    return not after.over and after.to_move == 0


# What a tap at the middle of the turn's End turn button would press now (its test id, or what lies over it).
UNDER_END_TURN = """() => {
  const end = document.querySelector('[data-testid=end-turn]');
  if (!end || !end.getClientRects().length) return null;
  const r = end.getBoundingClientRect();
  const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return e?.closest('[data-testid=conflict]') ? 'conflict' : e?.closest('[data-testid]')?.dataset.testid ?? null;
}"""


def test_a_tap_on_a_conflict_told_on_a_phone_closes_it(server: Server, chromium: Any) -> None:
    """Review: on a phone the conflict told over the boards lies over the turn's controls (End turn) for its
    while, 2.6 s. A tap on it closes it at once and does only that (it does not press End turn under it); the
    controls are then reachable, and the last conflict's sums stay under the boards."""
    page = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    ann_to_move_at(page, server, tall_with_two_attacks)
    turn = page.locator(CLUB).get_attribute("data-turn")
    page.locator("[data-testid^=do-opp-]").first.tap()
    told = page.locator("[data-testid=conflict]")
    told.wait_for()
    assert page.evaluate(UNDER_END_TURN) == "conflict"  # my other stack may still attack, or I end the turn
    end = page.locator("[data-testid=end-turn]").bounding_box()
    assert end is not None
    page.touchscreen.tap(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2)
    told.wait_for(state="detached", timeout=1000)  # at once, not after its 2.6 s
    page.wait_for_timeout(300)
    assert page.locator(CLUB).get_attribute("data-turn") == turn, "the tap that closed the conflict ended the turn"
    assert page.locator(CLUB).get_attribute("data-my-turn") == "yes"
    assert page.locator("[data-testid=last-conflict]").is_visible()
    assert page.evaluate(UNDER_END_TURN) == "end-turn"
    shot(page, "club-conflict-phone-closed")
    assert not problems, problems
