"""Words a stranger's walkthrough found wrong or confusing on the boards (review "game-words"): Monster Smash's
prompts say "of your own suit" as the rules and the cards do, MONSTRA's prompt offers a tactic only while one
can be played, Monster Club's "Play face down" is for one play, and the tutorial's count points to Hint only
when there is a Hint button. Each board is a stored position (``finished.py``), so no game is played out."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from monsterlair.core import State
from monsterlair.games.monster_smash.spec import DATA
from tests.browser.conftest import Server, shot
from tests.browser.driver import seen, settle
from tests.browser.finished import find_game, find_position, position, store_table
from tests.browser.pages import guest, new_page

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 375, "height": 812}
BOT = (None, "Gobble (Random bot)")


def _smash_attack(state: State) -> bool:
    return not state.over and state.to_move == 0 and state.view(0)["phase"] == "attack"


def test_smash_attack_prompt_says_cards_of_your_own_suit(server: Server, chromium: Any) -> None:
    """Review: "your own Gloomfang cards" named the monster, while the cards are labelled by suit ("Duskwing,
    gloom 3") and the rules say "cards of your own suit"."""
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    found = find_position("monster-smash", 2, {}, _smash_attack, tries=50)
    table_id = store_table(server.data_dir, "monster-smash", 2, {}, [(ann, "Ann"), BOT], found)
    page.goto(f"{server.url}/t/{table_id}")
    banner = page.locator("[data-testid=banner]")
    expect(banner).to_contain_text("Your turn · Attack")
    expect(banner).to_contain_text("one or more of your own suit plus at most one of another suit")
    said = banner.inner_text()
    assert not [s["leader"] for s in DATA["suits"] if s["leader"] in said], said  # no monster's name for a suit
    shot(page, "smash-attack-own-suit-1366")
    assert not problems, problems


def _monstra_act(tactic_used: bool) -> Any:
    """A duel position where seat 0 (team A) chooses its creature's action, its tactic for the round played
    (``tactic_used``) or still playable."""

    def wanted(state: State) -> bool:
        if state.over or state.to_move != 0:
            return False
        view = state.view(0)
        team = view["teams"][0]
        legal = [str(a) for a in state.legal_actions()]
        if not any(a.startswith("strike") for a in legal):
            return False
        if tactic_used:
            return bool(team["tactic_used"])
        return not team["tactic_used"] and any(a.startswith("tactic") for a in legal)

    return wanted


def test_monstra_prompt_offers_a_tactic_only_while_one_can_be_played(server: Server, chromium: Any) -> None:
    """Review: with "tactic used" showing, the prompt still said "You may first play one tactic." (MO-6.1)."""
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    options = {"mode": "duel"}
    for used in (False, True):
        found = find_position("monstra", 2, options, _monstra_act(used), tries=50)
        table_id = store_table(server.data_dir, "monstra", 2, options, [(ann, "Ann"), BOT], found)
        page.goto(f"{server.url}/t/{table_id}")
        banner = page.locator("[data-testid=monstra-board] [data-testid=banner]")
        banner.wait_for()
        expect(banner).to_contain_text("Pick an enemy to Strike it, or choose the signature move or Guard.")
        if used:
            expect(banner).not_to_contain_text("tactic")
            shot(page, "monstra-prompt-tactic-used-1366")
        else:
            expect(banner).to_contain_text("You may first play one tactic.")
    assert not problems, problems


def _club_two_monsters(state: State) -> bool:
    """Seat 0 plays, two monsters in hand, two free spaces on its board."""
    if state.over or state.to_move != 0:
        return False
    view = state.view(0)
    if view["phase"] != "play" or not view["hand"]:
        return False
    plays = {str(a).split(" to ")[0] for a in state.legal_actions() if str(a).startswith("play ")}
    free = sum(1 for st in view["boards"][0] if st is None)
    return len(plays) >= 2 and free >= 2


def test_club_play_face_down_is_for_one_play(server: Server, chromium: Any) -> None:
    """Review: "Play face down" stayed ticked after a card went face down, so every later card went face down
    until it was unticked. Like a card site's one-off choice, it clears after the play it was for."""
    page, problems = new_page(chromium)
    page.set_viewport_size(PHONE)
    ann = guest(page, server.url, "Ann")
    found = find_position("monster-club", 2, {}, _club_two_monsters, tries=80)
    table_id = store_table(server.data_dir, "monster-club", 2, {}, [(ann, "Ann"), BOT], found)
    page.goto(f"{server.url}/t/{table_id}")
    board = "[data-testid=club-board]"
    toggle = page.locator("[data-testid=face-down]")
    toggle.check()
    state = position("monster-club", 2, {}, found)
    # the monsters in hand ("play N to S"; a power card is stacked), by hand position from 0
    monsters = sorted({int(str(a).split()[1]) - 1 for a in state.legal_actions() if str(a).startswith("play ")})
    page.locator(f"[data-testid=hand-{monsters[0]}]").click()
    place = page.locator("[data-testid=place] button[data-testid^=place-]").first
    expect(place).to_contain_text("(face down)")
    before = seen(page, board)
    place.click()
    settle(page, board, before)
    expect(toggle).not_to_be_checked()
    page.locator(f"[data-testid=hand-{monsters[1] - 1}]").click()  # the hand closed up behind the first
    expect(page.locator("[data-testid=place] button[data-testid^=place-]").first).not_to_contain_text("face down")
    shot(page, "club-face-down-once-375")
    assert not problems, problems


def test_the_tutorial_points_to_hint_only_when_there_is_a_hint_button(server: Server, chromium: Any) -> None:
    """Review: "stuck? press Hint" stayed on the tutorial's strip after the game ended, with no Hint button."""
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    seats = [(ann, "Ann"), BOT]
    playing = find_position("monster-smash", 2, {}, _smash_attack, tries=50)
    table_id = store_table(server.data_dir, "monster-smash", 2, {}, seats, playing, tutorial=True)
    page.goto(f"{server.url}/t/{table_id}")
    count = page.locator("[data-testid=tutorial-count]")
    expect(page.locator("[data-testid=hint-button]")).to_be_visible()
    expect(count).to_contain_text("stuck? press Hint")
    ended = find_game("monster-smash", 2, {}, lambda r: bool(r.winners))
    table_id = store_table(server.data_dir, "monster-smash", 2, {}, seats, ended, tutorial=True)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=end-screen]").wait_for()
    expect(count).to_contain_text("seen")
    assert page.locator("[data-testid=hint-button]").count() == 0
    expect(count).not_to_contain_text("Hint")
    shot(page, "tutorial-over-no-hint-1366")
    assert not problems, problems
