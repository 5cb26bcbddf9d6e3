"""One guest cannot take the server down: caps on open sockets per account and per address, snapshots kept per
position and seat (never served to another seat or a spectator), syncs paced, slow readers dropped by bytes."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from monsterlair.server.app import create_app
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.live import dumps
from monsterlair.server.transport import ws as ws_module
from monsterlair.server.transport.caps import CLOSE_TOO_MANY
from monsterlair.server.transport.ws import Connection
from tests.server.conftest import Live, Peer, all_games, make_settings, until
from tests.server.platform_kit import Recorder, two_player_table, users
from tests.server.test_ws import open_table


async def refused(peer: Peer) -> tuple[dict[str, Any], int | None]:
    """The error a refused socket is sent, and the code it is then closed with."""
    error = await peer.recv_type("error")
    with pytest.raises(ConnectionClosed) as closed:
        await peer.recv(3.0)
    rcvd = closed.value.rcvd
    return error, None if rcvd is None else rcvd.code


async def test_the_socket_past_an_accounts_cap_is_refused_in_words(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, ws_max_per_account=2, ws_max_per_address=50), games=all_games())
    async with Live(app) as live:
        tid, ann_c, bob_c = await open_table(live)
        tabs = [await live.socket(tid, ann_c) for _ in range(2)]
        for tab in tabs:
            await tab.recv_type("snapshot")
        third = await live.socket(tid, ann_c)
        error, code = await refused(third)
        assert error["code"] == "too_many_connections" and code == CLOSE_TOO_MANY
        assert "2 table pages open" in error["message"] and "Close a few" in error["message"]
        assert not [m for m in third.received if m["type"] == "snapshot"]  # nothing of the table was sent
        bob = await live.socket(tid, bob_c)  # another account is not affected
        await bob.recv_type("snapshot")
        await tabs[0].close()  # a tab closed frees its place
        await until(lambda: app.state.socket_caps.counts(address="127.0.0.1")[1] == 2, what="the place freed")
        again = await live.socket(tid, ann_c)
        assert (await again.recv_type("snapshot"))["seat"] == 0


async def test_the_socket_past_an_addresss_cap_is_refused_in_words(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, ws_max_per_account=50, ws_max_per_address=3), games=all_games())
    async with Live(app) as live:
        tid, ann_c, _ = await open_table(live)
        watchers = [await live.socket(tid) for _ in range(2)]
        ann = await live.socket(tid, ann_c)  # signed in or not, each counts against the address
        for peer in (*watchers, ann):
            await peer.recv_type("snapshot")
        fourth = await live.socket(tid)
        error, code = await refused(fourth)
        assert error["code"] == "too_many_connections" and code == CLOSE_TOO_MANY
        assert error["message"].startswith("3 connections are already open from your network")
        assert app.state.socket_caps.counts(address="127.0.0.1")[1] == 3


async def test_without_rate_limits_there_is_no_cap(tmp_path: Path) -> None:
    """A load test on a private machine (``RATE_LIMITS=false``) opens as many sockets as it likes."""
    settings = make_settings(tmp_path, ws_max_per_address=1, rate_limits=False)
    async with Live(create_app(settings, games=all_games())) as live:
        tid, _, _ = await open_table(live)
        peers = [await live.socket(tid) for _ in range(3)]
        for peer in peers:
            await peer.recv_type("snapshot")


def expected(hub: Hub, table: Any, user_id: int | None) -> dict[str, Any]:
    """The snapshot built afresh, as the receiver decodes it."""
    seat = table.seat_of(user_id)
    message = table.snapshot(seat, host=user_id == table.meta.owner_id)
    message["can_undo"] = seat is not None and seat == hub.undo_seat(table)
    decoded: dict[str, Any] = json.loads(dumps(message))
    return decoded


@pytest.mark.parametrize("game", ["toy-race", "monster-smash"])
async def test_a_kept_snapshot_is_never_served_to_another_seat_or_a_spectator(hub: Hub, game: str) -> None:
    ann, bob, cat = await users(hub, "Ann", "Bob", "Cat")
    table = await two_player_table(hub, game, ann, bob)
    subs = {"ann": Recorder(ann.id), "bob": Recorder(bob.id), "cat": Recorder(cat.id), "anon": Recorder(None)}
    for sub in subs.values():
        await hub.subscribe(table.id, sub)
    live = hub.live(table.id)
    assert live is not None
    orders = (["ann", "bob", "cat", "anon"], ["anon", "bob", "ann", "cat"], ["cat", "bob", "bob", "ann", "anon"])
    for _ in range(3):  # at the start, then after each of two moves
        for order in orders:
            for name in order:
                sub = subs[name]
                hub.resync(table, sub)
                assert sub.last() == expected(hub, table, sub.user_id), (name, table.state_id)
        views = {name: subs[name].last()["view"] for name in subs}
        assert views["ann"] != views["bob"]  # the seats' views differ (hidden hands): a mix-up would show
        assert views["cat"] == views["anon"] and views["cat"] != views["ann"] and views["cat"] != views["bob"]
        seat = table.state.to_move if table.state is not None else None
        mover = ann if seat == 0 else bob
        await hub.act(mover.id, table.id, table.state_id, [str(table.state.legal_actions()[0])])  # type: ignore[union-attr]
    assert live.snapshots.hits > 0  # the kept bodies were served
    hub.unsubscribe(table.id, subs["ann"])
    for name in ("bob", "cat", "anon"):
        hub.unsubscribe(table.id, subs[name])
    assert not live.snapshots.bodies  # nobody watches: nothing kept


async def test_a_clock_tables_snapshot_text_is_the_snapshot_and_its_running_count_keeps_the_body(hub: Hub) -> None:
    """The text sent is exactly the snapshot as JSON (the clock measured as it is sent); the clock's running
    count changing from one sync to the next does not throw the kept body away."""
    ann, bob = await users(hub, "Ann", "Bob")
    table = await two_player_table(hub, "toy-race", ann, bob, turn_seconds=600.0)
    sub = Recorder(ann.id)
    await hub.subscribe(table.id, sub)
    live = hub.live(table.id)
    assert live is not None
    hits, builds = live.snapshots.hits, live.snapshots.builds  # the body built when Ann subscribed
    for host in (True, False, True):
        text = hub.snapshot_text(table, 0, host=host)
        decoded = json.loads(text)
        assert text == dumps(decoded)  # one JSON object, in the snapshot's own key order
        want = json.loads(dumps({**table.snapshot(0, host=host), "can_undo": 0 == hub.undo_seat(table)}))
        assert list(decoded) == list(want) and list(decoded["table"]) == list(want["table"])
        clock, want_clock = decoded["table"].pop("clock"), want["table"].pop("clock")
        assert clock["remaining"] == pytest.approx(want_clock["remaining"], abs=1.0) and clock["remaining"] > 590
        assert {**clock, "remaining": None} == {**want_clock, "remaining": None} and decoded == want
        await asyncio.sleep(0.01)  # the running count moves on
    assert (live.snapshots.hits, live.snapshots.builds) == (hits + 3, builds)  # kept, served three times
    hub.unsubscribe(table.id, sub)


async def test_a_flood_of_syncs_is_answered_at_the_paced_rate_without_errors(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, ws_rate=100.0, ws_burst=100, ws_sync_rate=2.0, ws_sync_burst=2)
    async with Live(create_app(settings, games=all_games())) as live:
        tid, ann_c, _ = await open_table(live)
        ann = await live.socket(tid, ann_c)
        await ann.recv_type("snapshot")
        for _ in range(10):
            await ann.send({"type": "sync"})
        quick = [m for m in await ann.quiet(0.25) if m["type"] in ("snapshot", "error")]
        assert [m["type"] for m in quick] == ["snapshot", "snapshot"]  # the burst, at once
        later = [m for m in await ann.quiet(0.8) if m["type"] in ("snapshot", "error")]
        assert [m["type"] for m in later] == ["snapshot"]  # the other eight asks: one snapshot, when its turn came
        assert later[0]["seat"] == 0


class StuckSocket:
    """A websocket whose peer reads nothing: every send waits forever. Its transport records an abort."""

    class Protocol:
        def __init__(self) -> None:
            self.transport = self
            self.aborted = False

        def abort(self) -> None:
            self.aborted = True

        async def receive(self) -> dict[str, Any]:
            await asyncio.Event().wait()
            return {}

    def __init__(self) -> None:
        self.protocol = self.Protocol()
        self._receive = self.protocol.receive
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str) -> None:
        await asyncio.Event().wait()


async def test_a_reader_too_far_behind_in_bytes_is_dropped_and_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ws_module, "SLOW_CLOSE_SECONDS", 0.05)
    sock = StuckSocket()
    conn = Connection(sock, None, queue_bytes=100_000)  # type: ignore[arg-type]
    conn.start()
    message = "x" * 30_000
    conn.send(message)
    await until(lambda: len(sock.sent) == 1, what="the writer to be stuck on the first message")
    for _ in range(3):  # 120,000 bytes in all: past the bound at the fourth, far below QUEUE_LIMIT messages
        conn.send(message)
    await until(lambda: sock.protocol.aborted, what="the stuck connection to be cut")
    assert conn.too_slow and conn.dropped
    assert conn.queue.qsize() == 1 and conn.queue.get_nowait() is None  # the backlog was thrown away
    assert conn.queued == 30_000  # only the message the socket is stuck on
    conn.send(message)  # nothing more is queued for it
    assert conn.queue.empty()
    assert conn.writer_task is not None
    conn.writer_task.cancel()


async def test_one_message_larger_than_the_bound_still_goes() -> None:
    sock = StuckSocket()
    conn = Connection(sock, None, queue_bytes=100_000)  # type: ignore[arg-type]
    conn.send("é" * 60_000)  # 120,000 bytes in UTF-8, alone in the queue
    assert not conn.too_slow and conn.queued == 120_000


async def test_a_real_peer_that_stops_reading_is_disconnected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a live server: a socket that never reads while asking for snapshots is cut, its place freed."""
    monkeypatch.setattr(ws_module, "SLOW_CLOSE_SECONDS", 0.2)
    cuts: list[bool] = []
    abort = ws_module.abort_transport
    monkeypatch.setattr(ws_module, "abort_transport", lambda w: cuts.append(abort(w)) or cuts[-1])
    settings = make_settings(
        tmp_path, ws_rate=1000.0, ws_burst=1000, ws_sync_rate=1000.0, ws_sync_burst=1000, ws_queue_bytes=65_536
    )
    app = create_app(settings, games=all_games())
    async with Live(app) as live:
        tid, _, _ = await open_table(live)
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.setblocking(False)
        await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", live.port))
        stuck = await connect(  # uncompressed: repeated snapshots deflate to a few bytes and would never fill a buffer
            f"ws://127.0.0.1:{live.port}/ws/tables/{tid}", sock=raw, max_queue=1, ping_interval=None, compression=None
        )
        hub: Hub = app.state.hub
        await until(lambda: len(hub.subscribers(tid)) == 1, what="the socket to subscribe")
        with pytest.raises(ConnectionClosed):
            deadline = time.monotonic() + 30  # a loaded machine serves the asks slowly: ask until cut, within reason
            while time.monotonic() < deadline:  # never read; each ask queues a snapshot of a few KB
                await stuck.send('{"type":"sync"}')
                await asyncio.sleep(0.001)
        await until(lambda: not hub.subscribers(tid), seconds=5.0, what="the slow reader to be dropped")
        await until(lambda: app.state.socket_caps.counts(address="127.0.0.1")[1] == 0, what="its place freed")
        await until(lambda: cuts == [True], what="its connection cut (uvicorn's transport reached and aborted)")
        watcher = await live.socket(tid)  # the server serves others as before
        assert (await watcher.recv_type("snapshot"))["state_id"] == 0
