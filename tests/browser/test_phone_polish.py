"""A phone (375 x 812), from a stranger's walkthrough:

* with motion, when it becomes my move the decision's buttons show at once where they stay, with nothing drawn over
  them (sampled on every frame from page script). Before, the hand's cards glided for 0.3 s from where they stood
  before the buttons appeared above them (on a phone the buttons come before the hand), over Defend / No defence;
  and a card flying in from the deck (Monster Smash) or out to its stack (Monster Club) was drawn over them, so a
  quick tap could land on a card;
* MONSTRA's action buttons wrap without the separating dot starting a line;
* on my turn, a long last move can be read whole ("More");
* a MONSTRA mission's behaviour panel is one line until opened (the action buttons on the first screen).
"""

from __future__ import annotations

import re
from typing import Any

from monsterlair.core import State
from tests.browser.conftest import Server, shot
from tests.browser.finished import find_position, position, store_table
from tests.browser.pages import guest, new_page
from tests.browser.test_monstra_tips import SEATS_OF, _a_strike_that_goes_on, _open, _phase
from tests.browser.test_phone_dock import decision_on_the_first_screen

PHONE = {"width": 375, "height": 812}

# On every frame from my move on, once my move's buttons went and the next decision's showed: each card that was in
# the hand before that (its drawn place, transforms included) overlapping a decision's button, and what a tap on a
# button would touch instead of the button (a card flying in from the deck, say), at five points of each.
SAMPLE = """() => {
  window.__overlaps = []; window.__frames = 0;
  let before = null;  // the hand's cards in the last frame without the decision's buttons
  const box = e => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const name = e => (e.closest('[data-card]') || e).dataset?.card || e.className || e.tagName;
  const frame = () => {
    const buttons = [...document.querySelectorAll('[data-testid=actions] button')];
    const cards = [...document.querySelectorAll('[data-testid=hand] .slot:not([inert]) .card')];
    if (!buttons.length) before = new Set(cards.map(c => c.dataset.card));
    else if (before) {
      const n = ++window.__frames;
      for (const b of buttons) {
        const r = box(b), what = b.textContent.trim();
        for (const c of cards)
          if (before.has(c.dataset.card) && meet(box(c), r))
            window.__overlaps.push(`${c.dataset.card} over ${what} (frame ${n})`);
        for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.3], [0.8, 0.3], [0.2, 0.7], [0.8, 0.7]]) {
          const x = r.left + fx * r.width, y = r.top + fy * r.height;
          if (y < 0 || y > innerHeight) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit && !b.contains(hit) && !hit.closest('[data-testid=phone-dock]'))
            window.__overlaps.push(`a tap on ${what} touches ${name(hit)} (frame ${n})`);
        }
      }
    }
    if (window.__frames < 40) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


def _my_pass_ends_my_turn(state: State) -> bool:
    """I (seat 0) may pass, and then the bot (seat 1) is to move."""
    if state.over or state.to_move != 0 or "pass" not in [str(a) for a in state.legal_actions()]:
        return False
    after = state.clone()
    after.apply(after.parse_action("pass"))
    return not after.over and after.to_move == 1


def test_a_smash_turn_shows_its_buttons_clear_of_the_hand_from_the_first_frame(server: Server, chromium: Any) -> None:
    # moves shown one by one (a quicker pace than the first one, 'Normal'), then my turn
    context = chromium.new_context("fast", viewport=PHONE, reduced_motion="no-preference")
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    ann = guest(page, server.url, "Ann")
    options: dict[str, Any] = {}
    found = find_position("monster-smash", 2, options, _my_pass_ends_my_turn)
    table = store_table(
        server.data_dir, "monster-smash", 2, options, [(ann, "Ann"), (None, "Gobble (Random bot)")], found
    )
    page.goto(f"{server.url}/t/{table}")
    page.locator("[data-testid=smash-board][data-busy=no]").wait_for()
    page.evaluate(SAMPLE)
    page.locator("[data-testid=skip]").click()
    page.wait_for_function("() => window.__frames >= 40", timeout=20_000)
    shot(page, "phone-smash-turn-steady")
    assert page.locator("[data-testid=smash-board]").get_attribute("data-my-turn") == "yes"
    overlaps = page.evaluate("window.__overlaps")
    assert overlaps == [], "\n".join(overlaps)
    assert not problems, problems


# Each MONSTRA action button's lines: the first shown character of each line (a hidden character has no box).
LINE_STARTS = """() => [...document.querySelectorAll('[data-testid=actions] button')].map(b => {
  const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT), chars = [];
  for (let t; (t = walker.nextNode()); )
    for (let i = 0; i < t.data.length; i++) {
      if (!t.data[i].trim()) continue;
      const range = document.createRange(); range.setStart(t, i); range.setEnd(t, i + 1);
      const box = range.getClientRects()[0];
      if (box) chars.push([t.data[i], box.top]);
    }
  const starts = chars.filter(([, top], k) => k === 0 || top > chars[k - 1][1] + 2).map(([c]) => c);
  return {text: b.innerText.replace(/\\s+/g, ' '), starts};
})"""


def test_monstras_action_buttons_wrap_without_a_dot_starting_a_line(server: Server, chromium: Any) -> None:
    """At 375 px a third of the row is too narrow for "Strike · 2 dmg": the number goes on a line of its own, and the
    separating dot is not left at the start of it ("Strike" over "· 2 dmg" read as a list)."""
    page, problems = _open(chromium, server, PHONE, _a_strike_that_goes_on)
    buttons = page.evaluate(LINE_STARTS)
    shot(page, "phone-monstra-actions")
    assert len(buttons) == 3, buttons
    for b in buttons:
        assert "·" not in b["starts"], buttons
    assert [len(b["starts"]) for b in buttons] == [2, 2, 2], buttons  # the name, then its number below
    # a laptop: one line each, the dot between the name and the number
    page.set_viewport_size({"width": 1366, "height": 900})
    wide = page.evaluate(LINE_STARTS)
    assert [len(b["starts"]) for b in wide] == [1, 1, 1], wide
    assert all(re.fullmatch(r"\S.* · \S.*", b["text"]) for b in wide), wide
    assert not problems, problems


# The last move's words: whether all of them show (none cut off or scrolled out of its box), its height in lines,
# and the "More" control if any.
LAST_MOVE = """() => {
  const p = document.querySelector('[data-testid=last-move] .move');
  const more = document.querySelector('[data-testid=last-move-more]');
  const lh = parseFloat(getComputedStyle(p).lineHeight);
  return {whole: p.scrollHeight <= p.clientHeight + 1, lines: p.clientHeight / lh, more: !!more,
          text: p.innerText};
}"""


def test_a_long_last_move_on_my_turn_can_be_read_whole(server: Server, chromium: Any) -> None:
    """My turn on a phone: the bot's move above the board (long here: the bot has a long name) showed three lines
    and a half and its end was cut ("…down to 9 HP" half shown), to be scrolled inside a small box. It shows three
    whole lines (no taller than before: the turn's buttons stay where they were) and a "More" that shows all of it."""
    page, problems = new_page(chromium, PHONE)
    ann = guest(page, server.url, "Ann")
    found = find_position(*SEATS_OF, _a_strike_that_goes_on)
    bot = "Gobble the Unusually Long-Named Random Bot of the Deep Caves"
    table_id = store_table(server.data_dir, *SEATS_OF, [(ann, "Ann"), (None, bot)], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=monstra-board][data-busy=no]").wait_for()
    page.locator("[aria-label='Enemy team'] button.creature.targetable").first.click()
    page.locator("[data-testid=monstra-board][data-my-turn=yes][data-busy=no]").wait_for()
    page.wait_for_function(
        "name => document.querySelector('[data-testid=last-move-text]')?.textContent.includes(name)", arg=bot
    )
    before = page.evaluate(LAST_MOVE)
    shot(page, "phone-last-move-folded")
    assert before["more"] and not before["whole"], before  # (a long move: else this test shows nothing)
    assert before["lines"] <= 3.05, before
    page.locator("[data-testid=last-move-more]").click()
    after = page.evaluate(LAST_MOVE)
    shot(page, "phone-last-move-whole")
    assert after["whole"] and after["lines"] > before["lines"], after
    page.locator("[data-testid=last-move-more]").click()  # and folds again
    assert page.evaluate(LAST_MOVE)["lines"] == before["lines"]
    assert not problems, problems


def _my_act_in_a_mission(state: State) -> bool:
    """A solo mission: I am to act (Strike, the signature move or Guard), the round's behaviour revealed."""
    view = state.view(0)
    return not state.over and state.to_move == 0 and _phase(state) == "act" and bool(view["guardian"]["behaviour"])


def test_a_missions_behaviour_panel_folds_to_one_line_on_a_phone(server: Server, chromium: Any) -> None:
    """A MONSTRA mission at 375 px: the Rift Guardian's behaviour for the round took about 160 px, and the action
    buttons were under the Log/Chat bar as the turn began. The panel is one line (what the Guardian will do, by
    name) that opens to its words; the buttons are on the first screen."""
    page, problems = new_page(chromium, PHONE)
    ann = guest(page, server.url, "Ann")
    options = {"mode": "mission"}
    found = find_position("monstra", 1, options, _my_act_in_a_mission)
    table_id = store_table(server.data_dir, "monstra", 1, options, [(ann, "Ann")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=monstra-board][data-my-turn=yes][data-busy=no]").wait_for()
    panel = page.locator("[data-testid=behaviour]")
    name = panel.locator("h3").inner_text()
    shot(page, "phone-mission-behaviour-folded")
    decision_on_the_first_screen(page, "monstra", "a mission's turn")
    folded = panel.bounding_box()
    assert folded and folded["height"] <= 56, folded
    assert name and name in panel.inner_text()
    page.locator("[data-testid=behaviour-more]").click()
    opened = panel.bounding_box()
    assert opened and opened["height"] > folded["height"] + 20, opened
    assert "HP or less" in panel.inner_text(), panel.inner_text()
    shot(page, "phone-mission-behaviour-open")
    page.locator("[data-testid=behaviour-more]").click()  # folded again; a laptop shows it all, with no "More"
    page.set_viewport_size({"width": 1366, "height": 900})
    assert not page.locator("[data-testid=behaviour-more]").is_visible()
    assert "HP or less" in panel.inner_text(), panel.inner_text()
    shot(page, "mission-behaviour-1366")
    assert not problems, problems


# Monster Club: on every frame from the targets' appearance, what a tap on a target button would touch instead.
TARGETS_CLEAR = """() => {
  window.__covered = []; window.__frames = 0;
  const frame = () => {
    const buttons = [...document.querySelectorAll('[role=group][aria-label=Targets] button')];
    if (buttons.length) {
      const n = ++window.__frames;
      for (const b of buttons) {
        const r = b.getBoundingClientRect();
        for (const [fx, fy] of [[0.5, 0.5], [0.15, 0.3], [0.85, 0.3], [0.15, 0.7], [0.85, 0.7]]) {
          const y = r.top + fy * r.height;
          if (y < 0 || y > innerHeight) continue;
          const hit = document.elementFromPoint(r.left + fx * r.width, y);
          if (hit && !b.contains(hit) && !hit.closest('[data-testid=phone-dock]'))
            window.__covered.push(`${b.textContent.trim()}: a tap touches ${hit.className} (frame ${n})`);
        }
      }
    }
    if (window.__frames < 40) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


def _a_stack_that_asks_for_a_target(state: State) -> bool:
    """I (seat 0) may stack a power card face up, and its effect asks me for a target."""
    if state.over or state.to_move != 0:
        return False
    for action in state.legal_actions():
        if str(action).startswith("stack ") and not str(action).endswith(" down"):
            if _asks_for_a_target(state, str(action)):
                return True
    return False


def test_a_club_card_flying_to_its_stack_passes_under_the_targets(server: Server, chromium: Any) -> None:
    """Monster Club on a phone, with motion: a power card stacked face up flies from the hand to its stack while
    its effect's targets show ("Target your opponent's stack at space 2", "Use no target"); it was drawn over them,
    and a tap there touched the card. The targets are drawn over it: a tap on one is the target's."""
    context = chromium.new_context(viewport=PHONE, reduced_motion="no-preference")
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    ann = guest(page, server.url, "Ann")
    options = {"first_player": 0}
    found = find_position("monster-club", 2, options, _a_stack_that_asks_for_a_target)
    state = position("monster-club", 2, options, found)
    stack = next(
        str(a)
        for a in state.legal_actions()
        if str(a).startswith("stack ") and not str(a).endswith(" down") and _asks_for_a_target(state, str(a))
    )
    card, space = int(stack.split()[1]), int(stack.split()[3])
    table_id = store_table(server.data_dir, "monster-club", 2, options, [(ann, "Ann"), (None, "Tumble")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=club-board][data-my-turn=yes]").wait_for()
    page.locator(f"[data-testid=hand-{card - 1}]").click()
    page.evaluate(TARGETS_CLEAR)
    page.locator(f"[data-testid=place-{space}]").click()
    page.wait_for_function("() => window.__frames >= 40", timeout=20_000)
    shot(page, "phone-club-targets-clear")
    covered = page.evaluate("window.__covered")
    assert covered == [], "\n".join(covered)
    assert not problems, problems


def _asks_for_a_target(state: State, action: str) -> bool:
    after = state.clone()
    after.apply(after.parse_action(action))
    return not after.over and after.to_move == 0 and "skip" in [str(a) for a in after.legal_actions()]
