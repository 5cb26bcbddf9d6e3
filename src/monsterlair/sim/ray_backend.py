"""A backend on Ray: the same chunks of games as :class:`~monsterlair.sim.local.LocalBackend`, run as Ray tasks.

Install with the ``ray`` extra (``pip install "monsterlair[ray]"``). With no address the backend starts a
private Ray instance on this machine (``workers`` CPUs, no dashboard) and stops it on :meth:`close`; with
``address`` (``"ray://head:10001"``, ``"auto"``, or ``host:6379``) it joins an existing cluster, whose
nodes must have the same monsterlair installed. Each task plays one chunk of games (by default about eight
chunks per CPU, at most 50 games each), so Ray's per-task cost (about a millisecond) is spread over many
games. A game depends only on its task, so the results equal the local backend's for the same seeds.

Ray's token authentication is switched off (``RAY_AUTH_MODE=disabled``) for the private instance only, as
it listens on this machine alone; a cluster keeps whatever its operators set.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from monsterlair.sim.local import Backend, ResultCallback, chunked, default_chunk_size
from monsterlair.sim.runner import GameTask, run_chunk


class RayBackend(Backend):
    """Ray tasks, on a private local instance or an existing cluster (``address``)."""

    name = "ray"

    def __init__(
        self, workers: int | None = None, *, address: str | None = None, chunk_size: int | None = None
    ) -> None:
        self.address = address
        self.workers = workers
        self.chunk_size = chunk_size
        self._started = False
        self._remote: Any = None

    def _connect(self) -> Any:
        try:
            import ray
        except ImportError:  # pragma: no cover - depends on the installation
            from monsterlair.core import BadOptions

            raise BadOptions("The ray backend needs Ray: pip install 'monsterlair[ray]'.") from None
        if not ray.is_initialized():
            if self.address is None:
                os.environ.setdefault("RAY_AUTH_MODE", "disabled")
                ray.init(
                    address="local",  # a new instance, even if `ray start` left a cluster running here
                    num_cpus=self.workers or os.cpu_count() or 1,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            else:
                ray.init(address=self.address, log_to_driver=False, configure_logging=False)
            self._started = True
        if self._remote is None:
            self._remote = ray.remote(num_cpus=1, max_retries=3)(run_chunk)
        return ray

    def cpus(self) -> int:
        """The CPUs Ray offers (connecting first if needed)."""
        ray = self._connect()
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def describe(self) -> dict[str, Any]:
        workers = self.cpus() if self._remote is not None else self.workers
        return {"backend": self.name, "address": self.address or "local", "workers": workers}

    def run(self, tasks: Sequence[GameTask], on_results: ResultCallback | None = None) -> list[dict[str, Any]]:
        if not tasks:
            return []
        ray = self._connect()
        size = self.chunk_size or default_chunk_size(len(tasks), self.cpus())
        pending = [self._remote.remote(chunk) for chunk in chunked(tasks, size)]
        results: dict[int, dict[str, Any]] = {}
        try:
            while pending:
                finished, pending = ray.wait(pending, num_returns=1)
                for ref in finished:
                    done: list[dict[str, Any]] = ray.get(ref)
                    results.update((r["index"], r) for r in done)
                    if on_results is not None:
                        on_results(done)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return [results[t.index] for t in tasks]

    def close(self) -> None:
        """Stop the Ray instance this backend started (a cluster it joined keeps running)."""
        if self._started:
            import ray

            ray.shutdown()
            self._started = False
        self._remote = None
