"""Tutorials: a scripted first game against a gentle bot, the same deal every time, never rated."""

from __future__ import annotations

import httpx
from fastapi import FastAPI

from monsterlair import games
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.tutorials import TUTORIALS
from tests.server.conftest import ClientFactory, guest


def test_every_game_has_a_tutorial_that_can_start() -> None:
    for game in games.all_games():
        setup = TUTORIALS[game.id]
        state = game.new(setup.players, setup.seed, setup.options)
        assert state.to_move == 0, f"the learner moves first in the {game.id} tutorial"


async def test_a_tutorial_is_a_private_started_table_against_a_bot_with_the_same_deal(
    app: FastAPI, clients: ClientFactory
) -> None:
    ann, bob = await clients(), await clients()
    await guest(ann, "Ann")
    await guest(bob, "Bob")
    made = []
    for client in (ann, bob):
        r = await client.post("/api/games/monster-club/tutorial")
        assert r.status_code == 200, r.text
        made.append(r.json())
    for data in made:
        table = data["table"]
        assert table["private"] and table["status"] == "playing" and table["hints"]
        assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    ids = [d["table"]["id"] for d in made]
    assert ids[0] != ids[1]
    # the scripted deal: both learners hold the same first hand
    hub: Hub = app.state.hub
    tables = [await hub.table(tid) for tid in ids]
    assert tables[0].meta.seed == tables[1].meta.seed == TUTORIALS["monster-club"].seed
    assert tables[0].meta.rated is True and made[0]["table"]["hints"]  # a bot plays: it can never be rated


async def test_no_tutorial_for_an_unknown_game_or_without_a_name(client: httpx.AsyncClient) -> None:
    r = await client.post("/api/games/monster-club/tutorial")
    assert r.status_code == 401
    await guest(client, "Ann")
    r = await client.post("/api/games/chess/tutorial")
    assert r.status_code == 404 and "no tutorial" in r.json()["error"]["message"]


async def test_a_tutorial_table_remembers_it_is_one_wherever_it_is_opened_from(
    app: FastAPI, client: httpx.AsyncClient
) -> None:
    """Reopened from "My tables", a "your turn" notice or a reload, a tutorial keeps its coach: the table itself
    says it is a tutorial (stored), so no link has to carry it."""
    await guest(client, "Ann")
    r = await client.post("/api/games/monster-smash/tutorial")
    assert r.status_code == 200, r.text
    made = r.json()["table"]
    assert made["tutorial"] is True
    ordinary = await client.post(
        "/api/tables",
        json={"game": "monster-smash", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]},
    )
    assert ordinary.status_code == 200, ordinary.text
    assert ordinary.json()["table"]["tutorial"] is False
    # the stored table, as a restarted server loads it
    hub: Hub = app.state.hub
    stored = await hub.store.load_table(made["id"])
    assert stored is not None and stored.tutorial is True
    # the page a link opens (table detail), my tables and my turns
    again = (await client.get(f"/api/tables/{made['id']}", params={"invite": made["invite"]})).json()
    assert again["table"]["tutorial"] is True
    mine = {t["id"]: t["tutorial"] for t in (await client.get("/api/tables")).json()["mine"]}
    assert mine == {made["id"]: True, ordinary.json()["table"]["id"]: False}
    turns = {t["id"]: t["tutorial"] for t in (await client.get("/api/me/turns")).json()["tables"]}
    assert turns[made["id"]] is True
