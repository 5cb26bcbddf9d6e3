"""One guest cannot take the server down with bots, hints or tutorials.

* Hints are searched in the bot workers (the asker's fair share), one at a time per person, and limited per
  person over time.
* Bots' work is shared fairly between people, not tables: every table a person hosts counts for that person,
  and guests count for their address; a person hosts only so many games with bots under way.
* A tutorial counts as a new table, and a person has one unfinished tutorial of each game: asking again
  reopens it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from monsterlair.server.app import create_app
from monsterlair.server.tables.hints import HINT_BUSY
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import all_games, guest, http, make_settings, running

AGAINST_A_BOT = {
    "game": "monster-smash",
    "players": 2,
    "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
    "start": True,
}


@pytest.fixture
async def guarded(tmp_path: Path) -> AsyncIterator[FastAPI]:
    """An app with small guards, so a test reaches them quickly."""
    settings = make_settings(tmp_path, limit_hints="3/minute", limit_tables="7/minute", max_bot_tables=2)
    app = create_app(settings, games=all_games())
    async with running(app):
        yield app


async def my_turn(client: httpx.AsyncClient, tid: str) -> int:
    """The table's state id once it is my turn."""
    for _ in range(600):
        data = (await client.get(f"/api/tables/{tid}")).json()
        if data["table"]["to_move"] == data["seat"]:
            return int(data["table"]["state_id"])
        await asyncio.sleep(0.005)
    raise AssertionError("my turn never came")


def spy_runs(hub: Hub, monkeypatch: pytest.MonkeyPatch, gate: asyncio.Event | None = None) -> list[tuple[str, str]]:
    """Record (fair key, kind) of every job run in the hub's bot runner; with ``gate``, hold each until it is set."""
    runs: list[tuple[str, str]] = []
    original = hub.runner.run

    async def run(key: str, kind: str, *rest: Any) -> Any:
        runs.append((key, kind))
        if gate is not None:
            await gate.wait()
        return await original(key, kind, *rest)

    monkeypatch.setattr(hub.runner, "run", run)
    return runs


async def test_a_hint_is_searched_by_the_bot_runner_in_the_askers_share(
    guarded: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub: Hub = guarded.state.hub
    runs = spy_runs(hub, monkeypatch)
    async with http(guarded) as c:
        await guest(c, "Ann")
        tid = (await c.post("/api/games/monster-smash/tutorial")).json()["table"]["id"]
        await my_turn(c, tid)
        r = await c.get(f"/api/tables/{tid}/hint")
    assert r.status_code == 200, r.text
    assert runs == [("address:127.0.0.1", "hint")]  # a guest's work counts for the guest's address


async def test_one_hint_at_a_time_per_person(guarded: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    hub: Hub = guarded.state.hub
    gate = asyncio.Event()
    runs = spy_runs(hub, monkeypatch, gate)
    async with http(guarded) as c:
        await guest(c, "Ann")
        smash = (await c.post("/api/games/monster-smash/tutorial")).json()["table"]["id"]
        other = (await c.post("/api/games/monstra/tutorial")).json()["table"]["id"]
        await my_turn(c, smash)
        await my_turn(c, other)
        first = asyncio.ensure_future(c.get(f"/api/tables/{smash}/hint"))
        for _ in range(200):
            if runs:
                break
            await asyncio.sleep(0.005)
        assert hub.hints.busy() == 1
        # another hint while one is worked out: refused at once (not queued behind the first)
        busy = await asyncio.wait_for(c.get(f"/api/tables/{other}/hint"), 5)
        assert busy.status_code == 409
        assert busy.json()["error"] == {"code": "hint_busy", "message": HINT_BUSY}
        again = asyncio.ensure_future(c.get(f"/api/tables/{smash}/hint"))  # the same one again: shared
        await asyncio.sleep(0.05)
        gate.set()
        a, b = await first, await again
    assert a.status_code == b.status_code == 200
    assert a.json() == b.json()
    assert len(runs) == 1  # one search for the two asks
    assert hub.hints.busy() == 0


async def test_hints_are_limited_per_person_in_words(guarded: FastAPI) -> None:
    async with http(guarded) as c, http(guarded) as bob:
        await guest(c, "Ann")
        tid = (await c.post("/api/games/monster-smash/tutorial")).json()["table"]["id"]
        await my_turn(c, tid)
        answers = [await c.get(f"/api/tables/{tid}/hint") for _ in range(4)]
        assert [r.status_code for r in answers] == [200, 200, 200, 429]
        error = answers[-1].json()["error"]
        assert error["code"] == "rate_limited" and error["message"].startswith("Too many hints; try again in ")
        assert int(answers[-1].headers["retry-after"]) >= 1
        await guest(bob, "Bob")  # another person has hints of their own
        bobs = (await bob.post("/api/games/monster-smash/tutorial")).json()["table"]["id"]
        await my_turn(bob, bobs)
        assert (await bob.get(f"/api/tables/{bobs}/hint")).status_code == 200


async def test_a_persons_tables_share_one_fair_share_and_guests_share_their_address(
    guarded: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub: Hub = guarded.state.hub
    keys: list[str] = []
    original = hub.runner.decide

    async def decide(key: str, *rest: Any) -> str:
        keys.append(key)
        return await original(key, *rest)

    monkeypatch.setattr(hub.runner, "decide", decide)
    async with http(guarded) as c, http(guarded) as d:
        ann = await guest(c, "Ann")
        bob = await guest(d, "Bob")
        assert hub.share_key(ann["id"]) == hub.share_key(bob["id"]) == "address:127.0.0.1"
        for client in (c, d):  # bots only: each table plays on by itself
            r = await client.post(
                "/api/tables", json={**AGAINST_A_BOT, "seats": [{"kind": "bot", "bot": "random"}] * 2}
            )
            assert r.status_code == 200, r.text
        for _ in range(400):
            if len(keys) >= 4:
                break
            await asyncio.sleep(0.005)
    assert keys and set(keys) == {"address:127.0.0.1"}  # not one share per table, nor per guest account
    assert hub.share_key(99_999) == "person:99999"  # a person whose address is not known counts as themselves


async def test_a_person_hosts_only_so_many_games_with_bots_under_way(guarded: FastAPI) -> None:
    async with http(guarded) as c:
        await guest(c, "Ann")
        assert (await c.post("/api/games/monster-smash/tutorial")).status_code == 200  # tutorials do not count
        for _ in range(2):
            assert (await c.post("/api/tables", json=AGAINST_A_BOT)).status_code == 200
        r = await c.post("/api/tables", json=AGAINST_A_BOT)
        assert r.status_code == 429
        error = r.json()["error"]
        assert error["code"] == "too_many_bot_tables"
        assert error["message"] == (
            "You already host 2 games with bots under way, the most this server allows at once; "
            "finish one (or wait for it to end) before starting another."
        )
        # Waiting tables and tables of people are not games with bots under way; starting one with a bot is.
        opened = await c.post("/api/tables", json={**AGAINST_A_BOT, "start": False})
        assert opened.status_code == 200
        r = await c.post(f"/api/tables/{opened.json()['table']['id']}/start")
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_bot_tables"
        people = {**AGAINST_A_BOT, "seats": [{"kind": "me"}, {"kind": "open"}], "start": False}
        assert (await c.post("/api/tables", json=people)).status_code == 200
        # Nor refused: a person has at most one of each game's.
        assert (await c.post("/api/games/monstra/tutorial")).status_code == 200


async def test_asking_for_a_tutorial_again_reopens_the_unfinished_one(guarded: FastAPI) -> None:
    async with http(guarded) as c:
        await guest(c, "Ann")
        first = await c.post("/api/games/monster-smash/tutorial")
        assert first.status_code == 200
        tid = first.json()["table"]["id"]
        again = [await c.post("/api/games/monster-smash/tutorial") for _ in range(20)]
        assert {r.status_code for r in again} == {200}
        assert {r.json()["table"]["id"] for r in again} == {tid}
        assert {(r.json()["seat"], r.json()["host"]) for r in again} == {(0, True)}
        other = await c.post("/api/games/monstra/tutorial")
        assert other.status_code == 200 and other.json()["table"]["id"] != tid
        tutorials = [t for t in (await c.get("/api/tables")).json()["mine"] if t["tutorial"]]
        assert len(tutorials) == 2


async def test_a_new_tutorial_counts_as_a_new_table(guarded: FastAPI) -> None:
    async with http(guarded) as c:
        await guest(c, "Ann")
        people = {**AGAINST_A_BOT, "seats": [{"kind": "me"}, {"kind": "open"}], "start": False}
        for _ in range(6):
            assert (await c.post("/api/tables", json=people)).status_code == 200
        assert (await c.post("/api/games/monster-smash/tutorial")).status_code == 200  # the seventh new table
        r = await c.post("/api/games/monstra/tutorial")
        assert r.status_code == 429
        assert r.json()["error"]["message"].startswith("Too many new tables; try again in ")
        reopened = await c.post("/api/games/monster-smash/tutorial")  # reopening is no new table
        assert reopened.status_code == 200
