"""``monsterlair serve``: its flags, and a real start that prints the address and answers /health."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.cli.serve import _redact


def test_serve_is_a_subcommand_with_its_flags() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--database-url", "--data-dir", "--bot-delay", "--bot-processes", "--bot-threads"):
        assert flag in result.output


def test_passwords_are_not_printed() -> None:
    assert _redact("postgresql+asyncpg://me:hunter2@db/lair") == "postgresql+asyncpg://me:***@db/lair"
    assert _redact("sqlite+aiosqlite:////tmp/x.sqlite3") == "sqlite+aiosqlite:////tmp/x.sqlite3"


def test_serve_prints_its_address_and_answers(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ)
    env.pop("MONSTERLAIR_DATABASE_URL", None)
    cmd = [sys.executable, "-c", "from monsterlair.cli import main; main()", "serve", "--port", str(port)]
    cmd += ["--data-dir", str(tmp_path)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"Monster Lair is running at http://127.0.0.1:{port}" in line
        assert str(tmp_path / "monsterlair.sqlite3") in line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as r:
            health = json.loads(r.read())
        assert health["ok"] is True and "monster-smash" in health["games"]
        assert (tmp_path / "secret_key").exists()
    finally:
        proc.terminate()
        deadline = time.monotonic() + 10
        while proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if proc.poll() is None:
            proc.kill()
