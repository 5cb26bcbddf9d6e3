"""The SQLAlchemy store: SQLite (file or memory) by default, PostgreSQL through an asyncpg URL.

Writes to SQLite go through one asyncio lock (SQLite has one writer anyway; queueing here is cheaper
than busy-waiting in the driver). An in-memory database is one shared connection, so there every
operation takes the lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Connection,
    Engine,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    make_url,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import defer
from sqlalchemy.pool import StaticPool

from monsterlair.server.storage.base import (
    ActionData,
    ChatData,
    Conflict,
    RatingData,
    RatingHistoryData,
    SeatData,
    SessionData,
    StoredEvent,
    TableData,
    UserData,
)
from monsterlair.server.storage.models import (
    ActionRow,
    Base,
    ChatMessageRow,
    EventRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
    UserRow,
    utcnow,
)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
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


JSON_OPTIONS: dict[str, Any] = {"json_serializer": functools.partial(json.dumps, allow_nan=False)}
"""JSON columns are written as strict JSON: a NaN or an infinity is refused, never stored for browsers to choke on."""


def make_engine(url: str) -> AsyncEngine:
    """An async engine; SQLite gets WAL, foreign keys, a busy timeout, and one shared connection in memory."""
    if url.startswith("sqlite"):
        # Every use ends its transaction itself (engine.begin() commits, sessions roll back on close),
        # so the pool's extra rollback on check-in would only cost another trip to the driver thread.
        kwargs: dict[str, Any] = {"pool_reset_on_return": None, **JSON_OPTIONS}
        if _is_memory(url):
            kwargs["poolclass"] = StaticPool
            kwargs["connect_args"] = {"check_same_thread": False}
        engine = create_async_engine(url, **kwargs)

        _set_pragmas(engine.sync_engine, _is_memory(url))
        return engine
    return create_async_engine(url, pool_pre_ping=True, **JSON_OPTIONS)


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


def private_sqlite_file(url: str) -> Path | None:
    """Create a SQLite database file readable by its owner only (0600), or make an existing one so.

    The file holds password hashes and session hashes. SQLite creates its ``-wal`` and ``-shm`` files
    with the database file's permissions, so they follow. ``None`` for other databases and memory.
    """
    if not url.startswith("sqlite") or _is_memory(url):
        return None
    database = make_url(url).database
    if not database:
        return None
    path = Path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    for one in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if one.exists() and one.stat().st_mode & 0o077:
            one.chmod(0o600)
    return path


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
    engine = create_engine(
        f"sqlite://{rest}", pool_reset_on_return=None, connect_args={"check_same_thread": False}, **JSON_OPTIONS
    )
    _set_pragmas(engine, memory=False)
    return engine


_SEED_MASK = (1 << 64) - 1


def stored_seed(seed: int) -> int:
    """A 64-bit seed as the signed 64-bit integer a ``BIGINT`` column holds (read back with ``& 2**64 - 1``).

    Both are the same generator state (``Rng`` keeps the low 64 bits), so old and new rows replay alike.
    """
    seed &= _SEED_MASK
    return seed - (1 << 64) if seed >= 1 << 63 else seed


def _aware(value: datetime | None) -> datetime | None:
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def _user(row: UserRow) -> UserData:
    return UserData(
        row.id, row.name, row.username, row.password_hash, _aware(row.created_at), row.bot_owner_id, row.token_hash
    )


def _table(row: TableRow, seats: list[SeatRow], *, with_record: bool = True) -> TableData:
    ordered = sorted(seats, key=lambda s: s.seat)
    return TableData(
        id=row.id,
        game=row.game,
        rules_version=row.rules_version,
        players=row.players,
        options=dict(row.options),
        seed=row.seed & _SEED_MASK,
        owner_id=row.owner_id,
        private=row.private,
        invite=row.invite,
        status=row.status,
        state_id=row.state_id,
        to_move=row.to_move,
        result=row.result,
        record=row.record if with_record else None,
        rematch_of=row.rematch_of,
        rematch_id=row.rematch_id,
        created_at=_aware(row.created_at),
        started_at=_aware(row.started_at),
        finished_at=_aware(row.finished_at),
        seats=[
            SeatData(s.user_id, s.bot, s.name, bot_account=s.bot_account, bot_since=s.bot_since, invited=s.invited)
            for s in ordered
        ],
        rated=row.rated,
        turn_seconds=row.turn_seconds,
        turn_deadline=None if row.status == "open" else _aware(row.deadline),
        answer_by=_aware(row.deadline) if row.status == "open" else None,
        tutorial=row.tutorial,
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
    stored = [
        (s.user_id, s.bot, s.name, s.bot_account, s.bot_since, s.invited) for s in sorted(seats, key=lambda s: s.seat)
    ]
    return stored == [(s.user_id, s.bot, s.name, s.bot_account, s.bot_since, s.invited) for s in expected.seats]


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
    "rated",
    "turn_seconds",
    "deadline",
    "tutorial",
)


def _seat_row(table_id: str, seat: int, data: SeatData) -> SeatRow:
    return SeatRow(
        table_id=table_id,
        seat=seat,
        user_id=data.user_id,
        bot=data.bot,
        name=data.name,
        bot_account=data.bot_account,
        bot_since=data.bot_since,
        invited=data.invited,
    )


def _event_row(table_id: str, e: StoredEvent) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "ply": e.ply,
        "seat": e.seat,
        "type": e.type,
        "data": e.data,
        "private": e.private,
        "to": e.to,
    }


def _table_values(t: TableData) -> dict[str, Any]:
    return {
        "game": t.game,
        "rules_version": t.rules_version,
        "players": t.players,
        "options": t.options,
        "seed": stored_seed(t.seed),
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
        "rated": t.rated,
        "turn_seconds": t.turn_seconds,
        "deadline": t.due_by,
        "tutorial": t.tutorial,
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


def _stale() -> Conflict:
    return Conflict("The table moved on before this action was stored.")


def _write_group(conn: Connection, batch: list[_PendingCommit], exact_rowcount: bool) -> list[Exception | None]:
    """Store a batch of commits of different tables; one outcome per commit (``None``: stored).

    The usual case is one transaction for the whole batch. Should a row of one commit be refused (an
    integrity error), each commit is then written in a transaction of its own, so one bad row fails its own
    commit only and every other table's actions are stored. A commit whose table is no longer at its
    version is refused as stale (:class:`Conflict`).
    """
    try:
        return _write_together(conn, batch, exact_rowcount)
    except IntegrityError:
        if len(batch) == 1:
            return [_stale()]
    outcomes: list[Exception | None] = []
    for item in batch:
        try:
            outcomes += _write_together(conn, [item], exact_rowcount)
        except IntegrityError:
            outcomes.append(_stale())
        except Exception as exc:  # this commit failed alone; the others stand
            outcomes.append(exc)
    return outcomes


def _array_of(name: str) -> tuple[str, str]:
    """How a column's values travel in :data:`_UPDATE_MANY`: the PostgreSQL array type, and the expression that
    turns one element back into the column's type (JSON goes as its text)."""
    kind = _TABLES.c[name].type
    if isinstance(kind, JSON):
        return "text[]", f"CAST(v.{name} AS json)"
    for python, sql in ((datetime, "timestamptz[]"), (bool, "boolean[]"), (float, "float8[]"), (str, "text[]")):
        if kind.python_type is python:
            return sql, f"v.{name}"
    if isinstance(kind, BigInteger):
        return "bigint[]", f"v.{name}"
    assert kind.python_type is int, name
    return "integer[]", f"v.{name}"


_MANY_COLUMNS = ("b_id", "b_prev", *_TABLE_COLUMNS)
_UPDATE_MANY = text(
    "UPDATE tables SET "
    + ", ".join(f"{name} = {_array_of(name)[1]}" for name in _TABLE_COLUMNS)
    + " FROM unnest(CAST(:b_id AS text[]), CAST(:b_prev AS integer[]), "
    + ", ".join(f"CAST(:{name} AS {_array_of(name)[0]})" for name in _TABLE_COLUMNS)
    + f") AS v({', '.join(_MANY_COLUMNS)}) WHERE tables.id = v.b_id AND tables.state_id = v.b_prev RETURNING tables.id"
)
"""PostgreSQL: the version-checked update of many tables in one statement, one array per column."""
_JSON_COLUMNS = frozenset(name for name in _TABLE_COLUMNS if isinstance(_TABLES.c[name].type, JSON))


def _update_current(conn: Connection, params: list[dict[str, Any]]) -> set[str]:
    """PostgreSQL: every table's version-checked update in one statement; the ids of the tables updated.

    ``UPDATE … FROM unnest(…) … RETURNING id`` tells which tables were current in one round trip, where
    asyncpg's executemany cannot (its row count is not per row). JSON values are written as the store's
    serializer writes them (strict JSON; ``None`` as JSON ``null``, as the column type does).
    """
    dumps = JSON_OPTIONS["json_serializer"]
    arrays = {
        name: [dumps(p[name]) for p in params] if name in _JSON_COLUMNS else [p[name] for p in params]
        for name in _MANY_COLUMNS
    }
    return set(conn.execute(_UPDATE_MANY, arrays).scalars())


def _write_together(conn: Connection, batch: list[_PendingCommit], exact_rowcount: bool) -> list[Exception | None]:
    """One transaction: each table's version-checked update, then the actions and events of the current ones.

    Where the driver's executemany row count is exact (SQLite) the usual case costs three statements
    whatever the batch size, and on PostgreSQL one ``UPDATE … RETURNING`` does the same; otherwise (some
    table has moved on under SQLite, another database) each table is updated on its own, to know which
    ones were current.
    """
    params = [{"b_id": item.table_id, "b_prev": item.previous, **item.values} for item in batch]
    if len(batch) > 1 and conn.dialect.name == "postgresql" and len({item.table_id for item in batch}) == len(batch):
        with conn.begin():
            updated = _update_current(conn, params)
            current = [item.table_id in updated for item in batch]
            _insert_rows(conn, [item for item, ok in zip(batch, current, strict=True) if ok])
        return [None if ok else _stale() for ok in current]
    if exact_rowcount and len(batch) > 1:
        trans = conn.begin()
        try:
            if getattr(conn.execute(_UPDATE_TABLE, params), "rowcount", -1) == len(batch):
                _insert_rows(conn, batch)
                trans.commit()
                return [None] * len(batch)
        finally:
            if trans.is_active:
                trans.rollback()
    with conn.begin():
        current = [getattr(conn.execute(_UPDATE_TABLE, one), "rowcount", 0) == 1 for one in params]
        _insert_rows(conn, [item for item, ok in zip(batch, current, strict=True) if ok])
    return [None if ok else _stale() for ok in current]


def _insert_rows(conn: Connection, items: list[_PendingCommit]) -> None:
    actions = [row for item in items for row in item.actions]
    events = [row for item in items for row in item.events]
    if actions:
        conn.execute(_INSERT_ACTION, actions)
    if events:
        conn.execute(_INSERT_EVENT, events)


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
        private_sqlite_file(self.url)
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

    # --- bot accounts ----------------------------------------------------------------------------
    async def create_bot_user(self, owner_id: int, name: str, username: str, token_hash: str) -> UserData:
        """A new bot account owned by ``owner_id``.

        Raises:
            Conflict: if the username is taken.
        """
        try:
            async with self._write() as s:
                row = UserRow(
                    name=name, username=username, bot_owner_id=owner_id, token_hash=token_hash, created_at=utcnow()
                )
                s.add(row)
                await s.flush()
                return _user(row)
        except IntegrityError:
            raise Conflict("That username is taken.") from None

    async def list_bot_users(self, owner_id: int) -> list[UserData]:
        """The bot accounts a person owns, oldest first."""
        async with self._read() as s:
            query = select(UserRow).where(UserRow.bot_owner_id == owner_id).order_by(UserRow.id)
            return [_user(r) for r in (await s.execute(query)).scalars().all()]

    async def set_bot_token(self, owner_id: int, username: str, token_hash: str | None) -> UserData | None:
        """Replace or revoke the token of one of the owner's bots; ``None`` if the owner has no such bot."""
        async with self._write() as s:
            query = select(UserRow).where(UserRow.username == username, UserRow.bot_owner_id == owner_id)
            row = (await s.execute(query)).scalar_one_or_none()
            if row is None:
                return None
            row.token_hash = token_hash
            await s.flush()
            return _user(row)

    async def get_user_by_token(self, token_hash: str) -> UserData | None:
        """The bot account whose token has this hash."""
        async with self._read() as s:
            query = select(UserRow).where(UserRow.token_hash == token_hash, UserRow.bot_owner_id.is_not(None))
            row = (await s.execute(query)).scalar_one_or_none()
            return None if row is None else _user(row)

    # --- sessions --------------------------------------------------------------------------------
    async def create_session(self, token_hash: str, user_id: int, agent: str) -> SessionData:
        """A new session of a user, created and last seen now."""
        async with self._write() as s:
            now = utcnow()
            row = SessionRow(token_hash=token_hash, user_id=user_id, created_at=now, last_seen=now, agent=agent)
            s.add(row)
            await s.flush()
            return _session(row)

    async def session_user(self, token_hash: str) -> tuple[SessionData, UserData] | None:
        """The session with this token hash and its user (one query)."""
        async with self._read() as s:
            query = select(SessionRow, UserRow).join(UserRow, UserRow.id == SessionRow.user_id)
            found = (await s.execute(query.where(SessionRow.token_hash == token_hash))).first()
            return None if found is None else (_session(found[0]), _user(found[1]))

    async def touch_session(self, session_id: int) -> None:
        """Mark a session as seen now."""
        async with self._write() as s:
            await s.execute(update(SessionRow).where(SessionRow.id == session_id).values(last_seen=utcnow()))

    async def list_sessions(self, user_id: int) -> list[SessionData]:
        """A user's sessions, the most recently seen first."""
        async with self._read() as s:
            query = select(SessionRow).where(SessionRow.user_id == user_id)
            rows = (await s.execute(query.order_by(SessionRow.last_seen.desc(), SessionRow.id.desc()))).scalars()
            return [_session(r) for r in rows.all()]

    async def delete_sessions(self, user_id: int, *, session_id: int | None = None) -> int:
        """Revoke one of a user's sessions, or all of them."""
        async with self._write() as s:
            query = delete(SessionRow).where(SessionRow.user_id == user_id)
            if session_id is not None:
                query = query.where(SessionRow.id == session_id)
            return int(getattr(await s.execute(query), "rowcount", 0) or 0)

    async def purge_sessions(self, *, seen_before: datetime, created_before: datetime) -> int:
        """Delete the sessions idle since ``seen_before`` or older than ``created_before``."""
        async with self._write() as s:
            query = delete(SessionRow).where(
                or_(SessionRow.last_seen < seen_before, SessionRow.created_at < created_before)
            )
            return int(getattr(await s.execute(query), "rowcount", 0) or 0)

    async def count_hosted(self, owner_id: int, statuses: tuple[str, ...], *, bots: bool = False) -> int:
        """How many tables with one of these statuses a user hosts (with ``bots``: only those with a bot seated,
        not a tutorial; a bot playing for a person who left does not count)."""
        async with self._read() as s:
            query = select(func.count()).where(TableRow.owner_id == owner_id, TableRow.status.in_(statuses))
            if bots:
                seated = select(SeatRow.table_id).where(SeatRow.bot.is_not(None), SeatRow.user_id.is_(None))
                query = query.where(TableRow.tutorial.is_(False), TableRow.id.in_(seated))
            return int((await s.execute(query)).scalar_one())

    async def unfinished_tutorial(self, owner_id: int, game: str) -> str | None:
        """The user's newest tutorial of ``game`` still under way, if any (its id)."""
        async with self._read() as s:
            query = (
                select(TableRow.id)
                .where(
                    TableRow.owner_id == owner_id,
                    TableRow.game == game,
                    TableRow.tutorial.is_(True),
                    TableRow.status == "playing",
                )
                .order_by(TableRow.created_at.desc())
                .limit(1)
            )
            found: str | None = (await s.execute(query)).scalar_one_or_none()
            return found

    # --- tables ----------------------------------------------------------------------------------
    async def create_table(self, table: TableData) -> None:
        """Store a new table with its seats."""
        async with self._write() as s:
            values = _table_values(table)
            s.add(TableRow(id=table.id, created_at=table.created_at or utcnow(), **values))
            await s.flush()
            for i, seat in enumerate(table.seats):
                s.add(_seat_row(table.id, i, seat))

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
            rows: list[SeatRow] = []
            if expected is not None:
                # The row lock (PostgreSQL; SQLite has one writer anyway) orders this against every other
                # write to the table: action commits update the row, guarded saves lock it before the seats.
                locked = select(TableRow).where(TableRow.id == table.id).with_for_update()
                stored = (await s.execute(locked)).scalar_one_or_none()
                rows = list((await s.execute(select(SeatRow).where(SeatRow.table_id == table.id))).scalars().all())
                if stored is None or not _same_setup(stored, rows, expected):
                    raise Conflict("The table changed before this change was stored.")
            await s.execute(update(TableRow).where(TableRow.id == table.id).values(**_table_values(table)))
            await self._save_seats(s, table)

    @staticmethod
    async def _save_seats(s: AsyncSession, table: TableData) -> None:
        rows = (await s.execute(select(SeatRow).where(SeatRow.table_id == table.id))).scalars().all()
        by_seat = {r.seat: r for r in rows}
        for i, seat in enumerate(table.seats):
            row = by_seat.get(i)
            if row is None:
                s.add(_seat_row(table.id, i, seat))
            else:
                row.user_id, row.bot, row.name, row.bot_since = seat.user_id, seat.bot, seat.name, seat.bot_since
                row.bot_account, row.invited = seat.bot_account, seat.invited

    async def commit_change(
        self,
        table: TableData,
        previous_state_id: int,
        events: list[StoredEvent],
        *,
        seats: bool = False,
        undo: int = 0,
    ) -> None:
        """Store a takeover, a reclaimed seat or an undo in one version-checked transaction.

        Raises:
            Conflict: if the stored table is no longer at ``previous_state_id``.
        """
        async with self._write() as s:
            done = await s.execute(
                update(TableRow)
                .where(TableRow.id == table.id, TableRow.state_id == previous_state_id)
                .values(**_table_values(table))
            )
            if getattr(done, "rowcount", 0) != 1:
                raise Conflict("The table moved on before this change was stored.")
            if seats:
                await self._save_seats(s, table)
            if undo:
                latest = (
                    select(ActionRow)
                    .where(ActionRow.table_id == table.id, ActionRow.undone.is_(False))
                    .order_by(ActionRow.ply.desc())
                    .limit(undo)
                )
                rows = (await s.execute(latest)).scalars().all()
                if len(rows) != undo:
                    raise Conflict("There are not that many actions to take back.")
                for row in rows:
                    row.undone = True
            if events:
                await s.execute(_INSERT_EVENT, [_event_row(table.id, e) for e in events])

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
        event_rows = [_event_row(table.id, e) for e in events]
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
                    outcomes = await self._write_batch(batch)
            except BaseException as exc:  # nothing of this batch was stored: every waiter hears why
                for item in batch:
                    _fail(item.future, exc if isinstance(exc, Exception) else RuntimeError("cancelled"))
                if not isinstance(exc, Exception):
                    raise
                continue
            for item, outcome in zip(batch, outcomes, strict=True):
                if outcome is None:
                    if not item.future.done():
                        item.future.set_result(None)
                else:
                    _fail(item.future, outcome)

    async def _write_batch(self, batch: list[_PendingCommit]) -> list[Exception | None]:
        """Run :func:`_write_group` for a batch: on the writer thread for a SQLite file (one crossing for the
        whole batch, where aiosqlite would cross for every statement), else on the async engine's connection."""
        exact = self.engine.dialect.supports_sane_multi_rowcount
        if self._commit_engine is not None and self._commit_thread is not None:
            engine = self._commit_engine

            def on_thread() -> list[Exception | None]:
                with engine.connect() as conn:
                    return _write_group(conn, batch, exact)

            return await asyncio.get_running_loop().run_in_executor(self._commit_thread, on_thread)
        async with self.engine.connect() as conn:
            return await conn.run_sync(_write_group, batch, exact)

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

    async def load_actions(self, table_id: str, *, include_undone: bool = False) -> list[ActionData]:
        """Every accepted action of a table that stands, in order (with ``include_undone``, taken-back ones too)."""
        async with self._read() as s:
            query = select(ActionRow).where(ActionRow.table_id == table_id)
            if not include_undone:
                query = query.where(ActionRow.undone.is_(False))
            rows = (await s.execute(query.order_by(ActionRow.ply))).scalars().all()
            return [ActionData(r.ply, r.seat, r.text, r.undone) for r in rows]

    async def _with_seats(self, s: AsyncSession, rows: list[TableRow], *, with_record: bool = True) -> list[TableData]:
        if not rows:
            return []
        ids = [r.id for r in rows]
        seats = (await s.execute(select(SeatRow).where(SeatRow.table_id.in_(ids)))).scalars().all()
        by_table: dict[str, list[SeatRow]] = {}
        for seat in seats:
            by_table.setdefault(seat.table_id, []).append(seat)
        return [_table(r, by_table.get(r.id, []), with_record=with_record) for r in rows]

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

    async def invitation_table_ids(self) -> list[str]:
        """Open rematches with a seat kept for a player who has not answered."""
        async with self._read() as s:
            query = (
                select(TableRow.id)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.invited.is_(True), TableRow.status == "open")
                .distinct()
            )
            return list((await s.execute(query)).scalars().all())

    async def list_turns(self, user_id: int, *, limit: int) -> list[TableData]:
        """Games under way whose seat to move is the user's, the longest-waiting first."""
        async with self._read() as s:
            query = (
                select(TableRow)
                .join(SeatRow, and_(SeatRow.table_id == TableRow.id, SeatRow.seat == TableRow.to_move))
                .where(SeatRow.user_id == user_id, TableRow.status == "playing")
                .order_by(TableRow.updated_at.asc())
                .limit(limit)
            )
            rows = (await s.execute(query)).scalars().all()
            return await self._with_seats(s, list(rows))

    async def list_invitations(self, user_id: int, *, limit: int) -> list[TableData]:
        """Open rematches where a seat is kept for the user, who has not answered yet; the oldest first."""
        async with self._read() as s:
            query = (
                select(TableRow)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.user_id == user_id, SeatRow.invited.is_(True), TableRow.status == "open")
                .order_by(TableRow.created_at.asc())
                .limit(limit)
            )
            rows = (await s.execute(query)).scalars().all()
            return await self._with_seats(s, list(rows))

    async def add_chat(self, table_id: str, user_id: int, name: str, seat: int | None, text: str) -> ChatData:
        """Store one chat message."""
        async with self._write() as s:
            row = ChatMessageRow(
                table_id=table_id, user_id=user_id, name=name, seat=seat, text=text, created_at=utcnow()
            )
            s.add(row)
            await s.flush()
            return _chat(row)

    async def recent_chat(self, table_id: str, *, limit: int) -> list[ChatData]:
        """A table's latest chat messages, oldest first."""
        async with self._read() as s:
            query = (
                select(ChatMessageRow)
                .where(ChatMessageRow.table_id == table_id)
                .order_by(ChatMessageRow.id.desc())
                .limit(limit)
            )
            rows = (await s.execute(query)).scalars().all()
            return [_chat(r) for r in reversed(rows)]

    async def stalled_bot_tables(self, before: datetime) -> list[str]:
        """Games under way where a bot is to move and nothing was stored since ``before``."""
        async with self._read() as s:
            query = (
                select(TableRow.id)
                .join(SeatRow, (SeatRow.table_id == TableRow.id) & (SeatRow.seat == TableRow.to_move))
                .where(TableRow.status == "playing", SeatRow.bot.is_not(None), TableRow.updated_at < before)
            )
            return list((await s.execute(query)).scalars().all())

    # --- ratings -----------------------------------------------------------------------------------
    async def load_ratings(self, game: str, user_ids: list[int]) -> dict[int, RatingData]:
        """The current ratings of these users in a game."""
        async with self._read() as s:
            query = select(RatingRow).where(RatingRow.game == game, RatingRow.user_id.in_(user_ids))
            return {r.user_id: _rating(r) for r in (await s.execute(query)).scalars().all()}

    async def record_ratings(self, history: list[RatingHistoryData], ratings: list[RatingData]) -> bool:
        """Store one table's rating changes and new ratings, once (see the ``Store`` protocol).

        Each new rating row is written only if the stored row is still the one it was computed from
        (``games`` one less, or no row for a first game), so two games finishing at once for the same
        player cannot both build on the same old rating; the loser of that race gets ``Conflict``.

        Raises:
            Conflict: if a rating moved since it was read, or another writer stored this table meanwhile.
        """
        table_ids = sorted({h.table_id for h in history})
        try:
            async with self._write() as s:
                done = select(RatingHistoryRow.id).where(RatingHistoryRow.table_id.in_(table_ids)).limit(1)
                if (await s.execute(done)).first() is not None:
                    return False
                for r in ratings:
                    values = _rating_values(r)
                    if r.games <= 1:
                        s.add(RatingRow(user_id=r.user_id, game=r.game, **values))
                        continue
                    moved = await s.execute(
                        update(RatingRow)
                        .where(RatingRow.user_id == r.user_id, RatingRow.game == r.game, RatingRow.games == r.games - 1)
                        .values(**values)
                    )
                    if getattr(moved, "rowcount", 0) != 1:
                        raise Conflict("A rating changed while this game's result was being rated.")
                s.add_all(_history_row(h) for h in history)
                await s.flush()
                return True
        except (IntegrityError, OperationalError):  # OperationalError: SQLite's "locked" when another process won
            raise Conflict("Another writer rated a game of these players at the same moment.") from None

    async def table_rating_changes(self, table_ids: list[str]) -> list[RatingHistoryData]:
        """Every stored rating change of these tables."""
        if not table_ids:
            return []
        async with self._read() as s:
            query = select(RatingHistoryRow).where(RatingHistoryRow.table_id.in_(table_ids))
            return [_history(r) for r in (await s.execute(query.order_by(RatingHistoryRow.id))).scalars().all()]

    async def leaderboard(self, game: str, *, limit: int, offset: int) -> tuple[int, list[RatingData]]:
        """How many users hold a rating in a game, and one page of them: best rating first."""
        async with self._read() as s:
            total = (await s.execute(select(func.count()).where(RatingRow.game == game))).scalar_one()
            query = (
                select(RatingRow, UserRow.name, UserRow.username)
                .join(UserRow, UserRow.id == RatingRow.user_id)
                .where(RatingRow.game == game)
                .order_by(RatingRow.rating.desc(), RatingRow.games.desc(), RatingRow.user_id)
                .limit(limit)
                .offset(offset)
            )
            rows = (await s.execute(query)).all()
            return int(total), [_rating(r, name, username is None) for r, name, username in rows]

    async def rating_position(self, game: str, rating: float) -> int:
        """1 + how many ratings in the game are higher."""
        async with self._read() as s:
            query = select(func.count()).where(RatingRow.game == game, RatingRow.rating > rating)
            return 1 + int((await s.execute(query)).scalar_one())

    async def user_ratings(self, user_id: int) -> list[RatingData]:
        """A user's rating in every game they have a rated game of, most played first."""
        async with self._read() as s:
            query = (
                select(RatingRow).where(RatingRow.user_id == user_id).order_by(RatingRow.games.desc(), RatingRow.game)
            )
            return [_rating(r) for r in (await s.execute(query)).scalars().all()]

    async def user_rating_history(self, user_id: int, game: str, *, limit: int) -> list[RatingHistoryData]:
        """A user's latest rating changes in a game, oldest first."""
        async with self._read() as s:
            query = (
                select(RatingHistoryRow)
                .where(RatingHistoryRow.user_id == user_id, RatingHistoryRow.game == game)
                .order_by(RatingHistoryRow.id.desc())
                .limit(limit)
            )
            rows = (await s.execute(query)).scalars().all()
            return [_history(r) for r in reversed(rows)]

    async def list_user_finished(
        self, user_id: int, *, viewer_id: int | None, limit: int, offset: int
    ) -> list[TableData]:
        """Finished tables the user sat at, latest first; private ones only for a viewer who was a member."""
        async with self._read() as s:
            seated = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
            query = (
                select(TableRow)
                .options(defer(TableRow.record))
                .where(TableRow.id.in_(seated), TableRow.status == "finished")
            )
            if viewer_id != user_id:
                if viewer_id is None:
                    query = query.where(TableRow.private.is_(False))
                else:
                    mine = select(SeatRow.table_id).where(SeatRow.user_id == viewer_id)
                    query = query.where(
                        or_(TableRow.private.is_(False), TableRow.id.in_(mine), TableRow.owner_id == viewer_id)
                    )
            query = query.order_by(TableRow.finished_at.desc(), TableRow.id.desc()).limit(limit).offset(offset)
            rows = (await s.execute(query)).scalars().all()
            return await self._with_seats(s, list(rows), with_record=False)

    async def finished_tables(self) -> list[TableData]:
        """Every finished table in the order the games ended (ties by id), without records."""
        async with self._read() as s:
            query = (
                select(TableRow)
                .options(defer(TableRow.record))
                .where(TableRow.status == "finished")
                .order_by(TableRow.finished_at, TableRow.id)
            )
            rows = (await s.execute(query)).scalars().all()
            return await self._with_seats(s, list(rows), with_record=False)

    async def replace_ratings(self, history: list[RatingHistoryData], ratings: list[RatingData]) -> None:
        """Delete every rating and rating change, then store these, in one transaction."""
        async with self._write() as s:
            await s.execute(delete(RatingHistoryRow))
            await s.execute(delete(RatingRow))
            s.add_all(RatingRow(user_id=r.user_id, game=r.game, **_rating_values(r)) for r in ratings)
            await s.flush()
            s.add_all(_history_row(h) for h in history)


_RATING_FIELDS = ("rating", "games", "wins", "draws", "losses", "best", "last_played")
_HISTORY_FIELDS = ("table_id", "user_id", "game", "seat", "rank", "outcome", "before", "after", "finished_at")


def _rating(row: RatingRow, name: str = "", guest: bool = False) -> RatingData:
    out = RatingData(row.user_id, row.game, name=name, guest=guest, **_rating_values(row))
    out.last_played = _aware(out.last_played)
    return out


def _rating_values(r: RatingData | RatingRow) -> dict[str, Any]:
    return {name: getattr(r, name) for name in _RATING_FIELDS}


def _history(row: RatingHistoryRow) -> RatingHistoryData:
    out = RatingHistoryData(**{name: getattr(row, name) for name in _HISTORY_FIELDS})
    out.finished_at = _aware(out.finished_at)
    return out


def _history_row(h: RatingHistoryData) -> RatingHistoryRow:
    return RatingHistoryRow(**{name: getattr(h, name) for name in _HISTORY_FIELDS})


def _session(row: SessionRow) -> SessionData:
    created, seen = _aware(row.created_at), _aware(row.last_seen)
    assert created is not None and seen is not None
    return SessionData(row.id, row.token_hash, row.user_id, created, seen, row.agent)


def _chat(row: ChatMessageRow) -> ChatData:
    return ChatData(row.id, row.table_id, row.user_id, row.name, row.seat, row.text, _aware(row.created_at))
