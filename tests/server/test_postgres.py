"""The same store and app on the machine's PostgreSQL (marked ``services``; skipped where it is absent)."""

from __future__ import annotations

import asyncio
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


async def test_ratings_are_applied_once_when_two_servers_race_on_postgres(pg_url: str) -> None:
    from monsterlair.server.ratings import settle
    from tests.server.test_ratings import TOY, finished

    first, second = SqlStore(pg_url), SqlStore(pg_url)
    await first.start()
    try:
        ann = await first.create_user("Ann")
        bob = await first.create_user("Bob")
        same = finished("same", [ann.id, bob.id], [1, 2])
        await first.create_table(same)
        done = await asyncio.gather(*(settle(s, same, TOY) for s in (first, second, first, second)))
        assert sorted(done) == [False, False, False, True]
        tables = [finished(f"t{i}", [ann.id, bob.id], [2, 1], minutes=i + 1) for i in range(4)]
        for t in tables:
            await first.create_table(t)
        racing = [settle(second if i % 2 else first, t, TOY) for i, t in enumerate(tables)]
        assert await asyncio.gather(*racing) == [True] * 4
        changes = [
            h for h in await first.table_rating_changes(["same"] + [t.id for t in tables]) if h.user_id == ann.id
        ]
        assert len(changes) == 5 and changes[0].before == 1500.0
        assert all(b.before == a.after for a, b in zip(changes, changes[1:], strict=False))
        assert (await first.load_ratings("toy-race", [ann.id]))[ann.id].games == 5
    finally:
        await first.close()
        await second.close()


async def test_takeovers_and_undos_are_version_checked_on_postgres(pg_url: str) -> None:
    from tests.server.test_storage import check_commit_change

    store = SqlStore(pg_url)
    await store.start()
    try:
        await check_commit_change(store)
    finally:
        await store.close()


async def test_chat_and_turns_queries_on_postgres(pg_url: str) -> None:
    store = SqlStore(pg_url)
    await store.start()
    try:
        ann, bob = await store.create_user("Ann"), await store.create_user("Bob")
        seats = [SeatData(user_id=ann.id, name="Ann"), SeatData(user_id=bob.id, name="Bob")]
        t = TableData("t1", "toy-race", 1, 2, {}, 1, ann.id, False, "i", status="playing", to_move=1, seats=seats)
        await store.create_table(t)
        assert [m.id for m in await store.list_turns(bob.id, limit=5)] == ["t1"]
        assert await store.list_turns(ann.id, limit=5) == []
        text = "ünïcødé <b>ok</b> " + "x" * 250
        first = await store.add_chat("t1", bob.id, "Bob", 1, text)
        await store.add_chat("t1", ann.id, "Ann", 0, "gg")
        got = await store.recent_chat("t1", limit=5)
        assert [(m.id, m.text) for m in got] == [(first.id, text), (first.id + 1, "gg")]
    finally:
        await store.close()
