"""Events are redacted per seat; results rank and pay off consistently."""

from __future__ import annotations

import copy
import pickle

import pytest

from monsterlair import games
from monsterlair.core import Event, Result, Rng, ranks_from_scores, redact
from monsterlair.core.result import result_from_json


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


def test_an_event_pickles_and_compares_by_its_parts() -> None:
    """Events cross process pools (compiled, ``Event`` is made again from its parts by ``__reduce__``)."""
    event = Event("draw", {"seat": 1, "count": 1}, {"cards": ["ember-3"]}, (1,))
    again = pickle.loads(pickle.dumps(event))
    assert again == event and again is not event
    assert (again.type, again.data, again.private, again.to) == (
        "draw",
        {"seat": 1, "count": 1},
        {"cards": ["ember-3"]},
        (1,),
    )
    assert copy.deepcopy(event) == event
    assert event != Event("draw", {"seat": 1, "count": 1}) and Event("turn").data == {}
    with pytest.raises(TypeError):
        hash(event)


def test_result_payoffs() -> None:
    sole = Result((1,), (2, 1, 2), (0.0, 1.0, 0.0), "win")
    assert [sole.payoff(s) for s in range(3)] == [0.0, 1.0, 0.0]
    shared = Result((0, 2), (1, 3, 1), (5.0, 1.0, 5.0), "longest_line")
    assert shared.payoff(0) == 0.5 and shared.payoff(1) == 0.0
    draw = Result((), (1, 1), (0.0, 0.0), "cap", capped=True)
    assert draw.payoff(0) == 0.5
    assert draw.to_json()["capped"] is True


def test_a_finished_games_result_always_holds_its_payoffs() -> None:
    """Review: docs/rl.md's quick start printed ``payoffs=None`` for a finished game, while the engine
    protocol documents payoffs as 1 for a sole win, 0 for a loss, ½ each in a draw."""
    assert Result((1,), (2, 1, 2), (0.0, 1.0, 0.0), "win").payoffs == (0.0, 1.0, 0.0)
    assert Result((0, 2), (1, 3, 1), (5.0, 1.0, 5.0), "longest_line").payoffs == (0.5, 0.0, 0.5)
    assert Result((), (1, 1), (0.0, 0.0), "cap", capped=True).payoffs == (0.5, 0.5)
    assert Result((), (1, 1), (0.0, 0.0), "boss", payoffs=(0.0, 0.0)).payoffs == (0.0, 0.0)  # a game's own
    assert result_from_json({"winners": [0], "ranks": [1, 2], "scores": [6, 3], "termination": "x"}).payoffs == (
        1.0,
        0.0,
    )
    for game_id in ("monster-smash", "monster-club", "monstra", "push-a-monster"):
        game = games.get(game_id)
        state = game.new(2, seed=1)
        rng = Rng(1)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        result = state.result
        assert result is not None and result.payoffs is not None, game_id
        assert list(result.payoffs) == [result.payoff(s) for s in range(2)]
        assert "payoffs=None" not in repr(result) and result.to_json()["payoffs"] == list(result.payoffs)


def test_ranks_from_scores() -> None:
    assert ranks_from_scores([3, 5, 3, 1]) == (2, 1, 2, 4)


def test_a_lost_cooperative_game_is_not_a_draw() -> None:
    lost = Result((), (1, 1), (3.0, 3.0), "team-defeated", payoffs=(0.0, 0.0))
    assert lost.everyone_lost and lost.payoff(0) == 0.0
    draw = Result((), (1, 1), (3.0, 3.0), "cap", capped=True)
    assert not draw.everyone_lost and draw.payoff(1) == 0.5
