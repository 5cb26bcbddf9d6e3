"""Helpers for the turn clock, takeover and undo tests: a recording subscriber and quick table set-ups."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx

from monsterlair.server.storage.base import UserData
from monsterlair.server.tables.hub import Hub, SeatRequest
from monsterlair.server.tables.table import Table
from tests.server.conftest import Live, Peer, cookie_of, until


class Recorder:
    """The tests' one hub subscriber (receiver): it keeps every message it is sent, decoded, in ``received``.

    ``messages`` holds the game messages (snapshots and updates); messages that are the same for everyone
    and hold nothing of the game (``presence``, ``chat``, ``chat_history``) go to ``others``.
    """

    def __init__(self, user_id: int | None) -> None:
        self.user_id = user_id
        self.received: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.others: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        message = json.loads(text)
        self.received.append(message)
        (self.messages if message["type"] in ("snapshot", "update") else self.others).append(message)

    def of(self, kind: str) -> list[dict[str, Any]]:
        """The messages of one type, in the order they came."""
        return [m for m in self.received if m["type"] == kind]

    def last(self) -> dict[str, Any]:
        return self.messages[-1]

    def events(self) -> list[dict[str, Any]]:
        """Every log event this receiver was sent, in order (snapshots' logs included)."""
        return [entry["event"] for m in self.messages if m["type"] in ("snapshot", "update") for entry in m["log"]]


async def users(hub: Hub, *names: str) -> list[UserData]:
    return [await hub.store.create_user(n) for n in names]


async def two_player_table(
    hub: Hub,
    game: str,
    ann: UserData,
    bob: UserData,
    options: dict[str, Any] | None = None,
    turn_seconds: float | None = None,
) -> Table:
    """A started table with Ann in seat 0 and Bob in seat 1."""
    seats = [SeatRequest("me"), SeatRequest("open")]
    table = await hub.create(ann, game, 2, options, seats, turn_seconds=turn_seconds)
    await hub.join(bob, table.id)
    await hub.start(ann, table.id)
    return table


async def bot_game(
    hub: Hub, game: str, bots: list[str], options: dict[str, Any] | None = None, seconds: float = 60.0
) -> Table:
    """A table of bots only (one per spec), started by a host and played to its end."""
    host = await hub.store.create_user("Host")
    seats = [SeatRequest("bot", spec) for spec in bots]
    table = await hub.create(host, game, len(bots), options, seats, start=True)
    for _ in range(int(seconds / 0.02)):
        if table.status == "finished":
            return table
        await asyncio.sleep(0.02)
    raise AssertionError("the bots did not finish the game")


async def wait_until(check: Callable[[], bool], seconds: float = 10.0, what: str = "the condition") -> None:
    """``until`` with the longer patience that clock and takeover tests need."""
    await until(check, seconds, what)


async def live_table(
    live: Live, ann: httpx.AsyncClient, bob: httpx.AsyncClient, body: dict[str, Any]
) -> tuple[str, Peer, Peer, Peer]:
    """Over HTTP: Ann creates the table, Bob joins, Ann starts; then sockets for Ann, Bob and a spectator."""
    tid: str = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
    await bob.post(f"/api/tables/{tid}/join", json={})
    await ann.post(f"/api/tables/{tid}/start")
    peers = (
        await live.socket(tid, cookie_of(ann)),
        await live.socket(tid, cookie_of(bob)),
        await live.socket(tid),
    )
    return tid, *peers


WORDS = ("text", "move", "turn", "undone", "detail")


def bare(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Log entries as sent, without the words the server adds (``server/tables/words.py``): ply, by, event."""
    return [{k: v for k, v in e.items() if k not in WORDS} for e in entries]
