"""Helper processes for a search that uses several cores (``ismcts:workers=N``, root parallelism).

A search with ``N`` workers grows ``N`` independent trees, each over its own determinizations and with its
own generator, for the whole time budget (or its share of an iteration budget), and adds up their root
statistics (Chaslot, Winands & van den Herik, *Parallel Monte-Carlo Tree Search*, CG 2008: "root
parallelization"). The calling process grows the first tree; ``N - 1`` helper processes grow the others.

The helpers are one process pool per program, started on the first search that asks for them and kept for
the next moves (starting a process costs more than a short search). They start by forking where the
platform can (so a game registered, or card data edited, in this program is the game they search), else
as fresh interpreters. A process that may not start children (a daemon, such as a ``multiprocessing.Pool``
worker) or a pool that broke grows the trees one after another in the calling process instead: the same
trees, so with an ``iterations`` budget the move is the same either way, only slower.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

_pool: ProcessPoolExecutor | None = None
_size = 0
_owner = 0
"""The process that started the pool (a process forked from it holds a copy of the pool that is not its own)."""

T = TypeVar("T")


def fork_context() -> Any:
    """The multiprocessing context whose children start as copies of this process (``fork``) where the platform
    has one, else fresh interpreters (``spawn``): a copy knows the games and cards this program has loaded."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _helpers(n: int) -> ProcessPoolExecutor | None:
    """A pool of at least ``n`` helper processes, or ``None`` where this process may not start any."""
    global _pool, _size, _owner
    if n <= 0 or multiprocessing.current_process().daemon:
        return None
    if _owner != os.getpid():
        _pool, _size = None, 0  # the parent's pool, copied by a fork: its processes are not this one's children
    if _pool is None or _size < n:
        close()
        _pool = ProcessPoolExecutor(max_workers=n, mp_context=fork_context())
        _size, _owner = n, os.getpid()
    return _pool


def close() -> None:
    """Stop the helper processes (started again by the next search that needs them)."""
    global _pool, _size
    if _pool is not None and _owner == os.getpid():
        _pool.shutdown(wait=True, cancel_futures=True)
    _pool = None
    _size = 0


atexit.register(close)


def run_shares(work: Callable[..., T], shares: Sequence[tuple[Any, ...]]) -> list[T]:
    """``work(*share)`` for every share, the first in this process and the others in helper processes at the
    same time; the results in the order of ``shares``. A share whose helper cannot run it (no helpers here,
    or the pool broke) runs in this process after the first."""
    if not shares:
        return []
    futures: list[Future[T] | None] = [None] * len(shares)
    pool = _helpers(len(shares) - 1)
    if pool is not None:
        try:
            for i in range(1, len(shares)):
                futures[i] = pool.submit(work, *shares[i])
        except (BrokenProcessPool, RuntimeError):  # a pool that broke (or was shut down) since it was made
            close()
    results = [work(*shares[0])]
    for i in range(1, len(shares)):
        future = futures[i]
        if future is not None:
            try:
                results.append(future.result())
                continue
            except (BrokenProcessPool, CancelledError):  # a helper died, or the pool was closed under it
                close()
        results.append(work(*shares[i]))
    return results
