"""What a live table is made of in memory, and the narrow face the hub shows its collaborators.

The hub (``hub.py``) owns one :class:`LiveTable` per table in memory: the table itself and everything this
process keeps about it (its lock, its watchers, its bot turn, whether another process changed it). Ending
or dropping a table drops that one entry.

The hub's collaborators — turn clock, takeover and undo (``controls.py``), ``chat.py`` and
``presence.py`` — are given to the hub and never import it: they talk back through :class:`TableHost`,
which the hub implements. So imports point one way: ``hub`` → collaborators → ``live``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from monsterlair.server.storage.base import Store
    from monsterlair.server.tables.table import Proposal, Table


class Subscriber(Protocol):
    """A live connection to one table (a WebSocket). ``send`` queues text and never blocks."""

    user_id: int | None

    def send(self, text: str) -> None:
        """Queue one message for the receiver."""


def dumps(message: Mapping[str, Any]) -> str:
    """Compact JSON for the wire."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@dataclasses.dataclass(slots=True, eq=False)
class SnapshotCache:
    """The costly part of a snapshot (view, legal actions, whole log, result: ``Table.snapshot_body``) as JSON, per
    receiver kind — ``(seat, can_undo)``, a spectator's seat being ``None`` — for one position of one table.

    A body is served only to the same kind of receiver, and only while the position is the one it was built
    at: the same state and log objects (held here, so their ids cannot be reused), the same log length and
    state id, and the same public facts (``Table.info`` but the clock's running count). The hub also empties
    it whenever it announces a change. So a seat never gets another seat's or a spectator's view, nor a
    view of an earlier position.
    """

    state: object = None
    log: object = None
    log_len: int = -1
    state_id: int = -1
    facts: str = ""
    bodies: dict[tuple[int | None, bool], str] = dataclasses.field(default_factory=dict)
    hits: int = 0
    builds: int = 0

    def clear(self) -> None:
        """Forget every body (the table changed, or nobody watches it any more)."""
        self.state = self.log = None
        self.log_len = self.state_id = -1
        self.facts = ""
        self.bodies.clear()

    def body(self, table: Table, kind: tuple[int | None, bool], facts: str, build: Callable[[], str]) -> str:
        """The body for ``kind`` at the table's position now: kept, or built (and kept)."""
        same = (
            self.state is table.state
            and self.log is table.log
            and self.log_len == len(table.log)
            and self.state_id == table.state_id
            and self.facts == facts
        )
        if not same:
            self.clear()
            self.state, self.log, self.log_len = table.state, table.log, len(table.log)
            self.state_id, self.facts = table.state_id, facts
        text = self.bodies.get(kind)
        if text is None:
            text = self.bodies[kind] = build()
            self.builds += 1
        else:
            self.hits += 1
        return text


@dataclasses.dataclass(slots=True, eq=False)
class LiveTable:
    """One table in this process's memory, and what the process keeps about it."""

    table: Table
    lock: asyncio.Lock = dataclasses.field(default_factory=asyncio.Lock)
    """Orders every change to the table."""
    subs: set[Subscriber] = dataclasses.field(default_factory=set)
    """The connections of this process watching it."""
    stale: bool = False
    """Another process changed it: catch up from storage before anyone reads it."""
    bot_task: asyncio.Task[None] | None = None
    """The task playing its bot turns; cleared when it finishes."""
    lease: str | None = None
    """The bot decision this process holds the lease of (released at shutdown for another process to play)."""
    snapshots: SnapshotCache = dataclasses.field(default_factory=lambda: SnapshotCache())
    """The seat-dependent parts of snapshots at the current position (``Hub.snapshot_text``)."""

    def bots_running(self) -> bool:
        """Whether a task is playing this table's bot turns now."""
        return self.bot_task is not None and not self.bot_task.done()


class TableHost(Protocol):
    """What the hub's collaborators (controls, chat, presence) may ask of it."""

    @property
    def store(self) -> Store:
        """Where tables, actions and chat are stored."""

    async def table(self, table_id: str) -> Table:
        """The live table, loaded on first use (raises ``TableError`` ``not_found``)."""

    def cached(self, table_id: str) -> Table | None:
        """The live table if it is in memory (no loading)."""

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders every change to one table (the table must be in memory)."""

    def subscribers(self, table_id: str) -> list[Subscriber]:
        """The connections of this process watching a table."""

    def tell(self, subs: Iterable[Subscriber], message: Mapping[str, Any]) -> None:
        """Send one message, the same for each, to some connections of this process."""

    def announce(self, table_id: str, message: Mapping[str, Any]) -> None:
        """Send one unredacted message to everyone watching a table, on every process."""

    def announce_committed(self, table: Table, proposal: Proposal, notice: str) -> None:
        """After a stored change was adopted: tell other processes, every receiver, the bots and listeners."""

    async def lapse_invitations(self, table: Table) -> None:
        """A rematch's time to answer has passed: open the seats of those who did not answer (call under the
        table's lock, once its deadline has passed)."""

    async def reload(self, table: Table) -> None:
        """Another writer changed the table: adopt what storage holds, resync its watchers, resume its bots
        (call under the table's lock)."""
