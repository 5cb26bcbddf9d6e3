"""Push a Monster's arena labels (players' report: on a phone the monster numbers and the entry marks' letters
crowd one another, and a monster sticking out over the edge lies under a mark's letter): at 375 and at 1366 px
wide every number and letter has a spot of its own, no letter lies on a monster, and every monster shows whole."""

from __future__ import annotations

import json
from typing import Any

import pytest

from monsterlair.core import State
from tests.browser.conftest import Server, shot
from tests.browser.finished import find_position, position, store_table
from tests.browser.pages import guest

PUSH = "[data-testid=push-board]"
Pt = tuple[float, float]


def crowded(state: State) -> bool:
    """A full arena with monsters sticking out over the edge, at the person's push."""
    monsters = state.view(0).get("monsters", [])
    return len(monsters) >= 9 and sum(not m["inside"] for m in monsters) >= 2 and state.to_move == 0


def meets(box: dict[str, float], poly: list[Pt]) -> bool:
    """Whether a label's box (middle and size, screen pixels) meets a convex polygon (separating axes)."""
    hw, hh = box["w"] / 2, box["h"] / 2
    corners = [(box["x"] + sx * hw, box["y"] + sy * hh) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    axes = [(1.0, 0.0), (0.0, 1.0)]
    axes += [(a[1] - b[1], b[0] - a[0]) for a, b in zip(poly, poly[1:] + poly[:1], strict=True)]
    for ax, ay in axes:
        ps = [x * ax + y * ay for x, y in poly]
        cs = [x * ax + y * ay for x, y in corners]
        if max(ps) <= min(cs) or max(cs) <= min(ps):
            return False
    return True


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return abs(a["x"] - b["x"]) * 2 >= a["w"] + b["w"] or abs(a["y"] - b["y"]) * 2 >= a["h"] + b["h"]


@pytest.mark.parametrize("width,height", [(375, 812), (1366, 900)])
def test_every_arena_label_has_its_own_spot_and_every_monster_shows_whole(
    server: Server, chromium: Any, width: int, height: int
) -> None:
    found = find_position("push-a-monster", 2, {}, crowded, tries=40, max_moves=200)
    view = position("push-a-monster", 2, {}, found).view(0)
    page = chromium.new_context(viewport={"width": width, "height": height}).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    me = guest(page, server.url, "Pia")
    table = store_table(server.data_dir, "push-a-monster", 2, {}, [(me, "Pia"), (None, "Bot")], found)
    page.goto(f"{server.url}/t/{table}")
    canvas = page.locator("[data-testid=arena]")
    page.wait_for_function("() => document.querySelector('[data-testid=arena]')?.dataset.labels", timeout=15_000)
    dims = json.loads(canvas.get_attribute("data-view") or "{}")
    labels: list[dict[str, Any]] = json.loads(canvas.get_attribute("data-labels") or "[]")
    scale, w, h = float(dims["scale"]), float(dims["w"]), float(dims["h"])

    def screen(p: list[float]) -> Pt:
        return (w / 2 + p[0] * scale, h / 2 - p[1] * scale)

    bodies = [[screen(p) for p in part] for m in view["monsters"] for part in m["outline"]]
    numbers = [x for x in labels if x["kind"] == "number"]
    letters = [x for x in labels if x["kind"] == "mark"]
    assert sorted(x["text"] for x in numbers) == sorted(str(int(m["id"]) + 1) for m in view["monsters"])
    assert sorted(x["text"] for x in letters) == sorted(m["label"] for m in view["arena"]["marks"])
    for x in labels:
        assert x["h"] >= 11, x  # readable on a phone
        assert 0 <= x["x"] - x["w"] / 2 and x["x"] + x["w"] / 2 <= w and 0 <= x["y"] - x["h"] / 2, x
        assert x["y"] + x["h"] / 2 <= h, x
    crowding = [(a["text"], b["text"]) for i, a in enumerate(labels) for b in labels[i + 1 :] if not apart(a, b)]
    assert crowding == []
    # a letter never lies on a monster (one sticking out over the edge shows whole)
    assert [x["text"] for x in letters if any(meets(x, part) for part in bodies)] == []
    # every monster on the canvas, none cut off at its sides
    assert all(0 <= px <= w and 0 <= py <= h for part in bodies for px, py in part)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    shot(page, f"push-labels-{width}")
    assert problems == []


WATCH_LABELS = """() => {
  const canvas = document.querySelector('[data-testid=arena]');
  window.__labelWrites = [];
  new MutationObserver((records) => {
    for (const r of records) window.__labelWrites.push(r.oldValue);
  }).observe(canvas, { attributes: true, attributeFilter: ['data-labels'], attributeOldValue: true });
}"""
LABEL_WRITES = """() => {
  const writes = window.__labelWrites;
  const after = [...writes.slice(1), document.querySelector('[data-testid=arena]').dataset.labels];
  return { writes: writes.length, unchanged: writes.filter((old, i) => old === after[i]).length };
}"""


def test_the_arenas_labels_are_written_only_when_they_change(server: Server, chromium: Any) -> None:
    """The arena is drawn again whenever something it shows changes (the way of pushing chosen, a motion's
    frames, a fall fading); its labels' record for tests (``data-labels``) is written only when they moved."""
    found = find_position("push-a-monster", 2, {}, crowded, tries=40, max_moves=200)
    page = chromium.new_context(viewport={"width": 1366, "height": 900}).new_page()
    me = guest(page, server.url, "Pia")
    table = store_table(server.data_dir, "push-a-monster", 2, {}, [(me, "Pia"), (None, "Bot")], found)
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_function("() => document.querySelector('[data-testid=arena]')?.dataset.labels", timeout=15_000)
    page.locator("[data-testid=mode-shove]").click()
    target = page.locator("[data-testid=shove-target]")
    ids = [v for v in target.locator("option").evaluate_all("os => os.map((o) => o.value)") if v != ""]
    assert len(ids) >= 2, ids
    page.evaluate(WATCH_LABELS)
    pictures = set()
    for monster in ids[:3]:  # each choice redraws the arena (its shove arrow); no monster moves
        target.select_option(monster)
        page.wait_for_timeout(100)
        pictures.add(page.evaluate("() => document.querySelector('[data-testid=arena]').toDataURL()"))
    assert len(pictures) == len(ids[:3])
    writes = page.evaluate(LABEL_WRITES)
    assert writes["unchanged"] == 0, writes
