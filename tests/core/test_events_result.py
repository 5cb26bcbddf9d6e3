"""Events are redacted per seat; results rank and pay off consistently."""

from __future__ import annotations

from monsterlair.core import Event, Result, ranks_from_scores, redact


def test_private_part_only_for_listed_seats() -> None:
    e = Event("draw", {"seat": 1, "count": 2}, private={"cards": [3, 9]}, to=(1,))
    assert e.for_seat(1) == {"type": "draw", "seat": 1, "count": 2, "cards": [3, 9]}
    assert e.for_seat(0) == {"type": "draw", "seat": 1, "count": 2}
    assert e.for_seat(None) == {"type": "draw", "seat": 1, "count": 2}
    assert e.for_seat(None, reveal_all=True)["cards"] == [3, 9]
    assert redact([e], 0) == [{"type": "draw", "seat": 1, "count": 2}]


def test_for_seat_does_not_alias_event_data() -> None:
    e = Event("x", {"a": 1})
    out = e.for_seat(0)
    out["a"] = 2
    assert e.data == {"a": 1}


def test_result_payoffs() -> None:
    sole = Result((1,), (2, 1, 2), (0.0, 1.0, 0.0), "win")
    assert [sole.payoff(s) for s in range(3)] == [0.0, 1.0, 0.0]
    shared = Result((0, 2), (1, 3, 1), (5.0, 1.0, 5.0), "longest_line")
    assert shared.payoff(0) == 0.5 and shared.payoff(1) == 0.0
    draw = Result((), (1, 1), (0.0, 0.0), "cap", capped=True)
    assert draw.payoff(0) == 0.5
    assert draw.to_json()["capped"] is True


def test_ranks_from_scores() -> None:
    assert ranks_from_scores([3, 5, 3, 1]) == (2, 1, 2, 4)


def test_a_lost_cooperative_game_is_not_a_draw() -> None:
    lost = Result((), (1, 1), (3.0, 3.0), "team-defeated", payoffs=(0.0, 0.0))
    assert lost.everyone_lost and lost.payoff(0) == 0.0
    draw = Result((), (1, 1), (3.0, 3.0), "cap", capped=True)
    assert not draw.everyone_lost and draw.payoff(1) == 0.5
