"""The loop-lag monitor: a blocked event loop is noticed, with the stack that blocked it."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from pathlib import Path

import pytest

from monsterlair.server.app import create_app
from monsterlair.server.looplag import LoopLagMonitor
from tests.server.conftest import all_games, make_settings, running


def block_the_loop_for(seconds: float) -> None:
    """Busy work on the event loop's thread, the way a slow handler would hold it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


async def until_recorded(monitor: LoopLagMonitor) -> None:
    for _ in range(200):  # the watcher records a stall once it sees the loop run again
        if monitor.stalls:
            return
        await asyncio.sleep(0.01)


async def test_a_blocked_loop_is_logged_with_the_stack_that_blocked_it(caplog: pytest.LogCaptureFixture) -> None:
    monitor = LoopLagMonitor(0.05)
    monitor.start()
    try:
        await asyncio.sleep(0.05)  # a few heartbeats first
        with caplog.at_level(logging.WARNING, logger="monsterlair.server.looplag"):
            block_the_loop_for(0.3)
            await until_recorded(monitor)
    finally:
        monitor.stop()
    assert len(monitor.stalls) == 1
    stall = monitor.stalls[0]
    assert 0.25 <= stall.seconds < 2.0
    assert stall.samples >= 1
    assert any("block_the_loop_for" in stack for stack in stall.stacks)
    assert "event loop stalled for" in caplog.text
    assert "block_the_loop_for" in caplog.text


async def test_a_loop_that_keeps_running_logs_nothing() -> None:
    monitor = LoopLagMonitor(0.5)  # far above the work, so a busy test machine does not count
    monitor.start()
    try:
        for _ in range(20):
            block_the_loop_for(0.005)  # short pieces of work, each well under the threshold
            await asyncio.sleep(0.005)
    finally:
        monitor.stop()
    assert not monitor.stalls


async def test_a_long_collection_is_timed_and_stop_removes_the_callback() -> None:
    monitor = LoopLagMonitor(1e-9)  # every collection counts as long
    monitor.start()
    try:
        gc.collect()
    finally:
        monitor.stop()
    assert any(generation == 2 for generation, _ in monitor.collections)
    assert monitor._on_gc not in gc.callbacks
    monitor.stop()  # twice is harmless


def test_the_threshold_must_be_positive() -> None:
    with pytest.raises(ValueError):
        LoopLagMonitor(0)


async def test_the_server_watches_its_loop_only_when_asked(tmp_path: Path) -> None:
    quiet = create_app(make_settings(tmp_path), games=all_games())
    async with running(quiet):
        assert quiet.state.looplag is None
    watched = create_app(make_settings(tmp_path, loop_lag_ms=200), games=all_games())
    async with running(watched):
        monitor = watched.state.looplag
        assert isinstance(monitor, LoopLagMonitor)
        assert monitor.threshold == pytest.approx(0.2)
    assert monitor._on_gc not in gc.callbacks  # stopped with the server
