"""The bot socket ``/ws/bot``: one connection over which a bot account hears about its tables and plays.

Authentication is by token only: the ``Authorization: Bearer <token>`` header, or (for clients that
cannot set headers) a first message ``{"type": "auth", "token": "..."}`` within 10 seconds. Cookies
are never read here, so the browser origin check that guards cookie sessions does not apply; a token
in the URL is refused (URLs end up in logs).

Client → server (JSON objects; ``ref`` is echoed in an error):

* ``{"type": "action", "table": ID, "state_id": N, "actions": ["draw"], "ref": any}`` — the same as a
  person's action message on the table socket, plus the table;
* ``{"type": "sync", "table": ID}`` — send this table's ``seated`` (and ``turn``) again, with the whole log;
* ``{"type": "join", "table": ID, "seat": N or null, "invite": text or null}`` and ``{"type": "leave", ...}``;
* ``{"type": "ping"}``.

Server → client: ``hello`` (who you are), then ``seated``, ``turn``, ``finished`` and ``unseated`` (see
``server/tables/botfeed.py``), ``error`` (``code``, ``message``, ``table`` and ``ref``) and ``pong``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from monsterlair.server.accounts.botauth import BAD_TOKEN, TOKEN_IN_URL, bearer, bot_for_token, token_in_url
from monsterlair.server.api.deps import client_address
from monsterlair.server.storage.base import UserData
from monsterlair.server.tables.botfeed import BotFeed
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.live import dumps
from monsterlair.server.tables.table import TableError
from monsterlair.server.transport.caps import SocketCaps
from monsterlair.server.transport.ws import CLOSE_BAD_TOKEN as CLOSE_AUTH
from monsterlair.server.transport.ws import Connection, RateLimiter, read_json, refuse_too_many, reply_ref

log = logging.getLogger("monsterlair.server.botws")

AUTH_SECONDS = 10.0
KINDS = ("action", "sync", "join", "leave", "ping")


async def bot_socket(websocket: WebSocket) -> None:
    """Serve one bot account's connection."""
    app = websocket.app
    hub: Hub = app.state.hub
    feed: BotFeed = app.state.botfeed
    settings = app.state.settings
    await websocket.accept()
    conn = Connection(websocket, None, settings.ws_queue_bytes)
    caps: SocketCaps = app.state.socket_caps
    ticket = caps.take(None, client_address(websocket))  # by address: the account is known only once signed in
    if isinstance(ticket, str):
        await refuse_too_many(conn, ticket)
        return
    writer = conn.start()
    added = False
    try:
        user = await _authenticate(websocket, conn, hub, settings.ws_max_bytes)
        if user is None:
            with contextlib.suppress(BaseException):  # a cancellation too: the handler ends here either way
                await asyncio.wait_for(writer, 5)
            return
        conn.user_id = user.id
        feed.add(conn)
        added = True
        conn.send(dumps({"type": "hello", "bot": {"id": user.id, "name": user.name, "username": user.username}}))
        await feed.catch_up(conn)
        limiter = RateLimiter(settings.bot_ws_rate, settings.bot_ws_burst)
        while not conn.too_slow and not writer.done():
            text = await _receive_text(websocket, conn, settings.ws_max_bytes)
            if text is None:
                break
            if not text:
                continue
            if not limiter.allow():
                conn.error("rate_limited", "Too many messages; slow down. That message was not read.")
                continue
            await _handle(hub, feed, conn, user, text, settings.ws_max_bytes)
    except WebSocketDisconnect:
        pass
    finally:
        caps.release(ticket)
        if added:
            feed.remove(conn)
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer


async def _authenticate(websocket: WebSocket, conn: Connection, hub: Hub, max_bytes: int) -> UserData | None:
    """The bot account behind this connection; on failure an error is queued, the close too, and ``None``."""

    def refuse(code: str, message: str) -> None:
        conn.error(code, message)
        conn.end(CLOSE_AUTH, code)

    if token_in_url(websocket.query_params):
        refuse("token_in_url", TOKEN_IN_URL)
        return None
    token = bearer(websocket.headers.get("authorization"))
    if token is None:
        hint = 'Send the header \'Authorization: Bearer <token>\' or a first message {"type": "auth", "token": …}.'
        try:
            # Not wait_for: Python 3.11's drops a cancellation that comes with the message, and a handler
            # stopped as the token arrived went on to serve the bot.
            async with asyncio.timeout(AUTH_SECONDS):
                text = await _receive_text(websocket, conn, max_bytes)
        except TimeoutError:
            refuse("not_signed_in", f"No token arrived within {AUTH_SECONDS:.0f} seconds. {hint}")
            return None
        if text is None:
            return None
        try:
            data = read_json(text, max_bytes)
        except TableError as exc:
            refuse(exc.code, f"{exc.message} {hint}")
            return None
        if data.get("type") != "auth" or not isinstance(data.get("token"), str):
            refuse("not_signed_in", f"A bot signs in first. {hint}")
            return None
        token = str(data["token"])
    user = await bot_for_token(hub.store, token)
    if user is None:
        refuse("bad_token", BAD_TOKEN)
    return user


async def _receive_text(websocket: WebSocket, conn: Connection, max_bytes: int) -> str | None:
    """The next message as text; ``None`` when the connection ended, ``""`` when it was refused (error sent)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    raw = message.get("bytes") or b""
    if len(raw) > max_bytes:
        conn.error("too_large", f"Messages are limited to {max_bytes} bytes.")
        return ""
    try:
        return str(raw.decode("utf-8"))
    except UnicodeDecodeError:
        conn.error("bad_json", "Messages are UTF-8 JSON text.")
        return ""


async def _handle(hub: Hub, feed: BotFeed, conn: Connection, user: UserData, text: str, max_bytes: int) -> None:
    ref: Any = None
    table_id: Any = None
    try:
        data = read_json(text, max_bytes)
        ref = reply_ref(data)
        kind = data.get("type")
        if kind == "ping":
            conn.send(dumps({"type": "pong", "ref": ref}))
            return
        if kind not in KINDS:
            raise TableError("bad_request", f"Unknown message type {kind!r}; use one of {', '.join(KINDS)}.")
        table_id = data.get("table")
        if not isinstance(table_id, str) or not table_id:
            table_id = None
            raise TableError("bad_request", f"A {kind!r} message needs 'table', the table's id.")
        if kind == "action":
            await hub.act(user.id, table_id, data.get("state_id"), data.get("actions"))
        elif kind == "sync":
            table = await hub.table(table_id)
            if table.seat_of(user.id) is None:
                raise TableError("not_seated", "This bot has no seat at that table.")
            feed.refresh(conn, table, force=True)
        elif kind == "join":
            seat, invite = data.get("seat"), data.get("invite")
            if invite is not None and not isinstance(invite, str):
                raise TableError("bad_request", "'invite' is the text of the table's invite link, or null.")
            await hub.join(user, table_id, seat, invite)
        else:
            await hub.leave(user, table_id)
    except TableError as exc:
        _error(conn, exc.code, exc.message, ref, table_id)
    except Exception:
        log.exception("unexpected failure handling a bot message (table %s)", table_id)
        _error(conn, "server_error", "The server failed on that message; nothing was played.", ref, table_id)


def _error(conn: Connection, code: str, message: str, ref: Any, table_id: str | None) -> None:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if table_id is not None:
        out["table"] = table_id
    if ref is not None:
        out["ref"] = ref
    conn.send(dumps(out))
