"""The log's turn numbers and undo marks, kept per entry as the log grows (``server/tables/words.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from monsterlair import games
from monsterlair.core import Event, Game
from monsterlair.server.tables.table import LogEntry
from monsterlair.server.tables.words import PLATFORM, LogMarks, log_marks

PLAYERS = {"monster-smash": 3, "monstra": 2, "monster-club": 2, "push-a-monster": 2}


def counted_afresh(log: Sequence[LogEntry], game: Game) -> list[tuple[int, bool]]:
    """The marks by their definition, from the whole log at once (the oracle)."""
    opened = [game.turn_of_event(e.event.data | {"type": e.event.type}) for e in log]
    numbered = any(opened)
    turn, mover, out = (1 if numbered else 0), None, []
    for e, o in zip(log, opened, strict=True):
        if numbered:
            turn = o if o is not None else turn
        elif e.event.type not in PLATFORM and e.ply > 0 and e.seat is not None and e.seat != mover:
            turn, mover = turn + 1, e.seat
        out.append((turn, False))
    for i, e in enumerate(log):
        if e.event.type == "move_undone":
            k = int(e.event.data["ply"])
            for j in range(i):
                if log[j].ply >= k and log[j].event.type != "move_undone":
                    out[j] = (out[j][0], True)
    return out


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_marks_kept_as_the_log_grows_equal_marks_counted_afresh(game_id: str) -> None:
    game = games.get(game_id)
    rng = random.Random(7)
    state = game.new(players=PLAYERS[game_id], seed=3)
    log: list[LogEntry] = []
    marks = LogMarks(game)
    ply = 0
    while not state.over and ply < 60:
        seat = state.to_move
        ply += 1
        for event in state.apply(rng.choice(state.legal_actions())):
            log.append(LogEntry(ply, seat, event))
        if rng.random() < 0.1:  # an undo notice, as the server logs one
            log.append(LogEntry(ply, seat, Event("move_undone", {"ply": max(1, ply - rng.randint(0, 2))})))
        assert marks.update(log) == counted_afresh(log, game)
    assert any(undone for _, undone in marks.marks), "the game was long enough to take a move back"
    assert len({turn for turn, _ in marks.marks}) > 2, "several turns were counted"
    assert log_marks(log, game) == counted_afresh(log, game)


def test_a_replaced_log_is_marked_again_from_the_start() -> None:
    game = games.get("monster-smash")
    state = game.new(players=3, seed=1)
    rng = random.Random(1)
    log = [LogEntry(1, 0, e) for e in state.apply(rng.choice(state.legal_actions()))]
    marks = LogMarks(game)
    marks.update(log)
    other = [LogEntry(1, None, Event("move_undone", {"ply": 1}))]
    assert marks.update(other) == counted_afresh(other, game)
    assert marks.update([]) == []
