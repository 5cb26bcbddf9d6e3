"""The rules pages and panel (from docs/rules/*.md) and the replays of MONSTRA, Monster Club and Push a Monster
on their own boards, in a real browser.

Finished games come from tables of bots only, created through the API with the page's own session. Each
replay test compares what the board shows with the step's frame from the replay API, at a step where that
value changes, then steps forward and back with the buttons and the keyboard.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from monsterlair import games
from tests.browser import finished
from tests.browser.conftest import ROOT, Server, shot
from tests.browser.pages import guest, new_page

PHONE = {"width": 375, "height": 812}
RULES = ROOT / "docs" / "rules"


def fits_a_phone(page: Any, url: str, ready: str, name: str) -> None:
    """Open ``url`` on a phone-sized screen: once ``ready`` shows, the page is no wider than the phone."""
    page.set_viewport_size(PHONE)
    page.goto(url)
    page.locator(ready).wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, name)


def finished_game(page: Any, url: str, game: str, options: dict[str, Any]) -> str:
    """A two-bot game of ``game``, played to the end by the server; returns the table id."""
    seats = [{"kind": "bot", "bot": "random"}] * 2
    body = {"game": game, "players": 2, "options": options, "seats": seats, "start": True}
    r = page.request.post(f"{url}/api/tables", data=body, headers={"Origin": url})
    assert r.ok, r.text()
    table_id = str(r.json()["table"]["id"])
    deadline = time.monotonic() + 90
    while page.request.get(f"{url}/api/tables/{table_id}").json()["table"]["status"] != "finished":
        assert time.monotonic() < deadline, f"the {game} game did not finish"
        time.sleep(0.2)
    return table_id


def known_rule(game: str) -> tuple[str, str]:
    """A numbered rule of the game's document and the plain words that open it (read from the file, so the
    test follows the document)."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    for m in re.finditer(r"^(?:\* )?\*\*([A-Z]{2}-\d+\.\d+)\*\* (.+)$", text, re.MULTILINE):
        words = m.group(2)[:48].rsplit(" ", 1)[0]
        if len(words) >= 20 and not re.search(r"[*`\[|_]", words):
            return m.group(1), words
    raise AssertionError(f"no plain numbered rule in {game}.md")


# --- rules ---------------------------------------------------------------------------------------------------


def test_the_rules_page_shows_the_numbered_rules_of_the_document(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    for game in ("monster-smash", "monstra", "monster-club", "push-a-monster"):
        rule, words = known_rule(game)
        page.goto(f"{server.url}/rules/{game}#{rule}")
        target = page.locator(f"[id='{rule}']")
        target.wait_for()
        assert words in target.inner_text(), (rule, words, target.inner_text())
        assert target.inner_text().startswith(rule)
        # the Markdown was read: no emphasis markers are left in the text (code spans keep theirs)
        prose = page.locator("[data-testid=rules-doc]").evaluate(
            "d => { const c = d.cloneNode(true); c.querySelectorAll('code').forEach(x => x.remove());"
            " return c.textContent; }"
        )
        assert "**" not in prose and "`" not in prose
        page.wait_for_function(
            "(id) => { const r = document.getElementById(id).getBoundingClientRect();"
            " return r.top >= -2 && r.top < innerHeight; }",
            arg=rule,
        )
        # the contents link to the rule, and to its section
        toc = page.locator("[data-testid=rules-toc]")
        assert toc.locator(f"a[href='#{rule}']").count() == 1
        assert toc.locator(f"a[href='#{rule.split('.')[0]}']").count() == 1
    # A section of rules players need is never taken for the developers' action texts (MO-5 once was).
    page.goto(f"{server.url}/rules/monstra")
    toc = page.locator("[data-testid=rules-toc]")
    toc.wait_for()
    assert toc.locator("a[href='#MO-5']").count() == 1 and toc.locator("a[href='#MO-5.5']").count() == 1
    assert toc.locator("a[href='#MO-12']").count() == 0  # "Action texts, order and indices": for developers
    # Raw HTML in a document would show as text: there is no script or markup from the documents.
    assert page.locator("[data-testid=rules-doc] script, [data-testid=rules-doc] img").count() == 0

    # A contents link scrolls to its rule and puts it in the address.
    rule, words = known_rule("push-a-monster")
    page.goto(f"{server.url}/rules/push-a-monster")
    page.locator("[data-testid=rules-doc]").wait_for()
    page.locator(f"[data-testid=rules-toc] a[href='#{rule}']").click()
    page.wait_for_function("(id) => location.hash === '#' + id", arg=rule)
    assert page.locator(f"[id='{rule}']").evaluate("e => e.classList.contains('flash')")
    # A mention of another rule inside the text links to it.
    mention = page.locator(
        "[data-testid=rules-doc] p:not([id]) a[href^='#PM-'], [data-testid=rules-doc] .rule a[href^='#PM-']"
    )
    assert mention.count() > 0
    shot(page, "rules-page")
    fits_a_phone(page, f"{server.url}/rules/monstra", "[data-testid=rules-doc]", "rules-page-phone")
    assert not problems, problems


def test_a_monster_club_rules_reason_is_a_note_inside_its_item_after_the_rule(server: Server, chromium: Any) -> None:
    """Monster Club's rules are list items, and their reasons ran on inside them ("Without this rule, a hand of
    power cards … never changes"), read as rules: each is now a Note box inside its item, after the rule's
    words, and a rule it mentions is still a link."""
    page, problems = new_page(chromium, {"width": 1366, "height": 900})
    page.goto(f"{server.url}/rules/monster-club")
    doc = page.locator("[data-testid=rules-doc]")
    doc.locator("[id='MC-6.5']").wait_for()
    for rule, words, reason in (
        ("MC-6.5", "you show your hand and redraw", "a hand of power cards with no free slot never changes"),
        ("MC-11.5", "the game ends when that many turns in a row", "Such stand-offs are real"),
        ("MC-11.6", "after 200 turns the game stops", "a game between players who both refuse to attack"),
        ("MC-2.6", "Stacks may attack from the first round on", "The first player has nothing to attack"),
    ):
        item = doc.locator(f"li[id='{rule}']")
        note = item.locator(":scope > [role=note]")
        assert note.count() == 1, rule
        assert note.inner_text().lower().startswith("note") and reason in note.inner_text(), (rule, note.inner_text())
        # the rule's own words, without its note: the operative text stays, the reason is gone
        own = item.evaluate(
            "li => { const c = li.cloneNode(true); c.querySelector('[role=note]').remove(); return c.textContent; }"
        )
        assert words in own and reason not in own, (rule, own)
        # the note follows the rule's words, inside the item
        assert item.evaluate("li => li.lastElementChild.getAttribute('role')") == "note", rule
    # a rule named in a note links to it
    link = doc.locator("li[id='MC-11.5'] > [role=note] a[href='#MC-11.6']")
    assert link.count() == 1
    link.click()
    page.wait_for_function("() => location.hash === '#MC-11.6'")
    shot(page, "rules-club-notes")
    fits_a_phone(
        page, f"{server.url}/rules/monster-club#MC-6.5", "li[id='MC-6.5'] > [role=note]", "rules-club-notes-phone"
    )
    assert not problems, problems


def players_rules(
    page: Any, server: Server, game: str, prefix: str, hidden: tuple[str, ...]
) -> tuple[Any, dict[str, str]]:
    """Open ``game``'s players' rules page; return it and the text it shows of each numbered rule of the rules
    document outside the ``hidden`` sections (and fail if one of them is missing from the page)."""
    page.goto(f"{server.url}/rules/{game}")
    doc = page.locator("[data-testid=rules-doc]")
    doc.locator(f"[id='{prefix}-1.1']").wait_for()
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    numbers = [n for n in re.findall(rf"^\*\*({prefix}-\d+\.\d+)\*\*", text, re.M) if n.split(".")[0] not in hidden]
    shown = {n: doc.locator(f"[id='{n}']").inner_text() for n in numbers if doc.locator(f"[id='{n}']").count()}
    assert sorted(set(numbers) - set(shown)) == []
    return doc, shown


def test_push_a_monster_rules_players_read_keep_every_rule_in_their_words(server: Server, chromium: Any) -> None:
    """Every rule outside the developers' sections reaches the players' page, in players' words, and the page
    says one thing about how many tries a turn has."""
    page, problems = new_page(chromium)
    doc, shown = players_rules(page, server, "push-a-monster", "PM", ("PM-8", "PM-10"))  # bots and RL; records
    assert "the turn goes on with a nudge" in shown["PM-6.2"]
    assert "set the seven start monsters down one each in turn" in shown["PM-2.2"]
    # the order the game asks for (the page once said purple before yellow)
    assert "the largest first (by area, PM-1.1: orange, red, yellow, purple, purple, blue, green)" in shown["PM-2.2"]
    assert "A player names the monster to shove by the number drawn on it" in shown["PM-6.7"]
    assert "Tries before the monster is placed for its player" in shown["PM-6.6"]
    assert "Monsters already on the arena may be pushed" in shown["PM-6.7"]
    assert "chooses how the monster lies on the pusher" in shown["PM-4.5"]
    assert "a table may choose a number of misses" in shown["PM-5.5"]
    for n in ("PM-5.4", "PM-6.6"):
        assert "after 12 " in shown[n], (n, shown[n])
    prose = doc.inner_text()
    # monsters are numbered as players read them, from 1 (PM-10.3)
    assert "Monsters are numbered 1–27, the number drawn on each (green 1–5," in prose and "0–26" not in prose
    for words in (
        "Views list",  # what players see, not what a program reads
        "computer players at the defaults",  # the calibration's measurements are for developers
        "the engine",
        "as often as needed",
        "no limit on nudges",
        "PM-8",
        "phase push",
        "phase nudge",
        "take KIND",
        "the only action listed",
        "solver",
        "kinematic",
        "a test ",
        "greedy",
    ):
        assert words not in prose, words
    assert not problems, problems


def test_monstra_rules_players_read_keep_every_rule_in_their_words(server: Server, chromium: Any) -> None:
    """Every rule outside the developers' section (MO-12, action texts and indices) reaches the players' page,
    with the parts that once went missing with a developer word, and none of the developer prose."""
    page, problems = new_page(chromium)
    doc, shown = players_rules(page, server, "monstra", "MO", ("MO-12",))
    assert "Starter, Blaze, Bulwark, Mystic or Gale" in shown["MO-2.5"]
    assert "every seat wins or loses together" in shown["MO-10.11"]
    assert "the number of knockouts its team caused" in shown["MO-9.6"]
    assert "Energy a tactic gives can pay for the acting creature's signature at once" in shown["MO-6.3"]
    assert "so a move that hits both enemies gets it twice" in shown["MO-6.4"]
    assert "In a mission that is the Guardian." in shown["MO-6.10"]
    assert "a random deck is known only to its team" in shown["MO-13.3"]
    assert "face up: discards are public" in shown["MO-4.3"]
    prose = doc.inner_text()
    for words in (
        "view's phase",
        "interpreter",
        "marked capped",
        "The menu below",
        "the worked example)",
        "(appendix)",
        "engine",
        "payoff",
        "determinization",
        "encode_view",
        "first U",
    ):
        assert words not in prose, words
    assert not problems, problems


@pytest.mark.parametrize("game", ["monstra", "push-a-monster"])
def test_each_rule_an_option_cites_is_on_the_players_page_and_names_the_option(
    server: Server, chromium: Any, game: str
) -> None:
    """The New-table form's help ends "Rule MO-2.5."; that rule is on the players' page and calls the option
    by the label the form shows."""
    page, problems = new_page(chromium)
    page.goto(f"{server.url}/rules/{game}")
    doc = page.locator("[data-testid=rules-doc]")
    doc.locator("[id]").first.wait_for()
    options = games.get(game).options
    for name in options:
        option = options[name]
        cited = re.findall(r"\bRule ([A-Z]{2}-\d+\.\d+)\.", option.doc)
        assert cited, (name, option.doc)
        rule = doc.locator(f"[id='{cited[0]}']")
        assert rule.count() == 1, (name, cited)
        assert option.label in rule.inner_text(), (name, option.label, rule.inner_text())
    assert not problems, problems


def test_rules_are_linked_from_the_lobby_and_the_header(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    page.goto(server.url)
    page.locator("[data-testid=game-monster-club]").get_by_role("link", name="How to play Monster Club").click()
    page.wait_for_url("**/rules/monster-club")
    page.locator("[data-testid=rules-doc]").wait_for()
    assert page.get_by_role("heading", level=1).inner_text() == "Monster Club rules"
    page.get_by_role("banner").get_by_role("link", name="Rules").click()
    page.wait_for_url("**/rules")
    for game in ("monster-smash", "monstra", "monster-club", "push-a-monster"):
        assert page.locator(f"[data-testid=rules-tab-{game}]").count() == 1
    # review: the lobby listed Smash, MONSTRA, Push, Club and the Rules tabs Smash, MONSTRA, Club, Push; both
    # follow the one order the games are registered in (the catalogue's)
    order = games.ids()
    page.wait_for_function("() => document.querySelectorAll('[data-testid^=rules-tab-]').length > 0")
    page.wait_for_function(
        "(ids) => [...document.querySelectorAll('[data-testid^=rules-tab-]')]"
        ".map((a) => a.dataset.testid.slice('rules-tab-'.length)).join() === ids.join()",
        arg=order,
        timeout=5000,
    )
    page.goto(server.url)
    page.locator("[data-testid=game-monster-smash]").wait_for()
    lobby = page.locator("article.game[data-testid^=game-]").evaluate_all(
        "as => as.map((a) => a.dataset.testid.slice('game-'.length))"
    )
    assert lobby == order, lobby
    page.goto(f"{server.url}/rules/no-such-game")
    assert "no rules" in page.get_by_role("alert").inner_text().lower()
    assert not problems, problems


def test_the_table_rules_panel_opens_closes_and_returns_focus(server: Server, chromium: Any) -> None:
    page, problems = new_page(chromium)
    guest(page, server.url, "Rhea")
    table_id = finished_game(page, server.url, "monstra", {"rounds": 2})
    page.goto(f"{server.url}/t/{table_id}")
    button = page.locator("[data-testid=rules-button]")
    button.wait_for()
    button.focus()
    page.keyboard.press("Enter")
    panel = page.locator("[data-testid=rules-panel]")
    # the panel opens on the one-screen guide; the full rules are one press away
    panel.locator("[data-testid=guide] h3", has_text="The goal").wait_for()
    assert panel.evaluate("d => d.open")
    panel.locator("[data-testid=full-rules-tab]").click()
    panel.locator("[data-testid=rules-doc]").wait_for()
    # focus moved into the panel, and Tab keeps it there (a modal dialog)
    assert page.evaluate("document.activeElement.closest('dialog') !== null")
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('dialog') !== null")
    rule, words = known_rule("monstra")
    assert words in panel.locator(f"[id='{rule}']").inner_text()
    # a contents link scrolls inside the panel and leaves the table's address alone
    before = page.url
    panel.locator("summary", has_text="Contents").click()
    panel.locator(f"[data-testid=rules-toc] a[href='#{rule}']").click()
    assert page.url == before
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id", arg=rule)
    shot(page, "rules-panel")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('[data-testid=rules-panel]').open")
    assert page.evaluate("document.activeElement.dataset.testid") == "rules-button"
    # at phone width the panel takes the screen, and its close button closes it
    page.set_viewport_size(PHONE)
    button.click()
    panel.locator("[data-testid=full-rules-tab]").click()
    panel.locator("[data-testid=rules-doc]").wait_for()
    width = panel.evaluate("d => d.getBoundingClientRect().width")
    assert width <= PHONE["width"] + 1
    shot(page, "rules-panel-phone")
    panel.locator("[data-testid=rules-close]").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=rules-panel]').open")
    assert page.evaluate("document.activeElement.dataset.testid") == "rules-button"
    assert not problems, problems


# --- replays -------------------------------------------------------------------------------------------------


def _monstra_value(page: Any, view: dict[str, Any] | None) -> dict[str, int]:
    """Each creature's HP, as shown (``view`` None) or in a frame's view."""
    if view is None:
        out: dict[str, int] = page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('[data-testid^=unit-]')]
                 .map(e => [e.dataset.unit, Number(e.querySelector('.hp b').innerText)]))"""
        )
        return out
    return {s["unit"]: int(s["hp"]) for t in view["teams"] for s in t["slots"] if s}


def _club_value(page: Any, view: dict[str, Any] | None) -> list[Any]:
    """The turn, and each side's deck and hand counts (the spectator sees seat 0 at the bottom)."""
    if view is None:
        board = page.locator("[data-testid=club-board]")
        own = page.locator("[data-testid=info-own]").inner_text()
        opp = page.locator("[data-testid=info-opp]").inner_text()
        counts = [re.search(r"Deck (\d+) · Hand (\d+)", t) for t in (own, opp)]
        return [int(board.get_attribute("data-turn") or -1), *[int(x) for m in counts if m for x in m.groups()]]
    return [
        view["turn"],
        view["deck_counts"][0],
        view["hand_counts"][0],
        view["deck_counts"][1],
        view["hand_counts"][1],
    ]


def _push_value(page: Any, view: dict[str, Any] | None) -> list[Any]:
    """The die, how many monsters lie on the arena, and each token line."""
    if view is None:
        dice = page.locator("[data-testid=push-board] .die")
        die = (dice.get_attribute("data-face") or "") if dice.count() else "not rolled yet"  # no die in the set-up
        arena = page.locator("[data-testid=arena]").get_attribute("aria-label") or ""
        on = re.search(r"(\d+) monsters", arena)
        lines = [int(x) for x in page.locator("[data-testid^=line-] .len").all_inner_texts()]
        return [die, int(on.group(1)) if on else -1, lines]
    face = (view.get("die") or {}).get("face") or "not rolled yet"
    return [face, len(view["monsters"]), list(view["lines"])]


REPLAYS = {
    "monstra": ("monstra-board", {"rounds": 3}, _monstra_value),
    "monster-club": ("club-board", {"destroys_to_win": 2, "max_turns": 40}, _club_value),
    "push-a-monster": ("push-board", {}, _push_value),
}


def _counter(page: Any, step: int, total: int) -> None:
    page.wait_for_function(
        """([k, n]) => document.querySelector('[data-testid=step-counter]')?.innerText.startsWith(`Move ${k} / ${n}`)
             && document.querySelector('[data-testid=replay-board]')?.dataset.step === String(k)""",
        arg=[step, total],
    )


@pytest.mark.parametrize("game", list(REPLAYS))
def test_a_replay_shows_the_games_own_board_and_steps(server: Server, chromium: Any, game: str) -> None:
    board_id, options, value = REPLAYS[game]
    board = f"[data-testid={board_id}]"
    page, problems = new_page(chromium)
    guest(page, server.url, "Remy")
    table_id = finished_game(page, server.url, game, options)
    info = page.request.get(f"{server.url}/api/replays/{table_id}").json()
    total = int(info["steps"])
    assert total >= 4

    def frame(k: int) -> dict[str, Any]:
        out: dict[str, Any] = page.request.get(f"{server.url}/api/replays/{table_id}/steps/{k}").json()["spectator"]
        return out

    # a step after which the shown value changes (for Push a Monster: a push, so its motion plays): the first
    # from the middle on, or else from the start (a random game may change nothing shown in its second half)
    for k in [*range(total // 2, total), *range(total // 2)]:
        pushes = game != "push-a-monster" or info["actions"][k]["text"].startswith("push")
        if pushes and value(page, frame(k)) != value(page, frame(k + 1)):
            break
    else:
        raise AssertionError("no step changes the value")
    before, after = value(page, frame(k)), value(page, frame(k + 1))

    page.goto(f"{server.url}/replay/{table_id}?step={k}")
    page.locator(board).wait_for()
    _counter(page, k, total)
    assert page.locator("[data-testid=generic-board]").count() == 0
    assert page.locator(f"{board} [data-testid=banner]").count() == 1
    # read-only: no action controls on the board
    assert page.locator(f"{board} [data-action], {board} [data-testid=actions]").count() == 0
    assert value(page, None) == before

    page.locator("[data-testid=step-forward]").click()
    _counter(page, k + 1, total)
    if game == "push-a-monster":
        # stepping forward one push plays its motion, then the board rests at the new position
        page.wait_for_function("(sel) => Number(document.querySelector(sel).dataset.motions) >= 1", arg=board)
        page.wait_for_function("(sel) => document.querySelector(sel).dataset.animating === 'no'", arg=board)
    assert value(page, None) == after
    shot(page, f"replay-{game}")

    page.locator("[data-testid=step-back]").click()
    _counter(page, k, total)
    assert value(page, None) == before

    # the keyboard: → and ← step, End and Home jump
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    _counter(page, k + 1, total)
    assert value(page, None) == after
    page.keyboard.press("ArrowLeft")
    _counter(page, k, total)
    page.keyboard.press("End")
    _counter(page, total, total)
    assert value(page, None) == value(page, frame(total))
    page.keyboard.press("Home")
    _counter(page, 0, total)

    # play at the fastest speed, then pause
    page.locator("[data-testid=speed]").select_option("4")
    page.locator("[data-testid=play]").click()
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=replay-board]').dataset.step) >= 2", timeout=30_000
    )
    page.locator("[data-testid=play]").click()
    assert page.locator("[data-testid=play]").get_attribute("aria-label") == "Play"

    # the slider jumps; a player's own view shows their hand (MONSTRA: their team's tactics)
    page.locator("[data-testid=step-slider]").fill(str(k + 1))
    _counter(page, k + 1, total)
    assert value(page, None) == after
    if games.get(game).kind()["hidden_info"]:
        page.locator("[data-testid=viewer]").select_option("0")
        hand = "[data-testid=tactics]" if game == "monstra" else "[data-testid=hand]"
        page.locator(f"{board} {hand}").wait_for()
        assert "(you)" not in page.locator(board).inner_text()
        assert "as=0" in page.url
    else:  # the game declares nothing hidden (Push a Monster): one view only, so no "Seen by" to choose from
        assert page.locator("[data-testid=replay-controls]").inner_text().count("Seen by") == 0
    check_turns_and_words(page, info, k + 1)
    if game == "push-a-monster":  # the start monsters are set down before turn 1: the set-up
        page.goto(f"{server.url}/replay/{table_id}?step=1")
        _counter(page, 1, total)
        counter = page.locator("[data-testid=step-counter]").inner_text()
        assert counter.endswith("· Set-up") and "Turn" not in counter, counter
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"replay-{game}-phone")
    assert not problems, problems


def check_turns_and_words(page: Any, info: dict[str, Any], k: int) -> None:
    """At move ``k``: the step box speaks the move in words; stepping by turn moves a whole turn; a turn can
    be jumped to; no action code shows anywhere (issue 13, item 10)."""
    total, turns, actions = int(info["steps"]), info["turns"], info["actions"]
    assert turns and turns[0]["first"] == 1 and turns[-1]["last"] == total
    box = page.locator("[data-testid=step-box]")
    assert actions[k - 1]["label"] in box.inner_text()
    assert f"Move {k}" in box.inner_text()
    # by turn: forward goes to the end of the next turn, and the box holds every move of that turn
    page.locator("[data-testid=by-turn]").check()
    assert "by=turn" in page.url
    nxt = next((t for t in turns if t["last"] > k), None)
    if nxt is not None:
        page.locator("[data-testid=step-forward]").click()
        _counter(page, nxt["last"], total)
        played = len([t for t in turns if t["turn"] > 0])  # Push a Monster's set-up is no turn
        # MONSTRA counts rounds, as its board does; the count says it is of the rounds played (its board counts
        # against the game's limit: "Round 3 of 12")
        counted = f"{nxt['unit'].capitalize()} {nxt['turn']} of the {played} played"
        assert counted in page.locator("[data-testid=step-counter]").inner_text()
        moves = page.locator("[data-testid=step-move]")
        assert moves.count() == nxt["last"] - nxt["first"] + 1
        assert nxt["label"] in box.inner_text()
        page.locator("[data-testid=step-back]").click()  # to the end of the turn before it
        before = [t["last"] for t in turns if t["last"] < nxt["last"]]
        _counter(page, before[-1] if before else 0, total)
    # jump to a turn: the position after it, the whole turn in the box
    pick = turns[len(turns) // 2]
    page.locator("[data-testid=turn-select]").select_option(str(pick["turn"]))
    _counter(page, pick["last"], total)
    assert page.locator("[data-testid=step-move]").count() == pick["last"] - pick["first"] + 1
    for a in actions[pick["first"] - 1 : pick["last"]]:
        assert a["label"] in box.inner_text()
    shot(page, f"replay-turn-{info['table']['game']}")
    # the log's current lines are that turn's, each move numbered; nothing reads like code
    current = page.locator("[data-testid=log] li.current")
    assert current.count() >= 1
    plies = {int(p) for p in current.evaluate_all("els => els.map(e => e.dataset.ply)")}
    assert plies <= set(range(pick["first"], pick["last"] + 1))
    page.locator("[data-testid=by-move]").check()
    words = page.locator("main").inner_text() if page.locator("main").count() else page.inner_text("body")
    assert not re.search(r"\b\w+=[\w\[{-]", words), "a key=value dump on the replay page"
    codes = {a["text"] for a in actions if " " in a["text"] or any(ch.isdigit() for ch in a["text"])}
    shown = [c for c in codes if c in words and c not in {a["label"] for a in actions}]
    assert not shown, f"action codes shown to people: {shown[:3]}"


def test_a_monster_smash_replay_steps_by_the_logs_moves_and_calls_every_hand_nobodys_view(
    server: Server, chromium: Any
) -> None:
    """A card pick is a step of the record but no move: the replay counts and steps by the moves the log
    numbers, each once and in order. Its board shows every hand, which no seat nor spectator saw in play
    (MS-11.1: a spectator sees no hand), so that view is not called the spectator's."""
    page, problems = new_page(chromium)
    remy = guest(page, server.url, "Remy")
    options = {"max_turns": 8}
    found = finished.find_game("monster-smash", 2, options, lambda r: True)
    seats = [(remy, "Remy"), (None, "Gobble (Random bot)")]
    table_id = finished.store_table(server.data_dir, "monster-smash", 2, options, seats, found)
    info = page.request.get(f"{server.url}/api/replays/{table_id}").json()
    steps, moves, actions = int(info["steps"]), int(info["moves"]), info["actions"]
    assert 0 < moves < steps  # the picks
    assert [a["move"] for a in actions] == sorted(a["move"] for a in actions)
    assert sorted({a["move"] for a in actions}) == list(range(1, moves + 1))

    def at(move: int, step: int) -> None:
        page.wait_for_function(
            """([m, n, k]) =>
                 document.querySelector('[data-testid=step-counter]')?.innerText.startsWith(`Move ${m} / ${n}`)
                 && document.querySelector('[data-testid=replay-board]')?.dataset.step === String(k)""",
            arg=[move, moves, step],
        )

    page.goto(f"{server.url}/replay/{table_id}")
    page.locator("[data-testid=smash-board]").wait_for()
    at(moves, steps)
    viewer = page.locator("[data-testid=viewer] option[value='-1']").inner_text()
    assert viewer == "Everyone (all hands shown)", viewer
    # review: the page's text said "8 cards in hand, hidden" beside hands shown face up
    for said in page.locator("[data-testid^=hand-size-]").all_text_contents():
        assert "hidden" not in said and "shown" in said, said
    # the log: every move's number once, from 1, and turn 1 headed like the others
    numbers = [int(n.replace("Move", "").strip()) for n in page.locator("[data-testid=log] .move-no").all_inner_texts()]
    assert numbers == list(range(1, moves + 1)), numbers
    assert page.locator("[data-testid=log] li.turn").first.inner_text().startswith("Turn 1: ")
    # a choice of several cards: forward from the move before it lands on its "done", one move on
    pick = next(i for i, a in enumerate(actions) if a["text"].split()[0] in ("burn", "play") and i + 1 < steps)
    move = int(actions[pick]["move"])
    end = max(a["step"] for a in actions if a["move"] == move)
    before = max((a["step"] for a in actions if a["move"] == move - 1), default=0)
    assert end > pick + 1  # the pick and the done are two steps
    page.goto(f"{server.url}/replay/{table_id}?step={before}")
    at(move - 1, before)
    page.locator("[data-testid=step-forward]").click()
    at(move, end)
    box = page.locator("[data-testid=step-box]").inner_text()
    assert f"Move {move}" in box and actions[end - 1]["label"] in box, box
    assert page.locator("[data-testid=step-move]").count() == 1
    shot(page, "replay-monster-smash")
    page.locator("[data-testid=step-back]").click()
    at(move - 1, before)
    assert not problems, problems
