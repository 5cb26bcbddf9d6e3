"""Builds the FastAPI application: storage (migrated at start), the hub, routes, WebSocket and web client."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from monsterlair import __version__
from monsterlair import bots as bot_library
from monsterlair.core import Game
from monsterlair.server.accounts.auth import HashPool, Sessions, purge_expired
from monsterlair.server.api import errors, openapi
from monsterlair.server.api.guards import RequestGuard
from monsterlair.server.api.ratelimit import RateLimits
from monsterlair.server.api.routes import auth, me, players, replays, saved_games, tables
from monsterlair.server.api.routes import bots as bot_routes
from monsterlair.server.api.routes import games as games_routes
from monsterlair.server.config import Settings
from monsterlair.server.looplag import LoopLagMonitor
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables.botfeed import BotFeed
from monsterlair.server.tables.botpool import BotPool, BotRunner, ThreadBots
from monsterlair.server.tables.bots import BotCatalog, ServerBotMaker
from monsterlair.server.tables.clock import ClockLimits
from monsterlair.server.tables.fanout import make_fanout
from monsterlair.server.tables.hub import Hub
from monsterlair.server.transport.botws import bot_socket
from monsterlair.server.transport.caps import SocketCaps
from monsterlair.server.transport.ws import table_socket

log = logging.getLogger("monsterlair.server")

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
}

NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>Monster Lair</title>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto">
<h1>Monster Lair</h1><p>The server is running, but the web client has not been built.
Run <code>make web</code> (or <code>make run</code>) in the project folder, then reload.</p>
<p>The API is at <a href="/api/docs">/api/docs</a>.</p></body>"""


class SecurityHeaders:
    """Adds the security headers to every HTTP response (plain ASGI: no per-request task, unlike BaseHTTPMiddleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.common = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in self.common if k not in present]
                if api and b"cache-control" not in present:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def load_games() -> dict[str, Game]:
    """Every registered game that imports; a game that fails to load is logged and left out."""
    from monsterlair import games as registry

    out: dict[str, Game] = {}
    for game_id in registry.ids():
        try:
            out[game_id] = registry.get(game_id)
        except Exception:
            log.exception("game %s could not be loaded; it is not offered", game_id)
    return out


def create_app(
    settings: Settings | None = None,
    *,
    games: Mapping[str, Game] | None = None,
    bots: BotCatalog | None = None,
) -> FastAPI:
    """The Monster Lair web application.

    ``games`` and ``bots`` default to the registry and the bot library; tests may pass their own.
    """
    settings = settings or Settings()
    for why in bot_library.broken_plugins().values():  # a broken bot plug-in is not offered; the server runs on
        log.warning("%s", why)
    catalog = bots or BotCatalog(
        ServerBotMaker(settings.policy_dir),
        max_seconds=settings.bot_max_seconds,
        max_iterations=settings.bot_max_iterations,
    )
    catalog.check(settings.takeover_bot)  # a bad takeover bot stops the server before it starts (ValueError)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = SqlStore(settings.database())
        await store.start()
        app.state.hash_pool = HashPool()
        purged = await purge_expired(store)
        if purged:
            log.info("removed %d expired session(s)", purged)
        runner: BotRunner
        threads: ThreadPoolExecutor | None = None
        if settings.bot_processes:
            runner = BotPool(settings.bot_workers, deadline=settings.bot_deadline())
        else:
            threads = ThreadPoolExecutor(settings.bot_workers, thread_name_prefix="monsterlair-bot")
            runner = ThreadBots(threads, deadline=settings.bot_deadline(), slots=settings.bot_workers)
        fanout = make_fanout(settings.redis_url, settings.redis_prefix)
        hub = Hub(
            store,
            games if games is not None else load_games(),
            catalog,
            runner,
            bot_delay=settings.bot_delay,
            takeover_bot=settings.takeover_bot,
            clock_limits=ClockLimits(settings.clock_min_seconds, settings.clock_max_seconds),
            fanout=fanout,
            max_bot_tables=settings.max_bot_tables,
        )
        app.state.store = store
        app.state.hub = hub
        app.state.botfeed = BotFeed(hub)
        try:
            await fanout.start(settings.redis_wait)  # after the hub registered its handlers, before any table
        except Exception:
            runner.close()
            if threads is not None:
                threads.shutdown(wait=False, cancel_futures=True)
            app.state.hash_pool.close()
            await store.close()
            raise
        runner.warm()
        resumed = await hub.recover()
        if resumed:
            log.info("resumed %d game(s) under way", resumed)
        monitor = LoopLagMonitor(settings.loop_lag_ms / 1000) if settings.loop_lag_ms else None
        if monitor is not None:  # from here on, so a start-up that fails leaves no watcher behind
            monitor.start()
        app.state.looplag = monitor
        try:
            yield
        finally:
            runner.close()  # bots stop thinking at once: a stopping server never waits for a search
            await hub.close()
            await fanout.close()
            if threads is not None:
                threads.shutdown(wait=False, cancel_futures=True)
            app.state.hash_pool.close()
            await store.close()
            if monitor is not None:
                monitor.stop()

    app = FastAPI(
        title="Monster Lair",
        version=__version__,
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    openapi.install(app)
    app.state.settings = settings
    app.state.sessions = Sessions(settings.secret())
    app.state.limits = RateLimits(settings)
    app.state.socket_caps = SocketCaps(
        settings.ws_max_per_account, settings.ws_max_per_address, enabled=settings.rate_limits
    )
    errors.install(app)

    app.add_middleware(RequestGuard, max_body_bytes=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)  # added last, so outermost: every answer, refusals too, gets the headers

    for router in (
        auth.router,
        games_routes.router,
        tables.router,
        replays.router,
        saved_games.router,
        players.router,
        bot_routes.router,
        me.router,
    ):
        app.include_router(router)
    app.add_api_websocket_route("/ws/tables/{table_id}", table_socket)
    app.add_api_websocket_route("/ws/bot", bot_socket)

    @app.get("/health", tags=["health"])
    async def health(request: Request) -> dict[str, Any]:
        """Liveness: the version, the games offered, this process's live tables, fan-out and rate-limit store.

        ``degraded`` is true while a configured Redis does not answer (bot turns then wait for it).
        """
        hub: Hub = request.app.state.hub
        fanout = hub.fanout.status()
        limits = request.app.state.limits.status()
        return {
            "ok": True,
            "version": __version__,
            "games": list(hub.games),
            "tables": hub.status_counts(),
            "fanout": fanout,
            "rate_limits": limits,
            "degraded": bool(fanout.get("degraded") or limits["degraded"]),
        }

    _mount_web(app, settings.dist())
    return app


def _mount_web(app: FastAPI, dist: Path) -> None:
    """Serve the built client: its files, and index.html for the client's own paths."""
    index = dist / "index.html"
    if not index.is_file():

        @app.get("/", include_in_schema=False)
        async def not_built() -> HTMLResponse:
            return HTMLResponse(NOT_BUILT)

        return

    async def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in (
        "/",
        "/t/{table_id}",
        "/replay/{table_id}",
        "/account",
        "/leaderboard",
        "/leaderboard/{game}",
        "/u/{user_id}",
        "/rules",
        "/rules/{game}",
    ):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    app.mount("/", StaticFiles(directory=dist), name="web")
