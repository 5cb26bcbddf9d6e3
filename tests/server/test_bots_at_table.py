"""Bots at a table: they play by themselves (threads or processes), cheap ones move inline, broken ones cannot stall."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from monsterlair.server.app import create_app
from monsterlair.server.bots import BotCatalog
from monsterlair.server.hub import INLINE_BOT_SECONDS, Hub, SeatRequest
from tests.server.conftest import all_games, make_settings, running


async def wait_finished(hub: Hub, table_id: str, seconds: float = 60.0) -> None:
    table = await hub.table(table_id)
    for _ in range(int(seconds / 0.02)):
        if table.status == "finished":
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the bots did not finish the game")


async def test_bots_play_a_whole_game_in_worker_processes(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, bot_processes=True, bot_workers=1), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        host = await hub.store.create_user("Host")
        seats = [SeatRequest("bot", "greedy"), SeatRequest("bot", "random")]
        table = await hub.create(host, "monster-smash", 2, {"max_turns": 40}, seats, start=True)
        await wait_finished(hub, table.id)
        assert len(await hub.store.load_actions(table.id)) == table.state_id > 0


async def test_a_cheap_bot_moves_inline_after_its_first_decision(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        host = await hub.store.create_user("Host")
        seats = [SeatRequest("bot", "random"), SeatRequest("bot", "random")]
        table = await hub.create(host, "toy-race", 2, None, seats, start=True)
        await wait_finished(hub, table.id)
        assert hub._bot_cost["random"] < INLINE_BOT_SECONDS


async def test_a_failing_bot_plays_its_first_legal_action(tmp_path: Path) -> None:
    class Broken:
        def choose(self, perspective: Any, rng: Any) -> Any:
            raise RuntimeError("bug in a bot")

    def maker(spec: str) -> Any:
        return Broken()

    catalog = BotCatalog(maker=maker, kinds=[{"name": "broken", "label": "Broken", "summary": "", "strengths": []}])
    app = create_app(make_settings(tmp_path), games=all_games(), bots=catalog)
    async with running(app):
        hub: Hub = app.state.hub
        host = await hub.store.create_user("Host")
        seats = [SeatRequest("bot", "broken"), SeatRequest("bot", "broken")]
        table = await hub.create(host, "toy-race", 2, {"max_turns": 6}, seats, start=True)
        await wait_finished(hub, table.id, 10)
        assert table.meta.record is not None and set(table.meta.record["actions"]) == {"pass"}
