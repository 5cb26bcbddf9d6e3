"""GET /api/me/turns: the games waiting for the signed-in user's move, read from the database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
from fastapi import FastAPI

from monsterlair.server.storage.base import SeatData, TableData
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import ClientFactory, guest


async def turns(client: httpx.AsyncClient) -> dict[str, object]:
    r = await client.get("/api/me/turns")
    assert r.status_code == 200, r.text
    data: dict[str, object] = r.json()
    return data


async def test_someone_not_signed_in_is_told_to_sign_in(client: httpx.AsyncClient) -> None:
    r = await client.get("/api/me/turns")
    assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"


async def test_the_turn_follows_the_game_and_only_the_mover_sees_it(app: FastAPI, clients: ClientFactory) -> None:
    ann, bob = await clients(), await clients()
    await guest(ann, "Ann")
    await guest(bob, "Bob")
    assert await turns(ann) == {"count": 0, "tables": [], "invitations": []}
    body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
    await bob.post(f"/api/tables/{tid}/join", json={})
    assert (await turns(ann))["count"] == 0  # not started: nobody's turn
    await ann.post(f"/api/tables/{tid}/start")
    mine = await turns(ann)
    assert mine["count"] == 1 and (await turns(bob))["count"] == 0
    line = mine["tables"][0]  # type: ignore[index]
    assert line["id"] == tid and line["your_turn"] is True and line["my_seat"] == 0 and line["title"]
    hub: Hub = app.state.hub
    await hub.act(hub.cached(tid).meta.seats[0].user_id, tid, 0, ["pass"])  # type: ignore[union-attr]
    assert (await turns(ann))["count"] == 0 and (await turns(bob))["count"] == 1


async def test_only_games_under_way_at_the_users_own_seat_count(app: FastAPI, clients: ClientFactory) -> None:
    ann, bob = await clients(), await clients()
    me = await guest(ann, "Ann")
    other = await guest(bob, "Bob")
    hub: Hub = app.state.hub
    now = datetime.now(UTC)

    async def table(tid: str, status: str, to_move: int | None, seats: list[SeatData], age: int) -> None:
        meta = TableData(
            id=tid,
            game="toy-race",
            rules_version=1,
            players=len(seats),
            options={},
            seed=1,
            owner_id=other["id"],
            private=tid == "private",
            invite="inv",
            status=status,
            to_move=to_move,
            created_at=now - timedelta(minutes=age),
            seats=seats,
        )
        await hub.store.create_table(meta)

    ann_seat, bob_seat, bot = (
        SeatData(me["id"], None, "Ann"),
        SeatData(other["id"], None, "Bob"),
        SeatData(None, "random", "Bot"),
    )
    await table("waiting", "playing", 1, [bob_seat, ann_seat], 1)
    await table("private", "playing", 2, [bot, bob_seat, ann_seat, bot], 2)  # a team game: seat 2 decides
    await table("theirs", "playing", 0, [bob_seat, ann_seat], 3)
    await table("bots", "playing", 0, [bot, ann_seat], 4)
    await table("done", "finished", None, [ann_seat, bob_seat], 5)
    await table("lobby", "open", None, [ann_seat, SeatData()], 6)
    got = await turns(ann)
    ids = sorted(t["id"] for t in got["tables"])  # type: ignore[attr-defined]
    assert got["count"] == 2 and ids == ["private", "waiting"]
    assert sorted(t["id"] for t in (await turns(bob))["tables"]) == ["theirs"]  # type: ignore[attr-defined]
