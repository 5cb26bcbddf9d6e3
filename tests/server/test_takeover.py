"""Leaving a game under way hands the seat to a bot; the game stops counting for ratings; the seat can be reclaimed."""

from __future__ import annotations

from pathlib import Path

import pytest

from monsterlair import games
from monsterlair.server.app import create_app
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.table import TableError
from tests.server.conftest import Live, all_games, guest, make_settings, running
from tests.server.platform_kit import Recorder, bare, live_table, two_player_table, users, wait_until


async def test_leaving_a_game_under_way_lets_a_bot_finish_it_unrated(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, bot_delay=0.0), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob, cy = await users(hub, "Ann", "Bob", "Cy")
        table = await two_player_table(hub, "monster-smash", ann, bob, {"max_turns": 40})
        watchers = {0: Recorder(ann.id), 1: Recorder(bob.id), None: Recorder(None)}
        for w in watchers.values():
            await hub.subscribe(table.id, w)
        with pytest.raises(TableError) as refused:
            await hub.controls.leave_game(cy.id, table.id)
        assert refused.value.code == "not_seated"
        mover = table.to_move
        assert mover is not None
        leaver = (ann, bob)[1 - mover]  # the player not to move leaves: the bot plays when their turn comes
        await hub.leave(leaver, table.id)
        await hub.leave(leaver, table.id)  # twice is harmless
        seat = table.meta.seats[1 - mover]
        assert seat.user_id == leaver.id and seat.bot == "greedy" and seat.bot_since == 0
        assert table.meta.rated is False and table.state_id == 1
        stored = await hub.store.load_table(table.id)
        assert stored is not None and stored.rated is False and stored.seats[1 - mover].bot_since == 0
        events = [e for e in await hub.store.load_events(table.id) if e.type == "seat_takeover"]
        assert len(events) == 1 and events[0].data["reason"] == "left" and events[0].private is None
        info = table.info()["seats"][1 - mover]
        assert info == {
            "seat": 1 - mover,
            "kind": "human",
            "name": leaver.name,
            "bot": "greedy",
            "bot_since": 0,
            "user": leaver.id,
            "bot_account": False,
            "invited": False,
        }
        # The one still playing finishes the game against the bot.
        stayer = (ann, bob)[mover]
        for _ in range(400):
            if table.status == "finished":
                break
            if table.to_move == mover:
                legal = table.state.legal_actions() if table.state else []
                await hub.act(stayer.id, table.id, table.state_id, [str(legal[0])])
            else:
                await wait_until(lambda: table.to_move == mover or table.status == "finished", what="the bot")
        assert table.status == "finished" and table.meta.rated is False
        finished = await hub.store.load_table(table.id)
        assert finished is not None and finished.rated is False and finished.status == "finished"
        # Everyone was told, in the public log; every view and log entry each one got was built for them.
        game = games.get("monster-smash")
        record = table.meta.record or {}
        states = [game.replay(record, upto=k) for k in range(len(record["actions"]) + 1)]
        stored_log = table.log
        for seat_no, w in watchers.items():
            kinds = [e["type"] for e in w.events()]
            assert kinds.count("seat_takeover") == 1
            allowed_views = [st.view(seat_no) for st in states]
            redacted = [e.for_seat(seat_no) for e in stored_log]
            for msg in w.messages:
                assert msg["seat"] == seat_no
                assert msg["view"] in allowed_views
                assert all(entry in redacted for entry in bare(msg["log"]))
        # A rematch seats the leaver again as a person.
        rematch = await hub.rematch(stayer, table.id)
        assert rematch.meta.seats[1 - mover].bot is None and rematch.meta.rated is True
        assert rematch.meta.seats[1 - mover].invited and rematch.status == "open"  # asked, not seated


async def test_the_seat_can_be_taken_back_and_the_game_stays_unrated(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, bot_delay=30.0), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "toy-race", ann, bob, turn_seconds=60)
        with pytest.raises(TableError) as refused:
            await hub.controls.reclaim(ann.id, table.id)
        assert refused.value.code == "not_taken_over"
        await hub.leave(ann, table.id)  # Ann is to move: the bot thinks (slowly, bot_delay 30 s)
        assert table.meta.turn_deadline is None  # a bot has no clock
        with pytest.raises(TableError) as refused:
            await hub.act(ann.id, table.id, table.state_id, ["pass"])
        assert refused.value.code == "bot_playing"
        assert table.snapshot(0)["legal"] == []
        sid = table.state_id
        await hub.controls.reclaim(ann.id, table.id)
        assert table.meta.seats[0].bot is None and table.meta.seats[0].bot_since is None
        assert table.meta.rated is False and table.state_id == sid + 1
        assert table.meta.turn_deadline is not None  # back to a person: a full turn on the clock
        assert [e.event.type for e in table.log][-2:] == ["seat_takeover", "seat_reclaimed"]
        await hub.act(ann.id, table.id, table.state_id, ["pass"])  # the bot's pending move is now stale
        assert table.to_move == 1
        stored = await hub.store.load_table(table.id)
        assert stored is not None and stored.rated is False and stored.seats[0].bot is None
        lobby = [t for t in await hub.store.list_user_tables(ann.id, limit=5) if t.id == table.id]
        assert lobby and lobby[0].rated is False


async def test_leave_and_reclaim_over_the_websocket(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, bot_delay=30.0), games=all_games())
    async with Live(app) as live, live.client() as ann, live.client() as bob:
        await guest(ann, "Ann")
        await guest(bob, "Bob")
        body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
        tid, a, b, spectator = await live_table(live, ann, bob, body)
        for p in (a, b, spectator):
            await p.recv_type("snapshot")
        await spectator.send({"type": "leave", "ref": 1})
        err = await spectator.recv_type("error")
        assert err["code"] == "not_seated" and err["ref"] == 1
        await b.send({"type": "leave"})
        for p in (a, b, spectator):
            update = await p.recv_type("update")
            (entry,) = update["log"]
            assert entry["event"] == {"type": "seat_takeover", "seat": 1, "reason": "left", "since": 0, "rated": False}
            assert entry["by"] == 1 and update["table"]["rated"] is False
            assert update["table"]["seats"][1]["bot"] == "greedy"
        await b.send({"type": "reclaim", "ref": "r"})
        update = await b.recv_type("update")
        assert update["log"][0]["event"] == {"type": "seat_reclaimed", "seat": 1}
        assert update["table"]["seats"][1]["bot"] is None and update["table"]["rated"] is False
        r = await bob.post(f"/api/tables/{tid}/reclaim")
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_taken_over"
        assert (await bob.post(f"/api/tables/{tid}/leave")).status_code == 200
        r = await bob.post(f"/api/tables/{tid}/reclaim")
        assert r.status_code == 200 and r.json()["table"]["seats"][1]["bot"] is None
        for p in (a, b, spectator):
            await p.close()


async def test_the_players_bar_counts_the_bots_first_move_as_the_log_does(tmp_path: Path) -> None:
    """A Monster Smash choice of cards is several actions but one move: after picks, the seat's ``bot_since``
    (what the players' bar shows as "played by bot since move N", N = bot_since + 1) counts moves, as the
    log's "a bot plays your seat from move N" does, not actions."""
    app = create_app(make_settings(tmp_path, bot_delay=30.0), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "monster-smash", ann, bob, {"max_turns": 40})
        people = {0: ann, 1: bob}
        picks, last = 0, ""
        for _ in range(60):
            assert table.state is not None and table.to_move is not None
            legal = [str(a) for a in table.state.legal_actions()]
            # one card burned each turn: its pick and the done that confirms it are two actions but one move
            if last.startswith("burn") and "done" in legal:
                action = "done"
            elif "keep" in legal:
                action = "keep"
            else:
                action = next((a for a in legal if a.startswith("burn")), "pass" if "pass" in legal else legal[0])
            picks += action.startswith("burn")
            last = action
            await hub.act(people[table.to_move].id, table.id, table.state_id, [action])
            if picks >= 3 and table.to_move is not None:
                break
        assert picks >= 3
        mover = table.to_move
        assert mover is not None
        await hub.leave(people[1 - mover], table.id)
        (takeover,) = [e for e in table.log_for(1 - mover) if e["event"]["type"] == "seat_takeover"]
        said = int(takeover["text"].split("from move ")[1].split(".")[0])
        since = table.info()["seats"][1 - mover]["bot_since"]
        assert table.meta.seats[1 - mover].bot_since != said - 1  # actions and moves differ here
        assert since + 1 == said, (since, takeover["text"])
