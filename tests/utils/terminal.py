"""The ``monsterlair`` CLI in a pseudo-terminal (pexpect), for tests of what a person sees and types."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import example_game

ROOT = Path(__file__).resolve().parents[2]


def spawn_cli(args: list[str], *, toy: bool = False, rows: int = 40, cols: int = 120) -> Any:
    """``monsterlair ARGS`` in a ``rows`` × ``cols`` terminal (``toy``: with Toy Race registered)."""
    pexpect = pytest.importorskip("pexpect")
    entry = ["-c", "from monsterlair.cli import main; main()"]
    # The size is pinned in the environment too: the terminal library takes COLUMNS/LINES over the terminal's own
    # size, and a value inherited from the test run's environment once drew a 50-line screen narrower (49 lines).
    size = {"COLUMNS": str(cols), "LINES": str(rows)}
    env = {**os.environ, **size, **(example_game.ENV if toy else {})}
    return pexpect.spawn(
        sys.executable, [*entry, *args], cwd=str(ROOT), env=env, encoding="utf-8", timeout=60, dimensions=(rows, cols)
    )
