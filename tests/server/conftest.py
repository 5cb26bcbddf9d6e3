"""Fixtures for the server tests: apps on in-memory or file SQLite, HTTP clients, a live server, guests."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from websockets.asyncio.client import ClientConnection, connect

from monsterlair import games
from monsterlair.core import Game
from monsterlair.server.accounts.auth import COOKIE
from monsterlair.server.app import create_app
from monsterlair.server.config import Settings
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables.hub import Hub
from tests import example_game
from tests.server.records import opened

MEMORY = "sqlite+aiosqlite://"


RERUNS = 1
"""A server test drives real sockets, bots on timers and worker threads on a shared two-core machine: one that
fails is run once more (pytest-rerunfailures, reported as ``R``) and fails only when it fails twice. A fault in
the code fails both runs; the reports name every rerun, so a flaky test is seen and mended."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.flaky(reruns=RERUNS, reruns_delay=1))


def all_games() -> dict[str, Game]:
    """Every registered game plus the toy game of tests/utils."""
    out: dict[str, Game] = {g.id: g for g in games.all_games()}
    out[example_game.GAME.id] = example_game.GAME
    return out


def make_settings(tmp_path: Path, database_url: str = MEMORY, **extra: Any) -> Settings:
    """Settings for a test: no bot delay, a fixed key, data in the test's folder, bots in threads (tests hand
    the server bots that do not pickle; the worker processes have their own tests)."""
    values: dict[str, Any] = {
        "bot_processes": False,
        "database_url": database_url,
        "secret_key": "test-secret",
        "bot_delay": 0.0,
        "data_dir": tmp_path / "data",
    }
    values.update(extra)
    return Settings(**values)


@contextlib.asynccontextmanager
async def running(app: FastAPI) -> AsyncIterator[FastAPI]:
    """Run the app's lifespan (migrations, hub, recovery) around a block."""
    async with app.router.lifespan_context(app):
        yield app


@contextlib.asynccontextmanager
async def http(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """An HTTP client speaking to the app in process (no sockets)."""
    transport = httpx.ASGITransport(app=app)
    # A browser page of the site sends its Origin with every state-changing request (the CSRF check).
    async with httpx.AsyncClient(
        transport=transport, base_url="http://testserver", headers={"Origin": "http://testserver"}
    ) as client:
        yield client


async def guest(client: httpx.AsyncClient, name: str = "Ann") -> dict[str, Any]:
    """Sign the client in as a new guest."""
    r = await client.post("/api/auth/guest", json={"name": name})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def bots_table(game: str, bots: list[str], options: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The body of ``POST /api/tables`` for a table of bots only (one per spec), started at once."""
    seats = [{"kind": "bot", "bot": spec} for spec in bots]
    return {"game": game, "players": len(bots), "seats": seats, "options": options, "start": True, **extra}


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[FastAPI]:
    """A running app on in-memory SQLite with every game and the toy game."""
    application = create_app(make_settings(tmp_path), games=all_games())
    async with running(application):
        yield application


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqlStore]:
    """A migrated store on a SQLite file of the test's own."""
    async with opened(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}") as s:
        yield s


@pytest.fixture
def hub(app: FastAPI) -> Hub:
    """The hub of ``app``."""
    hub: Hub = app.state.hub
    return hub


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """An in-process HTTP client for ``app``."""
    async with http(app) as c:
        yield c


ClientFactory = Callable[[], Awaitable[httpx.AsyncClient]]


@pytest.fixture
async def clients(app: FastAPI) -> AsyncIterator[ClientFactory]:
    """Make more HTTP clients (each with its own cookies) for ``app``."""
    stack = contextlib.AsyncExitStack()

    async def make() -> httpx.AsyncClient:
        return await stack.enter_async_context(http(app))

    async with stack:
        yield make


class Live:
    """A uvicorn server for one app on a free loopback port, in the test's own event loop."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on", ws_max_size=1 << 20)
        )
        self.task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Live:
        self.task = asyncio.create_task(self.server.serve())
        for _ in range(500):
            if self.server.started:
                break
            await asyncio.sleep(0.01)
        assert self.server.started, "the test server did not start"
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.server.should_exit = True
        assert self.task is not None
        await asyncio.wait_for(self.task, 10)

    @property
    def port(self) -> int:
        sock = self.server.servers[0].sockets[0]
        return int(sock.getsockname()[1])

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base, headers={"Origin": self.base})

    async def socket(
        self, table_id: str, cookie: str | None = None, query: str = "", headers: Mapping[str, str] | None = None
    ) -> Peer:
        extra = dict(headers or {})
        if cookie:
            extra["Cookie"] = f"{COOKIE}={cookie}"
        ws = await connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}{query}", additional_headers=extra)
        return Peer(ws)


class Peer:
    """A WebSocket client that keeps every message it receives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []

    async def send(self, message: Mapping[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        msg: dict[str, Any] = json.loads(raw)
        self.received.append(msg)
        return msg

    async def recv_type(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next message of a type (others are kept in ``received``)."""
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == kind:
                return msg

    async def quiet(self, seconds: float = 0.15) -> list[dict[str, Any]]:
        """Every message arriving within ``seconds``."""
        out = []
        with contextlib.suppress(TimeoutError):
            while True:
                out.append(await self.recv(seconds))
        return out

    async def close(self) -> None:
        await self.ws.close()


async def until(check: Callable[[], bool], seconds: float = 3.0, what: str = "the condition") -> None:
    """Wait until ``check()`` holds (polling every 5 ms), or fail naming ``what`` was awaited."""
    for _ in range(int(seconds / 0.005)):
        if check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


def cookie_of(client: httpx.AsyncClient) -> str:
    """The session cookie a client holds."""
    value = client.cookies.get(COOKIE)
    assert value, "the client is not signed in"
    return value
