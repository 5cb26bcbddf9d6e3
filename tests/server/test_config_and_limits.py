"""Settings defaults, the secret kept across runs, message parsing and the token bucket."""

from __future__ import annotations

from pathlib import Path

import pytest

from monsterlair.server.config import Settings, default_data_dir
from monsterlair.server.tables.table import TableError
from monsterlair.server.transport.ws import RateLimiter, parse


def test_defaults_put_sqlite_and_the_secret_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("MONSTERLAIR_DATABASE_URL", raising=False)
    monkeypatch.delenv("MONSTERLAIR_SECRET_KEY", raising=False)
    monkeypatch.delenv("MONSTERLAIR_DATA_DIR", raising=False)
    assert default_data_dir() == tmp_path / "monsterlair"
    settings = Settings()
    assert settings.database() == f"sqlite+aiosqlite:///{tmp_path / 'monsterlair' / 'monsterlair.sqlite3'}"
    key = settings.secret()
    assert len(key) > 40 and Settings().secret() == key  # kept for the next run
    assert (tmp_path / "monsterlair" / "secret_key").stat().st_mode & 0o777 == 0o600


def test_environment_variables_configure_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONSTERLAIR_DATABASE_URL", "postgresql+asyncpg://me@localhost/lair")
    monkeypatch.setenv("MONSTERLAIR_PORT", "9001")
    settings = Settings()
    assert settings.database() == "postgresql+asyncpg://me@localhost/lair" and settings.port == 9001


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x" * 300, "too_large"),
        ("{", "bad_json"),
        ("[]", "bad_request"),
        ('{"type": 1}', "bad_request"),
        ("é" * 150, "too_large"),
    ],
)
def test_messages_are_checked_before_anything_reads_them(text: str, code: str) -> None:
    with pytest.raises(TableError) as info:
        parse(text, 256)
    assert info.value.code == code


def test_a_valid_message_parses() -> None:
    assert parse('{"type": "ping"}', 256) == {"type": "ping"}


def test_the_token_bucket_allows_a_burst_then_the_rate() -> None:
    now = [0.0]
    bucket = RateLimiter(rate=2.0, burst=3, clock=lambda: now[0])
    assert [bucket.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert bucket.allow() and not bucket.allow()
    now[0] += 100
    assert sum(bucket.allow() for _ in range(10)) == 3
