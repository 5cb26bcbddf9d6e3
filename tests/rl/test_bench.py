"""The RL throughput measurement behind docs/performance.md runs and reports sane figures."""

from __future__ import annotations

import statistics

from monsterlair.rl.bench import measure
from tests.example_game import ToyGame


def test_measure_reports_positive_rates_for_every_figure(toy: ToyGame) -> None:
    figures = measure("toy-race", players=3, seconds=0.05, repeats=1)
    assert figures["game"] == "toy-race" and figures["players"] == 3
    engines = ("engine_steps_per_s", "engine_quiet_steps_per_s")
    keys = (*engines, "aec_steps_per_s", "gym_steps_per_s", "gym_decisions_per_s", "vector_steps_per_s")
    ratios = ("vector_ratio", "vector_ratio_cpu", "vector_ratio_quiet", "vector_ratio_quiet_cpu", "gym_ratio_cpu")
    for key in (*keys, "vector_decisions_per_s", *ratios):
        assert figures[key] > 0, key
    assert figures["gym_decisions_per_s"] >= figures["gym_steps_per_s"]  # the agent's steps are among them
    assert figures["vector_decisions_per_s"] >= figures["vector_steps_per_s"]
    assert figures["vector_ratio"] == figures["vector_decisions_per_s"] / figures["engine_steps_per_s"]
    assert figures["vector_ratio_quiet"] == figures["vector_decisions_per_s"] / figures["engine_quiet_steps_per_s"]


def test_the_ratios_are_the_medians_of_each_repeats_ratio(toy: ToyGame) -> None:
    figures = measure("toy-race", players=2, seconds=0.02, repeats=3)
    runs = figures["vector_ratio_runs"]
    assert len(runs) == 3 and all(r > 0 for r in runs)
    assert figures["vector_ratio"] == statistics.median(runs)
