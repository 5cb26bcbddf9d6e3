"""The master without IO: seats, start, the fixed order of action checks, batches, redaction, restore."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from monsterlair import games
from monsterlair.server.storage.base import SeatData
from monsterlair.server.tables.table import CLOSED, FINISHED, OPEN, PLAYING, LogEntry, Table, TableError, clean_name
from tests import example_game
from tests.server.platform_kit import bare

TOY = example_game.GAME


def new_table(players: int = 2, seats: list[SeatData] | None = None, options: dict[str, object] | None = None) -> Table:
    if seats is None:
        seats = [SeatData(user_id=1, name="Ann")] + [SeatData() for _ in range(players - 1)]
    return Table.create(
        TOY,
        table_id="t1",
        owner_id=1,
        players=players,
        options=options,
        seats=seats,
        private=False,
        seed=7,
        invite="inv",
    )


def started(options: dict[str, object] | None = None) -> Table:
    table = new_table(options=options)
    table.join(2, "Bob")
    table.start(1)
    return table


def code(fn: Callable[..., object], *args: object, **kwargs: object) -> str:
    with pytest.raises(TableError) as info:
        fn(*args, **kwargs)
    return info.value.code


def test_create_checks_options_and_seats_with_the_games_sentences() -> None:
    with pytest.raises(TableError, match="Unknown option 'targte'. Did you mean 'target'"):
        new_table(options={"targte": 3})
    with pytest.raises(TableError, match="takes 2 to 4 players"):
        new_table(players=5)
    with pytest.raises(TableError, match="one seat entry per player"):
        Table.create(
            TOY,
            table_id="x",
            owner_id=1,
            players=3,
            options=None,
            seats=[SeatData()],
            private=False,
            seed=1,
            invite="i",
        )
    twice = [SeatData(user_id=1, name="A"), SeatData(user_id=1, name="A")]
    with pytest.raises(TableError, match="only one seat"):
        new_table(seats=twice)
    table = new_table(options={"target": "9"})
    assert table.meta.options == {"target": 9, "mode": "normal", "max_turns": 60}
    assert table.status == OPEN


def test_join_leave_host_passing_and_closing() -> None:
    table = new_table(players=3)
    assert table.join(2, "Bob") == 1
    assert code(table.join, 2, "Bob") == "already_seated"
    assert code(table.join, 3, "Cy", 1) == "seat_taken"
    assert code(table.join, 3, "Cy", 9) == "bad_request"
    assert table.join(3, "Cy") == 2
    assert code(table.join, 4, "Di") == "table_full"
    table.leave(1)  # the host leaves: Bob hosts now
    assert table.meta.owner_id == 2 and table.seat_of(1) is None
    assert code(table.leave, 1) == "not_seated"
    table.leave(2)
    table.leave(3)
    assert table.status == CLOSED


def test_private_table_needs_the_invite() -> None:
    table = Table.create(
        TOY,
        table_id="p",
        owner_id=1,
        players=2,
        options=None,
        seats=[SeatData(user_id=1, name="A"), SeatData()],
        private=True,
        seed=1,
        invite="secret",
    )
    assert code(table.join, 2, "B") == "forbidden"
    assert code(table.join, 2, "B", None, "wrong") == "forbidden"
    assert table.join(2, "B", None, "secret") == 1
    assert table.may_view(None, "secret") and not table.may_view(None, None) and table.may_view(2, None)


def test_only_the_host_starts_and_only_when_every_seat_is_filled() -> None:
    table = new_table()
    assert code(table.start, 1) == "seats_empty"
    table.join(2, "Bob")
    assert code(table.start, 2) == "not_host"
    table.start(1)
    assert table.status == PLAYING and table.state is not None and table.state_id == 0
    assert code(table.start, 1) == "already_started"
    assert code(table.join, 3, "Cy") == "already_started"
    assert code(table.leave, 2) == "already_started"


def test_host_seats_and_removes_bots() -> None:
    table = new_table(players=3)
    table.set_seat(1, 1, "random")
    assert table.meta.seats[1].bot == "random" and table.meta.seats[1].name
    assert code(table.set_seat, 2, 2, "random") == "not_host"
    assert code(table.set_seat, 1, 0, "random") == "seat_taken"
    table.set_seat(1, 1, None)
    assert table.meta.seats[1].empty


def test_actions_are_checked_in_a_fixed_order_and_change_nothing_when_refused() -> None:
    table = new_table()
    assert code(table.propose, 1, 0, ["pass"]) == "not_started"
    table.join(2, "Bob")
    table.start(1)
    before = table.state.record() if table.state else None
    assert code(table.propose, 1, "0", ["pass"]) == "bad_request"
    assert code(table.propose, 1, 0, "pass") == "bad_request"
    assert code(table.propose, 1, 0, []) == "bad_request"
    assert code(table.propose, 1, 0, ["pass"] * 65) == "bad_request"
    assert code(table.propose, 99, 0, ["pass"]) == "not_seated"
    assert code(table.propose, None, 0, ["pass"]) == "not_seated"
    assert code(table.propose, 2, 0, ["pass"]) == "not_your_turn"
    assert code(table.propose, 1, 5, ["pass"]) == "stale_state"
    assert code(table.propose, 1, 0, ["jump"]) == "bad_action"
    assert code(table.propose, 1, 0, ["play 9"]) == "bad_action"
    assert table.state is not None and table.state.record() == before and table.state_id == 0 and not table.log


def test_a_proposal_applies_to_a_clone_until_committed() -> None:
    table = started()
    proposal = table.propose(1, 0, ["pass"])
    assert table.state_id == 0 and table.state is not None and table.state.to_move == 0
    assert proposal.meta.state_id == 1 and proposal.meta.to_move == 1
    table.commit(proposal)
    assert table.state_id == 1 and table.to_move == 1
    assert [e.event.type for e in table.log] == ["pass"]
    assert code(table.commit, proposal) == "stale_state"


def test_a_batch_is_applied_in_order_or_refused_whole() -> None:
    table = started()
    # Seat 0 cannot act twice in a row in Toy Race: the second action belongs to seat 1.
    assert code(table.propose, 1, 0, ["pass", "pass"]) == "illegal_action"
    assert table.state_id == 0 and not table.log


def test_monster_smash_multi_card_burn_is_one_batch() -> None:
    game = games.get("monster-smash")
    seats = [SeatData(user_id=1, name="A"), SeatData(user_id=2, name="B")]
    table = Table.create(
        game, table_id="m", owner_id=1, players=2, options=None, seats=seats, private=False, seed=3, invite="i"
    )
    table.start(1)
    state = table.state
    assert state is not None
    first = state.to_move
    assert first is not None
    uid = first + 1
    table.commit(table.propose(uid, 0, ["keep"]))
    assert table.state is not None and table.state.view(first)["phase"] == "burn"
    hand = table.state.view(first)["hand"]
    n = table.state_id
    # A bad second pick rejects the whole batch.
    assert code(table.propose, uid, n, ["burn 1", "burn 99", "done"]) == "bad_action"
    assert table.state_id == n
    proposal = table.propose(uid, n, ["burn 1", "burn 1", "done"])
    table.commit(proposal)
    assert table.state_id == n + 3
    burn = [e.event for e in table.log if e.event.type == "burn"][-1]
    assert burn.data["count"] == 2 and burn.data["cards"] == sorted(hand[:2], key=hand.index)


def test_messages_are_redacted_per_receiver() -> None:
    table = started()
    table.commit(table.propose(1, 0, ["play " + str(table.state.view(0)["hand"][0])]))  # type: ignore[union-attr]
    assert table.state is not None
    for seat in (0, 1, None):
        snap = table.snapshot(seat)
        assert snap["view"] == table.state.view(seat)
        assert bare(snap["log"]) == [e.for_seat(seat) for e in table.log]
        assert all(x["text"] for x in snap["log"])
    draw = [e for e in table.log if e.event.type == "draw"][0]
    assert "card" in draw.for_seat(0)["event"]
    assert "card" not in draw.for_seat(1)["event"] and "card" not in draw.for_seat(None)["event"]
    assert table.snapshot(0)["legal"] == [] and table.snapshot(None)["legal"] == []
    assert [a["text"] for a in table.snapshot(1)["legal"]] == [str(a) for a in table.state.legal_actions()]


def test_restore_rebuilds_the_state_from_the_stored_record_and_events() -> None:
    table = started({"target": 60})
    for _ in range(4):
        assert table.state is not None and table.to_move is not None
        uid = table.to_move + 1
        text = str(table.state.legal_actions()[-1])
        table.commit(table.propose(uid, table.state_id, [text]))
    stored = [e.stored() for e in table.log]
    copy = Table.restore(table.meta, TOY, stored)
    assert copy.state is not None and table.state is not None
    assert copy.state.record() == table.state.record()
    assert copy.state.view(0) == table.state.view(0)
    assert [e.for_seat(0) for e in copy.log] == [e.for_seat(0) for e in table.log]
    broken = dict(table.meta.record or {})
    broken["actions"] = ["play 7"]
    table.meta.record = broken
    assert code(Table.restore, table.meta, TOY, stored) == "unavailable"


def test_a_finished_game_refuses_actions_and_offers_a_rematch() -> None:
    table = new_table(options={"target": 1})
    table.join(2, "Bob")
    table.start(1)
    assert table.state is not None
    value = table.state.view(0)["hand"][0]
    table.commit(table.propose(1, 0, [f"play {value}"]))
    assert table.status == FINISHED and table.meta.result is not None and table.meta.finished_at is not None
    assert code(table.propose, 2, 1, ["pass"]) == "game_over"
    assert code(table.rematch_meta, 99, table_id="r", seed=1, invite="i") == "not_seated"
    meta = table.rematch_meta(2, table_id="r", seed=1, invite="i")
    assert meta.owner_id == 2 and meta.rematch_of == "t1" and [s.user_id for s in meta.seats] == [1, 2]


def test_names_are_trimmed_and_limited() -> None:
    assert clean_name("  Ann   Lee ") == "Ann Lee"
    assert clean_name("<b>x</b>") == "<b>x</b>"  # kept as typed; every client escapes it
    for bad in ("", "   ", "x" * 25, 5):
        with pytest.raises(TableError):
            clean_name(bad)


def test_log_entries_round_trip_through_storage() -> None:
    table = started()
    table.commit(table.propose(1, 0, ["pass"]))
    entry = table.log[0]
    again = LogEntry.from_stored(entry.stored())
    assert again.for_seat(1) == entry.for_seat(1)


def solo_mission(seed: int) -> Table:
    """A started MONSTRA solo mission for Ann (seat 0, user 1)."""
    seats = [SeatData(user_id=1, name="Ann")]
    options = {"mode": "mission"}
    table = Table.create(
        games.get("monstra"),
        table_id="m",
        owner_id=1,
        players=1,
        options=options,
        seats=seats,
        private=False,
        seed=seed,
        invite="",
    )
    table.start(1)
    return table


def test_a_mission_log_opens_with_the_guardians_revealed_behaviour() -> None:
    """Issue 13: round 1 of a mission shows the Guardian's behaviour in the log (move 0), also after a restart."""
    table = solo_mission(3)
    game = table.game
    log = table.snapshot(0)["log"]
    assert [e["event"]["type"] for e in log][:1] == ["round"] and all(e["ply"] == 0 and e["turn"] == 1 for e in log)
    behaviour = next(e for e in log if e["event"]["type"] == "behaviour")
    assert behaviour["text"].startswith("The Rift Guardian reveals its behaviour for this round: ")
    again = Table.restore(table.meta, game, [])
    assert again.snapshot(0)["log"] == log


def test_a_lost_mission_is_sent_as_a_lost_mission_not_a_draw() -> None:
    """Issue 13, item 3: the end-screen words, the table's summary (lobby) and every receiver agree."""
    from monsterlair.core import Rng

    table = solo_mission(5)
    rng = Rng(5)
    while table.state is not None and not table.state.over:
        legal = table.state.legal_actions()
        table.commit(table.propose(1, table.state_id, [str(legal[rng.below(len(legal))])]))
    assert table.meta.result is not None and not table.meta.result["winners"]  # random play loses this mission
    mine, watching = table.snapshot(0)["result_text"], table.snapshot(None)["result_text"]
    assert mine["outcome"] == watching["outcome"] == "mission_lost"
    assert mine["headline"] == "The Rift Guardian wins: the mission failed"
    assert any(line.startswith("Damage dealt to the Guardian:") for line in mine["lines"])
    assert table.info()["result_summary"] == {"outcome": "mission_lost", "headline": mine["headline"]}
    assert mine["standings"][0]["score_text"].endswith("damage dealt to the Guardian")
