"""Accessibility in a real browser: axe-core on every page and board, keyboard-only play, phone width.

* axe-core (web/node_modules/axe-core, a dev dependency of the client) runs on the lobby (signed out, signed
  in, with the new-table dialog open), on a live table of each of the four games (at the start and after
  a few moves) and on an end screen; any serious or critical violation fails.
* Each game's first decisions are made with the keyboard alone: Tab to a control, arrows, Space/Enter,
  typing. Every control Tab lands on must show a visible focus ring.
* Hidden cards are labelled as hidden: a spectator's page (and the opponent area of a player's page)
  never names a card the viewer may not see, in any label or text.
* At 375 x 740 the page never scrolls sideways (lobby, dialog, every board), and screenshots are kept.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ROOT, Server, shot
from tests.browser.pages import new_page, sign_in
from tests.browser.test_games_ui import (
    CLUB,
    MONSTRA,
    PUSH,
    club_decide,
    monstra_decide,
    push_decide,
    start_game,
    wait_turn_or_end,
)

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
SMASH = "[data-testid=smash-board]"
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}

pytestmark = pytest.mark.skipif(not AXE.exists(), reason="axe-core is missing (cd web && npm ci)")

# game -> (board, players, bot, options)
GAMES: dict[str, tuple[str, int, str, dict[str, str]]] = {
    "monster-smash": (SMASH, 2, "greedy", {"max_turns": "80"}),
    "monstra": (MONSTRA, 2, "greedy", {"rounds": "4", "decks": "starter/blaze"}),
    "monster-club": (CLUB, 2, "random", {"destroys_to_win": "3", "first_player": "0", "max_turns": "60"}),
    "push-a-monster": (PUSH, 2, "random", {}),
}


@pytest.fixture(scope="module")
def lair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module: every test opens its own tables on it."""
    with Server(Path(tmp_path_factory.mktemp("a11y")) / "lair") as srv:
        yield srv


# --- axe ------------------------------------------------------------------------------------------------
def axe(page: Any, where: str) -> None:
    """Run axe-core on the whole page; fail on any serious or critical violation (with what and where)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # evaluated rather than added as a <script>: the app's Content-Security-Policy forbids inline scripts
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ['violations']});
          return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '')),
          }));
        }"""
    )
    assert not found, f"axe on {where}:\n{json.dumps(found, indent=1)}"


# --- the keyboard -----------------------------------------------------------------------------------------
FOCUS_STATE = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const cs = getComputedStyle(el);
  return {
    tag: el.tagName, testid: el.dataset.testid || '', action: el.dataset.action || '',
    name: (el.getAttribute('aria-label') || el.innerText || el.value || '').slice(0, 60),
    outline: cs.outlineStyle, width: parseFloat(cs.outlineWidth) || 0,
  };
}"""


def tab_to(page: Any, selector: str, limit: int = 150, backwards: bool = False) -> dict[str, Any]:
    """Press Tab (or Shift+Tab) until the focused element matches ``selector``; every element passed on the
    way must show a focus ring of at least 2 px. Returns what is focused. Fails if it is never reached."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(limit):
        page.keyboard.press(key)
        state = page.evaluate(FOCUS_STATE)
        if state is None:
            continue
        assert state["outline"] != "none" and state["width"] >= 2, f"no visible focus ring on {state}"
        if page.evaluate("(sel) => document.activeElement.matches(sel)", selector):
            return dict(state)
    raise AssertionError(f"Tab never reached {selector!r}")


def focused_name(page: Any) -> str:
    """The accessible name Chromium computes for the focused element (what a screen reader says)."""
    snap = str(page.locator(":focus").aria_snapshot())
    m = re.search(r'"((?:[^"\\]|\\.)*)"', snap)
    assert m, snap
    return m.group(1)


def focused_matches(page: Any, selector: str) -> bool:
    return bool(page.evaluate("(sel) => !!document.activeElement && document.activeElement.matches(sel)", selector))


def log_text(page: Any) -> str:
    return str(page.locator("[data-testid=log]").inner_text())


def wait_log_grows(page: Any, board: str, before: str, timeout: float = 30.0) -> str:
    """Wait until the log shows more than ``before`` (an action was made) and the board is idle; returns the
    new part. A refusal shown by the table fails the test."""
    page.wait_for_function(
        """([sel, before]) => {
          if (document.querySelector('[data-testid=error]')) return true;
          const log = document.querySelector('[data-testid=log]');
          const b = document.querySelector(sel);
          return log && log.innerText !== before && (!b || b.dataset.busy === 'no');
        }""",
        arg=[board, before],
        timeout=timeout * 1000,
    )
    error = page.locator("[data-testid=error]")
    if error.count():
        raise AssertionError(f"the server refused a move: {error.inner_text()}")
    now = log_text(page)
    return now[len(before) :] if now.startswith(before) else now


def wait_turn(page: Any, board: str, timeout: float = 60.0) -> bool:
    """True when this page may decide, False if the game ended first."""
    return wait_turn_or_end(page, board, timeout) == "turn"


def announced(page: Any) -> str:
    return str(page.locator("[data-testid=announcer]").text_content() or "")


def open_game(chromium: Any, server: Server, game: str, name: str, viewport: dict[str, int] = DESKTOP) -> Any:
    board, players, bot, options = GAMES[game]
    page, problems = new_page(chromium, viewport)
    sign_in(page, server.url, name)
    start_game(page, game, players=players, bot=bot, options=options)
    page.wait_for_selector(board)
    page.problems = problems
    return page


def card_names(page: Any, game: str) -> set[str]:
    """Every card name of a game's catalogue (from the server's display data)."""
    games = page.evaluate("async () => (await (await fetch('/api/games')).json()).games")
    display = next(g for g in games if g["id"] == game)["display"]
    if game == "monster-smash":
        return {n for suit in display["suits"] for n in suit["members"].values()}
    return {c["name"] for c in display["cards"].values()}


def spoken(locator: Any) -> str:
    """Everything a screen reader gets from an element: its accessibility tree (names, text) as Chromium
    computes it, plus every aria-label, title and text under it."""
    tree = str(locator.aria_snapshot())
    attrs = locator.evaluate(
        """el => [el, ...el.querySelectorAll('*')].map(e =>
            [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('alt')].filter(Boolean).join(' ')
          ).join(' ') + ' ' + el.textContent"""
    )
    return f"{tree} {attrs}"


def assert_no_names(text: str, names: set[str], where: str) -> None:
    leaked = sorted(n for n in names if re.search(rf"\b{re.escape(n)}\b", text))
    assert not leaked, f"{where} names hidden cards: {leaked}"


# --- lobby, dialogs, end screen -------------------------------------------------------------------------------
def test_lobby_and_dialogs_pass_axe_and_work_from_the_keyboard(lair: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    page.goto(lair.url)
    page.wait_for_selector("input[name=guest-name]")
    axe(page, "the lobby, signed out")
    # Play now before a name: the name dialog, its field focused; Escape closes it and focus comes back.
    play = "[data-testid=game-monster-smash] [data-testid=play-now]"
    page.locator(play).focus()
    page.keyboard.press("Enter")
    page.locator("[data-testid=name-dialog]").wait_for(state="visible")
    page.wait_for_function("() => document.activeElement?.closest('[data-testid=name-dialog]') !== null")
    axe(page, "the name dialog")
    page.keyboard.press("Escape")
    page.locator("[data-testid=name-dialog]").wait_for(state="hidden")
    assert focused_matches(page, play)
    # The sign-in tabs: arrow keys move between them, the panel follows.
    tab_to(page, "[role=tab][aria-selected=true]")
    page.keyboard.press("ArrowRight")
    assert focused_matches(page, "[role=tab][aria-selected=true]")
    assert "Log in" in page.evaluate("() => document.activeElement.innerText")
    page.wait_for_selector("input[name=username]")
    axe(page, "the log-in tab")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("input[name=guest-name]")
    # Sign in by typing.
    tab_to(page, "input[name=guest-name]")
    page.keyboard.type("Kay")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=who]")
    axe(page, "the lobby, signed in")

    # The account dialog: focus goes in, Escape closes it, focus comes back to its button.
    tab_to(page, "button[aria-controls=account-panel]")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'username'")
    assert page.locator("button[aria-controls=account-panel]").get_attribute("aria-expanded") == "true"
    axe(page, "the account dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("#account-panel", state="detached")
    assert focused_matches(page, "button[aria-controls=account-panel]")

    # The new-table dialog: the same, then a table made from the keyboard alone.
    opener = "[data-testid=game-monster-smash] button[aria-label^='New table']"
    tab_to(page, opener)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.closest('[data-testid=create-table]')")
    axe(page, "the new-table dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=create-table]", state="detached")
    assert focused_matches(page, opener)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.closest('[data-testid=create-table]')")
    tab_to(page, "[data-testid=create-table] button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/**")
    page.wait_for_selector(SMASH)
    assert not problems, problems


def smash_form(page: Any, url: str, user: str, seats: dict[int, str]) -> Any:
    """Sign in and open the Monster Smash table form with these seats ("open", or a bot kind)."""
    sign_in(page, url, user)
    page.locator("[data-testid=game-monster-smash]").get_by_role("button", name="New table").click()
    form = page.locator("[data-testid=create-table]")
    for seat, kind in seats.items():
        form.locator(f"select[name=seat-{seat}]").select_option("open" if kind == "open" else "bot")
        if kind != "open":
            form.locator(f"select[name=seat-{seat}-bot]").select_option(kind)
    return form


def test_the_rules_page_passes_axe_with_its_notes_and_contents(lair: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    page.goto(f"{lair.url}/rules/monster-smash")
    page.locator("[data-testid=rules-doc] [role=note]").first.wait_for()
    axe(page, "the Monster Smash rules")
    # Monster Club's notes sit inside their rules' list items
    page.goto(f"{lair.url}/rules/monster-club")
    page.locator("[data-testid=rules-doc] li > [role=note]").first.wait_for()
    axe(page, "the Monster Club rules")
    assert not problems, problems


def test_the_waiting_room_and_table_lists_pass_axe(lair: Server, chromium: Any) -> None:
    """A table with an open seat: its waiting room (seats, invite link), then the lobby listing it."""
    page, problems = new_page(chromium)
    smash_form(page, lair.url, "Wanda", {1: "open"}).locator("button[type=submit]").click()
    page.wait_for_selector("[data-testid=seats-panel]")
    axe(page, "the waiting room")
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page, "the waiting room")
    page.set_viewport_size(DESKTOP)
    page.goto(lair.url)
    page.wait_for_selector("[data-testid=table-row]")
    axe(page, "the lobby with my tables")
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page, "the lobby with my tables")
    assert not problems, problems


def test_an_end_screen_passes_axe(lair: Server, chromium: Any) -> None:
    """A short game between two bots, watched by its host, to the end screen."""
    page, problems = new_page(chromium)
    form = smash_form(page, lair.url, "Host", {0: "random", 1: "random"})
    form.locator("input[name=opt-max_turns]").fill("4")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("[data-testid=end-screen]", timeout=60_000)
    axe(page, "the end screen")
    shot(page, "a11y-end")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    shot(page, "a11y-end-phone")
    assert not problems, problems


# --- Monster Smash -----------------------------------------------------------------------------------------------
def smash_by_keyboard(page: Any) -> str:
    """One Monster Smash decision with the keyboard; returns the phase it acted in."""
    phase = str(page.locator(SMASH).get_attribute("data-phase"))
    if phase == "first_turn":
        tab_to(page, "[data-testid=keep]")
        page.keyboard.press("Enter")
    elif phase in ("attack", "defend"):
        own = "[data-testid=hand] .card.own:not([aria-disabled=true])"
        if page.locator(own).count():
            tab_to(page, own)
            name = focused_name(page)
            assert re.match(r"^(Attack with|Defend with) .+, \w+ \d+, your suit$", name), name
            page.keyboard.press("Space")
            assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
            go = "[data-testid^=attack-bar-]:not([disabled])" if phase == "attack" else "[data-testid=defend]"
            tab_to(page, go)
        else:
            tab_to(page, "[data-testid=skip]")
        page.keyboard.press("Enter")
    elif phase == "burn":
        tab_to(page, "[data-testid=skip]")
        page.keyboard.press("Enter")
    elif phase == "attack_cards":
        tab_to(page, "[data-testid=confirm]")
        page.keyboard.press("Enter")
    else:
        raise AssertionError(f"unexpected phase {phase!r}")
    return phase


def test_monster_smash_by_keyboard_with_hidden_hands_unnamed(lair: Server, chromium: Any) -> None:
    page = open_game(chromium, lair, "monster-smash", "Tess")
    names = card_names(page, "monster-smash")
    assert wait_turn(page, SMASH)
    page.wait_for_function("() => document.querySelector('[data-testid=announcer]').textContent.includes('Your turn')")
    axe(page, "Monster Smash at the start")
    # The opponent's hand: a count and card backs, never a card's name (in any label or text).
    assert_no_names(spoken(page.locator("[data-testid=seat-1]")), names, "the opponent's seat")
    # A spectator sees no hand at all: none of this player's cards is named anywhere on the spectator's board.
    mine = set(page.eval_on_selector_all("[data-testid=hand] .card", "els => els.map(e => e.title.split(' — ')[0])"))
    assert mine
    # (the same reading of the player's own hand names every card: the checks below can see a name)
    own = spoken(page.locator("[data-testid=hand]"))
    assert all(re.search(rf"\b{re.escape(n)}\b", own) for n in mine), own
    spectator, _ = new_page(chromium)
    spectator.goto(page.url)
    spectator.wait_for_selector(SMASH)
    for s in (0, 1):
        assert_no_names(spoken(spectator.locator(f"[data-testid=seat-{s}]")), names, f"a spectator's seat {s}")
    shown = spoken(spectator.locator("section[aria-label=Table]")) + log_text(spectator)
    assert_no_names(spoken(spectator.locator(SMASH)), mine - {n for n in mine if n in shown}, "a spectator's board")
    spectator.context.close()

    phases = []
    for _ in range(4):
        if not wait_turn(page, SMASH):
            break
        before = log_text(page)
        phases.append(smash_by_keyboard(page))
        wait_log_grows(page, SMASH, before)
        if len(phases) == 2:
            axe(page, f"Monster Smash after {phases}")
    assert len(phases) >= 3, phases
    assert "first_turn" in phases
    shot(page, "a11y-smash-keyboard")
    assert not page.problems, page.problems


# --- MONSTRA -----------------------------------------------------------------------------------------------------
def monstra_by_keyboard(page: Any, n: int) -> str:
    """One MONSTRA decision with the keyboard: a Strike on an enemy, a tactic and its target, or Guard."""
    phase = str(page.locator(MONSTRA).get_attribute("data-phase"))
    if phase == "discard":
        tab_to(page, "[data-testid^=tactic-]:not([aria-disabled=true])")
        page.keyboard.press("Enter")
        return "discard"
    if phase == "order":
        tab_to(page, "button[data-action^='first ']")
        page.keyboard.press("Enter")
        return "order"
    if phase == "cleanse":
        tab_to(page, "button[data-action^='cleanse ']")
        page.keyboard.press("Enter")
        return "cleanse"
    assert phase == "act", phase
    tactics = page.locator("[data-testid^=tactic-]:not([aria-disabled=true])")
    if n == 1 and tactics.count():
        tab_to(page, "[data-testid^=tactic-]:not([aria-disabled=true])")
        label = focused_name(page)
        assert label.startswith("Play ") and "energy" in label, label
        page.keyboard.press("Enter")
        page.wait_for_timeout(150)
        if page.locator(".targets button[data-action]").count():
            # the keyboard moved to the first target by itself
            assert focused_matches(page, ".targets button"), page.evaluate(FOCUS_STATE)
            axe(page, "MONSTRA choosing a tactic's target")
            page.keyboard.press("Enter")
        return "tactic"
    if n == 2 or not page.locator("button.creature.targetable:not(.mine)").count():
        tab_to(page, "[data-testid=act-guard]")
        page.keyboard.press("Enter")
        return "guard"
    tab_to(page, "button.creature.targetable:not(.mine)")
    label = focused_name(page)
    assert label.startswith("Strike") and " HP" in label, label
    page.keyboard.press("Enter")
    return "strike"


def test_monstra_by_keyboard(lair: Server, chromium: Any) -> None:
    page = open_game(chromium, lair, "monstra", "Mira")
    assert wait_turn(page, MONSTRA)
    axe(page, "MONSTRA at the start")
    done: list[str] = []
    for n in range(4):
        if not wait_turn(page, MONSTRA):
            break
        before = log_text(page)
        done.append(monstra_by_keyboard(page, n))
        new = wait_log_grows(page, MONSTRA, before)
        if done[-1] == "strike":
            assert "strikes" in new, new
        if done[-1] == "guard":
            assert "guards" in new, new
    assert len(done) >= 3 and "strike" in done, done
    # the live region read out the newest log line (and only lines that came after the page opened)
    # (the line's own words: a line that opens a move also carries the move's number, which is not read out)
    newest = page.locator("[data-testid=log] li .text").last.inner_text()
    page.wait_for_function(
        "(t) => document.querySelector('[data-testid=announcer]').textContent.includes(t)", arg=newest
    )
    assert "Round 1" not in announced(page)
    axe(page, f"MONSTRA after {done}")
    shot(page, "a11y-monstra-keyboard")
    assert not page.problems, page.problems


# --- Monster Club -------------------------------------------------------------------------------------------------
def club_place_by_keyboard(page: Any, face_down: bool) -> str | None:
    """Choose a hand card and a space for it with the keyboard (the keyboard's drag); returns the log's
    new part, or None when no card in hand can be placed as asked."""
    if page.locator("[data-testid=face-down]").is_checked() != face_down:
        tab_to(page, "[data-testid=face-down]")
        page.keyboard.press("Space")
    count = page.locator("[data-testid=hand] button.ccard").count()
    for i in range(count):
        card = f"[data-testid=hand] button.ccard[data-testid=hand-{i}]"
        if not page.locator(card).count():
            continue
        tab_to(page, card)
        label = focused_name(page)
        assert re.match(r"^(Play|Stack) .+, (rock|paper|scissors) (monster|power)", label), label
        page.keyboard.press("Enter")
        assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
        wanted = "[data-testid^=place-]" + (
            "[aria-label$='face down']" if face_down else ":not([aria-label$='face down'])"
        )
        if page.locator(wanted).count():
            before = log_text(page)
            tab_to(page, wanted)
            shot(page, f"a11y-club-place{'-down' if face_down else ''}")  # the choice, the spaces, the focus ring
            page.keyboard.press("Enter")
            return wait_log_grows(page, CLUB, before)
        tab_to(page, card, backwards=True)
        page.keyboard.press("Escape")  # not this one: drop the choice
        assert not page.locator("[data-testid=place]").count()
    return None


def test_monster_club_by_keyboard_with_face_down_cards_unnamed(lair: Server, chromium: Any) -> None:
    page = open_game(chromium, lair, "monster-club", "Cleo")
    names = card_names(page, "monster-club")
    assert wait_turn(page, CLUB)
    axe(page, "Monster Club at the start")
    placed = club_place_by_keyboard(page, face_down=False)
    assert placed and "You play" in placed, placed  # the log speaks to its reader
    axe(page, "Monster Club after a play")
    down = club_place_by_keyboard(page, face_down=True)
    assert down and "face down" in down, down
    # the card this seat put face down: its owner sees its name, marked face down ...
    own_down = page.locator("[data-testid^=space-own-] .ccard.down[data-card]:not([data-card=''])").first
    hidden_name = own_down.evaluate("e => e.getAttribute('aria-label')")
    own_card = own_down.get_attribute("data-card")
    assert "face down" in hidden_name, hidden_name
    assert any(n in hidden_name for n in names), hidden_name  # named for its owner
    spectators_space = f"[data-testid^=space-] .ccard.down[data-card={own_card!r}]"
    # ... a spectator sees only "a face-down card", with no name anywhere in the label or text
    spectator, _ = new_page(chromium)
    spectator.goto(page.url)
    spectator.wait_for_selector(CLUB)
    backs = spectator.locator(".ccard.back")
    assert backs.count() >= 1
    assert spectator.locator(spectators_space).count() == 0  # not even its id reaches the spectator's page
    for i in range(backs.count()):
        label = backs.nth(i).get_attribute("aria-label")
        assert label == "a face-down card", label
        assert_no_names(spoken(backs.nth(i)), names, "a spectator's face-down card")
    spectator.context.close()
    # the end of the turn, then (next turn) whatever the stacks offer: flip, move or attack
    before = log_text(page)
    tab_to(page, "[data-testid=end-turn]")
    page.keyboard.press("Enter")
    wait_log_grows(page, CLUB, before)
    assert wait_turn(page, CLUB)
    # the opponent's face-down cards are unnamed on this page too
    for back in page.locator("[data-testid^=space-opp-] .ccard.back").all():
        assert back.get_attribute("aria-label") == "a face-down card"
    stack_button = "[data-testid^=space-own-] .ctl button, [data-testid^=do-opp-]"
    if page.locator(stack_button).count():
        before = log_text(page)
        tab_to(page, stack_button)
        page.keyboard.press("Enter")
        wait_log_grows(page, CLUB, before)
        if page.locator(CLUB).get_attribute("data-phase") == "target" and wait_turn(page, CLUB):
            before = log_text(page)
            tab_to(page, ".choices button[data-action]")
            page.keyboard.press("Enter")
            wait_log_grows(page, CLUB, before)
    axe(page, "Monster Club in the second turn")
    shot(page, "a11y-club-keyboard")
    assert not page.problems, page.problems


# --- Push a Monster ----------------------------------------------------------------------------------------------
def wait_played_or_refused(page: Any, before: str) -> Any:
    """After Enter on a Push a Monster action: wait for the log to grow or a refusal; the error locator."""
    page.wait_for_function(
        """(before) => document.querySelector('[data-testid=error]')
            || (document.querySelector('[data-testid=log]').innerText !== before
                && document.querySelector('[data-testid=push-board]').dataset.busy === 'no')""",
        arg=before,
    )
    return page.locator("[data-testid=error]")


def push_aim_and_push_by_keyboard(page: Any) -> str:
    """Aim with the controls alone (a mark by arrow key, a turn by arrow keys, a typed depth), check the
    preview follows each change, push; a push the game says cannot start is aimed again from the next mark."""
    canvas = page.locator("[data-testid=arena]")
    for attempt in range(12):
        tab_to(page, "[data-testid=mark]")
        aim0 = canvas.get_attribute("data-aim")
        text0 = page.locator("[data-testid=aim-text]").inner_text()
        page.keyboard.press("ArrowDown")
        page.wait_for_function("(a) => document.querySelector('[data-testid=arena]').dataset.aim !== a", arg=aim0)
        assert page.locator("[data-testid=aim-text]").inner_text() != text0
        tab_to(page, "[data-testid=turn]")
        angle0 = int(re.search(r"angle=(\d+)", canvas.get_attribute("data-aim") or "").group(1))  # type: ignore[union-attr]
        for _ in range(3):
            page.keyboard.press("ArrowUp")
        page.wait_for_function(
            "(a) => !document.querySelector('[data-testid=arena]').dataset.aim.includes('angle=' + a + ' ')",
            arg=angle0,
        )
        angle = int(re.search(r"angle=(\d+)", canvas.get_attribute("data-aim") or "").group(1))  # type: ignore[union-attr]
        assert (angle - angle0) % 360 == 3, (angle0, angle)
        tab_to(page, "[data-testid=depth]")
        page.keyboard.press("Control+A")
        page.keyboard.type("6")  # cm; the push sent keeps dm
        page.wait_for_function("() => document.querySelector('[data-testid=arena]').dataset.aim.endsWith('depth=0.60')")
        assert "6 cm deep" in page.locator("[data-testid=aim-text]").inner_text()
        tab_to(page, "[data-testid=push]")
        before = log_text(page)
        page.keyboard.press("Enter")
        error = wait_played_or_refused(page, before)
        if not error.count():
            return "push"
        assert "cannot start" in error.inner_text() or "must" in error.inner_text(), error.inner_text()
        tab_to(page, "[data-testid=error] button", backwards=True)
        page.keyboard.press("Enter")
        assert attempt < 11
    raise AssertionError("no aimed push could start")


def test_push_a_monster_by_keyboard_with_the_arena_in_words(lair: Server, chromium: Any) -> None:
    page = open_game(chromium, lair, "push-a-monster", "Pia")
    done: list[str] = []
    for _ in range(24):
        if len(done) >= 4 and "push" in done:
            break
        if not wait_turn(page, PUSH, timeout=90):
            break
        phase = str(page.locator(PUSH).get_attribute("data-phase"))
        before = log_text(page)
        if page.locator("button[data-action=assist]").count():
            tab_to(page, "button[data-action=assist]")
            page.keyboard.press("Enter")
            done.append("assist")
        elif phase == "setup":
            # a free place by keyboard: the fields move the monster, Place sets it down (refused if taken)
            tab_to(page, "[data-testid=place-x]")
            page.keyboard.press("Control+A")
            page.keyboard.type(f"{4 * math.cos(len(done) * 2.4):.1f}")  # cm
            tab_to(page, "[data-testid=place-y]")
            page.keyboard.press("Control+A")
            page.keyboard.type(f"{3 * math.sin(len(done) * 2.4):.1f}")
            page.keyboard.press("Tab")
            if page.locator("[data-testid=place]").is_disabled():  # taken: Place waits and says why; snap
                assert page.locator("[data-testid=place-why]").inner_text()
                tab_to(page, "[data-testid=place-snap]")
                page.keyboard.press("Enter")
            tab_to(page, "[data-testid=place]")
            page.keyboard.press("Enter")
            error = wait_played_or_refused(page, before)
            if error.count():  # that place is taken: dismiss, snap to the nearest free spot, place
                tab_to(page, "[data-testid=error] button", backwards=True)
                page.keyboard.press("Enter")
                tab_to(page, "[data-testid=place-snap]")
                page.keyboard.press("Enter")
                tab_to(page, "[data-testid=place]")
                page.keyboard.press("Enter")
                wait_log_grows(page, PUSH, before)
            done.append("place")
            continue
        elif phase == "choose":
            tab_to(page, "button[data-action^=take]")
            page.keyboard.press("Enter")
            done.append("take")
        elif phase == "push":
            axe(page, "Push a Monster while aiming")
            done.append(push_aim_and_push_by_keyboard(page))
            continue
        elif phase == "nudge":
            tab_to(page, "[data-testid=nudge-angle]")
            page.keyboard.press("ArrowUp")
            tab_to(page, "[data-testid=nudge]")
            page.keyboard.press("Enter")
            done.append("nudge")
        else:
            raise AssertionError(phase)
        wait_log_grows(page, PUSH, before)
    assert "push" in done, done
    page.wait_for_function("() => document.querySelector('[data-testid=push-board]').dataset.animating !== 'yes'")
    # the canvas's text twin: the last push and what fell, and every monster on the arena with where it is
    words = page.locator("[data-testid=arena-text]")
    text = words.text_content() or ""
    assert re.search(r"(push|nudge)(es|s)? the .*#\d+: .*(Nothing fell\.|off)", text), text
    monsters = page.evaluate("() => document.querySelectorAll('[data-testid=arena-text] li').length")
    assert monsters >= 1 and re.search(r"near mark [A-Z]", text), text
    described = page.locator("[data-testid=arena]").evaluate(
        "c => document.getElementById(c.getAttribute('aria-describedby')).textContent"
    )
    assert described.strip() and "on the arena" in described
    axe(page, f"Push a Monster after {done}")
    shot(page, "a11y-push-keyboard")
    assert not page.problems, page.problems


# --- phone width ------------------------------------------------------------------------------------------------
def no_sideways_scroll(page: Any, where: str) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    if width[0] > width[1]:  # just after a resize the page may still be laying out: look again once it settles
        page.wait_for_timeout(400)
        width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    if width[0] > width[1]:
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
                .slice(0, 8)
                .map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""
        )
        raise AssertionError(f"{where} scrolls sideways at 375 px: {width}; too wide: {wide}")


def test_the_lobby_reflows_at_phone_width(lair: Server, chromium: Any) -> None:
    page, problems = new_page(chromium, PHONE)
    page.goto(lair.url)
    page.wait_for_selector("input[name=guest-name]")
    no_sideways_scroll(page, "the signed-out lobby")
    sign_in(page, lair.url, "Phoebe")
    no_sideways_scroll(page, "the lobby")
    shot(page, "a11y-lobby-phone")
    page.locator("[data-testid=game-monstra]").get_by_role("button", name="New table").click()
    page.wait_for_selector("[data-testid=create-table]")
    no_sideways_scroll(page, "the new-table dialog")
    axe(page, "the new-table dialog at phone width")
    shot(page, "a11y-create-phone")
    assert not problems, problems


def phone_decide(page: Any, game: str, n: int) -> None:
    if game == "monster-smash":
        from tests.browser.driver import play_one_decision

        before = log_text(page)
        play_one_decision(page)
        wait_log_grows(page, SMASH, before)
    elif game == "monstra":
        monstra_decide(page, n)
    elif game == "monster-club":
        club_decide(page, n)
    else:
        push_decide(page, n)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_board_reflows_at_phone_width(lair: Server, chromium: Any, game: str) -> None:
    board = GAMES[game][0]
    page = open_game(chromium, lair, game, "Phil", viewport=PHONE)
    assert wait_turn(page, board, timeout=90)
    no_sideways_scroll(page, f"{game} at the start")
    shot(page, f"a11y-{game}-phone")
    for n in range(3):
        if not wait_turn(page, board, timeout=90):
            break
        phone_decide(page, game, n)
        no_sideways_scroll(page, f"{game} after {n + 1} decisions")
    page.wait_for_timeout(300)
    no_sideways_scroll(page, f"{game} mid-game")
    shot(page, f"a11y-{game}-phone-mid")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(300)
    shot(page, f"a11y-{game}-desktop-mid")
    assert not page.problems, page.problems
