"""examples/average_policies.py: the mean of sibling policy files, and a refusal in words for files that differ."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from monsterlair.bots.policy import load_policy
from tests.rl.helpers import load_example


def test_the_average_is_the_mean_of_every_layer_and_plays(tmp_path: Path) -> None:
    train = load_example("train_rl_agent")
    soup = load_example("average_policies")
    env = train.gym_env("monster-smash")
    size, actions = env.enc.observation_size, env.enc.num_actions
    paths = []
    for seed in (1, 2, 3):
        net = train.Policy(size, actions, [8, 4], seed)
        paths.append(net.save(str(tmp_path / f"p{seed}.npz"), "monster-smash", label="Smash sibling"))
    averaged = soup.average(paths)
    loaded = [load_policy(p) for p in paths]
    for i, (w, b) in enumerate(averaged.layers):
        assert np.allclose(w, sum(n.layers[i][0] for n in loaded) / 3)
        assert np.allclose(b, sum(n.layers[i][1] for n in loaded) / 3)
    assert averaged.label == "Smash sibling"
    assert averaged.logits([0.0] * size).shape == (actions,)


def test_files_that_cannot_be_averaged_are_refused_in_words(tmp_path: Path) -> None:
    train = load_example("train_rl_agent")
    soup = load_example("average_policies")
    env = train.gym_env("monster-smash")
    size, actions = env.enc.observation_size, env.enc.num_actions
    one = train.Policy(size, actions, [8], 1).save(str(tmp_path / "one.npz"), "monster-smash")
    wide = train.Policy(size, actions, [16], 2).save(str(tmp_path / "wide.npz"), "monster-smash")
    with pytest.raises(SystemExit, match="wide.npz is not the same kind of network as"):
        soup.average([one, wide])
    with pytest.raises(SystemExit, match="at least two policy files"):
        soup.average([one])
    with pytest.raises(SystemExit, match="there is no policy file"):
        soup.average([one, str(tmp_path / "missing.npz")])
