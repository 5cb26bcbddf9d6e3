"""Opening a saved game's record file from the lobby: it opens in the replay viewer (a designer's outlier from
``sim --records``); a file that is not a finished game's record says why and stays on the lobby."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.browser.conftest import Server, shot
from tests.browser.pages import guest, new_page
from tests.browser.test_rules_and_replays import PHONE, _counter
from tests.server.test_saved_games import sim_record

PICK = "input[aria-label='Open a saved game']"


def test_a_saved_record_opens_in_the_replay_viewer(server: Server, chromium: Any, tmp_path: Path) -> None:
    record = sim_record("monstra", seed=11)
    saved = tmp_path / "game-3.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    broken = tmp_path / "game-4.json"
    broken.write_text(json.dumps({**record, "actions": record["actions"][:5]}), encoding="utf-8")
    page, problems = new_page(chromium)
    guest(page, server.url, "Dana")
    page.goto(server.url)
    panel = page.locator("[data-testid=open-saved]")
    panel.wait_for()
    shot(page, "open-saved-lobby")

    page.set_input_files(PICK, str(broken))
    alert = panel.locator("[role=alert]")
    alert.wait_for()
    assert "has not ended" in alert.inner_text()
    assert page.url.rstrip("/") == server.url

    page.set_input_files(PICK, str(saved))
    page.wait_for_url(re.compile(r"/replay/[^/?]+\?invite=.+"))
    page.locator("[data-testid=monstra-board]").wait_for()
    total = len(record["actions"])
    _counter(page, total, total)  # the replay opens at the end, as a table's replay does
    text = page.locator("main").inner_text()
    assert "Player 1" in text and "Player 2" in text
    page.locator("[data-testid=step-first]").click()
    _counter(page, 0, total)
    page.locator("[data-testid=step-forward]").click()
    _counter(page, 1, total)
    shot(page, "open-saved-replay")

    # The link works for anyone it is shared with, and only with its invite.
    other, _ = new_page(chromium)
    other.goto(page.url)
    other.locator("[data-testid=monstra-board]").wait_for()
    table_id = re.search(r"/replay/([^/?]+)", page.url)
    assert table_id is not None
    r = other.request.get(f"{server.url}/api/replays/{table_id.group(1)}")
    assert r.status == 403

    page.set_viewport_size(PHONE)
    page.goto(server.url)
    panel.wait_for()
    row = page.locator("[data-testid=table-row]").filter(has_text="MONSTRA")
    row.wait_for()  # the opened game is one of my finished tables, its players named, not "open seat"
    assert "Player 1" in row.inner_text() and "open seat" not in row.inner_text()
    shot(page, "open-saved-lobby-phone")
    assert problems == []
