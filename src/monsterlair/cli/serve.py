"""``monsterlair serve``: the online platform (FastAPI + uvicorn), SQLite by default.

Settings come from ``MONSTERLAIR_*`` environment variables (see ``server/config.py``); the flags here
override them. The address is printed once the server is listening.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Annotated, Any

import typer

from monsterlair.cli.common import fail

GC_THRESHOLDS = (20_000, 50, 100)
"""Young-generation size and collection ratios for the server process (CPython's defaults: 700, 10, 10)."""


GRACEFUL_SECONDS = 3
"""Seconds open requests and WebSockets get to finish when the server is asked to stop."""


def _redact(url: str) -> str:
    """The database URL without a password, for printing."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    creds, host = rest.rsplit("@", 1)
    user = creds.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if ":" in creds else url


def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on (default 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on (default 8000).")] = None,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="SQLAlchemy async URL, e.g. postgresql+asyncpg://user@localhost/db "
            "(default: SQLite in the data folder). Env: MONSTERLAIR_DATABASE_URL.",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            help="Redis that several server processes on one PostgreSQL database share, e.g. redis://localhost:6379/0 "
            "(default: none, one process). Env: MONSTERLAIR_REDIS_URL.",
        ),
    ] = None,
    data_dir: Annotated[
        Path | None, typer.Option(help="Folder for the SQLite database and the secret key. Env: MONSTERLAIR_DATA_DIR.")
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before moving, so people can follow (default 0.8).")
    ] = None,
    bot_processes: Annotated[
        bool | None,
        typer.Option(
            "--bot-processes/--bot-threads",
            help="Bots think in worker processes, each move with a deadline (the default), or in threads "
            "(which cannot be stopped; for debugging).",
        ),
    ] = None,
    access_log: Annotated[
        bool, typer.Option(help="Log every HTTP request (default: off).", show_default=False)
    ] = False,
    loop_lag_ms: Annotated[
        float | None,
        typer.Option(
            "--loop-lag-ms",
            min=0,
            help="Log every event-loop stall longer than this (ms) with the loop's stack, and long garbage "
            "collections (default 0: off; for finding pauses, see docs/performance.md). Env: MONSTERLAIR_LOOP_LAG_MS.",
        ),
    ] = None,
) -> None:
    """Run the web platform: lobby, live tables over WebSocket, replays."""
    try:
        import uvicorn

        from monsterlair.server.app import create_app
        from monsterlair.server.config import Settings
    except ImportError as exc:
        fail(f"The server needs the 'server' extra: pip install 'monsterlair[server]' ({exc}).")
    overrides: dict[str, Any] = {}
    for key, value in (
        ("host", host),
        ("port", port),
        ("database_url", database_url),
        ("redis_url", redis_url),
        ("data_dir", data_dir),
        ("bot_delay", bot_delay),
        ("bot_processes", bot_processes),
        ("loop_lag_ms", loop_lag_ms),
    ):
        if value is not None:
            overrides[key] = value
    try:
        settings = Settings(**overrides)
        url = settings.database()
    except (ValueError, OSError) as exc:
        fail(f"Bad server settings: {exc}")
    try:
        app = create_app(settings)
    except ValueError as exc:  # the takeover bot's spec
        fail(f"Bad server settings: {exc}")
    shown = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
    if ":" in shown:
        shown = f"[{shown}]"

    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level="info",
        access_log=access_log,
        ws_max_size=max(settings.ws_max_bytes * 4, 65_536),
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
        # On SIGINT or SIGTERM, connections get this long to finish before they are closed, so a stop takes a
        # few seconds at most (bots stop at once: their worker processes are killed).
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )
    server = uvicorn.Server(config)

    original_startup = server.startup

    async def startup(sockets: Any = None) -> None:
        await original_startup(sockets=sockets)
        if server.started:
            shared = f", shared through {_redact(settings.redis_url)}" if settings.redis_url else ""
            typer.echo(f"Monster Lair is running at http://{shown}:{settings.port}  (database: {_redact(url)}{shared})")
            typer.echo("Press Ctrl+C to stop.")

    server.startup = startup  # type: ignore[method-assign]
    # Everything imported so far lives as long as the process: keep it out of the cyclic collector's
    # full scans, and scan less often (the hot path makes acyclic garbage that reference counting frees).
    # Under load the default thresholds paused the event loop for up to ~350 ms several times a minute;
    # see docs/performance.md.
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    server.run()


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the command."""
    app.command("serve")(serve)
