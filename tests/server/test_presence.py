"""Presence: who is at a table (connected players, signed-in spectators by name, a count of the others),
sent live, coalesced, and nothing from the game in it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from monsterlair.server.app import create_app
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import Live, Peer, all_games, cookie_of, guest, make_settings
from tests.server.test_ws import open_table

KEYS = {"type", "online", "spectators", "more", "anonymous"}


@pytest.fixture
async def live(tmp_path: Path) -> Any:
    app = create_app(make_settings(tmp_path, ws_rate=50.0, ws_burst=200), games=all_games())
    async with Live(app) as server:
        hub: Hub = server.app.state.hub
        hub.presence.delay = 0.05
        hub.presence.per_viewer = 0.0
        yield server


async def settled(peer: Peer, seconds: float = 0.3) -> dict[str, Any]:
    """The next presence message a peer gets, or the last of those that follow it before things go quiet."""
    first = await peer.recv_type("presence", timeout=5.0)
    later = [m for m in await peer.quiet(seconds) if m["type"] == "presence"]
    return (later or [first])[-1]


async def test_players_spectators_and_anonymous_viewers_are_shown_and_leaving_updates_it(live: Live) -> None:
    tid, ann_c, bob_c = await open_table(live)
    ann = await live.socket(tid, ann_c)
    first = await settled(ann)
    assert first == {"type": "presence", "online": [0], "spectators": [], "more": 0, "anonymous": 0}
    async with live.client() as cy_client, live.client() as dee_client:
        await guest(cy_client, "Cy <b>")
        await guest(dee_client, "dee")
        bob = await live.socket(tid, bob_c)
        cy = await live.socket(tid, cookie_of(cy_client))
        cy_again = await live.socket(tid, cookie_of(cy_client))  # a second tab is still one person
        dee = await live.socket(tid, cookie_of(dee_client))
        anon1, anon2 = await live.socket(tid), await live.socket(tid)
        now = await settled(ann)
        assert set(now) == KEYS
        assert now == {"type": "presence", "online": [0, 1], "spectators": ["Cy <b>", "dee"], "more": 0, "anonymous": 2}
        for peer in (bob, cy, dee, anon1):
            assert (await settled(peer, 0.05))["spectators"] == ["Cy <b>", "dee"]
        await cy.close()
        # Unchanged (Cy still has a tab open), so nothing is sent.
        assert [m for m in await ann.quiet(0.3) if m["type"] == "presence"] == []
        await cy_again.close()
        await bob.close()
        await anon1.close()
        after = await settled(ann)
        assert after == {"type": "presence", "online": [0], "spectators": ["dee"], "more": 0, "anonymous": 1}
        for peer in (ann, dee, anon2):
            await peer.close()


async def test_a_crowd_arriving_at_once_gives_one_message_not_one_each(live: Live) -> None:
    tid, ann_c, _ = await open_table(live)
    ann = await live.socket(tid, ann_c)
    await settled(ann)
    crowd = await asyncio.gather(*(live.socket(tid) for _ in range(12)))
    got = [m for m in await ann.quiet(0.4) if m["type"] == "presence"]
    assert 1 <= len(got) <= 3 and got[-1]["anonymous"] == 12
    newcomer = await live.socket(tid)
    assert (await settled(newcomer))["anonymous"] == 13
    for peer in crowd:
        await peer.close()


async def test_an_unchanged_presence_reaches_only_the_newcomer(live: Live) -> None:
    tid, ann_c, _ = await open_table(live)
    async with live.client() as cy_client:
        await guest(cy_client, "Cy")
        ann, cy = await live.socket(tid, ann_c), await live.socket(tid, cookie_of(cy_client))
        for peer in (ann, cy):  # until each has been told of Cy (on a busy machine that can come late)
            while (await settled(peer))["spectators"] != ["Cy"]:
                pass
        second = await live.socket(tid, cookie_of(cy_client))
        assert (await settled(second))["spectators"] == ["Cy"]
        assert [m for m in await ann.quiet(0.2) if m["type"] == "presence"] == []


async def test_taking_a_seat_moves_a_spectator_to_the_players(live: Live) -> None:
    async with live.client() as ann, live.client() as bob:
        await guest(ann, "Ann")
        await guest(bob, "Bob")
        body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
        tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
        host = await live.socket(tid, cookie_of(ann))
        watcher = await live.socket(tid, cookie_of(bob))
        assert (await settled(host))["spectators"] == ["Bob"]
        assert (await bob.post(f"/api/tables/{tid}/join", json={})).status_code == 200
        now = await settled(watcher)
        assert now["online"] == [0, 1] and now["spectators"] == []


async def test_long_spectator_lists_are_cut_and_counted(live: Live) -> None:
    hub: Hub = live.app.state.hub
    hub.presence.max_names = 2
    tid, ann_c, _ = await open_table(live)
    ann = await live.socket(tid, ann_c)
    clients = [live.client() for _ in range(4)]
    peers = []
    for i, c in enumerate(clients):
        await guest(c, f"Watcher {i}")
        peers.append(await live.socket(tid, cookie_of(c)))
    now = await settled(ann)
    assert now["spectators"] == ["Watcher 0", "Watcher 1"] and now["more"] == 2
    for c in clients:
        await c.aclose()


async def test_a_newcomer_hears_at_once_while_the_others_wait_for_the_coalesced_message(live: Live) -> None:
    hub: Hub = live.app.state.hub
    tid, ann_c, bob_c = await open_table(live)
    ann = await live.socket(tid, ann_c)
    await settled(ann)
    hub.presence.delay = 0.6
    bob = await live.socket(tid, bob_c)
    await bob.recv_type("snapshot")
    assert (await bob.recv_type("presence", timeout=0.3))["online"] == [0, 1]
    assert [m for m in await ann.quiet(0.3) if m["type"] == "presence"] == []  # not yet
    assert (await ann.recv_type("presence", timeout=1.0))["online"] == [0, 1]
