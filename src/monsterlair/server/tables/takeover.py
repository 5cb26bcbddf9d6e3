"""Bot takeover: when a person leaves a game under way or their turn clock runs out, a bot plays their seat.

The others can then finish the game. The seat keeps its person (``user_id``), who still sees their own
hand, and gains a bot (``bot``, ``bot_since``): the table plays it like any bot seat and the person's
actions are refused (``bot_playing``) until they take it back. A game with a takeover **does not count
for ratings** (``TableData.rated`` becomes false for good, even after the seat is taken back).

Taking back: a person whose seat a bot plays — after a timeout or after leaving — may reclaim it
while the game is under way (``reclaim``); the bot's moves stand and the game stays unrated. Leaving is
therefore "let a bot play for me", not a resignation, and coming back is allowed either way.

These functions are pure: they return a :class:`~monsterlair.server.tables.table.Proposal` holding the new
table set-up and the public log events (no action texts), which the hub stores — version-checked, so a
second timer or a second process for the same ``state_id`` changes nothing — before it announces it.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime

from monsterlair.core import Event
from monsterlair.server.storage.base import SeatData, TableData
from monsterlair.server.tables.clock import stamp
from monsterlair.server.tables.table import PLAYING, LogEntry, Proposal, Table, TableError

CLOCK = "clock"
LEFT = "left"


def _copy_meta(meta: TableData, **changes: object) -> TableData:
    """A copy of the set-up with its own seat list (the live one must not change before the store has it)."""
    seats = [dataclasses.replace(s) for s in meta.seats]
    return dataclasses.replace(meta, seats=seats, **changes)  # type: ignore[arg-type]


def ply_of(table: Table) -> int:
    """Actions in the record so far: the game ply new log entries belong to."""
    record = table.meta.record
    return len(record["actions"]) if record is not None else 0


def _require_playing(table: Table, what: str) -> None:
    if table.meta.status != PLAYING or table.state is None or table.state.over:
        raise TableError("not_playing", f"The game is not under way; there is no seat to {what}.")


def takeover(table: Table, seat: int, spec: str, reason: str, at: datetime | None = None) -> Proposal:
    """A bot (``spec``) takes ``seat`` over, for ``reason`` (``clock`` or ``left``); the game becomes unrated.

    Raises:
        TableError: ``not_playing``, or ``bad_request`` for a seat no person holds.
    """
    _require_playing(table, "hand to a bot")
    old = table.meta
    current = old.seats[seat]
    if current.user_id is None or current.bot is not None:
        raise TableError("bad_request", f"Seat {seat + 1} is not played by a person.")
    ply = ply_of(table)
    meta = _copy_meta(old, state_id=old.state_id + 1, rated=False)
    meta.seats[seat] = SeatData(current.user_id, spec, current.name, bot_since=ply)
    stamp(meta, old.to_move, at)
    events: list[LogEntry] = []
    if reason == CLOCK:
        events.append(LogEntry(ply, None, Event("clock_expired", {"seat": seat})))
    by = seat if reason == LEFT else None
    data = {"seat": seat, "reason": reason, "since": ply, "rated": False}
    events.append(LogEntry(ply, by, Event("seat_takeover", data)))
    assert table.state is not None
    return Proposal(seat, old.state_id, [], table.state, events, meta)


def reclaim(table: Table, user_id: int, at: datetime | None = None) -> Proposal:
    """The person takes back the seat a bot has been playing for them (the game stays unrated).

    Raises:
        TableError: ``not_playing``, ``not_seated``, or ``not_taken_over`` when no bot plays their seat.
    """
    _require_playing(table, "take back")
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError("not_seated", "You have no seat at this table.")
    old = table.meta
    current = old.seats[seat]
    if current.bot is None:
        raise TableError("not_taken_over", "You are playing your seat already; there is nothing to take back.")
    meta = _copy_meta(old, state_id=old.state_id + 1)
    meta.seats[seat] = SeatData(current.user_id, None, current.name)
    stamp(meta, old.to_move, at)  # the seat had no deadline while the bot played: a seat to move gets a full turn
    events = [LogEntry(ply_of(table), seat, Event("seat_reclaimed", {"seat": seat}))]
    assert table.state is not None
    return Proposal(seat, old.state_id, [], table.state, events, meta)
