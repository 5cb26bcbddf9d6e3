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
    env = {**os.environ, **(example_game.ENV if toy else {})}
    return pexpect.spawn(
        sys.executable, [*entry, *args], cwd=str(ROOT), env=env, encoding="utf-8", timeout=60, dimensions=(rows, cols)
    )
