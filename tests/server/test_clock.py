"""The turn clock: limits checked at creation, the stored deadline, expiry once, and recovery after a restart."""

from __future__ import annotations

import asyncio
import math
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from monsterlair.server.app import create_app
from monsterlair.server.storage.base import SeatData, TableData
from monsterlair.server.tables.clock import ClockError, ClockLimits, clock_info, describe, recovered_deadline, stamp
from monsterlair.server.tables.hub import Hub, SeatRequest
from tests.server.conftest import all_games, guest, make_settings, running
from tests.server.platform_kit import Recorder, two_player_table, users, wait_until
from tests.server.records import toy_table

FAST = {"clock_min_seconds": 0.05}
"""Settings that allow a fraction of a second per turn, so a test can watch a clock run out."""


def meta(turn_seconds: float | None = 60.0, to_move: int | None = 0, status: str = "playing") -> TableData:
    seats = [SeatData(user_id=1, name="Ann"), SeatData(user_id=2, name="Bob")]
    return toy_table("t", 1, seats, status=status, to_move=to_move, turn_seconds=turn_seconds)


def test_limits_accept_seconds_in_range_and_explain_everything_else() -> None:
    limits = ClockLimits()
    assert limits.check(None) is None
    assert limits.check(30) == 30.0 and limits.check(86_400) == 86_400.0
    for bad in ("30", True, math.nan, math.inf, [30]):
        with pytest.raises(ClockError, match="number of seconds"):
            limits.check(bad)
    with pytest.raises(ClockError, match=r"10 seconds to 7 days .* 5 seconds is out of range"):
        limits.check(5)
    with pytest.raises(ClockError, match="8 days is out of range"):
        limits.check(8 * 86_400)
    assert [c["label"] for c in limits.choices()][:2] == ["30 seconds", "1 minute"]
    assert ClockLimits(60, 3600).choices()[-1] == {"seconds": 3600, "label": "1 hour"}
    assert describe(1) == "1 second" and describe(0.25) == "0.25 seconds" and describe(120) == "2 minutes"


def test_a_turn_keeps_its_deadline_and_a_new_turn_or_a_bot_changes_it() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    m = meta()
    stamp(m, None, at)
    assert m.turn_deadline == at + timedelta(seconds=60)
    stamp(m, 0, at + timedelta(seconds=20))  # the same seat goes on (a card pick, an undo): no new time
    assert m.turn_deadline == at + timedelta(seconds=60)
    m.to_move = 1
    stamp(m, 0, at + timedelta(seconds=30))
    assert m.turn_deadline == at + timedelta(seconds=90)
    m.seats[1].bot = "greedy"  # a bot to move has no clock
    stamp(m, 0, at)
    assert m.turn_deadline is None and clock_info(m, at) == {
        "turn_seconds": 60.0,
        "deadline": None,
        "remaining": None,
        "seat": None,
    }
    m = meta(turn_seconds=None)
    stamp(m, None, at)
    assert m.turn_deadline is None and clock_info(m) is None
    m = meta(status="finished")
    stamp(m, None, at)
    assert m.turn_deadline is None


def test_a_restart_gives_the_seat_to_move_at_least_a_grace_period() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    m = meta(turn_seconds=30)
    m.turn_deadline = at - timedelta(hours=1)  # passed while the server was down
    assert recovered_deadline(m, at) == at + timedelta(seconds=30)
    m.turn_deadline = at + timedelta(seconds=10)  # about to pass
    assert recovered_deadline(m, at) == at + timedelta(seconds=30)
    m = meta(turn_seconds=86_400)
    m.turn_deadline = at + timedelta(hours=5)  # plenty left: kept as it was
    assert recovered_deadline(m, at) == at + timedelta(hours=5)
    m.turn_deadline = at - timedelta(minutes=1)
    assert recovered_deadline(m, at) == at + timedelta(seconds=120)


async def test_the_create_api_checks_the_clock_and_tables_report_it(client: httpx.AsyncClient) -> None:
    await guest(client)
    body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
    r = await client.post("/api/tables", json={**body, "turn_seconds": 3})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_clock"
    assert "3 seconds is out of range" in r.json()["error"]["message"]
    r = await client.post("/api/tables", json={**body, "turn_seconds": "soon"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    assert (await client.get("/api/tables")).json()["mine"] == []  # nothing was created
    r = await client.post("/api/tables", json={**body, "turn_seconds": 60, "start": True})
    table = r.json()["table"]
    clock = table["clock"]
    assert clock["turn_seconds"] == 60 and table["rated"] is True
    assert table["to_move"] == 0 and clock["seat"] == 0 and 55 < clock["remaining"] <= 60
    deadline = datetime.fromisoformat(clock["deadline"])
    assert timedelta(seconds=55) < deadline - datetime.now(UTC) <= timedelta(seconds=60)
    mine = (await client.get("/api/tables")).json()["mine"][0]
    assert mine["turn_seconds"] == 60 and mine["deadline"] == clock["deadline"] and mine["rated"] is True
    r = await client.post("/api/tables", json=body)
    assert r.json()["table"]["clock"] is None
    catalogue = (await client.get("/api/games")).json()
    assert {"seconds": 86_400, "label": "1 day"} in catalogue["clocks"]


async def test_a_clock_that_runs_out_hands_the_seat_to_a_bot_once(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, **FAST), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "toy-race", ann, bob, turn_seconds=0.3)
        watchers = {seat: Recorder(u) for seat, u in ((0, ann.id), (1, bob.id), (None, None))}
        for w in watchers.values():
            await hub.subscribe(table.id, w)
        assert table.meta.turn_deadline is not None and table.to_move == 0
        await wait_until(lambda: table.meta.seats[0].bot is not None, what="the takeover")
        seat = table.meta.seats[0]
        assert seat.user_id == ann.id and seat.bot == "greedy" and seat.bot_since == 0
        assert table.meta.rated is False
        stored = await hub.store.load_table(table.id)
        assert stored is not None and stored.rated is False and stored.seats[0].bot == "greedy"
        kinds = [e.event.type for e in table.log]
        assert kinds[:2] == ["clock_expired", "seat_takeover"]
        # The bot plays Ann's turn, then Bob's clock runs.
        await wait_until(lambda: table.to_move == 1, what="the bot's move")
        assert table.meta.turn_deadline is not None
        for w in watchers.values():
            types = [e["type"] for e in w.events()]
            assert types.count("clock_expired") == 1 and types.count("seat_takeover") == 1
        takeover = next(e for e in watchers[1].events() if e["type"] == "seat_takeover")
        assert takeover == {"type": "seat_takeover", "seat": 0, "reason": "clock", "since": 0, "rated": False}
        assert hub.controls.clocks.armed(table.id) == (table.state_id, table.meta.turn_deadline)
        for event in await hub.store.load_events(table.id):
            if event.type in ("clock_expired", "seat_takeover"):
                assert event.private is None and event.to == []
        # Every message to Bob and the spectator is built for them: their own view, no one else's hand.
        for seat_no in (1, None):
            for msg in watchers[seat_no].messages:
                if msg["view"] is not None:
                    assert msg["seat"] == seat_no and msg["view"]["seat"] == seat_no
                    assert seat_no is not None or msg["view"]["hand"] is None
                    assert msg["can_undo"] is False


async def test_a_timeout_fired_twice_or_by_two_processes_acts_once(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'shared.sqlite3'}"
    first = create_app(make_settings(tmp_path, url, bot_delay=30.0), games=all_games())
    second = create_app(make_settings(tmp_path, url, bot_delay=30.0), games=all_games())
    async with running(first), running(second):
        hub: Hub = first.state.hub
        other: Hub = second.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "toy-race", ann, bob, turn_seconds=3600)
        copy = await other.table(table.id)  # the same table, live in a second server process
        sid = table.state_id
        past = datetime.now(UTC) - timedelta(seconds=1)
        table.meta.turn_deadline = copy.meta.turn_deadline = past
        await asyncio.gather(hub.controls.expire(table.id, sid), hub.controls.expire(table.id, sid))
        await other.controls.expire(table.id, sid)
        events = [e.type for e in await hub.store.load_events(table.id)]
        assert events.count("clock_expired") == 1 and events.count("seat_takeover") == 1
        stored = await hub.store.load_table(table.id)
        assert stored is not None and stored.state_id == sid + 1 and stored.seats[0].bot == "greedy"
        reloaded = await other.table(table.id)  # the losing process read the table again
        assert reloaded.state_id == sid + 1 and reloaded.meta.seats[0].bot == "greedy"
        await hub.controls.expire(table.id, sid)  # a late timer for an old version does nothing
        assert [e.type for e in await hub.store.load_events(table.id)] == events


async def test_a_deadline_survives_a_restart_and_is_made_fair_again(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'lair.sqlite3'}"
    first = create_app(make_settings(tmp_path, url, **FAST), games=all_games())
    async with running(first):
        hub: Hub = first.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        pending = await two_player_table(hub, "toy-race", ann, bob, turn_seconds=0.6)
        lapsed = await two_player_table(hub, "toy-race", bob, ann, turn_seconds=0.4)
        stored = await hub.store.load_table(pending.id)
        assert stored is not None and stored.turn_deadline == pending.meta.turn_deadline is not None
    await asyncio.sleep(0.5)  # the server is down while one deadline passes
    second = create_app(make_settings(tmp_path, url, **FAST), games=all_games())
    async with running(second):
        hub2: Hub = second.state.hub
        again = await hub2.table(lapsed.id)
        assert again.meta.seats[0].bot is None, "a deadline that passed during the downtime took the seat at once"
        assert again.meta.turn_deadline is not None and again.meta.turn_deadline > datetime.now(UTC)
        stored = await hub2.store.load_table(lapsed.id)
        assert stored is not None and stored.turn_deadline == again.meta.turn_deadline  # recomputed and stored
        resumed = await hub2.table(pending.id)
        for t in (again, resumed):
            await wait_until(lambda t=t: t.meta.seats[0].bot is not None, what="the takeover after the restart")
            assert t.meta.rated is False


async def test_a_bot_to_move_has_no_clock(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, bot_delay=30.0), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        (ann,) = await users(hub, "Ann")
        seats = [SeatRequest("me"), SeatRequest("bot", "random")]
        table = await hub.create(ann, "toy-race", 2, None, seats, start=True, turn_seconds=30)
        assert table.meta.turn_deadline is not None and hub.controls.clocks.armed(table.id) is not None
        await hub.act(ann.id, table.id, 0, ["pass"])
        assert table.to_move == 1 and table.meta.turn_deadline is None and hub.controls.clocks.armed(table.id) is None
        assert table.info()["clock"] == {"turn_seconds": 30.0, "deadline": None, "remaining": None, "seat": None}
