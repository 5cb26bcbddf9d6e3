"""Replays of finished games: the whole log with every hand revealed, and each step's views side by side.

A finished game hides nothing any more, so a replay shows ``Event.full()`` and every seat's view next to
the spectator's. A private table's replay needs its invite (the shareable link carries it).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from fastapi import APIRouter

from monsterlair.core import BadRecord
from monsterlair.server.api.deps import HubDep, OptionalUser, StoreDep
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.models import Replay, ReplayFrame
from monsterlair.server.storage.base import TableData
from monsterlair.server.tables import words
from monsterlair.server.tables.table import FINISHED, LogEntry, opening_log

router = APIRouter(prefix="/api/replays", tags=["replays"])

_FRAMES: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
_FRAME_CACHE = 512
"""Frames of finished games never change, so a small LRU saves replaying while someone steps through."""


async def _finished(table_id: str, store: StoreDep, user: OptionalUser, invite: str | None) -> TableData:
    meta = await store.load_table(table_id)
    if meta is None or meta.status == "closed":
        raise ApiError("not_found", "There is no such game.")
    uid = None if user is None else user.id
    member = uid is not None and (uid == meta.owner_id or any(s.user_id == uid for s in meta.seats))
    if meta.private and not member and invite != meta.invite:
        raise ApiError("forbidden", "This game was played at a private table; use the link its players share.")
    if meta.status != FINISHED or meta.record is None:
        raise ApiError("not_finished", "The replay opens when the game has ended.")
    return meta


@router.get("/{table_id}", response_model=Replay)
async def replay(
    table_id: str, hub: HubDep, store: StoreDep, user: OptionalUser, invite: str | None = None
) -> dict[str, Any]:
    """The finished game: set-up, players, result, every action and the full log."""
    meta = await _finished(table_id, store, user, invite)
    game = hub.game(meta.game)
    actions = await store.load_actions(table_id)
    events = await store.load_events(table_id)
    assert meta.record is not None
    names = words.seat_names(meta)
    try:
        opening = opening_log(game.replay(meta.record, upto=0))
    except BadRecord:
        opening = []
    entries = opening + [LogEntry.from_stored(e) for e in events]
    log = words.log_json(game, entries, None, names, meta.options, reveal_all=True)
    standing = [a for a in actions if not a.undone]
    labels = words.step_labels(log, len(standing))
    moves = words.step_moves(log, len(standing))
    return {
        "table": {
            "id": meta.id,
            "game": meta.game,
            "title": game.title,
            "players": meta.players,
            "options": meta.options,
            "seats": [{"seat": i, "name": s.name, "bot": s.bot, "user": s.user_id} for i, s in enumerate(meta.seats)],
            "result": meta.result,
            "started_at": meta.started_at.isoformat() if meta.started_at else None,
            "finished_at": meta.finished_at.isoformat() if meta.finished_at else None,
            "private": meta.private,
        },
        "steps": len(meta.record["actions"]),
        "moves": max(moves, default=0),
        "actions": [
            {
                "ply": a.ply,
                "step": i + 1,
                "move": moves[i],
                "seat": a.seat,
                "text": a.text,
                "label": labels[i] or f"{names[a.seat]} moves.",
            }
            for i, a in enumerate(standing)
        ],
        "turns": words.turns([a.seat for a in standing], names, log, game.turn_unit[0]),
        "log": log,
        "result_text": words.result_json(game, meta.result, None, names, meta.options),
        "record": meta.record,
    }


@router.get("/{table_id}/steps/{step}", response_model=ReplayFrame)
async def frame(
    table_id: str, step: int, hub: HubDep, store: StoreDep, user: OptionalUser, invite: str | None = None
) -> dict[str, Any]:
    """The position after ``step`` actions: the spectator's view and every seat's view."""
    meta = await _finished(table_id, store, user, invite)
    assert meta.record is not None
    total = len(meta.record["actions"])
    if not 0 <= step <= total:
        raise ApiError("not_found", f"This game has steps 0 to {total}.")
    key = (table_id, step)
    cached = _FRAMES.get(key)
    if cached is not None:
        _FRAMES.move_to_end(key)
        return cached
    game = hub.game(meta.game)
    try:
        state = game.replay(meta.record, upto=step)
    except BadRecord as exc:
        raise ApiError("unavailable", f"This game cannot be replayed by this version: {exc}") from None
    out = {
        "step": step,
        "steps": total,
        "to_move": state.to_move,
        "over": state.over,
        "spectator": state.view(None),
        "seats": [state.view(s) for s in range(meta.players)],
        "action": meta.record["actions"][step - 1] if step > 0 else None,
    }
    _FRAMES[key] = out
    if len(_FRAMES) > _FRAME_CACHE:
        _FRAMES.popitem(last=False)
    return out
