"""A rematch asks the other players: nobody's clock runs and no bot takes a person's seat before they join;
declining, or not answering in time, opens the seat."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI

from monsterlair.server.app import create_app
from monsterlair.server.storage.base import UserData
from monsterlair.server.tables.clock import ANSWER_SECONDS
from monsterlair.server.tables.hub import Hub, SeatRequest
from monsterlair.server.tables.table import Table, TableError
from tests.server.conftest import ClientFactory, all_games, guest, make_settings, running
from tests.server.platform_kit import Recorder, users

FAST = {"clock_min_seconds": 0.05}


async def finished_table(hub: Hub, ann: UserData, bob: UserData, turn_seconds: float | None) -> Table:
    """A Toy Race of Ann, Bob and a bot, with a turn clock, played to its end (its first card wins)."""
    seats = [SeatRequest("me"), SeatRequest("open"), SeatRequest("bot", "random")]
    table = await hub.create(ann, "toy-race", 3, {"target": 1}, seats, turn_seconds=turn_seconds)
    await hub.join(bob, table.id)
    await hub.start(ann, table.id)
    for _ in range(200):
        if table.status == "finished":
            return table
        assert table.state is not None
        seat = table.to_move
        if seat is not None and table.meta.seats[seat].bot is None:
            user = (ann, bob)[seat]
            await hub.act(user.id, table.id, table.state_id, [str(table.state.legal_actions()[0])])
        else:
            await asyncio.sleep(0.02)
    raise AssertionError("the game did not end")


async def test_the_rematch_waits_for_the_asked_player_with_no_clock_and_no_takeover(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, **FAST), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob, cy = await users(hub, "Ann", "Bob", "Cy")
        old = await finished_table(hub, ann, bob, turn_seconds=0.3)
        bob_watch = Recorder(bob.id)
        await hub.subscribe(old.id, bob_watch)
        new = await hub.rematch(ann, old.id)
        # Bob, still on the old table, hears of it at once.
        assert bob_watch.last()["table"]["rematch_id"] == new.id
        # Every turn clock would have run out by now (0.3 s a turn): still no clock runs, no bot plays a person.
        await asyncio.sleep(0.6)
        assert [e.event.type for e in new.log if e.event.type == "seat_takeover"] == []
        assert [s.bot for s in new.meta.seats[:2]] == [None, None] and new.meta.rated is True
        assert new.status == "open" and new.state is None and new.to_move is None
        # Ann and the bot sit down at once; Bob's seat is kept for him.
        seats = new.meta.seats
        assert (seats[0].user_id, seats[0].invited) == (ann.id, False)
        assert (seats[1].user_id, seats[1].invited, seats[1].bot) == (bob.id, True, None)
        assert seats[2].bot == "random" and not seats[2].invited
        assert new.status == "open" and new.state is None and new.to_move is None
        info = new.info()
        assert info["clock"] == {"turn_seconds": 0.3, "deadline": None, "remaining": None, "seat": None}
        assert info["answer_by"] is not None and info["answer_by"]["remaining"] > ANSWER_SECONDS - 5
        assert [s["invited"] for s in info["seats"]] == [False, True, False]
        # Stored as such: a restart keeps the seat for Bob.
        stored = await hub.store.load_table(new.id)
        assert stored is not None and [s.invited for s in stored.seats] == [False, True, False]
        # Ann cannot start without him, nor can anyone else take his seat.
        with pytest.raises(TableError) as refused:
            await hub.start(ann, new.id)
        assert refused.value.code == "rematch_unanswered" and "Bob" in refused.value.message
        with pytest.raises(TableError) as taken:
            await hub.join(cy, new.id, 1)
        assert taken.value.code == "seat_taken"
        # Bob joins: the game starts, and only now does the clock of the seat to move run.
        assert await hub.join(bob, new.id) == 1
        assert new.status == "playing" and new.state is not None and not new.meta.seats[1].invited
        assert new.meta.seats[1].bot is None and new.meta.rated is True
        assert new.meta.turn_deadline is not None or new.meta.seats[new.to_move or 0].bot is not None


async def test_declining_or_not_answering_opens_the_seat(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob, cy = await users(hub, "Ann", "Bob", "Cy")
        # Declining: Bob leaves the seat kept for him; it opens and the host may fill it.
        first = await hub.rematch(ann, (await finished_table(hub, ann, bob, turn_seconds=60)).id)
        assert first.meta.seats[1].invited and first.meta.answer_by is not None
        assert hub.controls.clocks.armed(first.id) == (0, first.meta.answer_by)
        await hub.leave(bob, first.id)
        assert first.meta.seats[1].empty and first.meta.answer_by is None and first.status == "open"
        assert hub.controls.clocks.armed(first.id) is None
        await hub.join(cy, first.id, 1)  # an open seat: anyone may take it, then the host starts
        await hub.start(ann, first.id)
        assert first.status == "playing"
        # Not answering: once the time to answer has passed, the seat opens; no bot is put in it.
        second = await hub.rematch(ann, (await finished_table(hub, ann, bob, turn_seconds=None)).id)
        assert second.meta.seats[1].invited and second.info()["clock"] is None
        assert second.meta.answer_by is not None
        due = second.meta.answer_by - datetime.now(UTC)
        assert timedelta(seconds=ANSWER_SECONDS - 5) < due <= timedelta(seconds=ANSWER_SECONDS)
        await hub.controls.expire(second.id, 0)  # a timer firing early changes nothing
        assert second.meta.seats[1].invited
        second.meta.answer_by = datetime.now(UTC) - timedelta(seconds=1)
        await hub.controls.expire(second.id, 0)
        assert second.meta.seats[1].empty and second.status == "open" and second.meta.answer_by is None
        stored = await hub.store.load_table(second.id)
        assert stored is not None and stored.seats[1].empty
        with pytest.raises(TableError) as late:  # Bob comes back: the seat is open, so he may still take it
            await hub.join(bob, second.id, 0)
        assert late.value.code == "seat_taken"
        assert await hub.join(bob, second.id) == 1


async def test_the_time_to_answer_and_the_turns_deadline_are_stored_and_shown_each_in_its_place(tmp_path: Path) -> None:
    """One stored moment a table at a time: a rematch waiting for answers keeps its time to answer (``answer_by``),
    a game under way the deadline of the seat to move (``clock``); a lobby line's ``deadline`` is whichever the
    table has, and a restart reads each back as what it is."""
    from monsterlair.server.api.routes.tables import summary
    from monsterlair.server.tables.clock import answer_info, clock_info

    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        for turn_seconds in (60.0, None):
            new = await hub.rematch(ann, (await finished_table(hub, ann, bob, turn_seconds=turn_seconds)).id)
            line = summary(hub, new.meta, bob.id)
            answer = line["answer_by"]
            assert answer is not None and line["deadline"] == answer["deadline"]
            assert new.info()["clock"] in (
                None,
                {"turn_seconds": 60.0, "deadline": None, "remaining": None, "seat": None},
            )
            stored = await hub.store.load_table(new.id)
            assert stored is not None and clock_info(stored) == new.info()["clock"]
            assert (answer_info(stored) or {}).get("deadline") == answer["deadline"]
            await hub.join(bob, new.id)  # the rematch starts
            line = summary(hub, new.meta, bob.id)
            clock = new.info()["clock"]
            assert line["answer_by"] is None and line["deadline"] == (clock or {}).get("deadline")
            assert (clock is None) == (turn_seconds is None)
            person = new.to_move is not None and new.meta.seats[new.to_move].bot is None
            assert (line["deadline"] is not None) == (person and turn_seconds is not None), line
            stored = await hub.store.load_table(new.id)
            assert stored is not None and answer_info(stored) is None
            assert (clock_info(stored) or {}).get("deadline") == (clock or {}).get("deadline")


async def test_the_asked_player_finds_the_rematch_in_his_turns_list(app: FastAPI, clients: ClientFactory) -> None:
    ann, bob = await clients(), await clients()
    await guest(ann, "Ann")
    await guest(bob, "Bob")
    body = {"game": "toy-race", "players": 2, "options": {"target": 1}, "seats": [{"kind": "me"}, {"kind": "open"}]}
    tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
    await bob.post(f"/api/tables/{tid}/join", json={})
    await ann.post(f"/api/tables/{tid}/start")
    hub: Hub = app.state.hub
    table = await hub.table(tid)
    assert table.state is not None
    user = table.meta.seats[table.to_move or 0].user_id
    await hub.act(user, tid, 0, [f"play {table.state.view(table.to_move)['hand'][0]}"])  # target 1: it wins
    assert table.status == "finished"
    new = (await ann.post(f"/api/tables/{tid}/rematch")).json()["table"]
    assert new["status"] == "open" and [s["invited"] for s in new["seats"]] == [False, True]
    asked = (await bob.get("/api/me/turns")).json()
    assert asked["count"] == 0 and [t["id"] for t in asked["invitations"]] == [new["id"]]
    line = asked["invitations"][0]
    assert line["invited"] is True and line["host_name"] == "Ann" and line["deadline"]
    assert (await ann.get("/api/me/turns")).json()["invitations"] == []
    await bob.post(f"/api/tables/{new['id']}/join", json={})
    assert (await bob.get("/api/me/turns")).json()["invitations"] == []
    assert (await bob.get(f"/api/tables/{new['id']}")).json()["table"]["status"] == "playing"


async def test_a_restart_rearms_the_time_to_answer_of_a_pending_rematch(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'lair.sqlite3'}"
    first = create_app(make_settings(tmp_path, url), games=all_games())
    async with running(first):
        hub: Hub = first.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        waiting = await hub.rematch(ann, (await finished_table(hub, ann, bob, turn_seconds=None)).id)
        lapsed = await hub.rematch(ann, (await finished_table(hub, ann, bob, turn_seconds=None)).id)
        assert waiting.meta.answer_by is not None
        # The second one's time to answer runs out while the server is down.
        lapsed.meta.answer_by = datetime.now(UTC) - timedelta(seconds=1)
        await hub.store.save_table(lapsed.meta)

    second = create_app(make_settings(tmp_path, url), games=all_games())
    async with running(second):
        hub2: Hub = second.state.hub
        # Nobody has opened either table since the restart: the timers are armed all the same.
        assert hub2.controls.clocks.armed(waiting.id) == (0, waiting.meta.answer_by)
        for _ in range(100):  # the lapsed one's timer fires at once: Bob's seat opens, and stays stored so
            stored = await hub2.store.load_table(lapsed.id)
            assert stored is not None
            if stored.seats[1].empty:
                break
            await asyncio.sleep(0.02)
        assert stored.seats[1].empty and not stored.seats[1].invited and stored.status == "open"
