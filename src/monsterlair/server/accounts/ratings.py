"""Which finished games are rated, applying their rating changes once, and rebuilding every rating.

The arithmetic is :mod:`monsterlair.ratings`; this module decides what counts and talks to the store.

A finished table is rated when all of these hold (:func:`unrated_reason` names the first that fails):

* it is marked rated (``TableData.rated``, true unless the table was made unrated);
* the game ended by its rules, not by a safety cap (``Result.capped``);
* it had at least two seats and every seat was a person: a bot's strength depends on its spec, its time
  budget and the server's load, and bots can play without end, so rating them (or against them) would
  let anyone farm points off a weak bot and would tie people's numbers to server settings;
* every person in it holds a registered account (when the game is rated): guest accounts cost one
  click, so games between guests (or against one) would let anyone farm points from throwaway opponents;
  registering is rate-limited per address and needs a password;
* the game has opponents (``Game.teams``): co-operative MONSTRA missions are unrated, since the seats win
  or lose together against the Guardian and no player did better than another.

Partners (MONSTRA 2v2) share their team's rank and are compared only with the other team. The changes of
one table are written in one transaction together with a row per player in ``rating_history``, whose
unique key (table, user) makes a second application (a retry, a second process) change nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from monsterlair.core import BadOptions, Game
from monsterlair.ratings import START, Entrant, rate
from monsterlair.server.storage.base import Conflict, RatingData, RatingHistoryData, Store, TableData

log = logging.getLogger("monsterlair.server")

RATED_GAMES = (
    "A game counts for ratings when registered players finish it against each other: games with a guest or a bot"
    " in a seat (also a bot that took over someone's seat), co-operative missions, games stopped by a safety cap and"
    f" saved games opened from a file are not rated. Everyone starts at {START:.0f}."
)
"""Which games are rated, in players' words: :func:`unrated_reason` told, for the leaderboard and the profile
(the one source of this sentence; ``tests/server/test_ratings.py`` checks it names every reason). A table is
made unrated when a bot takes a seat over (``server/tables/takeover.py``) and when it is a saved game opened
from a file (``server/tables/saved.py``)."""

RETRIES = 5
"""Attempts to store a table's changes when other games of the same players finish at the same moment."""


@dataclass(frozen=True, slots=True)
class Seated:
    """A rated seat: the user in it, their side and their final rank."""

    seat: int
    user_id: int
    side: int
    rank: int


def outcome(result: Mapping[str, Any], seat: int) -> str:
    """``win`` for a winning seat (alone or shared), ``draw`` when nobody won and it was not a lost
    co-operative game, else ``loss``."""
    winners = list(result.get("winners") or [])
    if seat in winners:
        return "win"
    payoffs = result.get("payoffs")
    if not winners and not (payoffs and all(p == 0 for p in payoffs)):
        return "draw"
    return "loss"


def unrated_reason(meta: TableData, game: Game, guests: Collection[int] = ()) -> str | None:
    """Why this table does not count for ratings, or ``None`` when it does (``guests``: the seated users
    without a registered account, see :func:`guests_at`)."""
    result = meta.result
    if meta.status != "finished" or result is None:
        return "the game has not finished"
    if not meta.rated:
        return "the table was not rated"
    if result.get("capped"):
        return "a safety cap ended the game, not its rules"
    if len(meta.seats) < 2:
        return "a solo game has no opponent"
    if any(s.user_id is None or s.bot_account for s in meta.seats):
        return "a bot played"
    if any(s.user_id in guests for s in meta.seats):
        return "a guest played: only registered accounts earn a rating"
    if len({s.user_id for s in meta.seats}) != len(meta.seats):
        return "a person held two seats"
    sides = _sides(meta, game)
    if sides is None:
        return "a co-operative game has no opponents"
    if len(set(sides)) < 2:
        return "every seat played on one side"
    ranks = result.get("ranks")
    if not isinstance(ranks, list) or len(ranks) != len(meta.seats):
        return "the result has no rank for every seat"
    return None


def _sides(meta: TableData, game: Game) -> tuple[int, ...] | None:
    try:
        sides = game.teams(meta.players, meta.options)
    except BadOptions:
        return None
    if sides is not None and len(sides) != len(meta.seats):
        return None
    return sides


async def guests_at(store: Store, meta: TableData, known: dict[int, bool] | None = None) -> set[int]:
    """The seated users who are guests now (or no longer exist); ``known`` caches guest flags by user id."""
    cache = {} if known is None else known
    out = set()
    for seat in meta.seats:
        uid = seat.user_id
        if uid is None:
            continue
        if uid not in cache:
            user = await store.get_user(uid)
            cache[uid] = user is None or user.guest
        if cache[uid]:
            out.add(uid)
    return out


def seated(meta: TableData, game: Game, guests: Collection[int] = ()) -> list[Seated] | None:
    """The rated seats of a table, or ``None`` when it is unrated."""
    if unrated_reason(meta, game, guests) is not None:
        return None
    sides = _sides(meta, game)
    assert sides is not None and meta.result is not None
    ranks = meta.result["ranks"]
    return [Seated(i, int(s.user_id or 0), sides[i], int(ranks[i])) for i, s in enumerate(meta.seats)]


def changes(
    meta: TableData, players: Sequence[Seated], current: Mapping[int, RatingData]
) -> tuple[list[RatingHistoryData], list[RatingData]]:
    """The rating-history rows and the new rating rows for one table, from the players' current ratings."""
    assert meta.result is not None
    entrants = []
    for p in players:
        old = current.get(p.user_id)
        entrants.append(Entrant(p.user_id, p.side, p.rank, old.rating if old else START, old.games if old else 0))
    history: list[RatingHistoryData] = []
    ratings: list[RatingData] = []
    for p, change in zip(players, rate(entrants), strict=True):
        how = outcome(meta.result, p.seat)
        old = current.get(p.user_id) or RatingData(p.user_id, meta.game, START, best=START)
        history.append(
            RatingHistoryData(
                meta.id, p.user_id, meta.game, p.seat, p.rank, how, change.before, change.after, meta.finished_at
            )
        )
        ratings.append(
            RatingData(
                user_id=p.user_id,
                game=meta.game,
                rating=change.after,
                games=old.games + 1,
                wins=old.wins + (how == "win"),
                draws=old.draws + (how == "draw"),
                losses=old.losses + (how == "loss"),
                best=max(old.best, change.after),
                last_played=meta.finished_at,
            )
        )
    return history, ratings


async def settle(store: Store, meta: TableData, game: Game) -> bool:
    """Apply a finished table's rating changes, once; True if this call stored them.

    The hub calls this right after the final action is stored. It never raises: a failure is logged and
    the ratings can be rebuilt later (:func:`rebuild`), while the game itself is already safe.
    """
    try:
        players = seated(meta, game, await guests_at(store, meta))
        if players is None:
            return False
        for _ in range(RETRIES):
            current = await store.load_ratings(meta.game, [p.user_id for p in players])
            history, ratings = changes(meta, players, current)
            try:
                return await store.record_ratings(history, ratings)
            except Conflict:
                continue
        log.warning("ratings of table %s not stored: other games kept finishing at the same moment", meta.id)
    except Exception:
        log.exception("rating table %s failed; rebuild ratings to catch up", meta.id)
    return False


async def rebuild(store: Store, games: Mapping[str, Game]) -> tuple[int, int]:
    """Recompute every rating from the stored finished games, in the order they ended, and replace what
    is stored. Returns (rated tables, ratings). Tables of games this server does not offer are skipped.

    Guests are judged by their account as it is now: a guest who registered since is rated in the rebuild."""
    current: dict[tuple[int, str], RatingData] = {}
    known: dict[int, bool] = {}
    history: list[RatingHistoryData] = []
    tables = 0
    for meta in await store.finished_tables():
        game = games.get(meta.game)
        if game is None:
            continue
        players = seated(meta, game, await guests_at(store, meta, known))
        if players is None:
            continue
        mine = {p.user_id: current[(p.user_id, meta.game)] for p in players if (p.user_id, meta.game) in current}
        rows, ratings = changes(meta, players, mine)
        history.extend(rows)
        for r in ratings:
            current[(r.user_id, r.game)] = r
        tables += 1
    await store.replace_ratings(history, list(current.values()))
    return tables, len(current)
