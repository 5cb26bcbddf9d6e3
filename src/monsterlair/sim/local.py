"""Backends that run batches of games. ``LocalBackend`` uses this machine's processes.

A backend only maps :func:`~monsterlair.sim.runner.run_chunk` over chunks of tasks and reports
results as they arrive; it never changes what a game does. ``monsterlair.sim.ray_backend.RayBackend``
is the same interface on a Ray cluster.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from monsterlair.bots.parallel import fork_context
from monsterlair.sim.runner import GameTask, run_chunk

ResultCallback = Callable[[list[dict[str, Any]]], None]


class Backend(ABC):
    """Runs game tasks somewhere and returns their results in task order."""

    name: str = "backend"

    @abstractmethod
    def run(self, tasks: Sequence[GameTask], on_results: ResultCallback | None = None) -> list[dict[str, Any]]:
        """Every task's result, in task order; ``on_results`` hears each finished chunk (in any order)."""

    def describe(self) -> dict[str, Any]:
        """The backend's name and settings (for reports)."""
        return {"backend": self.name}

    def close(self) -> None:
        """Release what the backend holds between runs (nothing, for local processes)."""
        return None

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _use_card_data(path: str) -> None:
    """A worker's start: read card data with the override file laid over it (before any game is imported)."""
    from monsterlair.core.data import OVERRIDE_ENV

    os.environ[OVERRIDE_ENV] = path


def chunked(tasks: Sequence[GameTask], size: int) -> list[list[GameTask]]:
    """Consecutive chunks of at most ``size`` tasks."""
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), max(1, size))]


def default_chunk_size(n_tasks: int, workers: int) -> int:
    """About eight chunks per worker (smooth progress, balanced load), at most 50 games each."""
    return max(1, min(50, n_tasks // max(1, workers * 8)))


class LocalBackend(Backend):
    """Local processes (``concurrent.futures.ProcessPoolExecutor``); one worker runs in this process.

    Workers are forked where the platform allows: they start at once with every game already
    imported (and with whatever the parent registered), instead of re-importing in each worker.
    """

    name = "local"

    def __init__(self, workers: int | None = None, chunk_size: int | None = None, card_data: str | None = None) -> None:
        """``card_data`` names an override file of card data (``sim --cards``): the games then run in freshly
        started worker processes that read it (see :mod:`monsterlair.core.data`), never in this process, whose
        games hold the shipped cards."""
        self.workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
        self.chunk_size = chunk_size
        self.card_data = card_data

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"backend": self.name, "workers": self.workers}
        if self.card_data:
            out["card_data"] = self.card_data
        return out

    def run(self, tasks: Sequence[GameTask], on_results: ResultCallback | None = None) -> list[dict[str, Any]]:
        if not tasks:
            return []
        size = self.chunk_size or default_chunk_size(len(tasks), self.workers)
        chunks = chunked(tasks, size)
        results: dict[int, dict[str, Any]] = {}
        if self.card_data is None and (self.workers == 1 or len(chunks) == 1):
            for chunk in chunks:
                done = run_chunk(chunk)
                results.update((r["index"], r) for r in done)
                if on_results is not None:
                    on_results(done)
        else:
            if self.card_data is not None:  # a fresh interpreter, so the games load the edited cards
                context: Any = multiprocessing.get_context("spawn")
            else:
                context = fork_context()
            with ProcessPoolExecutor(
                max_workers=min(self.workers, len(chunks)),
                mp_context=context,
                initializer=None if self.card_data is None else functools.partial(_use_card_data, self.card_data),
            ) as pool:
                pending: set[Future[list[dict[str, Any]]]] = {pool.submit(run_chunk, c) for c in chunks}
                try:
                    while pending:
                        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for future in finished:
                            done = future.result()
                            results.update((r["index"], r) for r in done)
                            if on_results is not None:
                                on_results(done)
                except BaseException:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise
        return [results[t.index] for t in tasks]
