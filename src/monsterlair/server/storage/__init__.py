"""Persistence: plain records and the store interface (``base``), tables (``models``), SQLAlchemy (``sql``)."""

from monsterlair.server.storage.base import (
    ActionData,
    Conflict,
    SeatData,
    Store,
    StoredEvent,
    TableData,
    UserData,
)

__all__ = ["ActionData", "Conflict", "SeatData", "Store", "StoredEvent", "TableData", "UserData"]
