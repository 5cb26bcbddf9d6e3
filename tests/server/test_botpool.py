"""Bots think in worker processes: a deadline ends a decision, tables take fair turns, closing stops everything."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest

from monsterlair import games
from monsterlair.server.tables.botpool import BotFailed, BotPool, BotTimeout, FairShare
from monsterlair.server.tables.bots import BotCatalog, _default_maker
from tests.bots.test_registry import UNBOUNDED_BUDGETS


def opening(game_id: str = "monster-smash") -> tuple[object, int]:
    state = games.get(game_id).new(2, seed=7)
    assert state.to_move is not None
    return state, state.to_move


async def test_a_decision_past_its_deadline_is_stopped_and_the_pool_plays_on() -> None:
    pool = BotPool(1, deadline=2.0)
    state, seat = opening()
    legal = {str(a) for a in state.legal_actions()}  # type: ignore[attr-defined]
    try:
        assert await pool.decide("t1", _default_maker, "random", state, seat, 1) in legal  # type: ignore[arg-type]
        (first,) = pool._idle
        started = time.monotonic()
        with pytest.raises(BotTimeout, match="did not decide within 2 s"):
            await pool.decide("t1", _default_maker, "ismcts:seconds=30", state, seat, 1)  # type: ignore[arg-type]
        assert time.monotonic() - started < 10  # not the 30 s it asked for
        first.reap()
        assert not first.process.is_alive() and not pool._busy and not pool._idle  # killed, not kept
        assert await pool.decide("t1", _default_maker, "random", state, seat, 1) in legal  # type: ignore[arg-type]
        assert len(pool._idle) == 1 and pool._idle[0].process.is_alive() and pool._idle[0] is not first
    finally:
        pool.close()


async def test_a_bot_that_raises_is_a_failure_and_its_worker_is_kept() -> None:
    pool = BotPool(1, deadline=10)
    state, seat = opening()
    try:
        with pytest.raises(BotFailed, match="not the seat to move|to move"):
            await pool.decide("t1", _default_maker, "ismcts:iterations=20", state, 1 - seat, 1)  # type: ignore[arg-type]
        assert len(pool._idle) == 1
    finally:
        pool.close()


async def test_bots_in_threads_decide_and_are_abandoned_past_their_deadline() -> None:
    """``ThreadBots``: the same decisions in an executor's threads; a late one is abandoned, one that raises fails."""
    from concurrent.futures import ThreadPoolExecutor

    from monsterlair.server.tables.botpool import ThreadBots

    executor = ThreadPoolExecutor(2)
    bots = ThreadBots(executor, deadline=0.5)
    state, seat = opening()
    legal = {str(a) for a in state.legal_actions()}  # type: ignore[attr-defined]
    try:
        assert await bots.decide("t1", _default_maker, "random", state, seat, 1) in legal  # type: ignore[arg-type]
        with pytest.raises(BotTimeout) as late:
            await bots.decide("t1", _default_maker, "ismcts:seconds=2", state, seat, 1)  # type: ignore[arg-type]
        assert str(late.value) == "The bot 'ismcts:seconds=2' did not decide within 0.5 s."
        with pytest.raises(BotFailed, match="not the seat to move|to move"):
            await bots.decide("t1", _default_maker, "ismcts:iterations=20", state, 1 - seat, 1)  # type: ignore[arg-type]
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


async def test_a_decision_cancelled_as_its_answer_arrives_stays_cancelled() -> None:
    """A server stopping cancels its bots' turns. Cancelled just as the thread's answer came in, the decision
    once returned the answer instead (Python 3.11's ``wait_for``), and the table's bot then slept out its whole
    bot delay before the server could stop (a test with a 30-second delay took 30 s to close)."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from monsterlair.server.tables.botpool import ThreadBots

    go = threading.Event()

    def answer() -> str:
        go.wait(5)
        return "pass"

    executor = ThreadPoolExecutor(1)
    bots = ThreadBots(executor, deadline=5)
    try:
        work = asyncio.ensure_future(bots.run("t1", "random", "The bot", answer))
        await asyncio.sleep(0.1)  # the decision waits on its thread
        go.set()
        time.sleep(0.1)  # the thread's answer is handed to the event loop, which has not taken it yet
        work.cancel()
        with pytest.raises(asyncio.CancelledError):
            await work
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


async def long_search(pool: BotPool, state: object, seat: int) -> tuple[asyncio.Future[str], Any]:
    """A 30-second search started in the pool, and the worker thinking it (once it has one)."""
    work = asyncio.ensure_future(pool.decide("t1", _default_maker, "ismcts:seconds=30", state, seat, 1))  # type: ignore[arg-type]
    for _ in range(200):
        await asyncio.sleep(0.05)
        if pool._busy:
            break
    (worker,) = pool._busy
    return work, worker


async def test_closing_the_pool_ends_a_decision_under_way_at_once() -> None:
    pool = BotPool(1, deadline=60)
    state, seat = opening()
    work, worker = await long_search(pool, state, seat)
    await asyncio.sleep(0.3)  # it is thinking now
    started = time.monotonic()
    pool.close()
    with pytest.raises((BotFailed, BotTimeout)):
        await asyncio.wait_for(work, 5)
    assert time.monotonic() - started < 5
    assert not worker.process.is_alive()
    with pytest.raises(BotFailed, match="stopping"):
        await pool.decide("t1", _default_maker, "random", state, seat, 1)  # type: ignore[arg-type]


async def test_a_cancelled_decision_kills_its_worker() -> None:
    pool = BotPool(1, deadline=60)
    state, seat = opening()
    try:
        work, worker = await long_search(pool, state, seat)
        work.cancel()
        with pytest.raises(asyncio.CancelledError):
            await work
        worker.reap()
        assert not worker.process.is_alive() and not pool._idle
    finally:
        pool.close()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_freed_worker_goes_to_the_person_who_used_least_lately() -> None:
    clock = Clock()
    share = FairShare(1, clock=clock)
    await share.acquire("slow-1")
    share.release("slow-1", 60.0)  # two tables whose bots thought a minute each
    await share.acquire("slow-2")
    order: list[str] = []

    async def wait(key: str) -> None:
        await share.acquire(key)
        order.append(key)

    waiters = [asyncio.ensure_future(wait(k)) for k in ("slow-1", "quick", "slow-2-again")]
    await asyncio.sleep(0)
    share.release("slow-2", 60.0)
    await asyncio.sleep(0)
    assert order == ["quick"]  # it came after slow-1 but goes first: slow-1 used the worker a minute
    share.release("quick", 0.01)
    await asyncio.sleep(0)
    assert order == ["quick", "slow-2-again"]  # a key with no usage yet comes before slow-1
    share.release("slow-2-again", 0.01)
    await asyncio.sleep(0)
    assert order == ["quick", "slow-2-again", "slow-1"]
    share.release("slow-1", 1.0)
    await asyncio.gather(*waiters)


async def test_usage_fades_so_a_table_is_not_held_back_for_ever() -> None:
    clock = Clock()
    share = FairShare(1, clock=clock)
    await share.acquire("a")
    share.release("a", 64.0)
    assert share.usage("a") == 64.0
    clock.now += 30.0
    assert share.usage("a") == pytest.approx(32.0)
    clock.now += 300.0
    assert share.usage("a") < 0.1


async def test_a_cancelled_waiter_gives_up_its_place() -> None:
    share = FairShare(1)
    await share.acquire("a")
    waiter = asyncio.ensure_future(share.acquire("b"))
    await asyncio.sleep(0)
    waiter.cancel()
    share.release("a", 0.0)
    await asyncio.sleep(0)
    await asyncio.wait_for(share.acquire("c"), 1)  # the slot was not lost to the cancelled waiter


@pytest.mark.parametrize(
    ("spec", "words"),
    # every budget the bot registry refuses, and the server's own tighter caps
    [
        *UNBOUNDED_BUDGETS,
        ("ismcts:seconds=60", "at most 10 seconds"),
        ("ismcts:iterations=50000", "at most 20,000 iterations"),
        ("ismcts:seconds=1,workers=2", r"one core a move, not 2 \(workers=1\)"),
    ],
)
def test_the_server_refuses_bots_without_a_finite_budget_inside_its_caps(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        BotCatalog().check(spec)


def test_the_server_caps_are_settings() -> None:
    catalog = BotCatalog(max_seconds=2.0, max_iterations=500)
    assert catalog.check("ismcts:seconds=2") == "ismcts:seconds=2"
    assert catalog.check("ismcts:iterations=500") == "ismcts:iterations=500"
    assert catalog.check("ismcts:iterations=500,workers=1") == "ismcts:iterations=500,workers=1"
    with pytest.raises(ValueError, match="at most 2 seconds"):
        catalog.check("ismcts:seconds=2.5")


def taught(share: FairShare, **costs: float) -> FairShare:
    """The share, having seen one run of each kind of work take the given seconds (by a throwaway person)."""
    for kind, seconds in costs.items():
        share._running.setdefault("teacher", []).append(False)
        share._free -= 1
        share.release("teacher", seconds, kind)
    share._usage.pop("teacher", None)
    return share


async def test_searching_tables_leave_one_worker_for_quick_bots() -> None:
    clock = Clock()
    share = taught(FairShare(2, clock=clock), greedy=0.01)
    for key in ("search-1", "search-2"):  # two people whose bots have been thinking for a while
        await share.acquire(key)
        share.release(key, 30.0)
    await share.acquire("search-1")  # one search runs
    second = asyncio.ensure_future(share.acquire("search-2"))
    await asyncio.sleep(0)
    assert not second.done()  # a free worker, but it is kept for a light run
    await asyncio.wait_for(share.acquire("quick", "greedy"), 1)  # which gets it at once
    share.release("quick", 0.01, "greedy")
    await asyncio.sleep(0)
    assert not second.done()
    share.release("search-1", 3.0)
    await asyncio.wait_for(second, 1)  # the search's worker went to the other search
    share.release("search-2", 3.0)


async def test_a_kind_of_work_not_yet_run_is_not_light() -> None:
    """A brand-new table of a new person, with a spec the server has not run, does not get the quick bots' worker:
    its first decision may be a ten-second search."""
    share = taught(FairShare(2, clock=Clock()), greedy=0.01, search=10.0)
    assert share.heavy("new-person", "ismcts:seconds=9") and share.heavy("new-person", "search")
    assert not share.heavy("new-person", "greedy")
    await share.acquire("searcher", "search")  # a search runs: the last worker is for light runs
    new = asyncio.ensure_future(share.acquire("new-person", "ismcts:seconds=9"))
    await asyncio.sleep(0)
    assert not new.done()
    await asyncio.wait_for(share.acquire("victim", "greedy"), 1)
    share.release("victim", 0.01, "greedy")
    share.release("searcher", 10.0, "search")
    await asyncio.wait_for(new, 1)
    share.release("new-person", 9.0, "ismcts:seconds=9")
    assert share.heavy("someone", "ismcts:seconds=9")  # once seen to be slow, it stays heavy
    assert share.cost("ismcts:seconds=9") == 9.0


async def test_a_quick_run_is_not_held_behind_a_search_waiting_ahead_of_it() -> None:
    """Two slots, one search running: a second person's search waits; a quick bot asked for after it goes first."""
    share = taught(FairShare(2, clock=Clock()), greedy=0.01, search=10.0)
    await share.acquire("a", "search")
    search = asyncio.ensure_future(share.acquire("b", "search"))
    await asyncio.sleep(0)
    quick = asyncio.ensure_future(share.acquire("c", "greedy"))
    await asyncio.sleep(0)
    assert quick.done() and not search.done()
    share.release("c", 0.01, "greedy")
    share.release("a", 10.0, "search")
    await asyncio.wait_for(search, 1)
    share.release("b", 10.0, "search")


async def test_the_next_run_is_chosen_by_usage_when_a_slot_frees_not_when_it_began_to_wait() -> None:
    """A person who queued many decisions at once (ten tables started together) does not keep the low usage they
    had then: once their first decision has run, another person's decision goes before the rest of theirs."""
    share = taught(FairShare(1, clock=Clock()), greedy=0.01)
    await share.acquire("many", "greedy")
    order: list[str] = []

    async def wait(key: str) -> None:
        await share.acquire(key, "greedy")
        order.append(key)

    theirs = [asyncio.ensure_future(wait("many")) for _ in range(3)]
    await asyncio.sleep(0)
    victim = asyncio.ensure_future(wait("victim"))
    await asyncio.sleep(0)
    share.release("many", 8.0, "greedy")
    await asyncio.sleep(0)
    assert order == ["victim"]
    share.release("victim", 0.01, "greedy")
    for _ in theirs:
        await asyncio.sleep(0)
        share.release("many", 0.01, "greedy")
    await asyncio.gather(*theirs, victim)
    assert order == ["victim", "many", "many", "many"]


async def test_a_hint_is_searched_in_a_worker_process() -> None:
    from monsterlair.server.tables.hints import Hint, compute_hint

    pool = BotPool(1, deadline=20.0)
    state, seat = opening()
    try:
        found = await pool.run("person:1", "hint", "The hint", compute_hint, games.get("monster-smash"), state, seat, 3)
        (worker,) = pool._idle
        assert worker.process.pid is not None and worker.process.pid != os.getpid()
    finally:
        pool.close()
    assert isinstance(found, Hint)
    assert found.action in {str(a) for a in state.legal_actions()}  # type: ignore[attr-defined]
    assert pool._share.cost("hint") is not None  # its cost counts in the fair queue like a bot's


@pytest.mark.parametrize("spec", ["ismcts:seconds=nan", "ismcts:seconds=60", "nobot"])
def test_a_server_with_a_bad_takeover_bot_does_not_start(spec: str, tmp_path: Path) -> None:
    from monsterlair.server.app import create_app
    from tests.server.conftest import make_settings

    with pytest.raises(ValueError):
        create_app(make_settings(tmp_path, takeover_bot=spec))


def test_settings_refuse_non_finite_numbers(tmp_path: Path) -> None:
    from pydantic import ValidationError

    from tests.server.conftest import make_settings

    for field in ("bot_delay", "bot_max_seconds", "clock_min_seconds"):
        for bad in (float("nan"), float("inf")):
            with pytest.raises(ValidationError):
                make_settings(tmp_path, **{field: bad})


async def test_slots_freed_together_go_in_turn_each_keeping_the_last_for_light_runs() -> None:
    """One release can free two slots (its own, and the one kept for light runs once its kind proves light):
    they go in order of usage, then of waiting, and a heavy run granted first fills the heavy runs' share,
    so the next heavy run waits while a light one behind it goes."""
    share = taught(FairShare(4, clock=Clock()), search=10.0)
    for key in ("a", "b", "c"):  # three searches: the fourth slot is kept for light runs
        await share.acquire(key, "search")
    granted: list[str] = []

    async def wait(key: str, kind: str) -> None:
        await share.acquire(key, kind)
        granted.append(key)

    waiters = [asyncio.ensure_future(wait(k, kind)) for k, kind in (("f", "y"), ("g", "y"), ("d", "x"), ("e", "x"))]
    await asyncio.sleep(0)
    assert granted == []  # kinds not yet run are heavy
    share.release("a", 0.5, "x")  # "x" proves light: two slots free at once
    for _ in range(3):
        await asyncio.sleep(0)
    assert granted == ["f", "d"]
    share.release("d", 0.1, "x")
    for _ in range(3):
        await asyncio.sleep(0)
    assert granted == ["f", "d", "e"]  # still three heavy runs: g waits
    for key in ("b", "c", "f", "e"):
        share.release(key, 0.1)
    await asyncio.gather(*waiters)
    assert granted == ["f", "d", "e", "g"]
