"""Two real ``monsterlair serve`` processes on one PostgreSQL database and one Redis (marked ``services``).

A player connected to one process sees the moves of a player connected to the other at once, and the
same action sent to both processes at the same moment is played once.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import secrets
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from monsterlair.server.accounts.auth import COOKIE
from monsterlair.server.storage.base import ActionData, Conflict, SeatData
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables.bots import BotCatalog
from monsterlair.server.tables.hub import Hub, SeatRequest
from tests.server.conftest import Peer, all_games, cookie_of, guest
from tests.server.records import toy_table
from tests.server.services import fresh_database, require_redis

pytestmark = pytest.mark.services


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One ``monsterlair serve`` subprocess."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.env = env
        self.log = log
        self.proc: asyncio.subprocess.Process | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        script = Path(sys.executable).with_name("monsterlair")
        fallback = [sys.executable, "-c", "from monsterlair.cli import main; main()"]
        command = [str(script)] if script.exists() else fallback
        with self.log.open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                *command, "serve", "--host", "127.0.0.1", "--port", str(self.port), env=self.env, stdout=out, stderr=out
            )

    async def ready(self, seconds: float = 60.0) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        async with httpx.AsyncClient(base_url=self.base, timeout=2) as client:
            while time.monotonic() < deadline:
                assert self.proc is not None and self.proc.returncode is None, self.log.read_text()
                with contextlib.suppress(httpx.HTTPError):
                    r = await client.get("/health")
                    if r.status_code == 200:
                        health: dict[str, Any] = r.json()
                        return health
                await asyncio.sleep(0.1)
        raise AssertionError(f"the server did not start:\n{self.log.read_text()}")

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.proc.wait(), 10)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()

    async def socket(self, table_id: str, cookie: str) -> Peer:
        url = f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"
        return Peer(await connect(url, additional_headers={"Cookie": f"{COOKIE}={cookie}"}))


@contextlib.asynccontextmanager
async def two_servers(tmp_path: Path) -> AsyncIterator[tuple[Server, Server, str]]:
    """Two processes started together (so both migrate the fresh database at once), and its URL."""
    redis_url = await require_redis()
    async with fresh_database() as db_url:
        env = dict(os.environ)
        env.update(
            MONSTERLAIR_DATABASE_URL=db_url,
            MONSTERLAIR_REDIS_URL=redis_url,
            MONSTERLAIR_REDIS_PREFIX=f"monsterlair-test-{secrets.token_hex(4)}",  # parallel runs do not cross
            MONSTERLAIR_SECRET_KEY=secrets.token_urlsafe(32),  # shared: a session works on either process
            MONSTERLAIR_BOT_DELAY="0",
            MONSTERLAIR_DATA_DIR=str(tmp_path / "data"),
        )
        servers = [Server(env, tmp_path / f"server{i}.log") for i in (1, 2)]
        try:
            began = time.monotonic()
            await asyncio.gather(*(s.start() for s in servers))
            healths = await asyncio.gather(*(s.ready() for s in servers))
            print(f"two servers ready in {time.monotonic() - began:.1f} s")
            for health in healths:
                assert health["fanout"]["kind"] == "redis" and health["fanout"]["connected"] is True
            assert healths[0]["fanout"]["process"] != healths[1]["fanout"]["process"]
            yield servers[0], servers[1], db_url
        finally:
            await asyncio.gather(*(s.stop() for s in servers))


async def stored_actions(db_url: str, table_id: str) -> list[str]:
    import asyncpg

    conn = await asyncpg.connect(db_url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        rows = await conn.fetch("SELECT text FROM actions WHERE table_id = $1 ORDER BY ply", table_id)
        return [r["text"] for r in rows]
    finally:
        await conn.close()


async def test_two_server_processes_share_tables_live(tmp_path: Path) -> None:
    async with two_servers(tmp_path) as (one, two, db_url):
        async with (
            httpx.AsyncClient(base_url=one.base, headers={"Origin": one.base}) as ann_http,
            httpx.AsyncClient(base_url=two.base, headers={"Origin": two.base}) as bob_http,
        ):
            # Ann signs in on process one, Bob on process two; the lobby and the table are shared.
            await guest(ann_http, "Ann")
            await guest(bob_http, "Bob")
            body = {"game": "monster-smash", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
            tid = (await ann_http.post("/api/tables", json=body)).json()["table"]["id"]
            lobby = (await bob_http.get("/api/tables")).json()
            assert tid in [t["id"] for t in lobby["open"]]
            assert (await bob_http.post(f"/api/tables/{tid}/join", json={})).status_code == 200
            started = await ann_http.post(f"/api/tables/{tid}/start")
            assert started.status_code == 200, started.text
            ann_c, bob_c = cookie_of(ann_http), cookie_of(bob_http)

        # Each player on both processes: [process one, process two].
        ann = [await one.socket(tid, ann_c), await two.socket(tid, ann_c)]
        bob = [await one.socket(tid, bob_c), await two.socket(tid, bob_c)]
        snaps = [await p.recv_type("snapshot") for p in (*ann, *bob)]
        assert [s["seat"] for s in snaps] == [0, 0, 1, 1] and {s["state_id"] for s in snaps} == {0}
        assert snaps[0]["table"]["status"] == "playing"
        players = {0: ann, 1: bob}
        mover = snaps[0]["table"]["to_move"]

        # The same action, sent by the player to move to both processes at once, is played once.
        # ("keep" leaves the same seat to move, so the loser is refused as stale, not as out of turn.)
        await asyncio.gather(
            players[mover][0].send({"type": "action", "state_id": 0, "actions": ["keep"], "ref": "via-one"}),
            players[mover][1].send({"type": "action", "state_id": 0, "actions": ["keep"], "ref": "via-two"}),
        )
        everyone = (*ann, *bob)
        got = dict(zip(map(id, everyone), await asyncio.gather(*(p.quiet(0.6) for p in everyone)), strict=True))
        errors = [m for p in players[mover] for m in got[id(p)] if m["type"] == "error"]
        assert len(errors) == 1 and errors[0]["code"] == "stale_state", errors
        assert errors[0]["ref"] in ("via-one", "via-two")
        for p in (*ann, *bob):
            updates = [m for m in got[id(p)] if m["type"] == "update"]
            assert [u["state_id"] for u in updates] == [1], got[id(p)]  # announced once, everywhere
        assert await stored_actions(db_url, tid) == ["keep"]

        # Ann plays through process one and Bob through process two: each move reaches the other at once.
        latest = {0: ann[0], 1: bob[1]}  # where each one plays
        watch = {0: bob[1], 1: ann[0]}  # where the other one sees it
        state_id, legal = 1, [m for m in got[id(players[mover][0])] if m["type"] == "update"][0]["legal"]
        delays = []
        for _ in range(6):
            assert legal, "the player to move has no legal action"
            started_at = time.monotonic()
            await latest[mover].send({"type": "action", "state_id": state_id, "actions": [legal[0]["text"]]})
            seen = await watch[mover].recv_type("update", timeout=5)
            delays.append(time.monotonic() - started_at)
            assert seen["state_id"] == state_id + 1 and seen["prev_state_id"] == state_id
            own = await latest[mover].recv_type("update", timeout=5)
            assert own["state_id"] == state_id + 1
            state_id = own["state_id"]
            if own["table"]["status"] != "playing":
                break
            following = own["table"]["to_move"]
            legal = own["legal"] if following == mover else seen["legal"]  # (the watcher plays next)
            mover = following
        assert max(delays) < 1.0, delays  # typically a few milliseconds
        print(f"cross-process delivery: {[round(d * 1000, 1) for d in delays]} ms")

        # Both processes end in the same place, and so does the database.
        for p in ann:
            await p.send({"type": "sync"})
        views = [await p.recv_type("snapshot") for p in ann]
        assert views[0] == views[1] and views[0]["state_id"] == state_id
        async with (
            httpx.AsyncClient(base_url=one.base, headers={"Origin": one.base}) as c1,
            httpx.AsyncClient(base_url=two.base, headers={"Origin": two.base}) as c2,
        ):
            looks = [(await c.get(f"/api/tables/{tid}")).json()["table"] for c in (c1, c2)]
        assert looks[0] == looks[1] and looks[0]["state_id"] == state_id
        assert len(await stored_actions(db_url, tid)) == state_id
        for p in (*ann, *bob):
            await p.close()


async def test_guarded_saves_and_the_bot_sweep_query_on_postgres() -> None:
    async with fresh_database() as url:
        store = SqlStore(url)
        await store.start()
        try:
            ann = await store.create_user("Ann")
            t = toy_table("g1", ann.id)
            await store.create_table(t)
            expected = dataclasses.replace(t, seats=[dataclasses.replace(seat) for seat in t.seats])
            t.seats[1] = SeatData(bot="random", name="Random bot")
            await store.save_table(t, expected=expected)
            with pytest.raises(Conflict):  # the same change from a process that did not see the first
                await store.save_table(t, expected=expected)
            t.status, t.to_move, t.record = "playing", 1, {"actions": []}
            await store.save_table(t)
            assert await store.stalled_bot_tables(datetime.now(UTC) + timedelta(seconds=5)) == ["g1"]
            assert await store.stalled_bot_tables(datetime.now(UTC) - timedelta(seconds=60)) == []
            t.state_id, t.to_move = 1, 0
            await store.commit_actions(t, 0, [ActionData(1, 1, "pass")], [])
            assert await store.stalled_bot_tables(datetime.now(UTC) + timedelta(seconds=5)) == []
        finally:
            await store.close()


async def test_concurrent_joins_on_two_processes_take_different_seats_on_postgres() -> None:
    async with fresh_database() as url:
        stores = [SqlStore(url), SqlStore(url)]
        for store in stores:
            await store.start()
        executor = ThreadPoolExecutor(1)
        hubs = [Hub(store, all_games(), BotCatalog(), executor, bot_delay=0) for store in stores]
        try:
            host = await stores[0].create_user("Host")
            guests = [await stores[0].create_user(f"Guest {i}") for i in range(4)]
            seats = [SeatRequest("me")] + [SeatRequest("open")] * 3
            table = await hubs[0].create(host, "monster-smash", 4, None, seats)
            await hubs[1].table(table.id)  # both processes hold the open table
            results = await asyncio.gather(
                *(hubs[i % 2].join(g, table.id) for i, g in enumerate(guests)), return_exceptions=True
            )
            taken = sorted(r for r in results if isinstance(r, int))
            assert taken == [1, 2, 3], results  # three seats for four people: one is refused, none shared
            stored = await stores[0].load_table(table.id)
            assert stored is not None
            seated = [s.user_id for s in stored.seats]
            assert seated[0] == host.id and len(set(seated)) == 4 and None not in seated
        finally:
            for hub in hubs:
                await hub.close()
            for store in stores:
                await store.close()
            executor.shutdown(wait=False)
