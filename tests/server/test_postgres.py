"""The same store and app on the machine's PostgreSQL (marked ``services``; skipped where it is absent)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from monsterlair.server.app import create_app
from monsterlair.server.hub import Hub, SeatRequest
from monsterlair.server.storage.base import ActionData, Conflict, SeatData, StoredEvent, TableData
from monsterlair.server.storage.sql import SqlStore
from tests.server.conftest import all_games, make_settings, running
from tests.server.services import fresh_database

pytestmark = pytest.mark.services


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    """A fresh database for one test, dropped afterwards."""
    async with fresh_database() as url:
        yield url


async def test_the_store_migrates_and_checks_versions_on_postgres(pg_url: str) -> None:
    store = SqlStore(pg_url)
    await store.start()
    try:
        user = await store.create_user("Ann", "ann", "hash")
        with pytest.raises(Conflict):
            await store.create_user("Ann", "ann", "hash")
        t = TableData(
            id="t1",
            game="toy-race",
            rules_version=1,
            players=2,
            options={"target": 12},
            seed=2**47,
            owner_id=user.id,
            private=False,
            invite="i",
            seats=[SeatData(user_id=user.id, name="Ann"), SeatData()],
        )
        await store.create_table(t)
        t.status, t.state_id, t.record = "playing", 1, {"actions": ["pass"]}
        event = StoredEvent(1, 0, "pass", {"seat": 0}, {"secret": [1, 2]}, [0])
        await store.commit_actions(t, 0, [ActionData(1, 0, "pass")], [event])
        with pytest.raises(Conflict):
            await store.commit_actions(t, 0, [ActionData(1, 0, "pass")], [event])
        loaded = await store.load_table("t1")
        assert loaded is not None and loaded.state_id == 1 and loaded.seed == 2**47
        assert await store.load_events("t1") == [event]
    finally:
        await store.close()


async def test_a_game_survives_a_restart_on_postgres(pg_url: str, tmp_path: Path) -> None:
    first = create_app(make_settings(tmp_path, pg_url), games=all_games())
    async with running(first):
        hub: Hub = first.state.hub
        ann = await hub.store.create_user("Ann")
        bob = await hub.store.create_user("Bob")
        table = await hub.create(ann, "toy-race", 2, {"target": 50}, [SeatRequest("me"), SeatRequest("open")])
        await hub.join(bob, table.id)
        await hub.start(ann, table.id)
        await hub.act(ann.id, table.id, 0, ["pass"])
    second = create_app(make_settings(tmp_path, pg_url), games=all_games())
    async with running(second):
        hub2: Hub = second.state.hub
        again = await hub2.table(table.id)
        assert again.state_id == 1 and again.to_move == 1
        await hub2.act(bob.id, table.id, 1, ["pass"])
        assert [a.text for a in await hub2.store.load_actions(table.id)] == ["pass", "pass"]
