"""Tables: the lobby lists, create, look, join, leave (a bot takes over a game under way), reclaim, undo,
seat bots, start, rematch.

Play itself goes over the table's WebSocket (``transport/ws.py``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from monsterlair.server.api.deps import CurrentUser, HubDep, LimitsDep, OptionalUser, SettingsDep, StoreDep
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.models import Hint, Lobby, Ok, TableDetail
from monsterlair.server.api.routes.bots import bot_account
from monsterlair.server.api.schemas import JoinRequest, SeatUpdate, TableCreate, UndoRequest
from monsterlair.server.storage.base import TableData, UserData
from monsterlair.server.tables import words
from monsterlair.server.tables.botpool import BotFailed, BotTimeout
from monsterlair.server.tables.bots import bot_seed
from monsterlair.server.tables.clock import answer_info
from monsterlair.server.tables.hints import HintBusy, compute_hint, hint_refusal
from monsterlair.server.tables.hub import Hub, SeatRequest
from monsterlair.server.tables.table import FINISHED, OPEN, PLAYING, Table, seat_kind
from monsterlair.server.tables.words import seat_names

router = APIRouter(prefix="/api/tables", tags=["tables"])

LIST_LIMIT = 50


def summary(hub: Hub, meta: TableData, user_id: int | None) -> dict[str, Any]:
    """A lobby line: game, seats, status, and where the user sits and whether it is their turn."""
    meta = hub.live_meta(meta)
    game = hub.games.get(meta.game)
    my_seat = next((i for i, s in enumerate(meta.seats) if user_id is not None and s.user_id == user_id), None)
    seats = [
        {
            "seat": i,
            "kind": seat_kind(s),
            "name": s.name,
            "user": s.user_id,
            "bot_account": s.bot_account,
            "invited": s.invited,
        }
        for i, s in enumerate(meta.seats)
    ]
    return {
        "id": meta.id,
        "game": meta.game,
        "title": game.title if game is not None else meta.game,
        "players": meta.players,
        "status": meta.status,
        "private": meta.private,
        "seats": seats,
        "open_seats": sum(1 for s in meta.seats if s.empty),
        "to_move": meta.to_move,
        "my_seat": my_seat,
        "host": user_id is not None and meta.owner_id == user_id,
        "your_turn": my_seat is not None
        and meta.status == PLAYING
        and meta.to_move == my_seat
        and meta.seats[my_seat].bot is None,
        "invited": my_seat is not None and meta.status == OPEN and meta.seats[my_seat].invited,
        "host_name": next((s.name for s in meta.seats if s.user_id == meta.owner_id), ""),
        "answer_by": answer_info(meta),
        "rated": meta.rated,
        "tutorial": meta.tutorial,
        "turn_seconds": meta.turn_seconds,
        "deadline": meta.due_by.isoformat() if meta.due_by else None,
        "result": meta.result,
        "result_summary": None
        if game is None
        else words.result_summary(game, meta.result, my_seat, seat_names(meta), meta.options),
        "invite": meta.invite if meta.private and user_id is not None and meta.owner_id == user_id else None,
        "created_at": meta.created_at.isoformat() if meta.created_at else None,
        "finished_at": meta.finished_at.isoformat() if meta.finished_at else None,
    }


def _detail(table: Table, user_id: int | None) -> dict[str, Any]:
    return {"table": table.info(), "seat": table.seat_of(user_id), "host": user_id == table.meta.owner_id}


@router.get("", response_model=Lobby)
async def lobby(hub: HubDep, store: StoreDep, user: OptionalUser) -> dict[str, Any]:
    """Open public tables, public games under way, recently finished games, and the user's own tables."""
    uid = None if user is None else user.id
    open_ = await store.list_tables(status=OPEN, public_only=True, limit=LIST_LIMIT)
    live = await store.list_tables(status=PLAYING, public_only=True, limit=LIST_LIMIT)
    done = await store.list_tables(status=FINISHED, public_only=True, limit=20)
    mine = [] if uid is None else await store.list_user_tables(uid, limit=LIST_LIMIT)
    return {
        "open": [summary(hub, m, uid) for m in open_],
        "live": [summary(hub, m, uid) for m in live],
        "finished": [summary(hub, m, uid) for m in done],
        "mine": [summary(hub, m, uid) for m in mine],
    }


def no_bot_host(user: UserData) -> None:
    """Bots never host: a bot account's token cannot open a table or a rematch (which its asker hosts).

    Raises:
        ApiError: ``bots_cannot_host`` (403).
    """
    if user.is_bot:
        raise ApiError("bots_cannot_host", "A bot account cannot host a table; a person opens it and seats the bot.")


@router.post("", response_model=TableDetail)
async def create(
    body: TableCreate,
    hub: HubDep,
    store: StoreDep,
    user: CurrentUser,
    limits: LimitsDep,
    settings: SettingsDep,
) -> dict[str, Any]:
    """Open a table (started at once if asked and every seat is filled).

    Limited per person: ``limit_tables`` new tables over time, and ``max_open_tables`` hosted tables
    waiting for players at once.
    """
    no_bot_host(user)
    if await store.count_hosted(user.id, (OPEN,)) >= settings.max_open_tables:
        raise ApiError(
            "too_many_tables",
            f"You already host {settings.max_open_tables} tables waiting for players; "
            "start or leave one of them before opening another.",
        )
    await limits.require("tables", str(user.id), "new tables")
    if sum(1 for s in body.seats if s.kind == "me") > 1:
        raise ApiError("bad_request", "You can take only one seat at a table.")
    seats = [
        SeatRequest(s.kind, s.bot, await bot_account(store, s.account) if s.kind == "bot_account" else None)
        for s in body.seats
    ]
    table = await hub.create(
        user,
        body.game,
        body.players,
        body.options,
        seats,
        private=body.private,
        start=body.start,
        turn_seconds=body.turn_seconds,
    )
    return _detail(table, user.id)


@router.get("/{table_id}", response_model=TableDetail)
async def look(table_id: str, hub: HubDep, user: OptionalUser, invite: str | None = None) -> dict[str, Any]:
    """A table's public facts and the user's seat (the live game comes over the WebSocket)."""
    table = await hub.table(table_id)
    uid = None if user is None else user.id
    if not table.may_view(uid, invite):
        raise ApiError("forbidden", "This table is private; ask its host for the invite link.")
    return _detail(table, uid)


@router.post("/{table_id}/join", response_model=TableDetail)
async def join(table_id: str, body: JoinRequest, hub: HubDep, user: CurrentUser) -> dict[str, Any]:
    """Take a seat."""
    await hub.join(user, table_id, body.seat, body.invite)
    return _detail(await hub.table(table_id), user.id)


@router.get("/{table_id}/hint", response_model=Hint)
async def hint(table_id: str, hub: HubDep, user: CurrentUser, limits: LimitsDep) -> dict[str, Any]:
    """What the strongest bot would play in my place, and why (only on my turn at a table against bots;
    never at a table that can be rated).

    The search runs in the bot workers, in my fair share of them. One hint at a time per person: asking again
    for the same position shares the one under way (not counted again), asking elsewhere meanwhile gets 409
    ``hint_busy``; and ``limit_hints`` per person over time (429 ``rate_limited``).
    """
    table = await hub.table(table_id)
    async with hub.lock(table_id):
        seat = table.seat_of(user.id)
        refusal = hint_refusal(table.meta, seat, table.to_move, table.status == PLAYING and table.state is not None)
        if refusal is not None or seat is None or table.state is None:
            raise ApiError("no_hint", refusal or "There is no hint here.")
        state = table.state.clone()
        state_id = table.meta.state_id
        names = table.names()
    game, seed = table.game, bot_seed(table.meta.seed, state_id, seat)
    try:
        task = hub.hints.current(user.id, table_id, state_id)
        if task is None:
            await limits.require("hints", str(user.id), "hints")
            task = hub.hints.start(
                user.id,
                table_id,
                state_id,
                lambda: hub.runner.run(
                    hub.share_key(user.id), "hint", "The hint", compute_hint, game, state, seat, seed, names
                ),
            )
        found = await asyncio.shield(task)
    except HintBusy as exc:
        raise ApiError("hint_busy", str(exc)) from None
    except (BotTimeout, BotFailed):
        raise ApiError("hint_failed", "The hint could not be worked out just now; try again in a moment.") from None
    return {**found.to_json(), "state_id": state_id}


@router.post("/{table_id}/leave", response_model=Ok)
async def leave(table_id: str, hub: HubDep, user: CurrentUser) -> dict[str, Any]:
    """Give up a seat before the start; during the game, hand it to a bot (the game then is not rated)."""
    await hub.leave(user, table_id)
    return {"ok": True}


@router.post("/{table_id}/reclaim", response_model=TableDetail)
async def reclaim(table_id: str, hub: HubDep, user: CurrentUser) -> dict[str, Any]:
    """Take back the seat a bot has been playing for me (after leaving, or after my clock ran out)."""
    await hub.controls.reclaim(user.id, table_id)
    return _detail(await hub.table(table_id), user.id)


@router.post("/{table_id}/undo", response_model=TableDetail)
async def undo(table_id: str, body: UndoRequest, hub: HubDep, user: CurrentUser) -> dict[str, Any]:
    """Take back my last move (same rule as the WebSocket's ``undo``)."""
    await hub.controls.undo(user.id, table_id, body.state_id)
    return _detail(await hub.table(table_id), user.id)


@router.post("/{table_id}/seats", response_model=TableDetail)
async def set_seat(table_id: str, body: SeatUpdate, hub: HubDep, store: StoreDep, user: CurrentUser) -> dict[str, Any]:
    """The host seats a bot or a bot account (``account``), or empties a bot's seat."""
    if body.account is not None:
        await hub.seat_bot_account(user, table_id, body.seat, await bot_account(store, body.account))
    else:
        await hub.set_seat(user, table_id, body.seat, body.bot)
    return _detail(await hub.table(table_id), user.id)


@router.post("/{table_id}/start", response_model=TableDetail)
async def start(table_id: str, hub: HubDep, user: CurrentUser) -> dict[str, Any]:
    """The host starts the game."""
    await hub.start(user, table_id)
    return _detail(await hub.table(table_id), user.id)


@router.post("/{table_id}/rematch", response_model=TableDetail)
async def rematch(table_id: str, hub: HubDep, user: CurrentUser) -> dict[str, Any]:
    """A new game with the same players and options (the same one if already asked); its asker hosts it."""
    no_bot_host(user)
    table = await hub.rematch(user, table_id)
    return _detail(table, user.id)
