"""examples/distill_search_policy.py: its network's gradients, its targets, and a tiny distillation that learns.

A tiny run (a dozen MONSTRA games labelled by a small search) must agree with the teacher's choice on held-out
positions clearly more often than the untrained network does, and its saved file must be a ``policy`` bot that
plays legal games to the end.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

from monsterlair import bots, games
from monsterlair.core import Perspective, Rng
from tests.rl.helpers import EXAMPLES, load_example


def test_the_networks_gradients_match_finite_differences() -> None:
    """``backprop`` (shared by REINFORCE and imitation) is the true gradient of the cross-entropy, at any depth."""
    policy_cls = load_example("train_rl_agent").Policy
    rng = np.random.default_rng(1)
    obs = rng.normal(size=(5, 7))
    masks = (rng.random((5, 6)) < 0.7).astype(float)
    masks[:, 0] = 1.0
    targets = masks * rng.random((5, 6))
    targets /= targets.sum(axis=1, keepdims=True)
    for hidden in (4, (4, 3)):
        policy = policy_cls(7, 6, hidden, seed=2)
        for p in policy.params.values():
            p += rng.normal(0.0, 0.3, p.shape)  # away from the near-uniform start

        def objective(policy: Any = policy) -> float:
            _, probs = policy.forward(obs, masks)
            return float((targets * np.log(np.where(probs > 0, probs, 1.0))).sum(axis=1).mean())

        acts, probs = policy.activations(obs, masks)
        grads = policy.backprop(acts, (targets - probs) / len(obs))
        assert sorted(grads) == sorted(policy.params)
        for name, param in policy.params.items():
            for index in [(0,), (-1,)] if param.ndim == 1 else [(0, 0), (1, 2), (-1, -1)]:
                saved = param[index]
                param[index] = saved + 1e-6
                up = objective()
                param[index] = saved - 1e-6
                down = objective()
                param[index] = saved
                assert abs((up - down) / 2e-6 - grads[name][index]) < 1e-6, (hidden, name, index)


def test_targets_are_sharpened_visit_counts_on_the_legal_actions() -> None:
    example = load_example("distill_search_policy")
    data = example.Dataset()
    data.add([0.0, 1.0], [1, 3, 4], [10.0, 30.0, 0.0], 3, 0)
    data.add([1.0, 0.0], [0, 2], [0.0, 0.0], 2, 1)  # no visits spread: the teacher's choice
    obs, masks, targets = data.batch(np.array([0, 1]), 5, 0.5)
    assert obs.shape == (2, 2)
    assert masks.tolist() == [[0, 1, 0, 1, 1], [1, 0, 1, 0, 0]]
    assert np.allclose(targets[0], [0, 0.1, 0, 0.9, 0])  # 10² : 30² : 0²
    assert targets[1].tolist() == [0, 0, 1, 0, 0]
    _, _, argmax = data.batch(np.array([0]), 5, 0.0)
    assert argmax[0].tolist() == [0, 0, 0, 1, 0]


def test_a_tiny_distillation_learns_the_teachers_choices_and_saves_a_playable_policy(tmp_path: Path) -> None:
    example = load_example("distill_search_policy")
    policy, data, history = example.distil(
        "monstra",
        teacher_spec="ismcts:iterations=40",
        rounds=2,
        games_per_round=20,
        hidden=(64,),
        epochs=60,
        lr=0.003,
        holdout=0.25,
        eval_games=0,
        seed=3,
        log=False,
    )
    assert [h["round"] for h in history] == [0, 1]
    assert history[0]["teacher_share"] == 1.0 and history[1]["teacher_share"] == 0.5
    held = np.flatnonzero(np.asarray(data.game_no) % 4 == 3)
    assert len(held) > 200
    game = games.get("monstra")
    options = game.options.resolve({})
    num_actions = game.num_actions(2, options)
    untrained = example.Policy(game.observation_size(2, options), num_actions, (64,), 3)
    before = example.agreement(untrained, data, held, num_actions)
    after = example.agreement(policy, data, held, num_actions)
    # Measured: 0.25 untrained, 0.43 after the two rounds (the 40-iteration teacher is noisy, so the ceiling is low).
    assert after > before + 0.12, (before, after)
    assert after == history[-1]["agreement"]

    saved = policy.save(str(tmp_path / "tiny"), "monstra", label="Tiny learner")
    bot = bots.from_spec(f"policy:path={saved}")
    opponent = bots.from_spec("random")
    for seed in (0, 1):
        state = game.new(2, seed=seed)
        rng = Rng(seed)
        while not state.over:
            seat = state.to_move
            assert seat is not None
            chooser = bot if seat == seed % 2 else opponent
            action = chooser.choose(Perspective(state, seat), rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.result is not None


def test_labelled_positions_survive_a_save_and_a_load(tmp_path: Path) -> None:
    example = load_example("distill_search_policy")
    data = example.Dataset()
    data.add([0.5, 1.0], [1, 3, 4], [10.0, 30.0, 0.0], 3, 7, [0.4, 0.6, 0.1])
    data.add([1.0, 0.0], [0, 2], [2.0, 5.0], 2, 8)
    path = str(tmp_path / "positions.npz")
    data.save(path)
    back = example.Dataset.load(path)
    assert len(back) == 2 and back.chosen == [3, 2] and back.game_no == [7, 8]
    for name in ("obs", "legal", "visits", "means"):
        for a, b in zip(getattr(data, name), getattr(back, name), strict=True):
            assert np.array_equal(a, b), name


def test_the_trainers_speak_to_their_user_in_plain_words() -> None:
    """``--help`` keeps each example command on one line, shows defaults, no reStructuredText; a saved policy
    is named with the exact bot spec that plays it."""
    import subprocess

    for name in ("train_rl_agent", "distill_search_policy", "average_policies"):
        out = subprocess.run(
            [sys.executable, str(EXAMPLES / f"{name}.py"), "--help"], capture_output=True, text=True, check=True
        ).stdout
        assert "``" not in out and "(default: " in out, name
        assert max(len(line) for line in out.splitlines()) <= 120, out  # no two lines joined by a backslash
    trainer = load_example("train_rl_agent")
    said = trainer.saved_line("runs/club.npz")
    assert said == "Saved the policy to runs/club.npz (play it as policy:path=runs/club.npz)."
