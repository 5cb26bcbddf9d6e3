"""Where bots (and hints) think: worker processes with a deadline for each decision, shared fairly between people.

No bot search ever runs on the event loop, nor a hint's. A decision is sent to a worker process (the state, the seat,
the seed and the bot's spec pickle); the event loop waits for the answer without blocking. A decision
that outlives its deadline is ended by killing its worker (a fresh one replaces it), so no spec can keep
a core busy for ever, and a server stops at once whatever its bots are doing.

Workers are few (one or two a core); tables are many. When a worker frees up, the waiting work of the person
(a table's host, a hint's asker; a guest's address) who used the least worker time lately goes next
(:class:`FairShare`), so one person's tables with slow bots, however many, cannot make another person's quick
bot wait behind every one of their decisions.

:class:`ThreadBots` runs decisions in a thread executor instead, for tests whose bots do not pickle and for
embedding: threads cannot be stopped, so there a decision past its deadline is abandoned (the table plays
on), not ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, Protocol

from monsterlair.core import State
from monsterlair.server.tables.bots import BotMaker, choose_text
from monsterlair.server.tables.botworker import worker_main

log = logging.getLogger("monsterlair.server")

USAGE_HALF_LIFE = 30.0
"""Seconds after which a table's past worker time counts half when the next table is chosen."""

PRELOAD = ["monsterlair.server.tables.botworker"]
"""What the fork server imports once (every game and bot), so every worker it forks starts ready."""


class BotTimeout(Exception):
    """A bot decision did not end before its deadline (its worker was stopped)."""


class BotFailed(Exception):
    """A bot decision raised, or its worker died; the message says what happened."""


class BotRunner(Protocol):
    """Runs bot decisions and hints away from the event loop (:class:`BotPool`, :class:`ThreadBots`, which
    subclass it for :meth:`decide`: a bot's decision is a :meth:`run` of ``choose_text``)."""

    deadline: float

    async def decide(self, key: str, maker: BotMaker, spec: str, state: State, seat: int, seed: int) -> str:
        """The bot's action text for ``seat``; ``key`` (the person the table counts for) is the unit of fairness.

        Raises:
            BotTimeout: past the deadline.
            BotFailed: if the bot raised or its worker died.
        """
        text: str = await self.run(key, spec, f"The bot {spec!r}", choose_text, maker, spec, state, seat, seed)
        return text

    async def run(self, key: str, kind: str, what: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` (a module-level function, its arguments pickling) in the same workers and fair queue as
        the bots, for ``key``; ``kind`` names the work for its cost (a bot's spec, ``"hint"``) and ``what``
        names it in an error.

        Raises:
            BotTimeout: past the deadline.
            BotFailed: if ``fn`` raised or its worker died.
        """

    def warm(self) -> None:
        """Start the workers now, in the background, so the first bot turn does not wait for them."""

    def close(self) -> None:
        """Stop every decision at once (workers are killed; nothing waits)."""


HEAVY_SECONDS = 5.0
"""A person whose recent worker time (see :data:`USAGE_HALF_LIFE`) is at least this counts as heavy."""

LIGHT_SECONDS = 2.0
"""A kind of work (a bot's spec, a hint) whose runs lately took less than this each is light; more, or not yet
seen on this server, is heavy."""

MAX_REMEMBERED = 4096
"""The most people and kinds of work whose costs are remembered (past it, the faded ones are forgotten)."""


class FairShare:
    """``slots`` runs at a time; a freed slot goes to the waiting person with the least recent usage.

    The unit of fairness is a person (``key``: every table a person hosts, and their hints, share one key;
    guests share their address's key), not a table, so opening many tables does not buy more turns.

    Usage is the seconds a key's runs took, halving every :data:`USAGE_HALF_LIFE` seconds; it is read when a
    slot frees up (not when the run began to wait), and among keys with equal usage the one waiting longest
    goes first. A run is heavy if its key is (usage at least :data:`HEAVY_SECONDS`) or if its kind is (a
    bot spec or a hint whose runs take :data:`LIGHT_SECONDS` or more, or that this server has not run yet:
    a new table is not light by default). Heavy runs hold at most ``slots - 1`` slots together, so one slot
    is always left for light runs (quick bots of people who have not been searching), which then never wait
    behind a search.
    """

    def __init__(self, slots: int, clock: Any = time.monotonic, heavy: float = HEAVY_SECONDS) -> None:
        self._slots = slots
        self._free = slots
        self._clock = clock
        self._heavy = heavy
        self._heavy_running = 0
        self._running: dict[str, list[bool]] = {}
        self._usage: dict[str, tuple[float, float]] = {}
        self._cost: dict[str, float] = {}
        self._waiting: list[tuple[int, str, str, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def usage(self, key: str) -> float:
        """The key's decayed worker seconds."""
        spent, at = self._usage.get(key, (0.0, 0.0))
        return spent * 0.5 ** ((self._clock() - at) / USAGE_HALF_LIFE) if spent else 0.0

    def cost(self, kind: str) -> float | None:
        """What a run of this kind took lately (a running average), or ``None`` if none has run yet."""
        return self._cost.get(kind)

    def heavy(self, key: str, kind: str) -> bool:
        """Whether a run of ``kind`` for ``key`` counts as heavy now (see the class)."""
        return self._heavy_at(kind, self.usage(key))

    def _heavy_at(self, kind: str, usage: float) -> bool:
        """Whether a run of ``kind`` is heavy for a key whose usage is ``usage``."""
        cost = self._cost.get(kind)
        return cost is None or cost >= LIGHT_SECONDS or usage >= self._heavy

    async def acquire(self, key: str, kind: str = "") -> None:
        """Wait for a slot for a run of ``kind`` (cancellable: a cancelled waiter gives up its place)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((next(self._order), key, kind, future))
        self._dispatch()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release(key, 0.0)  # the slot had been granted: give it back
            raise

    def release(self, key: str, seconds: float, kind: str | None = None) -> None:
        """Give the slot back and count ``seconds`` of work to ``key`` (and to ``kind``'s cost, if given)."""
        flags = self._running.get(key)
        heavy = flags.pop() if flags else False
        if not flags:
            self._running.pop(key, None)
        self._heavy_running -= heavy
        self._free += 1
        seconds = max(seconds, 0.0)
        self._usage[key] = (self.usage(key) + seconds, self._clock())
        if kind is not None:
            old = self._cost.get(kind)
            # A slow run counts at once; quick runs bring a slow kind's cost down only gradually.
            self._cost[kind] = seconds if old is None else max(seconds, 0.7 * old + 0.3 * seconds)
            if len(self._cost) > MAX_REMEMBERED:  # forgotten kinds are heavy again until they run
                self._cost.clear()
        if len(self._usage) > MAX_REMEMBERED:  # forget keys whose usage has all but decayed away
            for old_key in [k for k in self._usage if self.usage(k) < 0.01]:
                del self._usage[old_key]
        self._dispatch()

    def _dispatch(self) -> None:
        """Grant the free slots, each to the waiting run of least usage (then the longest waiting) that may
        have it. The waiting runs are ranked once: nothing granted here changes a usage, a kind's cost or who
        waits, only how many heavy runs hold slots, which is checked at each grant."""
        if self._free <= 0:
            return
        self._waiting = [w for w in self._waiting if not w[3].done()]  # drop cancelled waiters
        if not self._waiting:
            return
        usage: dict[str, float] = {}
        ranked: list[tuple[float, int, bool, str, asyncio.Future[None]]] = []
        for order, key, kind, future in self._waiting:
            if key not in usage:
                usage[key] = self.usage(key)
            ranked.append((usage[key], order, self._heavy_at(kind, usage[key]), key, future))
        ranked.sort(key=lambda r: (r[0], r[1]))
        for _, _, heavy, key, future in ranked:
            if heavy and self._slots > 1 and self._heavy_running >= self._slots - 1:
                continue  # the last slot waits for a light run
            self._free -= 1
            self._heavy_running += heavy
            self._running.setdefault(key, []).append(heavy)
            future.set_result(None)
            if self._free <= 0:
                break
        self._waiting = [w for w in self._waiting if not w[3].done()]  # those granted leave the queue


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context: multiprocessing.context.BaseContext) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=worker_main, args=(child,), daemon=True, name="monsterlair-bot")  # type: ignore[attr-defined]
        self.process.start()
        child.close()
        self._waiting: asyncio.Future[None] | None = None

    def run(self, job: tuple[Any, ...], deadline: float) -> tuple[str, Any]:
        """Send a job and wait for its answer (blocking: for an I/O thread, where the loop cannot watch pipes)."""
        self.conn.send(job)
        if not self.conn.poll(deadline):
            raise BotTimeout(f"no answer within {deadline:g} s")
        reply: tuple[str, Any] = self.conn.recv()
        return reply

    async def ask(self, job: tuple[Any, ...], deadline: float) -> tuple[str, Any]:
        """Send a job and wait for its answer on the event loop, which watches the pipe.

        No thread is involved: a decision costs the loop one pickled write and one small read, where a hop
        through an I/O thread cost two thread hand-overs and the locks of the executor (a third of the
        server's time under load). The worker reads the job as it is written, so the write cannot wait
        long; the reply is a few hundred bytes, whole once the pipe is readable.
        """
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        try:
            loop.add_reader(fd, readable)
        except NotImplementedError:  # an event loop that cannot watch pipes (Windows' proactor)
            return await loop.run_in_executor(None, self.run, job, deadline)
        self._waiting = ready
        try:
            self.conn.send(job)
            try:
                async with asyncio.timeout(deadline):  # not wait_for: see ThreadBots.run
                    await ready
            except TimeoutError:
                raise BotTimeout(f"no answer within {deadline:g} s") from None
        finally:
            self._waiting = None
            if not self.conn.closed:
                loop.remove_reader(fd)
        reply: tuple[str, Any] = self.conn.recv()
        return reply

    def kill(self) -> None:
        """End the process now (SIGKILL) and close the pipe; a decision waiting on it fails with EOFError.

        Called on the event loop's thread whenever a decision may be under way (the pool's ``close`` and
        ``decide``), so the loop stops watching the pipe before it is closed.
        """
        waiting, self._waiting = self._waiting, None
        if waiting is not None and not waiting.done():
            with contextlib.suppress(Exception):
                waiting.get_loop().remove_reader(self.conn.fileno())
            waiting.set_exception(EOFError("the worker was stopped"))
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()

    def reap(self) -> None:
        """Collect the killed process (a moment's wait at most)."""
        with contextlib.suppress(Exception):
            self.process.join(2.0)


def _context() -> multiprocessing.context.BaseContext:
    """The fork server where the platform has one (workers start in milliseconds, games preloaded); else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


class BotPool(BotRunner):
    """``workers`` bot processes (started on first use), a deadline per decision, fair turns between tables."""

    def __init__(self, workers: int, *, deadline: float) -> None:
        self.deadline = deadline
        self._slots = workers
        self._share = FairShare(workers)
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._io = ThreadPoolExecutor(2 * workers, thread_name_prefix="monsterlair-bot-io")
        self._context: multiprocessing.context.BaseContext | None = None
        self._closed = False

    def _take_idle(self) -> _Worker | None:
        """An idle worker that is still alive, if there is one (cheap: no process is started)."""
        while self._idle:
            worker = self._idle.pop()
            if worker.process.is_alive():
                return worker
            worker.kill()
        return None

    def _take(self) -> _Worker:
        worker = self._take_idle()
        if worker is not None:
            return worker
        if self._context is None:
            self._context = _context()
        return _Worker(self._context)

    def warm(self) -> None:
        """Start every worker in the background (the fork server first: it imports the games once)."""

        def start() -> None:
            workers: list[_Worker] = []
            with contextlib.suppress(Exception):  # a worker that cannot start now is started on first use
                while len(workers) < self._slots and not self._closed:
                    workers.append(self._take())
            self._idle.extend(workers)
            if self._closed:
                for worker in workers:
                    worker.kill()

        with contextlib.suppress(RuntimeError):
            self._io.submit(start)

    async def run(self, key: str, kind: str, what: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker process, in its fair turn; see :class:`BotRunner`."""
        if self._closed:
            raise BotFailed("the server is stopping")
        loop = asyncio.get_running_loop()
        await self._share.acquire(key, kind)
        started = time.monotonic()
        worker: _Worker | None = None
        keep = False
        try:
            taken = self._take_idle()
            if taken is None:  # a worker must be started: that waits, so it happens on a thread
                taken = await loop.run_in_executor(self._io, self._take)
            worker = taken
            self._busy.add(taken)
            status, answer = await taken.ask((fn, args), self.deadline)
            keep = True
        except BotTimeout:
            raise BotTimeout(f"{what} did not decide within {self.deadline:g} s; it was stopped.") from None
        except (EOFError, OSError) as exc:
            raise BotFailed(f"{what} stopped working ({type(exc).__name__}).") from None
        finally:
            if worker is not None:
                self._busy.discard(worker)
                if keep and not self._closed:
                    self._idle.append(worker)
                else:  # past its deadline, broken or abandoned (a cancelled wait): it must not finish later
                    worker.kill()
                    with contextlib.suppress(RuntimeError):  # after close the I/O threads are gone
                        loop.run_in_executor(self._io, worker.reap)
            self._share.release(key, time.monotonic() - started, kind)
        if status != "ok":
            raise BotFailed(str(answer))
        return answer

    def close(self) -> None:
        """Kill every worker, idle or thinking, and stop the I/O threads (their waits end with the pipes)."""
        self._closed = True
        workers = [*self._idle, *self._busy]
        self._idle.clear()
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.reap()
        self._io.shutdown(wait=False, cancel_futures=True)


class ThreadBots(BotRunner):
    """Bot decisions in an executor's threads, with the same fair turns; a late decision is abandoned, not ended."""

    def __init__(self, executor: Executor, *, deadline: float, slots: int = 2) -> None:
        self.deadline = deadline
        self._executor = executor
        self._share = FairShare(slots)

    async def run(self, key: str, kind: str, what: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a thread, in its fair turn; see :class:`BotRunner`."""
        loop = asyncio.get_running_loop()
        await self._share.acquire(key, kind)
        started = time.monotonic()
        try:
            work = loop.run_in_executor(self._executor, fn, *args)
            # Python 3.11's wait_for returns a result that arrives with a cancellation and drops the
            # cancellation: a table's bot task then slept out its whole bot delay while the server stopped.
            async with asyncio.timeout(self.deadline):
                return await work
        except TimeoutError:
            raise BotTimeout(f"{what} did not decide within {self.deadline:g} s.") from None
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise BotFailed(f"{type(exc).__name__}: {exc}") from exc
        finally:
            self._share.release(key, time.monotonic() - started, kind)

    def warm(self) -> None:
        """Nothing to start: the executor belongs to whoever made it."""

    def close(self) -> None:
        """Nothing to stop here: the executor belongs to whoever made it."""
