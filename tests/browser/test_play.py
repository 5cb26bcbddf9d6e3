"""Whole games in a real browser against a real server process (Debian Chromium, Playwright)."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.browser.conftest import Server, shot
from tests.browser.driver import (
    board_state,
    hand_codes,
    play_one_decision,
    play_until_end,
    wait_for_my_turn_or_end,
)
from tests.browser.pages import sign_in


def create_table(page: Any, seat2: str = "bot", turn_cap: int = 80, bot: str = "greedy") -> str:
    """Open the Monster Smash form, choose the second seat, set a turn cap, submit; returns the table path."""
    page.locator("[data-testid=game-monster-smash]").get_by_role("button", name="New table").click()
    form = page.locator("[data-testid=create-table]")
    form.locator("select[name=seat-1]").select_option(seat2)
    if seat2 == "bot":
        form.locator("select[name=seat-1-bot]").select_option(bot)
    form.locator("input[name=opt-max_turns]").fill(str(turn_cap))
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/**")
    return str(page.url)


def reach_mid_game(page: Any, decisions: int = 3) -> None:
    """Play a few decisions and stop on this page's turn; a game that ends that early is rematched."""
    for _ in range(4):
        done = 0
        while wait_for_my_turn_or_end(page) == "turn":
            if done >= decisions:
                return
            play_one_decision(page)
            done += 1
        page.locator("[data-testid=rematch]").click()
        page.wait_for_selector("[data-testid=end-screen]", state="detached")
    raise AssertionError("every game ended within a few moves")


def test_a_new_user_plays_a_whole_game_against_a_bot(server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    sign_in(page, server.url, "Ann <b>Lee</b>")
    assert page.locator("[data-testid=who]").inner_text().startswith("A")
    assert page.locator("[data-testid=who] b").count() == 0  # the name is text, never markup
    shot(page, "lobby")
    create_table(page)
    page.wait_for_selector("[data-testid=smash-board]")
    shot(page, "table-start")
    made = play_until_end(page, on_turn=lambda n: n == 6 and shot(page, "table-mid-game"))
    assert made > 0
    end = page.locator("[data-testid=end-screen]")
    assert end.is_visible()
    shot(page, "end-screen")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "end-screen-phone")
    # Rematch starts a new game at once, then the replay of the first game is at its own address.
    first = page.url
    page.locator("[data-testid=rematch]").click()
    page.wait_for_function(f"() => location.href !== {json.dumps(first)}")
    page.wait_for_selector("[data-testid=smash-board]")
    page.goto(first.replace("/t/", "/replay/"))
    page.wait_for_selector("[data-testid=replay-controls]")
    counter = page.locator("[data-testid=step-counter]")
    total = int(counter.get_attribute("data-moves") or 0)
    assert total > 0 and counter.inner_text().startswith(f"Move {total} / {total}")
    page.locator("[data-testid=step-back]").click()
    page.wait_for_function(
        f"() => document.querySelector('[data-testid=step-counter]').innerText.startsWith('Move {total - 1} / {total}')"
    )
    assert page.locator("[data-testid=smash-board] .reveal .card").count() > 0  # every hand shown
    shot(page, "replay-phone")
    assert problems == []
    context.close()


def test_two_players_play_while_a_spectator_never_sees_a_hand_card(server: Server, chromium: Any) -> None:
    ann_ctx = chromium.new_context(viewport={"width": 1200, "height": 900})
    bob_ctx = chromium.new_context(viewport={"width": 390, "height": 844})
    cy_ctx = chromium.new_context(viewport={"width": 1000, "height": 800})
    ann, bob, cy = ann_ctx.new_page(), bob_ctx.new_page(), cy_ctx.new_page()
    sign_in(ann, server.url, "Ann")
    table_url = create_table(ann, seat2="open", turn_cap=40)
    ann.wait_for_selector("[data-testid=seats-panel]")
    shot(ann, "waiting-for-players")
    sign_in(bob, server.url, "Bob")
    bob.locator("[data-testid=table-row] [data-testid=join]").first.click()  # Join seats Bob at once
    bob.wait_for_url("**/t/**")
    ann.wait_for_function("() => !document.querySelector('[data-testid=start]').disabled")

    frames: list[str] = []
    cy.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    cy.goto(table_url)  # not signed in: a spectator
    cy.wait_for_selector("[data-testid=seats-panel]")
    ann.locator("[data-testid=start]").click()
    for page in (ann, bob, cy):
        page.wait_for_selector("[data-testid=smash-board]")

    deadline = time.monotonic() + 180
    decisions = 0
    while time.monotonic() < deadline:
        if all(board_state(p)["end"] == "yes" for p in (ann, bob)):
            break
        acted = False
        for page in (ann, bob):
            s = board_state(page)
            if s["end"] == "no" and s["mine"] == "yes" and s["busy"] == "no":
                play_one_decision(page)
                decisions += 1
                acted = True
                if decisions == 8:
                    shot(cy, "spectator")
                    shot(bob, "player-phone")
        assert cy.locator("[data-testid=hand]").count() == 0
        if not acted:
            time.sleep(0.05)
    else:
        raise AssertionError("the game did not finish")
    cy.wait_for_selector("[data-testid=end-screen]")
    shot(cy, "spectator-end")
    assert decisions > 4
    assert frames, "the spectator received no messages"
    for raw in frames:
        msg = json.loads(raw)
        if msg.get("type") not in ("snapshot", "update"):
            continue
        assert msg["seat"] is None
        if msg["view"] is not None:
            assert msg["view"]["hand"] is None
        for entry in msg["log"]:
            event = entry["event"]
            assert not (event["type"] in ("draw", "steal") and "cards" in event), event
    for ctx in (ann_ctx, bob_ctx, cy_ctx):
        ctx.close()


def test_a_reload_mid_game_restores_everything(server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    sign_in(page, server.url, "Reloader")
    create_table(page, bot="random")  # a weak bot: the game lasts long enough to reload mid-way
    reach_mid_game(page)
    before = (hand_codes(page), page.locator("[data-testid=log] li").all_inner_texts(), board_state(page))
    page.reload()
    page.wait_for_selector("[data-testid=smash-board]")
    assert wait_for_my_turn_or_end(page) == "turn"
    after = (hand_codes(page), page.locator("[data-testid=log] li").all_inner_texts(), board_state(page))
    assert after == before
    shot(page, "after-reload")
    play_until_end(page)
    context.close()


def test_the_server_is_killed_and_restarted_mid_game_and_the_game_goes_on(chromium: Any, tmp_path: Any) -> None:
    server = Server(tmp_path / "lair", bot_delay=1.0)
    server.start()
    try:
        context = chromium.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        sign_in(page, server.url, "Survivor")
        create_table(page, bot="random")
        reach_mid_game(page)
        hand = hand_codes(page)
        log_lines = page.locator("[data-testid=log] li").count()
        # Make a move that hands the turn to the bot, then crash before the bot (1 s delay) replies.
        while board_state(page)["mine"] == "yes":
            play_one_decision(page)
            page.wait_for_function("() => document.querySelector('[data-testid=smash-board]').dataset.busy === 'no'")
        server.kill()
        page.wait_for_function("() => document.querySelector('[data-testid=link-state]').dataset.state !== 'live'")
        shot(page, "server-down")
        server.bot_delay = 0.05
        server.start()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=link-state]').dataset.state === 'live'", timeout=20000
        )
        assert page.locator("[data-testid=log] li").count() >= log_lines
        assert hand  # the hand we had is still a hand of this game; the bot now resumes by itself
        assert wait_for_my_turn_or_end(page) in ("turn", "end")
        shot(page, "after-restart")
        play_until_end(page)
        assert page.locator("[data-testid=end-screen]").is_visible()
        context.close()
    finally:
        server.stop()
