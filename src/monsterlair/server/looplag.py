"""A loop-lag monitor: what the event loop was doing when it stopped answering.

Opt-in (``MONSTERLAIR_LOOP_LAG_MS``, or ``serve --loop-lag-ms``). The event loop sets a heartbeat every few
milliseconds; a watcher thread notices when the heartbeat is older than the threshold and, at that moment,
captures the loop thread's stack with :func:`sys._current_frames`. When the loop runs again, the stall is
logged with its length, the stacks seen during it and, on Linux, how much of it the loop thread spent on a
CPU and how much runnable but waiting for one (``/proc/self/task/TID/schedstat``). Cyclic garbage
collections are timed through :data:`gc.callbacks`, and every one longer than the threshold is logged as well.
So a pause can be told apart as the collector, the loop's own work (a stack in Python code, time on a CPU) or
the process waiting for a CPU (time waiting; the stack is often the loop's idle poll).

The watcher needs the interpreter lock to take a sample, so a stall inside C code that holds the lock is
seen when the lock is released; the stack is still the loop's.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import threading
import time
import traceback
from collections import deque
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("monsterlair.server.looplag")

HEARTBEAT_SECONDS = 0.005
"""How often the loop sets its heartbeat, and how often the watcher looks at it."""

KEPT = 50
"""Stalls and long collections kept in memory (the newest), for tests and a debugger."""


@dataclass
class Stall:
    """One time the loop did not run its heartbeat for longer than the threshold."""

    started: float
    """``time.monotonic()`` of the last heartbeat before the stall."""
    wall: float = 0.0
    """``time.time()`` of the same moment, for matching the stall with other logs."""
    seconds: float = 0.0
    """How long the loop did not answer (known when it answers again)."""
    stacks: list[str] = field(default_factory=list)
    """The loop thread's stack at each sample taken during the stall, repeated ones left out."""
    collections: list[tuple[int, float]] = field(default_factory=list)
    """Garbage collections (generation, seconds) that ran during the stall."""
    samples: int = 0
    """How many times the watcher looked at the loop's stack during the stall."""
    others: list[str] = field(default_factory=list)
    """Where the process's other threads were at the first sample (thread name and innermost frame)."""
    sched: tuple[float, float] | None = None
    """The loop thread's scheduler figures just before the stall (seconds on a CPU, seconds waiting for one)."""


class LoopLagMonitor:
    """Watches one event loop from a thread; see the module docstring."""

    def __init__(self, threshold_seconds: float, *, heartbeat_seconds: float = HEARTBEAT_SECONDS) -> None:
        if threshold_seconds <= 0:
            raise ValueError("the loop-lag threshold must be positive")
        self.threshold = threshold_seconds
        self.heartbeat = heartbeat_seconds
        self.stalls: deque[Stall] = deque(maxlen=KEPT)
        self.collections: deque[tuple[int, float]] = deque(maxlen=KEPT)
        """Every collection longer than the threshold: (generation, seconds)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0
        self._loop_native = 0
        self._last_sched: tuple[float, float] | None = None
        self._beat = time.monotonic()
        self._handle: asyncio.TimerHandle | None = None
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None
        self._gc_started = 0.0
        self._current: Stall | None = None
        self._lock = threading.RLock()  # a collection can start in the watcher while it holds the lock

    def start(self) -> None:
        """Start watching the running loop (call from inside it)."""
        self._loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self._loop_native = threading.get_native_id()
        self._beat = time.monotonic()
        self._handle = self._loop.call_later(self.heartbeat, self._on_beat)
        gc.callbacks.append(self._on_gc)
        self._watcher = threading.Thread(target=self._watch, name="monsterlair-looplag", daemon=True)
        self._watcher.start()
        log.warning("loop-lag monitor on: stalls over %.0f ms are logged with the loop's stack", self.threshold * 1000)

    def stop(self) -> None:
        """Stop watching; safe to call twice."""
        self._stop.set()
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._watcher is not None:
            self._watcher.join(timeout=1.0)
            self._watcher = None

    def _on_beat(self) -> None:
        self._beat = time.monotonic()
        assert self._loop is not None
        if not self._stop.is_set():
            self._handle = self._loop.call_later(self.heartbeat, self._on_beat)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
            return
        seconds = time.perf_counter() - self._gc_started
        if seconds < self.threshold / 4:
            return
        generation = int(info.get("generation", -1))
        with self._lock:
            if self._current is not None:
                self._current.collections.append((generation, seconds))
        if seconds >= self.threshold:
            self.collections.append((generation, seconds))
            log.warning(
                "garbage collection of generation %d took %.0f ms (collected %s, uncollectable %s)",
                generation,
                seconds * 1000,
                info.get("collected"),
                info.get("uncollectable"),
            )

    def _sample(self) -> str:
        frame = sys._current_frames().get(self._loop_thread)
        return "".join(traceback.format_stack(frame)) if frame is not None else "(the loop thread has no frame)"

    def _others(self) -> list[str]:
        names = {t.ident: t.name for t in threading.enumerate()}
        found = []
        for ident, frame in sys._current_frames().items():
            if ident in (self._loop_thread, threading.get_ident()):
                continue
            code = frame.f_code
            found.append(f"{names.get(ident, ident)}: {code.co_filename}:{frame.f_lineno} {code.co_name}")
        return found

    def _sched(self) -> tuple[float, float] | None:
        """The loop thread's time on a CPU and time runnable but waiting for one (Linux), in seconds."""
        try:
            with open(f"/proc/self/task/{self._loop_native}/schedstat") as f:
                running, waiting, _ = f.read().split()
        except (OSError, ValueError):
            return None
        return int(running) / 1e9, int(waiting) / 1e9

    def _watch(self) -> None:
        while not self._stop.wait(self.heartbeat):
            beat = self._beat
            lag = time.monotonic() - beat
            with self._lock:
                stall = self._current
                if stall is not None and stall.started != beat:  # the loop ran again: the stall is over
                    stall.seconds = beat - stall.started
                    self._current = None
                    self.stalls.append(stall)
                    self._report(stall)
                    stall = None
                if lag <= self.threshold:
                    self._last_sched = self._sched()  # so a stall's figures start before it was noticed
                    continue
                if stall is None:
                    stall = self._current = Stall(
                        started=beat, wall=time.time() - lag, sched=self._last_sched, others=self._others()
                    )
                stall.samples += 1
                sample = self._sample()
                if sample not in stall.stacks:
                    stall.stacks.append(sample)

    def _report(self, stall: Stall) -> None:
        collections = ", ".join(f"gen {g} {s * 1000:.0f} ms" for g, s in stall.collections) or "none"
        now = self._sched()
        sched = ""
        if now is not None and stall.sched is not None:
            sched = (
                f"; the loop thread ran {(now[0] - stall.sched[0]) * 1000:.0f} ms and waited "
                f"{(now[1] - stall.sched[1]) * 1000:.0f} ms for a CPU"
            )
        stacks = "\n".join(f"--- stack {i + 1} of {len(stall.stacks)}:\n{s}" for i, s in enumerate(stall.stacks))
        others = "\n".join(f"    {o}" for o in stall.others)
        log.warning(
            "event loop stalled for %.0f ms at %.3f (%d samples%s; garbage collections during it: %s)\n%s\n"
            "--- other threads at the first sample:\n%s",
            stall.seconds * 1000,
            stall.wall,
            stall.samples,
            sched,
            collections,
            stacks,
            others,
        )
