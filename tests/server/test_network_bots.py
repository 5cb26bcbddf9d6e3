"""Bot accounts over the network: tokens, the bot socket, seating, permissions and what a bot may see."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from monsterlair.core import Rng
from monsterlair.server.accounts.auth import COOKIE
from monsterlair.server.app import create_app
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables.botfeed import BotFeed
from monsterlair.server.tables.hub import Hub
from monsterlair.server.transport import botws
from monsterlair.server.transport.ws import Connection
from tests.server.conftest import Live, Peer, all_games, cookie_of, guest, make_settings
from tests.server.test_redaction import check_hidden, states_of

PASSWORD = "correct horse battery"


@pytest.fixture
async def live(tmp_path: Path) -> AsyncIterator[Live]:
    app = create_app(
        make_settings(tmp_path, ws_rate=200.0, ws_burst=400, bot_ws_rate=1000.0, bot_ws_burst=1000), games=all_games()
    )
    async with Live(app) as server:
        yield server


async def register(client: httpx.AsyncClient, username: str) -> dict[str, Any]:
    r = await client.post("/api/auth/register", json={"username": username, "password": PASSWORD})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


async def make_bot(client: httpx.AsyncClient, name: str) -> str:
    r = await client.post("/api/bots", json={"name": name})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def bot_peer(live: Live, token: str | None = None, query: str = "", **headers: str) -> Peer:
    extra = dict(headers)
    if token is not None:
        extra["Authorization"] = f"Bearer {token}"
    return Peer(await connect(f"ws://127.0.0.1:{live.port}/ws/bot{query}", additional_headers=extra))


async def hello(peer: Peer) -> dict[str, Any]:
    msg = await peer.recv()
    assert msg["type"] == "hello", msg
    return msg


async def connected_bot(live: Live, owner: httpx.AsyncClient, name: str) -> tuple[str, Peer]:
    """Make a bot account for ``owner`` and connect it: (its token, its socket after ``hello``)."""
    token = await make_bot(owner, name)
    peer = await bot_peer(live, token)
    await hello(peer)
    return token, peer


async def closed_code(peer: Peer) -> int | None:
    with pytest.raises(ConnectionClosed):
        for _ in range(10):
            await peer.recv()
    return peer.ws.close_code


def feed(live: Live) -> BotFeed:
    f: BotFeed = live.app.state.botfeed
    return f


# --- accounts and tokens -----------------------------------------------------------------------------
async def test_a_person_makes_a_bot_and_only_the_hash_of_its_token_is_kept(live: Live) -> None:
    async with live.client() as ann, live.client() as bot:
        await register(ann, "ann")
        r = await ann.post("/api/bots", json={"name": "Randy"})
        assert r.status_code == 200, r.text
        made = r.json()
        token = made["token"]
        assert token.startswith("mlbot_") and len(token) > 40
        assert made["bot"]["username"] == "randy" and made["bot"]["name"] == "Randy" and made["bot"]["active"]
        listed = await ann.get("/api/bots")
        assert [b["username"] for b in listed.json()["bots"]] == ["randy"] and token not in listed.text
        me = await bot.get("/api/auth/me", headers=auth(token))
        assert me.json()["bot"] is True and me.json()["username"] == "randy" and not me.json()["guest"]
        # A bot account has no password: it cannot log in, whatever is tried.
        login = await bot.post("/api/auth/login", json={"username": "randy", "password": ""})
        assert login.status_code == 401 and login.json()["error"]["code"] == "bad_login"
    store: SqlStore = live.app.state.store
    async with store.engine.connect() as conn:
        rows = (await conn.execute(sa.text("select * from users where username = 'randy'"))).mappings().all()
    assert len(rows) == 1
    row = dict(rows[0])
    assert row["token_hash"] == hashlib.sha256(token.encode()).hexdigest()
    assert row["password_hash"] is None and row["bot_owner_id"] is not None
    assert all(token not in str(value) for value in row.values())


async def test_only_registered_people_make_bots_and_names_are_checked(live: Live) -> None:
    async with live.client() as gus, live.client() as ann, live.client() as anon:
        await guest(gus, "Gus")
        r = await gus.post("/api/bots", json={"name": "gusbot"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_registered"
        r = await anon.post("/api/bots", json={"name": "anonbot"})
        assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"
        await register(ann, "ann")
        token = await make_bot(ann, "randy")
        r = await anon.post("/api/bots", json={"name": "child"}, headers=auth(token))
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
        r = await anon.get("/api/bots", headers=auth(token))
        assert r.status_code == 403
        for name, code in [("ann", "username_taken"), ("Randy", "username_taken"), ("no spaces", "bad_request")]:
            r = await ann.post("/api/bots", json={"name": name})
            assert r.json()["error"]["code"] == code, (name, r.text)
        for i in range(9):
            await make_bot(ann, f"bot{i}")
        r = await ann.post("/api/bots", json={"name": "onetoomany"})
        assert r.status_code == 409 and r.json()["error"]["code"] == "bot_limit"
        assert len((await ann.get("/api/bots")).json()["bots"]) == 10


async def test_bad_revoked_and_misplaced_tokens_are_refused_and_change_nothing(live: Live) -> None:
    async with live.client() as ann, live.client() as other:
        await register(ann, "ann")
        token = await make_bot(ann, "randy")
        body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
        tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]

        async def seats() -> list[str]:
            return [s["kind"] for s in (await ann.get(f"/api/tables/{tid}")).json()["table"]["seats"]]

        for bad in ("mlbot_not-a-real-token", token + "x", token[:-1], "x" * 300, token.upper()):
            r = await other.post(f"/api/tables/{tid}/join", json={}, headers={"Authorization": f"Bearer {bad}"})
            assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token", (bad, r.text)
        # A token is never read from a cookie or from the URL.
        other.cookies.set(COOKIE, token)
        assert (await other.get("/api/auth/me")).json() is None
        r = await other.post(f"/api/tables/{tid}/join", json={})
        assert r.json()["error"]["code"] == "not_signed_in"
        other.cookies.clear()
        for param in ("token", "access_token"):
            r = await other.post(f"/api/tables/{tid}/join?{param}={token}", json={})
            assert r.status_code == 400 and r.json()["error"]["code"] == "token_in_url"
        # Another scheme (say a proxy's Basic credentials) is not a token: the request is simply anonymous.
        assert (await other.get("/api/auth/me", headers={"Authorization": "Basic YTpi"})).json() is None
        assert await seats() == ["human", "empty"]

        # Revoked: refused. Replaced: only the new token works.
        r = await ann.delete("/api/bots/randy/token")
        assert r.status_code == 200 and r.json()["active"] is False
        assert (await other.get("/api/auth/me", headers=auth(token))).json()["error"]["code"] == "bad_token"
        new = (await ann.post("/api/bots/randy/token")).json()["token"]
        assert new != token
        assert (await other.get("/api/auth/me", headers=auth(new))).json()["username"] == "randy"
        newer = (await ann.post("/api/bots/randy/token")).json()["token"]
        assert (await other.get("/api/auth/me", headers=auth(new))).status_code == 401
        assert (await other.get("/api/auth/me", headers=auth(newer))).status_code == 200
        # Only the owner manages a bot.
        await register(other, "olga")
        r = await other.delete("/api/bots/randy/token")
        assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_bot"
        assert (await ann.get("/api/bots")).json()["bots"][0]["active"] is True
        assert await seats() == ["human", "empty"]


# --- the bot socket ----------------------------------------------------------------------------------
async def test_the_bot_socket_takes_a_token_in_the_header_or_a_first_message_only(live: Live) -> None:
    async with live.client() as ann:
        me = await register(ann, "ann")
        token = await make_bot(ann, "randy")
        ann_cookie = cookie_of(ann)
    peer = await bot_peer(live, token)
    msg = await hello(peer)
    assert msg["bot"]["username"] == "randy" and msg["bot"]["id"] != me["id"]
    await peer.send({"type": "ping", "ref": 3})
    assert (await peer.recv()) == {"type": "pong", "ref": 3}
    await peer.close()

    # Other sites' origins do not matter: a token, not a cookie, says who this is.
    peer = await bot_peer(live, token, origin="https://elsewhere.example")
    await hello(peer)
    await peer.close()

    peer = await bot_peer(live)
    await peer.send({"type": "auth", "token": token})
    await hello(peer)
    await peer.close()

    cases: list[tuple[Peer, Any, str]] = [
        (await bot_peer(live, "mlbot_wrong"), None, "bad_token"),
        (await bot_peer(live), {"type": "auth", "token": "mlbot_wrong"}, "bad_token"),
        (await bot_peer(live), {"type": "ping"}, "not_signed_in"),
        (await bot_peer(live), "{not json", "bad_json"),
        (await bot_peer(live, query=f"?token={token}"), None, "token_in_url"),
        # A person's session cookie is not a way in, nor is the token in a cookie.
        (await bot_peer(live, Cookie=f"{COOKIE}={ann_cookie}"), {"type": "ping"}, "not_signed_in"),
        (await bot_peer(live, Cookie=f"{COOKIE}={token}"), {"type": "ping"}, "not_signed_in"),
    ]
    for peer, first, code in cases:
        if first is not None:
            await peer.send(first)
        err = await peer.recv()
        assert err["type"] == "error" and err["code"] == code, (code, err)
        assert token not in err["message"]
        assert await closed_code(peer) == 4401
    assert feed(live).connected(msg["bot"]["id"]) == 0


class WaitingSocket:
    """A bot socket with no token in its headers, whose first message comes when ``arrived`` is set."""

    query_params: dict[str, str] = {}
    headers: dict[str, str] = {}

    def __init__(self) -> None:
        self.arrived: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

    async def receive(self) -> dict[str, Any]:
        return await self.arrived


class TokenBook:
    """A store that knows no token and notes each one looked up."""

    def __init__(self) -> None:
        self.looked_up: list[str] = []

    async def get_user_by_token(self, digest: str) -> None:
        self.looked_up.append(digest)


def queued(conn: Connection) -> list[Any]:
    """What the connection queued to send, read (a ``None`` is its close)."""
    out = []
    while not conn.queue.empty():
        item = conn.queue.get_nowait()
        out.append(None if item is None else json.loads(item[0]))
    return out


async def test_a_bot_that_sends_no_token_is_told_so_and_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(botws, "AUTH_SECONDS", 0.2)
    socket, store = WaitingSocket(), TokenBook()
    conn = Connection(socket, None)  # type: ignore[arg-type]
    assert await botws._authenticate(socket, conn, SimpleNamespace(store=store), 4096) is None  # type: ignore[arg-type]
    error, close = queued(conn)
    assert error["code"] == "not_signed_in" and error["message"].startswith("No token arrived within ")
    assert close is None and conn.close_code == 4401 and store.looked_up == []


async def test_a_bot_socket_stopped_as_its_token_arrives_stays_stopped() -> None:
    """A stopping server ends its sockets' handlers. Cancelled just as a bot's first message (its token) came
    in, the handler once read the message instead (Python 3.11's ``wait_for``), went on to look the token up
    and, for a good one, kept serving the bot."""
    socket, store = WaitingSocket(), TokenBook()
    conn = Connection(socket, None)  # type: ignore[arg-type]
    signing_in = asyncio.ensure_future(botws._authenticate(socket, conn, SimpleNamespace(store=store), 4096))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)  # waiting for the first message
    socket.arrived.set_result({"type": "websocket.receive", "text": json.dumps({"type": "auth", "token": "mlbot_x"})})
    signing_in.cancel()  # in the same moment
    with pytest.raises(asyncio.CancelledError):
        await signing_in
    assert store.looked_up == []


async def test_revoking_a_token_closes_the_bots_connections(live: Live) -> None:
    async with live.client() as ann:
        await register(ann, "ann")
        token = await make_bot(ann, "randy")
        peer = await bot_peer(live, token)
        bot_id = (await hello(peer))["bot"]["id"]
        assert feed(live).connected(bot_id) == 1
        await ann.delete("/api/bots/randy/token")
        err = await peer.recv()
        assert err["type"] == "error" and err["code"] == "token_revoked"
        assert await closed_code(peer) == 4401
        for _ in range(50):
            if not feed(live).connected(bot_id):
                break
            await asyncio.sleep(0.02)
        assert feed(live).connected(bot_id) == 0
        again = await bot_peer(live, token)
        assert (await again.recv())["code"] == "bad_token"


# --- seats ---------------------------------------------------------------------------------------------
async def test_a_host_seats_a_bot_account_and_the_bot_hears_of_it(live: Live) -> None:
    async with live.client() as ann, live.client() as bob:
        await register(ann, "ann")
        await guest(bob, "Bob")
        token, peer = await connected_bot(live, ann, "Randy")

        body: dict[str, Any] = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
        for account, code in [("nobody", "unknown_bot"), ("ann", "unknown_bot"), (None, "bad_request")]:
            bad = {**body, "seats": [{"kind": "me"}, {"kind": "bot_account", "account": account}]}
            r = await ann.post("/api/tables", json=bad)
            assert r.json()["error"]["code"] == code, (account, r.text)
        assert await peer.quiet(0.1) == []

        # At creation.
        made = {**body, "seats": [{"kind": "me"}, {"kind": "bot_account", "account": "RANDY"}]}
        t1 = (await ann.post("/api/tables", json=made)).json()["table"]
        assert {k: v for k, v in t1["seats"][1].items() if k not in ("user", "bot_since")} == {
            "seat": 1,
            "kind": "bot",
            "name": "Randy",
            "bot": None,
            "bot_account": True,
            "invited": False,
        }
        seated = await peer.recv()
        assert seated["type"] == "seated" and seated["seat"] == 1 and seated["table"]["id"] == t1["id"]
        lobby = (await ann.get("/api/tables")).json()["mine"]
        assert [s["bot_account"] for s in lobby[0]["seats"]] == [False, True]

        # From the seat panel: only the host; then removed again.
        t2 = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
        r = await bob.post(f"/api/tables/{t2}/seats", json={"seat": 1, "account": "randy"})
        assert r.json()["error"]["code"] == "not_host"
        r = await ann.post(f"/api/tables/{t2}/seats", json={"seat": 0, "account": "randy"})
        assert r.json()["error"]["code"] == "seat_taken"
        r = await ann.post(f"/api/tables/{t2}/seats", json={"seat": 1, "account": "randy"})
        assert r.status_code == 200 and r.json()["table"]["seats"][1]["bot_account"] is True
        assert (await peer.recv())["table"]["id"] == t2
        r = await ann.post(f"/api/tables/{t2}/seats", json={"seat": 1, "account": "randy"})
        assert r.json()["error"]["code"] == "already_seated"
        r = await ann.post(f"/api/tables/{t2}/seats", json={"seat": 1, "bot": None})
        assert r.status_code == 200 and r.json()["table"]["seats"][1]["kind"] == "empty"
        assert await peer.recv() == {"type": "unseated", "table": t2, "reason": "removed"}

        # The bot may decline (leave) before the start, and take an open seat itself (socket or REST).
        await peer.send({"type": "leave", "table": t1["id"]})
        assert await peer.recv() == {"type": "unseated", "table": t1["id"], "reason": "removed"}
        await peer.send({"type": "join", "table": t2, "seat": 0, "ref": 1})
        err = await peer.recv()
        assert err["code"] == "seat_taken" and err["table"] == t2 and err["ref"] == 1
        await peer.send({"type": "join", "table": t2})
        assert (await peer.recv())["type"] == "seated"
        await peer.send({"type": "leave", "table": t2})
        await peer.recv()
        r = await bob.post(f"/api/tables/{t2}/join", json={}, headers=auth(token))
        assert r.status_code == 200 and r.json()["seat"] == 1
        assert {k: v for k, v in r.json()["table"]["seats"][1].items() if k not in ("user", "bot_since")} == {
            "seat": 1,
            "kind": "bot",
            "name": "Randy",
            "bot": None,
            "bot_account": True,
            "invited": False,
        }
        assert (await peer.recv())["type"] == "seated"

        # A bot never becomes a host: when the host leaves, a table with only a bot left closes.
        await ann.post(f"/api/tables/{t2}/leave")
        assert await peer.recv() == {"type": "unseated", "table": t2, "reason": "closed"}
        await peer.close()

        # A bot that connects later hears of the tables where it sits.
        late = await bot_peer(live, token)
        await hello(late)
        assert await late.quiet(0.2) == []
        t3 = (await ann.post("/api/tables", json=made)).json()["table"]["id"]
        await late.close()
        late = await bot_peer(live, token)
        await hello(late)
        assert [(m["type"], m["table"]["id"]) for m in await late.quiet(0.2)] == [("seated", t3)]
        await late.close()


async def start_against(live: Live, ann: httpx.AsyncClient, game: str = "toy-race", **options: Any) -> str:
    body = {
        "game": game,
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot_account", "account": "randy"}],
        "options": options,
        "start": True,
    }
    r = await ann.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    tid: str = r.json()["table"]["id"]
    return tid


async def test_a_bot_acts_only_in_its_own_seat_at_its_turn(live: Live) -> None:
    hub: Hub = live.app.state.hub
    async with live.client() as ann, live.client() as bob:
        await register(ann, "ann")
        await guest(bob, "Bob")
        token, peer = await connected_bot(live, ann, "randy")
        tid = await start_against(live, ann)
        seats = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
        elsewhere = {"game": "toy-race", "players": 2, "seats": seats, "start": True}
        other = (await bob.post("/api/tables", json=elsewhere)).json()["table"]["id"]
        assert (await peer.recv())["type"] == "seated"
        table = await hub.table(tid)
        assert table.to_move == 0  # Ann's turn first
        before = table.state_id
        cases: list[tuple[dict[str, Any], str]] = [
            ({"type": "action", "table": tid, "state_id": before, "actions": ["pass"]}, "not_your_turn"),
            ({"type": "action", "table": other, "state_id": 0, "actions": ["pass"]}, "not_seated"),
            ({"type": "action", "table": "nosuchtable", "state_id": 0, "actions": ["pass"]}, "not_found"),
            ({"type": "action", "state_id": 0, "actions": ["pass"]}, "bad_request"),
            ({"type": "sync", "table": other}, "not_seated"),
            ({"type": "teleport", "table": tid}, "bad_request"),
            ({"type": "join", "table": tid, "invite": 5}, "bad_request"),
        ]
        for i, (message, code) in enumerate(cases):
            await peer.send({**message, "ref": i})
            err = await peer.recv()
            assert err["type"] == "error" and err["code"] == code and err["ref"] == i, (code, err)
        r = await ann.get("/api/tables", headers=auth(token))
        assert [t["id"] for t in r.json()["mine"]] == [tid] and r.json()["mine"][0]["my_seat"] == 1
        waiting = {
            "game": "toy-race",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot_account", "account": "randy"}],
        }
        wid = (await ann.post("/api/tables", json=waiting)).json()["table"]["id"]
        assert (await peer.recv())["table"]["id"] == wid
        r = await bob.post(f"/api/tables/{wid}/start", headers=auth(token))
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
        r = await bob.post(f"/api/tables/{wid}/seats", json={"seat": 0, "bot": "random"}, headers=auth(token))
        assert r.json()["error"]["code"] == "not_host"
        assert table.state_id == before

        # Ann plays; now it is the bot's decision: its own view and legal texts.
        await ann_plays(live, cookie_of(ann), tid)
        turn = await peer.recv()
        assert turn["type"] == "turn" and turn["seat"] == 1 and turn["state_id"] == before + 1
        assert turn["legal"] == [str(a) for a in table.state.legal_actions()]  # type: ignore[union-attr]
        not_in_hand = next(f"play {v}" for v in range(1, 6) if f"play {v}" not in turn["legal"])
        for message, code in [
            ({"state_id": before, "actions": [turn["legal"][0]]}, "stale_state"),
            ({"state_id": turn["state_id"], "actions": [not_in_hand]}, "illegal_action"),
            ({"state_id": turn["state_id"], "actions": ["play 99"]}, "bad_action"),
            ({"state_id": turn["state_id"], "actions": ["fly"]}, "bad_action"),
            ({"state_id": turn["state_id"], "actions": "pass"}, "bad_request"),
        ]:
            await peer.send({"type": "action", "table": tid, **message})
            err = await peer.recv()
            assert err["code"] == code, (code, err)
        assert table.state_id == before + 1
        await peer.send({"type": "sync", "table": tid})
        again = [await peer.recv(), await peer.recv()]
        assert [m["type"] for m in again] == ["seated", "turn"] and again[1]["view"] == turn["view"]
        await peer.send({"type": "action", "table": tid, "state_id": turn["state_id"], "actions": [turn["legal"][0]]})
        for _ in range(50):
            if table.state_id == before + 2:
                break
            await asyncio.sleep(0.02)
        assert table.state_id == before + 2 and table.log[-1].seat is not None


async def ann_plays(live: Live, cookie: str, tid: str) -> None:
    """A person's move over the table socket (her first legal action)."""
    ws = await live.socket(tid, cookie)
    snap = await ws.recv_type("snapshot")
    await ws.send({"type": "action", "state_id": snap["state_id"], "actions": [snap["legal"][0]["text"]]})
    await ws.recv_type("update")
    await ws.close()


async def test_a_bot_can_also_use_the_table_socket_with_its_token(live: Live) -> None:
    async with live.client() as ann:
        await register(ann, "ann")
        token, peer = await connected_bot(live, ann, "randy")
        tid = await start_against(live, ann)
        await ann_plays(live, cookie_of(ann), tid)
        turn = [m for m in await peer.quiet(0.3) if m["type"] == "turn"][0]
        # A second connection (a bot that reconnects) hears again of the game and that it must decide.
        again = await bot_peer(live, token)
        await hello(again)
        assert [m["type"] for m in await again.quiet(0.3)] == ["seated", "turn"]
        await again.close()
        table_peer = await live.socket(tid, headers={**auth(token), "Origin": "https://elsewhere.example"})
        snap = await table_peer.recv_type("snapshot")
        assert snap["seat"] == 1 and snap["view"] == turn["view"]
        assert [a["text"] for a in snap["legal"]] == turn["legal"]
        await table_peer.send({"type": "action", "state_id": snap["state_id"], "actions": [turn["legal"][0]]})
        update = await table_peer.recv_type("update")
        assert update["state_id"] == snap["state_id"] + 1 and update["log"][0]["by"] == 1
        await table_peer.close()
        bad = await live.socket(tid, headers=auth("mlbot_wrong"))
        assert (await bad.recv())["code"] == "bad_token"
        assert await closed_code(bad) == 4401
        await peer.close()


# --- what a bot sees -------------------------------------------------------------------------------------
async def test_every_message_to_a_bot_over_a_whole_game_is_its_own_seats_view(live: Live) -> None:
    hub: Hub = live.app.state.hub
    async with live.client() as ann:
        await register(ann, "ann")
        _token, peer = await connected_bot(live, ann, "randy")
        body = {
            "game": "monster-smash",
            "players": 3,
            "seats": [
                {"kind": "bot", "bot": "random"},
                {"kind": "bot_account", "account": "randy"},
                {"kind": "bot", "bot": "random"},
            ],
            "options": {"max_turns": 80},
            "start": True,
        }
        tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
    rng = Rng(11)
    while True:
        msg = await peer.recv(10)
        if msg["type"] == "turn":
            choice = msg["legal"][rng.below(len(msg["legal"]))]
            await peer.send({"type": "action", "table": tid, "state_id": msg["state_id"], "actions": [choice]})
        elif msg["type"] == "finished":
            break
        else:
            assert msg["type"] == "seated", msg
    table = await hub.table(tid)
    assert table.status == "finished" and table.meta.record is not None
    states = states_of(table.meta.record)
    seat = 1
    turns = [m for m in peer.received if m["type"] == "turn"]
    assert len(turns) > 2  # a whole game (its length is chance's: the server seeds every table afresh)
    log: list[dict[str, Any]] = []
    for msg in turns:
        n = msg["state_id"]
        assert msg["seat"] == seat and states[n].to_move == seat
        assert msg["view"] == states[n].view(seat)
        assert msg["legal"] == [str(a) for a in states[n].legal_actions()]
        check_hidden(msg, seat)
        log.extend(msg["log"])
        assert log == [e.for_seat(seat) for e in table.log if e.ply <= n]
    end = peer.received[-1]
    check_hidden(end, seat)
    assert end["result"] == table.meta.result and end["view"] == states[-1].view(seat)
    assert log + end["log"] == [e.for_seat(seat) for e in table.log]
    assert not [m for m in peer.received if m["type"] == "error"]
    # Hands of the other seats were hidden in what the bot got, though they were there to be seen.
    hidden = [e for e in table.log if e.event.type == "draw" and e.event.private and e.event.data["seat"] != seat]
    assert hidden, "the game had no private draws of other seats to hide"
    await peer.close()
