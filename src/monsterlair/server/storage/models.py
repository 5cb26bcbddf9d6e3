"""The database tables (SQLAlchemy 2 declarative, typed).

Schema changes go through alembic (``server/storage/migrations``); the naming convention below gives every
constraint a stable name, which SQLite's batch migrations need.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """The current time, timezone-aware."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base with the naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class UserRow(Base):
    """A person: a guest (no username) or a registered account (username + argon2id hash).

    A bot account has an owner (``bot_owner_id``), a username, no password, and the SHA-256 of its token.
    """

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    username: Mapped[str | None] = mapped_column(String(40), unique=True, default=None)
    password_hash: Mapped[str | None] = mapped_column(String(200), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    bot_owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None, index=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)


class TableRow(Base):
    """A game table: its set-up, status and the latest full record (the unit of replay)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(16), index=True)
    state_id: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[int | None] = mapped_column(Integer, default=None)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    rematch_of: Mapped[str | None] = mapped_column(String(24), default=None)
    rematch_id: Mapped[str | None] = mapped_column(String(24), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    turn_seconds: Mapped[float | None] = mapped_column(Float, default=None)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    tutorial: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class SeatRow(Base):
    """Who sits in one seat: a user, a bot (by spec), or nobody yet (both empty)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None, index=True)
    bot: Mapped[str | None] = mapped_column(String(80), default=None)
    name: Mapped[str] = mapped_column(String(40), default="")
    bot_account: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    bot_since: Mapped[int | None] = mapped_column(Integer, default=None)
    invited: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ActionRow(Base):
    """One accepted action. The primary key (table, ply) makes a second write of the same ply fail.

    ``ply`` is the table version the action made; an action its player took back stays, marked ``undone``.
    """

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(400))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    undone: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class EventRow(Base):
    """One event, stored whole (public and private parts); redacted per receiver when sent."""

    __tablename__ = "events"
    __table_args__ = (Index("ix_events_table_ply", "table_id", "ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, default=None)
    type: Mapped[str] = mapped_column(String(60))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    private: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    to: Mapped[list[int]] = mapped_column(JSON)


class RatingRow(Base):
    """A user's Elo rating in one game and their record there (only users with a rated game have one)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_rating", "game", "rating"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    best: Mapped[float] = mapped_column(Float)
    last_played: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class RatingHistoryRow(Base):
    """How one finished table moved one player's rating. Unique per (table, user): applied once."""

    __tablename__ = "rating_history"
    __table_args__ = (
        UniqueConstraint("table_id", "user_id", name="uq_rating_history_table_user"),
        Index("ix_rating_history_user_game", "user_id", "game", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(8))
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class ChatMessageRow(Base):
    """One message of a table's chat, stored before anyone is told of it (migration 0005)."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_table_id_id", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    name: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer, default=None)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SessionRow(Base):
    """A signed-in browser (migration 0006): the cookie holds a random token, this row its keyed hash.

    Deleting the row signs that browser out (logout, revoking it from the profile page, a password change);
    a row idle for too long or too old is expired (``server/accounts/auth.py``).
    """

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    agent: Mapped[str] = mapped_column(String(200), default="")
