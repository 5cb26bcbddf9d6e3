"""Fan-out between server processes: notices that something changed at a table, and short leases.

One process needs none of it: :class:`LocalFanout` (the default, nothing to install or run) publishes
nothing and grants every lease. Several ``monsterlair serve`` processes sharing one database set
``MONSTERLAIR_REDIS_URL`` and get :class:`RedisFanout`: after a process stores a change it publishes a
small notice on one Redis channel, and every *other* process hands it to the handlers registered for its
kind, in the order the notices arrived.

The API is three calls, for any feature that must reach people connected to other processes::

    fanout.on("chat", handler)                          # async def handler(table_id, payload) -> None
    fanout.publish(table_id, "chat", {"message_id": 7})  # never blocks; other processes' handlers run
    await fanout.claim("clock:abc:12", 10.0)            # True for exactly one process (a lease)

Handlers run one at a time, so they must be quick (start a task for slow work). A notice says *that*
something changed (a table id, a kind, a state id), never hidden information: each process rebuilds what
its own receivers may see from storage. Redis pub/sub delivers at most once, so a process that lost its
connection may have missed notices; once it is back it calls the :meth:`Fanout.on_gap` handlers, which
reload whatever they hold.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

log = logging.getLogger("monsterlair.server.tables.fanout")

ACTIONS_NOTICE = "actions"
"""Fan-out kind: actions were stored at a table (payload: the new ``state_id``)."""
TABLE_NOTICE = "table"
"""Fan-out kind: a table's seats, status, host or rematch changed (payload: its ``state_id``)."""
BOTS_NOTICE = "bots"
"""Fan-out kind: a stopping process gave up a bot turn it was playing; another may take it now."""
CHAT_NOTICE = "chat"
"""Fan-out kind: a chat message was stored at a table (payload: the ``chat`` message itself, public)."""

Handler = Callable[[str, dict[str, Any]], Awaitable[None]]
"""Called with the table id and the payload of a notice another process published."""
GapHandler = Callable[[], Awaitable[None]]
"""Called once the connection to the other processes is back after notices may have been missed."""

OUTBOX_LIMIT = 10_000
"""Notices waiting to be published before new ones are dropped (others recover through their gap handlers)."""
START_PATIENCE = 10.0
"""Seconds a starting process waits for a configured Redis before it refuses to start."""
PUBLISH_PATIENCE = 5.0
"""Seconds one notice is retried while Redis is unreachable before it is dropped."""


class Fanout:
    """The process-local fan-out: the handler registry; nothing leaves the process, every lease is granted."""

    kind = "local"
    shared = False
    """True when other processes may change the same tables (so live tables can go stale)."""

    def __init__(self) -> None:
        self.origin = secrets.token_hex(6)
        self._handlers: dict[str, list[Handler]] = {}
        self._gap_handlers: list[GapHandler] = []

    def on(self, kind: str, handler: Handler) -> None:
        """Run ``handler`` for every notice of ``kind`` published by another process."""
        self._handlers.setdefault(kind, []).append(handler)

    def on_gap(self, handler: GapHandler) -> None:
        """Run ``handler`` after (re)connecting, when notices may have been missed."""
        self._gap_handlers.append(handler)

    def publish(self, table_id: str, kind: str, payload: Mapping[str, Any]) -> None:
        """Tell the other processes (queued, in order, never blocking; a no-op for one process)."""

    async def claim(self, name: str, seconds: float) -> bool:
        """True if this process holds the lease ``name`` (taking it when free) for ``seconds``."""
        return True

    async def release(self, name: str) -> None:
        """Give up a lease this process holds, so another process may take it at once."""

    async def start(self, wait: float = START_PATIENCE) -> None:
        """Connect and start listening (waiting up to ``wait`` seconds for the connection)."""

    async def close(self) -> None:
        """Publish what is queued (briefly), stop listening and disconnect."""

    def status(self) -> dict[str, Any]:
        """For ``/health``: the kind, whether it is connected, and this process's id."""
        return {"kind": self.kind, "connected": True, "process": self.origin}

    async def dispatch(self, table_id: str, kind: str, payload: dict[str, Any]) -> None:
        """Run the handlers of ``kind`` (a failing handler is logged; the others still run)."""
        for handler in self._handlers.get(kind, ()):
            try:
                await handler(table_id, payload)
            except Exception:
                log.exception("handling a %r notice for table %s failed", kind, table_id)

    async def gap(self) -> None:
        """Run the gap handlers."""
        for handler in self._gap_handlers:
            try:
                await handler()
            except Exception:
                log.exception("catching up after a fan-out gap failed")


class LocalFanout(Fanout):
    """One process: the default."""


Notice = tuple[str, str, Mapping[str, Any]]
"""One notice: ``(table_id, kind, payload)``."""

BATCH_LIMIT = 256
"""Notices published together in one Redis message at most (those queued while the last one was sent)."""


def encode(origin: str, notices: Sequence[Notice]) -> str:
    """One published message: the notices a process queued since its last message, in order.

    The origin comes first in the text, so a process recognises its own messages without parsing them.
    """
    batch = [[table_id, kind, dict(payload)] for table_id, kind, payload in notices]
    return json.dumps({"o": origin, "n": batch}, separators=(",", ":"), allow_nan=False)


def own_prefix(origin: str) -> bytes:
    """How every message :func:`encode` writes for ``origin`` begins."""
    return json.dumps({"o": origin}, separators=(",", ":"))[:-1].encode() + b","


def decode(raw: bytes | str) -> tuple[str, list[tuple[str, str, dict[str, Any]]]] | None:
    """``(origin, [(table_id, kind, payload), …])`` of a published message, or ``None`` if it is not one."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    origin, batch = data.get("o"), data.get("n")
    if not isinstance(origin, str) or not isinstance(batch, list):
        return None
    notices: list[tuple[str, str, dict[str, Any]]] = []
    for item in batch:
        if not (isinstance(item, list) and len(item) == 3):
            return None
        table_id, kind, payload = item
        if not (isinstance(table_id, str) and isinstance(kind, str) and isinstance(payload, dict)):
            return None
        notices.append((table_id, kind, payload))
    return origin, notices


RedisFactory = Callable[[], Any]
"""Builds a ``redis.asyncio.Redis`` client (``fakeredis`` in tests)."""


class RedisUnreachable(RuntimeError):
    """The configured Redis did not answer at start-up."""


class RedisFanout(Fanout):
    """Processes sharing one Redis: one pub/sub channel ``<prefix>:tables`` and leases ``<prefix>:lease:<name>``.

    One connection listens, another publishes and takes leases. The listener reconnects by itself (with
    backoff) and calls the gap handlers each time it is subscribed again.
    """

    kind = "redis"
    shared = True

    def __init__(
        self, connect: RedisFactory, prefix: str = "monsterlair", *, listen_connect: RedisFactory | None = None
    ) -> None:
        super().__init__()
        self.prefix = prefix
        self.channel = f"{prefix}:tables"
        self._connect = connect
        self._listen_connect = listen_connect or connect
        self._client: Any = None
        self._outbox: asyncio.Queue[Notice] = asyncio.Queue()
        self._own = own_prefix(self.origin)
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribed = asyncio.Event()
        self._closing = False
        self._dropped = 0

    @classmethod
    def from_url(cls, url: str, prefix: str = "monsterlair") -> RedisFanout:
        """A fan-out over the Redis server at ``url`` (``redis://host:6379/0``)."""
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff, NoBackoff

        def publisher() -> Any:
            retry = Retry(ExponentialBackoff(cap=1.0, base=0.05), 3)
            return redis.Redis.from_url(url, retry=retry, socket_connect_timeout=3, socket_timeout=5)

        def listener() -> Any:
            # No silent reconnection for the subscriber: a broken connection must surface here, because
            # notices published meanwhile are lost and the gap handlers have to run.
            return redis.Redis.from_url(
                url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=3, health_check_interval=15
            )

        return cls(publisher, prefix, listen_connect=listener)

    # --- life --------------------------------------------------------------------------------------
    async def start(self, wait: float = START_PATIENCE) -> None:
        """Connect, and wait (up to ``wait`` seconds) until subscribed; later failures are retried in the background.

        Raises:
            RedisUnreachable: if Redis did not answer within ``wait`` seconds: a process configured for a
                cluster refuses to start alone (it would not hear the others' moves).
        """
        self._client = self._connect()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._send())]
        try:
            # Not wait_for: Python 3.11's drops a cancellation that comes as Redis answers, and a server
            # stopped while it starts then went on starting.
            async with asyncio.timeout(wait):
                await self._subscribed.wait()
        except TimeoutError:
            await self.close()
            raise RedisUnreachable(
                f"Redis did not answer within {wait:g} s; MONSTERLAIR_REDIS_URL is set, so this process does not "
                "start without it (start Redis, or unset the URL to run one process alone)."
            ) from None

    async def close(self) -> None:
        """Flush the outbox (up to a second), then stop."""
        if self._tasks and not self._tasks[1].done():
            # wait_for may drop a cancellation that comes as the outbox empties (Python 3.11); here that only
            # lets close finish stopping its tasks (and its caller its own clean-up): nothing waits longer.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._outbox.join(), 1.0)
        self._closing = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()

    def status(self) -> dict[str, Any]:
        """For ``/health``."""
        connected = self._subscribed.is_set()
        return {"kind": self.kind, "connected": connected, "degraded": not connected, "process": self.origin}

    # --- publishing --------------------------------------------------------------------------------
    def publish(self, table_id: str, kind: str, payload: Mapping[str, Any]) -> None:
        """Queue a notice for the other processes."""
        if self._closing:
            return
        if self._outbox.qsize() >= OUTBOX_LIMIT:
            self._dropped += 1
            if self._dropped == 1 or self._dropped % 1000 == 0:
                log.warning("fan-out outbox full (Redis down?): %d notice(s) dropped", self._dropped)
            return
        self._outbox.put_nowait((table_id, kind, payload))

    async def _send(self) -> None:
        """Publish the outbox: everything queued while the last message was sent goes out as one message
        (one Redis command and one message for each listener, not one per notice)."""
        loop = asyncio.get_running_loop()
        while True:
            batch = [await self._outbox.get()]
            while len(batch) < BATCH_LIMIT and not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            text = encode(self.origin, batch)
            deadline = loop.time() + PUBLISH_PATIENCE
            delay = 0.05
            try:
                while True:
                    try:
                        await self._client.publish(self.channel, text)
                        break
                    except asyncio.CancelledError:
                        raise
                    except Exception as exc:
                        if loop.time() >= deadline:
                            log.warning("a fan-out notice was dropped: Redis did not take it (%s)", exc)
                            break
                        await asyncio.sleep(delay)
                        delay = min(delay * 2, 1.0)
            finally:
                for _ in batch:
                    self._outbox.task_done()

    # --- listening ---------------------------------------------------------------------------------
    async def _listen(self) -> None:
        delay = 0.1
        while not self._closing:
            client = self._listen_connect()
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                if not self._subscribed.is_set():
                    log.info("fan-out subscribed to %s as process %s", self.channel, self.origin)
                self._subscribed.set()
                delay = 0.1
                # Anything published while this process was not subscribed is lost: let the owners of
                # live state reload it. (At start-up nothing is held yet, so this costs nothing.)
                await self.gap()
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        await self._receive(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self._subscribed.is_set():
                    log.warning("fan-out lost its Redis connection (%s); reconnecting", exc)
                self._subscribed.clear()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                with contextlib.suppress(Exception):
                    await client.aclose()

    async def _receive(self, raw: bytes | str) -> None:
        if (raw if isinstance(raw, bytes) else raw.encode()).startswith(self._own):
            return  # this process's own message: nothing to hand on
        message = decode(raw)
        if message is None:
            log.warning("ignoring a malformed fan-out message")
            return
        origin, notices = message
        if origin != self.origin:
            for table_id, kind, payload in notices:
                await self.dispatch(table_id, kind, payload)

    # --- leases ------------------------------------------------------------------------------------
    def _lease_key(self, name: str) -> str:
        return f"{self.prefix}:lease:{name}"

    async def claim(self, name: str, seconds: float) -> bool:
        """Take the lease if free (or already ours). If Redis cannot answer, say no: the work waits (a bot
        turn is picked up again by the sweep once Redis answers) rather than risk two processes doing it."""
        key = self._lease_key(name)
        try:
            if await self._client.set(key, self.origin, nx=True, px=max(1, int(seconds * 1000))):
                return True
            holder = await self._client.get(key)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("lease %s: Redis did not answer (%s); waiting for it", name, exc)
            return False
        if isinstance(holder, bytes):
            holder = holder.decode("utf-8", "replace")
        return bool(holder == self.origin)

    async def release(self, name: str) -> None:
        """Drop the lease if this process holds it (best effort; it lapses by itself anyway)."""
        key = self._lease_key(name)
        with contextlib.suppress(Exception):
            holder = await self._client.get(key)
            if isinstance(holder, bytes):
                holder = holder.decode("utf-8", "replace")
            if holder == self.origin:
                await self._client.delete(key)


def make_fanout(redis_url: str, prefix: str) -> Fanout:
    """Redis when a URL is set, else the local fan-out."""
    return RedisFanout.from_url(redis_url, prefix) if redis_url else LocalFanout()
