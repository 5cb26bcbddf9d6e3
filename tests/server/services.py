"""The machine's PostgreSQL and Redis, for tests marked ``services`` (they skip cleanly where one is absent)."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator

import pytest

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379/0"


@contextlib.asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """The async URL of a new, empty PostgreSQL database, dropped afterwards."""
    asyncpg = pytest.importorskip("asyncpg")
    try:
        admin = await asyncpg.connect(ADMIN, timeout=3)
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at 127.0.0.1:5432 ({exc})")
    name = f"monsterlair_test_{secrets.token_hex(4)}"
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def require_redis() -> str:
    """The Redis URL, or skip the test when Redis does not answer."""
    import redis.asyncio
    import redis.exceptions

    client = redis.asyncio.Redis.from_url(REDIS, socket_connect_timeout=2)
    try:
        await client.ping()
    except (OSError, redis.exceptions.RedisError) as exc:
        pytest.skip(f"Redis is not reachable at 127.0.0.1:6379 ({exc})")
    finally:
        await client.aclose()
    return REDIS
