"""Taking back my own last move: allowed within my turn when it revealed nothing, refused with a reason otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from monsterlair import games
from monsterlair.core import Rng
from monsterlair.server.app import create_app
from monsterlair.server.storage.base import SeatData
from monsterlair.server.tables import hub as hub_module
from monsterlair.server.tables.hub import Hub
from monsterlair.server.tables.table import Table, TableError
from monsterlair.server.tables.undo import UndoTracker, rng_fingerprint
from tests import example_game
from tests.server.conftest import Live, all_games, guest, make_settings, running
from tests.server.platform_kit import Recorder, bare, live_table, two_player_table, users


def legal(table: Table) -> list[str]:
    assert table.state is not None
    return [str(a) for a in table.state.legal_actions()]


async def refused(call: Any, code: str = "undo_not_allowed") -> str:
    with pytest.raises(TableError) as err:
        await call
    assert err.value.code == code, err.value.message
    return err.value.message


def test_the_generator_fingerprint_finds_every_seeded_generator_in_a_state() -> None:
    toy = example_game.GAME.new(2, 5)
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


async def to_burn_step(hub: Hub, table: Table) -> None:
    """Monster Smash: both players keep their hands, burn nothing and attack nobody, up to a burn step after
    the first turns (where skipping the burn leads on to the attack, with nothing drawn)."""
    for _ in range(12):
        options = legal(table)
        assert table.state is not None
        view = table.state.view(table.to_move)
        if view["phase"] == "burn" and not view["first_turn"]:
            return
        step = next(a for a in ("keep", "pass", "done") if a in options)
        seat = table.to_move
        assert seat is not None
        await hub.act(table.meta.seats[seat].user_id, table.id, table.state_id, [step])
    raise AssertionError(legal(table))


async def test_monster_smash_skipping_the_burn_can_be_taken_back_but_not_a_draw_a_card_laid_face_up_or_an_attack(
    tmp_path: Path,
) -> None:
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
        # A card picked to burn is laid face up: taking it back would have shown it all the same.
        await hub.act(person.id, table.id, table.state_id, ["burn 1"])
        assert watchers[mover].last()["can_undo"] is False
        why = await refused(hub.controls.undo(person.id, table.id, table.state_id))
        assert "card from your hand" in why
        await hub.act(person.id, table.id, table.state_id, ["done"])
        await to_burn_step(hub, table)
        assert table.to_move == mover  # the fixed deal comes back to the same player's attack
        target = "pass"  # burn nothing: it shows nothing and draws nothing
        before = table.state.view(mover) if table.state else None
        plies = len((table.meta.record or {})["actions"])
        await hub.act(person.id, table.id, table.state_id, [target])
        assert watchers[mover].last()["can_undo"] is True
        assert watchers[1 - mover].last()["can_undo"] is False and watchers[None].last()["can_undo"] is False
        await refused(hub.controls.undo(other.id, table.id, table.state_id))  # not the other player's to take back
        stale = table.state_id - 1
        await refused(hub.controls.undo(person.id, table.id, stale), "stale_state")
        sid = table.state_id
        await hub.controls.undo(person.id, table.id, sid)
        await refused(hub.controls.undo(person.id, table.id, sid), "stale_state")  # a double click acts once
        assert table.state is not None and table.state.view(mover) == before
        assert table.state_id == sid + 1 and len((table.meta.record or {})["actions"]) == plies
        # Nothing accepted is lost: the choice stays stored, marked undone; the log says what happened.
        kept = await hub.store.load_actions(table.id, include_undone=True)
        assert [(a.text, a.undone) for a in kept][-1] == (target, True)
        undos = [e for e in table.log if e.event.type == "move_undone"]
        assert [(e.ply, e.event.data) for e in undos] == [(plies + 1, {"seat": mover, "ply": plies + 1})]
        # Each receiver was sent the new position as theirs, in words, with the taken-back move marked.
        for seat_no, w in watchers.items():
            update = w.last()
            assert update["type"] == "update" and update["log"][0]["event"]["type"] == "move_undone"
            assert update["view"] == table.state.view(seat_no)
            said = "You take back your last move." if seat_no == mover else f"{person.name} takes back their last move."
            # a move taken back keeps no number (the next move takes it), so the undo names none
            moved = {e["move"] for e in table.log_for(seat_no) if e["ply"] == plies + 1 and e["undone"]}
            assert moved == {0}
            assert update["log"][0]["text"] == said
            marked = table.snapshot(seat_no)["log"]
            assert [e["undone"] for e in marked if e["ply"] == plies + 1 and e["event"]["type"] != "move_undone"]
            assert all(e["undone"] for e in marked if e["ply"] == plies + 1 and e["event"]["type"] != "move_undone")
            assert not any(e["undone"] for e in marked if e["ply"] <= plies)
        for e in await hub.store.load_events(table.id):
            if e.type == "move_undone":
                assert e.private is None and e.to == []
        # Play goes on from there; an attack, once its target is named, stands (MS-5.2: no backing out).
        await hub.act(person.id, table.id, table.state_id, [target])
        attack = next((a for a in legal(table) if a.startswith("attack")), None)
        if attack is not None:
            await hub.act(person.id, table.id, table.state_id, [attack])
            assert "rules" in await refused(hub.controls.undo(person.id, table.id, table.state_id))
        game = games.get("monster-smash")
        assert game.replay(table.meta.record or {}).view(mover) == table.state.view(mover)


async def test_monster_club_no_play_from_the_hand_can_be_taken_back(tmp_path: Path) -> None:
    """Issue 13: a face-up play showed the card; undoing it and playing face down there would tell everyone
    what the face-down card is. A face-down play carries its card in a private part."""
    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "monster-club", ann, bob, {"first_player": 0})
        assert table.to_move == 0
        face_up = next(a for a in legal(table) if a.startswith("play") and not a.endswith("down"))
        await hub.act(ann.id, table.id, 0, [face_up])
        assert not hub.controls.can_undo(table, 0) and not hub.controls.can_undo(table, 1)
        why = await refused(hub.controls.undo(ann.id, table.id, table.state_id))
        assert "card from your hand" in why
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


def test_the_unit_a_person_takes_back_is_defined_per_game() -> None:
    smash, club, push = (games.get(g) for g in ("monster-smash", "monster-club", "push-a-monster"))
    assert smash.undo_unit(["keep", "burn 2", "burn 4", "done"]) == 3
    assert smash.undo_unit(["keep", "burn 2"]) == 1
    assert smash.undo_unit(["pass"]) == 1
    assert smash.undo_unit(["attack 1"]) == smash.undo_unit(["attack 1", "play 2", "done"]) == 0
    assert club.undo_unit(["play 1 to 2", "target opp 3 left"]) == 2
    assert club.undo_unit(["move 1 to 2"]) == 1
    assert push.undo_unit(["take green"]) == 1


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
            "game": "monster-smash",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "options": {"max_turns": 40},
        }
        tid, a, b, spectator = await live_table(live, ann, bob, body)
        for p in (a, b, spectator):
            assert (await p.recv_type("snapshot"))["can_undo"] is False
        table = await app.state.hub.table(tid)
        first = table.meta.seats[table.to_move or 0].user_id
        for step in ("keep", "burn 1", "done"):  # the deal of the test above, up to the same attack
            await app.state.hub.act(first, tid, table.state_id, [step])
        await to_burn_step(app.state.hub, table)
        for p in (a, b, spectator):
            await p.quiet(0.2)
        m = table.to_move
        assert m is not None
        sock = {m: (a, b)[m], 1 - m: (a, b)[1 - m], None: spectator}
        who = ("Ann", "Bob")[m]
        sid, n = table.state_id, len((table.meta.record or {})["actions"])
        before = table.state.view(m) if table.state else None
        attack = "pass"  # skip the burn: nothing shown, nothing drawn
        await sock[m].send({"type": "action", "state_id": sid, "actions": [attack]})
        mine, theirs, watched = (
            await sock[m].recv_type("update"),
            await sock[1 - m].recv_type("update"),
            await spectator.recv_type("update"),
        )
        assert mine["can_undo"] is True, app.state.hub.controls.undo_tracker.check(table, m)
        assert theirs["can_undo"] is False and watched["can_undo"] is False
        # the move as the log numbers it (the card pick earlier counts with its choice: one move, two actions)
        taken = {e["move"] for e in mine["log"] if e["ply"] == n + 1}
        assert taken == {n}, mine["log"]
        await sock[1 - m].send({"type": "undo", "state_id": sid + 1, "ref": 5})
        err = await sock[1 - m].recv_type("error")
        assert err["code"] == "undo_not_allowed" and err["ref"] == 5
        await spectator.send({"type": "undo", "state_id": sid + 1})
        assert (await spectator.recv_type("error"))["code"] == "not_seated"
        await sock[m].send({"type": "undo", "state_id": "one"})
        assert (await sock[m].recv_type("error"))["code"] == "bad_request"
        await sock[m].send({"type": "undo", "state_id": sid + 1})
        for seat in (m, 1 - m, None):
            update = await sock[seat].recv_type("update")
            assert update["prev_state_id"] == sid + 1 and update["state_id"] == sid + 2 and update["seat"] == seat
            assert bare(update["log"]) == [
                {"ply": n + 1, "by": m, "event": {"type": "move_undone", "seat": m, "ply": n + 1}}
            ]
            said = "You take back your last move." if seat == m else f"{who} takes back their last move."
            assert update["log"][0]["text"] == said
            assert update["view"] == before or seat != m
        # Once more, then the server restarts: the check and the undo then replay the record.
        await sock[m].send({"type": "action", "state_id": sid + 2, "actions": [attack]})
        assert (await sock[m].recv_type("update"))["can_undo"] is True
        for p in (a, b, spectator):
            await p.close()
    again = create_app(make_settings(tmp_path, url), games=all_games())
    async with running(again):
        hub: Hub = again.state.hub
        table = await hub.table(tid)
        assert table.state_id == sid + 3 and len((table.meta.record or {})["actions"]) == n + 1
        assert hub.controls.can_undo(table, m)
        user = table.meta.seats[m].user_id
        await hub.controls.undo(user, tid, sid + 3)
        assert table.state_id == sid + 4 and len((table.meta.record or {})["actions"]) == n
    third = create_app(make_settings(tmp_path, url), games=all_games())
    async with running(third):
        hub = third.state.hub
        table = await hub.table(tid)
        assert table.state_id == sid + 4 and table.state is not None and table.state.view(m) == before
        assert [(a.text, a.undone) for a in await hub.store.load_actions(tid, include_undone=True)][-2:] == [
            (attack, True),
            (attack, True),
        ]
        snap = table.snapshot(m)
        assert [e["undone"] for e in snap["log"] if e["ply"] == n + 1 and e["event"]["type"] != "move_undone"]
        assert all(e["undone"] for e in snap["log"] if e["ply"] == n + 1 and e["event"]["type"] != "move_undone")


@pytest.mark.parametrize("game_id", ["monster-smash", "monster-club", "monstra"])
async def test_who_moved_last_read_from_the_log_agrees_with_the_position_rebuilt(
    tmp_path: Path, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The undo check reads who made the last move from the log instead of rebuilding the position before
    it; at every position of a played game both ways give the same answer to both players."""
    import random

    from monsterlair.server.tables import undo as undo_module

    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, game_id, ann, bob, {})
        people = {0: ann, 1: bob}
        rng = random.Random(5)
        checked = not_yours = 0
        for _ in range(40):
            if table.state is None or table.state.over or table.to_move is None:
                break
            for seat in (0, 1):
                quick = UndoTracker().check(table, seat)
                with monkeypatch.context() as m:
                    m.setattr(undo_module, "_mover", lambda _table, _ply: None)
                    slow = UndoTracker().check(table, seat)
                assert quick == slow, (seat, quick, slow)
                checked += 1
                not_yours += "not yours" in quick.reason
            seat = table.to_move
            action = rng.choice(table.state.legal_actions())
            await hub.act(people[seat].id, table.id, table.state_id, [str(action)])
        assert checked >= 20 and not_yours >= 1  # the log answered at least once


async def test_undo_is_decided_once_per_position_and_messages_only_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sampled-worlds check runs once for a position, however many receivers and resyncs there are."""
    from monsterlair.server.tables.undo import UndoCheck, UndoTracker

    decided: list[int] = []
    real = UndoTracker._check

    def counting(self: UndoTracker, table: Table, seat: int) -> UndoCheck:
        decided.append(table.state_id)
        return real(self, table, seat)

    monkeypatch.setattr(UndoTracker, "_check", counting)
    app = create_app(make_settings(tmp_path), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await users(hub, "Ann", "Bob")
        table = await two_player_table(hub, "push-a-monster", ann, bob)
        watchers = [Recorder(ann.id), Recorder(ann.id), Recorder(bob.id), Recorder(None)]
        for watcher in watchers:
            await hub.subscribe(table.id, watcher)
        seat = table.to_move
        assert seat is not None
        decided.clear()
        await hub.act(table.meta.seats[seat].user_id, table.id, table.state_id, [legal(table)[0]])
        for watcher in watchers:
            hub.resync(table, watcher)
        assert decided == [table.state_id]  # one decision for the new position, none per message
        assert all(w.messages[-1]["state_id"] == table.state_id for w in watchers)
