"""Batch simulation between bots: plans, one-game runner, backends, results files, statistics, ratings, reports.

``monsterlair.sim.report`` (plots; the ``sim`` extra) and ``monsterlair.sim.ray_backend`` (the ``ray``
extra) are imported on demand, so the rest works without matplotlib or Ray.
"""

from monsterlair.sim.local import Backend, LocalBackend
from monsterlair.sim.runner import GameTask, derive_seed, plan, plan_tournament, run_chunk, run_game
from monsterlair.sim.stats import summarize, wilson
from monsterlair.sim.store import ResultLog

__all__ = [
    "Backend",
    "GameTask",
    "LocalBackend",
    "ResultLog",
    "derive_seed",
    "plan",
    "plan_tournament",
    "run_chunk",
    "run_game",
    "summarize",
    "wilson",
]
