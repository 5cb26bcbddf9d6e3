"""Stored records for the server tests: a table row made by hand, and a store opened for a block."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from monsterlair.server.storage.base import SeatData, TableData
from monsterlair.server.storage.sql import SqlStore


def toy_table(table_id: str = "t1", owner_id: int = 1, seats: list[SeatData] | None = None, **fields: Any) -> TableData:
    """A Toy Race table row as stored: by default two seats, the owner ("Ann") and an open one; any other
    field of :class:`TableData` by name."""
    seats = [SeatData(user_id=owner_id, name="Ann"), SeatData()] if seats is None else seats
    values: dict[str, Any] = {
        "id": table_id,
        "game": "toy-race",
        "rules_version": 1,
        "players": len(seats),
        "options": {},
        "seed": 1,
        "owner_id": owner_id,
        "private": False,
        "invite": "i",
        "seats": seats,
    }
    values.update(fields)
    return TableData(**values)


@contextlib.asynccontextmanager
async def opened(url: str) -> AsyncIterator[SqlStore]:
    """A store on ``url``, migrated, and closed after the block."""
    store = SqlStore(url)
    await store.start()
    try:
        yield store
    finally:
        await store.close()
