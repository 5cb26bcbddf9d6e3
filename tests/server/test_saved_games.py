"""Saved games opened for the web replay viewer: a good record becomes a private, unrated, finished table of
the person who opened it; a bad one is refused in the documented shape and stores nothing."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app as cli
from monsterlair.server.tables.hub import Hub
from monsterlair.sim.runner import GameTask, run_game
from tests.server.conftest import ClientFactory, Live, guest


def sim_record(game: str = "monstra", seed: int = 7) -> dict[str, Any]:
    """The record ``sim --records`` would save for one greedy-against-random game."""
    out = run_game(GameTask(0, game, 2, ("greedy", "random"), seed, keep_record=True))
    assert out["error"] is None
    record: dict[str, Any] = out["record"]
    return record


async def test_a_saved_record_opens_as_a_private_unrated_finished_replay(app: FastAPI, clients: ClientFactory) -> None:
    owner, other = await clients(), await clients()
    me = await guest(owner)
    record = sim_record()
    r = await owner.post("/api/replays", json=record)
    assert r.status_code == 200, r.text
    opened = r.json()
    tid, invite = opened["id"], opened["invite"]
    assert opened["path"] == f"/replay/{tid}?invite={invite}"
    assert opened["steps"] == len(record["actions"]) > 0

    rep = (await owner.get(f"/api/replays/{tid}")).json()
    assert rep["record"] == record  # the very game, action for action
    assert rep["steps"] == len(rep["actions"]) == len(record["actions"])
    assert [s["name"] for s in rep["table"]["seats"]] == ["Player 1", "Player 2"]
    assert rep["table"]["private"] is True and rep["table"]["result"] is not None
    assert rep["result_text"]["headline"]
    assert all(e["text"] for e in rep["log"])  # told in prose, as a table's replay is
    game = games.get("monstra")
    last = (await owner.get(f"/api/replays/{tid}/steps/{rep['steps']}")).json()
    assert last["over"] is True and last["spectator"] == game.replay(record).view(None)

    hub: Hub = app.state.hub
    meta = await hub.store.load_table(tid)
    assert meta is not None and meta.owner_id == me["id"] and meta.status == "finished" and meta.rated is False
    assert (await hub.store.table_rating_changes([tid])) == []

    assert (await other.get(f"/api/replays/{tid}")).status_code == 403  # private: the link opens it
    assert (await other.get(f"/api/replays/{tid}", params={"invite": invite})).status_code == 200


async def test_a_bad_record_is_refused_and_stores_nothing(app: FastAPI, client: httpx.AsyncClient) -> None:
    me = await guest(client)
    good = sim_record()
    hub: Hub = app.state.hub
    bad = [
        {**good, "actions": [*good["actions"][:3], "fly to the moon"]},
        {**good, "rules_version": good["rules_version"] + 1},
        {**good, "actions": good["actions"][:-1]},  # a game that has not ended
        {k: v for k, v in good.items() if k != "seed"},
    ]
    for record in bad:
        r = await client.post("/api/replays", json=record)
        assert r.status_code == 422, r.text
        error = r.json()["error"]
        assert error["code"] == "bad_record" and error["message"].startswith("This saved game")
    r = await client.post("/api/replays", json={**good, "game": "chess"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_game"
    r = await client.post("/api/replays", content=b"[1, 2", headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    assert await hub.store.list_user_tables(me["id"], limit=10) == []


async def test_opening_a_saved_game_needs_a_person_and_a_small_body(client: httpx.AsyncClient) -> None:
    record = sim_record()
    r = await client.post("/api/replays", json=record)
    assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"
    await guest(client)
    huge = {**record, "actions": record["actions"] * 400}
    r = await client.post("/api/replays", json=huge)
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"


async def test_replay_web_sends_a_record_file_and_prints_its_link(app: FastAPI, tmp_path: Path) -> None:
    record = sim_record("monster-smash", seed=3)
    path = tmp_path / "game-12.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    async with Live(app) as live, live.client() as viewer:
        result = await asyncio.to_thread(
            CliRunner().invoke, cli, ["replay", str(path), "--web", "--server", live.base + "/"]
        )
        assert result.exit_code == 0, result.output
        link = re.fullmatch(r"Replay: (http://\S+)\n", result.output)
        assert link is not None and link.group(1).startswith(f"{live.base}/replay/")
        tid, invite = re.findall(r"/replay/([^?]+)\?invite=(\S+)", link.group(1))[0]
        rep = await viewer.get(f"/api/replays/{tid}", params={"invite": invite})
        assert rep.status_code == 200 and rep.json()["record"] == record

    with socket.socket() as sock:  # a port nobody listens on once it is closed
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}"
    result = await asyncio.to_thread(CliRunner().invoke, cli, ["replay", str(path), "--web", "--server", dead])
    assert result.exit_code == 2 and "No Monster Lair server answers" in result.output
    assert "Traceback" not in result.output


async def test_a_saved_push_a_monster_game_keeps_its_physics_anchors(client: httpx.AsyncClient) -> None:
    # Push a Monster's record carries where the pieces came to rest; the stored game must be the very same one.
    await guest(client)
    record = sim_record("push-a-monster", seed=5)
    assert record["anchors"]
    opened = (await client.post("/api/replays", json=record)).json()
    rep = (await client.get(f"/api/replays/{opened['id']}")).json()
    assert rep["record"] == record and rep["table"]["result"] is not None
