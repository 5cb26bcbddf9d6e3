"""Replays of finished games: everything revealed, every step's views, private games need the link."""

from __future__ import annotations

import asyncio

import httpx
from fastapi import FastAPI

from monsterlair import games
from monsterlair.server.hub import Hub
from tests.server.conftest import ClientFactory, guest


async def finished_game(app: FastAPI, client: httpx.AsyncClient, private: bool = False) -> dict[str, str]:
    body = {
        "game": "monster-smash",
        "players": 2,
        "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}],
        "options": {"max_turns": 80},
        "start": True,
        "private": private,
    }
    table = (await client.post("/api/tables", json=body)).json()["table"]
    hub: Hub = app.state.hub
    live = await hub.table(table["id"])
    for _ in range(2000):
        if live.status == "finished":
            break
        await asyncio.sleep(0.01)
    assert live.status == "finished"
    return {"id": table["id"], "invite": live.meta.invite}


async def test_a_finished_game_replays_with_everything_revealed(app: FastAPI, client: httpx.AsyncClient) -> None:
    await guest(client)
    body = {
        "game": "monster-smash",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        "start": True,
    }
    running = (await client.post("/api/tables", json=body)).json()["table"]["id"]
    r = await client.get(f"/api/replays/{running}")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"

    tid = (await finished_game(app, client))["id"]
    rep = (await client.get(f"/api/replays/{tid}")).json()
    steps = rep["steps"]
    assert steps == len(rep["actions"]) == len(rep["record"]["actions"]) > 0
    draws = [e["event"] for e in rep["log"] if e["event"]["type"] == "draw" and e["event"]["count"]]
    assert draws and all("cards" in d for d in draws)  # hands revealed once the game is over
    game = games.get("monster-smash")
    for k in (0, 1, steps // 2, steps):
        frame = (await client.get(f"/api/replays/{tid}/steps/{k}")).json()
        state = game.replay(rep["record"], upto=k)
        assert frame["spectator"] == state.view(None)
        assert frame["seats"] == [state.view(s) for s in range(2)]
        assert frame["step"] == k and frame["action"] == (rep["record"]["actions"][k - 1] if k else None)
    assert (await client.get(f"/api/replays/{tid}/steps/{steps}")).json()["over"] is True
    assert (await client.get(f"/api/replays/{tid}/steps/{steps + 1}")).status_code == 404


async def test_a_private_replay_needs_its_link(app: FastAPI, clients: ClientFactory) -> None:
    host, other = await clients(), await clients()
    await guest(host)
    game = await finished_game(app, host, private=True)
    tid = game["id"]
    assert (await host.get(f"/api/replays/{tid}")).status_code == 200
    r = await other.get(f"/api/replays/{tid}")
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    assert (await other.get(f"/api/replays/{tid}/steps/0")).status_code == 403
    assert (await other.get(f"/api/replays/{tid}", params={"invite": game["invite"]})).status_code == 200
