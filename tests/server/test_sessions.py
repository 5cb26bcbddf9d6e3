"""Server-side sessions: logout revokes, signing in rotates, sessions are listed and revoked, and expire."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from websockets.exceptions import ConnectionClosed

from monsterlair.server.accounts.auth import COOKIE, IDLE, MAX_AGE, Sessions, purge_expired
from monsterlair.server.app import create_app
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.transport import ws
from tests.server.conftest import ClientFactory, Live, all_games, guest, make_settings


def with_cookie(client: httpx.AsyncClient, value: str) -> None:
    client.cookies.clear()
    client.cookies.set(COOKIE, value)


async def me(client: httpx.AsyncClient) -> int | None:
    r = await client.get("/api/auth/me")
    assert r.status_code == 200
    data = r.json()
    return None if data is None else int(data["id"])


async def test_a_copy_of_the_cookie_stops_working_after_logout(
    client: httpx.AsyncClient, clients: ClientFactory
) -> None:
    mine = await guest(client, "Ann")
    copy = await clients()
    with_cookie(copy, client.cookies[COOKIE])
    assert await me(copy) == mine["id"]
    assert (await client.post("/api/auth/logout")).status_code == 200
    assert await me(copy) is None
    r = await copy.post("/api/tables", json={"game": "toy-race", "players": 2, "seats": [{"kind": "me"}]})
    assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"


async def test_registering_rotates_the_session_and_revokes_the_guests_cookies(
    client: httpx.AsyncClient, clients: ClientFactory
) -> None:
    mine = await guest(client, "Ann")
    before = client.cookies[COOKIE]
    copy = await clients()
    with_cookie(copy, before)
    r = await client.post("/api/auth/register", json={"username": "ann_r", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["id"] == mine["id"]
    assert client.cookies[COOKIE] != before
    assert await me(client) == mine["id"]
    assert await me(copy) is None  # the guest's cookie, copied before registering, no longer signs in


async def test_logging_in_rotates_the_session(client: httpx.AsyncClient, clients: ClientFactory) -> None:
    await client.post("/api/auth/register", json={"username": "bob_r", "password": "correct horse"})
    first = client.cookies[COOKIE]
    r = await client.post("/api/auth/login", json={"username": "bob_r", "password": "correct horse"})
    assert r.status_code == 200 and client.cookies[COOKIE] != first
    old = await clients()
    with_cookie(old, first)
    assert await me(old) is None  # the session this browser had before logging in is gone


async def test_a_password_change_rotates_and_revokes_every_other_session(clients: ClientFactory) -> None:
    a, b = await clients(), await clients()
    await a.post("/api/auth/register", json={"username": "cy_r", "password": "old password"})
    await b.post("/api/auth/login", json={"username": "cy_r", "password": "old password"})
    before = a.cookies[COOKIE]
    wrong = await a.post("/api/auth/password", json={"password": "not it at all", "new_password": "new password"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_login"
    assert await me(b) is not None and a.cookies[COOKIE] == before  # a refusal changed nothing
    r = await a.post("/api/auth/password", json={"password": "old password", "new_password": "new password"})
    assert r.status_code == 200 and a.cookies[COOKIE] != before
    assert await me(a) is not None and await me(b) is None
    c = await clients()
    assert (await c.post("/api/auth/login", json={"username": "cy_r", "password": "old password"})).status_code == 401
    assert (await c.post("/api/auth/login", json={"username": "cy_r", "password": "new password"})).status_code == 200


async def test_a_guest_has_no_password_to_change(client: httpx.AsyncClient) -> None:
    await guest(client)
    r = await client.post("/api/auth/password", json={"password": "whatever1", "new_password": "whatever2"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_registered"


async def test_players_list_and_revoke_their_own_sessions_only(clients: ClientFactory) -> None:
    laptop, phone, other = await clients(), await clients(), await clients()
    await laptop.post(
        "/api/auth/register",
        json={"username": "dee_r", "password": "correct horse"},
        headers={"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"},
    )
    await phone.post(
        "/api/auth/login",
        json={"username": "dee_r", "password": "correct horse"},
        headers={"User-Agent": "Mozilla/5.0 (iPhone) Mobile Safari"},
    )
    await guest(other, "Eve")
    listed = (await laptop.get("/api/auth/sessions")).json()
    assert len(listed) == 2 and sum(s["current"] for s in listed) == 1
    assert {s["agent"] for s in listed} == {
        "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
        "Mozilla/5.0 (iPhone) Mobile Safari",
    }
    assert all(set(s) == {"id", "created_at", "last_seen", "expires_at", "agent", "current"} for s in listed)
    phone_id = next(s["id"] for s in listed if not s["current"])
    # someone else cannot revoke it, nor learn that it exists
    r = await other.delete(f"/api/auth/sessions/{phone_id}")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    assert await me(phone) is not None
    assert (await other.get("/api/auth/sessions")).json()[0]["agent"] != listed[0]["agent"]
    r = await laptop.delete(f"/api/auth/sessions/{phone_id}")
    assert r.status_code == 200 and await me(phone) is None and await me(laptop) is not None
    assert len((await laptop.get("/api/auth/sessions")).json()) == 1
    for bad in ("0", "99999", "9223372036854775808", "-1"):
        r = await laptop.delete(f"/api/auth/sessions/{bad}")
        assert r.status_code in (404, 422) and "error" in r.json()
    here = (await laptop.get("/api/auth/sessions")).json()[0]["id"]
    assert (await laptop.delete(f"/api/auth/sessions/{here}")).status_code == 200
    assert await me(laptop) is None
    assert (await laptop.get("/api/auth/sessions")).status_code == 401


async def test_the_database_holds_no_usable_token(app: FastAPI, client: httpx.AsyncClient) -> None:
    await guest(client)
    store: SqlStore = app.state.store
    async with store.engine.connect() as conn:
        stored = (await conn.execute(sa.text("select token_hash, agent from sessions"))).all()
    assert len(stored) == 1 and client.cookies[COOKIE] not in stored[0][0]
    assert stored[0][0] == Sessions("test-secret").token_hash(client.cookies[COOKIE])


async def _age(store: SqlStore, *, created: timedelta, seen: timedelta) -> None:
    now = datetime.now(UTC)
    async with store.engine.begin() as conn:
        await conn.execute(
            sa.text("update sessions set created_at = :c, last_seen = :s"), {"c": now - created, "s": now - seen}
        )


async def test_sessions_expire_when_idle_and_when_old(app: FastAPI, client: httpx.AsyncClient) -> None:
    store: SqlStore = app.state.store
    mine = await guest(client)
    await _age(store, created=timedelta(seconds=IDLE - 60), seen=timedelta(seconds=IDLE - 60))
    assert await me(client) == mine["id"]  # used within the idle time: alive, and marked seen now
    listed = (await client.get("/api/auth/sessions")).json()
    assert datetime.fromisoformat(listed[0]["last_seen"]) > datetime.now(UTC) - timedelta(minutes=1)
    await _age(store, created=timedelta(seconds=IDLE + 60), seen=timedelta(seconds=IDLE + 1))
    assert await me(client) is None
    async with store.engine.connect() as conn:
        assert (await conn.execute(sa.text("select count(*) from sessions"))).scalar_one() == 0  # deleted on sight
    await guest(client)
    await _age(store, created=timedelta(seconds=MAX_AGE + 1), seen=timedelta(seconds=10))
    assert await me(client) is None  # used every day, but older than the longest a session lasts


async def test_expired_sessions_are_purged_at_start(app: FastAPI, client: httpx.AsyncClient) -> None:
    store: SqlStore = app.state.store
    await guest(client)
    await _age(store, created=timedelta(days=400), seen=timedelta(days=400))
    assert await purge_expired(store) == 1


async def test_the_cookie_is_secure_over_https_also_behind_a_proxy(app: FastAPI) -> None:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(
        transport=transport, base_url="https://lair.example", headers={"Origin": "https://lair.example"}
    ) as tls:
        r = await tls.post("/api/auth/guest", json={"name": "Ann"})
        assert r.status_code == 200 and "secure" in r.headers["set-cookie"].lower()
    async with httpx.AsyncClient(
        transport=transport, base_url="http://lair.example", headers={"Origin": "http://lair.example"}
    ) as plain:
        r = await plain.post("/api/auth/guest", json={"name": "Ann"})
        assert "secure" not in r.headers["set-cookie"].lower()


async def test_behind_a_proxy_that_reports_https_the_cookie_is_secure(tmp_path: Path) -> None:
    """uvicorn applies X-Forwarded-Proto from a trusted proxy (127.0.0.1 by default) to the request's scheme."""
    async with Live(create_app(make_settings(tmp_path), games=all_games())) as live, live.client() as c:
        r = await c.post("/api/auth/guest", json={"name": "Ann"}, headers={"X-Forwarded-Proto": "https"})
        assert r.status_code == 200 and "secure" in r.headers["set-cookie"].lower()
        r = await c.post("/api/auth/guest", json={"name": "Bob"})
        assert "secure" not in r.headers["set-cookie"].lower()


async def test_an_open_socket_is_closed_once_its_session_is_revoked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ws, "SESSION_RECHECK", 0.05)
    async with Live(create_app(make_settings(tmp_path), games=all_games())) as live, live.client() as c:
        await guest(c)
        body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
        tid = (await c.post("/api/tables", json=body)).json()["table"]["id"]
        peer = await live.socket(tid, c.cookies[COOKIE])
        assert (await peer.recv_type("snapshot"))["seat"] == 0
        await peer.quiet(0.2)  # still open while the session stands
        assert (await c.post("/api/auth/logout")).status_code == 200
        error = await peer.recv_type("error")
        assert error["code"] == "signed_out"
        with pytest.raises(ConnectionClosed):
            await peer.recv(2.0)
        assert peer.ws.close_code == ws.CLOSE_SIGNED_OUT
