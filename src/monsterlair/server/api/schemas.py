"""Request and response bodies (pydantic at the HTTP edge): ``Create``/``Update``/``Public`` variants."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class GuestCreate(BaseModel):
    """Play as a guest under a chosen name."""

    name: str = Field(max_length=200)


class UserRegister(BaseModel):
    """Create an account (a signed-in guest keeps their tables)."""

    username: str = Field(max_length=200)
    password: str = Field(max_length=1000)
    name: str | None = Field(default=None, max_length=200)


class UserLogin(BaseModel):
    """Log in."""

    username: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class PasswordChange(BaseModel):
    """Change my password: the current one, and the new one."""

    password: str = Field(max_length=1000)
    new_password: str = Field(max_length=1000)


class SessionPublic(BaseModel):
    """One signed-in browser of mine: since when, last seen, until when, its browser, and whether it is this one."""

    id: int
    created_at: str
    last_seen: str
    expires_at: str
    agent: str
    current: bool


class UserPublic(BaseModel):
    """The signed-in user as the client sees them."""

    id: int
    name: str
    username: str | None
    guest: bool
    bot: bool = False


class SeatCreate(BaseModel):
    """One seat of a new table; ``bot_account`` seats a bot account (by username) that plays over the network."""

    kind: Literal["me", "open", "bot", "bot_account"]
    bot: str | None = Field(default=None, max_length=80)
    account: str | None = Field(default=None, max_length=40)


class TableCreate(BaseModel):
    """A new table: game, player count, options (checked against the game's schema), seats."""

    game: str = Field(max_length=40)
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatCreate] = Field(max_length=16)
    private: bool = False
    start: bool = Field(default=False, description="Start at once if every seat is filled.")
    turn_seconds: float | None = Field(
        default=None, description="A time limit per turn in seconds (null: no clock); see GET /api/games 'clocks'."
    )


class JoinRequest(BaseModel):
    """Take a seat (any empty one when ``seat`` is omitted)."""

    seat: int | None = None
    invite: str | None = Field(default=None, max_length=60)


class UndoRequest(BaseModel):
    """Take back my last move, as seen at ``state_id``."""

    state_id: int


class SeatUpdate(BaseModel):
    """The host seats a bot (``bot``, a spec) or a bot account (``account``, its username), or empties a bot seat."""

    seat: int
    bot: str | None = Field(default=None, max_length=80)
    account: str | None = Field(default=None, max_length=40)
