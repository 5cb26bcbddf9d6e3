"""The log's turn numbers, move numbers and undo marks, kept per entry as the log grows
(``server/tables/words.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from monsterlair import games
from monsterlair.core import Event, Game
from monsterlair.server.tables.table import LogEntry
from monsterlair.server.tables.words import PLATFORM, LogMarks, Mark, log_json, log_marks

PLAYERS = {"monster-smash": 3, "monstra": 2, "monster-club": 2, "push-a-monster": 2}


def counted_afresh(log: Sequence[LogEntry], game: Game) -> list[Mark]:
    """The marks by their definition, from the whole log at once (the oracle). A move is numbered by the
    actions before it that told something (an event that is not minor) and that no undo logged since took
    back: 1 + how many of them there are."""

    def move_of(ply: int, at: int) -> int:
        told = set()
        for j in range(at):
            e = log[j]
            taken = any(
                log[u].event.type == "move_undone" and int(log[u].event.data["ply"]) <= e.ply for u in range(j + 1, at)
            )
            if e.event.type not in PLATFORM and e.event.type not in game.minor_events and 0 < e.ply < ply and not taken:
                told.add(e.ply)
        return len(told) + 1 if ply > 0 else 0

    opened = [game.turn_of_event(e.event.data | {"type": e.event.type}) for e in log]
    numbered = any(o is not None for o in opened)
    turn, mover, out = 0, None, []
    for i, (e, o) in enumerate(zip(log, opened, strict=True)):
        if numbered:
            turn = o if o is not None else turn
        elif e.event.type not in PLATFORM and e.ply > 0 and e.seat is not None and e.seat != mover:
            turn, mover = turn + 1, e.seat
        if e.event.type == "move_undone":
            k = int(e.event.data["ply"])
            out.append(Mark(turn, False, 0, (move_of(k, i), move_of(int(e.event.data.get("last") or k), i))))
        elif e.event.type in PLATFORM:
            out.append(Mark(turn, False))
        else:
            out.append(Mark(turn, False, move_of(e.ply, i)))
    for i, e in enumerate(log):
        if e.event.type == "move_undone":
            k = int(e.event.data["ply"])
            for j in range(i):
                if log[j].ply >= k and log[j].event.type != "move_undone":
                    out[j] = out[j]._replace(undone=True)
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
    assert any(m.undone for m in marks.marks), "the game was long enough to take a move back"
    assert len({m.turn for m in marks.marks}) > 2, "several turns were counted"
    assert log_marks(log, game) == counted_afresh(log, game)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_moves_are_numbered_one_by_one_and_every_line_of_a_move_shares_its_number(game_id: str) -> None:
    """A Monster Smash card pick has no line of its own (the choice it ends in says it), so it is no move of
    its own: the numbers a player reads go 1, 2, 3 without a gap and never stand for two actions' lines."""
    game = games.get(game_id)
    rng = random.Random(5)
    state = game.new(players=PLAYERS[game_id], seed=5)
    log = [LogEntry(0, None, e) for e in state.opening_events()]
    ply = 0
    while not state.over and ply < 150:
        seat = state.to_move
        ply += 1
        log.extend(LogEntry(ply, seat, e) for e in state.apply(rng.choice(state.legal_actions())))
    names = [f"P{i + 1}" for i in range(PLAYERS[game_id])]
    shown = [e for e in log_json(game, log, None, names, {}) if not e.get("detail")]
    moves = [e["move"] for e in shown if e["ply"] > 0]
    assert moves == sorted(moves) and sorted(set(moves)) == list(range(1, max(moves) + 1)), moves
    assert all(e["move"] == 0 for e in shown if e["ply"] == 0)
    by_move: dict[int, set[int]] = {}
    for e in shown:
        by_move.setdefault(e["move"], set()).add(e["ply"])
    assert all(len(plies) == 1 for m, plies in by_move.items() if m > 0)  # one told action per move
    if game_id == "monster-smash":  # its picks fold into the choice: fewer moves than actions
        assert max(moves) < ply
    else:
        assert max(moves) == ply


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
