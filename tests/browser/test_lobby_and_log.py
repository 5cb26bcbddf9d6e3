"""What a stranger found on the site at 1366 px and 375 px: the game log cut its turn heading in half at the top
and the outline of its marked last line at the bottom; the lobby's "Games in play" offered to watch a game the
reader plays in; the new-table form offered Greedy a strength that changes nothing a player sees; MONSTRA's
tutorial opened a creature's tooltip under the pointer that had just clicked Tutorial."""

from __future__ import annotations

from typing import Any

from monsterlair.core import State
from tests.browser.conftest import Server, shot
from tests.browser.driver import IDLE, play_one_decision, wait_for_my_turn_or_end
from tests.browser.finished import find_position, store_table
from tests.browser.pages import guest, new_page

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 375, "height": 812}
SMASH = "monster-smash", 3, {"max_turns": 60}


def _long_game_my_move(state: State) -> bool:
    return not state.over and state.to_move == 0 and len(getattr(state, "history", ())) >= 45


def _my_table(server: Server, page: Any) -> str:
    ann = guest(page, server.url, "Ann")
    found = find_position(*SMASH, _long_game_my_move)
    seats = [(ann, "Ann"), (None, "Gobble (Random bot)"), (None, "Pip (Random bot)")]
    return store_table(server.data_dir, *SMASH, seats, found)


CUT = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));  // the scroll handled
  const box = document.querySelector('[data-testid=log]');
  const r = box.getBoundingClientRect();
  const top = r.top + box.clientTop, bottom = top + box.clientHeight;
  const cut = [];
  for (const li of box.querySelectorAll('li.turn')) {  // a heading straddling the top edge
    const b = li.getBoundingClientRect();
    if (b.top < top - 0.5 && b.bottom > top + 0.5) cut.push(li.textContent.trim().slice(0, 40));
  }
  const heads = [...box.querySelectorAll('li.turn')].map((h) => h.getBoundingClientRect());
  heads.forEach((a, i) => heads.slice(i + 1).forEach((b) => {  // headings stacked show each other's edges
    if (a.bottom > b.top + 0.5 && b.bottom > a.top + 0.5) cut.push('stacked headings');
  }));
  const marked = [...box.querySelectorAll('li.current')].pop();
  if (marked) {  // the last marked line, its outline too, where the log followed it
    const style = getComputedStyle(marked);
    const grow = Math.max(0, (parseFloat(style.outlineWidth) || 0) + (parseFloat(style.outlineOffset) || 0));
    const b = marked.getBoundingClientRect();
    const out = b.top - grow < top - 0.5 || b.bottom + grow > bottom + 0.5;
    if (out) cut.push('marked: ' + marked.textContent.trim().slice(0, 40));
  }
  return {cut, scrolls: box.scrollHeight > box.clientHeight + 40, current: box.querySelectorAll('li.current').length};
}"""

SWEEP = f"""async (step) => {{
  const cutNow = {CUT};
  const box = document.querySelector('[data-testid=log]');
  const found = [];  // [depth, what is cut] at each depth scrolled to, in steps of ``step`` px
  for (let depth = 0; depth < box.scrollHeight - box.clientHeight; depth += step) {{
    box.scrollTop = depth;
    const cut = (await cutNow()).cut.filter((c) => !c.startsWith('marked: '));
    if (cut.length) found.push([depth, cut]);
  }}
  return found;
}}"""


def test_the_log_never_cuts_a_turn_heading_or_the_marked_last_line(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    table_id = _my_table(server, page)
    for size in (WIDE, PHONE):
        page.set_viewport_size(size)
        page.goto(f"{server.url}/t/{table_id}")
        log = page.locator("[data-testid=log]")
        if size is PHONE:  # a phone's log is a sheet, opened from the dock
            page.locator("[data-testid=dock-log]").click()
        log.wait_for(state="visible")
        if size is WIDE:  # a move of mine, the bots' answers: the log follows them and marks the latest
            wait_for_my_turn_or_end(page)
            play_one_decision(page)
            page.wait_for_function(IDLE)
            wait_for_my_turn_or_end(page)
        page.wait_for_timeout(400)
        seen = page.evaluate(CUT)
        assert seen["scrolls"] and seen["current"], seen
        assert not seen["cut"], (size, seen)  # followed to the end: the marked line with its whole outline
        # scrolled by hand to every depth: a heading is never left half in sight at the top
        assert page.evaluate(SWEEP, 13) == [], size
        log.evaluate("b => (b.scrollTop = b.scrollHeight / 2)")
        shot(page, f"log-headings-{size['width']}")
    assert not problems, problems


def test_the_lobby_offers_my_own_game_in_play_to_play_and_greedy_no_idle_strength(
    server: Server, chromium: Any
) -> None:
    page, problems = new_page(chromium)
    table_id = _my_table(server, page)
    page.goto(server.url)
    live = page.locator("section.panel", has=page.get_by_role("heading", name="Games in play"))
    row = live.locator("[data-testid=table-row]", has=page.locator(f"a[href^='/t/{table_id}']"))
    row.wait_for()
    link = row.locator(f"a[href^='/t/{table_id}']")
    assert link.inner_text().strip() == "Play", link.inner_text()  # as My tables says, not "Watch"
    assert link.get_attribute("aria-label").startswith("Play: "), link.get_attribute("aria-label")
    shot(page, "lobby-live-mine")
    # the new-table form: Greedy has one strength (no choice offered), the Search bot its three times
    page.locator("[data-testid=game-monster-smash]").get_by_role("button", name="New table").click()
    form = page.locator("[data-testid=create-table]")
    form.locator("select[name=seat-1-bot]").select_option("greedy")
    assert form.locator("select[aria-label='Seat 2 bot strength']").count() == 0
    assert "Careful" not in form.inner_text()
    form.locator("select[name=seat-1-bot]").select_option("ismcts")
    assert form.locator("select[aria-label='Seat 2 bot strength'] option").count() == 3
    assert not problems, problems


def test_monstras_tutorial_opens_no_tooltip_under_the_pointer_that_clicked_it(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    page.set_viewport_size(WIDE)
    guest(page, server.url, "Ann")
    page.goto(server.url)
    page.locator("[data-testid=game-monstra]").get_by_role("button", name="Tutorial").click()  # the mouse rests there
    page.locator("[data-testid=monstra-board][data-busy=no]").wait_for()
    page.wait_for_timeout(1500)  # a hover's delay, and more
    shown = page.locator(".help-tip:not([hidden])")
    assert shown.count() == 0, shown.all_inner_texts()
    shot(page, "monstra-tutorial-no-tooltip")
    # the pointer moving over a creature shows its help as before
    creature = page.locator("[data-testid^=unit-]").first
    creature.hover()
    page.locator(f"#{creature.get_attribute('data-help')}").wait_for(state="visible")
    assert not problems, problems
