"""The same store and app on the machine's PostgreSQL (marked ``services``; skipped where it is absent)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from monsterlair.server.app import create_app
from monsterlair.server.storage.base import ActionData, Conflict, SeatData, StoredEvent
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import all_games, make_settings, running
from tests.server.platform_kit import two_player_table, users
from tests.server.records import opened, toy_table
from tests.server.services import fresh_database
from tests.server.test_storage import (
    check_grouped_commits_accept_the_current_and_refuse_the_stale,
    check_one_bad_row_fails_only_its_own_commit,
)

pytestmark = pytest.mark.services


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    """A fresh database for one test, dropped afterwards."""
    async with fresh_database() as url:
        yield url


@pytest.fixture
async def pg_store(pg_url: str) -> AsyncIterator[SqlStore]:
    """A migrated store on a fresh database."""
    async with opened(pg_url) as store:
        yield store


async def test_the_store_migrates_and_checks_versions_on_postgres(pg_store: SqlStore) -> None:
    store = pg_store
    user = await store.create_user("Ann", "ann", "hash")
    with pytest.raises(Conflict):
        await store.create_user("Ann", "ann", "hash")
    t = toy_table("t1", user.id, options={"target": 12}, seed=2**47)
    await store.create_table(t)
    t.status, t.state_id, t.record = "playing", 1, {"actions": ["pass"]}
    event = StoredEvent(1, 0, "pass", {"seat": 0}, {"secret": [1, 2]}, [0])
    await store.commit_actions(t, 0, [ActionData(1, 0, "pass")], [event])
    with pytest.raises(Conflict):
        await store.commit_actions(t, 0, [ActionData(1, 0, "pass")], [event])
    loaded = await store.load_table("t1")
    assert loaded is not None and loaded.state_id == 1 and loaded.seed == 2**47
    assert await store.load_events("t1") == [event]


async def test_a_game_survives_a_restart_on_postgres(pg_url: str, tmp_path: Path) -> None:
    first = create_app(make_settings(tmp_path, pg_url), games=all_games())
    async with running(first):
        hub: Hub = first.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "toy-race", ann, bob, {"target": 50})
        await hub.act(ann.id, table.id, 0, ["pass"])
    second = create_app(make_settings(tmp_path, pg_url), games=all_games())
    async with running(second):
        hub2: Hub = second.state.hub
        again = await hub2.table(table.id)
        assert again.state_id == 1 and again.to_move == 1
        await hub2.act(bob.id, table.id, 1, ["pass"])
        assert [a.text for a in await hub2.store.load_actions(table.id)] == ["pass", "pass"]


async def test_ratings_are_applied_once_when_two_servers_race_on_postgres(pg_url: str) -> None:
    from monsterlair.server.accounts.ratings import settle
    from tests.server.test_ratings import TOY, finished, people

    first, second = SqlStore(pg_url), SqlStore(pg_url)
    await first.start()
    try:
        ann, bob = await people(first, "Ann", "Bob")
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


async def test_takeovers_and_undos_are_version_checked_on_postgres(pg_store: SqlStore) -> None:
    from tests.server.test_storage import check_commit_change

    await check_commit_change(pg_store)


async def test_chat_and_turns_queries_on_postgres(pg_store: SqlStore) -> None:
    store = pg_store
    ann, bob = await store.create_user("Ann"), await store.create_user("Bob")
    seats = [SeatData(user_id=ann.id, name="Ann"), SeatData(user_id=bob.id, name="Bob")]
    await store.create_table(toy_table("t1", ann.id, seats, status="playing", to_move=1))
    assert [m.id for m in await store.list_turns(bob.id, limit=5)] == ["t1"]
    assert await store.list_turns(ann.id, limit=5) == []
    text = "ünïcødé <b>ok</b> " + "x" * 250
    first = await store.add_chat("t1", bob.id, "Bob", 1, text)
    await store.add_chat("t1", ann.id, "Ann", 0, "gg")
    got = await store.recent_chat("t1", limit=5)
    assert [(m.id, m.text) for m in got] == [(first.id, text), (first.id + 1, "gg")]


async def test_grouped_commits_accept_the_current_and_refuse_the_stale_on_postgres(pg_store: SqlStore) -> None:
    await check_grouped_commits_accept_the_current_and_refuse_the_stale(pg_store)


async def test_one_bad_row_fails_only_its_own_commit_on_postgres(pg_store: SqlStore) -> None:
    await check_one_bad_row_fails_only_its_own_commit(pg_store)


async def test_a_non_finite_option_is_refused_and_the_server_stays_healthy_on_postgres(
    pg_url: str, tmp_path: Path
) -> None:
    from tests.server.conftest import guest, http

    app = create_app(make_settings(tmp_path, pg_url), games=all_games())
    async with running(app), http(app) as client:
        await guest(client)
        body = (
            '{"game":"push-a-monster","players":2,"seats":[{"kind":"me"},{"kind":"open"}],'
            '"options":{"tremor_scale":NaN}}'
        )
        r = await client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_options"
        assert (await client.get("/api/tables")).json()["mine"] == []
        r = await client.post(
            "/api/tables",
            json={"game": "push-a-monster", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]},
        )
        assert r.status_code == 200, r.text  # the connection and the server are fine
