"""Who is at a table right now: the seated players who are connected, the people watching, and a count of
viewers who have not signed in.

The hub tells this module when a connection arrives or leaves and when seats change. A new connection
is sent the table's presence at once. For everyone else changes are coalesced: the first one starts a
short timer, and when it runs out one ``presence`` message goes to everyone at the table whose last one
differs (the timer grows with the crowd, so a busy table is not flooded). The message is the same for
every receiver and holds nothing from the game: display names, seat numbers and a count.

Presence is what this server process sees; with several processes each counts its own connections.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from monsterlair.server.tables.live import Subscriber, TableHost
    from monsterlair.server.tables.table import Table

log = logging.getLogger("monsterlair.server.tables.presence")

MAX_NAMES = 50
"""Spectator names listed at most; the rest are counted in ``more``."""


class Presence:
    """Presence for every table of one hub."""

    def __init__(
        self,
        host: TableHost,
        *,
        delay: float = 0.3,
        per_viewer: float = 0.005,
        max_delay: float = 5.0,
        max_names: int = MAX_NAMES,
    ) -> None:
        self.host = host
        self.delay = delay
        self.per_viewer = per_viewer
        self.max_delay = max_delay
        self.max_names = max_names
        self._names: dict[int, str] = {}
        self._connections: dict[int, int] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._seen: dict[Subscriber, int] = {}  # the hash of the last presence each connection got
        self._closed = False

    async def learn(self, user_id: int | None) -> None:
        """Look up the display name of a user about to connect (names can change, so on every connection)."""
        if user_id is None:
            return
        try:
            user = await self.host.store.get_user(user_id)
        except Exception:
            log.exception("looking up user %s for presence failed", user_id)
            return
        if user is not None:
            self._names[user_id] = user.name

    def joined(self, table_id: str, sub: Subscriber) -> None:
        """A connection now receives the table's messages: it hears who is here now, the others soon."""
        if sub.user_id is not None:
            self._connections[sub.user_id] = self._connections.get(sub.user_id, 0) + 1
        table = self.host.cached(table_id)
        if table is not None:
            self._send([sub], self.message(table, self.host.subscribers(table_id)))
        self.changed(table_id)

    def left(self, table_id: str, sub: Subscriber) -> None:
        """A connection is gone."""
        self._seen.pop(sub, None)
        uid = sub.user_id
        if uid is not None and uid in self._connections:
            self._connections[uid] -= 1
            if self._connections[uid] <= 0:
                del self._connections[uid]
                self._names.pop(uid, None)
        self.changed(table_id)

    def changed(self, table_id: str) -> None:
        """Something presence shows may have changed (a connection, a seat): send news after a short while."""
        if self._closed or table_id in self._timers:
            return
        crowd = len(self.host.subscribers(table_id))
        wait = min(self.max_delay, self.delay + crowd * self.per_viewer)
        self._timers[table_id] = asyncio.get_running_loop().call_later(wait, self.flush, table_id)

    def flush(self, table_id: str) -> None:
        """Send the table's presence now to every connection whose last presence message differs."""
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        subs = self.host.subscribers(table_id)
        table = self.host.cached(table_id)
        if subs and table is not None:
            self._send(subs, self.message(table, subs))

    def _send(self, subs: list[Subscriber], message: dict[str, Any]) -> None:
        key = hash(repr(sorted(message.items())))
        targets = [s for s in subs if self._seen.get(s) != key]
        for sub in targets:
            self._seen[sub] = key
        if targets:
            self.host.tell(targets, message)

    def message(self, table: Table, subs: list[Subscriber]) -> dict[str, Any]:
        """The presence message for a table's current connections."""
        online: set[int] = set()
        watchers: dict[int, str] = {}
        anonymous = 0
        for sub in subs:
            seat = table.seat_of(sub.user_id)
            if seat is not None:
                online.add(seat)
            elif sub.user_id is None:
                anonymous += 1
            else:
                watchers[sub.user_id] = self._names.get(sub.user_id, "Someone")
        names = sorted(watchers.values(), key=lambda n: (n.casefold(), n))
        return {
            "type": "presence",
            "online": sorted(online),
            "spectators": names[: self.max_names],
            "more": max(0, len(names) - self.max_names),
            "anonymous": anonymous,
        }

    def close(self) -> None:
        """Cancel every pending message."""
        self._closed = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
