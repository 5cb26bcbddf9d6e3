"""A newcomer's second walkthrough, in the browser: the words it found unclear, on the screens it saw them on
(the words themselves are tested in tests/test_board_words.py), at 375x812 and 1366x900."""

from __future__ import annotations

from typing import Any

from monsterlair.core import State
from monsterlair.games.monster_club.display import display_data
from tests.browser.conftest import Server, shot_at
from tests.browser.finished import Found, find_game, find_position, position, store_table
from tests.browser.pages import guest, new_page
from tests.browser.test_games_ui import CLUB, MONSTRA

PHONE = {"width": 375, "height": 812}
WIDE = {"width": 1366, "height": 900}
PUSH = "[data-testid=push-board]"
CLUB_CARDS: dict[str, Any] = display_data()["cards"]


def _no_calc(card: str) -> bool:
    c = CLUB_CARDS.get(card) or {}
    return c.get("kind") == "power" and not c.get("calc") and bool(c.get("text"))


def _ann_chooses_from_a_hand_with_a_wordless_card(state: State) -> bool:
    """Ann (seat 0) chooses what to destroy from a shown hand that holds a power with no calculation (Sever)."""
    if state.over or state.to_move != 0:
        return False
    view = state.view(0)
    revealed = view.get("revealed")
    return view.get("phase") == "reveal" and bool(revealed) and any(_no_calc(c) for c in revealed["cards"])


def test_club_shown_hand_cards_say_what_they_do(server: Server, chromium: Any) -> None:
    """Walkthrough: "Sever" showed only "✦" in the opponent's shown hand on a phone, while the player chose what
    to destroy; the other cards showed their numbers."""
    page, problems = new_page(chromium)
    page.set_viewport_size(PHONE)
    ann = guest(page, server.url, "Ann")
    found = find_position("monster-club", 2, {"first_player": 0}, _ann_chooses_from_a_hand_with_a_wordless_card)
    seats = [(ann, "Ann"), (None, "Tumble (Greedy bot)")]
    table_id = store_table(server.data_dir, "monster-club", 2, {"first_player": 0}, seats, found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB).wait_for()
    shown = page.locator(".revealed")
    shown.wait_for()
    wordless = [c for c in shown.locator(".ccard").evaluate_all("cs => cs.map((c) => c.dataset.card)") if _no_calc(c)]
    assert wordless
    for card in wordless:
        face = shown.locator(f".ccard[data-card={card}]")
        assert face.locator("[data-testid=card-text]").inner_text() == CLUB_CARDS[card]["text"]
        assert "✦" not in face.inner_text()
    shown.scroll_into_view_if_needed()
    shot_at(page, "board-words-club-shown-hand", PHONE, WIDE)
    assert not problems, problems


def _conflict_attack(state: State) -> str | None:
    """An attack of Ann's (seat 0) that starts a conflict, on her second turn (turn 3: the bot's first turn before
    it could not attack, MC's first round, so no conflict of its own is told as the page opens)."""
    if state.over or state.to_move != 0 or state.view(0).get("turn") != 3:
        return None
    for action in state.legal_actions():
        if str(action).startswith("attack"):
            after = state.clone()
            if any(e.type == "conflict" for e in after.apply(action)):
                return str(action)
    return None


def test_club_conflict_over_the_boards_says_you(server: Server, chromium: Any) -> None:
    """Walkthrough: the conflict told over the boards read "NewbieclubM attacks" for the player's own attack."""
    # at the normal pace the bot's next moves wait while the conflict is told (at "instant", the tests' own pace,
    # the bot's own conflict may replace it at once)
    page, problems = new_page(chromium, PHONE, pace="normal")
    ann = guest(page, server.url, "Ann")
    found = find_position("monster-club", 2, {"first_player": 0}, lambda st: _conflict_attack(st) is not None)
    attack = _conflict_attack(position("monster-club", 2, {"first_player": 0}, found))
    seats = [(ann, "Ann"), (None, "Tumble (Greedy bot)")]
    table_id = store_table(server.data_dir, "monster-club", 2, {"first_player": 0}, seats, found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB).wait_for()
    page.locator(f"button[data-action='{attack}']").click()
    # the words told over the boards and the scores under them, read in one moment: the one they say "You attack"
    # (the bot's own conflict follows once the telling ends, and the scores then show that one)
    told, scores = page.wait_for_function(
        """() => {
          const told = document.querySelector('[data-testid=conflict]');
          const scores = document.querySelector('[data-testid=last-conflict]');
          if (!told || !told.innerText.includes('You attack')) return null;
          return [told.innerText, scores ? scores.innerText : ''];
        }""",
        timeout=15_000,
    ).json_value()
    assert "You attack" in told and "Ann attacks" not in told and "Tumble (Greedy bot) defends" in told, told
    assert "Ann (you, attacking)" in scores, scores
    shot_at(page, "board-words-club-conflict", PHONE)
    assert not problems, problems


def _a_kind_is_gone(state: State) -> bool:
    """Ann (seat 0) pushes while one die kind has no monster left in the supply."""
    if state.over or state.to_move != 0:
        return False
    view = state.view(0)
    return view["active"] is not None and view["phase"] == "push" and 0 in view["supply"].values()


def test_push_supply_warns_that_an_empty_kind_ends_the_game(server: Server, chromium: Any) -> None:
    """Walkthrough: "Mammoth 0 in the supply", then a roll of Mammoth ended the game without warning; and "12 tries
    left before it is set down by hand" was unclear."""
    page, problems = new_page(chromium)
    page.set_viewport_size(PHONE)
    ann = guest(page, server.url, "Ann")
    found = find_position("push-a-monster", 2, {}, _a_kind_is_gone, tries=60, max_moves=300)
    seats = [(ann, "Ann"), (None, "Tumble (Greedy bot)")]
    table_id = store_table(server.data_dir, "push-a-monster", 2, {}, seats, found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(PUSH).wait_for()
    gone = next(k for k, n in found_view(found)["supply"].items() if n == 0)
    row = page.locator(f"[data-testid=supply-{gone}]")
    assert row.inner_text() == "none left (if the die shows it, the game ends)"
    tries = page.locator("[data-testid=tries]").inner_text()
    assert "left to get it fully on the arena, then it is placed for you" in tries, tries
    page.locator("section.supply").scroll_into_view_if_needed()
    shot_at(page, "board-words-push-supply", PHONE, WIDE)
    assert not problems, problems


def found_view(found: Found) -> dict[str, Any]:
    return position("push-a-monster", 2, {}, found).view(0)


def test_push_end_screen_names_the_roll_and_reads_plainly(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    page.set_viewport_size(WIDE)
    ann = guest(page, server.url, "Ann")
    found = find_game("push-a-monster", 2, {}, lambda r: r.termination == "kind_exhausted")
    seats = [(ann, "Ann"), (None, "Tumble (Greedy bot)")]
    table_id = store_table(server.data_dir, "push-a-monster", 2, {}, seats, found)
    page.goto(f"{server.url}/t/{table_id}")
    end = page.locator("[data-testid=end-screen]")
    end.wait_for()
    text = end.inner_text()
    assert "when none was left in the supply ended the game" in text and "A roll of the " in text, text
    assert "token units" not in text and "rules do not break" not in text, text
    shot_at(page, "board-words-push-end", WIDE, PHONE)
    assert not problems, problems


def test_monstra_team_bar_says_what_its_labels_mean(server: Server, chromium: Any) -> None:
    """Walkthrough: "10 face down" and the "first team" badge were explained only in the rules."""
    page, problems = new_page(chromium)
    page.set_viewport_size(PHONE)
    ann = guest(page, server.url, "Ann")
    found = find_position("monstra", 2, {}, lambda st: not st.over and st.to_move == 0, tries=5, max_moves=5)
    seats = [(ann, "Ann"), (None, "Tumble (Greedy bot)")]
    table_id = store_table(server.data_dir, "monstra", 2, {}, seats, found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(MONSTRA).wait_for()
    reserve = page.locator("[data-testid^=reserve-]").first
    assert "replacements, face down" in reserve.inner_text()
    assert "knocked out" in described(page, reserve)
    badge = page.locator("[data-testid=first-team]")
    assert "same SPD" in described(page, badge)
    badge.focus()  # its help shows on focus (and on a tap on a phone)
    page.wait_for_timeout(300)
    shot_at(page, "board-words-monstra-teams", PHONE, WIDE)
    assert not problems, problems


def described(page: Any, element: Any) -> str:
    """The help an element shows on hover, focus and tap (``lib/help.ts``: its accessible description)."""
    ids = (element.get_attribute("aria-describedby") or "").split()
    return " ".join(page.locator(f"[id='{i}']").text_content() or "" for i in ids)
