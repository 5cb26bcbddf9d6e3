"""Live tables: one lock per table, store-then-announce, per-receiver fan-out, and bots.

The hub owns the in-memory :class:`~monsterlair.server.tables.table.Table` objects (loaded from storage on
first use, and at start-up all games under way and rematches awaiting an answer, so bot turns and timers resume
after a restart). Every change to a table runs under that table's lock and follows one order: the table
(``table.py``) checks and applies to a clone →
the store commits → the table adopts the new state → each subscriber is sent its own redacted message.
Two actions for the same ``state_id`` therefore meet one after the other, and the second is refused
as stale. Bots think in worker processes (``server/tables/botpool.py``), never on the event loop, so it keeps
serving people whatever the bots do.

Everything this process keeps about one table sits in one :class:`~monsterlair.server.tables.live.LiveTable`
(its lock, watchers, bot task and lease, staleness), so dropping a table drops one entry. The
collaborators — ``controls`` (clock, takeover, undo), ``chat``, ``presence`` — are made here and talk back
through ``live.TableHost``; they never import this module.

Several processes can serve one database (``server/tables/fanout.py``): after storing a change a process
publishes a notice, and the others bring their copy up to date (``server/tables/refresh.py``) and tell their own
receivers. The store's version checks decide races between processes: the loser catches up and is
refused as stale. A bot decision is leased to one process, and a sweep takes over bot turns whose
process went away.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import Callable, Coroutine, Iterable, Mapping
from concurrent.futures import Executor
from datetime import UTC, datetime, timedelta
from typing import Any

from monsterlair.core import Game, fresh_seed
from monsterlair.server.accounts import ratings
from monsterlair.server.storage.base import Conflict, SeatData, Store, TableData, UserData
from monsterlair.server.tables.botpool import BotFailed, BotRunner, BotTimeout, ThreadBots
from monsterlair.server.tables.bots import BotCatalog, bot_seed
from monsterlair.server.tables.chat import Chat
from monsterlair.server.tables.clock import ClockLimits, answer_seconds, stamp
from monsterlair.server.tables.controls import TableControls
from monsterlair.server.tables.fanout import (
    ACTIONS_NOTICE,
    BOTS_NOTICE,
    CHAT_NOTICE,
    TABLE_NOTICE,
    Fanout,
    LocalFanout,
)
from monsterlair.server.tables.hints import HintDesk
from monsterlair.server.tables.live import LiveTable, Subscriber, dumps
from monsterlair.server.tables.presence import Presence
from monsterlair.server.tables.refresh import refresh
from monsterlair.server.tables.table import CLOSED, FINISHED, OPEN, PLAYING, LogEntry, Proposal, Table, TableError

log = logging.getLogger("monsterlair.server")

BOT_DEADLINE_SECONDS = 30.0
"""How long a bot decision may take when the hub is handed a plain executor (``ThreadBots``)."""

BOT_LEASE_SECONDS = 20.0
"""How long one process keeps a bot decision to itself (plus the bot delay); after that another may play it."""
BOT_SWEEP_SECONDS = 5.0
"""How often a process of a cluster looks for bot turns nobody is playing (their process went away)."""
GUEST_MEMORY = 10_000
"""The most guests whose address the hub remembers (for fair shares); the least recently seen are forgotten."""
BOT_STALL_SECONDS = 10.0
"""A bot turn with nothing stored for this long (plus the bot delay) is looked at by the sweep."""


__all__ = ["Hub", "SeatRequest", "Subscriber", "dumps"]


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
        executor: BotRunner | Executor,
        *,
        bot_delay: float = 0.8,
        takeover_bot: str = "greedy",
        clock_limits: ClockLimits | None = None,
        fanout: Fanout | None = None,
        max_bot_tables: int | None = None,
    ) -> None:
        self.store = store
        self.games = dict(games)
        self.bots = bots
        self.runner: BotRunner = (
            ThreadBots(executor, deadline=BOT_DEADLINE_SECONDS) if isinstance(executor, Executor) else executor
        )
        """Where bot decisions are thought: never on the event loop (``server/tables/botpool.py``)."""
        self.bot_delay = bot_delay
        self.max_bot_tables = max_bot_tables
        """Games under way with bots seated (tutorials aside) one person may host at once; ``None``: no cap."""
        self._guest_addresses: collections.OrderedDict[int, str] = collections.OrderedDict()
        """The address each guest was last seen at (for :meth:`share_key`), the most recent :data:`GUEST_MEMORY`."""
        self.hints = HintDesk()
        """Hints being worked out: one at a time per person (``server/tables/hints.py``)."""
        self._live: dict[str, LiveTable] = {}
        """Every table in this process's memory, with what the process keeps about it (``live.py``)."""
        self._load_lock = asyncio.Lock()
        self._loading: dict[str, bool] = {}
        """Tables being loaded, and whether another process changed one meanwhile."""
        self._closing = False
        self.fanout = fanout if fanout is not None else LocalFanout()
        self._background: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self.fanout.on(ACTIONS_NOTICE, self._on_actions_notice)
        self.fanout.on(TABLE_NOTICE, self._on_table_notice)
        self.fanout.on(BOTS_NOTICE, self._on_bots_notice)
        self.fanout.on(CHAT_NOTICE, self._on_chat_notice)
        self.fanout.on_gap(self._on_gap)
        self.listeners: list[Callable[[Table], None]] = []
        """Called after every announced change of a table (the bot accounts' feed listens here)."""
        self.controls = TableControls(self, takeover_bot=takeover_bot, limits=clock_limits)
        """Turn clock, bot takeover and undo (``server/tables/controls.py``)."""
        self.presence = Presence(self)
        self.chat = Chat(self)

    # --- fair shares of the bot workers ----------------------------------------------------------
    def note_guest(self, user_id: int, address: str) -> None:
        """Remember where a guest's requests come from: guests from one address share one fair share."""
        self._guest_addresses[user_id] = address
        self._guest_addresses.move_to_end(user_id)
        while len(self._guest_addresses) > GUEST_MEMORY:
            self._guest_addresses.popitem(last=False)

    def share_key(self, user_id: int) -> str:
        """The unit of fairness in the bot workers for work done for this person (their tables' bots, their
        hints): the person, or for a guest the address they were last seen at (guest accounts are cheap to
        make, so one address's guests count as one)."""
        address = self._guest_addresses.get(user_id)
        return f"address:{address}" if address is not None else f"person:{user_id}"

    async def check_bot_cap(self, owner_id: int, meta: TableData) -> None:
        """Refuse to start one more game with bots seated for a host who already has :attr:`max_bot_tables`
        under way (tutorials do not count: a person has at most one of each game's).

        Raises:
            TableError: ``too_many_bot_tables``.
        """
        cap = self.max_bot_tables
        if cap is None or meta.tutorial or not any(s.bot and s.user_id is None for s in meta.seats):
            return
        if await self.store.count_hosted(owner_id, (PLAYING,), bots=True) >= cap:
            games = "game" if cap == 1 else "games"
            raise TableError(
                "too_many_bot_tables",
                f"You already host {cap} {games} with bots under way, the most this server allows at once; "
                "finish one (or wait for it to end) before starting another.",
            )

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
        """The lock that orders every change to one table (the table must be in memory).

        Raises:
            TableError: ``not_found`` when it is not.
        """
        return self._entry(table_id).lock

    def _entry(self, table_id: str) -> LiveTable:
        live = self._live.get(table_id)
        if live is None:
            raise TableError("not_found", "There is no such table (it may have been closed).")
        return live

    def _adopt(self, table: Table, *, stale: bool = False) -> LiveTable:
        """Keep a table in memory (or the one already kept under its id)."""
        live = self._live.get(table.id)
        if live is None:
            live = self._live[table.id] = LiveTable(table, stale=stale)
        return live

    def _drop(self, table_id: str) -> None:
        """Forget a table: everything this process kept about it goes with its one entry (a closed table's
        watchers, if any, are gone from its presence too)."""
        live = self._live.pop(table_id, None)
        self.controls.forget(table_id)
        for sub in live.subs if live is not None else ():
            self.presence.left(table_id, sub)

    def loaded(self) -> list[str]:
        """The ids of the tables in this process's memory."""
        return list(self._live)

    def live(self, table_id: str) -> LiveTable | None:
        """What this process keeps about a table in memory (for tests and diagnostics)."""
        return self._live.get(table_id)

    async def table(self, table_id: str) -> Table:
        """The live table, loaded (and its game replayed) on first use.

        Raises:
            TableError: ``not_found``, or ``unavailable`` if its record no longer replays.
        """
        live = self._live.get(table_id)
        if live is None:
            live = await self._load(table_id)
        table = live.table
        if live.stale:  # another process changed it: catch up before anyone reads it
            async with live.lock:
                if live.stale:
                    await self._catch_up(table)
            if table.status == CLOSED:
                raise TableError("not_found", "There is no such table (it may have been closed).")
        return table

    async def _load(self, table_id: str) -> LiveTable:
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 24:
            raise TableError("not_found", "There is no such table.")
        async with self._load_lock:
            live = self._live.get(table_id)
            if live is not None:
                return live
            self._loading[table_id] = False  # a notice arriving meanwhile marks it stale (see _mark_stale)
            try:
                meta = await self.store.load_table(table_id)
                if meta is None or meta.status == CLOSED:
                    raise TableError("not_found", "There is no such table (it may have been closed).")
                game = self.game(meta.game)
                events = await self.store.load_events(table_id) if meta.status != OPEN else []
                table = Table.restore(meta, game, events, bot_label=self.bots.label)
            finally:
                stale = self._loading.pop(table_id)
            live = self._adopt(table, stale=stale)
            self.controls.arm(table)
            return live

    def cached(self, table_id: str) -> Table | None:
        """The live table if it is in memory (no loading)."""
        live = self._live.get(table_id)
        return None if live is None else live.table

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
        seed: int | None = None,
        tutorial: bool = False,
    ) -> Table:
        """Open a new table (and start it at once when asked and every seat is filled). ``seed`` fixes the
        deal (tutorials); by default every table gets a fresh one. A ``tutorial`` table remembers that it is
        one, so its coach shows however it is opened again.

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
                seat_data.append(SeatData(bot=spec, name=self.bots.label(spec, i, [s.name for s in seat_data])))
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
            seed=fresh_seed() if seed is None else seed,
            invite=secrets.token_urlsafe(9),
            bot_label=self.bots.label,
        )
        for i, seat_data_i in enumerate(table.meta.seats):
            if seat_data_i.bot:
                try:
                    self.bots.fits(seat_data_i.bot, game, players, table.meta.options)
                except ValueError as exc:
                    raise TableError("bad_bot", f"Seat {i + 1}: {exc}") from None
        table.meta.turn_seconds = clock
        table.meta.tutorial = tutorial
        if start and all(not s.empty for s in table.meta.seats):
            await self.check_bot_cap(user.id, table.meta)
            table.start(user.id)
            stamp(table.meta, None)
        await self.store.create_table(table.meta)
        self._adopt(table)
        self._kick_bot(table)
        self._changed(table)
        return table

    async def _mutate(self, table: Table, change: Callable[[Table], Any]) -> Any:
        """Apply a seat or status change, store it, then announce it; on any failure restore the table.

        The store checks that the table is still as this process knew it; if another process changed it
        first, the table catches up and the change is checked again on the fresh table. A refusal is
        checked against storage too before it is given (this copy may be a moment behind).
        """
        rechecked = stale = False
        for _ in range(3):
            live = self._live.get(table.id)
            if stale or (live is not None and live.stale):
                stale = False
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
                stale = True
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
        """Free the user's seat before the start; during the game a bot takes it over (``server/tables/takeover.py``).

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
                self._drop(table_id)

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
                self.bots.fits(spec, self.game(table.meta.game), table.meta.players, table.meta.options)
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
            if table.meta.owner_id == user.id and table.status == OPEN:
                await self.check_bot_cap(user.id, table.meta)
            await self._mutate(table, lambda t: t.start(user.id))

    async def rematch(self, user: UserData, table_id: str) -> Table:
        """A new game with the same game, options and seats; asking twice gives the same one.

        The asker and the bots sit down at once; every other person of the game is asked (``Table.rematch_meta``)
        and has ``clock.answer_seconds`` to join or decline. Nobody's clock runs, and no bot plays anyone's
        seat, before the game starts: when the last one asked joins. With nobody to ask it starts at once.

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
            if any(s.invited for s in new.meta.seats):
                new.meta.answer_by = self.controls.clock() + timedelta(seconds=answer_seconds(meta.turn_seconds))
            else:
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
            self._adopt(new)
            self._kick_bot(new)
            self._changed(new)
            return new

    async def lapse_invitations(self, table: Table) -> None:
        """A rematch's time to answer has passed: the seats of those who did not answer open (once; under the
        table's lock, its deadline checked by ``TableControls.expire``)."""
        try:
            await self._mutate(table, lambda t: t.lapse_invitations())
        except TableError as exc:
            log.info("the rematch invitations of table %s did not lapse: %s", table.id, exc.message)

    # --- play --------------------------------------------------------------------------------------
    async def act(
        self, user_id: int | None, table_id: str, state_id: object, texts: object, cards: object = None
    ) -> None:
        """Play a user's action (or batch; ``cards``: a choice of hand cards, see ``Table.propose``): checked,
        stored, then announced to every receiver.

        Raises:
            TableError: if the table refuses it (nothing changes) or it could not be stored.
        """
        table = await self.table(table_id)
        live = self._entry(table_id)
        async with live.lock:
            if live.stale or (type(state_id) is int and state_id > table.state_id):
                await self._catch_up(table)  # another process is ahead of this one
            proposal = table.propose(user_id, state_id, texts, cards)
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
        self.controls.noted(table, proposal, before)
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
        live = self._live.get(table.id)
        if live is None or live.bots_running():
            return
        task = asyncio.get_running_loop().create_task(self._run_bots(live))
        live.bot_task = task

        def finished(done: asyncio.Task[None]) -> None:
            if live.bot_task is done:
                live.bot_task = None
                live.lease = None  # its decision is stored or given up: nothing left to hand over

        task.add_done_callback(finished)

    async def _run_bots(self, live: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        table_id = live.table.id
        while not self._closing:
            if self._live.get(table_id) is not live:  # dropped from memory
                return
            table = live.table
            if table.state is None:
                return
            if live.stale:
                async with live.lock:
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
            live.lease = lease
            if table.state is None or table.state_id != state_id:  # it moved on while the lease was taken
                continue
            started = loop.time()
            try:
                text = await self.runner.decide(
                    self.share_key(table.meta.owner_id),
                    self.bots.maker(),
                    spec,
                    table.state.clone(),
                    seat,
                    bot_seed(table.meta.seed, state_id, seat),
                )
            except (BotTimeout, BotFailed) as exc:
                if self._closing:
                    return
                log.warning("bot %r at table %s: %s; playing its first legal action", spec, table_id, exc)
                text = str(table.state.legal_actions()[0])
            # A bot's first decision of a run waits the full delay; the picks that follow it (one card at a
            # time) go faster, so people can follow without a bot's turn dragging on.
            again = bool(table.log) and table.log[-1].seat == seat
            wait = self.bot_delay * (0.4 if again else 1.0) - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with live.lock:
                try:
                    proposal = table.propose_bot(seat, state_id, text)
                    await self._commit(table, proposal)
                except TableError as exc:
                    if exc.code == "storage_failed":
                        await asyncio.sleep(1.0)
                    log.info("bot move at table %s not played: %s", table_id, exc.message)

    async def recover(self) -> int:
        """Load every game under way (replaying its record) and resume bot turns; the number resumed. Rematches
        still waiting for an answer are loaded too, which arms their time to answer (``_load``): otherwise
        nothing would open an unanswered seat until someone opened the table."""
        for table_id in await self.store.invitation_table_ids():
            try:
                await self.table(table_id)
            except TableError as exc:
                log.warning("the rematch %s cannot be re-armed: %s", table_id, exc.message)
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
        # Bot turns this process was playing: another process takes them once their lease is released.
        held = {t: live.lease for t, live in self._live.items() if live.bots_running() and live.lease is not None}
        tasks = [live.bot_task for live in self._live.values() if live.bot_task is not None]
        tasks.extend(self._background)
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        for table_id, lease in held.items():
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
        self._adopt(table).subs.add(sub)  # (kept again should it have left memory during the lookup)
        self.resync(table, sub)
        self.presence.joined(table_id, sub)
        return table

    def unsubscribe(self, table_id: str, sub: Subscriber) -> None:
        """Forget a connection; a finished table nobody watches leaves memory (so does one another process
        changed since, when nothing here is using it: it is loaded again, fresh, when needed)."""
        live = self._live.get(table_id)
        if live is None or sub not in live.subs:
            return
        live.subs.discard(sub)
        self.presence.left(table_id, sub)
        if live.subs:
            return
        live.snapshots.clear()  # nobody here to send them to
        table = live.table
        done = table.status == FINISHED or (live.stale and not live.lock.locked())
        if done and not live.bots_running():
            self._drop(table_id)

    def resync(self, table: Table, sub: Subscriber) -> None:
        """Send one connection the full snapshot for its seat."""
        seat = table.seat_of(sub.user_id)
        sub.send(self.snapshot_text(table, seat, host=sub.user_id == table.meta.owner_id))

    def snapshot_text(self, table: Table, seat: int | None, *, host: bool, undo: int | None = -1) -> str:
        """The snapshot message for a receiver in ``seat`` as JSON text (``dumps`` of ``Table.snapshot`` with
        ``can_undo``), its costly seat-dependent part kept per position and receiver kind (``live.SnapshotCache``),
        so asking again for an unchanged table costs the public facts only."""
        if undo == -1:
            undo = self.undo_seat(table)
        can_undo = seat is not None and seat == undo
        head = table.snapshot_head(seat, host=host)

        def build() -> str:
            return dumps({**table.snapshot_body(seat), "can_undo": can_undo})

        live = self._live.get(table.id)
        if live is None or live.table is not table:
            body = build()
        else:
            info = head["table"]
            clock = info.get("clock")
            facts = dumps({**info, "clock": {**clock, "remaining": None}} if clock else info)
            body = live.snapshots.body(table, (seat, can_undo), facts, build)
        return dumps(head)[:-1] + "," + body[1:]

    def undo_seat(self, table: Table) -> int | None:
        """The seat that may take back its last move at the table's current position (``None``: nobody).

        Decided once per position: the sampled-worlds check of ``undo.py`` keeps its answer with the state id,
        so building a message only reads it.
        """
        return self.controls.undo_seat(table)

    def subscribers(self, table_id: str) -> list[Subscriber]:
        """The connections of this process watching a table."""
        live = self._live.get(table_id)
        return [] if live is None else list(live.subs)

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
        for sub in self.subscribers(table.id):
            key = (table.seat_of(sub.user_id), sub.user_id == owner)
            groups.setdefault(key, []).append(sub)
        return groups

    def _forget_snapshots(self, table: Table) -> None:
        live = self._live.get(table.id)
        if live is not None:
            live.snapshots.clear()

    def _broadcast_snapshots(self, table: Table) -> None:
        self._forget_snapshots(table)
        undo = self.undo_seat(table)
        for (seat, host), subs in self._groups(table).items():
            text = self.snapshot_text(table, seat, host=host, undo=undo)
            for sub in subs:
                sub.send(text)

    def _broadcast_update(self, table: Table, entries: list[LogEntry], previous: int) -> None:
        self._forget_snapshots(table)
        undo = self.undo_seat(table)
        for (seat, _host), subs in self._groups(table).items():
            message = table.update(seat, entries, previous)
            message["can_undo"] = seat is not None and seat == undo
            text = dumps(message)
            for sub in subs:
                sub.send(text)

    # --- other processes ---------------------------------------------------------------------------
    async def reload(self, table: Table) -> None:
        """Another writer changed the table: adopt what storage holds, resync its watchers here and resume its
        bots (under the table's lock)."""
        await self._catch_up(table)
        self._kick_bot(table)

    async def _catch_up(self, table: Table) -> bool:
        """Adopt what storage holds for ``table`` and tell this process's receivers (under the table's lock).

        Returns True if the table had changed.
        """
        live = self._live.get(table.id)
        if live is not None:
            live.stale = False
        try:
            change = await refresh(table, self.store)
        except Exception:
            if live is not None:
                live.stale = True
            log.exception("table %s could not be brought up to date from storage", table.id)
            return False
        if change is None:
            return False
        self.controls.forget(table.id)  # positions remembered here may predate the other's change
        if change.entries is None:
            self._broadcast_snapshots(table)
        else:
            self._broadcast_update(table, change.entries, change.previous)
        if table.status == CLOSED:
            self._drop(table.id)
        else:
            self.controls.arm(table)  # the deadline moved with the table
        self._changed(table)
        return True

    def _mark_stale(self, table_id: str) -> None:
        """Another process changed a table: catch up now if people here watch it, else on next use."""
        live = self._live.get(table_id)
        if live is None:
            if table_id in self._loading:  # the load may have read the older version
                self._loading[table_id] = True
            return
        live.stale = True
        if live.subs:
            self._spawn(self._catch_up_now(live))

    async def _catch_up_now(self, live: LiveTable) -> None:
        if self._live.get(live.table.id) is not live:
            return
        async with live.lock:
            if live.stale:
                await self._catch_up(live.table)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _on_actions_notice(self, table_id: str, payload: dict[str, Any]) -> None:
        live = self._live.get(table_id)
        target = payload.get("state_id")
        if live is not None and type(target) is int and live.table.state_id >= target and not live.stale:
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
        for table_id in list(self._live):
            self._mark_stale(table_id)

    async def _sweep_bots(self) -> None:
        """Play bot turns nobody plays: their process stopped while it held the turn (cluster only)."""
        while not self._closing:
            await asyncio.sleep(BOT_SWEEP_SECONDS)
            try:
                before = datetime.now(UTC) - timedelta(seconds=BOT_STALL_SECONDS + self.bot_delay)
                for table_id in await self.store.stalled_bot_tables(before):
                    live = self._live.get(table_id)
                    if live is not None and live.bots_running():
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
        live = self._live.get(meta.id)
        return live.table.meta if live is not None and not live.stale else meta

    def status_counts(self) -> dict[str, int]:
        """Live tables of this process by status (for /health)."""
        counts = {OPEN: 0, PLAYING: 0, FINISHED: 0}
        for live in self._live.values():
            counts[live.table.status] = counts.get(live.table.status, 0) + 1
        return counts
