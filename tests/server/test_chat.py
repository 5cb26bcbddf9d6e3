"""Table chat over the WebSocket: stored before it is announced, history on connect, cleaning, limits,
the per-user rate, names from the session, and nothing but what people type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from monsterlair.server.app import create_app
from monsterlair.server.tables.chat import MAX_CHARS, ChatRate, clean_text
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.table import TableError
from tests.server.conftest import Live, Peer, all_games, cookie_of, guest, make_settings
from tests.server.test_ws import open_table

KEYS = {"id", "user_id", "name", "seat", "text", "at"}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def live(tmp_path: Path) -> Any:
    app = create_app(make_settings(tmp_path, ws_rate=50.0, ws_burst=200, ws_max_bytes=2048), games=all_games())
    async with Live(app) as server:
        yield server


def hub_of(live: Live) -> Hub:
    hub: Hub = live.app.state.hub
    return hub


async def connect(live: Live, tid: str, cookie: str | None = None) -> Peer:
    """A socket past its snapshot and chat history."""
    peer = await live.socket(tid, cookie)
    await peer.recv_type("snapshot")
    await peer.recv_type("chat_history")
    return peer


async def chats(peer: Peer, seconds: float = 0.3) -> list[dict[str, Any]]:
    return [m["message"] for m in await peer.quiet(seconds) if m["type"] == "chat"]


async def test_players_and_signed_in_spectators_chat_and_markup_arrives_as_text(live: Live) -> None:
    tid, ann_c, bob_c = await open_table(live)
    async with live.client() as cy_client:
        cy_user = await guest(cy_client, "Cy")
        ann, bob = await connect(live, tid, ann_c), await connect(live, tid, bob_c)
        cy, anon = await connect(live, tid, cookie_of(cy_client)), await connect(live, tid)
        text = '<script>alert(1)</script> <b>well played</b> & "quotes"'
        # Fields that try to speak for someone else are ignored: name and seat come from the session.
        await ann.send({"type": "chat", "text": text, "name": "Bob", "seat": 1, "user_id": cy_user["id"], "ref": 1})
        got = [(await p.recv_type("chat"))["message"] for p in (ann, bob, cy, anon)]
        assert all(m == got[0] for m in got)
        assert set(got[0]) == KEYS
        assert got[0]["text"] == text and got[0]["name"] == "Ann" and got[0]["seat"] == 0
        await cy.send({"type": "chat", "text": "  hello   from the rail  "})
        msg = (await bob.recv_type("chat"))["message"]
        assert (msg["name"], msg["seat"], msg["text"], msg["user_id"]) == (
            "Cy",
            None,
            "hello from the rail",
            cy_user["id"],
        )
        assert msg["id"] > got[0]["id"] and (await ann.recv_type("chat"))["message"] == msg
        # Someone who has not chosen a name reads but cannot write.
        await anon.send({"type": "chat", "text": "hi", "ref": "a"})
        err = await anon.recv_type("error")
        assert err["code"] == "not_signed_in" and err["ref"] == "a"
        assert await chats(ann) == []
        stored = await hub_of(live).store.recent_chat(tid, limit=10)
        assert [(m.name, m.seat, m.text) for m in stored] == [("Ann", 0, text), ("Cy", None, "hello from the rail")]
        for p in (ann, bob, cy, anon):
            await p.close()


async def test_bad_messages_are_refused_with_a_code_and_nothing_is_sent(live: Live) -> None:
    tid, ann_c, bob_c = await open_table(live)
    ann, bob = await connect(live, tid, ann_c), await connect(live, tid, bob_c)
    cases: list[tuple[Any, str]] = [
        ({"type": "chat"}, "bad_request"),
        ({"type": "chat", "text": 42}, "bad_request"),
        ({"type": "chat", "text": ["hi"]}, "bad_request"),
        ({"type": "chat", "text": ""}, "chat_empty"),
        ({"type": "chat", "text": " \n\t \u202e\x00 "}, "chat_empty"),
        ({"type": "chat", "text": "x" * (MAX_CHARS + 1)}, "chat_too_long"),
    ]
    for i, (message, code) in enumerate(cases):
        await ann.send({**message, "ref": i})
        err = await ann.recv_type("error")
        assert (err["code"], err["ref"]) == (code, i), err
        assert err["message"] and set(err) == {"type", "code", "message", "ref"}
    assert await chats(bob) == []
    assert await hub_of(live).store.recent_chat(tid, limit=10) == []
    # Exactly the limit is fine; control characters and bidi overrides are dropped, lines joined.
    await ann.send({"type": "chat", "text": "y" * MAX_CHARS})
    assert (await bob.recv_type("chat"))["message"]["text"] == "y" * MAX_CHARS
    await ann.send('{"type": "chat", "text": "a\\u0000b\\u202ec\\nd\\ud800e \\u200d!"}')
    assert (await bob.recv_type("chat"))["message"]["text"] == "abc de \u200d!"


async def test_the_rate_limit_is_per_user_and_a_refusal_changes_nothing(live: Live) -> None:
    hub = hub_of(live)
    clock = Clock()
    hub.chat.rate = ChatRate(5, 10.0, clock)
    tid, ann_c, bob_c = await open_table(live)
    ann, bob = await connect(live, tid, ann_c), await connect(live, tid, bob_c)
    for i in range(5):
        await ann.send({"type": "chat", "text": f"m{i}"})
        await ann.recv_type("chat")
        clock.now += 0.5
    assert [m["text"] for m in await chats(bob)] == [f"m{i}" for i in range(5)]
    await ann.send({"type": "chat", "text": "one too many", "ref": "r"})
    err = await ann.recv_type("error")
    assert err["code"] == "chat_rate" and err["ref"] == "r" and "Wait 8 s" in err["message"]
    assert await chats(bob) == []
    assert len(await hub.store.recent_chat(tid, limit=50)) == 5
    # Another person is not held back by Ann's messages.
    await bob.send({"type": "chat", "text": "my turn to talk"})
    assert (await ann.recv_type("chat"))["message"]["text"] == "my turn to talk"
    assert (await bob.recv_type("chat"))["message"]["text"] == "my turn to talk"
    clock.now += 7.75  # the first message (only) leaves the window
    await ann.send({"type": "chat", "text": "again"})
    assert (await bob.recv_type("chat"))["message"]["text"] == "again"
    await ann.send({"type": "chat", "text": "and again"})
    assert (await ann.recv_type("error"))["code"] == "chat_rate"


async def test_history_comes_on_connect_in_order_and_bounded(live: Live) -> None:
    hub = hub_of(live)
    hub.chat.rate = ChatRate(1000, 10.0)
    hub.chat.history = 4
    tid, ann_c, _ = await open_table(live)
    ann = await connect(live, tid, ann_c)
    for i in range(6):
        await ann.send({"type": "chat", "text": f"line {i}"})
        await ann.recv_type("chat")
    late = await live.socket(tid)
    first = await late.recv()
    history = await late.recv_type("chat_history")
    assert first["type"] == "snapshot"
    assert [m["text"] for m in history["messages"]] == ["line 2", "line 3", "line 4", "line 5"]
    assert all(set(m) == KEYS for m in history["messages"])


async def test_a_stranger_to_a_private_table_gets_no_history(live: Live) -> None:
    async with live.client() as ann:
        await guest(ann)
        body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], "private": True}
        table = (await ann.post("/api/tables", json=body)).json()["table"]
        host = await connect(live, table["id"], cookie_of(ann))
        await host.send({"type": "chat", "text": "secret plans"})
        await host.recv_type("chat")
    stranger = await live.socket(table["id"])
    got = []
    with pytest.raises(ConnectionClosed):
        while True:
            got.append(await stranger.recv())
    assert [m["type"] for m in got] == ["error"] and got[0]["code"] == "forbidden"
    assert "secret" not in json.dumps(got)


async def test_a_message_that_cannot_be_stored_is_not_announced(live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = hub_of(live)
    clock = Clock()
    hub.chat.rate = ChatRate(1, 10.0, clock)
    tid, ann_c, bob_c = await open_table(live)
    ann, bob = await connect(live, tid, ann_c), await connect(live, tid, bob_c)

    async def broken(*_args: Any, **_kw: Any) -> None:
        raise RuntimeError("disk full at /var/lib/secret")

    monkeypatch.setattr(hub.store, "add_chat", broken)
    await ann.send({"type": "chat", "text": "lost", "ref": 5})
    err = await ann.recv_type("error")
    assert err["code"] == "storage_failed" and "secret" not in err["message"]
    assert await chats(bob) == []
    monkeypatch.undo()
    await ann.send({"type": "chat", "text": "kept"})  # the failed message used no part of the rate
    assert (await bob.recv_type("chat"))["message"]["text"] == "kept"


def test_clean_text() -> None:
    assert clean_text("  a \r\n b\tc  ") == "a b c"
    assert clean_text("\u200ehi\u2066there\u2069\x7f") == "hithere"
    assert clean_text("👩\u200d💻 ok") == "👩\u200d💻 ok"
    assert clean_text("<b>x</b>") == "<b>x</b>"  # escaping is the client's job: the text is kept as typed
    with pytest.raises(TableError) as exc:
        clean_text("abcd", max_chars=3)
    assert exc.value.code == "chat_too_long" and "3 characters" in exc.value.message
    with pytest.raises(TableError):
        clean_text(None)


def test_chat_rate_window() -> None:
    clock = Clock()
    rate = ChatRate(2, 10.0, clock)
    assert rate.take(1) == 0 and rate.take(1) == 0
    assert rate.take(1) == pytest.approx(10.0)
    assert rate.take(2) == 0
    clock.now += 4
    assert rate.take(1) == pytest.approx(6.0)
    rate.give_back(2)
    assert rate.take(2) == 0 and rate.take(2) == 0
    clock.now += 6
    assert rate.take(1) == 0


async def test_chat_storage_keeps_order_and_its_migration_reverses(tmp_path: Path) -> None:
    import sqlalchemy as sa
    from alembic import command

    from monsterlair.server.storage.base import SeatData, TableData
    from monsterlair.server.storage.sql import SqlStore, alembic_config

    url = f"sqlite+aiosqlite:///{tmp_path / 'chat.sqlite3'}"
    store = SqlStore(url)
    await store.start()
    try:
        ann = await store.create_user("Ann")
        meta = TableData(
            "t1", "toy-race", 1, 2, {}, 1, ann.id, False, "i", seats=[SeatData(ann.id, None, "Ann"), SeatData()]
        )
        await store.create_table(meta)
        for i in range(3):
            await store.add_chat("t1", ann.id, "Ann", 0 if i else None, f"m{i}")
        got = await store.recent_chat("t1", limit=2)
        assert [(m.text, m.seat, m.name) for m in got] == [("m1", 0, "Ann"), ("m2", 0, "Ann")]
        assert got[0].id < got[1].id and got[0].created_at is not None and got[0].created_at.tzinfo is not None
        assert await store.recent_chat("elsewhere", limit=5) == []
    finally:
        await store.close()

    def down_and_up(async_url: str) -> list[bool]:
        cfg = alembic_config(async_url)
        seen = []
        engine = sa.create_engine(async_url.replace("+aiosqlite", ""))
        command.downgrade(cfg, "0001")
        seen.append("chat_messages" in sa.inspect(engine).get_table_names())
        command.upgrade(cfg, "head")
        seen.append("chat_messages" in sa.inspect(engine).get_table_names())
        engine.dispose()
        return seen

    import asyncio

    assert await asyncio.to_thread(down_and_up, url) == [False, True]
