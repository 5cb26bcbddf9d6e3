"""Finish Toy Race games between people through the hub, with the winner chosen by the test."""

from __future__ import annotations

import asyncio

from monsterlair.server.storage.base import UserData
from monsterlair.server.tables.hub import Hub, SeatRequest
from monsterlair.server.tables.table import Table


async def play_toy(
    hub: Hub,
    players: list[UserData],
    winner: int | None,
    *,
    rated: bool = True,
    private: bool = False,
    bot_seats: tuple[int, ...] = (),
    options: dict[str, object] | None = None,
) -> Table:
    """A Toy Race at which ``players`` sit in order (``bot_seats`` hold the random bot), finished.

    With ``winner`` a seat, the target is 1 and everyone else passes until that seat plays a card; with
    ``winner`` None the target (60) is out of reach and the game ends a draw once every card is played.
    """
    n = len(players) + len(bot_seats)
    people = iter(players[1:])
    seats = [
        SeatRequest("bot", "random") if i in bot_seats else SeatRequest("me" if i == 0 else "open") for i in range(n)
    ]
    opts: dict[str, object] = {"target": 1 if winner is not None else 60}
    opts.update(options or {})
    table = await hub.create(players[0], "toy-race", n, opts, seats, private=private)
    table.meta.rated = rated
    for i in range(1, n):
        if i not in bot_seats:
            await hub.join(next(people), table.id, i, table.meta.invite)
    await hub.start(players[0], table.id)
    by_seat = {table.seat_of(u.id): u for u in players}
    for _ in range(200):
        if table.status == "finished":
            return table
        state = table.state
        assert state is not None
        seat = state.to_move
        if seat is None or seat not in by_seat:  # a bot's turn: it moves by itself
            await asyncio.sleep(0.01)
            continue
        plays = [str(a) for a in state.legal_actions() if str(a) != "pass"]
        choice = plays[0] if plays and (winner is None or seat == winner) else "pass"
        await hub.act(by_seat[seat].id, table.id, table.state_id, [choice])
    raise AssertionError("the toy game did not finish")
