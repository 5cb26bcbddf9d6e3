"""The Ray backend on a local Ray instance: the same seeds give the same results as local processes.

Ray workers are fresh processes (not forks of the test), so these tests use a registered game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.sim import LocalBackend, plan, plan_tournament

ray = pytest.importorskip("ray")

pytestmark = pytest.mark.slow


def test_ray_backend_starts_and_stops_its_own_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs first in this module, before the shared instance below exists."""
    from monsterlair.sim.ray_backend import RayBackend

    assert not ray.is_initialized()
    monkeypatch.setenv("RAY_AUTH_MODE", "unset")  # so the test's end restores whatever was there before
    monkeypatch.delenv("RAY_AUTH_MODE")  # the backend must switch authentication off by itself
    tasks = plan("monster-smash", ["random"], 4, players=2, seed=1)
    with RayBackend(1) as backend:
        results = backend.run(tasks)
        assert backend.describe() == {"backend": "ray", "address": "local", "workers": 1}
        assert ray.is_initialized()
    assert not ray.is_initialized()
    assert without_time(results) == without_time(LocalBackend(1).run(tasks))


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    mp = pytest.MonkeyPatch()
    mp.setenv("RAY_AUTH_MODE", "disabled")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()
        mp.undo()


def without_time(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in results]


def test_ray_backend_equals_the_local_backend_for_the_same_seeds(local_ray: None) -> None:
    from monsterlair.sim.ray_backend import RayBackend

    tasks = plan("monster-smash", ["ismcts:iterations=10", "greedy", "random"], 12, players=3, seed=21)
    tasks += plan_tournament("monstra", ["greedy", "random"], 4, players=2, seed=5)
    tasks = [t.__class__(i, t.game, t.players, t.seats, t.seed, t.options, t.run) for i, t in enumerate(tasks)]
    heard: list[int] = []
    backend = RayBackend(chunk_size=3)
    on_ray = backend.run(tasks, lambda done: heard.extend(r["index"] for r in done))
    backend.close()
    assert ray.is_initialized()  # it joined the running instance, so it leaves it running
    local = LocalBackend(1).run(tasks)
    assert without_time(on_ray) == without_time(local)
    assert sorted(heard) == list(range(len(tasks))) and all(r["error"] is None for r in on_ray)
    assert any(r["factors"][0] for r in on_ray)


def test_sim_command_on_ray_matches_local(local_ray: None) -> None:
    args = ["sim", "monster-smash", "-n", "8", "--bots", "greedy,random", "--seed", "3", "--json"]
    on_ray = CliRunner().invoke(app, [*args, "--backend", "ray"])
    assert on_ray.exit_code == 0, on_ray.output
    local = CliRunner().invoke(app, [*args, "--workers", "2"])
    a, b = (json.loads(r.output[r.output.index("{") :]) for r in (on_ray, local))
    assert a["backend"]["backend"] == "ray" and a["backend"]["workers"] == 2
    for key in ("bots", "seats", "length", "outcomes", "factors", "first_mover", "terminations"):
        assert a[key] == b[key], key
