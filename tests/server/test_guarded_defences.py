"""Defences a mutation probe found unguarded (issue 15, item 16): each test fails when its guard is broken.

* a private game's replay needs *its* invite (not any invite string);
* private games never appear in the lobby's lists (open, live or finished);
* undo refuses a move that used chance even when nothing it did shows (the generator check alone).

``scripts/mutation_probe.py`` breaks these guards (and the other security-relevant ones) one at a time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from monsterlair.core import Event, Game
from monsterlair.server.app import create_app
from monsterlair.server.tables.hub import Hub, SeatRequest
from monsterlair.server.tables.table import TableError
from tests import example_game
from tests.server.conftest import ClientFactory, Live, all_games, bots_table, guest, make_settings, running
from tests.server.test_replays import finished_game


# --- private replays ------------------------------------------------------------------------------------
async def test_a_private_replay_opens_with_its_own_invite_only(app: FastAPI, clients: ClientFactory) -> None:
    host, other = await clients(), await clients()
    await guest(host)
    await guest(other, "Bob")
    game = await finished_game(app, host, private=True)
    tid, invite = game["id"], game["invite"]
    for wrong in ("", "x", invite[:-1], invite + "x", invite.upper() if invite != invite.upper() else "y" + invite):
        for path in (f"/api/replays/{tid}", f"/api/replays/{tid}/steps/0"):
            r = await other.get(path, params={"invite": wrong})
            assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden", (wrong, path)
    assert (await other.get(f"/api/replays/{tid}", params={"invite": invite})).status_code == 200


async def test_a_private_table_opens_with_its_own_invite_only(app: FastAPI, clients: ClientFactory) -> None:
    host, other = await clients(), await clients()
    await guest(host)
    await guest(other, "Bob")
    body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], "private": True}
    table = (await host.post("/api/tables", json=body)).json()["table"]
    tid, invite = table["id"], table["invite"]
    for wrong in ("", "x", invite[:-1], invite + "x"):
        r = await other.get(f"/api/tables/{tid}", params={"invite": wrong})
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden", wrong
        r = await other.post(f"/api/tables/{tid}/join", json={"invite": wrong})
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden", wrong
    hub: Hub = app.state.hub
    assert (await hub.table(tid)).meta.seats[1].user_id is None  # nobody got in
    assert (await other.get(f"/api/tables/{tid}", params={"invite": invite})).status_code == 200


# --- the lobby ------------------------------------------------------------------------------------------------
async def test_private_games_are_in_no_lobby_list(app: FastAPI, clients: ClientFactory) -> None:
    host, other = await clients(), await clients()
    await guest(host)
    await guest(other, "Bob")
    bots = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "toy-race", "players": 2, "seats": bots, "private": True, "start": True}
    playing = (await host.post("/api/tables", json=body)).json()["table"]["id"]
    waiting = {**body, "seats": [{"kind": "me"}, {"kind": "open"}], "start": False}
    open_ = (await host.post("/api/tables", json=waiting)).json()["table"]["id"]
    done = (await finished_game(app, host, private=True))["id"]
    public = {**body, "private": False}
    shown = (await host.post("/api/tables", json=public)).json()["table"]["id"]
    hidden = {playing, open_, done}
    for viewer in (other, host):
        lobby = (await viewer.get("/api/tables")).json()
        listed = {t["id"] for key in ("open", "live", "finished") for t in lobby[key]}
        assert shown in listed and not listed & hidden
    assert {t["id"] for t in (await host.get("/api/tables")).json()["mine"]} >= hidden  # the host still finds them


# --- undo and chance ------------------------------------------------------------------------------------------
class PatientState(example_game.ToyState):
    """Toy Race where a pass keeps the turn; with ``SHUFFLES`` it also reshuffles the (hidden) deck."""

    __slots__ = ()
    SHUFFLES = False

    def apply_unchecked(self, action: Any) -> list[Event]:
        if action.value != 0:
            return super().apply_unchecked(action)
        seat = self._to_move
        self.history.append(action)
        if type(self).SHUFFLES:
            self.rng.shuffle(self.deck)  # chance was used, yet every view and event stays the same
        return [Event("pass", {"seat": seat})]

    def clone(self) -> PatientState:
        c = super().clone()
        c.__class__ = type(self)
        return c  # type: ignore[return-value]


class ShufflingState(PatientState):
    __slots__ = ()
    SHUFFLES = True


def patient_game(game_id: str, state: type[PatientState]) -> Game:
    class PatientGame(example_game.ToyGame):
        id = game_id

        def create(self, players: int, seed: int, options: Mapping[str, Any]) -> example_game.ToyState:
            return state(self, players, seed, options)

    return PatientGame()


@pytest.mark.parametrize(("state", "allowed"), [(PatientState, True), (ShufflingState, False)])
async def test_a_move_that_used_chance_cannot_be_taken_back_even_when_nothing_shows(
    tmp_path: Path, state: type[PatientState], allowed: bool
) -> None:
    game = patient_game("toy-patient", state)
    app = create_app(make_settings(tmp_path), games={game.id: game})
    async with running(app):
        hub: Hub = app.state.hub
        ann, bob = await hub.store.create_user("Ann"), await hub.store.create_user("Bob")
        table = await hub.create(ann, game.id, 2, {}, [SeatRequest("me"), SeatRequest("open")])
        await hub.join(bob, table.id, 1, None)
        await hub.start(ann, table.id)
        mover = ann if table.to_move == 0 else bob
        await hub.act(mover.id, table.id, table.state_id, ["pass"])
        assert table.to_move == table.seat_of(mover.id)  # still their turn
        before = table.state_id
        if allowed:
            await hub.controls.undo(mover.id, table.id, table.state_id)
            assert table.state_id == before + 1
        else:
            with pytest.raises(TableError) as refusal:
                await hub.controls.undo(mover.id, table.id, table.state_id)
            assert refusal.value.code == "undo_not_allowed" and "chance" in refusal.value.message
            assert table.state_id == before  # nothing changed


async def test_the_lobby_answers_a_spectator_without_an_account(client: httpx.AsyncClient) -> None:
    lobby = (await client.get("/api/tables")).json()
    assert set(lobby) == {"open", "live", "finished", "mine"} and lobby["mine"] == []


# --- redaction of a snapshot mid-game -------------------------------------------------------------------------
async def test_a_snapshot_mid_game_shows_each_receiver_only_its_own_hidden_cards(tmp_path: Path) -> None:
    """A (re)connecting player or spectator gets the whole log so far, each event redacted for them."""
    app = create_app(make_settings(tmp_path, bot_delay=0.05), games=all_games())
    async with Live(app) as live, live.client() as ann:
        await guest(ann)
        body = bots_table("monster-smash", ["random", "random"], {"max_turns": 200})
        tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
        hub: Hub = app.state.hub
        table = await hub.table(tid)
        for _ in range(500):
            if sum(1 for e in table.log if e.event.private) >= 4:
                break
            await asyncio.sleep(0.01)
        assert sum(1 for e in table.log if e.event.private) >= 4, "the bots drew no hidden cards"
        spectator = await live.socket(tid)
        snap = await spectator.recv_type("snapshot")
        n = snap["state_id"]
        expected = [e.for_seat(None) for e in table.log if e.ply <= n]
        # each entry as redacted for this receiver (the words, move number and marks ride along beside it)
        assert [{k: e[k] for k in ("ply", "by", "event")} for e in snap["log"]] == expected and len(expected) > 4
        assert not [e for e in snap["log"] if e["event"]["type"] == "draw" and "cards" in e["event"]]
        await spectator.close()
