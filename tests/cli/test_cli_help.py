"""Every help screen reads cleanly at 80 columns: values named in words (no ``<str>``), nothing cut, groups that
show their help when run bare and exit 0, and ``--version``."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from monsterlair import __version__
from monsterlair.cli import app

SCREENS = [[], ["play"], ["engine"], ["replay"], ["sim"], ["bench"], ["serve"], ["render"], ["ratings"]]
SCREENS.append(["ratings", "rebuild"])


def run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, env={"COLUMNS": "80", "TERMINAL_WIDTH": "80"}, terminal_width=80)
    return result.exit_code, result.output


@pytest.mark.parametrize("command", SCREENS, ids=lambda c: " ".join(c) or "monsterlair")
def test_help_reads_cleanly_at_80_columns(command: list[str]) -> None:
    status, out = run([*command, "--help"])
    assert status == 0, out
    for line in out.splitlines():
        assert len(line) <= 80, line
        assert not re.search(r"<(str|int|bool|float|path|list\[str\])[^>]*>", line), line
        assert not re.search(r"\w…", line) or "A,B,…" in line, line  # a word cut with an ellipsis
    assert "{GAME}" not in out and "[[GAME]" not in out


def test_serve_help_shows_whole_examples_and_env_var_names() -> None:
    _, out = run(["serve", "--help"])
    words = out.split()
    for whole in ("postgresql+asyncpg://user@localhost/db", "MONSTERLAIR_DATABASE_URL.", "MONSTERLAIR_LOOP_LAG_MS."):
        assert whole in words, out
    assert "-o, --option NAME=VALUE" in run(["sim", "--help"])[1]


@pytest.mark.parametrize("command", [[], ["ratings"]], ids=["monsterlair", "ratings"])
def test_a_group_without_a_command_shows_its_help_and_exits_0(command: list[str]) -> None:
    status, out = run(command)
    assert status == 0 and "Usage:" in out and "Commands:" in out, out


def test_version() -> None:
    assert run(["--version"]) == (0, f"monsterlair {__version__}\n")
