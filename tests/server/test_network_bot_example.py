"""``examples/network_bot.py`` plays whole games against a live server, as a separate process.

The server runs in this test's event loop (uvicorn on a free port, SQLite in a temporary folder); the
example bot is started with ``sys.executable`` and knows nothing but the server's address and its token.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from monsterlair.server.app import create_app
from monsterlair.server.tables.botfeed import BotFeed
from tests.server.conftest import Live, all_games, make_settings

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "network_bot.py"
GAME = {"game": "monster-smash", "players": 2, "options": {"max_turns": 60}}

pytestmark = pytest.mark.slow

STARTUP_POLLS = 1200
"""How many 50-ms looks for the example bot to connect or take its seat: a new Python process on a CI machine
busy with browser tests took over the 15 s once allowed (a rerun in two fresh-clone runs); it stops at once."""


@pytest.fixture
async def live(tmp_path: Path) -> AsyncIterator[Live]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'lair.sqlite3'}"
    app = create_app(make_settings(tmp_path, database_url=url, bot_delay=0.01), games=all_games())
    async with Live(app) as server:
        yield server


async def owner_and_token(client: httpx.AsyncClient) -> str:
    """Register Ann, make her bot account 'randy', and return its token."""
    r = await client.post("/api/auth/register", json={"username": "ann", "password": "correct horse battery"})
    assert r.status_code == 200, r.text
    r = await client.post("/api/bots", json={"name": "randy"})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


async def start_example(live: Live, token: str, *args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "MONSTERLAIR_BOT_TOKEN": token}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(EXAMPLE),
        "--server",
        live.base,
        "--retries",
        "0",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )


async def finish(proc: asyncio.subprocess.Process) -> tuple[int, str, str]:
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 180)
    except TimeoutError:
        proc.kill()
        out, err = await proc.communicate()
        raise AssertionError(f"the example bot did not finish: {out.decode()} {err.decode()}") from None
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def check_played(client: httpx.AsyncClient, tid: str, seat: int, out: str) -> None:
    """The table finished, and the bot's actions are in its record: as many as the bot says it played."""
    table = (await client.get(f"/api/tables/{tid}")).json()["table"]
    assert table["status"] == "finished" and table["result"] is not None
    replay: dict[str, Any] = (await client.get(f"/api/replays/{tid}")).json()
    mine = [a for a in replay["actions"] if a["seat"] == seat]
    assert mine and len(replay["actions"]) == len(replay["record"]["actions"]) == replay["steps"]
    played = re.search(r"played (\d+) actions in 1 game", out)
    assert played is not None, out
    assert int(played.group(1)) == len(mine)
    assert f"table {tid} finished" in out


async def test_the_example_bot_waits_for_an_invitation_and_plays_a_whole_game(live: Live) -> None:
    feed: BotFeed = live.app.state.botfeed
    async with live.client() as ann:
        token = await owner_and_token(ann)
        bot_id = (await ann.get("/api/bots")).json()["bots"][0]["id"]
        proc = await start_example(live, token, "--seed", "3")
        for _ in range(STARTUP_POLLS):
            if feed.connected(bot_id) or proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        assert feed.connected(bot_id), "the example bot did not connect"
        seats = [{"kind": "bot_account", "account": "randy"}, {"kind": "bot", "bot": "random"}]
        r = await ann.post("/api/tables", json={**GAME, "seats": seats, "start": True})
        assert r.status_code == 200, r.text
        tid = r.json()["table"]["id"]
        code, out, err = await finish(proc)
        assert code == 0, (out, err)
        assert "signed in as randy" in out and f"seated at table {tid}" in out
        await check_played(ann, tid, 0, out)


async def test_the_example_bot_joins_an_open_seat_and_plays_a_whole_game(live: Live) -> None:
    async with live.client() as ann:
        token = await owner_and_token(ann)
        seats = [{"kind": "bot", "bot": "random"}, {"kind": "open"}]
        tid = (await ann.post("/api/tables", json={**GAME, "seats": seats})).json()["table"]["id"]
        proc = await start_example(live, token, "--table", tid, "--join", "--seed", "8")
        for _ in range(STARTUP_POLLS):
            table = (await ann.get(f"/api/tables/{tid}")).json()["table"]
            if table["seats"][1]["kind"] != "empty" or proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        assert {k: v for k, v in table["seats"][1].items() if k not in ("user", "bot_since")} == {
            "seat": 1,
            "kind": "bot",
            "name": "randy",
            "bot": None,
            "bot_account": True,
            "invited": False,
        }
        assert (await ann.post(f"/api/tables/{tid}/start")).status_code == 200
        code, out, err = await finish(proc)
        assert code == 0, (out, err)
        await check_played(ann, tid, 1, out)


async def test_the_example_bot_exits_2_on_a_bad_token(live: Live) -> None:
    proc = await start_example(live, "mlbot_not-a-token")
    code, out, err = await finish(proc)
    assert code == 2 and "bad_token" in err
