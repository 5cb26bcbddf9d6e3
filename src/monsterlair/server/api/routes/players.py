"""Leaderboards (one per game) and player profiles: ratings, rating over time, recent games with replays.

A profile lists the finished games a player sat at. A private table's game is listed only to someone
who sat at it or hosted it (they can open its replay without the invite); anyone else never learns it
happened, though its rating change is part of the public rating.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from monsterlair.server.accounts.ratings import RATED_GAMES, outcome
from monsterlair.server.api.deps import HubDep, OptionalUser, StoreDep
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.models import Leaderboard, Profile
from monsterlair.server.storage.base import RatingData, RatingHistoryData, TableData
from monsterlair.server.tables import words
from monsterlair.server.tables.words import seat_names

router = APIRouter(prefix="/api", tags=["players"])

PAGE = 50
"""Leaderboard lines per page by default (at most :data:`MAX_PAGE`)."""
MAX_PAGE = 200
RECENT = 20
"""Finished games a profile lists."""
MAX_ID = 2**31 - 1
"""User ids are 32-bit database integers; a larger number names nobody."""
SPARK = 60
"""Rating points per game a profile's rating-over-time line shows."""


def _iso(value: Any) -> str | None:
    return None if value is None else str(value.isoformat())


def _points(value: float) -> float:
    return round(value, 1)


def _rating_json(r: RatingData) -> dict[str, Any]:
    return {
        "rating": _points(r.rating),
        "games": r.games,
        "wins": r.wins,
        "draws": r.draws,
        "losses": r.losses,
        "best": _points(r.best),
        "last_played": _iso(r.last_played),
    }


@router.get("/leaderboard/{game}", response_model=Leaderboard)
async def leaderboard(
    game: str,
    hub: HubDep,
    store: StoreDep,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = PAGE,
    offset: Annotated[int, Query(ge=0, le=MAX_ID)] = 0,
) -> dict[str, Any]:
    """One page of a game's leaderboard: players with at least one rated game, best rating first."""
    info = hub.game(game)
    total, rows = await store.leaderboard(info.id, limit=limit, offset=offset)
    return {
        "game": info.id,
        "title": info.title,
        "rated_games": RATED_GAMES,
        "total": total,
        "limit": limit,
        "offset": offset,
        "entries": [
            {"position": offset + i + 1, "user": {"id": r.user_id, "name": r.name, "guest": r.guest}, **_rating_json(r)}
            for i, r in enumerate(rows)
        ],
    }


def _game_line(
    hub: HubDep, meta: TableData, user_id: int, changes: dict[tuple[str, int], RatingHistoryData]
) -> dict[str, Any]:
    game = hub.games.get(meta.game)
    seat = next(i for i, s in enumerate(meta.seats) if s.user_id == user_id)
    result = meta.result or {}
    ranks = result.get("ranks") or []
    change = changes.get((meta.id, user_id))
    summary = None if game is None else words.result_summary(game, result, seat, seat_names(meta), meta.options)
    return {
        "table_id": meta.id,
        "game": meta.game,
        "title": game.title if game is not None else meta.game,
        "players": meta.players,
        "finished_at": _iso(meta.finished_at),
        "seat": seat,
        "rank": ranks[seat] if seat < len(ranks) else None,
        "outcome": summary["outcome"] if summary else outcome(result, seat),
        "headline": summary["headline"] if summary else None,
        "rated": change is not None,
        "rating_before": None if change is None else _points(change.before),
        "rating_after": None if change is None else _points(change.after),
        "private": meta.private,
        "seats": [
            {
                "seat": i,
                "user": s.user_id,
                "name": s.name,
                "bot": s.bot is not None,
                "rank": ranks[i] if i < len(ranks) else None,
            }
            for i, s in enumerate(meta.seats)
        ],
        "replay": f"/replay/{meta.id}",
    }


@router.get("/users/{user_id}", response_model=Profile)
async def profile(user_id: int, hub: HubDep, store: StoreDep, viewer: OptionalUser) -> dict[str, Any]:
    """A player's profile: name, member since, rating per game with its recent course, recent games."""
    user = await store.get_user(user_id) if 0 < user_id <= MAX_ID else None
    if user is None:
        raise ApiError("not_found", f"There is no player number {user_id}.")
    ratings = await store.user_ratings(user_id)
    per_game = []
    for r in ratings:
        game = hub.games.get(r.game)
        course = await store.user_rating_history(user_id, r.game, limit=SPARK)
        per_game.append(
            {
                "game": r.game,
                "title": game.title if game is not None else r.game,
                "position": await store.rating_position(r.game, r.rating),
                **_rating_json(r),
                "history": [{"at": _iso(h.finished_at), "rating": _points(h.after)} for h in course],
                "start": _points(course[0].before) if course else None,
            }
        )
    tables = await store.list_user_finished(
        user_id, viewer_id=None if viewer is None else viewer.id, limit=RECENT, offset=0
    )
    changes = {(h.table_id, h.user_id): h for h in await store.table_rating_changes([t.id for t in tables])}
    return {
        "user": {"id": user.id, "name": user.name, "guest": user.guest, "member_since": _iso(user.created_at)},
        "me": viewer is not None and viewer.id == user.id,
        "rated_games": RATED_GAMES,
        "ratings": per_game,
        "games": [_game_line(hub, t, user_id, changes) for t in tables],
    }
