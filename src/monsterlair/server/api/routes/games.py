"""The lobby's catalogue: every registered game (player counts, rules summary, option schema) and the bots."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from monsterlair.server.api.deps import CurrentUser, HubDep
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.models import Catalogue, TableDetail
from monsterlair.server.tables.display import display_data
from monsterlair.server.tables.hub import SeatRequest
from monsterlair.server.tables.tutorials import TUTORIALS

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("", response_model=Catalogue)
async def list_games(hub: HubDep) -> dict[str, Any]:
    """Every game offered (option schema, renderer data), the bot kinds with strengths, and the turn clocks."""
    games = [{**game.info(), "display": display_data(game)} for game in hub.games.values()]
    return {"games": games, "bots": hub.bots.kinds(), "clocks": hub.controls.limits.choices()}


@router.post("/{game_id}/tutorial", response_model=TableDetail)
async def tutorial(game_id: str, hub: HubDep, user: CurrentUser) -> dict[str, Any]:
    """Start the game's tutorial for me: a private table against a gentle bot, the scripted deal, my move."""
    setup = TUTORIALS.get(game_id)
    if setup is None:
        raise ApiError("not_found", f"There is no tutorial for “{game_id}”.")
    seats = [SeatRequest("me")] + [SeatRequest("bot", setup.bot) for _ in range(setup.players - 1)]
    table = await hub.create(
        user, game_id, setup.players, setup.options, seats, private=True, start=True, seed=setup.seed, tutorial=True
    )
    return {"table": table.info(), "seat": 0, "host": True}
