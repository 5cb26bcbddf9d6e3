"""Other seats' moves at a pace a person can follow (issue 14, item 5), motion that respects reduced motion
(item 4), turn alerts (item 6) and the controls while the link is down (item 10), in a real browser.

These pages are opened with the browser as it comes (``chromium.browser``): the normal pace and full motion,
unlike the other browser tests, which see every move at once and without motion.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.conftest import Server, shot
from tests.browser.driver import play_one_decision, wait_for_my_turn_or_end
from tests.browser.finished import find_position, store_table
from tests.browser.pages import guest, sign_in

DESKTOP = {"width": 1366, "height": 900}
NORMAL_MS = 1100
"""The normal pace: how long a bot's short move stays before the next shows (web/src/lib/pacing.svelte.ts)."""

SAMPLE = """() => {
  const strip = document.querySelector('[data-testid=last-move]');
  const text = (e) => (e.querySelector('.text') ?? e).innerText.trim();
  const current = [...document.querySelectorAll('[data-testid=log] li.current')].map(text);
  const all = [...document.querySelectorAll('[data-testid=log] li:not(.turn)')].map(text);  // not headings
  const moving = document.querySelector('[data-testid=smash-board] .seat.moving [data-testid^=hand-size-]');
  const chip = document.querySelector('[data-testid^=seat-chip-].to-move');
  const board = document.querySelector('[data-testid=smash-board]');
  return {
    waiting: Number(strip?.dataset.waiting ?? 0),
    said: document.querySelector('[data-testid=last-move-text]')?.innerText.trim() ?? '',
    current, last: all[all.length - 1] ?? '',
    boardMover: moving ? moving.dataset.testid.replace('hand-size-', '')
      : (board?.dataset.myTurn === 'yes' ? 'me' : ''),
    barMover: chip ? chip.dataset.testid.replace('seat-chip-', '') : '',
    t: performance.now(),
  };
}"""


def smash_against_bots(chromium: Any, server: Server, name: str, bots: int, **context: Any) -> Any:
    page = chromium.browser.new_context(viewport=DESKTOP, **context).new_page()
    page.problems = []
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    sign_in(page, server.url, name)
    new_smash_table(page, bots)
    return page


def new_smash_table(page: Any, bots: int = 1) -> None:
    """From the lobby: a Monster Smash table with greedy bots in every other seat, started and open."""
    page.locator("[data-testid=game-monster-smash]").get_by_role("button", name="New table").click()
    form = page.locator("[data-testid=create-table]")
    form.locator(".players button", has_text=str(bots + 1)).click()
    for seat in range(1, bots + 1):
        form.locator(f"select[name=seat-{seat}]").select_option("bot")
        form.locator(f"select[name=seat-{seat}-bot]").select_option("greedy")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector("[data-testid=smash-board]")


def gaps_between_held_moves(samples: list[dict[str, Any]]) -> list[float]:
    """How long (ms) each move of another seat stayed before the next one, held back behind it, replaced it."""
    changes = [s["t"] for a, s in zip(samples, samples[1:], strict=False) if s["said"] != a["said"] and a["waiting"]]
    return [b - a for a, b in zip(changes, changes[1:], strict=False)]


def test_bots_moves_are_shown_one_at_a_time_and_the_board_and_log_agree(server: Server, chromium: Any) -> None:
    page = smash_against_bots(chromium, server, "Paula", bots=2)
    assert page.locator("[data-testid=pace]").input_value() == "normal"
    samples: list[dict[str, Any]] = []
    deadline = time.monotonic() + 90
    # my decisions, one at a time, until the bots' moves have been seen held back one behind another
    while len(gaps_between_held_moves(samples)) < 2:
        assert wait_for_my_turn_or_end(page, max(1.0, deadline - time.monotonic())) == "turn"
        play_one_decision(page)  # (it waits until the table has taken my move)
        # until it is my decision again with nothing left to show: at once when my turn goes on (my first turn
        # keeps or changes a hand, then burns), else once the bots have moved and the table has shown it all
        while time.monotonic() < deadline:
            samples.append(page.evaluate(SAMPLE))
            if samples[-1]["boardMover"] == "me" and samples[-1]["waiting"] == 0:
                break
            page.wait_for_timeout(120)
    shot(page, "pacing-desktop")
    held = [s for s in samples if s["waiting"] > 0]
    assert held, "the bots' moves were never held back to be shown one at a time"
    for s in samples:
        # the words over the board are the log's marked lines, and the log ends with them: it never runs ahead
        assert s["said"] == " · ".join(s["current"]), s
        assert not s["current"] or s["last"] == s["current"][-1], s
        # the board and the players' bar show the same seat to move
        if s["barMover"] and s["boardMover"] not in ("", "me"):
            assert s["boardMover"] == s["barMover"], s
    # once a move was made, the bar always tells one: a bot's single card pick adds no line to the log (it
    # counts with its choice), and the bar then keeps telling the last move
    told = [s for s in samples if s["said"]]
    assert told and not [s for s in samples[samples.index(told[0]) :] if not s["said"]]
    # each move of another seat stays on the board for a while (the normal pace), not a flicker
    gaps = gaps_between_held_moves(samples)
    assert gaps and min(gaps) > 0.8 * NORMAL_MS, gaps
    # a fresh page (a snapshot, no move shown yet in it) tells the last move too, marked in the log
    page.reload()
    page.wait_for_selector("[data-testid=last-move-text]")
    again = page.evaluate(SAMPLE)
    assert again["said"] and again["said"] == " · ".join(again["current"]), again
    assert not page.problems, page.problems


def moves_held(samples: list[dict[str, Any]]) -> list[tuple[int, float, str]]:
    """Each shown move that the next one waited behind: how many words it said, how long it stayed, its words."""
    changes = [i for i in range(1, len(samples)) if samples[i]["said"] != samples[i - 1]["said"]]
    return [
        (len(samples[i]["said"].replace("·", " ").split()), samples[j]["t"] - samples[i]["t"], samples[i]["said"])
        for i, j in zip(changes, changes[1:], strict=False)
        if samples[j - 1]["waiting"] > 0
    ]


def long_moves_held(samples: list[dict[str, Any]]) -> list[tuple[int, float, str]]:
    """The other seats' held moves of twelve words or more. My own move ("You attack with …") is not paced: it
    stays until the bots' moves arrive, however long that takes, so its stay says nothing of the pace."""
    return [
        (words, stayed, said)
        for words, stayed, said in moves_held(samples)
        if words >= 12 and not said.startswith("You ")
    ]


def test_a_bots_move_that_says_more_stays_longer_so_it_can_be_read(server: Server, chromium: Any) -> None:
    """A newcomer's review: at the normal pace every move of a bot stayed 1.3 s, a short "draws 1 card" and a
    long "wins 3 to 0 and steals 3 cards from you: Gulpwave 3, Gulpwave 3 and Bubblet 1" alike, and the long
    ones were gone before they were read. A move stays at least its pace, and longer as it says more."""
    page = smash_against_bots(chromium, server, "Rhea", bots=2)
    assert page.locator("[data-testid=pace]").input_value() == "normal"
    samples: list[dict[str, Any]] = []
    deadline = time.monotonic() + 45
    while time.monotonic() < deadline and not page.locator("[data-testid=end-screen]").count():
        samples.append(page.evaluate(SAMPLE))
        if samples[-1]["boardMover"] == "me" and samples[-1]["waiting"] == 0:
            play_one_decision(page)
        if len(samples) % 10 == 0 and len(long_moves_held(samples)) >= 3:  # enough seen: no need to wait on
            break
        page.wait_for_timeout(100)
    held = moves_held(samples)
    assert held, "no bot's move was ever held back to be shown"
    long = long_moves_held(samples)
    assert long, f"no long move was held back: {held}"
    for words, stayed, said in long:
        # about 160 ms a word at the normal pace (less the samples' 100 ms steps), up to three paces
        assert stayed > min(150 * words, 3 * NORMAL_MS) - 200, (words, stayed, said)
    assert not page.problems, page.problems


def test_skip_to_now_shows_everything_waiting_and_matches_an_instant_page(server: Server, chromium: Any) -> None:
    page = smash_against_bots(chromium, server, "Sam", bots=3)
    page.locator("[data-testid=pace]").select_option("slow")
    deadline = time.monotonic() + 60
    while not page.locator("[data-testid=skip-present]").count():
        assert time.monotonic() < deadline, "no bot's move ever waited to be shown"
        if page.locator("[data-testid=smash-board]").get_attribute("data-my-turn") == "yes":
            play_one_decision(page)
        page.wait_for_timeout(150)
    shot(page, "pacing-waiting")
    # the bots play faster than the slow pace shows their moves; skip to the present
    page.locator("[data-testid=skip-present]").click()
    assert page.locator("[data-testid=last-move]").get_attribute("data-waiting") == "0"
    assert page.locator("[data-testid=skip-present]").count() == 0
    page.locator("[data-testid=pace]").select_option("instant")  # the bots' moves still to come, at once
    assert wait_for_my_turn_or_end(page, 90) == "turn"
    mine = page.locator("[data-testid=log] li").all_inner_texts()
    # the same table at the instant pace (the same person in another window) shows the same log at once
    other = chromium.new_context(viewport=DESKTOP).new_page()
    other.context.add_cookies(page.context.cookies())
    other.goto(page.url)
    other.wait_for_selector("[data-testid=smash-board][data-my-turn=yes]")
    assert other.locator("[data-testid=log] li").all_inner_texts() == mine
    page.reload()  # the chosen pace is kept in this browser
    assert page.locator("[data-testid=pace]").input_value() == "instant"
    assert not page.problems, page.problems


def svelte_motions(page: Any) -> int:
    """Animations Svelte started (transitions and animate run on the Web Animations API, not CSS)."""
    return int(
        page.evaluate(
            "() => document.getAnimations()"
            ".filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition)).length"
        )
    )


def count_motion_after_a_move(page: Any) -> int:
    assert wait_for_my_turn_or_end(page, 90) == "turn"
    play_one_decision(page)
    seen = 0
    for _ in range(12):
        seen = max(seen, svelte_motions(page))
        page.wait_for_timeout(40)
    return seen


def test_cards_travel_unless_the_person_prefers_reduced_motion(server: Server, chromium: Any) -> None:
    moving = smash_against_bots(chromium, server, "Mo", bots=1)
    moving.locator("[data-testid=pace]").select_option("instant")
    assert max(count_motion_after_a_move(moving) for _ in range(2)) > 0
    still = smash_against_bots(chromium, server, "Stillwater", bots=1, reduced_motion="reduce")
    still.locator("[data-testid=pace]").select_option("instant")
    assert max(count_motion_after_a_move(still) for _ in range(2)) == 0
    assert still.locator("[data-testid=hand] .card").count() > 0
    assert not moving.problems and not still.problems


def test_a_turn_at_another_table_raises_the_chosen_alerts(chromium: Any, tmp_path: Any) -> None:
    server = Server(tmp_path / "lair", bot_delay=2.5)  # time to look elsewhere before the bot answers
    server.start()
    try:
        alerts_at_another_table(server, chromium)
    finally:
        server.stop()


def alerts_at_another_table(server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(
        """window.__notes = []; window.__chimes = 0;
        window.Notification = class { constructor(title, o) { window.__notes.push(title); } close() {} };
        window.Notification.permission = 'granted';
        window.Notification.requestPermission = async () => 'granted';
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function (...a) { window.__chimes += 1; return start.apply(this, a); };"""
    )
    page = context.new_page()
    sign_in(page, server.url, "Alma")
    new_smash_table(page)
    # both alerts are off until chosen; the bell on the table opens them
    page.locator("[data-testid=alerts-button]").click()
    assert not page.locator("[data-testid=alert-sound]").is_checked()
    assert not page.locator("[data-testid=alert-notify]").is_checked()
    page.locator("[data-testid=alert-sound]").check()
    page.locator("[data-testid=alert-notify]").check()
    page.keyboard.press("Escape")
    chimes_on_choice = page.evaluate("window.__chimes")
    assert chimes_on_choice > 0  # turning the sound on plays it once
    table = page.url
    # end my turn, then look at the lobby while the bot answers: the turn comes back at a table not on screen
    finish_my_turn(page)
    page.locator("a.brand").click()
    page.wait_for_selector("[data-testid=game-monster-smash]")
    page.wait_for_function("() => window.__notes.length > 0", timeout=30_000)
    assert page.evaluate("window.__notes")[0].startswith("Your turn: Monster Smash")
    assert page.evaluate("window.__chimes") > chimes_on_choice
    # looking at the table itself, a turn there raises nothing
    page.goto(table)
    page.wait_for_selector("[data-testid=smash-board]")
    notes = page.evaluate("window.__notes.length")
    finish_my_turn(page)
    # my next turn (or the end, when the bot's answer wins the game): either way, nothing is raised here
    assert wait_for_my_turn_or_end(page, 60) in ("turn", "end")
    page.wait_for_timeout(500)
    assert page.evaluate("window.__notes.length") == notes
    context.close()


def finish_my_turn(page: Any) -> None:
    """Play this page's decisions until the move passes to another seat."""
    assert wait_for_my_turn_or_end(page, 60) == "turn"
    while page.locator("[data-testid=smash-board]").get_attribute("data-my-turn") == "yes":
        play_one_decision(page)
        page.wait_for_function(
            "() => document.querySelector('[data-testid=smash-board]').dataset.busy === 'no'", timeout=30_000
        )


def test_while_reconnecting_the_controls_are_visibly_disabled(chromium: Any, tmp_path: Any) -> None:
    server = Server(tmp_path / "lair", bot_delay=0.05)
    server.start()
    try:
        page = chromium.new_context(viewport=DESKTOP).new_page()
        sign_in(page, server.url, "Rhea")
        new_smash_table(page)
        assert wait_for_my_turn_or_end(page, 60) == "turn"
        assert page.locator("[data-testid=offline-note]").count() == 0
        enabled = page.locator("[data-testid=actions] button:not([disabled])").count()
        assert enabled > 0
        server.kill()
        page.wait_for_selector("[data-testid=offline-note]")
        assert page.locator("[data-testid=link-state]").inner_text() == "reconnecting…"
        assert page.locator("[data-testid=actions] button:not([disabled])").count() == 0
        assert page.locator("[data-testid=hand] button:not([aria-disabled=true])").count() == 0
        assert page.locator("[data-testid=table-bar] button:not([disabled])").count() == 0
        # they look disabled too: greyed out
        opacity = page.locator("[data-testid=actions] button").first.evaluate("e => getComputedStyle(e).opacity")
        assert float(opacity) < 0.6
        shot(page, "reconnecting")
        server.start()
        page.wait_for_selector("[data-testid=link-state][data-state=live]", timeout=20_000)
        assert page.locator("[data-testid=offline-note]").count() == 0
        assert page.locator("[data-testid=actions] button:not([disabled])").count() == enabled
    finally:
        server.stop()


GUARDIAN_SAMPLE = """() => {
  const strip = document.querySelector('[data-testid=last-move]');
  const text = (e) => (e.querySelector('.text') ?? e).innerText.trim();
  const all = [...document.querySelectorAll('[data-testid=log] li:not(.turn)')].map(text);  // not headings
  return {
    waiting: Number(strip?.dataset.waiting ?? 0),
    said: document.querySelector('[data-testid=last-move-text]')?.innerText.trim() ?? '',
    current: [...document.querySelectorAll('[data-testid=log] li.current')].map(text),
    last: all[all.length - 1] ?? '',
    banner: document.querySelector('[data-testid=monstra-board] [data-testid=banner]')?.innerText.trim() ?? '',
    myTurn: document.querySelector('[data-testid=monstra-board]')?.dataset.myTurn ?? '',
    barToMove: !!document.querySelector('[data-testid^=seat-chip-].to-move'),
    // the board's decision controls a click would play: its action buttons, the creatures to pick as a
    // target, the tactics to play
    controls: document.querySelectorAll(
      '[data-testid=monstra-board] :is([data-testid=actions] button:not([disabled]), button.creature.targetable,'
      + ' [data-testid^=tactic-]:not([aria-disabled=true]), .targets button:not([disabled]))').length,
    t: performance.now(),
  };
}"""


def _strike_brings_the_guardian_and_a_round(state: Any) -> bool:
    """Seat 0 may Strike the Guardian now, and the engine then plays the Guardian's turn and a new round."""
    if state.over or state.to_move != 0 or "strike g" not in {str(a) for a in state.legal_actions()}:
        return False
    kinds = [e.type for e in state.clone().apply(state.parse_action("strike g"))]
    return "guardian" in kinds and "round" in kinds and kinds.index("guardian") < kinds.index("round")


def mission_page(
    chromium: Any, server: Server, wanted: Any, name: str, viewport: dict[str, int] = DESKTOP
) -> tuple[Any, list[str]]:
    """A solo mission at a position ``wanted`` accepts, open at the normal pace (the browser as it comes) for a
    new guest ``name`` whose move it is; the page and the list its script errors go to."""
    options = {"mode": "mission"}
    found = find_position("monstra", 1, options, wanted)
    page = chromium.browser.new_context(viewport=viewport).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    me = guest(page, server.url, name)
    table_id = store_table(server.data_dir, "monstra", 1, options, [(me, name)], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=monstra-board][data-my-turn=yes][data-busy=no]").wait_for()
    return page, problems


def watch_the_guardian(chromium: Any, server: Server, viewport: dict[str, int], name: str) -> list[dict[str, Any]]:
    """At the normal pace, Strike the Guardian with the last creature of a round in a solo mission, and sample
    the words over the board and the log until everything that came is shown."""
    page, problems = mission_page(chromium, server, _strike_brings_the_guardian_and_a_round, name, viewport)
    assert page.locator("[data-testid=pace]").input_value() == "normal"
    page.locator("button.creature.targetable[data-unit=g]").click()
    samples: list[dict[str, Any]] = []
    deadline = time.monotonic() + 25
    while time.monotonic() < deadline:
        samples.append(page.evaluate(GUARDIAN_SAMPLE))
        s = samples[-1]
        if "The Rift Guardian uses" in s["said"]:
            shot(page, f"guardian-turn-{viewport['width']}")
        if s["waiting"] == 0 and "reveals its behaviour" in s["said"]:
            break
        page.wait_for_timeout(100)
    shot(page, f"guardian-round-{viewport['width']}")
    assert not problems, problems
    page.context.close()
    return samples


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 375, "height": 812}], ids=["desktop", "phone"])
def test_the_rift_guardians_turn_and_the_next_rounds_set_up_are_shown_as_steps_of_their_own(
    server: Server, chromium: Any, viewport: dict[str, int]
) -> None:
    """A newcomer's review: the engine plays the Rift Guardian itself, within the player's move, and its whole
    turn came folded into that move's "Last move" line with the next round's set-up, eight sentences at once,
    so nobody could watch it act. The player's strike, the Guardian's turn and the new round's set-up now come
    one after another, each told on its own over the board and in the log, each staying a while (the
    server's one view per move is the board after all of it: the words come step by step)."""
    samples = watch_the_guardian(chromium, server, viewport, "Gwen")
    shown: list[dict[str, Any]] = []  # each distinct thing said, in order, with how long it stayed
    for s in samples:
        if s["said"] and (not shown or s["said"] != shown[-1]["said"]):
            shown.append({**s, "until": s["t"]})
        elif shown:
            shown[-1]["until"] = s["t"]
    said = [s["said"] for s in shown]
    mine = [i for i, w in enumerate(said) if "strikes the Rift Guardian" in w]
    guardian = [i for i, w in enumerate(said) if w.startswith("The Rift Guardian uses")]
    setup = [i for i, w in enumerate(said) if "reveals its behaviour for this round" in w]
    assert mine and guardian and setup, said
    assert mine[-1] < guardian[0] < setup[0], said
    # each step says only its own part
    assert "The Rift Guardian uses" not in said[mine[-1]], said
    assert "strikes the Rift Guardian" not in said[guardian[0]], said
    assert "reveals its behaviour" not in said[guardian[0]], said
    assert "The Rift Guardian uses" not in said[setup[0]], said
    # the words over the board are the log's marked lines, and the log never runs ahead of them
    for s in samples:
        if s["said"]:
            assert s["said"] == " · ".join(s["current"]), s
            assert s["last"] == s["current"][-1], s
    # my strike and the Guardian's turn each stay on screen at least the normal pace before the next step
    for i in (mine[-1], guardian[0]):
        stayed = shown[i + 1]["t"] - shown[i]["t"]
        assert stayed > NORMAL_MS - 150, (stayed, said[i])
    # a stranger's review: while the Guardian's blow was still being told, the banner already said "Your move"
    # and the buttons played a move. While the game's own steps are told, the board offers no decision and says
    # what is happening; once the last step is shown, it is my move again, with its controls.
    told = [s for s in samples if s["said"].startswith("The Rift Guardian uses") and s["waiting"] > 0]
    assert told, said
    for s in told:
        assert s["banner"].startswith("The Rift Guardian's turn"), s
        assert "Your move" not in s["banner"] and s["myTurn"] == "no" and s["controls"] == 0, s
        assert not s["barToMove"], s  # nor does the players' bar say I am to move
    # the last step too (here the new round's set-up): its while on screen offers nothing, then my move comes
    last_step = [s for s in samples if "reveals its behaviour" in s["said"] and s["waiting"] > 0]
    assert last_step, said
    for s in last_step:
        assert s["banner"].startswith("Round ") and s["myTurn"] == "no" and s["controls"] == 0, s
    end = samples[-1]
    assert end["waiting"] == 0 and "reveals its behaviour" in end["said"], end
    assert end["banner"].startswith("Your move") and end["myTurn"] == "yes" and end["controls"] > 0, end
    assert end["barToMove"], end


def test_skip_to_now_during_the_guardians_turn_brings_the_controls_back_at_once(server: Server, chromium: Any) -> None:
    """While the Guardian's turn is told the board offers nothing to play; "Skip to now" shows the rest of the
    move at once, and with it the player's move and its controls."""
    page, problems = mission_page(chromium, server, _strike_brings_the_guardian_and_a_round, "Sid")
    page.locator("[data-testid=pace]").select_option("slow")  # time to look before the next step shows
    page.locator("button.creature.targetable[data-unit=g]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=last-move-text]')?.innerText.startsWith('The Rift Guardian uses')"
    )
    during = page.evaluate(GUARDIAN_SAMPLE)
    assert during["waiting"] > 0 and during["myTurn"] == "no" and during["controls"] == 0, during
    page.locator("[data-testid=skip-present]").click()
    after = page.evaluate(GUARDIAN_SAMPLE)  # at once: no waiting for it
    assert after["waiting"] == 0 and "reveals its behaviour" in after["said"], after
    assert after["banner"].startswith("Your move") and after["myTurn"] == "yes" and after["controls"] > 0, after
    assert not problems, problems


HEADER = """() => ({
  count: document.querySelector('[data-testid=turns-count]')?.innerText.trim() ?? '',
  title: document.title,
  said: document.querySelector('[data-testid=last-move-text]')?.innerText.trim() ?? '',
})"""

GUARDIAN_TOLD = (
    "() => document.querySelector('[data-testid=last-move-text]')?.innerText.startsWith('The Rift Guardian uses')"
)


def test_the_headers_your_turn_waits_while_the_guardians_steps_are_told(server: Server, chromium: Any) -> None:
    """A stranger's review: while the board said "The Rift Guardian's turn" and offered nothing to play, the
    site header's "Your turn" already counted this table (the server counts it the moment the move is back).
    The header now says what the board says: the table on screen counts once the page shows it as my move."""
    page, problems = mission_page(chromium, server, _strike_brings_the_guardian_and_a_round, "Hal")
    page.locator("[data-testid=turns-count]").filter(has_text="1").wait_for()  # my move: counted
    page.locator("[data-testid=pace]").select_option("slow")  # time to look before the next step shows
    with page.expect_response(lambda r: "/api/me/turns" in r.url) as asked:
        page.locator("button.creature.targetable[data-unit=g]").click()
    assert asked.value.json()["count"] == 1  # the server already counts it: my move is back after the steps
    page.wait_for_function(GUARDIAN_TOLD)
    page.wait_for_timeout(200)  # (the server's answer is in: nothing is left to change the header)
    during = page.evaluate(HEADER)
    assert during["said"].startswith("The Rift Guardian uses"), during
    assert during["count"] == "" and not during["title"].startswith("("), during
    shot(page, "guardian-header")
    page.locator("[data-testid=skip-present]").click()
    page.locator("[data-testid=turns-count]").filter(has_text="1").wait_for()  # my move shown: counted again
    assert page.title().startswith("(1) "), page.title()
    assert not problems, problems


def test_a_spectator_sees_no_seat_to_move_while_the_guardian_acts(server: Server, chromium: Any) -> None:
    """A signed-in person watching a mission saw the players' bar mark the seat to move while the Rift
    Guardian's turn was told; the seated player's page marked no one. The spectator's page now tells the
    Guardian's steps as the player's does: no seat marked, the banner naming the Guardian's turn; then the
    seat to move is marked."""
    page, problems = mission_page(chromium, server, _strike_brings_the_guardian_and_a_round, "Pia")
    watcher = chromium.browser.new_context(viewport=DESKTOP).new_page()
    watcher.on("pageerror", lambda e: problems.append(str(e)))
    guest(watcher, server.url, "Vic")
    watcher.goto(page.url)
    watcher.locator("[data-testid=monstra-board]").wait_for()
    assert watcher.locator("[data-testid=seat-chip-0].to-move").count() == 1  # before: the player is to move
    page.locator("button.creature.targetable[data-unit=g]").click()
    watcher.wait_for_function(GUARDIAN_TOLD)
    during = watcher.evaluate(GUARDIAN_SAMPLE)
    assert during["said"].startswith("The Rift Guardian uses") and during["waiting"] > 0, during
    assert not during["barToMove"], during
    assert during["banner"].startswith("The Rift Guardian's turn"), during
    shot(watcher, "guardian-spectator")
    watcher.locator("[data-testid=skip-present]").click()
    watcher.locator("[data-testid=seat-chip-0].to-move").wait_for()  # the steps told: the player is to move
    assert not problems, problems


def _strike_brings_the_guardians_last_blow(state: Any) -> bool:
    """Seat 0 may Strike the Guardian now, and the Guardian's turn that the engine then plays ends the mission."""
    if state.over or state.to_move != 0 or "strike g" not in {str(a) for a in state.legal_actions()}:
        return False
    after = state.clone()
    kinds = [e.type for e in after.apply(state.parse_action("strike g"))]
    return "guardian" in kinds and after.over


def test_the_end_screen_waits_until_the_guardians_last_blow_was_told(server: Server, chromium: Any) -> None:
    """When the Guardian's turn ends the mission, the end screen no longer covers the table at once: the
    Guardian's turn is told first, then the end shows."""
    page, problems = mission_page(chromium, server, _strike_brings_the_guardians_last_blow, "Ines")
    page.locator("button.creature.targetable[data-unit=g]").click()
    told = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not page.locator("[data-testid=end-screen]").count():
        said = page.evaluate(GUARDIAN_SAMPLE)["said"]
        told.append(said)
        page.wait_for_timeout(100)
    assert page.locator("[data-testid=end-screen]").count(), "the end screen never showed"
    # my strike was told on its own first, the end screen not yet over it; the end comes with the Guardian's turn
    assert any("strikes the Rift Guardian" in s and "The Rift Guardian uses" not in s for s in told), told
    assert page.evaluate(GUARDIAN_SAMPLE)["said"].startswith("The Rift Guardian uses")
    shot(page, "guardian-last-blow")
    assert not problems, problems
