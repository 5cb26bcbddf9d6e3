"""The optional turn clock: the host's time limit per turn, the stored deadline, and the timers that fire it.

A table created with ``turn_seconds`` gives the seat to move that long for its turn. A *turn* runs from
the moment a seat becomes the one to move until another seat is: a Monster Smash player picking cards
one at a time, or a Monster Club player playing several cards before attacking, has one deadline for
all of it, and taking a move back (``server/tables/undo.py``) never gives time back. Bots have no deadline.

The deadline is stored with the table (``TableData.turn_deadline``) in the same write as the change that set
it, so it survives a restart. After a restart it is recomputed (:func:`recovered_deadline`): a deadline
that passed while the server was down, or is about to, is moved to give the player at least
``min(turn_seconds, RECOVERY_GRACE)`` from the restart — nobody loses a turn to the server's downtime.

When a deadline passes, :class:`ClockScheduler` calls the hub, which lets a bot take the seat over
(``server/tables/takeover.py``). The timer carries the ``state_id`` it was armed for; the hub acts only if the
table is still at that version, and the store writes only if it still is, so a timer fired twice or on
two server processes acts once.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from monsterlair.server.storage.base import TableData

log = logging.getLogger("monsterlair.server.tables.clock")

PLAYING = "playing"
"""``table.PLAYING`` (the table module imports this one, so it cannot be imported from there)."""

CHOICES: tuple[tuple[float, str], ...] = (
    (30, "30 seconds"),
    (60, "1 minute"),
    (120, "2 minutes"),
    (300, "5 minutes"),
    (900, "15 minutes"),
    (3600, "1 hour"),
    (86_400, "1 day"),
    (259_200, "3 days"),
)
"""The limits the create-table form offers (seconds, label): live play up to correspondence play."""

ANSWER_SECONDS = 120.0
"""The shortest time a player asked to a rematch has to answer (``answer_seconds``)."""

OPEN = "open"

RECOVERY_GRACE = 120.0
"""After a restart the seat to move has at least this long (or its whole limit, if shorter)."""

LOW_FRACTION = 0.2
"""The client warns when less than this share of the limit (and at most a minute) is left."""


class ClockError(ValueError):
    """A turn limit the server does not accept, with a sentence a person can act on."""


@dataclasses.dataclass(frozen=True, slots=True)
class ClockLimits:
    """The shortest and longest turn limit a table may have (``MONSTERLAIR_CLOCK_MIN_SECONDS`` / ``_MAX_``)."""

    minimum: float = 10.0
    maximum: float = 7 * 86_400.0

    def check(self, value: object) -> float | None:
        """The limit in seconds, or ``None`` for no clock.

        Raises:
            ClockError: for anything but a number of seconds within the limits.
        """
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ClockError("The turn clock is a number of seconds, or null for no clock.")
        seconds = float(value)
        if not self.minimum <= seconds <= self.maximum:
            raise ClockError(
                f"A turn clock runs from {describe(self.minimum)} to {describe(self.maximum)} a turn "
                f"(or choose no clock); {describe(seconds)} is out of range."
            )
        return seconds

    def choices(self) -> list[dict[str, Any]]:
        """The offered limits that lie within these bounds (for the create-table form)."""
        return [{"seconds": s, "label": label} for s, label in CHOICES if self.minimum <= s <= self.maximum]


def describe(seconds: float) -> str:
    """A short human duration: ``45 seconds``, ``2 minutes``, ``1 day``, ``0.2 seconds``."""
    for unit, size in (("day", 86_400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = int(seconds // size)
            return f"{n} {unit}{'' if n == 1 else 's'}"
    shown = f"{seconds:g}"
    return f"{shown} second{'' if shown == '1' else 's'}"


def now() -> datetime:
    """The current time (UTC, aware)."""
    return datetime.now(UTC)


def _human_to_move(meta: TableData) -> bool:
    seat = meta.to_move
    if seat is None or not 0 <= seat < len(meta.seats):
        return False
    s = meta.seats[seat]
    return s.user_id is not None and s.bot is None


def answer_seconds(turn_seconds: float | None) -> float:
    """How long the players asked to a rematch have to answer: the table's turn limit, and never less than
    ``ANSWER_SECONDS`` (time to notice the offer after a look at another tab); two minutes without a clock."""
    return max(ANSWER_SECONDS, turn_seconds or 0.0)


def stamp(meta: TableData, previous_to_move: int | None, at: datetime | None = None) -> None:
    """Set ``meta.turn_deadline`` (and end ``meta.answer_by``) for the position ``meta`` describes, before it
    is stored.

    A new turn (another seat to move, or a person taking over from a bot) gets ``turn_seconds`` from
    ``at``; the same seat going on keeps its deadline; no clock, a bot to move or a finished game has none.
    A rematch not yet started keeps its time to answer (set when it was asked for) while a player it asked
    has not answered; no one's turn clock runs before the start, and the time to answer ends with it.
    """
    if meta.status == OPEN:
        if not any(s.invited for s in meta.seats):
            meta.answer_by = None
        return
    meta.answer_by = None
    if meta.turn_seconds is None or meta.status != PLAYING or not _human_to_move(meta):
        meta.turn_deadline = None
        return
    if meta.turn_deadline is None or meta.to_move != previous_to_move:
        meta.turn_deadline = (at or now()) + timedelta(seconds=meta.turn_seconds)


def recovered_deadline(meta: TableData, at: datetime | None = None) -> datetime | None:
    """The deadline to use after a restart (see the module docstring); ``None`` when there is none."""
    if meta.turn_seconds is None or meta.status != PLAYING or not _human_to_move(meta):
        return None
    at = at or now()
    floor = at + timedelta(seconds=min(meta.turn_seconds, RECOVERY_GRACE))
    return floor if meta.turn_deadline is None or meta.turn_deadline < floor else meta.turn_deadline


def clock_info(meta: TableData, at: datetime | None = None) -> dict[str, Any] | None:
    """The public clock facts of a table (``None`` without a clock).

    ``remaining`` is measured when the message is built, so a client counts down from its own receipt
    time and a wrong clock on the person's computer does not matter.
    """
    if meta.turn_seconds is None:
        return None
    remaining = None
    if meta.turn_deadline is not None and meta.status == PLAYING:
        remaining = max(0.0, round((meta.turn_deadline - (at or now())).total_seconds(), 3))
    return {
        "turn_seconds": meta.turn_seconds,
        "deadline": None if remaining is None or meta.turn_deadline is None else meta.turn_deadline.isoformat(),
        "remaining": remaining,
        "seat": meta.to_move if remaining is not None else None,
    }


def answer_info(meta: TableData, at: datetime | None = None) -> dict[str, Any] | None:
    """Until when the players asked to a rematch may answer (``None``: nobody is asked); ``remaining`` as in
    :func:`clock_info`."""
    if meta.status != OPEN or meta.answer_by is None or not any(s.invited for s in meta.seats):
        return None
    remaining = max(0.0, round((meta.answer_by - (at or now())).total_seconds(), 3))
    return {"deadline": meta.answer_by.isoformat(), "remaining": remaining}


Expire = Callable[[str, int], Awaitable[None]]


class ClockScheduler:
    """One sleeping task per table whose seat to move has a deadline; re-armed after every change.

    Nothing polls: each task sleeps until its deadline, then calls ``on_expire(table_id, state_id)``.
    """

    def __init__(self, on_expire: Expire, clock: Callable[[], datetime] = now) -> None:
        self._on_expire = on_expire
        self._clock = clock
        self._armed: dict[str, tuple[int, datetime, asyncio.Task[None]]] = {}
        self._closing = False

    def arm(self, table_id: str, state_id: int, deadline: datetime | None) -> None:
        """Sleep until ``deadline`` for this table at this version (``None`` cancels its timer)."""
        current = self._armed.get(table_id)
        if current is not None:
            armed_id, armed_at, task = current
            if deadline is not None and armed_id == state_id and armed_at == deadline and not task.done():
                return
            del self._armed[table_id]
            if task is not asyncio.current_task():  # never cancel the expiry that is re-arming from inside
                task.cancel()
        if deadline is None or self._closing:
            return
        task = asyncio.get_running_loop().create_task(self._wait(table_id, state_id, deadline))
        self._armed[table_id] = (state_id, deadline, task)

    def armed(self, table_id: str) -> tuple[int, datetime] | None:
        """The version and deadline a table's timer waits for, if any."""
        current = self._armed.get(table_id)
        return None if current is None or current[2].done() else (current[0], current[1])

    async def _wait(self, table_id: str, state_id: int, deadline: datetime) -> None:
        delay = (deadline - self._clock()).total_seconds()
        if delay > 0:
            await asyncio.sleep(delay)
        current = self._armed.get(table_id)
        if current is not None and current[2] is asyncio.current_task():
            del self._armed[table_id]
        try:
            await self._on_expire(table_id, state_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the turn clock of table %s could not be applied", table_id)

    async def close(self) -> None:
        """Cancel every timer (deadlines are stored; the next start re-arms them)."""
        self._closing = True
        tasks = [task for _, _, task in self._armed.values()]
        self._armed.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
