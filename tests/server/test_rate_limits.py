"""Rate limits: logins per address and per account (with back-off), registrations, guests, tables, open tables.

Each test tries the flood and checks that the refused requests changed nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI

from monsterlair.server.accounts.auth import HashPool, HashPoolFull, hash_password
from monsterlair.server.api.ratelimit import RateLimits, wait_words
from monsterlair.server.app import create_app
from monsterlair.server.storage.sql import SqlStore
from tests.server.conftest import all_games, guest, http, make_settings, running
from tests.server.services import require_redis

TABLE = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}


@pytest.fixture
async def strict(tmp_path: Path) -> AsyncIterator[FastAPI]:
    """An app with small limits, so a test floods them quickly."""
    settings = make_settings(
        tmp_path,
        limit_login_address="6/minute",
        limit_login_account="3/minute;5/hour",
        limit_register="2/minute",
        limit_guest="3/minute",
        limit_tables="4/minute",
        max_open_tables=3,
    )
    app = create_app(settings, games=all_games())
    async with running(app):
        yield app


async def count(app: FastAPI, table: str) -> int:
    store: SqlStore = app.state.store
    async with store.engine.connect() as conn:
        return int((await conn.execute(sa.text(f"select count(*) from {table}"))).scalar_one())


def refused(r: httpx.Response) -> bool:
    return r.status_code == 429 and r.json()["error"]["code"] == "rate_limited" and int(r.headers["retry-after"]) >= 1


async def test_wrong_passwords_to_one_account_are_refused_with_back_off(strict: FastAPI) -> None:
    async with http(strict) as c:
        await c.post("/api/auth/register", json={"username": "ann_a", "password": "correct horse"})
        c.cookies.clear()
        answers = [
            await c.post("/api/auth/login", json={"username": "ann_a", "password": f"wrong {i}"}) for i in range(4)
        ]
        assert [r.status_code for r in answers[:3]] == [401, 401, 401] and refused(answers[3])
        assert "login attempts to this account" in answers[3].json()["error"]["message"]
        # even the right password is not checked while the account is locked: nothing is learnt, nothing signs in
        r = await c.post("/api/auth/login", json={"username": "ANN_A", "password": "correct horse"})
        assert refused(r) and (await c.get("/api/auth/me")).json() is None
        assert await count(strict, "sessions") == 1  # only the one registering made


async def test_logins_from_one_address_are_limited_over_all_accounts(strict: FastAPI) -> None:
    async with http(strict) as c:
        answers = [
            await c.post("/api/auth/login", json={"username": f"u{i}", "password": "whatever1"}) for i in range(7)
        ]
        assert all(r.status_code == 401 for r in answers[:6]) and refused(answers[6])
        assert "from your address" in answers[6].json()["error"]["message"]


async def test_guest_creation_and_registration_floods_make_nothing(strict: FastAPI) -> None:
    async with http(strict) as c:
        guests = [await c.post("/api/auth/guest", json={"name": f"G{i}"}) for i in range(5)]
        assert [r.status_code for r in guests[:3]] == [200] * 3 and refused(guests[3]) and refused(guests[4])
        users = await count(strict, "users")
        regs = [
            await c.post("/api/auth/register", json={"username": f"reg{i}", "password": "12345678"}) for i in range(4)
        ]
        assert [r.status_code for r in regs[:2]] == [200, 200] and refused(regs[2]) and refused(regs[3])
        # the first registration turned the signed-in guest into an account: one new row, from the second
        assert await count(strict, "users") == users + 1


async def test_table_creation_is_limited_and_open_tables_per_host_capped(strict: FastAPI) -> None:
    async with http(strict) as c:
        await guest(c)
        made = [await c.post("/api/tables", json=TABLE) for _ in range(4)]
        assert [r.status_code for r in made[:3]] == [200] * 3
        assert made[3].status_code == 429 and made[3].json()["error"]["code"] == "too_many_tables"
        assert await count(strict, "tables") == 3
        # a started game no longer waits in the lobby: the host may open another, until the rate says no
        tid = made[0].json()["table"]["id"]
        r = await c.post(f"/api/tables/{tid}/seats", json={"seat": 1, "bot": "random"})
        assert r.status_code == 200
        assert (await c.post(f"/api/tables/{tid}/start")).status_code == 200
        assert (await c.post("/api/tables", json=TABLE)).status_code == 200
        r = await c.post(f"/api/tables/{made[1].json()['table']['id']}/leave")
        assert r.status_code == 200
        assert refused(await c.post("/api/tables", json=TABLE))  # 4 a minute
        assert await count(strict, "tables") == 4


async def test_limits_can_be_switched_off_for_a_load_test(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, rate_limits=False, limit_guest="1/minute"), games=all_games())
    async with running(app), http(app) as c:
        assert all([(await c.post("/api/auth/guest", json={"name": "G"})).status_code == 200 for _ in range(3)])


@pytest.mark.services
async def test_limits_are_shared_through_redis_by_every_process(tmp_path: Path) -> None:
    url = await require_redis()
    prefix = f"rl-{tmp_path.name}"
    settings = make_settings(tmp_path, redis_url=url, redis_prefix=prefix, limit_guest="2/minute")
    one, two = RateLimits(settings), RateLimits(settings)
    assert one.kind == "redis"
    assert await one.check("guest", "10.0.0.1") is None
    assert await two.check("guest", "10.0.0.1") is None
    refusal = await one.check("guest", "10.0.0.1")
    assert refusal is not None and 1 <= refusal.retry_after <= 60
    assert await two.check("guest", "10.0.0.2") is None  # another address


async def test_an_unanswering_redis_falls_back_to_counting_in_memory(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, redis_url="redis://127.0.0.1:1/0", limit_guest="2/minute")
    limits = RateLimits(settings)
    assert await limits.check("guest", "a") is None and await limits.check("guest", "a") is None
    assert await limits.check("guest", "a") is not None
    assert limits.status() == {"enabled": True, "kind": "redis", "degraded": True}


async def test_the_hash_pool_is_bounded() -> None:
    pool = HashPool(workers=1, queue=1)
    try:
        gate = asyncio.Event()
        loop = asyncio.get_running_loop()

        def slow(_: str) -> str:
            asyncio.run_coroutine_threadsafe(gate.wait(), loop).result(5)
            return "done"

        first = asyncio.create_task(pool.run(slow, "a"))
        second = asyncio.create_task(pool.run(slow, "b"))
        await asyncio.sleep(0.05)
        with pytest.raises(HashPoolFull):
            await hash_password(pool, "correct horse")
        gate.set()
        assert await first == "done" and await second == "done"
        assert (await hash_password(pool, "correct horse")).startswith("$argon2id$")
    finally:
        pool.close()


async def test_a_full_hash_pool_answers_overloaded(app: FastAPI, client: httpx.AsyncClient) -> None:
    class Full(HashPool):
        async def run(self, fn: Any, *args: str) -> Any:
            raise HashPoolFull

    app.state.hash_pool = Full()
    r = await client.post("/api/auth/login", json={"username": "anyone", "password": "whatever1"})
    assert r.status_code == 503 and r.json()["error"]["code"] == "overloaded" and r.headers["retry-after"] == "2"


def test_waits_are_said_in_words() -> None:
    assert wait_words(1.2) == "1 second"
    assert wait_words(40) == "40 seconds"
    assert wait_words(600) == "about 10 minutes"
    assert wait_words(3 * 3600) == "about 3 hours"
