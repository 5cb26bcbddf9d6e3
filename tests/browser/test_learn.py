"""Learning a game from the site, in a real browser: the how-to-play guides (lobby, new-table form, table),
the players' rules reference without developer notes, the lobby's Join and Play now, and the new-table form
(valid player counts only, deck picker, players' wording)."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import ARTIFACTS, Server, shot
from tests.browser.pages import guest, new_page, new_table
from tests.browser.test_a11y import no_sideways_scroll
from tests.browser.test_games_ui import monstra_decide, sent_or_targets, wait_turn_or_end
from tests.browser.test_rules_and_replays import fits_a_phone

PHONE = {"width": 375, "height": 812}
GAMES = ("monster-smash", "monstra", "monster-club", "push-a-monster")
TITLES = {
    "monster-smash": "Monster Smash",
    "monstra": "MONSTRA",
    "monster-club": "Monster Club",
    "push-a-monster": "Push a Monster",
}
# What only developers may read: paths, data files, test names, research notes, option keys.
DEVELOPER = re.compile(
    r"src/|\.toml|\.py\b|test_[A-Z]{2}_|research|Engine:|Game id|Result\.|Decided here|_[a-z]+=|max_turns|seat 0",
    re.IGNORECASE,
)


def test_each_game_has_a_guide_from_the_lobby_and_the_rules_players_read_have_no_developer_notes(
    server: Server, chromium: Any
) -> None:
    page, problems = new_page(chromium)
    for game in GAMES:
        page.goto(server.url)
        page.locator(f"[data-testid=game-{game}]").get_by_role("link", name=f"How to play {TITLES[game]}").click()
        page.wait_for_url(f"**/rules/{game}")
        guide = page.locator("[data-testid=guide]")
        guide.locator("h3").first.wait_for()
        headings = guide.locator("h3").all_inner_texts()
        assert headings[:2] == ["The goal", "Your turn" if game != "monstra" else "A round"], headings
        # The guide fits about one screen of a laptop.
        assert guide.evaluate("g => g.getBoundingClientRect().height") < 1500
        page.locator("[data-testid=rules-doc]").wait_for()
        text = page.locator("main").inner_text()
        assert not DEVELOPER.search(text), (game, DEVELOPER.search(text))
    # The numbers on Push a Monster's pieces are explained: the log and the controls name monsters by them.
    page.goto(f"{server.url}/rules/push-a-monster")
    page.locator("[data-testid=guide] h3").first.wait_for()  # loaded (it says "Loading the guide…" before)
    said = page.locator("[data-testid=guide]").inner_text()
    assert re.search(r"every monster on the arena shows a number[^.]*log[^.]*controls", said, re.I), said
    assert "the orange Mammoth #21" in said, said
    # A list inside a step is a list, not Markdown run into the step's line ("then choose: - Strike: …").
    page.goto(f"{server.url}/rules/monstra")
    choices = page.locator("[data-testid=guide] ol > li > ul > li")
    choices.first.wait_for()
    assert [c.split(":")[0] for c in choices.all_inner_texts()] == ["Strike", "Signature", "Guard"]
    assert "- Strike" not in page.locator("[data-testid=guide]").inner_text()
    # The figures are the board's own cards, with their names.
    page.goto(f"{server.url}/rules/monster-smash")
    figure = page.locator("[data-testid=guide-figure]")
    figure.wait_for()
    assert figure.locator(".card").count() == 5
    assert "Magmaw" in (figure.locator(".card").first.get_attribute("aria-label") or "")
    shot(page, "guide-smash")
    fits_a_phone(page, f"{server.url}/rules/monster-club", "[data-testid=guide-figure]", "guide-club-phone")
    assert not problems, problems


def test_play_now_seats_you_at_an_open_table_or_starts_one_with_bots(server: Server, chromium: Any) -> None:
    host, problems = new_page(chromium)
    guest(host, server.url, "Hosta")
    # Hosta opens a Monster Club table with a free seat.
    body = {"game": "monster-club", "players": 2, "options": {}, "seats": [{"kind": "me"}, {"kind": "open"}]}
    open_id = new_table(host, server.url, {**body, "start": False})
    page, more = new_page(chromium)
    guest(page, server.url, "Newt")
    page.goto(server.url)
    # No game yet: "My tables" says so, and nothing else sits there.
    mine = page.locator("section", has=page.get_by_role("heading", name=re.compile("My tables")))
    mine.get_by_text("No tables yet").wait_for()
    page.locator("[data-testid=game-monster-club] [data-testid=play-now]").click()
    page.wait_for_url(f"**/t/{open_id}")
    seats = page.request.get(f"{server.url}/api/tables/{open_id}").json()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Hosta", "Newt"]
    # With no open table of the game, Play now starts one against a bot at once.
    page.goto(server.url)
    page.locator("[data-testid=game-monster-smash] [data-testid=play-now]").click()
    page.wait_for_url(re.compile(r".*/t/(?!" + re.escape(open_id) + r")[^/?]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    info = page.request.get(f"{server.url}/api/tables/{table_id}").json()["table"]
    assert info["game"] == "monster-smash" and info["status"] == "playing"
    assert [s["kind"] for s in info["seats"]] == ["human", "bot"]
    assert not problems and not more, problems + more


def test_join_in_the_lobby_seats_you(server: Server, chromium: Any) -> None:
    host, problems = new_page(chromium)
    guest(host, server.url, "Hosta")
    body = {"game": "push-a-monster", "players": 3, "options": {}, "start": False}
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]
    table_id = new_table(host, server.url, {**body, "seats": seats})
    page, more = new_page(chromium)
    guest(page, server.url, "Joiner")
    page.goto(server.url)
    page.get_by_role("button", name=re.compile(r"^Join: Push a Monster")).click()
    page.wait_for_url(f"**/t/{table_id}")
    seats = page.request.get(f"{server.url}/api/tables/{table_id}").json()["table"]["seats"]
    assert seats[1]["name"] == "Joiner"
    # The table now lists as one of mine, waiting to start.
    page.goto(server.url)
    mine = page.locator("section", has=page.get_by_role("heading", name=re.compile("My tables")))
    mine.locator("[data-testid=table-row]").first.wait_for()
    assert "No tables yet" not in mine.inner_text()
    assert not problems and not more, problems + more


def test_the_new_table_form_offers_valid_counts_player_words_and_a_deck_picker(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    guest(page, server.url, "Former")
    page.goto(server.url)
    page.get_by_role("button", name="New table: MONSTRA").click()
    form = page.locator("[data-testid=create-table]")
    counts = form.locator(".players button").all_inner_texts()
    assert counts == ["1", "2", "4"], counts
    # Only the modes the chosen player count can play are offered; a count that cannot play the chosen one
    # puts the mode back to Automatic (MO-1.1).
    mode = form.locator("select[name=opt-mode]")
    assert mode.locator("option").all_inner_texts() == ["Automatic", "Duel", "Mission against the Rift Guardian"]
    form.locator(".players button", has_text="4").click()
    assert mode.locator("option").all_inner_texts() == ["Automatic", "2 against 2"]
    mode.select_option(label="2 against 2")
    form.locator(".players button", has_text="1").click()
    assert mode.locator("option").all_inner_texts() == ["Automatic", "Mission against the Rift Guardian"]
    assert mode.input_value() == "auto"
    form.locator(".players button", has_text="2").click()
    text = form.inner_text()
    for word in ("review's reading", "Result.capped", "arena.toml", "Seat 0", "-1 = random", "A/B", "'random'"):
        assert word not in text, word
    assert form.get_by_role("link", name="How to play").count() == 1
    # Two teams: a deck picker each; build one deck by hand.
    choices = form.locator("[data-testid=deck-choice]")
    assert choices.count() == 2
    choices.first.locator("select").select_option(label="Build your own…")
    tally = choices.first.locator("[data-testid=deck-tally]")
    assert tally.inner_text().startswith("0 of 12 creatures")
    choices.first.get_by_role("button", name="Blaze").click()
    assert "12 of 12 creatures, 12 of 12 tactics — ready" in tally.inner_text()
    choices.nth(1).locator("select").select_option(label="Bulwark")
    shot(page, "new-table-monstra")
    form.get_by_role("button", name="Start game").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    options = page.request.get(f"{server.url}/api/tables/{table_id}").json()["table"]["options"]
    first, second = str(options["decks"]).split("/")
    assert "|" in first and second == "bulwark"
    # Monster Club: seats are named from 1, the first turn is a choice in words.
    page.goto(server.url)
    page.get_by_role("button", name="New table: Monster Club").click()
    form = page.locator("[data-testid=create-table]")
    assert form.locator("[data-testid=deck-choice] label", has_text="Seat 1's deck").count() == 1
    first_turn = form.locator("select[name=opt-first_player]")
    assert first_turn.locator("option").all_inner_texts() == ["Drawn at random", "Seat 1", "Seat 2"]
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page, "the new-table form")
    # each checkbox stays beside its words, even when they wrap
    for box, words in form.locator("label.check").evaluate_all(
        "ls => ls.map(l => [l.querySelector('input').getBoundingClientRect().toJSON(),"
        " l.querySelector('span').getBoundingClientRect().toJSON()])"
    ):
        assert box["right"] <= words["left"] and words["top"] <= box["top"] <= words["bottom"], (box, words)
    shot(page, "new-table-club-phone")
    # Every game's options speak to players: no engineering words ("the source", "invented", "the software").
    page.set_viewport_size({"width": 1280, "height": 900})
    for game in GAMES:
        page.goto(server.url)
        page.get_by_role("button", name=f"New table: {TITLES[game]}").click()
        text = page.locator("[data-testid=create-table]").inner_text()
        for word in ("source", "nvented", "software", "Seat 0", "Result."):
            assert word not in text, (game, word)
    assert not problems, problems


def test_a_hint_at_a_table_against_a_bot_and_none_at_a_table_of_people(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    guest(page, server.url, "Hinty")
    body = {"game": "monster-club", "players": 2, "options": {"first_player": 0}, "start": True}
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
    page.goto(f"{server.url}/t/{new_table(page, server.url, {**body, 'seats': seats})}")
    # Before a hint is asked, the place its words will come (a polite live region) is on the page, taking no room:
    # a screen reader announces only what changes in a region that was there (it was display: none while empty).
    region = page.locator("[data-testid=hint-bar] [aria-live]")
    for size in (PHONE, {"width": 1280, "height": 900}):
        page.set_viewport_size(size)
        page.locator("[data-testid=hint-button]").wait_for()
        shown = region.evaluate("e => [getComputedStyle(e).display, e.getBoundingClientRect().height]")
        assert shown[0] != "none" and shown[1] <= 1, (size, shown)
    page.locator("[data-testid=hint-button]").click()
    hint = page.locator("[data-testid=hint]")
    hint.wait_for()
    assert hint.inner_text().startswith("The strongest bot would play: ")
    assert "%" in hint.inner_text() or "only move" in hint.inner_text()
    shot(page, "hint")
    # On a phone the hint reads across the screen, under its buttons, not squeezed between them.
    page.set_viewport_size(PHONE)
    wide = 0.8 * (PHONE["width"] - 32)
    with contextlib.suppress(PlaywrightTimeout):  # once laid out at the new width (a busy machine took a moment)
        page.wait_for_function(
            "(wide) => document.querySelector('[data-testid=hint]').getBoundingClientRect().width >= wide",
            arg=wide,
            timeout=5000,
        )
    width = hint.evaluate("e => e.getBoundingClientRect().width")
    assert width >= wide, width
    shot(page, "hint-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    before = page.request.get(page.url.replace("/t/", "/api/tables/")).json()["table"]["state_id"]
    page.locator("[data-testid=hint-play]").focus()
    page.keyboard.press("Enter")  # by keyboard: the button goes with its position, the focus must not fall away
    page.wait_for_function(
        "(n) => fetch(location.pathname.replace('/t/', '/api/tables/')).then(r => r.json())"
        ".then(d => d.table.state_id > n)",
        arg=before,
    )
    page.locator("[data-testid=hint-play]").wait_for(state="detached")
    page.wait_for_timeout(200)
    focused = page.evaluate("() => !!document.activeElement?.closest('.board-col')")
    assert focused, page.evaluate("() => document.activeElement?.outerHTML.slice(0, 120)")
    # A table of two people (which can be rated) shows no hint button at all.
    other, more = new_page(chromium)
    guest(other, server.url, "Otto")
    body = {"game": "monster-club", "players": 2, "options": {"first_player": 0}, "start": False}
    r = page.request.post(
        f"{server.url}/api/tables",
        headers={"Origin": server.url},
        data={**body, "seats": [{"kind": "me"}, {"kind": "open"}]},
    )
    tid = r.json()["table"]["id"]
    assert other.request.post(
        f"{server.url}/api/tables/{tid}/join", headers={"Origin": server.url}, data={"seat": None}
    ).ok
    assert page.request.post(f"{server.url}/api/tables/{tid}/start", headers={"Origin": server.url}).ok
    page.goto(f"{server.url}/t/{tid}")
    page.locator("[data-testid=club-board]").wait_for()
    assert page.locator("[data-testid=hint-button]").count() == 0
    assert not problems and not more, problems + more


def started(page: Any, url: str, game: str, players: int = 2, options: dict[str, Any] | None = None) -> str:
    """A game of ``game`` against random bots, started, with this page's guest in the first seat."""
    seats = [{"kind": "me"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    body = {"game": game, "players": players, "options": options or {}, "seats": seats, "start": True}
    return new_table(page, url, body)


def tip_of(page: Any, selector: str) -> Any:
    """The help tooltip of the first element matching ``selector``."""
    tip_id = page.locator(selector).first.get_attribute("data-help")
    assert tip_id, selector
    return page.locator(f"#{tip_id}")


def at_an_act(page: Any) -> None:
    """Wait for this page's first MONSTRA decision in which a creature acts (Strike, signature, Guard). About one
    deal in six opens with another decision (the order of two creatures of equal speed): it is made first."""
    for n in range(10):
        assert wait_turn_or_end(page, BOARDS["monstra"]) == "turn"
        if page.locator(BOARDS["monstra"]).get_attribute("data-phase") == "act":
            return
        monstra_decide(page, n)
    raise AssertionError("no creature acted in ten decisions")


def test_cards_creatures_tactics_and_monsters_explain_themselves_by_pointer_focus_and_tap(
    server: Server, chromium: Any
) -> None:
    page, problems = new_page(chromium)
    guest(page, server.url, "Curious")
    # Monster Smash: a hand card by pointer, then by keyboard focus; Escape hides it.
    page.goto(f"{server.url}/t/{started(page, server.url, 'monster-smash')}")
    card = "[data-testid=hand] .card"
    wait_turn_or_end(page, BOARDS["monster-smash"])  # the board is still: no bot's move re-lays the hand
    tip = tip_of(page, card)
    assert tip.is_hidden()
    page.locator(card).first.hover()
    tip.wait_for(state="visible")
    assert "worth" in tip.inner_text() and "suit" in tip.inner_text()
    shot(page, "help-smash-card")
    page.mouse.move(2, 2)
    tip.wait_for(state="hidden")
    # the help is the card's accessible description too
    described = page.locator(card).first.get_attribute("aria-describedby") or ""
    assert tip.get_attribute("id") in described.split()
    # MONSTRA: a creature (not a button until it can be chosen) takes the keyboard focus and explains itself.
    page.goto(f"{server.url}/t/{started(page, server.url, 'monstra')}")
    unit = "[data-testid=unit-b1]"
    wait_turn_or_end(page, BOARDS["monstra"])
    page.locator(unit).focus()
    tip = tip_of(page, unit)
    tip.wait_for(state="visible")
    assert re.search(r"\d+ of \d+ HP", tip.inner_text()) and "SPD" in tip.inner_text()
    page.keyboard.press("Escape")
    tip.wait_for(state="hidden")
    tactic = "[data-testid^=tactic-]"
    page.locator(tactic).first.hover()
    tip = tip_of(page, tactic)
    tip.wait_for(state="visible")
    assert " EN" in tip.inner_text()  # a cost, written as the cards and the rules write it
    # Monster Club: a card in hand.
    page.goto(f"{server.url}/t/{started(page, server.url, 'monster-club', options={'first_player': 0})}")
    club = "[data-testid=hand] .ccard"
    wait_turn_or_end(page, BOARDS["monster-club"])  # the hand is dealt and the board is still
    page.locator(club).first.focus()
    tip = tip_of(page, club)
    tip.wait_for(state="visible")
    assert re.search(r"Monster, score \d|Power card", tip.inner_text())
    # Push a Monster: a monster kind of the supply.
    page.goto(f"{server.url}/t/{started(page, server.url, 'push-a-monster')}")
    kind = "[aria-label='Supply and fallen monsters'] .kind"
    page.locator(kind).first.wait_for()
    page.locator(kind).first.hover()
    tip = tip_of(page, kind)
    tip.wait_for(state="visible")
    assert "Token" in tip.inner_text()
    assert not problems, problems
    # On a phone a tap shows the help, and a tap elsewhere hides it.
    phone = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    tap = phone.new_page()
    guest(tap, server.url, "Tapper")
    tap.goto(f"{server.url}/t/{started(tap, server.url, 'monstra')}")
    at_an_act(tap)
    # a creature that is not a target now (a target is a button: a tap on it would also choose it, and the
    # board would move on): a tap on it does nothing but explain it
    still = tap.locator("div.creature[data-testid^=unit-]")
    assert still.count(), "every creature is a target"
    own = f"[data-testid={still.first.get_attribute('data-testid')}]"
    tip = tip_of(tap, own)
    tap.locator(own).tap()
    tip.wait_for(state="visible")
    box = tip.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(tap, "help-monstra-phone")
    tap.locator("h1").tap()
    tip.wait_for(state="hidden")
    # A tap that chooses an enemy to Strike only chooses it: its help would cover the board through the turns
    # that follow (no pointer will leave to hide it). A press and hold is how a finger reads a target's help.
    tap.locator("[data-testid=act-strike]").tap()
    target = tap.locator("button.creature.targetable").first
    target.wait_for()
    chosen = f"[data-testid={target.get_attribute('data-testid')}]"
    tip = tip_of(tap, chosen)
    tap.evaluate(
        """(id) => { window.__tipShown = false; const t = document.getElementById(id);
          new MutationObserver(() => { if (!t.hidden) window.__tipShown = true; }).observe(t, {attributes: true}); }""",
        tip.get_attribute("id"),
    )
    before = tap.locator("[data-testid=log]").inner_text()
    tap.locator(chosen).tap()
    tap.wait_for_function("(b) => document.querySelector('[data-testid=log]').innerText !== b", arg=before)
    tap.wait_for_timeout(600)  # longer than a press and hold
    assert tap.evaluate("() => window.__tipShown") is False
    phone.close()


# --- tutorials: one played through per game -----------------------------------------------------------------
BOARDS = {
    "monster-smash": "[data-testid=smash-board]",
    "monstra": "[data-testid=monstra-board]",
    "monster-club": "[data-testid=club-board]",
    "push-a-monster": "[data-testid=push-board]",
}
FIRST_STEP = {"monster-smash": "first-turn", "monstra": "act", "monster-club": "play", "push-a-monster": "push"}


def coach_step(page: Any, steps: list[str]) -> None:
    """On the learner's turn: the coach shows the prompt of the step, marked new the first time it comes."""
    coach = page.locator("[data-testid=tutorial]")
    page.wait_for_function(
        "() => { const c = document.querySelector('[data-testid=tutorial]'); return c && c.dataset.step !== 'wait'; }"
    )
    step = str(coach.get_attribute("data-step"))
    assert coach.locator("[data-testid=tutorial-prompt]").inner_text().strip(), step
    if step not in steps:
        assert coach.locator("[data-testid=tutorial-new]").is_visible(), step
        steps.append(step)


@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_is_played_through_with_a_prompt_at_each_new_step(game: str, server: Server, chromium: Any) -> None:
    from tests.browser import driver
    from tests.browser.test_games_ui import club_decide, monstra_decide, push_decide

    page, problems = new_page(chromium)
    guest(page, server.url, "Learner")
    # From the game's guide: "Play the tutorial".
    page.goto(f"{server.url}/rules/{game}")
    page.get_by_role("button", name=f"Play the tutorial: {TITLES[game]}").click()
    page.wait_for_url(re.compile(r".*/t/[^?]+\?invite=[^&]+$"))
    board = BOARDS[game]
    page.locator(board).wait_for()
    steps: list[str] = []
    decisions = 0
    if game == "monster-smash":
        driver.play_until_end(page, limit_s=240, on_turn=lambda n: coach_step(page, steps))
    else:
        while wait_turn_or_end(page, board, timeout=90) == "turn":
            coach_step(page, steps)
            if decisions == 1:
                shot(page, f"tutorial-{game}")
            if game == "monstra":
                monstra_decide(page, decisions)
            elif game == "monster-club":
                club_decide(page, decisions % 4)
            else:
                push_decide(page, decisions)
            decisions += 1
            assert decisions < 400, "the tutorial did not end"
    assert steps[0] == FIRST_STEP[game], steps
    coach = page.locator("[data-testid=tutorial]")
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=tutorial]')?.dataset.step ?? '').startsWith('over')"
    )
    assert "game is over" in coach.inner_text()
    assert not coach.locator("[data-testid=tutorial-new]").count(), "the end is not a new step to learn"
    if game == "monster-smash":
        # The first game teaches the whole turn: the learner defended before the end (the review's learner
        # won on their first attack, never attacked), and the closing step says how this game ended, as the
        # end screen does, and names all three ways to win.
        assert all(s in steps for s in LESSONS[game]), steps
        shot(page, "tutorial-monster-smash-over")
        ending = str(coach.get_attribute("data-step"))
        end_words = page.locator("[data-testid=end-screen]").inner_text()
        said = {
            "over-last-standing": ("one monster is left standing", "last monster standing"),
            "over-six-of-suit": ("six cards of one suit", "six cards"),
            "over-fifteen-cards": ("fifteen cards in one hand", "fifteen cards"),
        }
        assert ending in said, ending
        coach_words, end_screen_words = said[ending]
        prompt = coach.locator("[data-testid=tutorial-prompt]").inner_text()
        assert coach_words in prompt and end_screen_words in end_words.lower(), (prompt, end_words)
        for way in ("six cards of", "fifteen cards", "last"):
            assert way in prompt, (way, prompt)
    assert not problems, problems


def test_a_tutorial_stays_a_tutorial_when_reopened_from_my_tables_or_a_reload_and_is_no_turn_waiting(
    server: Server, chromium: Any
) -> None:
    """The table remembers it is a tutorial: "My tables" and a reload reopen its coach. The header's "Your turn"
    does not count it (a newcomer's review: a tutorial left half-way said "Your turn" on every page, for good)."""
    page, problems = new_page(chromium)
    guest(page, server.url, "Learner")
    page.goto(f"{server.url}/rules/monster-smash")
    page.get_by_role("button", name="Play the tutorial: Monster Smash").click()
    page.wait_for_url(re.compile(r".*/t/[^?]+\?invite=.*"))
    coach = page.locator("[data-testid=tutorial]")
    coach.wait_for()
    table_url = page.url
    # Back to the lobby: the tutorial is in "My tables", marked as one; its Play link opens the coach again.
    page.get_by_role("link", name="Lobby").first.click()
    row = page.locator("[data-testid=table-row]").filter(has=page.locator("[data-testid=tutorial-badge]"))
    row.wait_for()
    assert not row.locator(".badge.turn").count()  # no "Your turn": a tutorial waits for nobody (below)
    row.get_by_role("link", name=re.compile("^Play")).click()
    page.wait_for_url(re.compile(r".*/t/[^?]+\?invite=.*"))
    coach.wait_for()
    # The header's "Your turn" leaves it out, though the server lists it as the learner's move.
    page.goto(server.url)
    # asked apart from the page's own polling: a poll the table page sent as it was left cannot be read
    asked = page.request.get(f"{server.url}/api/me/turns")
    assert [t["tutorial"] for t in asked.json()["tables"]] == [True]
    page.locator("[data-testid=tutorial-badge]").wait_for()  # "My tables" is in
    page.wait_for_timeout(300)  # (the answer is in: nothing is left to change the header)
    assert not page.locator("[data-testid=turns-count]").count()
    assert not page.locator("[data-testid=my-turns]").count()  # nor "My tables"' "1 waiting for you"
    assert not page.title().startswith("(")
    # A reload, and the bare address without the invite (the learner sits there).
    page.goto(table_url)
    coach.wait_for()
    page.reload()
    coach.wait_for()
    page.goto(table_url.split("?")[0])
    coach.wait_for()
    # An ordinary game against a bot has no coach.
    plain = new_table(
        page,
        server.url,
        {
            "game": "monster-smash",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
            "start": True,
        },
    )
    page.goto(f"{server.url}/t/{plain}")
    page.locator(BOARDS["monster-smash"]).wait_for()
    assert not coach.count()
    assert not problems, problems


LESSONS = {
    "monster-smash": ["first-turn", "burn", "attack", "defend"],
    "monstra": ["act", "signature", "tactic"],
    "monster-club": ["play", "attack"],
    "push-a-monster": ["push", "shove"],
}
"""Each tutorial's lessons, in their teaching order (a learner meets them as the game allows)."""

# What the board shows while a step's words hold (a step must never stay on a sentence the board has made false).
BOARD_SAYS: dict[str, str] = {
    "first-turn": "[data-testid=keep]",
    "burn": "[data-testid=burn]",
    "attack:monster-smash": "[data-testid^=attack-bar-]",
    "defend": "[data-testid=defend]",
    "act": "[data-testid=act-strike]:enabled",
    "signature": "[data-testid=act-signature]:enabled",
    "tactic": "[data-testid^=tactic-]:not([aria-disabled=true])",
    "attack:monster-club": "[data-testid^=do-opp-]",
    "push": "[data-testid=push-board][data-phase=push]",
    "shove": "[data-testid=mode-shove]:enabled",
}


def board_agrees(page: Any, game: str, step: str) -> None:
    """The board is as the step's prompt says it is."""
    selector = BOARD_SAYS.get(f"{step}:{game}") or BOARD_SAYS.get(step)
    if selector:
        assert page.locator(selector).count(), (game, step, selector)
    if game == "monster-club" and step == "play":
        assert page.locator("[data-testid^=space-opp-]:not(.empty)").count() == 0, "the other side is not empty"
        assert page.locator("[data-testid^=do-opp-]").count() == 0, "an attack is offered"
    if game == "monster-club" and step == "build":
        assert page.locator("[data-testid^=do-opp-]").count() == 0, "an attack is offered"


def follow_monstra(page: Any, step: str, n: int) -> None:
    """Do what the MONSTRA step asks: Strike an enemy, use the signature move, play a tactic first."""
    from tests.browser.driver import seen, settle
    from tests.browser.test_games_ui import MONSTRA, monstra_decide

    before = seen(page, MONSTRA)
    if step not in ("act", "signature", "tactic"):
        monstra_decide(page, n)
        return
    if step == "act":
        page.locator("button.creature.targetable").first.click()  # Strike the enemy clicked
    else:
        chooser = (
            "[data-testid=act-signature]" if step == "signature" else "[data-testid^=tactic-]:not([aria-disabled=true])"
        )
        page.locator(chooser).first.click()
        # it goes at once (no target), or its targets show
        after = sent_or_targets(page, before)
        if after == "targets":
            targetable = page.locator("button.creature.targetable")
            (targetable.first if targetable.count() else page.locator(".targets button[data-action]").first).click()
    settle(page, MONSTRA, before)


@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_steps_forward_as_the_learner_does_what_each_step_asks(
    game: str, server: Server, chromium: Any
) -> None:
    """Each tutorial, followed step by step, reaches every lesson in order ("3 of 3 steps seen"), with each
    step's words true of the board while it shows. Monster Club used to stay on "play" (the other side
    "still empty" though it held two stacks) and MONSTRA on its first step."""
    from tests.browser import driver
    from tests.browser.test_games_ui import club_decide, push_decide

    page, problems = new_page(chromium)
    guest(page, server.url, "Follower")
    page.goto(f"{server.url}/rules/{game}")
    page.get_by_role("button", name=f"Play the tutorial: {TITLES[game]}").click()
    board = BOARDS[game]
    page.locator(board).wait_for()
    coach = page.locator("[data-testid=tutorial]")
    count = page.locator("[data-testid=tutorial-count]")
    lessons = LESSONS[game]
    met: list[str] = []
    plays = 0
    for n in range(30):
        if wait_turn_or_end(page, board, timeout=60) == "end":
            break
        step = str(coach.get_attribute("data-step"))
        assert step != "wait", "the coach still waits on the learner's turn"
        if game == "monster-club" and n == 0:
            # a monster that holds one power card says so in the singular
            drake = page.locator("[data-testid=hand] .ccard", has_text="Origami Drake")
            drake.hover()
            tip = tip_of(page, "[data-testid=hand] .ccard:has-text('Origami Drake')")
            tip.wait_for(state="visible")
            assert "holds up to 1 power card." in tip.inner_text(), tip.inner_text()
            page.mouse.move(2, 2)
        assert coach.locator("[data-testid=tutorial-prompt]").inner_text().strip(), step
        board_agrees(page, game, step)
        if step in lessons and step not in met:
            assert coach.locator("[data-testid=tutorial-new]").inner_text() == "New step", step
            met.append(step)
            assert count.inner_text().startswith(f"{len(met)} of {len(lessons)} steps seen"), count.inner_text()
            shot(page, f"tutorial-{game}-{step}")
        if len(met) == len(lessons):
            break
        # do what the step asks
        if game == "monster-smash":
            driver.play_one_decision(page)
            page.wait_for_function(driver.IDLE)
        elif game == "monstra":
            follow_monstra(page, step, n)
        elif game == "monster-club":
            did = club_decide(page, plays)  # attack when offered, else play cards to free spaces, then end
            plays = 0 if did in ("end", "attack") else plays + 1
        else:
            push_decide(page, n)
    # the first lesson first; the others as the game offers them (a signature move waits for the energy)
    assert met[:1] == lessons[:1] and sorted(met) == sorted(lessons), met
    assert count.inner_text().startswith(f"{len(lessons)} of {len(lessons)} steps seen")
    # the count survives a reload of the page
    page.reload()
    count.wait_for()
    assert count.inner_text().startswith(f"{len(lessons)} of {len(lessons)} steps seen"), count.inner_text()
    assert not problems, problems


def two_people(host: Any, other: Any, url: str, game: str) -> str:
    """A started table of ``game`` between the host's guest (first seat) and the other page's guest."""
    body = {"game": game, "players": 2, "options": {}, "start": False, "seats": [{"kind": "me"}, {"kind": "open"}]}
    tid = new_table(host, url, body)
    assert other.request.post(f"{url}/api/tables/{tid}/join", headers={"Origin": url}, data={"seat": None}).ok
    assert host.request.post(f"{url}/api/tables/{tid}/start", headers={"Origin": url}).ok
    return tid


@pytest.mark.parametrize(
    ("game", "item"),
    [("monster-smash", "[data-testid=hand] .card"), ("monstra", "[data-testid^=tactic-]")],
)
def test_cards_and_tactics_in_hand_explain_themselves_by_keyboard_when_it_is_not_your_turn(
    game: str, item: str, server: Server, chromium: Any
) -> None:
    from tests.browser.test_a11y import tab_to

    host, problems = new_page(chromium)
    other, more = new_page(chromium)
    guest(host, server.url, "Ada")
    guest(other, server.url, "Bo")
    tid = two_people(host, other, server.url, game)
    for page in (host, other):
        page.goto(f"{server.url}/t/{tid}")
        page.locator(f"{BOARDS[game]}[data-busy=no]").wait_for()
        page.locator(item).first.wait_for()
    # whoever is not to move
    waiting = host if host.locator(BOARDS[game]).get_attribute("data-my-turn") == "no" else other
    assert waiting.locator(BOARDS[game]).get_attribute("data-my-turn") == "no"
    first = waiting.locator(item).first
    tab_to(waiting, item)  # the keyboard reaches it…
    assert first.get_attribute("aria-disabled") == "true"  # …though it cannot be chosen now
    tip = tip_of(waiting, item)
    tip.wait_for(state="visible")
    assert tip.inner_text().strip()
    shot(waiting, f"help-off-turn-{game}")
    # Enter and Space choose nothing off-turn.
    waiting.keyboard.press("Enter")
    waiting.keyboard.press("Space")
    assert first.get_attribute("aria-pressed") in (None, "false")
    assert "selected" not in (first.get_attribute("class") or "")
    assert "chosen" not in (first.get_attribute("class") or "")
    waiting.keyboard.press("Escape")
    tip.wait_for(state="hidden")
    assert not problems and not more, problems + more


def smash_tutorial_on_a_phone(server: Server, chromium: Any) -> tuple[Any, Any, list[str]]:
    """A phone (375 px, touch) with a guest in Monster Smash's tutorial: its context, page and page errors."""
    phone = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = phone.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    guest(page, server.url, "Pocket")
    page.goto(f"{server.url}/rules/monster-smash")
    page.get_by_role("button", name="Play the tutorial: Monster Smash").click()
    page.locator(BOARDS["monster-smash"]).wait_for()
    return phone, page, problems


def test_on_a_phone_a_tutorial_step_already_read_shrinks_to_its_first_line(server: Server, chromium: Any) -> None:
    from tests.browser import driver

    phone, page, problems = smash_tutorial_on_a_phone(server, chromium)
    coach = page.locator("[data-testid=tutorial]")
    steps: list[str] = []
    for _ in range(12):
        if driver.wait_for_my_turn_or_end(page) == "end":
            break
        known = len(steps)
        coach_step(page, steps)
        step = str(coach.get_attribute("data-step"))
        if len(steps) > known:  # a new step: its first lines show (the hand beside them), not one line
            assert "short" not in (coach.get_attribute("class") or ""), step
            assert "lead" in (coach.get_attribute("class") or ""), step
            driver.play_one_decision(page)
            page.wait_for_function(driver.IDLE)
            continue
        # a step met before: one line of it, and the hand on the first screen
        assert "short" in (coach.get_attribute("class") or ""), step
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / "tutorial-phone-short.png"), animations="disabled")
        card = page.locator("[data-testid=hand] .card").first.bounding_box()
        dock = page.locator("[data-testid=phone-dock]").bounding_box()
        assert card and dock and card["y"] + card["height"] <= dock["y"], (card, dock)
        small = coach.bounding_box()["height"]
        page.get_by_role("button", name="Whole tip").tap()
        assert "short" not in (coach.get_attribute("class") or "")
        assert coach.bounding_box()["height"] > small
        break
    else:
        raise AssertionError(f"no step came back in twelve turns: {steps}")
    assert not problems, problems
    phone.close()


BOT_TURN_WORDS = """() => {
  const coach = document.querySelector('[data-testid=tutorial]');
  const text = document.querySelector('[data-testid=last-move-text]');
  if (!coach || coach.dataset.step !== 'wait' || !text || !text.innerText.trim()) return null;
  const cut = (e) => !e || e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
  return {
    said: text.innerText.trim(),
    moveCut: cut(document.querySelector('[data-testid=last-move] .move')),
    tipCut: cut(coach.querySelector('[data-testid=tutorial-prompt]')),
  };
}"""


def test_on_a_phone_the_bots_last_move_and_the_tip_while_it_plays_are_read_whole(chromium: Any, tmp_path: Path) -> None:
    """Review: at 375 px the "Last move" bar and the tutorial's tip were cut to one line during the bot's turn
    ("Tumble (Greedy bot) ...", "The bot is playing. Watch t…"): exactly when a player reads what the bot did.
    Both wrap, on every bot turn (the tip too when it was read before)."""
    with Server(tmp_path / "lair", bot_delay=1.0) as server:  # a bot's turn lasts long enough to be read
        bots_turns_read_whole_on_a_phone(server, chromium)


def bots_turns_read_whole_on_a_phone(server: Server, chromium: Any) -> None:
    from tests.browser import driver

    phone, page, problems = smash_tutorial_on_a_phone(server, chromium)
    seen: list[dict[str, Any]] = []
    for _ in range(8):
        if driver.wait_for_my_turn_or_end(page) == "end":
            break
        driver.play_one_decision(page)
        if driver.board_state(page)["mine"] == "yes":  # my turn goes on: no bot move to read yet
            continue
        try:
            seen.append(page.wait_for_function(BOT_TURN_WORDS, timeout=10000).json_value())
        except Exception:  # noqa: BLE001 (my own decision went on: no bot move shown yet)
            continue
        if len(seen) == 1:
            shot(page, "phone-bot-turn-words")
        if len({s["said"] for s in seen}) >= 3:
            break
    assert len(seen) >= 2, seen
    assert not [s for s in seen if s["moveCut"] or s["tipCut"]], seen
    assert not problems, problems
    phone.close()


ROUND_TOLD = """() => (document.querySelector('[data-testid=monstra-board] [data-testid=banner]')?.innerText ?? '')
  .startsWith('Round 2 begins')"""


def test_monstras_tutorial_coach_tells_a_new_rounds_set_up_as_the_board_does(server: Server, chromium: Any) -> None:
    """Review: while a new round's set-up was told (the board's banner "Round 2 begins", nothing to play), the
    tutorial's coach said "The other team is acting.", which nothing on screen showed. The coach now tells the
    round's set-up itself. (The normal pace, so the set-up is told as a step of its own.)"""
    page = chromium.browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    guest(page, server.url, "Rowan")
    r = page.request.post(f"{server.url}/api/games/monstra/tutorial", headers={"Origin": server.url})
    assert r.ok, r.text()
    table = r.json()["table"]
    page.goto(f"{server.url}/t/{table['id']}?invite={table['invite']}")
    board = page.locator(BOARDS["monstra"])
    board.wait_for()
    decisions = 0
    while not page.evaluate(ROUND_TOLD):  # round one: the learner's creatures act, the bot's act
        if board.get_attribute("data-my-turn") == "yes" and board.get_attribute("data-busy") == "no":
            monstra_decide(page, decisions)
            decisions += 1
            assert decisions < 10, "round two never began"
        else:
            page.wait_for_timeout(50)
    coach = page.locator("[data-testid=tutorial]")
    assert coach.get_attribute("data-step") == "round"
    prompt = coach.locator("[data-testid=tutorial-prompt]").inner_text()
    assert "A new round begins" in prompt and "other team is acting" not in prompt, prompt
    shot(page, "tutorial-monstra-round")
    assert not problems, problems
