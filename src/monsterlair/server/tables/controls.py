"""The hub's side of the turn clock, bot takeover and undo: under the table's lock, store, then announce.

Each change here is built by a pure function (``takeover.py``, ``undo.py``), stored with a version check
(``Store.commit_change``: the table row must still be at the ``state_id`` the change was built on),
adopted by the live table, and announced to every receiver as an ``update`` like any action. If the
store says another writer got there first (a second server process fired the same timeout), the table
is reloaded from storage and its watchers resynced, and nothing is done twice.

The hub makes one ``TableControls`` and hands it itself as a :class:`~monsterlair.server.tables.live.TableHost`:
this module never imports the hub, and uses only that narrow face of it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from monsterlair.core import State
from monsterlair.server.storage.base import Conflict
from monsterlair.server.tables import takeover
from monsterlair.server.tables.clock import ClockError, ClockLimits, ClockScheduler, now, recovered_deadline
from monsterlair.server.tables.fanout import TABLE_NOTICE
from monsterlair.server.tables.live import TableHost
from monsterlair.server.tables.table import OPEN, PLAYING, Proposal, Table, TableError
from monsterlair.server.tables.undo import UndoTracker

log = logging.getLogger("monsterlair.server")


class TableControls:
    """Clock timers, takeovers, reclaimed seats and undos for one hub (``host``)."""

    def __init__(
        self,
        host: TableHost,
        *,
        takeover_bot: str = "greedy",
        limits: ClockLimits | None = None,
        clock: Callable[[], datetime] = now,
    ) -> None:
        self.host = host
        self.takeover_bot = takeover_bot
        self.limits = limits or ClockLimits()
        self.clock = clock
        self.undo_tracker = UndoTracker()
        self.clocks = ClockScheduler(self.expire, clock)

    # --- the clock ---------------------------------------------------------------------------------
    def check_clock(self, value: object) -> float | None:
        """A table's turn limit in seconds (``None``: no clock).

        Raises:
            TableError: ``bad_clock`` with the accepted range.
        """
        try:
            return self.limits.check(value)
        except ClockError as exc:
            raise TableError("bad_clock", str(exc)) from None

    def arm(self, table: Table) -> None:
        """(Re)start the table's timer for its turn's deadline or its time to answer (none: the timer stops)."""
        self.clocks.arm(table.id, table.state_id, table.meta.due_by)

    async def recover(self, table: Table) -> None:
        """After a restart: give the seat to move a fair deadline again (stored before it is armed)."""
        meta = table.meta
        deadline = recovered_deadline(meta, self.clock())
        if deadline == meta.turn_deadline:
            return
        async with self.host.lock(table.id):
            if table.meta is not meta:
                return
            previous = meta.turn_deadline
            meta.turn_deadline = deadline
            try:
                await self.host.store.commit_change(meta, meta.state_id, [])
            except Exception:
                meta.turn_deadline = previous
                log.warning("the recovered deadline of table %s was not stored", table.id)

    async def expire(self, table_id: str, state_id: int) -> None:
        """The deadline armed for ``state_id`` has passed: a bot takes the seat over (once). At a rematch
        not yet started it is the time to answer: the seats of those who did not answer open."""
        table = self.host.cached(table_id)
        if table is None:
            return
        rematch = table.meta.status == OPEN  # as the timer fired; checked again under the lock
        async with self.host.lock(table_id):
            meta = table.meta
            if rematch:
                due = meta.status == OPEN and any(s.invited for s in meta.seats)
            else:
                due = meta.state_id == state_id and meta.status == PLAYING
            deadline = meta.answer_by if rematch else meta.turn_deadline
            if not due or deadline is None:
                return
            if deadline > self.clock():  # woke a little early: sleep the rest
                self.arm(table)
                return
            if rematch:
                await self.host.lapse_invitations(table)
                return
            seat = table.to_move
            if seat is None:
                return
            proposal = takeover.takeover(table, seat, self.takeover_bot, takeover.CLOCK, self.clock())
            try:
                await self._commit(table, proposal, seats=True)
            except TableError as exc:  # another process stored this very timeout first: nothing to do
                log.info("turn clock of table %s not applied: %s", table_id, exc.message)

    # --- takeover ----------------------------------------------------------------------------------
    async def leave_game(self, user_id: int, table_id: str) -> None:
        """A person leaves a game under way: a bot plays their seat from now on (the game becomes unrated).

        Leaving twice is harmless. Raises:
            TableError: ``not_seated``, ``not_playing``.
        """
        table = await self.host.table(table_id)
        async with self.host.lock(table_id):
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated", "You have no seat at this table.")
            if table.meta.seats[seat].bot is not None and table.meta.status == PLAYING:
                return
            proposal = takeover.takeover(table, seat, self.takeover_bot, takeover.LEFT, self.clock())
            await self._commit(table, proposal, seats=True)

    async def reclaim(self, user_id: int, table_id: str) -> None:
        """A person takes back the seat a bot has been playing for them.

        Raises:
            TableError: ``not_seated``, ``not_playing``, ``not_taken_over``.
        """
        table = await self.host.table(table_id)
        async with self.host.lock(table_id):
            proposal = takeover.reclaim(table, user_id, self.clock())
            await self._commit(table, proposal, seats=True)

    # --- undo --------------------------------------------------------------------------------------
    def can_undo(self, table: Table, seat: int | None) -> bool:
        """Whether the receiver in ``seat`` may take back their last move now."""
        try:
            return self.undo_tracker.allowed(table, seat)
        except Exception:
            log.exception("the undo check of table %s failed", table.id)
            return False

    def undo_seat(self, table: Table) -> int | None:
        """The seat that may take back its last move at the table's position: only the seat to move ever may
        (the hub keeps the answer with the position, so its messages only read it)."""
        seat = table.to_move
        return seat if seat is not None and self.can_undo(table, seat) else None

    def noted(self, table: Table, proposal: Proposal, before: State | None) -> None:
        """A committed action was adopted: remember the position it was applied to (for undo)."""
        self.undo_tracker.noted(table, proposal, before)

    def forget(self, table_id: str) -> None:
        """Drop what undo remembers of a table (it left memory, or another process changed it)."""
        self.undo_tracker.forget(table_id)

    async def undo(self, user_id: int | None, table_id: str, state_id: object) -> None:
        """Take back the person's last move (see ``server/tables/undo.py`` for when that is allowed).

        Raises:
            TableError: ``undo_not_allowed`` with the reason, ``stale_state``, ``not_seated``, ``bad_request``.
        """
        table = await self.host.table(table_id)
        async with self.host.lock(table_id):
            proposal = self.undo_tracker.propose(table, user_id, state_id)
            ply = proposal.entries[0].ply
            await self._commit(table, proposal, undo=1)
            self.undo_tracker.undone(table.id, ply)

    # --- storing -----------------------------------------------------------------------------------
    async def _commit(self, table: Table, proposal: Proposal, *, seats: bool = False, undo: int = 0) -> None:
        # Like an action: a cancelled caller cannot leave storage and memory disagreeing.
        await asyncio.shield(asyncio.ensure_future(self._store_and_announce(table, proposal, seats, undo)))

    async def _store_and_announce(self, table: Table, proposal: Proposal, seats: bool, undo: int) -> None:
        try:
            await self.host.store.commit_change(
                proposal.meta, proposal.base_state_id, proposal.stored_events(), seats=seats, undo=undo
            )
        except Conflict:
            await self._reload(table.id)
            raise TableError(
                "stale_state", "The table moved on before this change was stored; nothing was done."
            ) from None
        except Exception:
            log.exception("storing a change for table %s failed", table.id)
            raise TableError("storage_failed", "The server could not store that; nothing was changed.") from None
        table.commit(proposal)
        self.host.announce_committed(table, proposal, TABLE_NOTICE)

    async def _reload(self, table_id: str) -> None:
        """Another writer changed the table: adopt what storage holds and resync everyone watching it here."""
        self.undo_tracker.forget(table_id)
        table = self.host.cached(table_id)
        if table is not None:
            await self.host.reload(table)  # under the table's lock, like every change

    async def close(self) -> None:
        """Stop every timer."""
        await self.clocks.close()
