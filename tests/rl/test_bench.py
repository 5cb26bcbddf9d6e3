"""The RL throughput measurement behind docs/performance.md runs and reports sane figures."""

from __future__ import annotations

from monsterlair.rl.bench import measure
from tests.utils.toy_game import ToyGame


def test_measure_reports_positive_rates_for_every_figure(toy: ToyGame) -> None:
    figures = measure("toy-race", players=3, seconds=0.05, repeats=1)
    assert figures["game"] == "toy-race" and figures["players"] == 3
    for key in ("engine_steps_per_s", "aec_steps_per_s", "gym_steps_per_s", "gym_decisions_per_s"):
        assert figures[key] > 0, key
    assert figures["gym_decisions_per_s"] >= figures["gym_steps_per_s"]  # the agent's steps are among them
