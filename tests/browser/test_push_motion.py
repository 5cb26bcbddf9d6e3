"""Push a Monster on screen (issue 14, item 4): the arena redraws as soon as the aim changes, a monster
knocked off the arena visibly drops away, and a person who prefers reduced motion sees each outcome at once.

These pages are opened with full motion (``chromium.browser``), unlike most browser tests.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from typing import Any

from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.driver import seen, settle
from tests.browser.pages import guest, new_page
from tests.browser.test_games_ui import PUSH, drag_push, push_decide, wait_turn_or_end
from tests.browser.test_learn import started

DESKTOP = {"width": 1366, "height": 768}
CANVAS = "() => document.querySelector('[data-testid=arena]').toDataURL()"

# Records the arena while a monster drops: from the moment the board counts a new drop, a copy of the canvas
# at each animation frame, at most one per 50 ms, for a second (the drop lasts 0.9 s). A copy is a plain
# drawImage; the pictures are encoded (JPEG) only once the drop is over (FINISH_DROPS), so the recording
# itself costs the page next to nothing on a busy machine. ``__dropEnds`` is when the last recording ends.
RECORD_DROPS = """() => {
  const board = document.querySelector('[data-testid=push-board]');
  const canvas = document.querySelector('[data-testid=arena]');
  window.__drop = [];
  window.__dropEnds = 0;
  let seen = Number(board.dataset.drops), until = 0, last = -Infinity;
  const loop = (now) => {
    if (Number(board.dataset.drops) > seen) {
      seen = Number(board.dataset.drops);
      until = now + 1000;
      window.__dropEnds = until;
    }
    if (now < until && now - last >= 50) {
      last = now;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      copy.getContext('2d').drawImage(canvas, 0, 0);
      window.__drop.push(copy);
    }
    window.__recorder = requestAnimationFrame(loop);
  };
  window.__recorder = requestAnimationFrame(loop);
}"""
RECORDED = "() => window.__dropEnds > 0 && performance.now() >= window.__dropEnds"
FINISH_DROPS = """() => {
  cancelAnimationFrame(window.__recorder);
  return window.__drop.map((c) => c.toDataURL('image/jpeg', 0.7));
}"""
AT_REST = "() => document.querySelector('[data-testid=push-board]').dataset.animating !== 'yes'"


# Counts the animation frames in which the board says a motion plays.
COUNT_MOTION_FRAMES = """() => {
  window.__moving = 0;
  const board = document.querySelector('[data-testid=push-board]');
  const loop = () => { if (board.dataset.animating === 'yes') window.__moving += 1; requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
}"""


def push_page(chromium: Any, server: Server, name: str, **context: Any) -> tuple[Any, list[str]]:
    """A Push a Monster table against a random bot, open at its first push of mine (set-up done)."""
    page = chromium.browser.new_context(viewport=DESKTOP, **context).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    guest(page, server.url, name)
    page.goto(f"{server.url}/t/{started(page, server.url, 'push-a-monster')}")
    n = 0
    while (
        wait_turn_or_end(page, PUSH, timeout=90) == "turn" and page.locator(PUSH).get_attribute("data-phase") != "push"
    ):
        push_decide(page, n)
        n += 1
    return page, problems


def push_turns(page: Any, turns: int = 14) -> Iterator[int]:
    """Up to ``turns`` of our turns, until the game ends: a turn outside the push phase is decided here
    (``push_decide``); each one in it is yielded (its number), for the caller to push."""
    for n in range(turns):
        if wait_turn_or_end(page, PUSH, timeout=90) == "end":
            return
        if page.locator(PUSH).get_attribute("data-phase") != "push":
            push_decide(page, n)
            continue
        yield n


def deep_push(page: Any, n: int) -> bool:
    """Push hard through the middle of the arena (a fall is likely); False when the game refused it."""
    before = seen(page, PUSH)
    drag_push(page, theta=0.3 + n * 2.39996)
    page.locator("[data-testid=depth]").fill("20")  # cm
    page.locator("[data-testid=push]").click()
    return settle(page, PUSH, before, refusable=True)


def fallen(page: Any) -> int:
    """How many monsters are out of the game so far (the supply panel counts them per kind: "N fallen")."""
    texts = page.locator("[aria-label='Supply and fallen monsters'] .kind").all_inner_texts()
    return sum(int(m.group(1)) for t in texts if (m := re.search(r"\b(\d+) fallen\b", t)))


def test_the_aim_redraws_at_once_and_a_knocked_off_monster_drops(server: Server, chromium: Any) -> None:
    page, problems = push_page(chromium, server, "Pusher")
    # The aim preview follows the pointer at once: each step of a drag redraws the arena.
    canvas = page.locator("[data-testid=arena]")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    scale = float(
        page.evaluate("() => JSON.parse(document.querySelector('[data-testid=arena]').dataset.view)")["scale"]
    )
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx + 1.75 * scale, cy - 0.4 * scale)
    page.mouse.down()
    pictures, aims = [], []
    for i in range(1, 4):
        page.mouse.move(cx + 1.2 * scale, cy - (0.5 - 0.15 * i) * scale)  # a new heading at each step
        pictures.append(page.evaluate(CANVAS))
        aims.append(canvas.get_attribute("data-aim"))
    page.mouse.up()
    assert len(set(aims)) == 3 and len(set(pictures)) == 3, aims
    # …and so do the controls.
    before = page.evaluate(CANVAS)
    page.locator("[data-testid=depth]").fill("13")  # cm
    assert page.evaluate(CANVAS) != before
    # Push hard until a monster goes over the edge (ours or the bot's push); the drop is recorded.
    page.evaluate(RECORD_DROPS)
    page.evaluate(COUNT_MOTION_FRAMES)
    for n in push_turns(page):
        deep_push(page, n)
        # Wait until both motions have played, ours and then the bot's push (the board is at rest between the
        # two for a moment: not a sign that the turn is over), or the game is over and its last motion played.
        wait_turn_or_end(page, PUSH, timeout=90)
        page.wait_for_function(AT_REST)
        if int(page.locator(PUSH).get_attribute("data-drops") or 0) > 0:
            break
    assert int(page.locator(PUSH).get_attribute("data-drops") or 0) > 0, "no monster fell in fourteen deep pushes"
    assert page.evaluate("window.__moving") > 10  # the pushes played over many frames
    page.wait_for_function(RECORDED)  # the drop has played out and been recorded to its end
    frames: list[str] = page.evaluate(FINISH_DROPS)
    # The falling monster moves from picture to picture (it carries on, shrinks and darkens).
    assert len(frames) >= 3 and len(set(frames)) >= 3, len(frames)
    ARTIFACTS.mkdir(exist_ok=True)
    step = max(1, len(frames) // 6)
    for i, frame in enumerate(frames[::step][:6]):
        (ARTIFACTS / f"push-fall-{i + 1}.jpg").write_bytes(base64.b64decode(frame.split(",", 1)[1]))
    assert not problems, problems


def test_with_reduced_motion_a_push_shows_its_outcome_at_once(server: Server, chromium: Any) -> None:
    page, problems = push_page(chromium, server, "Stillwater", reduced_motion="reduce")
    motions = int(page.locator(PUSH).get_attribute("data-motions") or 0)
    page.evaluate(COUNT_MOTION_FRAMES)
    fell = False
    for n in push_turns(page):
        before = page.evaluate(CANVAS)
        if not deep_push(page, n):
            continue
        page.wait_for_function("() => document.querySelector('[data-testid=push-board]').dataset.animating !== 'yes'")
        assert page.evaluate(CANVAS) != before
        if fallen(page):
            fell = True
            break
    assert fell, "no monster fell in fourteen deep pushes"
    shown = int(page.locator(PUSH).get_attribute("data-motions") or 0) - motions
    assert shown > 0  # every push (ours and the bot's) was still shown…
    assert page.evaluate("window.__moving") <= 2 * shown  # …each at once: its outcome in the next frame
    assert page.locator(PUSH).get_attribute("data-drops") == "0"  # but nothing tumbled away
    assert not problems, problems


def test_monsters_read_from_1_on_screen_while_the_shove_sent_keeps_the_id_from_0(server: Server, chromium: Any) -> None:
    """The log, the shove list and the shove's text agree (rules PM-10.3): the green Gloop, id 0 in views
    and texts, reads "the green Gloop #1"; the shove sent for the monster picked in the list carries its id."""
    page, problems = push_page(chromium, server, "Counter", reduced_motion="reduce")
    log = page.locator("[data-testid=log]").inner_text()
    # the green Gloop (id 0) is a start monster: the set-up's log names it
    assert "the green Gloop #1" in log and "#0" not in log and "(monster" not in log, log
    # Stranger's review (item 3): the push controls speak players' words, distances in cm
    page.locator("[data-testid=mode-own]").click()
    said = page.locator(f"{PUSH} .controls").first.inner_text()
    assert "How deep to push (cm)" in said and not re.search(r"\bdm\b|\+ to the", said), said
    assert re.search(r"\d cm deep", page.locator("[data-testid=aim-text]").inner_text())
    # Stranger's review (item 7): the Drakes are start pieces only, never in the supply; their row says so.
    rows = page.locator("section.supply .kind").all_inner_texts()
    drake = next(r for r in rows if "Drake" in r)
    assert "start pieces only" in drake and "supply" not in drake, rows
    assert all(re.search(r"\d in the supply", r) for r in rows if "Drake" not in r), rows
    page.locator("[data-testid=mode-shove]").click()
    target = page.locator("[data-testid=shove-target]")
    options = target.locator("option").evaluate_all("os => os.map((o) => [o.value, o.textContent])")
    listed = [(int(value), label) for value, label in options if value != ""]
    assert listed, options
    for value, label in listed:
        assert re.search(rf"^(?:an? )?[a-z]+ [A-Z][a-z]+ #{value + 1}\b", label) and "(monster" not in label, label
        target.select_option(str(value))
        command = page.locator("[data-testid=shove]").get_attribute("data-command") or ""
        assert command.startswith(f"shove monster={value} "), command
    assert not problems, problems


def test_the_set_up_suggests_a_free_spot_and_place_waits_while_the_ghost_overlaps(
    server: Server, chromium: Any
) -> None:
    """Stranger's review (item 4): after the first monster is down, the next one's ghost sat on the same centre
    spot and Place was enabled, only to be refused. The suggested spot is a free one, and Place is disabled,
    with the reason shown, while the ghost overlaps a monster."""
    page, problems = new_page(chromium, DESKTOP)
    guest(page, server.url, "Setter")
    table_id = started(page, server.url, "push-a-monster")
    page.goto(f"{server.url}/t/{table_id}")
    place = page.locator("[data-testid=place]")
    checked = 0
    mine: list[tuple[str, str]] = []  # where I set monsters down (x, y), from the commands sent
    for _ in range(4):
        if wait_turn_or_end(page, PUSH, timeout=90) != "turn":
            break
        if page.locator(PUSH).get_attribute("data-phase") != "setup":
            break
        # the controls and the words under the arena speak players' words: no axes, no "dm", distances in cm
        # (1 dm is 10 cm in the rules)
        said = page.locator(f"{PUSH} .controls").first.inner_text()
        said += "\n" + page.locator("[data-testid=aim-text]").inner_text()
        assert "Left / right" in said and "Up / down" in said and "Turn" in said, said
        assert not re.search(r"\bdm\b|east \+|\(x,|0 = east", said), said
        assert "(cm)" in said, said  # the fields' unit (the words say "at the centre" there)
        # the suggested spot can be placed at once
        assert place.is_enabled(), page.locator("[data-testid=place-why]").all_inner_texts()
        assert not page.locator("[data-testid=place-why]").count()
        if mine:
            # the ghost moved onto a monster already there: Place waits, and says why. Onto my first one, the one
            # nearest the centre: a later, larger monster at a later spot may also poke off the arena, a reason
            # the board rightly gives first.
            page.locator("[data-testid=place-x]").fill(f"{float(mine[0][0]) * 10:.1f}")  # cm in the box
            page.locator("[data-testid=place-y]").fill(f"{float(mine[0][1]) * 10:.1f}")
            page.locator("[data-testid=place-y]").blur()
            assert place.is_disabled()
            assert "touch" in page.locator("[data-testid=place-why]").inner_text()
            page.locator("[data-testid=place-snap]").click()
            assert place.is_enabled()
            checked += 1
        command = place.get_attribute("data-command") or ""
        spot = re.search(r"x=(-?[\d.]+) y=(-?[\d.]+)", command)
        assert spot, command
        mine.append((spot.group(1), spot.group(2)))
        before = seen(page, PUSH)
        place.click()
        settle(page, PUSH, before)
    assert checked >= 1, checked
    assert not problems, problems
