"""The SQLAlchemy store: SQLite (file or memory) by default, PostgreSQL through an asyncpg URL.

Writes to SQLite go through one asyncio lock (SQLite has one writer anyway; queueing here is cheaper
than busy-waiting in the driver). An in-memory database is one shared connection, so there every
operation takes the lock.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, bindparam, create_engine, event, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.pool import StaticPool

from monsterlair.server.storage.base import (
    ActionData,
    Conflict,
    SeatData,
    StoredEvent,
    TableData,
    UserData,
)
from monsterlair.server.storage.models import ActionRow, Base, EventRow, SeatRow, TableRow, UserRow, utcnow

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
MIGRATION_LOCK = 0x4D4C_4D49_4752  # "MLMIGR": the PostgreSQL advisory lock held while migrating


def alembic_config(url: str = "") -> Config:
    """An alembic configuration pointing at the packaged migrations (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if url:
        cfg.set_main_option("sqlalchemy.url", url)
    return cfg


def _upgrade(connection: Connection) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


def _is_memory(url: str) -> bool:
    tail = url.split("://", 1)[-1]
    return url.startswith("sqlite") and (tail in ("", "/", "/:memory:") or "mode=memory" in tail)


def make_engine(url: str) -> AsyncEngine:
    """An async engine; SQLite gets WAL, foreign keys, a busy timeout, and one shared connection in memory."""
    if url.startswith("sqlite"):
        # Every use ends its transaction itself (engine.begin() commits, sessions roll back on close),
        # so the pool's extra rollback on check-in would only cost another trip to the driver thread.
        kwargs: dict[str, Any] = {"pool_reset_on_return": None}
        if _is_memory(url):
            kwargs["poolclass"] = StaticPool
            kwargs["connect_args"] = {"check_same_thread": False}
        engine = create_async_engine(url, **kwargs)

        _set_pragmas(engine.sync_engine, _is_memory(url))
        return engine
    return create_async_engine(url, pool_pre_ping=True)


def _set_pragmas(engine: Engine, memory: bool) -> None:
    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL survives a killed process (not a power cut mid-commit): the trade-off
            # every SQLite-backed server makes for ~1 ms commits.
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


def make_commit_engine(url: str) -> Engine | None:
    """A synchronous engine on the same SQLite file, for the grouped commits (``None`` for other databases).

    aiosqlite crosses to its thread and back for every statement; on a busy machine each crossing can
    wait for the scheduler. Running a whole commit batch as one call on one writer thread costs a single
    crossing, which keeps commit latency flat under load. (asyncpg needs no thread; an in-memory SQLite
    database cannot be shared with a second engine.)
    """
    if not url.startswith("sqlite") or _is_memory(url):
        return None
    scheme, rest = url.split("://", 1)
    engine = create_engine(f"sqlite://{rest}", pool_reset_on_return=None, connect_args={"check_same_thread": False})
    _set_pragmas(engine, memory=False)
    return engine


def _aware(value: datetime | None) -> datetime | None:
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def _user(row: UserRow) -> UserData:
    return UserData(row.id, row.name, row.username, row.password_hash, _aware(row.created_at))


def _table(row: TableRow, seats: list[SeatRow]) -> TableData:
    ordered = sorted(seats, key=lambda s: s.seat)
    return TableData(
        id=row.id,
        game=row.game,
        rules_version=row.rules_version,
        players=row.players,
        options=dict(row.options),
        seed=row.seed,
        owner_id=row.owner_id,
        private=row.private,
        invite=row.invite,
        status=row.status,
        state_id=row.state_id,
        to_move=row.to_move,
        result=row.result,
        record=row.record,
        rematch_of=row.rematch_of,
        rematch_id=row.rematch_id,
        created_at=_aware(row.created_at),
        started_at=_aware(row.started_at),
        finished_at=_aware(row.finished_at),
        seats=[SeatData(s.user_id, s.bot, s.name) for s in ordered],
    )


def _same_setup(row: TableRow, seats: list[SeatRow], expected: TableData) -> bool:
    """True if the stored table is still the one ``expected`` describes (what seat and status changes check)."""
    if (row.status, row.owner_id, row.state_id, row.rematch_id, row.private, row.invite) != (
        expected.status,
        expected.owner_id,
        expected.state_id,
        expected.rematch_id,
        expected.private,
        expected.invite,
    ):
        return False
    stored = [(s.user_id, s.bot, s.name) for s in sorted(seats, key=lambda s: s.seat)]
    return stored == [(s.user_id, s.bot, s.name) for s in expected.seats]


_TABLE_COLUMNS = (
    "game",
    "rules_version",
    "players",
    "options",
    "seed",
    "owner_id",
    "private",
    "invite",
    "status",
    "state_id",
    "to_move",
    "result",
    "record",
    "rematch_of",
    "rematch_id",
    "started_at",
    "finished_at",
    "updated_at",
)


def _table_values(t: TableData) -> dict[str, Any]:
    return {
        "game": t.game,
        "rules_version": t.rules_version,
        "players": t.players,
        "options": t.options,
        "seed": t.seed,
        "owner_id": t.owner_id,
        "private": t.private,
        "invite": t.invite,
        "status": t.status,
        "state_id": t.state_id,
        "to_move": t.to_move,
        "result": t.result,
        "record": t.record,
        "rematch_of": t.rematch_of,
        "rematch_id": t.rematch_id,
        "started_at": t.started_at,
        "finished_at": t.finished_at,
        "updated_at": utcnow(),
    }


_TABLES = Base.metadata.tables["tables"]
_UPDATE_TABLE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("b_id"), _TABLES.c.state_id == bindparam("b_prev"))
    .values({name: bindparam(name) for name in _TABLE_COLUMNS})
)
"""The version-checked table update, built once (SQLAlchemy then reuses its compiled form)."""
_INSERT_ACTION = insert(Base.metadata.tables["actions"])
_INSERT_EVENT = insert(Base.metadata.tables["events"])


@dataclass(slots=True, eq=False)
class _PendingCommit:
    """One table's accepted actions waiting for the next grouped commit."""

    table_id: str
    previous: int
    values: dict[str, Any]
    actions: list[dict[str, Any]]
    events: list[dict[str, Any]]
    future: asyncio.Future[None]


def _fail(future: asyncio.Future[None], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


class SqlStore:
    """The :class:`~monsterlair.server.storage.base.Store` over SQLAlchemy 2 async."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._sqlite = url.startswith("sqlite")
        self._memory = _is_memory(url)
        self._write_lock = asyncio.Lock()
        self._pending: list[_PendingCommit] = []
        self._writer: asyncio.Task[None] | None = None
        self._commit_engine = make_commit_engine(url)
        self._commit_thread = (
            ThreadPoolExecutor(1, thread_name_prefix="monsterlair-db") if self._commit_engine is not None else None
        )

    async def start(self) -> None:
        """Apply every migration (alembic, in the server's own connection).

        On PostgreSQL a transaction-level advisory lock makes processes started together migrate one
        after the other (the later ones then find nothing to do).
        """
        async with self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":
                await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        """Dispose of the engines and the writer thread."""
        if self._writer is not None and not self._writer.done():
            await asyncio.gather(self._writer, return_exceptions=True)
        if self._commit_thread is not None:
            self._commit_thread.shutdown(wait=True)
        if self._commit_engine is not None:
            self._commit_engine.dispose()
        await self.engine.dispose()

    @contextlib.asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncSession]:
        if self._memory:
            async with self._write_lock, self._sessions() as session:
                yield session
        else:
            async with self._sessions() as session:
                yield session

    @contextlib.asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncSession]:
        if self._sqlite:
            async with self._write_lock, self._sessions() as session, session.begin():
                yield session
        else:
            async with self._sessions() as session, session.begin():
                yield session

    # --- users -----------------------------------------------------------------------------------
    async def create_user(self, name: str, username: str | None = None, password_hash: str | None = None) -> UserData:
        """A new user.

        Raises:
            Conflict: if the username is taken.
        """
        try:
            async with self._write() as s:
                row = UserRow(name=name, username=username, password_hash=password_hash, created_at=utcnow())
                s.add(row)
                await s.flush()
                return _user(row)
        except IntegrityError:
            raise Conflict("That username is taken.") from None

    async def get_user(self, user_id: int) -> UserData | None:
        """The user with that id."""
        async with self._read() as s:
            row = await s.get(UserRow, user_id)
            return None if row is None else _user(row)

    async def get_user_by_username(self, username: str) -> UserData | None:
        """The registered user with that username."""
        async with self._read() as s:
            row = (await s.execute(select(UserRow).where(UserRow.username == username))).scalar_one_or_none()
            return None if row is None else _user(row)

    async def register_user(self, user_id: int, name: str, username: str, password_hash: str) -> UserData:
        """Turn a guest into a registered account.

        Raises:
            Conflict: if the username is taken.
        """
        try:
            async with self._write() as s:
                row = await s.get(UserRow, user_id)
                if row is None:
                    raise Conflict("That account no longer exists.")
                row.name, row.username, row.password_hash = name, username, password_hash
                await s.flush()
                return _user(row)
        except IntegrityError:
            raise Conflict("That username is taken.") from None

    # --- tables ----------------------------------------------------------------------------------
    async def create_table(self, table: TableData) -> None:
        """Store a new table with its seats."""
        async with self._write() as s:
            values = _table_values(table)
            s.add(TableRow(id=table.id, created_at=table.created_at or utcnow(), **values))
            await s.flush()
            for i, seat in enumerate(table.seats):
                s.add(SeatRow(table_id=table.id, seat=i, user_id=seat.user_id, bot=seat.bot, name=seat.name))

    async def save_table(self, table: TableData, expected: TableData | None = None) -> None:
        """Store a table's set-up, status and seats.

        With ``expected`` (the table as the caller last knew it), the stored table is first locked and
        compared: if another process changed its status, host, seats, state or rematch meanwhile, nothing
        is written.

        Raises:
            Conflict: the stored table is not the ``expected`` one.
        """
        async with self._write() as s:
            stored: TableRow | None = None
            if expected is not None:
                # The row lock (PostgreSQL; SQLite has one writer anyway) orders this against every other
                # write to the table: action commits update the row, guarded saves lock it before the seats.
                locked = select(TableRow).where(TableRow.id == table.id).with_for_update()
                stored = (await s.execute(locked)).scalar_one_or_none()
            rows = (await s.execute(select(SeatRow).where(SeatRow.table_id == table.id))).scalars().all()
            if expected is not None and (stored is None or not _same_setup(stored, list(rows), expected)):
                raise Conflict("The table changed before this change was stored.")
            await s.execute(update(TableRow).where(TableRow.id == table.id).values(**_table_values(table)))
            by_seat = {r.seat: r for r in rows}
            for i, seat in enumerate(table.seats):
                row = by_seat.get(i)
                if row is None:
                    s.add(SeatRow(table_id=table.id, seat=i, user_id=seat.user_id, bot=seat.bot, name=seat.name))
                else:
                    row.user_id, row.bot, row.name = seat.user_id, seat.bot, seat.name

    async def commit_actions(
        self, table: TableData, previous_state_id: int, actions: list[ActionData], events: list[StoredEvent]
    ) -> None:
        """Store actions, events and the table's new status, durably, before returning.

        Commits are grouped: actions of different tables that arrive while a commit is running are
        written together in the next transaction (each still waits for its own commit). Under load this
        turns hundreds of small transactions a second into a few larger ones.

        Raises:
            Conflict: if the stored table is no longer at ``previous_state_id``.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        values = _table_values(table)
        now = utcnow()
        action_rows = [
            {"table_id": table.id, "ply": a.ply, "seat": a.seat, "text": a.text, "created_at": now} for a in actions
        ]
        event_rows = [
            {
                "table_id": table.id,
                "ply": e.ply,
                "seat": e.seat,
                "type": e.type,
                "data": e.data,
                "private": e.private,
                "to": e.to,
            }
            for e in events
        ]
        self._pending.append(_PendingCommit(table.id, previous_state_id, values, action_rows, event_rows, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_pending())
        await future

    async def _write_pending(self) -> None:
        """Write every queued commit, batch after batch, until the queue is empty."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                async with self._write_lock:
                    accepted = await self._write_batch(batch)
            except IntegrityError:
                for item in batch:
                    _fail(item.future, Conflict("The table moved on before this action was stored."))
                continue
            except BaseException as exc:  # nothing of this batch was stored: every waiter hears why
                for item in batch:
                    _fail(item.future, exc if isinstance(exc, Exception) else RuntimeError("cancelled"))
                if not isinstance(exc, Exception):
                    raise
                continue
            for item in batch:
                if item in accepted:
                    if not item.future.done():
                        item.future.set_result(None)
                else:
                    _fail(item.future, Conflict("The table moved on before this action was stored."))

    async def _write_batch(self, batch: list[_PendingCommit]) -> list[_PendingCommit]:
        """One transaction for a batch: the accepted commits (those whose table was still at its version).

        On SQLite the usual case costs three statements whatever the batch size (one executemany each for
        the version-checked table updates, the actions and the events). Only when some table has moved on
        (another process wrote it), or on a driver whose executemany row count is not exact (asyncpg), is
        each table updated on its own, to know which ones were still at their version.
        """
        if self._commit_engine is not None and self._commit_thread is not None:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._commit_thread, self._write_batch_sync, batch)
        params = [{"b_id": item.table_id, "b_prev": item.previous, **item.values} for item in batch]
        if self.engine.dialect.supports_sane_multi_rowcount:  # SQLite: an executemany's rowcount is exact
            async with self.engine.begin() as conn:
                done = await conn.execute(_UPDATE_TABLE, params)
                if getattr(done, "rowcount", -1) == len(batch):
                    await self._insert_rows(conn, batch)
                    return list(batch)
                await conn.rollback()
        async with self.engine.begin() as conn:
            accepted = []
            for item, one in zip(batch, params, strict=True):
                if getattr(await conn.execute(_UPDATE_TABLE, one), "rowcount", 0) == 1:
                    accepted.append(item)
            await self._insert_rows(conn, accepted)
            return accepted

    def _write_batch_sync(self, batch: list[_PendingCommit]) -> list[_PendingCommit]:
        """:meth:`_write_batch` on the writer thread, for a SQLite file (same statements, one crossing)."""
        assert self._commit_engine is not None
        params = [{"b_id": item.table_id, "b_prev": item.previous, **item.values} for item in batch]
        with self._commit_engine.connect() as conn:
            trans = conn.begin()
            try:
                accepted = list(batch)
                if getattr(conn.execute(_UPDATE_TABLE, params), "rowcount", -1) != len(batch):
                    trans.rollback()
                    trans = conn.begin()
                    accepted = [
                        item
                        for item, one in zip(batch, params, strict=True)
                        if getattr(conn.execute(_UPDATE_TABLE, one), "rowcount", 0) == 1
                    ]
                actions = [row for item in accepted for row in item.actions]
                events = [row for item in accepted for row in item.events]
                if actions:
                    conn.execute(_INSERT_ACTION, actions)
                if events:
                    conn.execute(_INSERT_EVENT, events)
                trans.commit()
            except BaseException:
                trans.rollback()
                raise
            return accepted

    @staticmethod
    async def _insert_rows(conn: AsyncConnection, items: list[_PendingCommit]) -> None:
        actions = [row for item in items for row in item.actions]
        events = [row for item in items for row in item.events]
        if actions:
            await conn.execute(_INSERT_ACTION, actions)
        if events:
            await conn.execute(_INSERT_EVENT, events)

    async def load_table(self, table_id: str) -> TableData | None:
        """A table with its seats."""
        async with self._read() as s:
            row = await s.get(TableRow, table_id)
            if row is None:
                return None
            seats = (await s.execute(select(SeatRow).where(SeatRow.table_id == table_id))).scalars().all()
            return _table(row, list(seats))

    async def load_events(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        """Every event of a table (of the actions after ply ``since``), in order."""
        async with self._read() as s:
            query = select(EventRow).where(EventRow.table_id == table_id)
            if since:
                query = query.where(EventRow.ply > since)
            rows = (await s.execute(query.order_by(EventRow.id))).scalars().all()
            return [StoredEvent(r.ply, r.seat, r.type, dict(r.data), r.private, list(r.to)) for r in rows]

    async def load_actions(self, table_id: str) -> list[ActionData]:
        """Every accepted action of a table, in order."""
        async with self._read() as s:
            rows = (
                (await s.execute(select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.ply)))
                .scalars()
                .all()
            )
            return [ActionData(r.ply, r.seat, r.text) for r in rows]

    async def _with_seats(self, s: AsyncSession, rows: list[TableRow]) -> list[TableData]:
        if not rows:
            return []
        ids = [r.id for r in rows]
        seats = (await s.execute(select(SeatRow).where(SeatRow.table_id.in_(ids)))).scalars().all()
        by_table: dict[str, list[SeatRow]] = {}
        for seat in seats:
            by_table.setdefault(seat.table_id, []).append(seat)
        return [_table(r, by_table.get(r.id, [])) for r in rows]

    async def list_tables(self, *, status: str, public_only: bool, limit: int) -> list[TableData]:
        """Tables with a status, newest first."""
        async with self._read() as s:
            query = select(TableRow).where(TableRow.status == status)
            if public_only:
                query = query.where(TableRow.private.is_(False))
            order = TableRow.finished_at.desc() if status == "finished" else TableRow.created_at.desc()
            rows = (await s.execute(query.order_by(order).limit(limit))).scalars().all()
            return await self._with_seats(s, list(rows))

    async def list_user_tables(self, user_id: int, *, limit: int) -> list[TableData]:
        """Tables the user sits at or owns; unfinished first, newest first."""
        async with self._read() as s:
            seated = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
            query = (
                select(TableRow)
                .where(or_(TableRow.id.in_(seated), TableRow.owner_id == user_id))
                .where(TableRow.status != "closed")
                .order_by((TableRow.status == "finished").asc(), TableRow.updated_at.desc())
                .limit(limit)
            )
            rows = (await s.execute(query)).scalars().all()
            return await self._with_seats(s, list(rows))

    async def playing_table_ids(self) -> list[str]:
        """Tables whose game is under way."""
        async with self._read() as s:
            rows = (await s.execute(select(TableRow.id).where(TableRow.status == "playing"))).scalars().all()
            return list(rows)

    async def stalled_bot_tables(self, before: datetime) -> list[str]:
        """Games under way where a bot is to move and nothing was stored since ``before``."""
        async with self._read() as s:
            query = (
                select(TableRow.id)
                .join(SeatRow, (SeatRow.table_id == TableRow.id) & (SeatRow.seat == TableRow.to_move))
                .where(TableRow.status == "playing", SeatRow.bot.is_not(None), TableRow.updated_at < before)
            )
            return list((await s.execute(query)).scalars().all())
