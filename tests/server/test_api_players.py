"""Leaderboards and profiles over HTTP: order, paging, contents, replay links, private games, clear 404s."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from monsterlair.server.accounts.ratings import RATED_GAMES
from monsterlair.server.storage.base import UserData
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import ClientFactory
from tests.server.toy_play import play_toy


async def signed_in(clients: ClientFactory, hub: Hub, name: str) -> tuple[httpx.AsyncClient, UserData]:
    """A registered person (only registered accounts earn ratings), signed in on a client of their own."""
    client = await clients()
    r = await client.post(
        "/api/auth/register", json={"username": name.lower() + "_x", "password": "12345678", "name": name}
    )
    assert r.status_code == 200, r.text
    user = await hub.store.get_user(r.json()["id"])
    assert user is not None
    return client, user


async def test_the_leaderboard_lists_rated_players_best_first_with_paging(hub: Hub, clients: ClientFactory) -> None:
    client, ann = await signed_in(clients, hub, "Ann")
    _, bob = await signed_in(clients, hub, "Bob")
    _, cy = await signed_in(clients, hub, "Cy")
    _, dee = await signed_in(clients, hub, "Dee")
    await play_toy(hub, [ann, bob], winner=0)
    await play_toy(hub, [bob, ann], winner=1)
    await play_toy(hub, [cy, bob], winner=0)
    await play_toy(hub, [dee], winner=0, bot_seats=(1,))  # against a bot: Dee gets no rating

    r = await client.get("/api/leaderboard/toy-race")
    assert r.status_code == 200, r.text
    board = r.json()
    assert (board["game"], board["title"], board["total"], board["offset"]) == ("toy-race", "Toy Race", 3, 0)
    lines = board["entries"]
    assert [e["user"]["name"] for e in lines] == ["Ann", "Cy", "Bob"]
    assert [e["position"] for e in lines] == [1, 2, 3]
    assert [e["games"] for e in lines] == [2, 1, 3]
    assert lines[0]["rating"] > lines[1]["rating"] > 1500 > lines[2]["rating"]
    assert lines[0]["wins"] == 2 and lines[2]["losses"] == 3
    assert lines[0]["user"] == {"id": ann.id, "name": "Ann", "guest": False}

    page = (await client.get("/api/leaderboard/toy-race?limit=1&offset=1")).json()
    assert page["total"] == 3 and [(e["position"], e["user"]["name"]) for e in page["entries"]] == [(2, "Cy")]
    assert (await client.get("/api/leaderboard/monster-club")).json()["entries"] == []


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/leaderboard/chess", 404, "unknown_game"),
        ("/api/leaderboard/toy-race?limit=0", 422, "bad_request"),
        ("/api/leaderboard/toy-race?limit=1000", 422, "bad_request"),
        ("/api/leaderboard/toy-race?offset=-1", 422, "bad_request"),
        ("/api/users/987654", 404, "not_found"),
        ("/api/users/0", 404, "not_found"),
        ("/api/users/99999999999999999999", 404, "not_found"),
        ("/api/users/ann", 422, "bad_request"),
    ],
)
async def test_clear_refusals(client: httpx.AsyncClient, path: str, status: int, code: str) -> None:
    r = await client.get(path)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code and error["message"].endswith(".")


async def test_a_profile_shows_ratings_their_course_and_recent_games_with_replays(
    hub: Hub, clients: ClientFactory
) -> None:
    client, ann = await signed_in(clients, hub, "Ann")
    _, bob = await signed_in(clients, hub, "Bob")
    first = await play_toy(hub, [ann, bob], winner=0)
    second = await play_toy(hub, [ann, bob], winner=None)
    practice = await play_toy(hub, [ann], winner=0, bot_seats=(1,))

    anonymous = await clients()
    r = await anonymous.get(f"/api/users/{ann.id}")
    assert r.status_code == 200, r.text
    p = r.json()
    assert p["user"]["id"] == ann.id and p["user"]["name"] == "Ann" and p["user"]["guest"] is False
    assert p["user"]["member_since"] and p["me"] is False
    assert "username" not in p["user"]
    [toy] = p["ratings"]
    assert (toy["game"], toy["title"], toy["games"], toy["wins"], toy["draws"], toy["losses"]) == (
        "toy-race",
        "Toy Race",
        2,
        1,
        1,
        0,
    )
    assert toy["position"] == 1 and toy["start"] == 1500.0
    assert [h["rating"] for h in toy["history"]] == [1516.0, toy["rating"]]
    assert 1500 < toy["rating"] < 1516 and toy["best"] == 1516.0

    lines: list[dict[str, Any]] = p["games"]
    assert [g["table_id"] for g in lines] == [practice.id, second.id, first.id]  # latest first
    bot_game, draw, win = lines
    assert bot_game["rated"] is False and bot_game["rating_after"] is None
    assert [s["bot"] for s in bot_game["seats"]] == [False, True]
    assert (draw["outcome"], draw["rank"], draw["rated"]) == ("draw", 1, True)
    assert (win["outcome"], win["rank"], win["rating_before"], win["rating_after"]) == ("win", 1, 1500.0, 1516.0)
    assert [(s["user"], s["name"], s["rank"]) for s in win["seats"]] == [(ann.id, "Ann", 1), (bob.id, "Bob", 2)]
    assert win["replay"] == f"/replay/{first.id}"
    replay = await anonymous.get(f"/api/replays/{first.id}")
    assert replay.status_code == 200 and replay.json()["table"]["seats"][1]["user"] == bob.id

    mine = (await client.get(f"/api/users/{ann.id}")).json()
    assert mine["me"] is True
    bobs = (await anonymous.get(f"/api/users/{bob.id}")).json()
    assert bobs["ratings"][0]["position"] == 2 and [g["outcome"] for g in bobs["games"]] == ["draw", "loss"]


async def test_a_private_game_is_listed_only_to_those_who_may_open_its_replay(hub: Hub, clients: ClientFactory) -> None:
    ann_client, ann = await signed_in(clients, hub, "Ann")
    bob_client, bob = await signed_in(clients, hub, "Bob")
    cy_client, _ = await signed_in(clients, hub, "Cy")
    public = await play_toy(hub, [ann, bob], winner=0)
    secret = await play_toy(hub, [ann, bob], winner=1, private=True)

    def listed(profile: dict[str, Any]) -> list[str]:
        return [g["table_id"] for g in profile["games"]]

    for client in (ann_client, bob_client):
        assert listed((await client.get(f"/api/users/{ann.id}")).json()) == [secret.id, public.id]
        assert (await client.get(f"/api/replays/{secret.id}")).status_code == 200
    for client in (cy_client, await clients()):
        profile = (await client.get(f"/api/users/{ann.id}")).json()
        assert listed(profile) == [public.id]
        assert secret.id not in str(profile)
        r = await client.get(f"/api/replays/{secret.id}")
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    # the private game still counts: ratings are public numbers
    assert (await cy_client.get(f"/api/users/{ann.id}")).json()["ratings"][0]["games"] == 2


async def test_seats_carry_user_ids_for_profile_links(hub: Hub, clients: ClientFactory) -> None:
    client, ann = await signed_in(clients, hub, "Ann")
    _, bob = await signed_in(clients, hub, "Bob")
    table = await play_toy(hub, [ann, bob], winner=0)
    detail = (await client.get(f"/api/tables/{table.id}")).json()["table"]
    assert [s["user"] for s in detail["seats"]] == [ann.id, bob.id]
    lobby = (await client.get("/api/tables")).json()
    assert [s["user"] for s in lobby["finished"][0]["seats"]] == [ann.id, bob.id]


async def test_the_leaderboard_and_the_profile_say_the_same_about_which_games_are_rated(
    hub: Hub, clients: ClientFactory
) -> None:
    """One sentence, from the code that decides (accounts/ratings.py), on both pages: they used to disagree
    (the leaderboard left out guests; the profile left out missions, safety caps and bots taking over)."""
    client, ann = await signed_in(clients, hub, "Ann")
    board = (await client.get("/api/leaderboard/toy-race")).json()
    profile = (await client.get(f"/api/users/{ann.id}")).json()
    assert board["rated_games"] == profile["rated_games"] == RATED_GAMES
