"""Every request's guards: the body size limit, the cross-site check, one error shape for every failure
(overflows, parser errors, deep nesting, unknown routes, a database outage), and bots never hosting."""

from __future__ import annotations

import json
from pathlib import Path

import asyncpg
import httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from sqlalchemy.exc import OperationalError

from monsterlair.server.accounts.auth import COOKIE
from monsterlair.server.api.guards import from_this_site
from monsterlair.server.app import create_app
from monsterlair.server.storage.sql import SqlStore
from tests.server.conftest import ClientFactory, all_games, guest, make_settings, running
from tests.server.services import ADMIN, fresh_database

TABLE = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}


def shaped(r: httpx.Response, status: int, code: str) -> bool:
    """The documented error shape, with this status and code (and nothing else in the body)."""
    body = r.json()
    return (
        r.status_code == status
        and set(body) == {"error"}
        and set(body["error"]) == {"code", "message"}
        and body["error"]["code"] == code
        and isinstance(body["error"]["message"], str)
        and body["error"]["message"]
    )


async def tables(app: FastAPI) -> int:
    store: SqlStore = app.state.store
    async with store.engine.connect() as conn:
        return int((await conn.execute(sa.text("select count(*) from tables"))).scalar_one())


# --- body size -------------------------------------------------------------------------------------------
async def test_a_body_over_the_limit_is_refused_unread(app: FastAPI, client: httpx.AsyncClient) -> None:
    await guest(client)
    big = {**TABLE, "options": {"x": "y" * 70_000}}
    r = await client.post("/api/tables", json=big)
    assert shaped(r, 413, "too_large") and "64 KiB" in r.json()["error"]["message"]
    assert await tables(app) == 0

    async def stream() -> object:  # no Content-Length: counted as it arrives
        for _ in range(40):
            yield b" " * 4096

    r = await client.post("/api/tables", content=stream(), headers={"content-type": "application/json"})
    assert shaped(r, 413, "too_large") and await tables(app) == 0
    assert (await client.post("/api/tables", json=TABLE)).status_code == 200  # a normal body still passes


# --- one error shape --------------------------------------------------------------------------------------
async def test_huge_numbers_are_refused_in_the_error_shape(client: httpx.AsyncClient) -> None:
    for query in ("offset=9223372036854775808", "limit=9223372036854775808", "offset=-1", "offset=1e400"):
        r = await client.get(f"/api/leaderboard/toy-race?{query}")
        assert shaped(r, 422, "bad_request"), (query, r.text)
    for path in ("/api/users/9223372036854775808", "/api/replays/x/steps/9223372036854775808"):
        r = await client.get(path)
        assert r.status_code in (404, 422) and "error" in r.json(), (path, r.text)


async def test_parser_errors_and_deep_nesting_have_the_error_shape(app: FastAPI, client: httpx.AsyncClient) -> None:
    await guest(client)
    headers = {"content-type": "application/json"}
    for body in (b"{", b"\xff\xfe", b"[]", b"nan", json.dumps({"game": [[[[]]]]}).encode()):
        r = await client.post("/api/tables", content=body, headers=headers)
        assert shaped(r, 422, "bad_request"), (body, r.text)
    deep = b"[" * 20_000 + b"]" * 20_000
    r = await client.post("/api/tables", content=deep, headers=headers)
    assert shaped(r, 422, "bad_request"), r.text
    assert await tables(app) == 0


async def test_unknown_routes_and_methods_have_the_error_shape(client: httpx.AsyncClient) -> None:
    assert shaped(await client.get("/api/nothing-here"), 404, "not_found")
    assert shaped(await client.delete("/api/tables"), 405, "method_not_allowed")


async def test_a_database_outage_answers_503_unavailable(
    app: FastAPI, client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    await guest(client)
    store: SqlStore = app.state.store

    async def down(*_: object, **__: object) -> None:
        raise OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))

    monkeypatch.setattr(store, "session_user", down)
    monkeypatch.setattr(store, "list_tables", down)
    for r in (await client.get("/api/tables"), await client.get("/api/auth/me")):
        assert shaped(r, 503, "unavailable") and r.headers["retry-after"] == "5"


@pytest.mark.services
async def test_a_postgresql_outage_answers_503_and_the_server_recovers(tmp_path: Path) -> None:
    async with fresh_database() as url:
        app = create_app(make_settings(tmp_path, database_url=url), games=all_games())
        async with running(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t", headers={"Origin": "http://t"}) as c:
                await guest(c)
                name = url.rsplit("/", 1)[1]
                admin = await asyncpg.connect(ADMIN, timeout=3)
                store: SqlStore = app.state.store
                try:
                    await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
                    await admin.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name
                    )
                    await store.engine.dispose()
                    r = await c.get("/api/tables")
                    assert shaped(r, 503, "unavailable"), r.text
                    r = await c.post("/api/tables", json=TABLE)
                    assert shaped(r, 503, "unavailable"), r.text
                finally:
                    await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
                    await admin.close()
                assert (await c.get("/api/tables")).status_code == 200
                await store.engine.dispose()  # before the database is dropped


# --- bots never host ---------------------------------------------------------------------------------------
async def test_a_bot_token_cannot_host_a_table_or_a_rematch(app: FastAPI, clients: ClientFactory) -> None:
    owner = await clients()
    await owner.post("/api/auth/register", json={"username": "owner_b", "password": "12345678"})
    token = (await owner.post("/api/bots", json={"name": "Robo"})).json()["token"]
    bot = await clients()
    bearer = {"Authorization": f"Bearer {token}"}
    r = await bot.post("/api/tables", json=TABLE, headers=bearer)
    assert shaped(r, 403, "bots_cannot_host")
    r = await bot.post("/api/tables/nope/rematch", headers=bearer)
    assert shaped(r, 403, "bots_cannot_host")
    assert await tables(app) == 0


# --- cross-site requests -------------------------------------------------------------------------------------
async def test_a_form_post_from_another_site_is_refused_and_changes_nothing(
    app: FastAPI, client: httpx.AsyncClient
) -> None:
    await guest(client)
    tid = (await client.post("/api/tables", json=TABLE)).json()["table"]["id"]
    form = {"content-type": "application/x-www-form-urlencoded"}
    for extra in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": None, "Referer": "http://evil.example/page"},
        {"Origin": None},  # a cookie and neither header: not a page of this site
    ):
        headers = {**form, **{k: v for k, v in extra.items() if v is not None}}
        request = client.build_request("POST", f"/api/tables/{tid}/leave", content=b"x=1", headers=headers)
        for name, value in extra.items():
            if value is None:
                del request.headers[name]
        r = await client.send(request)
        assert shaped(r, 403, "cross_site"), (extra, r.text)
    mine = (await client.get("/api/tables")).json()["mine"]
    assert [t["id"] for t in mine] == [tid] and mine[0]["status"] == "open"
    # the site's own page, by Origin or by Referer, goes through
    request = client.build_request("POST", f"/api/tables/{tid}/leave", headers={"Referer": "http://testserver/t/x"})
    del request.headers["Origin"]
    assert (await client.send(request)).status_code == 200


def test_the_cross_site_rule() -> None:
    from starlette.datastructures import Headers

    def ok(method: str, **headers: str) -> bool:
        return from_this_site(method, Headers({k.replace("_", "-"): v for k, v in headers.items()}))

    cookie = f"{COOKIE}=abc"
    assert ok("GET", origin="http://evil.example", cookie=cookie, host="lair")
    assert ok("POST", origin="http://127.0.0.1:8123", host="127.0.0.1:8123", cookie=cookie)
    assert not ok("POST", origin="http://127.0.0.1:8124", host="127.0.0.1:8123", cookie=cookie)
    assert not ok("DELETE", origin="https://evil.example", host="lair")
    assert ok("POST", host="lair")  # no cookie, no browser page: nothing to forge
    assert not ok("POST", host="lair", cookie=cookie)
    assert ok("POST", host="lair", cookie=cookie, authorization="Bearer t0ken")  # a bot program's request
    assert ok("PUT", host="lair", cookie=cookie, referer="http://lair/account")
