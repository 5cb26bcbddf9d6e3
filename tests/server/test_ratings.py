"""Ratings on the server: which games count, applied once (also when two writers race), rebuilt from history."""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi import FastAPI
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app as cli
from monsterlair.server.accounts.ratings import RATED_GAMES, outcome, rebuild, seated, settle, unrated_reason
from monsterlair.server.storage.base import Conflict, RatingData, SeatData, TableData, UserData
from monsterlair.server.storage.models import Base
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables.hub import Hub
from tests import example_game
from tests.server.toy_play import play_toy

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def finished(
    tid: str,
    users: list[int | None],
    ranks: list[int],
    *,
    game: str = "toy-race",
    options: dict[str, Any] | None = None,
    winners: list[int] | None = None,
    minutes: int = 0,
    **result: Any,
) -> TableData:
    """A finished table as stored, with a hand-made result."""
    win = winners if winners is not None else [i for i, r in enumerate(ranks) if r == 1 and len(set(ranks)) > 1]
    return TableData(
        id=tid,
        game=game,
        rules_version=1,
        players=len(users),
        options=options or {},
        seed=1,
        owner_id=next(u for u in users if u is not None),
        private=False,
        invite="i",
        status="finished",
        result={"winners": win, "ranks": ranks, "scores": [0.0] * len(ranks), "termination": "t", **result},
        finished_at=T0 + timedelta(minutes=minutes),
        seats=[SeatData(user_id=u, name=f"P{u}") if u else SeatData(bot="random", name="Bot") for u in users],
    )


async def people(store: SqlStore, *names: str) -> list[UserData]:
    """Registered people (only registered accounts earn ratings)."""
    return [await store.create_user(n, n.lower(), "not-a-real-hash") for n in names]


async def history_rows(store: SqlStore) -> list[tuple[str, int, float, float]]:
    async with store.engine.connect() as conn:
        rows = await conn.execute(sa.text("select table_id, user_id, before, after from rating_history order by id"))
        return [(r[0], r[1], r[2], r[3]) for r in rows]


# --- which games count -----------------------------------------------------------------------------------
TOY = example_game.GAME
MONSTRA = games.get("monstra")


def test_a_duel_between_two_people_counts() -> None:
    assert unrated_reason(finished("t", [1, 2], [1, 2]), TOY) is None
    players = seated(finished("t", [1, 2], [2, 1]), TOY)
    assert players is not None and [(p.user_id, p.side, p.rank) for p in players] == [(1, 0, 2), (2, 1, 1)]


@pytest.mark.parametrize(
    ("meta", "game", "why"),
    [
        (finished("t", [1, None], [1, 2]), TOY, "a bot played"),
        (
            dataclasses.replace(
                finished("t", [1, 2], [1, 2]),
                seats=[SeatData(user_id=1, name="P1"), SeatData(user_id=2, name="B", bot_account=True)],
            ),
            TOY,
            "a bot played",
        ),  # a bot account over the network holds a user id but is still a bot
        (dataclasses.replace(finished("t", [1, 2], [1, 2]), rated=False), TOY, "not rated"),
        (finished("t", [1, 2], [1, 1], capped=True), TOY, "safety cap"),
        (dataclasses.replace(finished("t", [1, 2], [1, 2]), status="playing"), TOY, "not finished"),
        (finished("t", [1], [1], game="monstra", options={"mode": "mission"}), MONSTRA, "solo"),
        (finished("t", [1, 2], [1, 1], game="monstra", options={"mode": "mission"}), MONSTRA, "co-operative"),
        (finished("t", [1, 2], [1], game="toy-race"), TOY, "no rank for every seat"),
    ],
)
def test_unrated_games(meta: TableData, game: Any, why: str) -> None:
    reason = unrated_reason(meta, game)
    assert reason is not None and why in reason
    assert seated(meta, game) is None


# Every reason unrated_reason gives, and the words of the players' sentence (RATED_GAMES, on the leaderboard
# and the profile) that tell it; None: a broken record, nothing a player does.
TOLD: dict[str, tuple[str, ...] | None] = {
    "the game has not finished": ("registered players finish it",),
    # made unrated: a bot took a seat over (takeover.py), a saved game opened from a file (saved.py)
    "the table was not rated": ("a bot that took over someone's seat", "saved games opened from a file"),
    "a safety cap ended the game, not its rules": ("games stopped by a safety cap",),
    "a solo game has no opponent": ("against each other",),
    "a bot played": ("a bot in a seat",),
    "a guest played: only registered accounts earn a rating": ("a guest", "registered players"),
    "a person held two seats": ("against each other",),
    "a co-operative game has no opponents": ("co-operative missions",),
    "every seat played on one side": ("against each other",),
    "the result has no rank for every seat": None,
}


def test_the_players_sentence_tells_every_reason_a_game_is_unrated() -> None:
    """The leaderboard and the profile show RATED_GAMES: it must say what unrated_reason does, no more, no less."""
    reasons = re.findall(r'return "([^"]+)"', inspect.getsource(unrated_reason))
    assert sorted(reasons) == sorted(TOLD), "a reason changed: tell it in RATED_GAMES and in TOLD"
    for reason, words in TOLD.items():
        for w in words or ():
            assert w in RATED_GAMES, (reason, w)
    assert RATED_GAMES.endswith("Everyone starts at 1500.")


def test_a_game_with_a_guest_is_unrated() -> None:
    meta = finished("t", [1, 2], [1, 2])
    reason = unrated_reason(meta, TOY, guests={2})
    assert reason is not None and "guest" in reason
    assert seated(meta, TOY, guests={2}) is None and seated(meta, TOY, guests={3}) is not None


async def test_guests_farming_each_other_earn_nothing_while_registered_people_are_rated(app: FastAPI) -> None:
    """Rating farming: guest accounts cost one click, so a game of guests (or against one) changes no rating."""
    hub: Hub = app.state.hub
    g1, g2 = await hub.store.create_user("G1"), await hub.store.create_user("G2")
    ann, bob = await people(hub.store, "Ann", "Bob")  # type: ignore[arg-type]
    for _ in range(3):
        await play_toy(hub, [g1, g2], winner=0)
    await play_toy(hub, [ann, g2], winner=0)
    assert await hub.store.load_ratings("toy-race", [g1.id, g2.id, ann.id]) == {}
    assert await hub.store.leaderboard("toy-race", limit=10, offset=0) == (0, [])
    await play_toy(hub, [ann, bob], winner=0)
    assert set(await hub.store.load_ratings("toy-race", [ann.id, bob.id, g1.id])) == {ann.id, bob.id}


def test_monstra_partners_share_a_side_as_in_the_game() -> None:
    for players, mode in ((2, "duel"), (4, "2v2"), (4, "auto")):
        options = MONSTRA.options.resolve({"mode": mode})
        state: Any = MONSTRA.new(players, 7, options)
        assert MONSTRA.teams(players, options) == state.seat_team
    assert MONSTRA.teams(2, MONSTRA.options.resolve({"mode": "mission"})) is None
    meta = finished("t", [1, 2, 3, 4], [1, 3, 1, 3], game="monstra", options={"mode": "2v2"})
    players = seated(meta, MONSTRA)
    assert players is not None and [p.side for p in players] == [0, 1, 0, 1]


def test_outcomes() -> None:
    assert outcome({"winners": [0], "ranks": [1, 2]}, 0) == "win"
    assert outcome({"winners": [0], "ranks": [1, 2]}, 1) == "loss"
    assert outcome({"winners": [], "ranks": [1, 1]}, 1) == "draw"
    assert outcome({"winners": [], "ranks": [1, 1], "payoffs": [0.5, 0.5]}, 1) == "draw"
    assert outcome({"winners": [], "ranks": [1, 1], "payoffs": [0, 0]}, 1) == "loss"  # a lost mission
    assert outcome({"winners": [0, 2], "ranks": [1, 3, 1, 3]}, 2) == "win"


# --- applied once --------------------------------------------------------------------------------------
async def test_settling_stores_the_changes_once(store: SqlStore) -> None:
    ann, bob = await people(store, "Ann", "Bob")
    meta = finished("t1", [ann.id, bob.id], [1, 2])
    await store.create_table(meta)
    assert await settle(store, meta, TOY)
    assert not await settle(store, meta, TOY)  # a second time changes nothing
    assert await history_rows(store) == [("t1", ann.id, 1500.0, 1516.0), ("t1", bob.id, 1500.0, 1484.0)]
    ratings = await store.load_ratings("toy-race", [ann.id, bob.id])
    assert (ratings[ann.id].rating, ratings[ann.id].games, ratings[ann.id].wins, ratings[ann.id].best) == (
        1516.0,
        1,
        1,
        1516.0,
    )
    assert (ratings[bob.id].rating, ratings[bob.id].losses, ratings[bob.id].best) == (1484.0, 1, 1500.0)


async def test_two_writers_settling_the_same_table_at_once_store_it_once(
    store: SqlStore, caplog: pytest.LogCaptureFixture
) -> None:
    """Two processes on one database (two stores on the same SQLite file) race to rate one table."""
    ann, bob = await people(store, "Ann", "Bob")
    meta = finished("t1", [ann.id, bob.id], [1, 2])
    await store.create_table(meta)
    other = SqlStore(store.url)
    try:
        done = await asyncio.gather(*(settle(s, meta, TOY) for s in (store, other, store, other)))
    finally:
        await other.close()
    assert sorted(done) == [False, False, False, True]
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]
    assert [r[1:] for r in await history_rows(store)] == [(ann.id, 1500.0, 1516.0), (bob.id, 1500.0, 1484.0)]


async def test_games_of_the_same_players_ending_together_build_on_each_other(
    store: SqlStore, caplog: pytest.LogCaptureFixture
) -> None:
    ann, bob = await people(store, "Ann", "Bob")
    tables = [finished(f"t{i}", [ann.id, bob.id], [1, 2], minutes=i) for i in range(4)]
    for t in tables:
        await store.create_table(t)
    other = SqlStore(store.url)
    try:
        done = await asyncio.gather(*(settle(store if i % 2 else other, t, TOY) for i, t in enumerate(tables)))
    finally:
        await other.close()
    assert done == [True] * 4
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]
    rows = [r for r in await history_rows(store) if r[1] == ann.id]
    assert len(rows) == 4 and rows[0][2] == 1500.0
    assert all(later[2] == earlier[3] for earlier, later in zip(rows, rows[1:], strict=False))  # a chain
    assert (await store.load_ratings("toy-race", [ann.id]))[ann.id].games == 4


async def test_a_stale_rating_is_refused(store: SqlStore) -> None:
    ann, bob = await people(store, "Ann", "Bob")
    for t in ("t1", "t2"):
        await store.create_table(finished(t, [ann.id, bob.id], [1, 2]))
    assert await settle(store, finished("t1", [ann.id, bob.id], [1, 2]), TOY)
    stale = [RatingData(ann.id, "toy-race", 1530.0, games=1, best=1530.0)]  # computed as if t1 never counted
    with pytest.raises(Conflict):
        await store.record_ratings([], stale)
    assert (await store.load_ratings("toy-race", [ann.id]))[ann.id].rating == 1516.0


# --- through the hub -----------------------------------------------------------------------------------
async def test_a_finished_game_between_people_is_rated_when_its_last_action_is_stored(app: FastAPI) -> None:
    hub: Hub = app.state.hub
    ann, bob, cy = await people(hub.store, "Ann", "Bob", "Cy")  # type: ignore[arg-type]
    table = await play_toy(hub, [ann, bob], winner=1)
    assert table.meta.result is not None and table.meta.result["winners"] == [1]
    ratings = await hub.store.load_ratings("toy-race", [ann.id, bob.id])
    assert (ratings[ann.id].rating, ratings[bob.id].rating) == (1484.0, 1516.0)
    assert not await settle(hub.store, table.meta, TOY)  # the hub already did
    # three players: the winner meets two opponents, each worth half a duel
    await play_toy(hub, [ann, bob, cy], winner=2)
    after = await hub.store.load_ratings("toy-race", [ann.id, bob.id, cy.id])
    assert after[cy.id].rating == pytest.approx(1516.0, abs=0.01)
    assert after[ann.id].games == 2 and after[ann.id].losses == 2


async def test_a_draw_counts_half(app: FastAPI) -> None:
    hub: Hub = app.state.hub
    ann, bob = await people(hub.store, "Ann", "Bob")  # type: ignore[arg-type]
    table = await play_toy(hub, [ann, bob], winner=None)
    assert table.meta.result is not None and table.meta.result["winners"] == []
    ratings = await hub.store.load_ratings("toy-race", [ann.id, bob.id])
    assert ratings[ann.id].rating == 1500.0 and ratings[ann.id].draws == 1 and ratings[bob.id].games == 1


@pytest.mark.parametrize(
    "how",
    [
        {"bot_seats": (1,)},
        {"rated": False},
        {"options": {"max_turns": 1, "target": 60}},  # capped after the first action
    ],
)
async def test_games_with_a_bot_unrated_tables_and_capped_games_change_no_rating(
    app: FastAPI, how: dict[str, Any]
) -> None:
    hub: Hub = app.state.hub
    ann, bob = await people(hub.store, "Ann", "Bob")  # type: ignore[arg-type]
    players = [ann] if "bot_seats" in how else [ann, bob]
    winner = None if "options" in how else 0
    table = await play_toy(hub, players, winner=winner, **how)
    assert table.status == "finished"
    assert await hub.store.load_ratings("toy-race", [ann.id, bob.id]) == {}
    assert await hub.store.table_rating_changes([table.id]) == []


async def test_a_failing_store_never_breaks_the_game(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    hub: Hub = app.state.hub
    ann, bob = await people(hub.store, "Ann", "Bob")  # type: ignore[arg-type]

    async def broken(*_args: Any) -> bool:
        raise RuntimeError("disk full")

    monkeypatch.setattr(hub.store, "record_ratings", broken)
    table = await play_toy(hub, [ann, bob], winner=0)
    assert table.status == "finished" and (await hub.store.load_table(table.id)).status == "finished"  # type: ignore[union-attr]
    monkeypatch.undo()
    assert await settle(hub.store, table.meta, TOY)  # a later attempt (or a rebuild) catches up


# --- rebuild -------------------------------------------------------------------------------------------
async def test_a_rebuild_replays_history_in_finish_order_and_gives_the_same_ratings(app: FastAPI) -> None:
    hub: Hub = app.state.hub
    ann, bob, cy = await people(hub.store, "Ann", "Bob", "Cy")  # type: ignore[arg-type]
    await play_toy(hub, [ann, bob], winner=0)
    await play_toy(hub, [bob, cy], winner=0)
    await play_toy(hub, [cy, ann, bob], winner=1)
    await play_toy(hub, [ann, cy], winner=None)
    await play_toy(hub, [ann], winner=0, bot_seats=(1,))
    store = hub.store
    ids = [ann.id, bob.id, cy.id]
    live = await store.load_ratings("toy-race", ids)
    assert await rebuild(store, hub.games) == (4, 3)
    again = await store.load_ratings("toy-race", ids)
    for uid in ids:
        assert again[uid].rating == pytest.approx(live[uid].rating)
        assert (again[uid].games, again[uid].wins, again[uid].draws, again[uid].losses) == (
            live[uid].games,
            live[uid].wins,
            live[uid].draws,
            live[uid].losses,
        )
    assert len(await store.user_rating_history(ann.id, "toy-race", limit=50)) == 3


async def test_the_rebuild_command(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'lair.sqlite3'}"
    store = SqlStore(url)
    await store.start()
    ann, bob = await people(store, "Ann", "Bob")
    await store.create_table(finished("c1", [ann.id, bob.id], [2, 1], game="monster-club"))
    await store.create_table(finished("c2", [ann.id, bob.id], [1, 1], game="monster-club", minutes=5))
    await store.close()
    result = await asyncio.to_thread(CliRunner().invoke, cli, ["ratings", "rebuild", "--database-url", url])
    assert result.exit_code == 0, result.output
    assert "Rebuilt 2 rating(s) from 2 rated game(s)." in result.output
    store = SqlStore(url)
    await store.start()
    try:
        ratings = await store.load_ratings("monster-club", [ann.id, bob.id])
        # game 1: Bob wins (+16); game 2, a draw at 1516 v 1484: Bob loses 32 * (E(1516 v 1484) - 0.5) = 1.4695
        assert ratings[bob.id].rating == pytest.approx(1516 - 32 * (1 / (1 + 10 ** (-32 / 400)) - 0.5), abs=1e-6)
        assert ratings[bob.id].rating == pytest.approx(1514.5305, abs=1e-4)
        assert ratings[ann.id].games == 2 and ratings[ann.id].draws == 1
    finally:
        await store.close()


async def test_the_models_match_the_migrations(store: SqlStore) -> None:
    async with store.engine.connect() as conn:
        diff = await conn.run_sync(lambda c: compare_metadata(MigrationContext.configure(c), Base.metadata))
    assert diff == []
