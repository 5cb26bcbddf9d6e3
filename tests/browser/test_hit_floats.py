"""Damage and heal numbers that float over a MONSTRA creature: several at once are each readable (the review saw
"−5" and "−1" drawn on top of each other on one creature in a 2 against 2 game)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from monsterlair import bots
from monsterlair.core import Perspective, Rng, State
from monsterlair.server.tables.bots import bot_seed
from tests.browser.conftest import Server, shot
from tests.browser.finished import Found, _positions, store_table
from tests.browser.pages import guest, new_page

OPTIONS = {"mode": "duel"}


def _hp(view: Any, unit: str) -> int | None:
    """The HP of ``unit`` in a MONSTRA view."""
    if isinstance(view, dict):
        if view.get("unit") == unit and "hp" in view:
            return int(view["hp"])
        items: Iterator[Any] = iter(view.values())
    elif isinstance(view, list):
        items = iter(view)
    else:
        return None
    return next((hp for hp in (_hp(v, unit) for v in items) if hp is not None), None)


def _struck_twice(state: State, moves: int, seed: int) -> str | None:
    """An enemy seat 0 can Strike now whose HP changes again before seat 0 moves next (the random bot's moves
    seeded as the server seeds them, state ids counting on from ``moves``), and who is still standing."""
    if state.over or state.to_move != 0 or state.view(0)["phase"] != "act":
        return None
    bot = bots.from_spec("random")
    for action in state.legal_actions():
        words = str(action).split()
        if words[0] != "strike" or len(words) != 2:
            continue
        unit, after = words[1], state.clone()
        last = _hp(after.view(None), unit)
        after.apply(action)
        changes, ply = 0, moves + 1
        while True:
            hp = _hp(after.view(None), unit)
            changes += hp != last
            last = hp
            if after.over or after.to_move == 0 or ply > moves + 12:
                break
            seat = after.to_move
            assert seat is not None
            after.apply(bot.choose(Perspective(after, seat), Rng(bot_seed(seed, ply, seat))))
            ply += 1
        if changes >= 2 and last and not after.over:
            return unit
    return None


def _find() -> tuple[Found, str]:
    for seed in range(1, 100):
        for state, moves in _positions("monstra", 2, OPTIONS, seed, 400):
            unit = _struck_twice(state, len(moves), seed)
            if unit:
                return Found(seed, list(moves), None), unit
    raise AssertionError("no position where one creature is hit twice in a row")


def test_two_numbers_on_one_creature_at_once_do_not_overlap(server: Server, chromium: Any) -> None:
    found, unit = _find()
    page, problems = new_page(chromium)
    ann = guest(page, server.url, "Ann")
    table_id = store_table(server.data_dir, "monstra", 2, OPTIONS, [(ann, "Ann"), (None, "Gobble (Random bot)")], found)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("[data-testid=monstra-board][data-busy=no]").wait_for()
    page.locator(f"button.creature.targetable[data-unit={unit}]").click()  # Strike it; the bot's turn hits it again
    # the numbers' boxes read in the moment both show (they fade after a while; on a busy machine a screenshot
    # taken first could outlast them)
    boxes = page.wait_for_function(
        """sel => {
          const shown = [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
          return shown.length >= 2 ? shown.map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })) : null;
        }""",
        arg=f"[data-testid=unit-{unit}] [data-testid=hit-float]",
        timeout=10_000,
    ).json_value()
    shot(page, "monstra-two-hits")
    assert len(boxes) >= 2, boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap_x = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            overlap_y = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            assert overlap_x <= 0 or overlap_y <= 0, ("two numbers drawn over each other", a, b)
    assert not problems, problems
