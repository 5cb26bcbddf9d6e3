"""The SQL store: migrations at start, optimistic table versions, duplicate plies, user conflicts."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from monsterlair.server.storage.base import ActionData, Conflict, SeatData, StoredEvent, TableData
from monsterlair.server.storage.sql import SqlStore, alembic_config
from tests.server.records import opened, toy_table


def table(tid: str = "t1", owner: int = 1) -> TableData:
    return toy_table(tid, owner, options={"target": 12})


async def test_migrations_create_every_table_and_run_twice(store: SqlStore) -> None:
    await store.start()  # already at head: nothing to do
    async with store.engine.connect() as conn:
        names = await conn.run_sync(lambda c: sa.inspect(c).get_table_names())
        version = (await conn.execute(sa.text("select version_num from alembic_version"))).scalar_one()
        mode = (await conn.execute(sa.text("pragma journal_mode"))).scalar_one()
    assert {"users", "tables", "seats", "actions", "events", "alembic_version"} <= set(names)
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert {"chat_messages"} <= set(names)
    assert version == head and mode == "wal"


async def test_usernames_conflict_and_guests_register(store: SqlStore) -> None:
    a = await store.create_user("Ann", "ann", "hash")
    guest = await store.create_user("Guest")
    with pytest.raises(Conflict):
        await store.create_user("Ann2", "ann", "hash")
    with pytest.raises(Conflict):
        await store.register_user(guest.id, "G", "ann", "hash")
    done = await store.register_user(guest.id, "G", "gee", "hash")
    assert done.id == guest.id and not done.guest
    assert (await store.get_user_by_username("ann")) == a


async def test_actions_commit_once_per_ply_and_only_from_the_current_version(store: SqlStore) -> None:
    user = await store.create_user("Ann")
    t = table(owner=user.id)
    await store.create_table(t)
    t.status, t.state_id, t.record = "playing", 1, {"actions": ["pass"]}
    event = StoredEvent(1, 0, "pass", {"seat": 0}, None, [])
    await store.commit_actions(t, 0, [ActionData(1, 0, "pass")], [event])
    with pytest.raises(Conflict):  # a second writer that read version 0 loses
        await store.commit_actions(t, 0, [ActionData(1, 0, "pass")], [event])
    t.state_id = 2
    with pytest.raises(Conflict):  # the version matches but the ply is taken
        await store.commit_actions(t, 1, [ActionData(1, 0, "pass")], [])
    loaded = await store.load_table(t.id)
    assert loaded is not None and loaded.state_id == 1 and loaded.status == "playing"
    assert [a.text for a in await store.load_actions(t.id)] == ["pass"]
    assert await store.load_events(t.id) == [event]
    assert await store.playing_table_ids() == [t.id]
    assert [x.id for x in await store.list_user_tables(user.id, limit=10)] == [t.id]


async def test_seats_are_saved_and_listed(store: SqlStore) -> None:
    user = await store.create_user("Ann")
    t = table(owner=user.id)
    await store.create_table(t)
    t.seats[1] = SeatData(bot="greedy", name="Greedy bot")
    await store.save_table(t)
    loaded = await store.load_table(t.id)
    assert loaded is not None and loaded.seats[1].bot == "greedy"
    listed = await store.list_tables(status="open", public_only=True, limit=5)
    assert [x.id for x in listed] == [t.id] and listed[0].seats[1].name == "Greedy bot"
    assert await store.invitation_table_ids() == []  # no seat kept for an asked player
    t.seats[0] = SeatData(user_id=user.id, name="Ann", invited=True)
    t.seats[1] = SeatData(user_id=user.id, name="Ann", invited=True)
    await store.save_table(t)
    assert await store.invitation_table_ids() == [t.id]  # once, however many are asked


async def test_an_in_memory_store_works_for_tests() -> None:
    s = SqlStore("sqlite+aiosqlite://")
    await s.start()
    user = await s.create_user("Ann")
    assert (await s.get_user(user.id)) == user
    await s.close()


async def test_grouped_commits_accept_the_current_and_refuse_the_stale(store: SqlStore) -> None:
    await check_grouped_commits_accept_the_current_and_refuse_the_stale(store)


async def check_grouped_commits_accept_the_current_and_refuse_the_stale(store: SqlStore) -> None:
    """Commits that arrive together are written together; each table's version is checked on its own."""
    user = await store.create_user("Ann")
    tables = [table(f"t{i}", user.id) for i in range(3)]
    for t in tables:
        await store.create_table(t)
        t.status, t.state_id = "playing", 1
    # Three commits arrive together: two current, one quoting a version the table never had.
    results = await asyncio.gather(
        store.commit_actions(tables[0], 0, [ActionData(1, 0, "pass")], []),
        store.commit_actions(tables[1], 5, [ActionData(1, 0, "pass")], []),
        store.commit_actions(tables[2], 0, [ActionData(1, 0, "pass")], []),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None and isinstance(results[1], Conflict)
    assert [len(await store.load_actions(t.id)) for t in tables] == [1, 0, 1]
    # Every column of a grouped commit is stored as given (values of each type, and empty ones).
    first, second = tables[0], tables[2]
    first.state_id, second.state_id = 2, 2
    first.to_move, first.turn_seconds, first.turn_deadline = 1, 45.5, datetime(2026, 12, 4, 16, 30, tzinfo=UTC)
    first.record, first.result = {"actions": ["pass", "pass"], "note": "é"}, None
    second.to_move, second.result, second.status = None, {"winners": [0], "scores": [3, 1]}, "finished"
    second.finished_at, second.rated = datetime(2026, 12, 4, 16, 31, tzinfo=UTC), False
    await asyncio.gather(
        store.commit_actions(first, 1, [ActionData(2, 1, "pass")], []),
        store.commit_actions(second, 1, [ActionData(2, 1, "pass")], []),
    )
    for given in (first, second):
        stored = await store.load_table(given.id)
        assert stored is not None
        for name in ("status", "state_id", "to_move", "result", "record", "options", "turn_seconds", "rated"):
            assert getattr(stored, name) == getattr(given, name), name
        for name in ("turn_deadline", "finished_at"):
            assert getattr(stored, name) == getattr(given, name), name


async def check_one_bad_row_fails_only_its_own_commit(store: SqlStore) -> None:
    """A commit whose row the database refuses (here a ply already stored) fails alone; the others in its
    group are stored, and the bad one leaves its table as it was (any database)."""
    user = await store.create_user("Ann")
    tables = [table(f"g{i}", user.id) for i in range(4)]
    for t in tables:
        await store.create_table(t)
        t.status, t.state_id = "playing", 1
        await store.commit_actions(t, 0, [ActionData(1, 0, "pass")], [])
    for t in tables:
        t.state_id = 2
    event = StoredEvent(2, 0, "pass", {"seat": 0}, None, [])
    results = await asyncio.gather(
        store.commit_actions(tables[0], 1, [ActionData(2, 1, "pass")], [event]),
        store.commit_actions(tables[1], 1, [ActionData(1, 1, "pass")], [event]),  # ply 1 is stored already
        store.commit_actions(tables[2], 1, [ActionData(2, 1, "pass")], [event]),
        store.commit_actions(tables[3], 7, [ActionData(2, 1, "pass")], [event]),  # stale
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Conflict) and isinstance(results[3], Conflict)
    assert [len(await store.load_actions(t.id)) for t in tables] == [2, 1, 2, 1]
    assert [len(await store.load_events(t.id)) for t in tables] == [1, 0, 1, 0]
    states = [await store.load_table(t.id) for t in tables]
    assert [s.state_id if s else None for s in states] == [2, 1, 2, 1]


async def test_one_bad_row_fails_only_its_own_commit(store: SqlStore) -> None:
    await check_one_bad_row_fails_only_its_own_commit(store)


async def test_one_bad_row_fails_only_its_own_commit_in_memory() -> None:
    async with opened("sqlite+aiosqlite://") as memory:
        await check_one_bad_row_fails_only_its_own_commit(memory)


async def test_a_value_that_is_not_strict_json_is_never_stored(store: SqlStore) -> None:
    user = await store.create_user("Ann")
    bad = table("nan", user.id)
    bad.options = {"tremor_scale": float("nan")}
    with pytest.raises(sa.exc.StatementError, match="not JSON compliant"):
        await store.create_table(bad)
    assert await store.load_table("nan") is None


async def check_commit_change(store: SqlStore) -> None:
    """Takeovers and undos: version-checked, seats written, taken-back actions kept and flagged (any database)."""
    t = table("cc", owner=(await store.create_user("Ann")).id)
    await store.create_table(t)
    t.status, t.state_id, t.record = "playing", 2, {"actions": ["pass", "pass"]}
    await store.commit_actions(t, 0, [ActionData(1, 0, "pass"), ActionData(2, 1, "pass")], [])
    t.seats[0] = SeatData(t.seats[0].user_id, "greedy", "Ann", bot_since=2)
    t.state_id, t.rated, t.turn_seconds = 3, False, 30.0
    t.turn_deadline = datetime(2030, 1, 1, tzinfo=UTC)
    takeover = StoredEvent(2, None, "seat_takeover", {"seat": 0, "reason": "clock"}, None, [])
    await store.commit_change(t, 2, [takeover], seats=True)
    with pytest.raises(Conflict):
        await store.commit_change(t, 2, [takeover], seats=True)  # the same timeout again: refused, nothing written
    loaded = await store.load_table("cc")
    assert loaded is not None and loaded.state_id == 3 and loaded.rated is False and loaded.turn_seconds == 30.0
    assert loaded.turn_deadline == t.turn_deadline and loaded.seats[0] == SeatData(
        t.seats[0].user_id, "greedy", "Ann", bot_since=2
    )
    assert await store.load_events("cc") == [takeover]
    t.state_id, t.record = 4, {"actions": ["pass"]}
    await store.commit_change(t, 3, [StoredEvent(2, 1, "move_undone", {"seat": 1, "ply": 2}, None, [])], undo=1)
    assert [a.text for a in await store.load_actions("cc")] == ["pass"]
    assert [(a.ply, a.undone) for a in await store.load_actions("cc", include_undone=True)] == [(1, False), (2, True)]
    with pytest.raises(Conflict):
        await store.commit_change(t, 4, [], undo=5)  # more than there is to take back: nothing changes
    after = await store.load_table("cc")
    assert after is not None and after.state_id == 4 and len(await store.load_events("cc")) == 2
    assert [a.undone for a in await store.load_actions("cc", include_undone=True)] == [False, True]


async def test_changes_that_are_not_actions_are_version_checked(store: SqlStore) -> None:
    await check_commit_change(store)


def test_the_migrations_build_exactly_the_schema_the_models_describe(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from monsterlair.server.storage.models import Base

    engine = sa.create_engine(f"sqlite:///{tmp_path / 'schema.sqlite3'}")
    with engine.begin() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        from alembic import command

        command.upgrade(cfg, "head")
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert diff == []
