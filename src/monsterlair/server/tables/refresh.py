"""Bringing a live table up to what storage holds, after another server process changed it.

When several processes serve one database, a process's in-memory :class:`~monsterlair.server.tables.table.Table`
falls behind as soon as another process stores a move or a seat change there. :func:`refresh` reloads the
stored table and adopts it in place (so every holder of the object sees the new state) and says what
changed, so the hub can send each of its own receivers the same redacted message a local change would
have produced:

* only play moved on → the new log entries (the hub sends ``update`` messages). The new actions are
  applied to the live state as a replay would apply them, and the result must match the stored record;
* anything else (seats, status, host, rematch; or a record that does not follow on) → the table is rebuilt
  from storage like at start-up (the hub sends ``snapshot`` messages).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from monsterlair.core import MonsterLairError
from monsterlair.server.storage.base import Store, TableData
from monsterlair.server.tables.table import CLOSED, OPEN, LogEntry, Table


@dataclasses.dataclass(slots=True)
class Refreshed:
    """What :func:`refresh` changed: the state id before, and the new log entries when only play moved on."""

    previous: int
    entries: list[LogEntry] | None
    """The entries to announce as an ``update``; ``None`` when receivers need a full snapshot."""


async def refresh(table: Table, store: Store) -> Refreshed | None:
    """Adopt the stored version of ``table`` (call under the table's lock); ``None`` if it had not changed.

    Raises:
        TableError: ``unavailable`` if the stored record no longer replays.
    """
    meta = await store.load_table(table.id)
    if meta is None:  # gone from storage: as good as closed
        meta = dataclasses.replace(table.meta, status=CLOSED)
    if _same(meta, table.meta):
        return None
    previous = table.state_id
    if meta.status in (OPEN, CLOSED):
        table.meta = meta
        if meta.status == OPEN:
            table.state, table.log = None, []
        return Refreshed(previous, None)
    if table.state is not None and meta.state_id > previous:
        entries = await _play_on(table, meta, store)
        if entries is not None:
            return Refreshed(previous, entries)
    elif table.state is not None and meta.state_id == previous and _plain(meta.record) == _plain(table.meta.record):
        table.meta = meta  # the same game; only its set-up changed (a rematch was asked for, say)
        return Refreshed(previous, None)
    fresh = Table.restore(meta, table.game, await store.load_events(table.id), bot_label=table.bot_label)
    table.meta, table.state, table.log = fresh.meta, fresh.state, fresh.log
    return Refreshed(previous, None)


def _plain(value: Any) -> Any:
    """``value`` as it comes back from a JSON column (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value, allow_nan=False))


def _same(stored: TableData, live: TableData) -> bool:
    """True if the stored table is the live one (records compared as stored)."""
    return dataclasses.replace(stored, record=None) == dataclasses.replace(live, record=None) and _plain(
        stored.record
    ) == _plain(live.record)


async def _play_on(table: Table, meta: TableData, store: Store) -> list[LogEntry] | None:
    """Apply the stored actions this copy has not seen to its live state; ``None`` if that cannot be done.

    Only when every stored change since this copy was a move: ``state_id`` also counts changes that are not
    moves (a takeover, a reclaimed seat, an undo; see ``server/tables/controls.py``), and those need a full reload.
    """
    assert table.state is not None
    record = meta.record
    texts = None if record is None else record.get("actions")
    live = (table.meta.record or {}).get("actions", [])
    if record is None or not isinstance(texts, list) or not isinstance(live, list):
        return None
    start, end = len(live), len(texts)
    if end - start != meta.state_id - table.state_id or _plain(texts[:start]) != _plain(live):
        return None
    work = table.state.clone()
    try:
        for index in range(start, end):
            work.apply(work.parse_action(texts[index]))
            table.game.after_replayed_action(work, record, index)
    except MonsterLairError:
        return None
    if _plain(work.record()) != _plain(record):
        return None
    # The stored events, not the ones just computed: they are what the acting process announced.
    stored = await store.load_events(table.id, since=start)
    entries = [LogEntry.from_stored(e) for e in stored if e.ply <= end]
    table.state, table.meta = work, meta
    table.log.extend(entries)
    return entries
