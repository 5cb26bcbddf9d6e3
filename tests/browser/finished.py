"""Games of a chosen kind (finished, or at a chosen position), stored where a running server finds them.

An end screen is only reached at the end of a game, and some ends (a shared win, a lost mission, a draw)
are rare in play. So a test looks for a seed whose game, played by a seeded random player, ends the way it
needs (a few hundred fast engine games at most), then stores that game as a real table of the running
server: created, started and played move by move through the server's own table logic (``Table``) and
store, exactly as the hub would have stored it. The browser then opens it like any finished table.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monsterlair import games
from monsterlair.core import Result, Rng, State
from monsterlair.server.storage.base import SeatData
from monsterlair.server.storage.sql import SqlStore
from monsterlair.server.tables.table import Table


@dataclass(frozen=True, slots=True)
class Found:
    """A game (or a position) as wanted: its seed, every move as (seat, action text), how it ended."""

    seed: int
    moves: list[tuple[int, str]]
    result: Result | None


def _positions(
    game_id: str, players: int, options: Mapping[str, Any], seed: int, max_moves: int
) -> Iterator[tuple[State, list[tuple[int, str]]]]:
    """Every position of one game played by a random player seeded from ``seed``, the start first, with
    the moves that led there (the same live state and list, moved on after each yield: copy to keep)."""
    state: State = games.get(game_id).new(players, seed, dict(options))
    rng = Rng(seed * 7919 + 17)
    moves: list[tuple[int, str]] = []
    while True:
        yield state, moves
        if state.over or len(moves) >= max_moves:
            return
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        seat = state.to_move
        assert seat is not None
        moves.append((seat, str(action)))
        state.apply(action)


def find_position(
    game_id: str,
    players: int,
    options: Mapping[str, Any],
    wanted: Callable[[State], bool],
    *,
    tries: int = 200,
    max_moves: int = 400,
) -> Found:
    """The first position (seed 1, 2, …, then move by move of a seeded random player) that ``wanted``
    accepts: its seed, the moves that lead there, and the result if the game is over there."""
    for seed in range(1, tries + 1):
        for state, moves in _positions(game_id, players, options, seed, max_moves):
            if wanted(state):
                return Found(seed, list(moves), state.result)
    raise AssertionError(f"no {game_id} position in {tries} seeds was as wanted")


def find_game(game_id: str, players: int, options: Mapping[str, Any], wanted: Callable[[Result], bool]) -> Found:
    """The first game (seed 1, 2, …; a seeded random player) that ends as ``wanted`` says."""
    return find_position(
        game_id, players, options, lambda st: st.result is not None and wanted(st.result), tries=400, max_moves=3000
    )


def position(game_id: str, players: int, options: Mapping[str, Any], found: Found) -> State:
    """The position ``found`` leads to, rebuilt with the engine."""
    state: State = games.get(game_id).new(players, found.seed, dict(options))
    for _seat, text in found.moves:
        state.apply(state.parse_action(text))
    return state


def store_table(
    data_dir: Path,
    game_id: str,
    players: int,
    options: Mapping[str, Any],
    seats: Sequence[tuple[int | None, str]],
    found: Found,
    turn_seconds: float | None = None,
    tutorial: bool = False,
) -> str:
    """Store ``found`` as a table with these seats ((user id or None for a bot, name)), its moves played (a
    game that ended is a finished table, else one in play), with ``turn_seconds`` a turn (``tutorial``: a
    tutorial's table, which shows its coach); its id.

    It runs in a thread of its own: Playwright's sync API keeps an event loop running in this one.
    """

    async def write() -> str:
        store = SqlStore(f"sqlite+aiosqlite:///{data_dir / 'monsterlair.sqlite3'}")
        await store.start()
        try:
            owner = next(uid for uid, _ in seats if uid is not None)
            seat_data = [
                SeatData(user_id=uid, name=name) if uid is not None else SeatData(bot="random", name=name)
                for uid, name in seats
            ]
            table = Table.create(
                games.get(game_id),
                table_id=secrets.token_urlsafe(6),
                owner_id=owner,
                players=players,
                options=dict(options),
                seats=seat_data,
                private=False,
                seed=found.seed,
                invite=secrets.token_urlsafe(9),
            )
            table.meta.turn_seconds = turn_seconds  # (a finished game has no deadline; a rematch keeps the limit)
            table.meta.tutorial = tutorial
            table.start(owner)
            await store.create_table(table.meta)
            for seat, text in found.moves:
                proposal = table.propose_bot(seat, table.state_id, text)
                await store.commit_actions(
                    proposal.meta, proposal.base_state_id, proposal.actions(), proposal.stored_events()
                )
                table.commit(proposal)
            return table.id
        finally:
            await store.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, write()).result()
