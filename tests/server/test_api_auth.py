"""Accounts over HTTP: guests, registration (a guest keeps their tables), login, logout, bad input."""

from __future__ import annotations

import httpx

from monsterlair.server.accounts.auth import COOKIE, TOKEN_CHARS
from tests.server.conftest import ClientFactory, guest


async def test_a_guest_gets_a_session_cookie_and_is_known_afterwards(client: httpx.AsyncClient) -> None:
    assert (await client.get("/api/auth/me")).json() is None
    me = await guest(client, "  Ann <b>Lee</b> ")
    assert me["name"] == "Ann <b>Lee</b>" and me["guest"] is True and me["username"] is None
    cookie = client.cookies.get(COOKIE)
    assert cookie and len(cookie) == TOKEN_CHARS and cookie != str(me["id"])  # random, nothing in it
    assert (await client.get("/api/auth/me")).json()["id"] == me["id"]


async def test_a_forged_or_foreign_cookie_is_ignored(client: httpx.AsyncClient) -> None:
    await guest(client)
    legacy = "eyJ1IjoxfQ.aS5kZQ.3kq9hF0b8yQ2tY6p1m4n7r0s2u5w8z1c"  # the old signed-user-id cookie's shape
    for forged in (legacy, "garbage", "A" * TOKEN_CHARS):
        client.cookies.set(COOKIE, forged)
        assert (await client.get("/api/auth/me")).json() is None


async def test_bad_names_are_refused_with_a_sentence(client: httpx.AsyncClient) -> None:
    for name in ("", "   ", "x" * 25):
        r = await client.post("/api/auth/guest", json={"name": name})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_name"
    r = await client.post("/api/auth/guest", json={"nom": "x"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"


async def test_register_keeps_the_guests_tables_then_login_and_logout(client: httpx.AsyncClient) -> None:
    me = await guest(client, "Ann")
    r = await client.post(
        "/api/tables",
        json={"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]},
    )
    assert r.status_code == 200
    r = await client.post("/api/auth/register", json={"username": "Ann_1", "password": "correct horse", "name": "Ann"})
    assert r.status_code == 200, r.text
    assert r.json() == {"id": me["id"], "name": "Ann", "username": "ann_1", "guest": False, "bot": False}
    assert len((await client.get("/api/tables")).json()["mine"]) == 1
    assert (await client.post("/api/auth/logout")).status_code == 200
    client.cookies.clear()
    assert (await client.get("/api/auth/me")).json() is None
    bad = await client.post("/api/auth/login", json={"username": "ann_1", "password": "wrong password"})
    assert bad.status_code == 401 and bad.json()["error"]["code"] == "bad_login"
    nobody = await client.post("/api/auth/login", json={"username": "nobody", "password": "whatever1"})
    assert nobody.status_code == 401
    ok = await client.post("/api/auth/login", json={"username": "ANN_1", "password": "correct horse"})
    assert ok.status_code == 200 and ok.json()["id"] == me["id"]
    assert len((await client.get("/api/tables")).json()["mine"]) == 1


async def test_usernames_are_unique_and_passwords_long_enough(clients: ClientFactory) -> None:
    a, b = await clients(), await clients()
    r = await a.post("/api/auth/register", json={"username": "zed", "password": "12345678"})
    assert r.status_code == 200 and r.json()["guest"] is False
    r = await b.post("/api/auth/register", json={"username": "ZED", "password": "12345678"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "username_taken"
    r = await b.post("/api/auth/register", json={"username": "yo", "password": "12345678"})
    assert r.status_code == 422 and "3 to 24" in r.json()["error"]["message"]
    r = await b.post("/api/auth/register", json={"username": "yolanda", "password": "short"})
    assert r.status_code == 422 and "at least 8" in r.json()["error"]["message"]


async def test_responses_carry_security_headers(client: httpx.AsyncClient) -> None:
    r = await client.get("/health")
    assert r.json()["ok"] is True
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert (await client.get("/api/auth/me")).headers["cache-control"] == "no-store"


async def test_a_registering_guest_keeps_their_name_unless_they_give_another(clients: ClientFactory) -> None:
    mia, fresh = await clients(), await clients()
    await guest(mia, "Mia")
    r = await mia.post("/api/auth/register", json={"username": "mia_k", "password": "12345678"})
    assert r.json()["name"] == "Mia"
    r = await fresh.post("/api/auth/register", json={"username": "newbie", "password": "12345678"})
    assert r.json()["name"] == "newbie"
