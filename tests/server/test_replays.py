"""Replays of finished games: everything revealed, every step's views, private games need the link."""

from __future__ import annotations

import asyncio

import httpx
from fastapi import FastAPI

from monsterlair import games
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import ClientFactory, bots_table, guest


async def finished_game(app: FastAPI, client: httpx.AsyncClient, private: bool = False) -> dict[str, str]:
    body = bots_table("monster-smash", ["greedy", "random"], {"max_turns": 80}, private=private)
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


async def test_a_replay_speaks_prose_steps_by_turn_and_names_its_bots(app: FastAPI, client: httpx.AsyncClient) -> None:
    await guest(client)
    tid = (await finished_game(app, client))["id"]
    rep = (await client.get(f"/api/replays/{tid}")).json()
    names = [s["name"] for s in rep["table"]["seats"]]
    assert len(set(names)) == 2 and all("(" in n and "bot" in n for n in names)  # "Gobble (Greedy bot)"
    assert all(e["text"] and "=" not in e["text"] and "_" not in e["text"] for e in rep["log"])
    assert any(names[0] in e["text"] for e in rep["log"]) and any(names[1] in e["text"] for e in rep["log"])
    assert all(not e["text"].startswith("You") for e in rep["log"])  # a replay is told in the third person
    for a in rep["actions"]:
        assert a["label"] and a["label"] != a["text"] and "=" not in a["label"]
    turns = rep["turns"]
    assert turns[0]["first"] == 1 and turns[-1]["last"] == rep["steps"]
    assert all(t["first"] <= t["last"] and t["label"] == f"Turn {t['turn']} · {names[t['seat']]}" for t in turns)
    assert all(b["first"] == a["last"] + 1 and b["seat"] != a["seat"] for a, b in zip(turns, turns[1:], strict=False))
    assert len(turns) < rep["steps"]
    # Turns are counted as the game counts them: the log's "Turn N" lines and the replay's turns agree.
    opened = {e["event"]["turn"] for e in rep["log"] if e["event"]["type"] == "turn"}
    assert {t["turn"] for t in turns} - {1} <= opened
    assert [t["turn"] for t in turns] == sorted({t["turn"] for t in turns})
    for e in rep["log"]:
        if e["event"]["type"] == "turn":
            assert e["turn"] == e["event"]["turn"] and e["text"].startswith(f"Turn {e['turn']}: ")
    result = rep["result_text"]
    assert result["outcome"] in ("win", "capped", "draw") and result["headline"]
    assert sorted(s["name"] for s in result["standings"]) == sorted(names)
    assert all(s["score_text"].endswith("in hand") for s in result["standings"])
    lobby = (await client.get("/api/tables")).json()
    line = next(t for t in lobby["finished"] if t["id"] == tid)
    assert line["result_summary"]["headline"] == result["headline"]


def test_a_monstra_replay_steps_by_rounds_as_its_board_counts_them() -> None:
    from monsterlair.server.tables import words

    log = [
        {"ply": 1, "undone": False, "turn": 1, "event": {"type": "round"}},
        {"ply": 2, "undone": False, "turn": 1, "event": {"type": "act"}},
        {"ply": 3, "undone": False, "turn": 2, "event": {"type": "round"}},
    ]
    unit = games.get("monstra").turn_unit[0]
    rounds = words.turns([0, 1, 1], ["Ann", "Bo"], log, unit)
    assert [(t["label"], t["unit"], t["first"], t["last"]) for t in rounds] == [
        ("Round 1", "round", 1, 2),
        ("Round 2", "round", 3, 3),
    ]
    smash = words.turns([0, 1, 1], ["Ann", "Bo"], log, games.get("monster-smash").turn_unit[0])
    assert [t["label"] for t in smash] == ["Turn 1 · Ann", "Turn 2 · Bo"]


def test_push_a_monsters_start_monsters_are_the_set_up_before_turn_1() -> None:
    """The log marks what comes before the first turn opens as turn 0, and the replay calls it the set-up."""
    from monsterlair.server.tables import words
    from monsterlair.server.tables.table import LogEntry

    game = games.get("push-a-monster")
    state = game.new(2, seed=3)
    log: list[LogEntry] = [LogEntry(0, None, e) for e in state.opening_events()]
    movers: list[int] = []
    while not any(game.turn_of_event(e.full()) for e in (x.event for x in log)):
        seat = state.to_move
        assert seat is not None
        movers.append(seat)
        log.extend(LogEntry(len(movers), seat, e) for e in state.apply(state.legal_actions()[0]))
    entries = words.log_json(game, log, None, ["Ann", "Bo"], {})
    assert all(e["turn"] == 0 for e in entries if e["ply"] < len(movers))
    spans = words.turns(movers, ["Ann", "Bo"], entries, game.turn_unit[0])
    assert spans[0]["label"] == "Set-up" and spans[0]["turn"] == 0 and spans[0]["first"] == 1
