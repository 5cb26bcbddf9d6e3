"""What a connected bot account hears about its tables: seated, your turn, finished, unseated.

The hub calls :meth:`BotFeed.table_changed` after every change it has stored and announced. For each
bot connection of a user seated at that table (or that knew the table and lost its seat), the feed
works out what is new for that bot and sends it: ``seated`` the first time, ``turn`` whenever the bot's
seat must decide at a new ``state_id``, ``finished`` at the end, ``unseated`` if the seat is taken away
or the table closes. Every message is built for the bot's own seat only: its view (``state.view(seat)``),
the legal action texts (sent only when it is that seat's decision) and log events redacted with
``Event.for_seat(seat)``; nothing of another seat's hidden information.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.live import dumps
from monsterlair.server.tables.table import CLOSED, FINISHED, OPEN, PLAYING, Table, TableError

CATCH_UP_LIMIT = 200
"""Tables listed for a bot when it connects (open and under way ones are announced)."""


class BotLink(Protocol):
    """One connection of a bot account (a WebSocket): ``send`` queues text and never blocks."""

    user_id: int | None

    def send(self, text: str) -> None:
        """Queue one message."""

    def end(self, code: int, reason: str) -> None:
        """Close once what is queued has been written."""


@dataclasses.dataclass(slots=True)
class _Known:
    """What one connection has been told about one table."""

    turn_state: int | None = None
    log_sent: int = 0


def seated_message(table: Table, seat: int) -> dict[str, Any]:
    """You hold ``seat`` at this table (its public facts: game, options, seats, status)."""
    return {"type": "seated", "table": table.info(), "seat": seat}


def turn_message(table: Table, seat: int, log_from: int) -> dict[str, Any]:
    """Your seat must decide: your view, the legal action texts, and the log since your last message."""
    state = table.state
    assert state is not None
    return {
        "type": "turn",
        "table": table.id,
        "game": table.meta.game,
        "seat": seat,
        "state_id": table.state_id,
        "view": state.view(seat),
        "legal": [str(a) for a in state.legal_actions()],
        "log": [e.for_seat(seat) for e in table.log[log_from:]],
    }


def finished_message(table: Table, seat: int, log_from: int) -> dict[str, Any]:
    """The game is over: the result, your last view and the log since your last message."""
    return {
        "type": "finished",
        "table": table.id,
        "game": table.meta.game,
        "seat": seat,
        "state_id": table.state_id,
        "result": table.meta.result,
        "view": None if table.state is None else table.state.view(seat),
        "log": [e.for_seat(seat) for e in table.log[log_from:]],
    }


class BotFeed:
    """Every bot connection of this server process, and what each has been told."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._links: dict[int, set[BotLink]] = {}
        self._known: dict[BotLink, dict[str, _Known]] = {}
        self._by_table: dict[str, set[BotLink]] = {}
        hub.listeners.append(self.table_changed)

    # --- connections -------------------------------------------------------------------------------
    def add(self, link: BotLink) -> None:
        """Register an authenticated connection (``link.user_id`` is the bot account)."""
        assert link.user_id is not None
        self._links.setdefault(link.user_id, set()).add(link)
        self._known[link] = {}

    def remove(self, link: BotLink) -> None:
        """Forget a connection."""
        for table_id in self._known.pop(link, {}):
            self._unindex(link, table_id)
        if link.user_id is not None:
            links = self._links.get(link.user_id)
            if links is not None:
                links.discard(link)
                if not links:
                    del self._links[link.user_id]

    def connected(self, user_id: int) -> int:
        """How many connections a bot account has open."""
        return len(self._links.get(user_id, ()))

    def disconnect(self, user_id: int) -> None:
        """Close every connection of a bot account (its token was revoked or replaced)."""
        message = dumps(
            {"type": "error", "code": "token_revoked", "message": "This bot's token was revoked or replaced."}
        )
        for link in list(self._links.get(user_id, ())):
            link.send(message)
            link.end(4401, "token revoked")

    async def catch_up(self, link: BotLink) -> None:
        """Tell a new connection about every open table and game under way where its bot has a seat."""
        assert link.user_id is not None
        for meta in await self.hub.store.list_user_tables(link.user_id, limit=CATCH_UP_LIMIT):
            if meta.status not in (OPEN, PLAYING):
                continue
            try:
                table = await self.hub.table(meta.id)
            except TableError:
                continue
            self.refresh(link, table)

    # --- changes -----------------------------------------------------------------------------------
    def table_changed(self, table: Table) -> None:
        """The hub's listener: tell every bot connection concerned what is new at ``table``."""
        links = set(self._by_table.get(table.id, ()))
        for seat in table.meta.seats:
            if seat.user_id is not None:
                links.update(self._links.get(seat.user_id, ()))
        for link in links:
            self.refresh(link, table)

    def refresh(self, link: BotLink, table: Table, *, force: bool = False) -> None:
        """Send ``link`` what it has not heard about ``table`` yet (``force``: everything, as for a ``sync``)."""
        known = self._known.get(link)
        if known is None:
            return
        seat = table.seat_of(link.user_id)
        entry = known.get(table.id)
        if seat is None or table.status == CLOSED:
            if entry is not None:
                self._forget(link, table.id)
                why = "closed" if table.status == CLOSED else "removed"
                link.send(dumps({"type": "unseated", "table": table.id, "reason": why}))
            return
        if table.status == FINISHED:
            if entry is not None or force:
                link.send(dumps(finished_message(table, seat, 0 if entry is None or force else entry.log_sent)))
                self._forget(link, table.id)
            return
        if entry is None:
            entry = known[table.id] = _Known()
            self._by_table.setdefault(table.id, set()).add(link)
            link.send(dumps(seated_message(table, seat)))
        elif force:
            link.send(dumps(seated_message(table, seat)))
        state = table.state
        if table.status != PLAYING or state is None or state.over or state.to_move != seat:
            return
        if force or entry.turn_state != table.state_id:
            link.send(dumps(turn_message(table, seat, 0 if force else entry.log_sent)))
            entry.turn_state = table.state_id
            entry.log_sent = len(table.log)

    def _forget(self, link: BotLink, table_id: str) -> None:
        known = self._known.get(link)
        if known is not None:
            known.pop(table_id, None)
        self._unindex(link, table_id)

    def _unindex(self, link: BotLink, table_id: str) -> None:
        links = self._by_table.get(table_id)
        if links is not None:
            links.discard(link)
            if not links:
                del self._by_table[table_id]
