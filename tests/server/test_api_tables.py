"""The lobby over HTTP: the catalogue, creating tables from each game's schema, seats, start, rematch."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from monsterlair import games
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import ClientFactory, guest


def seats(*kinds: str, bot: str = "random") -> list[dict[str, Any]]:
    return [{"kind": k, "bot": bot} if k == "bot" else {"kind": k} for k in kinds]


async def create(client: httpx.AsyncClient, game: str = "toy-race", **body: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {"game": game, "players": 2, "seats": seats("me", "open")}
    payload.update(body)
    r = await client.post("/api/tables", json=payload)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


async def test_the_catalogue_lists_every_registered_game_with_its_option_schema(client: httpx.AsyncClient) -> None:
    data = (await client.get("/api/games")).json()
    listed = {g["id"]: g for g in data["games"]}
    for game in games.all_games():
        info = listed[game.id]
        assert info["min_players"] == game.min_players and info["max_players"] == game.max_players
        assert info["summary"] and info["options"] == game.options.schema()
    smash = listed["monster-smash"]["display"]
    assert {s["id"] for s in smash["suits"]} == {"ember", "tide", "moss", "gloom", "volt"}
    names = [b["name"] for b in data["bots"]]
    assert names[:3] == ["random", "greedy", "ismcts"]
    assert all(b["strengths"] for b in data["bots"])


async def test_signing_in_is_needed_to_create(client: httpx.AsyncClient) -> None:
    r = await client.post("/api/tables", json={"game": "toy-race", "players": 2, "seats": seats("me", "open")})
    assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess"}, "unknown_game", "no game 'chess'"),
        ({"players": 7, "seats": seats("me", *["open"] * 6)}, "bad_options", "2 to 4 players"),
        ({"options": {"target": 0}}, "bad_options", "at least 1"),
        ({"options": {"mode": "long"}}, "bad_options", "must be one of"),
        ({"options": {"colour": "red"}}, "bad_options", "Unknown option 'colour'"),
        # in range (1 to 4) but not a count the game starts with: its own sentence (Game.check_setup)
        ({"game": "monstra", "players": 3, "seats": seats("me", "open", "open")}, "bad_options", "no three-player"),
        ({"seats": seats("me")}, "bad_request", "one seat entry per player"),
        ({"seats": seats("me", "me")}, "bad_request", "only one seat"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "deep-blue"}]}, "bad_bot", "Unknown bot"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy:samples=0"}]}, "bad_bot", "at least 1"),
        ({"seats": [{"kind": "me"}, {"kind": "robot"}]}, "bad_request", "not valid"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:seconds=nan"}]}, "bad_bot", "finite number"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:seconds=inf"}]}, "bad_bot", "finite number"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:seconds=1e9"}]}, "bad_bot", "at most"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:iterations=10^12"}]}, "bad_bot", "whole number"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:iterations=999999"}]}, "bad_bot", "at most"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:seconds=60"}]}, "bad_bot", "at most"),
    ],
)
async def test_bad_tables_are_refused_with_a_sentence(
    client: httpx.AsyncClient, body: dict[str, Any], code: str, words: str
) -> None:
    await guest(client)
    payload: dict[str, Any] = {"game": "toy-race", "players": 2, "seats": seats("me", "open")}
    payload.update(body)
    r = await client.post("/api/tables", json=payload)
    assert r.status_code in (404, 409, 422), r.text
    assert r.json()["error"]["code"] == code
    assert words in r.json()["error"]["message"]
    assert (await client.get("/api/tables")).json()["mine"] == []


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", '"nan"', '"inf"', "1e999"])
async def test_a_non_finite_option_is_refused_and_no_table_is_made(client: httpx.AsyncClient, value: str) -> None:
    await guest(client)
    body = (
        '{"game":"push-a-monster","players":2,"seats":[{"kind":"me"},{"kind":"open"}],'
        f'"options":{{"tremor_scale":{value}}}}}'
    )
    r = await client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "bad_options" and "finite number" in r.json()["error"]["message"]
    assert (await client.get("/api/tables")).json()["mine"] == []


@pytest.mark.parametrize("game_id", games.ids())
async def test_every_registered_game_opens_and_starts_with_bots(client: httpx.AsyncClient, game_id: str) -> None:
    await guest(client)
    game = games.get(game_id)
    players = max(2, game.min_players)
    body = {"game": game_id, "players": players, "seats": seats("me", *["bot"] * (players - 1)), "start": True}
    r = await client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    assert table["status"] == "playing" and table["options"] == game.options.defaults()


async def test_join_leave_start_and_the_lobby_lists(clients: ClientFactory) -> None:
    ann, bob, cy = await clients(), await clients(), await clients()
    await guest(ann, "Ann")
    await guest(bob, "Bob")
    await guest(cy, "Cy")
    tid = (await create(ann))["table"]["id"]
    lobby = (await bob.get("/api/tables")).json()
    assert [t["id"] for t in lobby["open"]] == [tid] and lobby["open"][0]["open_seats"] == 1
    assert (await bob.post(f"/api/tables/{tid}/start")).json()["error"]["code"] == "not_host"
    assert (await ann.post(f"/api/tables/{tid}/start")).json()["error"]["code"] == "seats_empty"
    r = await bob.post(f"/api/tables/{tid}/join", json={})
    assert r.status_code == 200 and r.json()["seat"] == 1
    r = await cy.post(f"/api/tables/{tid}/join", json={})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table_full"
    assert (await bob.post(f"/api/tables/{tid}/leave")).status_code == 200
    assert (await cy.post(f"/api/tables/{tid}/join", json={"seat": 1})).status_code == 200
    assert (await ann.post(f"/api/tables/{tid}/start")).status_code == 200
    mine = (await ann.get("/api/tables")).json()["mine"]
    assert mine[0]["id"] == tid and mine[0]["your_turn"] is True and mine[0]["my_seat"] == 0
    cys = (await cy.get("/api/tables")).json()
    assert cys["mine"][0]["your_turn"] is False and [t["id"] for t in cys["live"]] == [tid]
    assert (await bob.get("/api/tables")).json()["mine"] == []
    # Leaving a game under way hands the seat to a bot (server/tables/takeover.py); the game then is not rated.
    assert (await cy.post(f"/api/tables/{tid}/leave")).status_code == 200
    table = (await cy.get(f"/api/tables/{tid}")).json()["table"]
    assert table["seats"][1]["bot"] == "greedy" and table["seats"][1]["kind"] == "human" and table["rated"] is False


async def test_the_host_seats_bots_then_starts(client: httpx.AsyncClient) -> None:
    await guest(client)
    tid = (await create(client, players=3, seats=seats("me", "open", "open")))["table"]["id"]
    r = await client.post(f"/api/tables/{tid}/seats", json={"seat": 1, "bot": "greedy"})
    assert r.status_code == 200 and r.json()["table"]["seats"][1]["kind"] == "bot"
    r = await client.post(f"/api/tables/{tid}/seats", json={"seat": 2, "bot": "nobot"})
    assert r.json()["error"]["code"] == "bad_bot"
    await client.post(f"/api/tables/{tid}/seats", json={"seat": 2, "bot": "random"})
    r = await client.post(f"/api/tables/{tid}/start")
    assert r.status_code == 200 and r.json()["table"]["status"] == "playing"


async def test_a_private_table_is_hidden_and_needs_its_invite(clients: ClientFactory) -> None:
    ann, bob = await clients(), await clients()
    await guest(ann)
    await guest(bob, "Bob")
    table = (await create(ann, private=True))["table"]
    tid, invite = table["id"], table["invite"]
    assert invite
    assert (await bob.get("/api/tables")).json()["open"] == []
    assert (await ann.get("/api/tables")).json()["mine"][0]["invite"] == invite
    assert (await bob.get(f"/api/tables/{tid}")).json()["error"]["code"] == "forbidden"
    assert (await bob.post(f"/api/tables/{tid}/join", json={})).json()["error"]["code"] == "forbidden"
    assert (await bob.get(f"/api/tables/{tid}", params={"invite": invite})).status_code == 200
    r = await bob.post(f"/api/tables/{tid}/join", json={"invite": invite})
    assert r.status_code == 200 and r.json()["seat"] == 1


async def test_unknown_tables_are_not_found(client: httpx.AsyncClient) -> None:
    await guest(client)
    for path in ("/api/tables/nope", "/api/replays/nope"):
        r = await client.get(path)
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    assert (await client.post("/api/tables/nope/join", json={})).status_code == 404


async def test_rematch_starts_the_same_seats_once(app: FastAPI, client: httpx.AsyncClient) -> None:
    await guest(client)
    tid = (await create(client, seats=seats("me", "bot"), options={"target": 1}, start=True))["table"]["id"]
    assert (await client.post(f"/api/tables/{tid}/rematch")).json()["error"]["code"] == "not_finished"
    hub: Hub = app.state.hub
    table = await hub.table(tid)
    assert table.state is not None
    if table.to_move == 0:
        await hub.act(table.meta.owner_id, tid, 0, [f"play {table.state.view(0)['hand'][0]}"])
    else:  # the bot moves first; with target 1 its first card ends the game
        for _ in range(100):
            if table.status == "finished":
                break
            await asyncio.sleep(0.02)
    assert table.status == "finished"
    r = await client.post(f"/api/tables/{tid}/rematch")
    assert r.status_code == 200
    new = r.json()["table"]
    assert new["status"] == "playing" and new["rematch_of"] == tid
    assert [s["kind"] for s in new["seats"]] == ["human", "bot"]
    again = await client.post(f"/api/tables/{tid}/rematch")
    assert again.json()["table"]["id"] == new["id"]
    assert (await client.get(f"/api/tables/{tid}")).json()["table"]["rematch_id"] == new["id"]
