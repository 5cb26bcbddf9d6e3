"""Saved games opened for their replay: a record file (``sim --records``, ``play --save``) becomes a table.

A designer's record has no table behind it, so the web replay viewer could not show it. Opening one checks
it with the game's own replay (``Game.replay``: the record's set-up, rules version and every action), then
plays it through a table exactly as live moves are played (``Table.propose_bot`` and ``Table.commit``) and
stores the table and every action with its events in the same two writes a live table makes
(``Store.create_table``, then ``Store.commit_actions``). The table is finished, private (its invite opens the
replay), unrated and owned by whoever opened it; its seats are named "Player 1", "Player 2"…

A record that does not replay, or whose game has not ended, is refused with ``bad_record`` before anything
is stored. (A game a simulation cut by a safety cap has ended: its result says so.)
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING

from monsterlair.core import BadRecord
from monsterlair.core.words import seat_label
from monsterlair.server.storage.base import ActionData, SeatData, StoredEvent
from monsterlair.server.tables.table import Table, TableError

if TYPE_CHECKING:
    from monsterlair.server.storage.base import UserData
    from monsterlair.server.tables.hub import Hub


def replay_path(table: Table) -> str:
    """The web replay viewer's address of a table, with the invite a private table's replay needs."""
    return f"/replay/{table.id}?invite={table.meta.invite}"


async def open_record(hub: Hub, user: UserData, record: object) -> Table:
    """Store ``record`` as a finished, private, unrated table owned by ``user`` and return it.

    Raises:
        TableError: ``bad_record`` (the game's own reason) or ``unknown_game``; nothing is stored then.
    """
    if not isinstance(record, Mapping):
        raise TableError("bad_record", "A saved game is a JSON object (the record a game or a simulation saved).")
    game = hub.game(str(record.get("game", "")))
    try:
        final = game.replay(record)
    except BadRecord as exc:
        raise TableError("bad_record", f"This saved game cannot be replayed: {exc}") from None
    if not final.over:
        raise TableError(
            "bad_record", "This saved game has not ended; only a finished game opens in the replay viewer."
        )
    table = Table.create(
        game,
        table_id=secrets.token_urlsafe(6),
        owner_id=user.id,
        players=final.players,
        options=final.options,
        seats=[SeatData(name=seat_label(i)) for i in range(final.players)],
        private=True,
        seed=final.seed,
        invite=secrets.token_urlsafe(9),
    )
    table.meta.rated = False
    table.begin(game.new(final.players, final.seed, final.options))
    opened = dataclasses.replace(table.meta, seats=list(table.meta.seats))
    actions: list[ActionData] = []
    events: list[StoredEvent] = []  # the opening's events follow from the seed and are never stored
    for i, text in enumerate(record["actions"]):
        seat = table.to_move
        try:
            if seat is None:
                raise TableError("game_over", "nobody is to move")
            proposal = table.propose_bot(seat, table.state_id, text)
        except TableError as exc:  # Game.replay accepted it, so only a game that replays oddly gets here
            raise TableError(
                "bad_record", f"This saved game cannot be replayed: action {i + 1}: {exc.message}"
            ) from None
        table.commit(proposal)
        actions.extend(proposal.actions())
        events.extend(proposal.stored_events())
    await hub.store.create_table(opened)
    await hub.store.commit_actions(table.meta, 0, actions, events)
    return table
