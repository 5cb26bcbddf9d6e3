"""Every WebSocket message of a whole Monster Smash game is exactly what its receiver may see.

Two people, a bot and a spectator play a full game over live sockets. Afterwards each message is
checked against the game's own redaction (``view(seat)``, ``Event.for_seat``) computed independently
from the stored record, and no message to a seat ever carries a card of a hand it may not see.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from monsterlair import games
from monsterlair.core import Rng, State
from monsterlair.server.app import create_app
from monsterlair.server.tables.hub import Hub
from tests.server.conftest import Live, Peer, all_games, cookie_of, guest, make_settings
from tests.server.platform_kit import bare

GAME = "monster-smash"


def states_of(record: dict[str, Any]) -> list[State]:
    """The state after each number of actions, rebuilt from the record alone."""
    game = games.get(GAME)
    state = game.new(record["players"], record["seed"], record["options"])
    out = [state.clone()]
    for text in record["actions"]:
        state.apply(state.parse_action(text))
        out.append(state.clone())
    return out


def check_hidden(msg: dict[str, Any], seat: int | None) -> None:
    """No card of a hand the receiver may not see, in the view or the log."""
    view = msg["view"]
    if seat is None:
        assert view["hand"] is None and view["own_suit_count"] is None
    for entry in msg["log"]:
        e = entry["event"]
        if e["type"] == "draw" and "cards" in e:
            assert seat == e["seat"], e
        if e["type"] == "steal" and "cards" in e:
            assert seat in (e["attacker"], e["defender"]), e


async def test_every_message_of_a_whole_game_is_redacted_for_its_receiver(tmp_path: Path) -> None:
    # The test answers as fast as the server moves: a person's message rate would refuse some answers.
    app = create_app(make_settings(tmp_path, ws_rate=1000.0, ws_burst=1000), games=all_games())
    async with Live(app) as live:
        async with live.client() as ann, live.client() as bob:
            await guest(ann, "Ann")
            await guest(bob, "Bob")
            body = {
                "game": GAME,
                "players": 3,
                "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
                "options": {"max_turns": 120},
            }
            tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
            await bob.post(f"/api/tables/{tid}/join", json={})
            peers: dict[int | None, Peer] = {
                0: await live.socket(tid, cookie_of(ann)),
                1: await live.socket(tid, cookie_of(bob)),
                None: await live.socket(tid),
            }
            for p in peers.values():
                await p.recv_type("snapshot")
            await ann.post(f"/api/tables/{tid}/start")
        rng = Rng(5)
        latest: dict[int | None, dict[str, Any]] = {}
        errors: list[dict[str, Any]] = []
        for _ in range(3000):
            for seat, peer in peers.items():
                for msg in await peer.quiet(0.02):
                    if msg["type"] == "error":
                        errors.append(msg)
                    if msg["type"] in ("snapshot", "update"):
                        latest[seat] = msg
            if any(m["table"]["status"] == "finished" for m in latest.values()):
                break
            for seat in (0, 1):
                mine = latest.get(seat)
                if mine and mine["legal"]:
                    choice = mine["legal"][rng.below(len(mine["legal"]))]["text"]
                    await peers[seat].send({"type": "action", "state_id": mine["state_id"], "actions": [choice]})
                    latest[seat] = {**mine, "legal": []}
        for p in peers.values():
            await p.quiet(0.2)
        hub: Hub = app.state.hub
        table = await hub.table(tid)
        assert table.status == "finished", f"the game did not finish; errors: {errors[-3:]}"
        assert table.meta.record is not None
        states = states_of(table.meta.record)
        checked = 0
        for seat, peer in peers.items():
            views = [m for m in peer.received if m["type"] in ("snapshot", "update") and m["view"] is not None]
            assert views, seat
            for msg in views:
                n = msg["state_id"]
                assert msg["seat"] == seat
                assert msg["view"] == states[n].view(seat)
                # a snapshot carries the whole log, the opening entries (ply 0: turn 1's heading) included
                low = msg["prev_state_id"] if msg["type"] == "update" else -1
                expected = [e.for_seat(seat) for e in table.log if low < e.ply <= n]
                assert bare(msg["log"]) == expected
                names = table.names()
                for sent in msg["log"]:
                    assert sent["text"] == table.game.describe_event(sent["event"], seat, names, table.meta.options)
                if msg["legal"]:
                    assert seat == states[n].to_move
                    assert [a["text"] for a in msg["legal"]] == [str(a) for a in states[n].legal_actions()]
                check_hidden(msg, seat)
                checked += 1
            errors = [m for m in peer.received if m["type"] == "error"]
            assert errors == [], errors
        assert checked > 3 * 20
