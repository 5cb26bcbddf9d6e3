"""What the server stores, as plain records, and the interface every store offers.

The hub and the routes speak only this interface; ``sql.SqlStore`` implements it over SQLAlchemy
(SQLite by default, in memory for tests, PostgreSQL when configured).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


class Conflict(Exception):
    """A write lost a race: the username is taken, or the table moved on since it was read."""


@dataclass(slots=True)
class UserData:
    """A person. Guests have no username and no password."""

    id: int
    name: str
    username: str | None = None
    password_hash: str | None = None
    created_at: datetime | None = None

    @property
    def guest(self) -> bool:
        """True for a guest account."""
        return self.username is None


@dataclass(slots=True)
class SeatData:
    """One seat: a user, a bot spec, or empty (both ``None``)."""

    user_id: int | None = None
    bot: str | None = None
    name: str = ""

    @property
    def empty(self) -> bool:
        """True when nobody sits here."""
        return self.user_id is None and self.bot is None


@dataclass(slots=True)
class TableData:
    """A table's set-up and status as stored (the live state is rebuilt from ``record``)."""

    id: str
    game: str
    rules_version: int
    players: int
    options: dict[str, Any]
    seed: int
    owner_id: int
    private: bool
    invite: str
    status: str = "open"
    state_id: int = 0
    to_move: int | None = None
    result: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    created_at: datetime | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    seats: list[SeatData] = field(default_factory=list)


@dataclass(slots=True)
class StoredEvent:
    """An event with everything it holds; ``ply`` is the number of actions applied once it happened."""

    ply: int
    seat: int | None
    type: str
    data: dict[str, Any]
    private: dict[str, Any] | None
    to: list[int]


@dataclass(slots=True)
class ActionData:
    """One accepted action: the ply it made (1 for the first action), the seat that played it, its text."""

    ply: int
    seat: int
    text: str


class Store(Protocol):
    """Persistence for users, tables, seats, actions and events. Every method is one transaction."""

    async def start(self) -> None:
        """Open the database and bring its schema to the latest migration."""

    async def close(self) -> None:
        """Release connections."""

    async def create_user(self, name: str, username: str | None = None, password_hash: str | None = None) -> UserData:
        """A new user.

        Raises:
            Conflict: if the username is taken.
        """

    async def get_user(self, user_id: int) -> UserData | None:
        """The user with that id."""

    async def get_user_by_username(self, username: str) -> UserData | None:
        """The registered user with that (lower-cased) username."""

    async def register_user(self, user_id: int, name: str, username: str, password_hash: str) -> UserData:
        """Turn a guest into a registered account (keeping its tables).

        Raises:
            Conflict: if the username is taken.
        """

    async def create_table(self, table: TableData) -> None:
        """Store a new table with its seats."""

    async def save_table(self, table: TableData, expected: TableData | None = None) -> None:
        """Store a table's set-up, status and seats (not its actions).

        Raises:
            Conflict: if ``expected`` is given and the stored table's status, host, seats, state id or
                rematch differ from it (another process changed the table first); nothing is written.
        """

    async def commit_actions(
        self, table: TableData, previous_state_id: int, actions: list[ActionData], events: list[StoredEvent]
    ) -> None:
        """Store accepted actions and their events, and the table's new status, atomically.

        Raises:
            Conflict: if the stored table is no longer at ``previous_state_id`` (another writer won).
        """

    async def load_table(self, table_id: str) -> TableData | None:
        """A table with its seats."""

    async def load_events(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        """Every event of a table (only those of plies after ``since``, if given), in order."""

    async def load_actions(self, table_id: str) -> list[ActionData]:
        """Every accepted action of a table, in order."""

    async def list_tables(self, *, status: str, public_only: bool, limit: int) -> list[TableData]:
        """Tables with a status, newest first."""

    async def list_user_tables(self, user_id: int, *, limit: int) -> list[TableData]:
        """Tables where the user holds a seat or which they own, unfinished first, newest first."""

    async def playing_table_ids(self) -> list[str]:
        """Every table whose game is under way (to resume after a restart)."""

    async def stalled_bot_tables(self, before: datetime) -> list[str]:
        """Games under way where a bot is to move and nothing was stored since ``before``."""
