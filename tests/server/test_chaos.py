"""The chaos command in small: the server killed (or stopped) under a bot-driven load loses nothing it announced.

The full runs (200 kills on SQLite and on PostgreSQL) are ``scripts/chaos_test.py``; their figures are in
docs/server.md. Here a stop or two each, so the suite stays quick.
"""

from __future__ import annotations

import importlib.util
import signal
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.server.records import toy_table
from tests.server.services import fresh_database

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "chaos_test.py"


def chaos() -> ModuleType:
    spec = importlib.util.spec_from_file_location("chaos_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("chaos_test", module)
    spec.loader.exec_module(module)
    return module


def assert_clean(ledger: object, module: ModuleType, stop_signal: signal.Signals) -> None:
    lines = module.summary(ledger, len(ledger.stops), stop_signal, "test", 0.0)  # type: ignore[attr-defined]
    assert not module.failed(ledger, stop_signal), "\n".join(lines)
    assert ledger.acknowledged() > 0, "\n".join(lines)  # type: ignore[attr-defined]


async def test_killing_the_server_under_load_loses_no_acknowledged_action_on_sqlite() -> None:
    module = chaos()
    ledger = await module.run(kills=2, run_seconds=(1.0, 2.0), seed=3, say=lambda _line: None)
    assert_clean(ledger, module, signal.SIGKILL)


@pytest.mark.services
async def test_killing_the_server_under_load_loses_no_acknowledged_action_on_postgres() -> None:
    module = chaos()
    async with fresh_database() as url:
        ledger = await module.run(kills=1, database_url=url, run_seconds=(1.0, 2.0), seed=4, say=lambda _line: None)
    assert_clean(ledger, module, signal.SIGKILL)


async def test_sigterm_and_sigint_stop_the_server_within_10_s_with_every_table_intact() -> None:
    module = chaos()
    signals = (signal.SIGTERM, signal.SIGINT)
    ledger = await module.run(kills=2, run_seconds=(2.0, 2.0), stop_signal=signals, seed=5, say=lambda _line: None)
    assert_clean(ledger, module, signal.SIGTERM)
    assert len(ledger.stops) == 2 and max(ledger.stops) <= module.STOP_LIMIT


async def test_the_check_finds_an_announced_action_that_is_not_stored(tmp_path: Path) -> None:
    """The checker itself: a ledger claiming more than storage holds is a loss (the guard can fail)."""
    from monsterlair.server.storage.base import ActionData, SeatData
    from monsterlair.server.storage.sql import SqlStore

    module = chaos()
    url = f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}"
    store = SqlStore(url)
    await store.start()
    user = await store.create_user("Ann")
    meta = toy_table("t1", user.id, [SeatData(user_id=user.id, name="Ann"), SeatData(bot="random", name="Random bot")])
    await store.create_table(meta)
    meta.status, meta.state_id, meta.record = "playing", 1, {"game": "toy-race", "actions": ["pass"]}
    await store.commit_actions(meta, 0, [ActionData(1, 0, "pass")], [])
    await store.close()
    ledger = module.Ledger()
    ledger.saw("t1", 1)
    ledger.own[("t1", 1)] = "pass"
    await module.check_storage(url, ledger)
    assert not ledger.lost
    ledger.saw("t1", 2)  # the server announced a second action that storage does not hold
    ledger.own[("t1", 1)] = "roll"  # and the client's own first action was something else
    await module.check_storage(url, ledger)
    assert len(ledger.lost) == 2 and module.failed(ledger, signal.SIGKILL)
