"""Live tables: one lock per table, store-then-announce, per-receiver fan-out, and bots.

The hub owns the in-memory :class:`~monsterlair.server.master.Table` objects (loaded from storage on
first use, and all games under way at start-up, so bot turns resume after a restart). Every change to a
table runs under that table's lock and follows one order: the master checks and applies to a clone →
the store commits → the table adopts the new state → each subscriber is sent its own redacted message.
Two actions for the same ``state_id`` therefore meet one after the other, and the second is refused
as stale. Bots think in an executor (threads by default) so the event loop keeps serving people.

Several processes can serve one database (``server/fanout.py``): after storing a change a process
publishes a notice, and the others bring their copy up to date (``server/refresh.py``) and tell their own
receivers. The store's version checks decide races between processes: the loser catches up and is
refused as stale. A bot decision is leased to one process, and a sweep takes over bot turns whose
process went away.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import secrets
from collections.abc import Callable, Coroutine, Iterable, Mapping
from concurrent.futures import Executor
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from monsterlair.core import Game, fresh_seed
from monsterlair.server import ratings
from monsterlair.server.bots import BotCatalog, bot_seed, timed_choose
from monsterlair.server.chat import Chat
from monsterlair.server.clock import ClockLimits, stamp
from monsterlair.server.controls import TableControls
from monsterlair.server.fanout import ACTIONS_NOTICE, BOTS_NOTICE, CHAT_NOTICE, TABLE_NOTICE, Fanout, LocalFanout
from monsterlair.server.master import CLOSED, FINISHED, OPEN, PLAYING, LogEntry, Proposal, Table, TableError
from monsterlair.server.presence import Presence
from monsterlair.server.refresh import refresh
from monsterlair.server.storage.base import Conflict, SeatData, Store, TableData, UserData

log = logging.getLogger("monsterlair.server")

INLINE_BOT_SECONDS = 0.002
"""Bots whose decisions take less CPU than this (a running average) decide on the event loop itself."""


BOT_LEASE_SECONDS = 20.0
"""How long one process keeps a bot decision to itself (plus the bot delay); after that another may play it."""
BOT_SWEEP_SECONDS = 5.0
"""How often a process of a cluster looks for bot turns nobody is playing (their process went away)."""
BOT_STALL_SECONDS = 10.0
"""A bot turn with nothing stored for this long (plus the bot delay) is looked at by the sweep."""


class Subscriber(Protocol):
    """A live connection to one table (a WebSocket). ``send`` queues text and never blocks."""

    user_id: int | None

    def send(self, text: str) -> None:
        """Queue one message for the receiver."""


def dumps(message: Mapping[str, Any]) -> str:
    """Compact JSON for the wire."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclasses.dataclass(slots=True)
class SeatRequest:
    """One seat of a table being created: ``me``, ``open``, ``bot`` (with a spec) or ``bot_account`` (with the user)."""

    kind: str
    bot: str | None = None
    account: UserData | None = None


class Hub:
    """Every live table of this server process."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game],
        bots: BotCatalog,
        executor: Executor,
        *,
        bot_delay: float = 0.8,
        takeover_bot: str = "greedy",
        clock_limits: ClockLimits | None = None,
        fanout: Fanout | None = None,
    ) -> None:
        self.store = store
        self.games = dict(games)
        self.bots = bots
        self.executor = executor
        self.bot_delay = bot_delay
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._subs: dict[str, set[Subscriber]] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._load_lock = asyncio.Lock()
        self._closing = False
        self._bot_cost: dict[str, float] = {}
        self.fanout = fanout if fanout is not None else LocalFanout()
        self._stale: set[str] = set()
        self._loading: set[str] = set()
        self._background: set[asyncio.Task[None]] = set()
        self._leases: dict[str, str] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.fanout.on(ACTIONS_NOTICE, self._on_actions_notice)
        self.fanout.on(TABLE_NOTICE, self._on_table_notice)
        self.fanout.on(BOTS_NOTICE, self._on_bots_notice)
        self.fanout.on(CHAT_NOTICE, self._on_chat_notice)
        self.fanout.on_gap(self._on_gap)
        self.listeners: list[Callable[[Table], None]] = []
        """Called after every announced change of a table (the bot accounts' feed listens here)."""
        self.controls = TableControls(self, takeover_bot=takeover_bot, limits=clock_limits)
        """Turn clock, bot takeover and undo (``server/controls.py``)."""
        self.presence = Presence(self)
        self.chat = Chat(self)

    # --- tables ------------------------------------------------------------------------------------
    def game(self, game_id: str) -> Game:
        """A game this server offers.

        Raises:
            TableError: ``unknown_game``.
        """
        game = self.games.get(str(game_id))
        if game is None:
            raise TableError("unknown_game", f"There is no game {game_id!r} here. Games: {', '.join(self.games)}.")
        return game

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders every change to one table."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def table(self, table_id: str) -> Table:
        """The live table, loaded (and its game replayed) on first use.

        Raises:
            TableError: ``not_found``, or ``unavailable`` if its record no longer replays.
        """
        table = self._tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
        if table_id in self._stale:  # another process changed it: catch up before anyone reads it
            async with self.lock(table_id):
                if table_id in self._stale:
                    await self._catch_up(table)
            if table.status == CLOSED:
                raise TableError("not_found", "There is no such table (it may have been closed).")
        return table

    async def _load(self, table_id: str) -> Table:
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 24:
            raise TableError("not_found", "There is no such table.")
        async with self._load_lock:
            table = self._tables.get(table_id)
            if table is not None:
                return table
            self._loading.add(table_id)  # a notice arriving meanwhile marks it stale (see _mark_stale)
            try:
                meta = await self.store.load_table(table_id)
                if meta is None or meta.status == CLOSED:
                    raise TableError("not_found", "There is no such table (it may have been closed).")
                game = self.game(meta.game)
                events = await self.store.load_events(table_id) if meta.status != OPEN else []
                table = Table.restore(meta, game, events, bot_label=self.bots.label)
            finally:
                self._loading.discard(table_id)
            self._tables[table_id] = table
            self.controls.arm(table)
            return table

    def cached(self, table_id: str) -> Table | None:
        """The live table if it is in memory (no loading)."""
        return self._tables.get(table_id)

    async def create(
        self,
        user: UserData,
        game_id: str,
        players: int,
        options: Mapping[str, Any] | None,
        seats: list[SeatRequest],
        *,
        private: bool = False,
        start: bool = False,
        turn_seconds: object = None,
    ) -> Table:
        """Open a new table (and start it at once when asked and every seat is filled).

        Raises:
            TableError: for an unknown game, bad options, a bad seat list or bot spec, a bad turn clock.
        """
        clock = self.controls.check_clock(turn_seconds)
        game = self.game(game_id)
        seat_data: list[SeatData] = []
        for i, req in enumerate(seats):
            if req.kind == "me":
                seat_data.append(SeatData(user_id=user.id, name=user.name))
            elif req.kind == "open":
                seat_data.append(SeatData())
            elif req.kind == "bot":
                try:
                    spec = self.bots.check(req.bot)
                except ValueError as exc:
                    raise TableError("bad_bot", f"Seat {i + 1}: {exc}") from None
                seat_data.append(SeatData(bot=spec, name=self.bots.label(spec)))
            elif req.kind == "bot_account" and req.account is not None and req.account.is_bot:
                seat_data.append(SeatData(user_id=req.account.id, name=req.account.name, bot_account=True))
            else:
                raise TableError(
                    "bad_request", f"Seat {i + 1}: a seat is 'me', 'open', 'bot' or 'bot_account', not {req.kind!r}."
                )
        table = Table.create(
            game,
            table_id=secrets.token_urlsafe(6),
            owner_id=user.id,
            players=players,
            options=options,
            seats=seat_data,
            private=private,
            seed=fresh_seed(),
            invite=secrets.token_urlsafe(9),
            bot_label=self.bots.label,
        )
        table.meta.turn_seconds = clock
        if start and all(not s.empty for s in table.meta.seats):
            table.start(user.id)
            stamp(table.meta, None)
        await self.store.create_table(table.meta)
        self._tables[table.id] = table
        self._kick_bot(table)
        self._changed(table)
        return table

    async def _mutate(self, table: Table, change: Callable[[Table], Any]) -> Any:
        """Apply a seat or status change, store it, then announce it; on any failure restore the table.

        The store checks that the table is still as this process knew it; if another process changed it
        first, the table catches up and the change is checked again on the fresh table. A refusal is
        checked against storage too before it is given (this copy may be a moment behind).
        """
        rechecked = False
        for _ in range(3):
            if table.id in self._stale:
                await self._catch_up(table)
            saved_meta = dataclasses.replace(table.meta, seats=[dataclasses.replace(s) for s in table.meta.seats])
            saved_state = table.state
            try:
                before = table.meta.to_move
                result = change(table)
                stamp(table.meta, before)
                await self.store.save_table(table.meta, expected=saved_meta)
            except Conflict:
                table.meta, table.state = saved_meta, saved_state
                self._stale.add(table.id)
                continue
            except TableError:
                table.meta, table.state = saved_meta, saved_state
                if rechecked or not await self._catch_up(table):
                    raise
                rechecked = True
                continue
            except BaseException:
                table.meta, table.state = saved_meta, saved_state
                raise
            self.fanout.publish(table.id, TABLE_NOTICE, {"state_id": table.state_id})
            self._broadcast_snapshots(table)
            self.presence.changed(table.id)
            self._kick_bot(table)
            self._changed(table)
            return result
        raise TableError("busy", "The table kept changing while this was being stored; nothing was done. Try again.")

    async def join(self, user: UserData, table_id: str, seat: int | None = None, invite: str | None = None) -> int:
        """Seat a user.

        Raises:
            TableError: see :meth:`Table.join`.
        """
        table = await self.table(table_id)
        async with self.lock(table_id):
            result: int = await self._mutate(
                table, lambda t: t.join(user.id, user.name, seat, invite, bot_account=user.is_bot)
            )
            return result

    async def leave(self, user: UserData, table_id: str) -> None:
        """Free the user's seat before the start; during the game a bot takes it over (``server/takeover.py``).

        Raises:
            TableError: see :meth:`Table.leave` and :meth:`TableControls.leave_game`.
        """
        table = await self.table(table_id)
        if table.status == PLAYING:
            await self.controls.leave_game(user.id, table_id)
            return
        async with self.lock(table_id):
            await self._mutate(table, lambda t: t.leave(user.id))
            if table.status == CLOSED:
                self._tables.pop(table_id, None)
                self._stale.discard(table_id)

    async def set_seat(self, user: UserData, table_id: str, seat: int, bot: str | None) -> None:
        """The host adds a bot to a seat or empties a bot seat.

        Raises:
            TableError: see :meth:`Table.set_seat`; ``bad_bot`` for a bad spec.
        """
        table = await self.table(table_id)
        spec = None
        if bot is not None:
            try:
                spec = self.bots.check(bot)
            except ValueError as exc:
                raise TableError("bad_bot", str(exc)) from None
        async with self.lock(table_id):
            await self._mutate(table, lambda t: t.set_seat(user.id, seat, spec))

    async def seat_bot_account(self, user: UserData, table_id: str, seat: int, bot: UserData) -> None:
        """The host invites a bot account into a seat.

        Raises:
            TableError: see :meth:`Table.seat_bot_account`.
        """
        table = await self.table(table_id)
        async with self.lock(table_id):
            await self._mutate(table, lambda t: t.seat_bot_account(user.id, seat, bot.id, bot.name))

    async def start(self, user: UserData, table_id: str) -> None:
        """The host starts the game.

        Raises:
            TableError: see :meth:`Table.start`.
        """
        table = await self.table(table_id)
        async with self.lock(table_id):
            await self._mutate(table, lambda t: t.start(user.id))

    async def rematch(self, user: UserData, table_id: str) -> Table:
        """A new game with the same game, options and seats, started at once; asking twice gives the same one.

        Raises:
            TableError: before the end, or for someone who did not play.
        """
        table = await self.table(table_id)
        async with self.lock(table_id):
            if table.meta.rematch_id is not None:
                return await self.table(table.meta.rematch_id)
            meta = table.rematch_meta(user.id, table_id=secrets.token_urlsafe(6), seed=fresh_seed(), invite="")
            meta.invite = secrets.token_urlsafe(9)
            new = Table(meta, table.game, bot_label=self.bots.label)
            new.start(user.id)
            stamp(new.meta, None)
            await self.store.create_table(new.meta)

            def claim(t: Table) -> str:
                if t.meta.rematch_id is None:
                    t.meta.rematch_id = new.id
                return t.meta.rematch_id

            winner: str = await self._mutate(table, claim)
            if winner != new.id:  # another process stored its rematch first: that one is the rematch
                new.meta.status = CLOSED
                await self.store.save_table(new.meta)
                return await self.table(winner)
            self._tables[new.id] = new
            self._kick_bot(new)
            self._changed(new)
            return new

    # --- play --------------------------------------------------------------------------------------
    async def act(self, user_id: int | None, table_id: str, state_id: object, texts: object) -> None:
        """Play a user's action (or batch): checked, stored, then announced to every receiver.

        Raises:
            TableError: if the table refuses it (nothing changes) or it could not be stored.
        """
        table = await self.table(table_id)
        async with self.lock(table_id):
            if table_id in self._stale or (type(state_id) is int and state_id > table.state_id):
                await self._catch_up(table)  # another process is ahead of this one
            proposal = table.propose(user_id, state_id, texts)
            await self._commit(table, proposal)

    async def _commit(self, table: Table, proposal: Proposal) -> None:
        # Store, adopt and announce as one unit that a cancelled caller cannot cut in half: once the
        # store has the actions, the live table must follow, or memory and storage would disagree.
        await asyncio.shield(asyncio.ensure_future(self._store_and_announce(table, proposal)))

    async def _store_and_announce(self, table: Table, proposal: Proposal) -> None:
        stamp(proposal.meta, table.meta.to_move)
        before = table.state
        try:
            await self.store.commit_actions(
                proposal.meta, proposal.base_state_id, proposal.actions(), proposal.stored_events()
            )
        except Conflict:
            # Another process stored an action here first: adopt it (this process's receivers are told),
            # and refuse this one, which answered a position that is gone.
            await self._catch_up(table)
            raise TableError(
                "stale_state",
                f"Another action was stored first (the table is now at state {table.state_id}); nothing was played.",
            ) from None
        except Exception:
            log.exception("storing actions for table %s failed", table.id)
            raise TableError("storage_failed", "The server could not store that action; nothing was played.") from None
        table.commit(proposal)
        if table.status == FINISHED:  # rated before anyone hears of the end, so the new ratings are there
            await ratings.settle(self.store, table.meta, table.game)
        self.controls.undo_tracker.noted(table, proposal, before)
        self.announce_committed(table, proposal, ACTIONS_NOTICE)

    def announce_committed(self, table: Table, proposal: Proposal, notice: str) -> None:
        """After a stored change was adopted: tell the other processes (``notice``), then every receiver here
        its own update, then the bots and the listeners. Actions and the controls' changes share this."""
        self.fanout.publish(table.id, notice, {"state_id": table.state_id})
        self._broadcast_update(table, proposal.entries, proposal.base_state_id)
        self._kick_bot(table)
        self._changed(table)

    def _changed(self, table: Table) -> None:
        for listener in self.listeners:
            try:
                listener(table)
            except Exception:
                log.exception("a listener failed on table %s", table.id)

    # --- bots --------------------------------------------------------------------------------------
    def _kick_bot(self, table: Table) -> None:
        self.controls.arm(table)
        if self._closing or table.bot_to_move() is None:
            return
        task = self._bot_tasks.get(table.id)
        if task is not None and not task.done():
            return
        self._bot_tasks[table.id] = asyncio.get_running_loop().create_task(self._run_bots(table.id))

    async def _run_bots(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        while not self._closing:
            table = self._tables.get(table_id)
            if table is None or table.state is None:
                return
            if table_id in self._stale:
                async with self.lock(table_id):
                    await self._catch_up(table)
                continue
            turn = table.bot_to_move()
            if turn is None:
                return
            seat, spec = turn
            state_id = table.state_id
            # One process plays each bot decision: the one holding its lease. (Should two ever play it,
            # the store keeps the first and the other catches up.)
            lease = f"bot:{table_id}:{state_id}"
            if not await self.fanout.claim(lease, BOT_LEASE_SECONDS + self.bot_delay):
                return
            self._leases[table_id] = lease
            if table.state is None or table.state_id != state_id:  # it moved on while the lease was taken
                continue
            started = loop.time()
            seed = bot_seed(table.meta.seed, state_id, seat)
            try:
                cost = self._bot_cost.get(spec)
                if cost is not None and cost < INLINE_BOT_SECONDS:
                    # A bot known to decide in well under a millisecond or two (random, greedy on a small
                    # game) decides right here: a trip to a worker thread would cost more than the work.
                    text, spent = timed_choose(self.bots.maker(), spec, table.state.clone(), seat, seed)
                else:
                    text, spent = await loop.run_in_executor(
                        self.executor, timed_choose, self.bots.maker(), spec, table.state.clone(), seat, seed
                    )
                self._bot_cost[spec] = spent if cost is None else 0.7 * cost + 0.3 * spent
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot %r failed at table %s; playing its first legal action", spec, table_id)
                text = str(table.state.legal_actions()[0])
            # A bot's first decision of a run waits the full delay; the picks that follow it (one card at a
            # time) go faster, so people can follow without a bot's turn dragging on.
            again = bool(table.log) and table.log[-1].seat == seat
            wait = self.bot_delay * (0.4 if again else 1.0) - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self.lock(table_id):
                try:
                    proposal = table.propose_bot(seat, state_id, text)
                    await self._commit(table, proposal)
                except TableError as exc:
                    if exc.code == "storage_failed":
                        await asyncio.sleep(1.0)
                    log.info("bot move at table %s not played: %s", table_id, exc.message)

    async def recover(self) -> int:
        """Load every game under way (replaying its record) and resume bot turns; the number resumed."""
        count = 0
        for table_id in await self.store.playing_table_ids():
            try:
                table = await self.table(table_id)
            except TableError as exc:
                log.warning("table %s cannot be resumed: %s", table_id, exc.message)
                continue
            await self.controls.recover(table)
            self._kick_bot(table)
            count += 1
        if self.fanout.shared and self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_bots())
        return count

    async def close(self) -> None:
        """Stop bots (their moves not yet stored are simply chosen again after a restart)."""
        self._closing = True
        await self.controls.close()
        self.presence.close()
        playing = self._bot_tasks_running()
        tasks = [*self._bot_tasks.values(), *self._background]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        for table_id in playing:  # bot turns this process was playing: another process takes them now
            lease = self._leases.get(table_id)
            if lease is not None:
                await self.fanout.release(lease)
                self.fanout.publish(table_id, BOTS_NOTICE, {})

    # --- subscribers -------------------------------------------------------------------------------
    async def subscribe(self, table_id: str, sub: Subscriber, invite: str | None = None) -> Table:
        """Register a connection and send it a full snapshot (atomically: no update can fall between).

        Raises:
            TableError: ``not_found`` or ``forbidden`` (a private table without its invite).
        """
        table = await self.table(table_id)
        if not table.may_view(sub.user_id, invite):
            raise TableError("forbidden", "This table is private; ask its host for the invite link.")
        await self.presence.learn(sub.user_id)
        self._subs.setdefault(table_id, set()).add(sub)
        self.resync(table, sub)
        self.presence.joined(table_id, sub)
        return table

    def unsubscribe(self, table_id: str, sub: Subscriber) -> None:
        """Forget a connection; a finished table nobody watches leaves memory (so does one another process
        changed since, when nothing here is using it: it is loaded again, fresh, when needed)."""
        subs = self._subs.get(table_id)
        if subs is not None and sub in subs:
            subs.discard(sub)
            self.presence.left(table_id, sub)
        if subs is not None:
            if not subs:
                del self._subs[table_id]
                table = self._tables.get(table_id)
                done = table is not None and (
                    table.status == FINISHED or (table_id in self._stale and not self.lock(table_id).locked())
                )
                if done and table_id not in self._bot_tasks_running():
                    self._tables.pop(table_id, None)
                    self._locks.pop(table_id, None)
                    self._stale.discard(table_id)

    def _bot_tasks_running(self) -> set[str]:
        return {k for k, t in self._bot_tasks.items() if not t.done()}

    def resync(self, table: Table, sub: Subscriber) -> None:
        """Send one connection the full snapshot for its seat."""
        seat = table.seat_of(sub.user_id)
        sub.send(
            dumps(self.controls.decorate(table, seat, table.snapshot(seat, host=sub.user_id == table.meta.owner_id)))
        )

    def subscribers(self, table_id: str) -> list[Subscriber]:
        """The connections of this process watching a table."""
        return list(self._subs.get(table_id, ()))

    def tell(self, subs: Iterable[Subscriber], message: Mapping[str, Any]) -> None:
        """Send one message, the same for each, to some connections of this process."""
        text = dumps(message)
        for sub in subs:
            sub.send(text)

    def announce(self, table_id: str, message: Mapping[str, Any]) -> None:
        """Send one message, the same for every receiver, to everyone watching a table (chat).

        Only for messages that hold nothing hidden: they are not redacted per seat. Other server processes
        get it through the fan-out and tell their own receivers.
        """
        self.tell(self.subscribers(table_id), message)
        self.fanout.publish(table_id, CHAT_NOTICE, message)

    def _groups(self, table: Table) -> dict[tuple[int | None, bool], list[Subscriber]]:
        groups: dict[tuple[int | None, bool], list[Subscriber]] = {}
        owner = table.meta.owner_id
        for sub in self._subs.get(table.id, ()):
            key = (table.seat_of(sub.user_id), sub.user_id == owner)
            groups.setdefault(key, []).append(sub)
        return groups

    def _broadcast_snapshots(self, table: Table) -> None:
        for (seat, host), subs in self._groups(table).items():
            text = dumps(self.controls.decorate(table, seat, table.snapshot(seat, host=host)))
            for sub in subs:
                sub.send(text)

    def _broadcast_update(self, table: Table, entries: list[LogEntry], previous: int) -> None:
        for (seat, _host), subs in self._groups(table).items():
            text = dumps(self.controls.decorate(table, seat, table.update(seat, entries, previous)))
            for sub in subs:
                sub.send(text)

    # --- other processes ---------------------------------------------------------------------------
    async def _catch_up(self, table: Table) -> bool:
        """Adopt what storage holds for ``table`` and tell this process's receivers (under the table's lock).

        Returns True if the table had changed.
        """
        self._stale.discard(table.id)
        try:
            change = await refresh(table, self.store)
        except Exception:
            self._stale.add(table.id)
            log.exception("table %s could not be brought up to date from storage", table.id)
            return False
        if change is None:
            return False
        self.controls.undo_tracker.forget(table.id)  # positions remembered here may predate the other's change
        if change.entries is None:
            self._broadcast_snapshots(table)
        else:
            self._broadcast_update(table, change.entries, change.previous)
        if table.status == CLOSED:
            self._tables.pop(table.id, None)
        else:
            self.controls.arm(table)  # the deadline moved with the table
        self._changed(table)
        return True

    def _mark_stale(self, table_id: str) -> None:
        """Another process changed a table: catch up now if people here watch it, else on next use."""
        if table_id not in self._tables:
            if table_id in self._loading:  # the load may have read the older version
                self._stale.add(table_id)
            return
        self._stale.add(table_id)
        if self._subs.get(table_id):
            self._spawn(self._catch_up_now(table_id))

    async def _catch_up_now(self, table_id: str) -> None:
        table = self._tables.get(table_id)
        if table is None:
            return
        async with self.lock(table_id):
            if table_id in self._stale:
                await self._catch_up(table)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _on_actions_notice(self, table_id: str, payload: dict[str, Any]) -> None:
        table = self._tables.get(table_id)
        target = payload.get("state_id")
        if table is not None and type(target) is int and table.state_id >= target and table_id not in self._stale:
            return  # already there (this process caught up when its own action lost the race)
        self._mark_stale(table_id)

    async def _on_table_notice(self, table_id: str, payload: dict[str, Any]) -> None:
        self._mark_stale(table_id)

    async def _on_chat_notice(self, table_id: str, payload: dict[str, Any]) -> None:
        if payload.get("type") == "chat":
            self.tell(self.subscribers(table_id), payload)

    async def _on_bots_notice(self, table_id: str, payload: dict[str, Any]) -> None:
        if not self._closing:
            self._spawn(self._take_over_bots(table_id))

    async def _take_over_bots(self, table_id: str) -> None:
        try:
            table = await self.table(table_id)
        except TableError:
            return
        self._kick_bot(table)

    async def _on_gap(self) -> None:
        """Notices may have been missed: every live table may be behind."""
        for table_id in list(self._tables):
            self._mark_stale(table_id)

    async def _sweep_bots(self) -> None:
        """Play bot turns nobody plays: their process stopped while it held the turn (cluster only)."""
        while not self._closing:
            await asyncio.sleep(BOT_SWEEP_SECONDS)
            try:
                before = datetime.now(UTC) - timedelta(seconds=BOT_STALL_SECONDS + self.bot_delay)
                running = self._bot_tasks_running()
                for table_id in await self.store.stalled_bot_tables(before):
                    if table_id in running:
                        continue
                    try:
                        table = await self.table(table_id)
                    except TableError:
                        continue
                    self._kick_bot(table)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking for stalled bot turns failed")

    # --- reading for the lobby ---------------------------------------------------------------------
    def live_meta(self, meta: TableData) -> TableData:
        """The freshest copy of a table's set-up: the live one when it is in memory (and not behind storage)."""
        table = self._tables.get(meta.id)
        return table.meta if table is not None and meta.id not in self._stale else meta

    def status_counts(self) -> dict[str, int]:
        """Live tables of this process by status (for /health)."""
        counts = {OPEN: 0, PLAYING: 0, FINISHED: 0}
        for t in self._tables.values():
            counts[t.status] = counts.get(t.status, 0) + 1
        return counts
