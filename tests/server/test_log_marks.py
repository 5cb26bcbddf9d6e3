"""The log's turn numbers, move numbers and undo marks, kept per entry as the log grows
(``server/tables/words.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from monsterlair import games
from monsterlair.core import Event, Game, State
from monsterlair.server.tables.table import LogEntry
from monsterlair.server.tables.words import PLATFORM, LogMarks, Mark, log_json, log_marks

PLAYERS = {"monster-smash": 3, "monstra": 2, "monster-club": 2, "push-a-monster": 2}


def counted_afresh(log: Sequence[LogEntry], game: Game) -> list[Mark]:
    """The marks by their definition, from the whole log at once (the oracle). A move is numbered by the
    actions before it that told something (an event that is not minor) and that no undo logged since took
    back: 1 + how many of them there are; a move taken back has no number (0)."""

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

    def step_of(at: int) -> int:
        """How many parts the game played by itself opened in this entry's action so far (since the last undo)."""
        n = 0
        for j in range(at, -1, -1):
            if log[j].event.type == "move_undone":
                break
            if log[j].ply == log[at].ply and log[j].ply > 0 and log[j].event.type in game.step_events:
                n += 1
        return n

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
            out.append(Mark(turn, False, move_of(e.ply, i), step=step_of(i)))
    for i, e in enumerate(log):
        if e.event.type == "move_undone":
            k = int(e.event.data["ply"])
            for j in range(i):
                if log[j].ply >= k and log[j].event.type != "move_undone":
                    out[j] = out[j]._replace(undone=True, move=0)
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


def club_log_with_an_undo_and_a_takeover() -> tuple[Game, list[LogEntry], State]:
    """The reviewer's game: Ana (seat 0) plays a card (move 1), moves her stack (move 2) and takes that back;
    her clock runs out and a bot ends her turn for her; then Ben plays, and Ana takes her seat back."""
    game = games.get("monster-club")
    state = game.new(players=2, seed=1)
    log = [LogEntry(0, None, e) for e in state.opening_events()]
    log += [LogEntry(1, 0, e) for e in state.apply(game.parse_action("play 1 to 1"))]
    before = state.clone()
    move = next(a for a in state.legal_actions() if str(a).startswith("move "))
    log += [LogEntry(2, 0, e) for e in state.apply(move)]
    state = before
    log.append(LogEntry(2, 0, Event("move_undone", {"seat": 0, "ply": 2})))
    log.append(LogEntry(1, None, Event("clock_expired", {"seat": 0})))
    log.append(LogEntry(1, None, Event("seat_takeover", {"seat": 0, "reason": "clock", "since": 1})))
    log += [LogEntry(2, 0, e) for e in state.apply(game.parse_action("end"))]
    log += [LogEntry(3, 1, e) for e in state.apply(state.legal_actions()[0])]
    log.append(LogEntry(3, 0, Event("seat_reclaimed", {"seat": 0})))
    return game, log, state


def test_a_taken_back_move_has_no_number_and_the_move_after_the_undo_takes_it() -> None:
    """No number stands for two moves: the struck-through move shows none, the undo says "your last move"
    (not a number the next move takes), and the moves that stand read 1, 2, 3."""
    game, log, _ = club_log_with_an_undo_and_a_takeover()
    entries = log_json(game, log, 0, ["Ana", "Ben"], {})
    undone = [e for e in entries if e["undone"]]
    assert undone and all(e["move"] == 0 for e in undone)
    standing = {}
    for e in entries:
        if e["move"] > 0 and not e["undone"]:
            standing.setdefault(e["move"], set()).add(e["ply"])
    assert sorted(standing) == [1, 2, 3] and all(len(p) == 1 for p in standing.values()), standing
    texts = [e["text"] for e in entries]
    assert "You take back your last move." in texts
    assert not any("take back move" in t for t in texts)
    assert any("a bot plays your seat from move 2" in t for t in texts)
    other = [e["text"] for e in log_json(game, log, 1, ["Ana", "Ben"], {})]
    assert "Ana takes back their last move." in other


def test_moves_a_takeover_bot_makes_are_told_as_the_bots_to_every_reader() -> None:
    game, log, state = club_log_with_an_undo_and_a_takeover()
    names = ["Ana", "Ben"]
    said = {reader: log_json(game, log, reader, names, {}) for reader in (0, 1, None)}
    by_bot = {
        reader: [e["text"] for e in es if e["ply"] == 2 and not e["undone"] and e["event"]["type"] not in PLATFORM]
        for reader, es in said.items()
    }
    assert by_bot[0][0] == "The bot playing for you ends your turn."
    assert by_bot[1][0] == "The bot playing for Ana ends Ana's turn."
    assert by_bot[None][0] == "The bot playing for Ana ends Ana's turn."
    # only the move's own line names the bot; what followed from it reads as always
    assert any(t == "Ben draws 5 cards." for t in by_bot[0][1:]), by_bot[0]
    # the moves before the takeover were Ana's own, and so is the next after she takes her seat back
    first = [e["text"] for e in said[0] if e["move"] == 1]
    assert first[0].startswith("You play ")
    ply = 3
    while state.to_move != 0:
        ply += 1
        log += [LogEntry(ply, 1, e) for e in state.apply(game.parse_action("end"))]
    log += [LogEntry(ply + 1, 0, e) for e in state.apply(state.legal_actions()[0])]
    later = [e["text"] for e in log_json(game, log, 0, names, {}) if e["ply"] == ply + 1]
    assert later and not any("bot" in t for t in later), later


def test_a_takeover_bots_move_names_the_bot_where_the_sentence_has_another_subject() -> None:
    """MONSTRA tells a move by its creature ("Your Fenara guards"): the bot is named after it."""
    game = games.get("monstra")
    state = game.new(players=2, seed=3)
    seat = state.to_move
    assert seat is not None
    log = [LogEntry(0, None, Event("seat_takeover", {"seat": seat, "reason": "left", "since": 0}))]
    guard = next((a for a in state.legal_actions() if str(a) == "guard"), state.legal_actions()[0])
    log += [LogEntry(1, seat, e) for e in state.apply(guard)]
    names = ["Ana", "Ben"]
    mine = [e["text"] for e in log_json(game, log, seat, names, {}) if e["ply"] == 1]
    theirs = [e["text"] for e in log_json(game, log, None, names, {}) if e["ply"] == 1]
    assert "bot playing for you" in mine[0] and mine[0].endswith(("(chosen by the bot playing for you).", ")")), mine
    assert f"bot playing for {names[seat]}" in theirs[0], theirs


def test_the_rift_guardians_turn_and_a_new_rounds_set_up_are_steps_of_their_own() -> None:
    """A newcomer could not watch the Rift Guardian act: the engine plays its turn and the next round's set-up
    within the player's own move, and all of it was told as that move. The log marks each part the game played
    by itself as a step of its own (the client shows each on its own), for every reader alike."""
    game = games.get("monstra")
    state = game.new(players=1, seed=3, options={"mode": "mission"})
    log = [LogEntry(0, None, e) for e in state.opening_events()]
    ply = 0
    while not any(e.event.type == "guardian" for e in log):
        ply += 1
        log.extend(LogEntry(ply, 0, e) for e in state.apply(state.parse_action("strike g")))
    last = [e for e in log_json(game, log, 0, ["Ann"], {"mode": "mission"}) if e["ply"] == ply]
    told = [(e.get("step", 0), e["text"]) for e in last]
    steps = [step for step, _ in told]
    assert steps == sorted(steps) and set(steps) == {0, 1, 2}, told
    parts = {step: [text for k, text in told if k == step] for step in (0, 1, 2)}
    assert parts[0][0] == "Your Drizzlet strikes the Rift Guardian.", told
    assert parts[1][0].startswith("The Rift Guardian uses "), told
    assert parts[2][0] == "Round 2" and "The Rift Guardian reveals its behaviour" in " ".join(parts[2]), told
    assert all("step" not in e for e in last[:2])  # what the seat decided carries no mark
    # a spectator's log marks the same steps
    seen = [e.get("step", 0) for e in log_json(game, log, None, ["Ann"], {"mode": "mission"}) if e["ply"] == ply]
    assert seen == [s for s, _ in told]
    # the opening's round is no step: it follows no decision
    assert all("step" not in e for e in log_json(game, log, 0, ["Ann"], {}) if e["ply"] == 0)
