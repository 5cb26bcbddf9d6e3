"""What players read in the browser (issue 13): distinct bot names everywhere, a log of prose with move
numbers for a player and for a spectator, and boards that show the numbers in play (MONSTRA's boosted
moves, Monster Club's reason a stack cannot attack); one of a thing said in the singular; players' whole
names beside Monster Smash's "to move" badge on a phone; what MONSTRA's round waits for before its order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from monsterlair.core import State
from tests.browser.conftest import Server, shot, shot_at
from tests.browser.driver import IDLE, play_one_decision, seen, settle, wait_for_my_turn_or_end
from tests.browser.finished import find_position, position, store_table
from tests.browser.pages import DESKTOP, guest, new_page
from tests.browser.test_games_ui import CLUB, PHONE, PUSH

MONSTRA = "[data-testid=monstra-board]"
CODE = re.compile(r"\b\w+=\S|[{}\[\]]|\b[a-z]+_[a-z]+\b|\b[a-z]+-\d+\b")
"""What must never reach a player's eyes in a log: key=value dumps, brackets of a repr, snake_case
identifiers, card codes such as ember-3."""


def log_lines(page: Any) -> list[str]:
    return [str(t) for t in page.locator("[data-testid=log] li .text").all_inner_texts()]


def test_bots_have_distinct_names_and_the_log_is_prose_with_move_numbers(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    guest(page, server.url, "Ann")
    seats = [{"kind": "me"}, *([{"kind": "bot", "bot": "greedy"}] * 3)]
    body = {"game": "monster-smash", "players": 4, "seats": seats, "start": True, "options": {"max_turns": 30}}
    r = page.request.post(f"{server.url}/api/tables", data=body, headers={"Origin": server.url})
    assert r.ok, r.text()
    table_id = r.json()["table"]["id"]
    page.goto(f"{server.url}/t/{table_id}")
    chips = page.locator("[data-testid^=seat-chip-]")
    chips.first.wait_for()
    names = [t.split("\n")[0].strip() for t in chips.all_inner_texts()]
    bots = names[1:]
    assert len(set(bots)) == 3 and all(n.endswith("(Greedy bot)") for n in bots), names
    # (named once: the list of who is here names only who watches during a game)
    presence = page.locator("[data-testid=presence]").inner_text()
    assert not any(n in presence for n in bots), presence
    # play (simply) until every bot has had a turn
    for _ in range(12):
        if wait_for_my_turn_or_end(page) == "end":
            break
        play_one_decision(page)
        page.wait_for_function(IDLE)
        text = page.locator("[data-testid=log]").inner_text()
        if all(f"Turn {n}" in text or n in text for n in bots) and text.count("\n") >= 14:
            break
    expect(page.locator("[data-testid=log] li .text").first).to_be_attached()
    lines = log_lines(page)
    assert lines and not [t for t in lines if CODE.search(t)], [t for t in lines if CODE.search(t)][:3]
    assert any(t.startswith("You ") for t in lines)  # the reader's person
    assert any(n in t for t in lines for n in bots)  # bots by their own names
    assert not [t for t in lines if re.search(r"Greedy bot\b(?! *\))", t)]  # never a bare "Greedy bot"
    # each move's number once, in order, from 1 (a card pick counts with its choice, so none is skipped), and
    # turn 1 has its heading like every other turn
    numbers = page.locator("[data-testid=log] .move-no").all_inner_texts()
    moves = [int(n.replace("Move", "").strip()) for n in numbers]
    assert moves == list(range(1, len(moves) + 1)), moves
    headings = page.locator("[data-testid=log] li.turn").all_inner_texts()
    assert headings[0].startswith("Turn 1: ") and headings[1].startswith("Turn 2: "), headings
    shot(page, "log-move-numbers")

    # a spectator reads the same game in the third person, with nothing of a hand
    watcher = page.context.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    watcher.goto(f"{server.url}/t/{table_id}")
    watcher.wait_for_function("() => document.querySelectorAll('[data-testid=log] li[data-ply]').length >= 8")
    seen_lines = log_lines(watcher)
    assert not [t for t in seen_lines if CODE.search(t)]
    assert not [t for t in seen_lines if re.search(r"\b(you|your)\b", t, re.IGNORECASE)], seen_lines[:5]
    assert any("Ann" in t for t in seen_lines)
    watcher.context.close()
    assert not problems, problems


def _boostable(state: State) -> bool:
    legal = {str(a) for a in state.legal_actions()} if state.to_move == 0 and not state.over else set()
    return "tactic focus" in legal


def test_a_monstra_tactic_shows_the_acting_creatures_new_numbers(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    options = {"mode": "duel"}
    found = find_position("monstra", 2, options, _boostable)
    table_id = store_table(server.data_dir, "monstra", 2, options, [(ann, "Ann"), (None, "Gobble (Random bot)")], found)
    page.goto(f"{server.url}/t/{table_id}")
    board = page.locator(MONSTRA)
    board.wait_for()
    strike = page.locator("[data-testid=act-strike]").inner_text()
    printed = int(re.search(r"(\d+)", strike).group(1))  # type: ignore[union-attr]
    assert page.locator("[data-testid=strike-now]").count() == 0
    before = seen(page, MONSTRA)
    page.locator("[data-testid=tactic-focus]").click()  # Focus: +2 damage to this action's move
    settle(page, MONSTRA, before)
    now = page.locator("[data-testid=strike-now]")
    now.wait_for()
    assert now.inner_text().split()[-1] == str(printed + 2), now.inner_text()
    assert f"{printed + 2} dmg" in page.locator("[data-testid=act-strike]").inner_text()
    assert page.locator("[data-testid=boost-text]").inner_text().startswith("Now: ")
    shot_at(page, "monstra-boosted", DESKTOP, PHONE)
    assert not problems, problems


def _plain_move(state: State) -> str | None:
    """A legal move of seat 0's, after its first round, of a stack that is not swift (a swift stack may
    still attack after moving), or None."""
    if state.over or state.to_move != 0 or getattr(state, "turn", 0) <= 2:
        return None
    board = state.board[0]  # type: ignore[attr-defined]
    for a in state.legal_actions():
        words = str(a).split()
        if words[0] == "move" and not board[int(words[1]) - 1].swift():
            return str(a)
    return None


def test_a_moved_monster_club_stack_says_why_it_cannot_attack_and_an_undone_move_is_marked(
    server: Server, chromium: Any
) -> None:
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    found = find_position("monster-club", 2, {}, lambda st: _plain_move(st) is not None)
    table_id = store_table(server.data_dir, "monster-club", 2, {}, [(ann, "Ann"), (None, "Gobble (Random bot)")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(CLUB).wait_for()
    text = _plain_move(position("monster-club", 2, {}, found))
    assert text is not None
    move = page.locator(f"{CLUB} [data-action='{text}']")
    _, space, way = text.split()
    to = int(space) + (1 if way == "right" else -1)
    before = seen(page, CLUB)
    move.click()
    settle(page, CLUB, before)
    why = page.locator(f"[data-testid=why-own-{to}]")
    why.wait_for()
    assert why.inner_text() == "Can't attack: it moved this turn"  # as the terminal says it
    assert page.locator(f"{CLUB} [data-action='attack {to}']").count() == 0
    shot(page, "club-moved-why")

    # take the move back: the stack is back, and the log keeps the move, struck through and marked
    move_no = len(found.moves) + 1
    page.wait_for_function("() => !document.querySelector('[data-testid=undo]').disabled")
    before = seen(page, CLUB)
    page.locator("[data-testid=undo]").click()
    settle(page, CLUB, before)
    assert page.locator(f"[data-testid=why-own-{to}]").count() == 0
    undone = page.locator(f"[data-testid=log] li.undone[data-ply='{move_no}']")
    assert undone.count() >= 1 and "taken back" in undone.first.inner_text()
    style = undone.first.evaluate("e => getComputedStyle(e.querySelector('.text')).textDecorationLine")
    assert style == "line-through"
    assert "You take back your last move." in page.locator("[data-testid=log]").inner_text()
    shot(page, "club-undone-log")
    assert not problems, problems


def test_a_missions_log_opens_with_the_guardians_first_behaviour(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    guest(page, server.url, "Ann")
    body = {"game": "monstra", "players": 1, "seats": [{"kind": "me"}], "start": True, "options": {"mode": "mission"}}
    r = page.request.post(f"{server.url}/api/tables", data=body, headers={"Origin": server.url})
    assert r.ok, r.text()
    page.goto(f"{server.url}/t/{r.json()['table']['id']}")
    page.locator(MONSTRA).wait_for()
    lines = log_lines(page)
    assert lines and "Nothing has happened yet." not in page.locator("[data-testid=log]").inner_text()
    assert any("Guardian" in t for t in lines), lines
    assert page.locator("[data-testid=log] .move-no").count() == 0  # the set-up, before move 1
    assert not problems, problems


def _defending(can_defend: bool) -> Any:
    """A Monster Smash position where seat 0 (Ann) must answer an attack, holding own-suit cards or not."""

    def wanted(state: State) -> bool:
        if state.over or state.to_move != 0 or state.view(0)["phase"] != "defend" or state.view(0)["defence"]["cards"]:
            return False
        return any(str(a).startswith("play ") for a in state.legal_actions()) == can_defend

    return wanted


def test_the_defence_banner_says_a_defence_needs_one_own_suit_card_and_why_none_is_possible(
    server: Server, chromium: Any
) -> None:
    """MS-6.1: up to two cards, at least one of the defender's own suit (any of them, not "the first")."""
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    # the rules' words, "of your own suit" (review: "your own Gloomfang cards", while the cards read "gloom 3")
    own = (True, "at least one of your own suit"), (False, "You hold no cards of your own suit")
    for can_defend, words in own:
        found = find_position("monster-smash", 2, {}, _defending(can_defend), tries=400)
        table_id = store_table(
            server.data_dir, "monster-smash", 2, {}, [(ann, "Ann"), (None, "Gobble (Random bot)")], found
        )
        page.goto(f"{server.url}/t/{table_id}")
        banner = page.locator("[data-testid=banner]")
        expect(banner).to_contain_text("attacks you with")
        expect(banner).to_contain_text(words)
        expect(banner).not_to_contain_text("the first of your own suit")
        if not can_defend:
            expect(page.locator("[data-testid=defend]")).to_be_disabled()
            expect(page.locator("[data-testid=skip]")).to_be_enabled()
    assert not problems, problems


@pytest.fixture
def slow_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose bots take ten minutes to move: a stored position where a bot is to move stays on screen."""
    with Server(tmp_path / "lair", bot_delay=600) as srv:
        yield srv


WIDE = {"width": 1366, "height": 900}
NARROW = {"width": 375, "height": 812}


def page_at(chromium: Any, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    page = chromium.new_context(viewport=viewport).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page, problems


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def test_one_of_a_thing_is_said_in_the_singular(server: Server, chromium: Any) -> None:
    """Push a Monster's arena with one monster on it and the chat with one character left (they said "1 monsters"
    and "1 characters")."""
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    found = find_position(
        "push-a-monster", 2, {}, lambda st: len(st.view(0)["monsters"]) == 1 and st.to_move == 0, tries=20
    )
    table_id = store_table(
        server.data_dir, "push-a-monster", 2, {}, [(ann, "Ann"), (None, "Gobble (Random bot)")], found
    )
    page.goto(f"{server.url}/t/{table_id}")
    page.locator(PUSH).wait_for()
    arena = page.locator("[data-testid=arena]")
    expect(arena).to_have_attribute("aria-label", re.compile(r": 1 monster on it$"))
    page.locator("[data-testid=arena-text] summary").click()
    expect(page.locator("[data-testid=arena-text]")).to_contain_text("1 monster on the arena:")
    chat = page.locator("[data-testid=chat-input]")
    chat.fill("x" * (int(chat.get_attribute("maxlength") or 0) - 1))
    expect(page.get_by_text("1 character left", exact=True)).to_be_visible()
    assert not problems, problems


def _bot_to_move_in_three(state: State) -> bool:
    view = state.view(0)
    return state.to_move == 1 and all(view["played_first_turn"]) and view["phase"] == "burn"


def test_monster_smash_shows_whole_names_beside_the_to_move_badge_on_a_phone_and_wide(
    slow_server: Server, chromium: Any
) -> None:
    """Three players at 375 px: the two opponents share a row, and a name was cut to "Grum…" by the badge."""
    names = ["Ann", "Grumble (Greedy bot)", "Snagtooth (Greedy bot)"]
    found = find_position("monster-smash", 3, {}, _bot_to_move_in_three)
    for label, viewport in (("375", NARROW), ("1366", WIDE)):
        page, problems = page_at(chromium, viewport)
        ann = guest(page, slow_server.url, "Ann")
        seats = [(ann, names[0]), (None, names[1]), (None, names[2])]
        table_id = store_table(slow_server.data_dir, "monster-smash", 3, {}, seats, found)
        page.goto(f"{slow_server.url}/t/{table_id}")
        badge = page.locator("[data-testid=seat-1] .badge.turn")
        expect(badge).to_have_text("to move")
        for s in (1, 2):
            name = page.locator(f"[data-testid=seat-{s}] .pname")
            expect(name).to_have_text(names[s])
            assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), f"{names[s]} is cut short at {label} px"
        name_box = page.locator("[data-testid=seat-1] .pname").bounding_box()
        badge_box = badge.bounding_box()
        seat_box = page.locator("[data-testid=seat-1]").bounding_box()
        assert name_box and badge_box and seat_box
        apart = (
            name_box["x"] + name_box["width"] <= badge_box["x"] or name_box["y"] + name_box["height"] <= badge_box["y"]
        )
        assert apart, (name_box, badge_box)  # the badge covers no part of the name
        assert badge_box["x"] + badge_box["width"] <= seat_box["x"] + seat_box["width"] + 0.5
        assert no_sideways_scroll(page), label
        if label == "1366":  # the players' bar (beside the board) names them whole too
            for s in (1, 2):
                who = page.locator(f"[data-testid=seat-chip-{s}] .name")
                expect(who).to_have_text(names[s])
                assert who.evaluate("e => e.scrollWidth <= e.clientWidth"), names[s]
        shot(page, f"smash-three-names-{label}")
        assert not problems, problems
        page.context.close()


def _round_start_discard(seat: int) -> Any:
    def wanted(state: State) -> bool:
        view = state.view(0)
        return view["phase"] == "discard" and not view["order"] and state.to_move == seat

    return wanted


def test_monstra_says_what_the_round_waits_for_while_hands_are_discarded_down_to_five(
    slow_server: Server, chromium: Any
) -> None:
    """MO-4.3, MO-4.6: at the start of a round a team holding more than five tactics discards first, and the
    round's order is set after that. The order strip was an empty list then, and the others' banner said
    only "Waiting for …"."""
    options = {"mode": "duel"}
    for seat in (1, 0):
        found = find_position("monstra", 2, options, _round_start_discard(seat), tries=300, max_moves=600)
        for label, viewport in (("1366", WIDE), ("375", NARROW)):
            page, problems = page_at(chromium, viewport)
            ann = guest(page, slow_server.url, "Ann")
            seats = [(ann, "Ann"), (None, "Grumble (Greedy bot)")]
            table_id = store_table(slow_server.data_dir, "monstra", 2, options, seats, found)
            page.goto(f"{slow_server.url}/t/{table_id}")
            page.locator(MONSTRA).wait_for()
            banner = page.locator(f"{MONSTRA} [data-testid=banner]")
            assert page.locator("[data-testid=order]").count() == 0  # no empty list of the order
            waiting = page.locator("[data-testid=order-waiting]")
            if label == "1366":
                expect(waiting).to_have_text("Action order: set once every hand is down to five tactics")
            else:  # a phone shows the round's order on the creatures, not in the strip: the banner says it
                expect(waiting).to_be_hidden()
            if seat == 1:
                expect(banner).to_contain_text("Waiting for Grumble (Greedy bot)…")
                expect(banner).to_contain_text(
                    "Grumble (Greedy bot) is discarding down to five tactics. "
                    "This round's action order is set once every hand is down to five."
                )
                expect(banner).to_be_in_viewport()
            else:
                expect(banner).to_contain_text("Discard down to five")
                expect(page.locator("[data-testid=tactics] .t-cta").first).to_have_text("Discard")
            assert no_sideways_scroll(page), label
            shot(page, f"monstra-round-discard-{'bot' if seat else 'me'}-{label}")
            assert not problems, problems
            page.context.close()


def _smash_step(phase: str) -> Any:
    """A Monster Smash position where seat 0 (Ann) is to move in ``phase`` with nothing picked yet."""

    def wanted(state: State) -> bool:
        if state.over or state.to_move != 0 or state.view(0)["phase"] != phase:
            return False
        view = state.view(0)
        nothing_picked = not view["burning"] and not (view["defence"] or {}).get("cards")
        return nothing_picked and "pass" in {str(a) for a in state.legal_actions()}

    return wanted


def test_a_monster_smash_hint_words_its_moves_as_the_buttons_and_cards_do(server: Server, chromium: Any) -> None:
    """Review: the hint read "Pass: skip this step" beside a button reading "Don't burn", and named its runner-up
    "Burn the card at position 5". The hint's move and its runner-up are a button's words or a card's name as
    the page shows them, at every step with a choice (the burn, the attack, the defence)."""
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    for phase in ("burn", "attack", "defend"):
        found = find_position("monster-smash", 2, {}, _smash_step(phase), tries=400)
        table_id = store_table(
            server.data_dir, "monster-smash", 2, {}, [(ann, "Ann"), (None, "Gobble (Random bot)")], found
        )
        page.goto(f"{server.url}/t/{table_id}")
        skip = page.locator("[data-testid=skip]")
        expect(skip).to_be_visible()
        page.locator("[data-testid=hint-button]").click()
        hint = page.locator("[data-testid=hint]")
        hint.wait_for()
        said = hint.inner_text()
        move = said.removeprefix("The strongest bot would play: ").split(".")[0]
        runner = said.split("“")[1].split("”")[0] if "“" in said else None
        buttons = {t.strip() for t in page.locator("[data-testid=actions] > button").all_inner_texts()}
        cards = page.locator("[data-testid^=hand-card-] .sr-only").all_inner_texts()
        shown = buttons | {re.sub(r", \w+ (\d+).*$", r" \1", c) for c in cards}  # "Burn Cinderpup, ember 2" …
        assert skip.inner_text().strip() in buttons
        for label in (move, runner):
            assert (
                label is None
                or label in shown
                or re.sub(r" · .*", "", label) in {re.sub(r" · .*", "", b) for b in buttons}
            ), (phase, label, shown)
        shot(page, f"smash-hint-{phase}")
    assert not problems, problems
