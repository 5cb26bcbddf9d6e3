"""Property tests: random legal games of every registered game (and Toy Race, the example game) keep the
contract's invariants.

Hypothesis chooses the player count, the seed and every action, so a failure shrinks to a short game.
The invariants are the conformance suite's step checks, applied along these arbitrary paths rather than
the suite's fixed ones.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monsterlair import games
from monsterlair.core import Game, GameOver, Rng
from monsterlair.testing.conformance import (
    check_decision,
    check_determinize,
    check_events,
    check_replay,
    check_result,
    player_counts,
    snapshot,
)
from tests.example_game import GAME as TOY

GAME_IDS = games.ids()
"""Every registered game (tests/testing/test_registered_games.py checks none is missing)."""

MAX_STEPS = 300
"""Paths are checked this far. Termination is the suite's business (random playouts must end): an arbitrary
path may legitimately go on for ever in a game without a safety cap (everyone passing with a dry deck)."""

PROPERTY_SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _game(game_id: str) -> Game:
    return TOY if game_id == TOY.id else games.get(game_id)


@pytest.mark.parametrize("game_id", [TOY.id, *GAME_IDS])
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_legal_games_keep_the_invariants(game_id: str, data: Any) -> None:
    game = _game(game_id)
    players = data.draw(st.sampled_from(player_counts(game)), label="players")
    seed = data.draw(st.integers(0, 2**48), label="seed")
    state = game.new(players, seed)
    for step in range(MAX_STEPS):
        check_decision(state)
        if state.over:
            break
        legal = state.legal_actions()
        action = data.draw(st.sampled_from(list(legal)), label=f"action {step}")
        seat = state.to_move
        assert seat is not None
        before = snapshot(state)
        # a game sent to another process (a pool of simulations, a pickled environment) or copied whole is the same
        for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert snapshot(copied) == before, "a pickled or deep-copied state differs from the original"
        check_determinize(state, seat, seed + step, expected=before, independence=step % 5 == 0)
        clone = state.clone()
        events = state.apply(action)
        check_events(events, players)
        clone.apply_unchecked(action)  # its events may leave out presentation extras (animation frames)
        assert snapshot(clone) == snapshot(state), "apply_unchecked on a clone differs from apply"
    check_result(state)
    check_replay(state)
    if state.over and state.history:  # a deal can end the game before any move (MS-2.5: six of a suit dealt)
        with pytest.raises(GameOver):
            state.apply(state.history[-1])


@pytest.mark.parametrize("game_id", [TOY.id, *GAME_IDS])
@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**48), cut=st.integers(0, 400))
def test_replay_upto_rebuilds_every_prefix(game_id: str, seed: int, cut: int) -> None:
    game = _game(game_id)
    rng = Rng(seed)
    counts = player_counts(game)
    state = game.new(counts[seed % len(counts)], seed)
    prefix = None
    while not state.over and len(state.history) < MAX_STEPS:
        if len(state.history) == cut:
            prefix = snapshot(state)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    upto = min(cut, len(state.history))
    rebuilt = game.replay(state.record(), upto)
    assert snapshot(rebuilt) == (prefix if prefix is not None else snapshot(state))
