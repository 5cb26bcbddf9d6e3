"""Taking back my own last move: allowed within my turn when it revealed nothing, refused with a reason otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from monsterlair import games
from monsterlair.core import Rng
from monsterlair.server import hub as hub_module
from monsterlair.server.app import create_app
from monsterlair.server.hub import Hub
from monsterlair.server.master import Table, TableError
from monsterlair.server.storage.base import SeatData
from monsterlair.server.undo import UndoTracker, rng_fingerprint
from tests.server.conftest import Live, all_games, guest, make_settings, running
from tests.server.platform_kit import Recorder, live_table, two_player_table, users
from tests.utils import toy_game


def legal(table: Table) -> list[str]:
    assert table.state is not None
    return [str(a) for a in table.state.legal_actions()]


async def refused(call: Any, code: str = "undo_not_allowed") -> str:
    with pytest.raises(TableError) as err:
        await call
    assert err.value.code == code, err.value.message
    return err.value.message


def test_the_generator_fingerprint_finds_every_seeded_generator_in_a_state() -> None:
    toy = toy_game.GAME.new(2, 5)
    assert rng_fingerprint(toy) == (toy.rng.getstate(),)
    push = games.get("push-a-monster").new(2, 5)
    assert len(rng_fingerprint(push)) == 1
    before = rng_fingerprint(toy)
    toy.rng.next64()
    assert rng_fingerprint(toy) != before


SEED = 1
"""A deal where the first face-up Monster Club play and the Monster Smash picks below reveal nothing."""


@pytest.fixture(autouse=True)
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table here gets the same seed: which moves reveal something depends on the deal."""
    monkeypatch.setattr(hub_module, "fresh_seed", lambda: SEED)


async def test_monster_smash_card_picks_can_be_taken_back_but_not_a_draw(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "monster-smash", ann, bob, {"max_turns": 40})
        mover = table.to_move
        assert mover is not None
        person, other = ((ann, bob), (bob, ann))[mover]
        watchers = {mover: Recorder(person.id), 1 - mover: Recorder(other.id), None: Recorder(None)}
        for w in watchers.values():
            await hub.subscribe(table.id, w)
        assert watchers[mover].last()["can_undo"] is False  # nothing played yet
        await refused(hub.controls.undo(person.id, table.id, 0))
        await hub.act(person.id, table.id, 0, ["keep"])  # keeps the hand and draws: a hidden card was shown
        assert table.to_move == mover and watchers[mover].last()["can_undo"] is False
        why = await refused(hub.controls.undo(person.id, table.id, table.state_id))
        assert "hidden card" in why
        after_keep = table.state.view(mover) if table.state else None
        burns = [a for a in legal(table) if a.startswith("burn")]
        assert len(burns) >= 2
        await hub.act(person.id, table.id, table.state_id, ["burn 1"])
        await hub.act(person.id, table.id, table.state_id, ["burn 1"])
        assert watchers[mover].last()["can_undo"] is True
        assert watchers[1 - mover].last()["can_undo"] is False and watchers[None].last()["can_undo"] is False
        await refused(hub.controls.undo(other.id, table.id, table.state_id))  # not the other player's to take back
        stale = table.state_id - 1
        await refused(hub.controls.undo(person.id, table.id, stale), "stale_state")
        sid = table.state_id
        await hub.controls.undo(person.id, table.id, sid)
        await refused(hub.controls.undo(person.id, table.id, sid), "stale_state")  # a double click acts once
        await hub.controls.undo(person.id, table.id, table.state_id)
        assert table.state is not None and table.state.view(mover) == after_keep
        assert table.state_id == sid + 2 and len((table.meta.record or {})["actions"]) == 1
        assert watchers[mover].last()["can_undo"] is False  # back to just after the draw
        why = await refused(hub.controls.undo(person.id, table.id, table.state_id))
        assert "hidden card" in why
        # Nothing accepted is lost: both picks stay stored, marked undone; the log says what happened.
        kept = await hub.store.load_actions(table.id, include_undone=True)
        assert [(a.text, a.undone) for a in kept] == [("keep", False), ("burn 1", True), ("burn 1", True)]
        assert [a.text for a in await hub.store.load_actions(table.id)] == ["keep"]
        undos = [e for e in table.log if e.event.type == "move_undone"]
        assert [(e.ply, e.event.data) for e in undos] == [
            (3, {"seat": mover, "ply": 3}),
            (2, {"seat": mover, "ply": 2}),
        ]
        # Each receiver was sent the new position as theirs, and the undo entries carry no private part.
        game = games.get("monster-smash")
        start = game.replay({**(table.meta.record or {}), "actions": []})
        for seat_no, w in watchers.items():
            update = w.last()
            assert update["type"] == "update" and update["log"][0]["event"]["type"] == "move_undone"
            assert update["view"] == table.state.view(seat_no)
            assert update["view"] != start.view(seat_no) or seat_no is None
        for e in await hub.store.load_events(table.id):
            if e.type == "move_undone":
                assert e.private is None and e.to == []
        # Play goes on from there: a new pick, and the game still replays from its record.
        await hub.act(person.id, table.id, table.state_id, ["burn 2"])
        assert game.replay(table.meta.record or {}).view(mover) == table.state.view(mover)


async def test_monster_club_a_face_up_play_can_be_taken_back_a_face_down_one_cannot(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "monster-club", ann, bob, {"first_player": 0})
        assert table.to_move == 0
        before = table.state.view(0) if table.state else None
        face_up = next(a for a in legal(table) if a.startswith("play") and not a.endswith("down"))
        await hub.act(ann.id, table.id, 0, [face_up])
        assert hub.controls.can_undo(table, 0) and not hub.controls.can_undo(table, 1)
        await hub.controls.undo(ann.id, table.id, table.state_id)
        assert table.state is not None and table.state.view(0) == before and table.to_move == 0
        face_down = next(a for a in legal(table) if a.startswith("play") and a.endswith("down"))
        await hub.act(ann.id, table.id, table.state_id, [face_down])
        why = await refused(hub.controls.undo(ann.id, table.id, table.state_id))
        assert "face-down" in why
        await hub.act(ann.id, table.id, table.state_id, ["end"])
        while table.to_move == 0:  # a card's end-of-turn effect may still ask Ann to choose (destroy or spare)
            await hub.act(ann.id, table.id, table.state_id, [legal(table)[-1]])
        assert table.to_move == 1
        why = await refused(hub.controls.undo(ann.id, table.id, table.state_id))  # Ann's turn is over
        assert "player to move" in why
        why = await refused(hub.controls.undo(bob.id, table.id, table.state_id))  # and it was never Bob's move
        assert "not yours" in why


def test_a_move_that_exposes_something_hidden_is_refused_even_without_a_private_part() -> None:
    """Monster Club: an attack on a face-down stack turns hidden cards up in public events (no draw, no chance)."""
    game = games.get("monster-club")
    found = None
    for seed in range(12):
        seats = [SeatData(user_id=1, name="A"), SeatData(user_id=2, name="B")]
        table = Table.create(
            game, table_id="t", owner_id=1, players=2, options=None, seats=seats, private=False, seed=seed, invite=""
        )
        table.start(1)
        tracker, rng = UndoTracker(), Rng(seed)
        for _ in range(200):
            state = table.state
            if state is None or state.over or table.to_move is None:
                break
            seat = table.to_move
            actions = state.legal_actions()
            before = state
            proposal = table.propose(seat + 1, table.state_id, [str(actions[rng.below(len(actions))])])
            table.commit(proposal)
            tracker.noted(table, proposal, before)
            if table.to_move == seat:
                check = tracker.check(table, seat)
                if not check.allowed and "revealed something" in check.reason:
                    private = [e for e in proposal.entries if e.event.private]
                    assert not private and rng_fingerprint(before) == rng_fingerprint(proposal.state)
                    found = proposal.texts[0]
                    break
        if found:
            break
    assert found is not None, "no revealing move was found in a dozen seeded games"


async def test_undo_over_the_websocket_and_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'lair.sqlite3'}"
    app = create_app(make_settings(tmp_path, url), games=all_games())
    async with Live(app) as live, live.client() as ann, live.client() as bob:
        await guest(ann, "Ann")
        await guest(bob, "Bob")
        body = {
            "game": "monster-club",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "options": {"first_player": 0},
        }
        tid, a, b, spectator = await live_table(live, ann, bob, body)
        snap = await a.recv_type("snapshot")
        await b.recv_type("snapshot")
        await spectator.recv_type("snapshot")
        assert snap["can_undo"] is False
        play = next(x["text"] for x in snap["legal"] if x["text"].startswith("play") and "down" not in x["text"])
        await a.send({"type": "action", "state_id": 0, "actions": [play]})
        mine, theirs, watched = (
            await a.recv_type("update"),
            await b.recv_type("update"),
            await spectator.recv_type("update"),
        )
        assert mine["can_undo"] is True and theirs["can_undo"] is False and watched["can_undo"] is False
        await b.send({"type": "undo", "state_id": 1, "ref": 5})
        err = await b.recv_type("error")
        assert err["code"] == "undo_not_allowed" and err["ref"] == 5
        await spectator.send({"type": "undo", "state_id": 1})
        assert (await spectator.recv_type("error"))["code"] == "not_seated"
        await a.send({"type": "undo", "state_id": "one"})
        assert (await a.recv_type("error"))["code"] == "bad_request"
        await a.send({"type": "undo", "state_id": 1})
        for p, seat in ((a, 0), (b, 1), (spectator, None)):
            update = await p.recv_type("update")
            assert update["prev_state_id"] == 1 and update["state_id"] == 2 and update["seat"] == seat
            assert update["log"] == [{"ply": 1, "by": 0, "event": {"type": "move_undone", "seat": 0, "ply": 1}}]
            assert update["view"] == snap["view"] or seat != 0
        # Once more over HTTP, then the server restarts: the check and the undo then replay the record.
        await a.send({"type": "action", "state_id": 2, "actions": [play]})
        assert (await a.recv_type("update"))["can_undo"] is True
        for p in (a, b, spectator):
            await p.close()
    again = create_app(make_settings(tmp_path, url), games=all_games())
    async with running(again):
        hub: Hub = again.state.hub
        table = await hub.table(tid)
        assert table.state_id == 3 and len((table.meta.record or {})["actions"]) == 1
        assert hub.controls.can_undo(table, 0)
        user = table.meta.seats[0].user_id
        await hub.controls.undo(user, tid, 3)
        assert table.state_id == 4 and (table.meta.record or {})["actions"] == []
    third = create_app(make_settings(tmp_path, url), games=all_games())
    async with running(third):
        hub = third.state.hub
        table = await hub.table(tid)
        assert table.state_id == 4 and table.state is not None and table.state.view(0) == snap["view"]
        assert [(a.text, a.undone) for a in await hub.store.load_actions(tid, include_undone=True)] == [
            (play, True),
            (play, True),
        ]
