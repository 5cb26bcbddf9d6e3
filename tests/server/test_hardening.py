"""Seeds from the OS CSPRNG over the generator's whole state, a private SQLite file, and the Redis policy
(a configured Redis that does not answer: the process refuses to start; lost later: degraded in /health)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import httpx
import pytest

from monsterlair.core import Rng, fresh_seed
from monsterlair.core.rng import SEED_BITS
from monsterlair.server.app import create_app
from monsterlair.server.storage.base import SeatData
from monsterlair.server.storage.sql import SqlStore, stored_seed
from monsterlair.server.tables.fanout import RedisUnreachable
from tests.server.conftest import all_games, guest, http, make_settings, running
from tests.server.records import opened, toy_table
from tests.server.services import fresh_database


# --- seeds ---------------------------------------------------------------------------------------------------
def test_fresh_seeds_span_the_generators_whole_64_bit_state() -> None:
    seeds = [fresh_seed() for _ in range(256)]
    assert SEED_BITS == 64 and all(0 <= s < 2**64 for s in seeds) and len(set(seeds)) == 256
    # a 48-bit space would never reach these (each fails with probability 2^-256 for a 64-bit source)
    assert max(seeds) >= 2**63 and any(s >> 48 for s in seeds)


def test_fresh_seeds_come_from_the_os_csprng(monkeypatch: pytest.MonkeyPatch) -> None:
    import secrets

    calls: list[int] = []
    monkeypatch.setattr(secrets, "randbits", lambda k: calls.append(k) or 12345)
    assert fresh_seed() == 12345 and calls == [64]


def test_the_stored_form_is_the_same_generator_state() -> None:
    for seed in (0, 1, 2**48 + 5, 2**63 - 1, 2**63, 2**64 - 1):
        kept = stored_seed(seed)
        assert -(2**63) <= kept < 2**63
        assert kept & (2**64 - 1) == seed
        assert Rng(kept).next64() == Rng(seed).next64()


async def round_trip(store: SqlStore) -> None:
    owner = await store.create_user("Ann")
    assert owner.id == 1
    for i, seed in enumerate((2**64 - 1, 2**63, 2**63 - 1, 7)):
        await store.create_table(toy_table(f"t{i}", seats=[SeatData(), SeatData()], seed=seed))
        loaded = await store.load_table(f"t{i}")
        assert loaded is not None and loaded.seed == seed


async def test_64_bit_seeds_survive_sqlite(store: SqlStore) -> None:
    await round_trip(store)


@pytest.mark.services
async def test_64_bit_seeds_survive_postgresql() -> None:
    async with fresh_database() as url, opened(url) as store:
        await round_trip(store)


async def test_a_server_table_gets_a_fresh_64_bit_seed(app: object, client: httpx.AsyncClient) -> None:
    await guest(client)
    body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    seeds = set()
    for _ in range(3):
        tid = (await client.post("/api/tables", json=body)).json()["table"]["id"]
        stored = await app.state.store.load_table(tid)  # type: ignore[attr-defined]
        seeds.add(stored.seed)
        assert 0 <= stored.seed < 2**64
    assert len(seeds) == 3


# --- the SQLite file -------------------------------------------------------------------------------------------
def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_the_sqlite_file_is_created_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        app = create_app(make_settings(tmp_path, database_url=""), games=all_games())
        async with running(app), http(app) as c:
            await guest(c)
        db = tmp_path / "data" / "monsterlair.sqlite3"
        assert db.exists() and mode(db) == 0o600
        for extra in (db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            assert not extra.exists() or mode(extra) == 0o600
        # an existing world-readable file (from before) is made private at the next start
        db.chmod(0o644)
        async with running(create_app(make_settings(tmp_path, database_url=""), games=all_games())):
            assert mode(db) == 0o600
    finally:
        os.umask(old)


# --- Redis policy ---------------------------------------------------------------------------------------------
async def test_a_configured_redis_that_does_not_answer_stops_the_start(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, redis_url="redis://127.0.0.1:1/0", redis_wait=0.5), games=all_games())
    with pytest.raises(RedisUnreachable, match="MONSTERLAIR_REDIS_URL"):
        async with running(app):
            pass


async def test_health_says_whether_the_process_runs_degraded(client: httpx.AsyncClient) -> None:
    health = (await client.get("/health")).json()
    assert health["degraded"] is False
    assert health["rate_limits"] == {"enabled": True, "kind": "memory", "degraded": False}
