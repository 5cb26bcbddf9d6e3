"""What concerns the signed-in user across every table: the games waiting for their move, and the rematches
waiting for their answer."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from monsterlair.server.api.deps import CurrentUser, HubDep, StoreDep
from monsterlair.server.api.models import Turns
from monsterlair.server.api.routes.tables import summary

router = APIRouter(prefix="/api/me", tags=["me"])

TURNS_LIMIT = 50


@router.get("/turns", response_model=Turns)
async def turns(hub: HubDep, store: StoreDep, user: CurrentUser) -> dict[str, Any]:
    """Games under way where the seat to move is the user's, the longest-waiting first (lobby lines), and
    the rematches that keep a seat for the user until they answer (``invitations``, not in ``count``).

    Read from the database, so it is right whichever server process runs the table.
    """
    waiting = [summary(hub, meta, user.id) for meta in await store.list_turns(user.id, limit=TURNS_LIMIT)]
    waiting = [t for t in waiting if t["your_turn"]]  # the live table may have moved on since it was stored
    asked = [summary(hub, meta, user.id) for meta in await store.list_invitations(user.id, limit=TURNS_LIMIT)]
    asked = [t for t in asked if t["invited"]]
    return {"count": len(waiting), "tables": waiting, "invitations": asked}
