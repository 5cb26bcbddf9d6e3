"""The lobby's catalogue: every registered game (player counts, rules summary, option schema) and the bots."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from monsterlair.server.api.deps import HubDep
from monsterlair.server.display import display_data

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("")
async def list_games(hub: HubDep) -> dict[str, Any]:
    """Every game offered (option schema, renderer data), the bot kinds with strengths, and the turn clocks."""
    games = [{**game.info(), "display": display_data(game)} for game in hub.games.values()]
    return {"games": games, "bots": hub.bots.kinds(), "clocks": hub.controls.limits.choices()}
