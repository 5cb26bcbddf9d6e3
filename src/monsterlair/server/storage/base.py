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
    """A person. Guests have no username and no password.

    A bot account (``bot_owner_id`` set: the person who made it) has a username, no password, and
    ``token_hash``, the SHA-256 of the token its program signs in with (``None`` once revoked).
    """

    id: int
    name: str
    username: str | None = None
    password_hash: str | None = None
    created_at: datetime | None = None
    bot_owner_id: int | None = None
    token_hash: str | None = None

    @property
    def guest(self) -> bool:
        """True for a guest account."""
        return self.username is None

    @property
    def is_bot(self) -> bool:
        """True for a bot account (a program that plays over the network)."""
        return self.bot_owner_id is not None


@dataclass(slots=True)
class SessionData:
    """A signed-in browser: the keyed hash of its cookie's token, whose it is, since when, last seen, its agent."""

    id: int
    token_hash: str
    user_id: int
    created_at: datetime
    last_seen: datetime
    agent: str = ""


@dataclass(slots=True)
class SeatData:
    """One seat: a user, a bot spec, or empty (both ``None``). ``bot_account``: the user is a bot account."""

    user_id: int | None = None
    bot: str | None = None
    name: str = ""
    bot_account: bool = False
    bot_since: int | None = None
    """When a bot plays a person's seat (they left, or their clock ran out): the moves made before it took over."""
    invited: bool = False
    """Kept for a player of the last game who was asked to its rematch and has not answered yet (see
    ``Table.join``): nobody else may sit here, and the rematch does not start, until they join or decline."""

    @property
    def empty(self) -> bool:
        """True when nobody sits here."""
        return self.user_id is None and self.bot is None

    @property
    def taken_over(self) -> bool:
        """True when a bot plays this person's seat for them."""
        return self.user_id is not None and self.bot is not None


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
    rated: bool = True
    turn_seconds: float | None = None
    """The per-turn time limit (``None``: no clock). See ``server/tables/clock.py``."""
    turn_deadline: datetime | None = None
    """A game under way: when the seat to move runs out of time (``None`` without a clock, or while a bot is to
    move). See ``server/tables/clock.py``."""
    answer_by: datetime | None = None
    """A rematch not yet started: until when the players it asked may answer (``None``: nobody is asked)."""
    tutorial: bool = False
    """A game's tutorial (``server/tables/tutorials.py``): the browser shows its coach whenever it is opened."""

    @property
    def due_by(self) -> datetime | None:
        """The one moment the table waits for: :attr:`turn_deadline` or :attr:`answer_by`, whichever it has (a
        table has at most one; the clock sets one and clears the other). The table row stores it (its
        ``deadline`` column, read back as the one its status has) and the table's timer fires at it."""
        return self.turn_deadline if self.turn_deadline is not None else self.answer_by


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
    """One accepted action: the table version (``state_id``) it made, the seat that played it, its text.

    Versions count every stored change (actions, undos, takeovers), so they equal the action's place in
    the record only until the first of those. ``undone`` marks an action its player took back.
    """

    ply: int
    seat: int
    text: str
    undone: bool = False


@dataclass(slots=True)
class RatingData:
    """One user's rating in one game, with their record there (``name`` filled when listing)."""

    user_id: int
    game: str
    rating: float
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    best: float = 0.0
    last_played: datetime | None = None
    name: str = ""
    guest: bool = False


@dataclass(slots=True)
class RatingHistoryData:
    """How one rated game moved one user's rating (``outcome``: ``win``, ``draw`` or ``loss``)."""

    table_id: str
    user_id: int
    game: str
    seat: int
    rank: int
    outcome: str
    before: float
    after: float
    finished_at: datetime | None = None


@dataclass(slots=True)
class ChatData:
    """One stored chat message: who wrote it (name and seat as they were then) and the cleaned text."""

    id: int
    table_id: str
    user_id: int
    name: str
    seat: int | None
    text: str
    created_at: datetime | None = None


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

    async def create_bot_user(self, owner_id: int, name: str, username: str, token_hash: str) -> UserData:
        """A new bot account owned by ``owner_id``.

        Raises:
            Conflict: if the username is taken.
        """

    async def list_bot_users(self, owner_id: int) -> list[UserData]:
        """The bot accounts a person owns, oldest first."""

    async def set_bot_token(self, owner_id: int, username: str, token_hash: str | None) -> UserData | None:
        """Replace (or, with ``None``, revoke) the token of one of the owner's bots; ``None`` if there is none such."""

    async def get_user_by_token(self, token_hash: str) -> UserData | None:
        """The bot account whose token has this hash."""

    # --- sessions (see ``server/accounts/auth.py``) ------------------------------------------------------
    async def create_session(self, token_hash: str, user_id: int, agent: str) -> SessionData:
        """A new session of a user (created and last seen now)."""

    async def session_user(self, token_hash: str) -> tuple[SessionData, UserData] | None:
        """The session with this token hash and its user."""

    async def touch_session(self, session_id: int) -> None:
        """Mark a session as seen now."""

    async def list_sessions(self, user_id: int) -> list[SessionData]:
        """A user's sessions, the most recently seen first."""

    async def delete_sessions(self, user_id: int, *, session_id: int | None = None) -> int:
        """Revoke one of a user's sessions (``session_id``), or all of them; how many were revoked."""

    async def purge_sessions(self, *, seen_before: datetime, created_before: datetime) -> int:
        """Delete every session last seen before ``seen_before`` or created before ``created_before``."""

    async def count_hosted(self, owner_id: int, statuses: tuple[str, ...], *, bots: bool = False) -> int:
        """How many tables with one of these statuses a user hosts (with ``bots``: only those with a bot seated,
        not a tutorial; a bot playing for a person who left does not count)."""

    async def unfinished_tutorial(self, owner_id: int, game: str) -> str | None:
        """The user's newest tutorial of ``game`` still under way, if any (its id)."""

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

    async def commit_change(
        self,
        table: TableData,
        previous_state_id: int,
        events: list[StoredEvent],
        *,
        seats: bool = False,
        undo: int = 0,
    ) -> None:
        """Store a change that is not an action (a takeover, a reclaimed seat, an undo) atomically.

        The table row is written only if it is still at ``previous_state_id``; ``seats`` writes the seat
        rows too; ``undo`` marks that many of the latest actions not yet undone as undone (never deleted).

        Raises:
            Conflict: if the stored table is no longer at ``previous_state_id`` (another writer won).
        """

    async def load_events(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        """Every event of a table (only those of plies after ``since``, if given), in order."""

    async def load_actions(self, table_id: str, *, include_undone: bool = False) -> list[ActionData]:
        """Every accepted action of a table that stands, in order (with ``include_undone``, taken-back ones too)."""

    async def list_tables(self, *, status: str, public_only: bool, limit: int) -> list[TableData]:
        """Tables with a status, newest first."""

    async def list_user_tables(self, user_id: int, *, limit: int) -> list[TableData]:
        """Tables where the user holds a seat or which they own, unfinished first, newest first."""

    async def playing_table_ids(self) -> list[str]:
        """Every table whose game is under way (to resume after a restart)."""

    async def invitation_table_ids(self) -> list[str]:
        """Every rematch not yet started where a player asked has not answered (to re-arm its time to answer
        after a restart)."""

    # --- ratings (see ``server/accounts/ratings.py``) -------------------------------------------------------
    async def load_ratings(self, game: str, user_ids: list[int]) -> dict[int, RatingData]:
        """The current ratings of these users in a game (users without one are left out)."""

    async def record_ratings(self, history: list[RatingHistoryData], ratings: list[RatingData]) -> bool:
        """Store one finished table's rating changes and the users' new ratings, atomically and once.

        ``ratings`` are the new rows, each computed from the row whose ``games`` is one less (none when
        ``games`` is 1). Returns False, changing nothing, if this table's changes are already stored.

        Raises:
            Conflict: if a rating moved since it was read (another game finished meanwhile): read again.
        """

    async def table_rating_changes(self, table_ids: list[str]) -> list[RatingHistoryData]:
        """Every stored rating change of these tables."""

    async def leaderboard(self, game: str, *, limit: int, offset: int) -> tuple[int, list[RatingData]]:
        """How many users hold a rating in a game, and one page of them, best first."""

    async def rating_position(self, game: str, rating: float) -> int:
        """The leaderboard place a rating holds in a game (1 + how many ratings are higher)."""

    async def user_ratings(self, user_id: int) -> list[RatingData]:
        """A user's rating in every game they have a rated game of."""

    async def user_rating_history(self, user_id: int, game: str, *, limit: int) -> list[RatingHistoryData]:
        """A user's latest rating changes in a game, oldest first."""

    async def list_user_finished(
        self, user_id: int, *, viewer_id: int | None, limit: int, offset: int
    ) -> list[TableData]:
        """Finished tables where the user held a seat, latest first, without their records; a private one
        only when ``viewer_id`` sat there or hosted it."""

    async def finished_tables(self) -> list[TableData]:
        """Every finished table, in the order the games ended, without records (to rebuild ratings)."""

    async def replace_ratings(self, history: list[RatingHistoryData], ratings: list[RatingData]) -> None:
        """Replace every rating and every rating change at once (a rebuild)."""

    async def list_turns(self, user_id: int, *, limit: int) -> list[TableData]:
        """Games under way where the seat to move is the user's, the longest-waiting first."""

    async def list_invitations(self, user_id: int, *, limit: int) -> list[TableData]:
        """Open rematches where a seat is kept for the user, who has not answered yet; the oldest first."""

    async def add_chat(self, table_id: str, user_id: int, name: str, seat: int | None, text: str) -> ChatData:
        """Store one chat message (with its id and time)."""

    async def recent_chat(self, table_id: str, *, limit: int) -> list[ChatData]:
        """A table's latest chat messages, oldest first."""

    async def stalled_bot_tables(self, before: datetime) -> list[str]:
        """Games under way where a bot is to move and nothing was stored since ``before``."""
