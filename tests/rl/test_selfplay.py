"""Self-play against a pool of past policies: the pool grows, opponents come from it, runs replay."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from monsterlair.core import BadOptions
from monsterlair.rl.selfplay import SelfPlay, SnapshotBot
from tests.rl.helpers import load_example


class Counter:
    """A policy whose version shows in its play (its version-th legal index); it counts its calls."""

    def __init__(self) -> None:
        self.version = 0
        self.calls = 0

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None) -> int:
        self.calls += 1
        legal = np.flatnonzero(mask)
        return int(legal[min(self.version, len(legal) - 1)])


def play_one(self_play: SelfPlay, learner: Counter) -> None:
    obs, info = self_play.reset()
    done = False
    while not done:
        obs, _, terminated, truncated, info = self_play.env.step(learner.act(obs, info["action_mask"], None))
        done = terminated or truncated


def test_a_tiny_self_play_run_of_the_example_grows_the_pool_and_draws_opponents_from_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    example = load_example("train_rl_agent")
    made: list[SelfPlay] = []

    class Recorded(SelfPlay):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(example, "SelfPlay", Recorded)
    policy = example.train(episodes=12, batch=3, hidden=8, seed=3, self_play_every=1)
    (self_play,) = made
    assert self_play.updates == 4
    assert self_play.pool_updates() == [0, 1, 2, 3, 4]  # the start, then one snapshot per update
    assert len(self_play.drawn) == 12  # one opponent per training game...
    assert set(self_play.drawn) <= {0, 1, 2, 3}  # ...from the pool as it stood then
    assert max(self_play.drawn) > 0  # later snapshots were played against, not only the first
    first = self_play.pool[0].policy
    assert not np.array_equal(first.params["w1"], policy.params["w1"])  # type: ignore[attr-defined]  # frozen copies
    assert self_play.pool[-1].policy is not policy


def test_snapshots_play_the_other_seats_with_their_own_frozen_policy() -> None:
    learner = Counter()
    self_play = SelfPlay(learner, "monster-smash", snapshot_every=2, latest_share=1.0, seed=1)
    assert isinstance(self_play.env.opponents[0], SnapshotBot)
    play_one(self_play, learner)
    opponent = self_play.pool[0].policy
    assert isinstance(opponent, Counter) and opponent is not learner and opponent.calls > 0
    assert not self_play.updated(learner)  # one update: no snapshot yet
    learner.version = 1
    assert self_play.updated(learner)  # the second: a snapshot of version 1
    assert self_play.pool_updates() == [0, 2] and self_play.latest.policy.version == 1  # type: ignore[attr-defined]
    assert opponent.version == 0  # the old snapshot did not follow the learner
    play_one(self_play, learner)
    assert self_play.drawn == [0, 2]  # latest_share=1: always the newest


def test_the_pool_keeps_at_most_pool_size_and_never_drops_the_latest() -> None:
    learner = Counter()
    self_play = SelfPlay(learner, "monster-smash", snapshot_every=1, pool_size=3, latest_share=0.0, seed=2)
    for _ in range(5):
        self_play.updated(learner)
    assert self_play.pool_updates() == [3, 4, 5]
    draws = [self_play.draw().update for _ in range(60)]
    assert set(draws) == {3, 4, 5}  # latest_share=0: uniform over the whole pool


def test_a_seeded_self_play_run_replays() -> None:
    def run() -> tuple[list[int], list[int]]:
        learner = Counter()
        self_play = SelfPlay(learner, "monster-smash", snapshot_every=1, seed=4)
        seeds = []
        for _ in range(6):
            play_one(self_play, learner)
            assert self_play.env.game_state is not None
            seeds.append(self_play.env.game_state.seed)
            learner.version += 1
            self_play.updated(learner)
        return self_play.drawn, seeds

    assert run() == run()


def test_bad_pool_settings_are_refused() -> None:
    for kwargs in ({"snapshot_every": 0}, {"pool_size": 0}, {"latest_share": 1.5}):
        with pytest.raises(BadOptions):
            SelfPlay(Counter(), "monster-smash", **kwargs)
