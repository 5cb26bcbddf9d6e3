"""The table WebSocket: framing, size limit, per-connection rate limit and message validation.

Client → server messages (JSON objects):

* ``{"type": "action", "state_id": N, "actions": ["draw"], "ref": any}`` — one action, or a batch
  (a multi-card choice) applied in order and accepted or rejected whole; with ``"cards": [positions]`` (hand
  positions from 1, any order) the choice of cards the decision then asks for, which the game turns into its
  own picks and their confirmation (``Game.choose_cards``), so ``actions`` may then be empty;
* ``{"type": "undo", "state_id": N, "ref": any}`` — take back my last move (``server/tables/undo.py``);
* ``{"type": "leave", "ref": any}`` — leave the game under way: a bot plays my seat (``server/tables/takeover.py``);
* ``{"type": "reclaim", "ref": any}`` — take back my seat from the bot playing it;
* ``{"type": "sync"}`` — ask for a full snapshot (after a gap or a reconnect);
* ``{"type": "ping"}`` — answered with ``{"type": "pong"}``;
* ``{"type": "chat", "text": "...", "ref": any}`` — a chat message (``server/tables/chat.py``).

Server → client: ``snapshot`` (everything the receiver may see), ``update`` (new view, legal actions and
the new log entries, with ``prev_state_id`` so a gap is noticed), ``error`` (``code``, ``message`` and the
``ref`` of the message it answers), ``pong``, and the same for everyone: ``chat`` (one message),
``chat_history`` (the recent messages, on connect) and ``presence`` (who is here, ``server/tables/presence.py``).
Nothing a client sends can reach another receiver unchecked: this module only frames; the hub and the table
(and ``server/tables/chat.py`` for chat) decide.

The session cookie says who is connecting; a bot account may instead send ``Authorization: Bearer
<token>`` (then no cookie is read and the browser origin check does not apply). Bots mostly use
``/ws/bot`` (``botws.py``), which tells them about all their tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from monsterlair.server.accounts.auth import COOKIE
from monsterlair.server.accounts.botauth import BAD_TOKEN, bearer, bot_for_token
from monsterlair.server.api.deps import client_address
from monsterlair.server.api.guards import same_origin
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.live import dumps
from monsterlair.server.tables.table import TableError
from monsterlair.server.transport.caps import CLOSE_TOO_MANY, SocketCaps

log = logging.getLogger("monsterlair.server.ws")

QUEUE_LIMIT = 512
"""Messages queued for one receiver before it is judged too slow and disconnected (it can reconnect)."""
QUEUE_BYTES = 1_048_576
"""Bytes queued for one receiver before it is judged too slow (``Settings.ws_queue_bytes`` sets it per server)."""
SLOW_CLOSE_SECONDS = 2.0
"""How long a receiver judged too slow is given to take its close frame before its connection is cut."""

CLOSE_POLICY = 1008
CLOSE_NOT_FOUND = 4404
CLOSE_FORBIDDEN = 4403
CLOSE_SLOW = 4408
CLOSE_BAD_TOKEN = 4401
CLOSE_SIGNED_OUT = 4401
SESSION_RECHECK = 60.0
"""Seconds between two checks that the session a socket signed in with still stands; once it is revoked
(logout, signed out from the profile page, a password change) or expired, the socket is closed."""

KINDS = ("action", "undo", "leave", "reclaim", "sync", "ping", "chat")
"""The message types a client may send."""


class RateLimiter:
    """A token bucket: ``burst`` messages at once, then ``rate`` per second."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "clock")

    def __init__(self, rate: float, burst: int, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.stamp: float = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def allow(self) -> bool:
        """Take one token if there is one."""
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until a token is there (0 when one is)."""
        self._refill()
        return max(0.0, (1.0 - self.tokens) / self.rate)


def text_bytes(text: str) -> int:
    """The size of a message on the wire (UTF-8), without encoding the usual all-ASCII message."""
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def abort_transport(websocket: WebSocket) -> bool:
    """Cut a socket's connection at once, unsent data and all (True if it could be reached).

    A close frame waits behind what the peer has not read, so it never reaches a peer that stopped reading,
    and the server's own close waits to flush forever. ASGI has no word for "abort": the server's protocol
    object is found behind the ``receive`` it handed the app (uvicorn's), and its transport aborted.
    """
    protocol = getattr(getattr(websocket, "_receive", None), "__self__", None)
    abort = getattr(getattr(protocol, "transport", None), "abort", None)
    if not callable(abort):
        return False
    with contextlib.suppress(Exception):
        abort()
    return True


class Connection:
    """One client's socket as a hub subscriber: sends are queued and written by one task, in order."""

    def __init__(self, websocket: WebSocket, user_id: int | None, queue_bytes: int = QUEUE_BYTES) -> None:
        self.websocket = websocket
        self.user_id = user_id
        self.queue: asyncio.Queue[tuple[str, int] | None] = asyncio.Queue()
        self.queue_bytes = queue_bytes
        self.queued = 0
        """Bytes queued and not yet written (the message being written counts until it is)."""
        self.too_slow = False
        self.dropped = False
        """Judged too slow: its backlog was thrown away and its connection is being closed."""
        self.close_code = CLOSE_SLOW
        self.close_reason = "too slow; reconnect to resync"
        self.writer_task: asyncio.Task[None] | None = None

    def start(self) -> asyncio.Task[None]:
        """Start the task that writes the queued messages."""
        self.writer_task = asyncio.create_task(self.writer())
        return self.writer_task

    def send(self, text: str) -> None:
        """Queue a message; a receiver that falls too far behind, in messages or in bytes, is disconnected (its
        backlog thrown away; it resyncs on reconnect). One message larger than the byte bound still goes alone."""
        if self.too_slow:
            return
        size = text_bytes(text)
        if self.queue.qsize() >= QUEUE_LIMIT or (self.queued and self.queued + size > self.queue_bytes):
            self._drop()
            return
        self.queued += size
        self.queue.put_nowait((text, size))

    def _drop(self) -> None:
        """Too slow: free the backlog, close with :data:`CLOSE_SLOW`, and cut the connection if the close frame
        cannot get through within :data:`SLOW_CLOSE_SECONDS` (a peer that does not read never takes it)."""
        self.too_slow = self.dropped = True
        while not self.queue.empty():
            item = self.queue.get_nowait()
            if item is not None:
                self.queued -= item[1]
        self.queue.put_nowait(None)
        log.info("a receiver fell too far behind (%d bytes waiting); disconnecting it", self.queued)
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().call_later(SLOW_CLOSE_SECONDS, self._cut)

    def _cut(self) -> None:
        # Even once the handler has ended: the server's own close waits, without end, to flush to such a peer.
        abort_transport(self.websocket)

    def end(self, code: int, reason: str) -> None:
        """Close once what is already queued has been written; nothing queued later is sent."""
        if not self.too_slow:
            self.close_code, self.close_reason = code, reason
            self.too_slow = True
            self.queue.put_nowait(None)

    def error(self, code: str, message: str, ref: Any = None) -> None:
        """Queue an error message."""
        out: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if ref is not None:
            out["ref"] = ref
        self.send(dumps(out))

    async def writer(self) -> None:
        """Write queued messages until the connection ends or falls behind."""
        while True:
            item = await self.queue.get()
            if item is None:
                with contextlib.suppress(Exception):
                    await self.websocket.close(self.close_code, self.close_reason)
                return
            text, size = item
            try:
                await self.websocket.send_text(text)
            finally:
                self.queued -= size


def _same_origin(websocket: WebSocket) -> bool:
    """Browsers send Origin on WebSockets; refuse other sites (cross-site WebSocket hijacking)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser (tests, tools); the cookie still decides who is who
    return same_origin(origin, websocket.headers.get("host", ""))


def parse(text: str, max_bytes: int) -> dict[str, Any]:
    """A client message, checked for size, JSON and shape.

    Raises:
        TableError: ``too_large``, ``bad_json`` or ``bad_request``.
    """
    data = read_json(text, max_bytes)
    kind = data.get("type")
    if kind not in KINDS:
        raise TableError("bad_request", f"Unknown message type {kind!r}; use {', '.join(repr(k) for k in KINDS)}.")
    return data


def read_json(text: str, max_bytes: int) -> dict[str, Any]:
    """A JSON object of at most ``max_bytes``.

    Raises:
        TableError: ``too_large``, ``bad_json`` or ``bad_request``.
    """
    if len(text) > max_bytes or len(text.encode("utf-8")) > max_bytes:
        raise TableError("too_large", f"Messages are limited to {max_bytes} bytes; this one was not read.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise TableError("bad_json", "That message is not valid JSON; nothing was done.") from None
    if not isinstance(data, dict):
        raise TableError("bad_request", "A message is a JSON object with a 'type'.")
    return data


def reply_ref(data: dict[str, Any]) -> str | int | None:
    """The message's ``ref`` (a string or a number), echoed on the reply so a client can match them."""
    ref = data.get("ref")
    return ref if isinstance(ref, str | int) else None


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """Serve one client watching or playing at one table."""
    app = websocket.app
    hub: Hub = app.state.hub
    settings = app.state.settings
    token = bearer(websocket.headers.get("authorization"))
    user_id: int | None
    if token is not None:
        # A bot account with its token; a web page cannot set this header, so there is no origin to check.
        bot = await bot_for_token(hub.store, token)
        if bot is None:
            await websocket.accept()
            await websocket.send_text(dumps({"type": "error", "code": "bad_token", "message": BAD_TOKEN}))
            await websocket.close(CLOSE_BAD_TOKEN, "bad_token")
            return
        user_id = bot.id
    elif not _same_origin(websocket):
        await websocket.close(CLOSE_POLICY, "cross-site connection refused")
        return
    else:
        found = await app.state.sessions.find(hub.store, websocket.cookies.get(COOKIE))
        user_id = None if found is None or found[1].is_bot else found[1].id
    invite = websocket.query_params.get("invite")
    await websocket.accept()
    conn = Connection(websocket, user_id, settings.ws_queue_bytes)
    caps: SocketCaps = app.state.socket_caps
    ticket = caps.take(user_id, client_address(websocket))
    if isinstance(ticket, str):
        await refuse_too_many(conn, ticket)
        return
    writer = conn.start()
    limiter = RateLimiter(settings.ws_rate, settings.ws_burst)
    syncs = SyncPacer(hub, conn, table_id, RateLimiter(settings.ws_sync_rate, settings.ws_sync_burst))
    watcher = (
        asyncio.create_task(_watch_session(hub, conn, websocket.cookies.get(COOKIE)))
        if token is None and user_id is not None
        else None
    )
    subscribed = False
    try:
        try:
            await hub.subscribe(table_id, conn, invite)
            subscribed = True
            await hub.chat.send_history(table_id, conn)
        except TableError as exc:
            conn.error(exc.code, exc.message)
            await _drain(conn)
            await websocket.close(CLOSE_NOT_FOUND if exc.code == "not_found" else CLOSE_FORBIDDEN, exc.code)
            return
        while not conn.too_slow and not writer.done():
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                if len(raw) > settings.ws_max_bytes:
                    conn.error("too_large", f"Messages are limited to {settings.ws_max_bytes} bytes.")
                    continue
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    conn.error("bad_json", "Messages are UTF-8 JSON text.")
                    continue
            if not limiter.allow():
                conn.error("rate_limited", "Too many messages; slow down. That message was not read.")
                continue
            await _handle(hub, conn, table_id, text, settings.ws_max_bytes, syncs)
    except WebSocketDisconnect:
        pass
    finally:
        caps.release(ticket)
        syncs.cancel()
        if subscribed:
            hub.unsubscribe(table_id, conn)
        if watcher is not None:
            watcher.cancel()
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer


async def refuse_too_many(conn: Connection, message: str) -> None:
    """Tell an accepted socket in words that it is one too many (``too_many_connections``), then close it."""
    conn.error("too_many_connections", message)
    conn.end(CLOSE_TOO_MANY, "too_many_connections")
    with contextlib.suppress(BaseException):  # a cancellation too: both callers return next either way
        await asyncio.wait_for(conn.start(), 5)


class SyncPacer:
    """Answers a connection's ``sync`` asks: at once while its bucket has a token, else once the bucket refills.

    Asks that arrive while one waits are answered by that one snapshot (the latest position, built when
    sent), so a client asking 8 times a second gets one snapshot every ``1 / ws_sync_rate`` seconds and no
    error: a client that asks after a gap always gets its snapshot, a flood costs one snapshot per period.
    """

    def __init__(self, hub: Hub, conn: Connection, table_id: str, bucket: RateLimiter) -> None:
        self.hub = hub
        self.conn = conn
        self.table_id = table_id
        self.bucket = bucket
        self.waiting: asyncio.Task[None] | None = None

    async def ask(self) -> None:
        """A ``sync`` arrived."""
        if self.waiting is not None and not self.waiting.done():
            return  # the snapshot already on its way answers this ask too
        if self.bucket.allow():
            await self._send()
            return
        self.waiting = asyncio.create_task(self._later())

    async def _later(self) -> None:
        while not self.bucket.allow():
            await asyncio.sleep(self.bucket.wait())
        try:
            await self._send()
        except TableError as exc:
            self.conn.error(exc.code, exc.message)

    async def _send(self) -> None:
        table = await self.hub.table(self.table_id)
        self.hub.resync(table, self.conn)

    def cancel(self) -> None:
        """The connection ended: a snapshot still waiting is not sent."""
        if self.waiting is not None:
            self.waiting.cancel()


async def _watch_session(hub: Hub, conn: Connection, cookie: str | None) -> None:
    """Close the socket once its session no longer stands (checked every :data:`SESSION_RECHECK` seconds)."""
    sessions = conn.websocket.app.state.sessions
    while True:
        await asyncio.sleep(SESSION_RECHECK)
        try:
            found = await sessions.find(hub.store, cookie)
        except Exception:  # the database did not answer: check again later
            continue
        if found is None or found[1].id != conn.user_id:
            conn.error("signed_out", "You were signed out in this browser; sign in again to go on.")
            conn.end(CLOSE_SIGNED_OUT, "signed_out")
            return


async def _drain(conn: Connection) -> None:
    """Let the writer flush what is queued (best effort, bounded)."""
    for _ in range(20):
        if conn.queue.empty():
            return
        await asyncio.sleep(0.01)


async def _control(hub: Hub, conn: Connection, table_id: str, kind: str, data: dict[str, Any]) -> None:
    """Undo, leave and reclaim: only a signed-in player's own seat (``server/tables/controls.py``)."""
    if conn.user_id is None:
        raise TableError("not_seated", "You are watching this table; only its players can do that.")
    if kind == "undo":
        await hub.controls.undo(conn.user_id, table_id, data.get("state_id"))
    elif kind == "leave":
        await hub.controls.leave_game(conn.user_id, table_id)
    else:
        await hub.controls.reclaim(conn.user_id, table_id)


async def _handle(hub: Hub, conn: Connection, table_id: str, text: str, max_bytes: int, syncs: SyncPacer) -> None:
    ref: Any = None
    try:
        data = parse(text, max_bytes)
        ref = reply_ref(data)
        kind = data["type"]
        if kind == "ping":
            conn.send(dumps({"type": "pong", "ref": ref}))
        elif kind == "sync":
            await syncs.ask()
        elif kind in ("undo", "leave", "reclaim"):
            await _control(hub, conn, table_id, kind, data)
        elif kind == "chat":
            await hub.chat.post(conn.user_id, table_id, data.get("text"))
        else:
            await hub.act(conn.user_id, table_id, data.get("state_id"), data.get("actions"), data.get("cards"))
    except TableError as exc:
        conn.error(exc.code, exc.message, ref)
    except Exception:
        log.exception("unexpected failure handling a message at table %s", table_id)
        conn.error("server_error", "The server failed on that message; nothing was played.", ref)
