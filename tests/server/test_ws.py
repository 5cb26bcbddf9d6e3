"""The table WebSocket on a live server: snapshots, updates, every kind of refusal, limits, exactly-once."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from monsterlair.server.app import create_app
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.table import TableError
from tests.server.conftest import Live, all_games, cookie_of, guest, make_settings
from tests.server.platform_kit import two_player_table, users


async def open_table(live: Live, game: str = "toy-race", **body: Any) -> tuple[str, str, str]:
    """A started 2-seat table between two guests: (table id, Ann's cookie, Bob's cookie)."""
    async with live.client() as ann, live.client() as bob:
        await guest(ann, "Ann")
        await guest(bob, "Bob")
        payload = {"game": game, "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
        payload.update(body)
        tid = (await ann.post("/api/tables", json=payload)).json()["table"]["id"]
        assert (await bob.post(f"/api/tables/{tid}/join", json={})).status_code == 200
        assert (await ann.post(f"/api/tables/{tid}/start")).status_code == 200
        return tid, cookie_of(ann), cookie_of(bob)


@pytest.fixture
async def live(tmp_path: Path) -> Any:
    app = create_app(make_settings(tmp_path, ws_rate=50.0, ws_burst=200, ws_max_bytes=2048), games=all_games())
    async with Live(app) as server:
        yield server


async def test_connect_gets_a_snapshot_and_every_receiver_gets_its_own_update(live: Live) -> None:
    tid, ann_c, bob_c = await open_table(live)
    ann, bob, spy = await live.socket(tid, ann_c), await live.socket(tid, bob_c), await live.socket(tid)
    snaps = [await p.recv_type("snapshot") for p in (ann, bob, spy)]
    assert [s["seat"] for s in snaps] == [0, 1, None]
    assert snaps[0]["host"] is True and snaps[1]["host"] is False
    assert snaps[0]["view"]["hand"] and snaps[1]["view"]["hand"] and snaps[2]["view"]["hand"] is None
    assert snaps[0]["legal"] and not snaps[1]["legal"] and not snaps[2]["legal"]
    card = snaps[0]["view"]["hand"][0]
    await ann.send({"type": "action", "state_id": 0, "actions": [f"play {card}"], "ref": 1})
    ups = [await p.recv_type("update") for p in (ann, bob, spy)]
    assert all(u["prev_state_id"] == 0 and u["state_id"] == 1 for u in ups)
    draws = [[e["event"] for e in u["log"] if e["event"]["type"] == "draw"] for u in ups]
    assert "card" in draws[0][0] and "card" not in draws[1][0] and "card" not in draws[2][0]
    assert ups[1]["legal"] and not ups[0]["legal"]
    assert ups[2]["view"]["hand"] is None and ups[1]["view"]["hand"] == snaps[1]["view"]["hand"]
    for p in (ann, bob, spy):
        await p.close()


async def test_refusals_get_an_error_and_change_nothing(live: Live) -> None:
    tid, ann_c, bob_c = await open_table(live)
    ann, bob = await live.socket(tid, ann_c), await live.socket(tid, bob_c)
    await ann.recv_type("snapshot")
    await bob.recv_type("snapshot")
    cases: list[tuple[Any, str, Any]] = [
        (bob, "not_your_turn", {"type": "action", "state_id": 0, "actions": ["pass"], "ref": "b1"}),
        (ann, "stale_state", {"type": "action", "state_id": 3, "actions": ["pass"], "ref": 2}),
        (ann, "bad_action", {"type": "action", "state_id": 0, "actions": ["fly"], "ref": 3}),
        (ann, "bad_request", {"type": "action", "state_id": 0, "actions": "pass"}),
        (ann, "bad_request", {"type": "action", "actions": ["pass"]}),
        (ann, "bad_request", {"type": "teleport"}),
        (ann, "bad_request", [1, 2, 3]),
        (ann, "bad_json", "{not json"),
        (ann, "too_large", json.dumps({"type": "ping", "pad": "x" * 5000})),
    ]
    for peer, code, message in cases:
        await peer.send(message if isinstance(message, str) else json.dumps(message))
        err = await peer.recv_type("error")
        assert err["code"] == code, (code, err)
        assert err["message"]
        if isinstance(message, dict) and "ref" in message:
            assert err["ref"] == message["ref"]
    await ann.ws.send(b"\xff\xfe")
    assert (await ann.recv_type("error"))["code"] == "bad_json"
    assert await bob.quiet() == []  # nobody was told of any change
    await ann.send({"type": "ping", "ref": 9})
    assert (await ann.recv_type("pong"))["ref"] == 9
    await ann.send({"type": "sync"})
    snap = await ann.recv_type("snapshot")
    assert snap["state_id"] == 0 and snap["log"] == []


async def test_a_spectator_cannot_act(live: Live) -> None:
    tid, _, _ = await open_table(live)
    async with live.client() as cy:
        await guest(cy, "Cy")
        watcher = await live.socket(tid, cookie_of(cy))
        snap = await watcher.recv_type("snapshot")
        assert snap["seat"] is None and snap["view"]["hand"] is None
        await watcher.send({"type": "action", "state_id": 0, "actions": ["pass"]})
        assert (await watcher.recv_type("error"))["code"] == "not_seated"


async def test_private_unknown_and_cross_site_sockets_are_refused(live: Live) -> None:
    async with live.client() as ann:
        await guest(ann)
        body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], "private": True}
        table = (await ann.post("/api/tables", json=body)).json()["table"]
    stranger = await live.socket(table["id"])
    err = await stranger.recv_type("error")
    assert err["code"] == "forbidden"
    with pytest.raises(ConnectionClosed) as closed:
        await stranger.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    invited = await live.socket(table["id"], query=f"?invite={table['invite']}")
    assert (await invited.recv_type("snapshot"))["seat"] is None
    missing = await live.socket("no-such-table")
    assert (await missing.recv_type("error"))["code"] == "not_found"
    with pytest.raises(InvalidStatus) as refused:  # refused at the handshake
        await live.socket(table["id"], headers={"Origin": "http://evil.example"})
    assert refused.value.response.status_code == 403
    same = await live.socket(table["id"], query=f"?invite={table['invite']}", headers={"Origin": live.base})
    assert (await same.recv_type("snapshot"))["type"] == "snapshot"


async def test_two_actions_for_the_same_state_apply_exactly_once(live: Live) -> None:
    tid, ann_c, bob_c = await open_table(live, game="monster-smash")
    probe = await live.socket(tid)
    mover = (await probe.recv_type("snapshot"))["table"]["to_move"]
    cookie = ann_c if mover == 0 else bob_c
    a1, a2 = await live.socket(tid, cookie), await live.socket(tid, cookie)
    await a1.recv_type("snapshot")
    await a2.recv_type("snapshot")
    # Both send the same first-turn choice for state 0 at once; the seat stays to move afterwards,
    # so the loser is refused as stale, not as out of turn.
    await asyncio.gather(
        a1.send({"type": "action", "state_id": 0, "actions": ["keep"], "ref": "one"}),
        a2.send({"type": "action", "state_id": 0, "actions": ["keep"], "ref": "two"}),
    )
    got = await a1.quiet(0.5) + await a2.quiet(0.5)
    updates = [m for m in got if m["type"] == "update"]
    errors = [m for m in got if m["type"] == "error"]
    assert len(updates) == 2 and {u["state_id"] for u in updates} == {1}  # one update, seen by both sockets
    assert len(errors) == 1 and errors[0]["code"] == "stale_state"


async def test_concurrent_hub_actions_apply_exactly_once(hub: Hub) -> None:
    from monsterlair.server.storage.base import UserData

    ann, bob = await users(hub, "Ann", "Bob")
    table = await two_player_table(hub, "monster-smash", ann, bob)
    mover: UserData = ann if table.to_move == 0 else bob
    results = await asyncio.gather(
        *(hub.act(mover.id, table.id, 0, ["keep"]) for _ in range(12)), return_exceptions=True
    )
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, TableError) and r.code == "stale_state" for r in results if r is not None)
    assert table.state_id == 1
    actions = await hub.store.load_actions(table.id)
    assert [a.text for a in actions] == ["keep"]


async def test_the_rate_limit_refuses_floods_without_closing(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, ws_rate=2.0, ws_burst=4), games=all_games())
    async with Live(app) as live:
        tid, ann_c, _ = await open_table(live)
        ann = await live.socket(tid, ann_c)
        await ann.recv_type("snapshot")
        for i in range(12):
            await ann.send({"type": "ping", "ref": i})
        got = await ann.quiet(0.3)
        pongs = [m for m in got if m["type"] == "pong"]
        limited = [m for m in got if m["type"] == "error" and m["code"] == "rate_limited"]
        assert 4 <= len(pongs) <= 5 and len(limited) == 12 - len(pongs)
        await asyncio.sleep(0.6)
        await ann.send({"type": "ping", "ref": "later"})
        assert (await ann.recv_type("pong"))["ref"] == "later"


async def test_a_huge_frame_closes_only_that_connection(live: Live) -> None:
    tid, ann_c, bob_c = await open_table(live)
    ann = await live.socket(tid, ann_c)
    await ann.recv_type("snapshot")
    await ann.ws.send("x" * (2 << 20))  # past uvicorn's frame limit: the protocol layer closes it
    with pytest.raises(ConnectionClosed):
        for _ in range(5):
            await ann.recv(2.0)
    bob = await live.socket(tid, bob_c)
    assert (await bob.recv_type("snapshot"))["state_id"] == 0


async def test_http_routes_refuse_a_websocket_handshake_on_bad_paths(live: Live) -> None:
    with pytest.raises(InvalidStatus):
        await live.socket("x/../../api")
