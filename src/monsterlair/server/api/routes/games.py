"""The lobby's catalogue: every registered game (player counts, rules summary, option schema) and the bots."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from monsterlair.server.api.deps import CurrentUser, HubDep, LimitsDep
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.models import Catalogue, TableDetail
from monsterlair.server.tables.display import display_data
from monsterlair.server.tables.hub import SeatRequest
from monsterlair.server.tables.table import PLAYING
from monsterlair.server.tables.tutorials import TUTORIALS

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("", response_model=Catalogue)
async def list_games(hub: HubDep) -> dict[str, Any]:
    """Every game offered (option schema, renderer data), the bot kinds with strengths, and the turn clocks."""
    games = [
        {**game.info(), "hidden_info": game.kind()["hidden_info"], "display": display_data(game)}
        for game in hub.games.values()
    ]
    return {"games": games, "bots": hub.bots.kinds(), "clocks": hub.controls.limits.choices()}


@router.post("/{game_id}/tutorial", response_model=TableDetail)
async def tutorial(game_id: str, hub: HubDep, user: CurrentUser, limits: LimitsDep) -> dict[str, Any]:
    """Start the game's tutorial for me: a private table against the bot its script is written for (the random
    bot; for Monster Smash the greedy bot, which keeps its cards and attacks back), the scripted deal, my move.

    A person has at most one unfinished tutorial of each game: asking again reopens it where they left off
    (a finished one is followed by a fresh one). A new tutorial counts as a new table (``limit_tables``).
    """
    setup = TUTORIALS.get(game_id)
    if setup is None:
        raise ApiError("not_found", f"There is no tutorial for “{game_id}”.")
    unfinished = await hub.store.unfinished_tutorial(user.id, game_id)
    if unfinished is not None:
        table = await hub.table(unfinished)
        seat = table.seat_of(user.id)
        if table.status == PLAYING and seat is not None:
            return {"table": table.info(), "seat": seat, "host": True}
    await limits.require("tables", str(user.id), "new tables")
    seats = [SeatRequest("me")] + [SeatRequest("bot", setup.bot) for _ in range(setup.players - 1)]
    table = await hub.create(
        user, game_id, setup.players, setup.options, seats, private=True, start=True, seed=setup.seed, tutorial=True
    )
    return {"table": table.info(), "seat": 0, "host": True}
