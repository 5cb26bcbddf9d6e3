"""Nothing lost: a new app on the same SQLite file resumes every game, bot turns included."""

from __future__ import annotations

import asyncio
from pathlib import Path

from monsterlair.server.app import create_app
from monsterlair.server.tables.hub import Hub, SeatRequest
from tests.server.conftest import all_games, make_settings, running
from tests.server.platform_kit import Recorder, two_player_table, users


async def test_a_restarted_server_resumes_games_where_they_were(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'lair.sqlite3'}"
    # A long bot delay: the bot's reply is still pending when the first server stops.
    first = create_app(make_settings(tmp_path, url, bot_delay=30.0), games=all_games())
    async with running(first):
        hub: Hub = first.state.hub
        ann = await hub.store.create_user("Ann")
        bob = await hub.store.create_user("Bob")
        vs_bot = await hub.create(ann, "monster-smash", 2, None, [SeatRequest("me"), SeatRequest("bot", "greedy")])
        await hub.start(ann, vs_bot.id)
        friends = await hub.create(bob, "toy-race", 2, {"target": 40}, [SeatRequest("me"), SeatRequest("open")])
        await hub.join(ann, friends.id)
        await hub.start(bob, friends.id)
        await hub.act(bob.id, friends.id, 0, ["pass"])
        if vs_bot.to_move == 0:
            await hub.act(ann.id, vs_bot.id, 0, ["keep"])
            while vs_bot.to_move == 0:
                await hub.act(ann.id, vs_bot.id, vs_bot.state_id, ["pass"])
        assert vs_bot.to_move == 1  # the bot's turn, not yet played
        bot_record = vs_bot.meta.record
        bot_log = [e.for_seat(0) for e in vs_bot.log]
        friends_view = friends.state.view(1) if friends.state else None

    second = create_app(make_settings(tmp_path, url, bot_delay=0.0), games=all_games())
    async with running(second):
        hub2: Hub = second.state.hub
        again = await hub2.table(friends.id)
        assert again.state is not None and again.state.view(1) == friends_view and again.state_id == 1
        await hub2.act(ann.id, friends.id, 1, ["pass"])
        assert again.state_id == 2
        resumed = await hub2.table(vs_bot.id)
        assert resumed.meta.record is not None and bot_record is not None
        assert resumed.meta.record["actions"][: len(bot_record["actions"])] == bot_record["actions"]
        assert [e.for_seat(0) for e in resumed.log][: len(bot_log)] == bot_log
        for _ in range(200):  # the bot moves by itself after the restart
            if resumed.to_move != 1:
                break
            await asyncio.sleep(0.02)
        assert resumed.to_move != 1 or resumed.status == "finished"
        assert len(await hub2.store.load_actions(vs_bot.id)) == resumed.state_id


async def test_a_store_failure_plays_nothing_and_announces_nothing(hub: Hub) -> None:
    ann, bob = await users(hub, "Ann", "Bob")
    table = await two_player_table(hub, "toy-race", ann, bob)

    bobs = Recorder(bob.id)
    await hub.subscribe(table.id, bobs)
    bobs.received.clear()

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    original = hub.store.commit_actions
    hub.store.commit_actions = broken  # type: ignore[method-assign]
    try:
        await hub.act(ann.id, table.id, 0, ["pass"])
    except Exception as exc:  # noqa: BLE001 - the refusal type is checked below
        assert getattr(exc, "code", None) == "storage_failed"
    else:
        raise AssertionError("the action should have been refused")
    finally:
        hub.store.commit_actions = original  # type: ignore[method-assign]
    assert table.state_id == 0 and table.log == [] and bobs.received == []
    await hub.act(ann.id, table.id, 0, ["pass"])
    assert table.state_id == 1 and len(bobs.received) == 1
