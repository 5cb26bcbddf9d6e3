"""Opening a saved game's record for the web replay viewer (``server/tables/saved.py``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body

from monsterlair.server.api.deps import CurrentUser, HubDep, LimitsDep
from monsterlair.server.api.models import SavedReplay
from monsterlair.server.api.routes.tables import no_bot_host
from monsterlair.server.tables.saved import open_record, replay_path

router = APIRouter(prefix="/api/replays", tags=["replays"])


@router.post("", response_model=SavedReplay)
async def open_saved(
    record: Annotated[dict[str, Any], Body()], hub: HubDep, user: CurrentUser, limits: LimitsDep
) -> dict[str, Any]:
    """Store a record (the JSON a game or ``sim --records`` saved) as a finished, private, unrated table of
    mine and answer its replay's address (``path``, with the invite). A record that does not replay is
    refused with 422 ``bad_record`` and nothing is stored. Counts against the ``limit_tables`` rate limit;
    the body limit (``max_body_bytes``) bounds the record's size."""
    no_bot_host(user)
    await limits.require("tables", str(user.id), "new tables")
    table = await open_record(hub, user, record)
    return {"id": table.id, "invite": table.meta.invite, "path": replay_path(table), "steps": table.state_id}
