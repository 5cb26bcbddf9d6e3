"""Bots at a table: they play by themselves (threads or processes), cheap ones move inline, broken ones cannot stall."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from monsterlair.server.app import create_app
from monsterlair.server.tables.bots import BotCatalog
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import all_games, make_settings, running
from tests.server.platform_kit import bot_game


async def test_bots_play_a_whole_game_in_worker_processes(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, bot_processes=True, bot_workers=1), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        table = await bot_game(hub, "monster-smash", ["greedy", "random"], {"max_turns": 40})
        assert len(await hub.store.load_actions(table.id)) == table.state_id > 0


async def test_no_bot_decision_runs_on_the_event_loop_however_cheap(tmp_path: Path) -> None:
    import threading

    from monsterlair import bots

    on_loop: list[bool] = []

    class Watched:  # the real bot, noting the thread each decision runs on
        def __init__(self, spec: str) -> None:
            self.inner = bots.from_spec(spec)

        def choose(self, perspective: Any, rng: Any) -> Any:
            on_loop.append(threading.current_thread() is threading.main_thread())
            return self.inner.choose(perspective, rng)

    app = create_app(make_settings(tmp_path), games=all_games(), bots=BotCatalog(maker=Watched))
    async with running(app):
        hub: Hub = app.state.hub
        table = await bot_game(hub, "toy-race", ["random", "random"], {"target": 30})
        assert len(on_loop) == table.state_id > 3 and not any(on_loop)


async def test_a_bot_past_its_deadline_is_stopped_and_the_table_plays_on(tmp_path: Path) -> None:
    from monsterlair.server.tables.botpool import BotPool

    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        hub.runner = BotPool(1, deadline=1.0)  # every decision of a 5-second bot runs over and is stopped
        try:
            table = await bot_game(
                hub, "toy-race", ["ismcts:seconds=5", "ismcts:seconds=5"], {"max_turns": 3}, seconds=90
            )
            assert table.meta.record is not None and set(table.meta.record["actions"]) == {"pass"}
            assert not hub.runner._busy  # type: ignore[attr-defined]
        finally:
            hub.runner.close()


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
        table = await bot_game(hub, "toy-race", ["broken", "broken"], {"max_turns": 6}, seconds=10)
        assert table.meta.record is not None and set(table.meta.record["actions"]) == {"pass"}


async def test_a_finished_bot_turn_and_an_ended_table_leave_nothing_behind(tmp_path: Path) -> None:
    """The hub keeps one entry per table in memory: a bot task and its lease are cleared when the task ends,
    and a finished table nobody watches drops its entry (with its lock and watchers)."""
    from tests.server.platform_kit import Recorder

    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        table = await bot_game(hub, "toy-race", ["random", "random"], {"max_turns": 6}, seconds=10)
        live = hub.live(table.id)
        assert live is not None
        for _ in range(100):
            if live.bot_task is None:
                break
            await asyncio.sleep(0.01)
        assert live.bot_task is None and live.lease is None  # pruned when the task finished
        watcher = Recorder(table.meta.owner_id)
        await hub.subscribe(table.id, watcher)
        assert table.id in hub.loaded()
        hub.unsubscribe(table.id, watcher)
        assert table.id not in hub.loaded() and hub.live(table.id) is None
