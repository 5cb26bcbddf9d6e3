"""Server settings: one pydantic-settings class, read from ``MONSTERLAIR_*`` variables and CLI flags.

The defaults give a working server with nothing configured: SQLite in the user's data folder and a
secret key created there on first run (kept, so sessions survive restarts).
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from monsterlair.bots.ismcts import MAX_ITERATIONS
from monsterlair.server.tables.bots import SERVER_MAX_ITERATIONS, SERVER_MAX_SECONDS


def default_data_dir() -> Path:
    """Where the server keeps its database and secret key: ``$XDG_DATA_HOME/monsterlair`` or ``~/.local/share``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "monsterlair"


class Settings(BaseSettings):
    """Everything the server can be told. Environment variables are ``MONSTERLAIR_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="MONSTERLAIR_", extra="ignore", allow_inf_nan=False)

    data_dir: Path = Field(default_factory=default_data_dir, description="Folder for the database and secret key.")
    database_url: str = Field(
        default="",
        description="SQLAlchemy async URL; empty means SQLite at <data_dir>/monsterlair.sqlite3. "
        "PostgreSQL: postgresql+asyncpg://user@host/db",
    )
    secret_key: str = Field(default="", description="Signs session cookies; empty means a key kept in <data_dir>.")
    redis_url: str = Field(
        default="",
        description="Redis for several server processes sharing one database (redis://host:6379/0): they "
        "tell each other about table changes. Empty: one process, nothing shared.",
    )
    redis_wait: float = Field(
        default=10.0,
        gt=0,
        description="Seconds a starting process waits for a configured Redis; if it does not answer by then "
        "the process refuses to start (it would not hear the other processes' moves).",
    )
    redis_prefix: str = Field(
        default="monsterlair",
        min_length=1,
        description="Prefix of the Redis channel and keys; the processes of one deployment share it.",
    )
    host: str = "127.0.0.1"
    port: int = 8000
    bot_delay: float = Field(
        default=0.8, ge=0, description="Seconds a bot waits before it moves, so people can follow."
    )
    bot_workers: int = Field(default=2, ge=1, le=64, description="Worker processes that think for bots.")
    bot_processes: bool = Field(
        default=True,
        description="Bots think in worker processes, each decision with a deadline (killed past it). Off: in "
        "threads, which cannot be stopped (for tests and embedding only).",
    )
    bot_max_seconds: float = Field(
        default=SERVER_MAX_SECONDS,
        gt=0,
        le=600,
        description="Longest thinking time per move a seat's bot may be given (ismcts 'seconds').",
    )
    bot_max_iterations: int = Field(
        default=SERVER_MAX_ITERATIONS,
        ge=1,
        le=MAX_ITERATIONS,
        description="Most search iterations per move a seat's bot may be given.",
    )
    policy_dir: Path | None = Field(
        default=None,
        description="Folder of trained policy files (.npz) that seats may play ('policy:path=NAME.npz' names a file "
        "in it, nothing outside it). Unset: no policy bots on this server.",
    )
    clock_min_seconds: float = Field(default=10.0, gt=0, description="Shortest turn clock a table may have.")
    clock_max_seconds: float = Field(default=7 * 86_400.0, gt=0, description="Longest turn clock a table may have.")
    takeover_bot: str = Field(
        default="greedy",
        description="The bot that plays a person's seat after they leave a game under way or their clock runs out.",
    )
    ws_max_bytes: int = Field(default=16_384, ge=256, description="Largest WebSocket message accepted.")
    loop_lag_ms: float = Field(
        default=0,
        ge=0,
        description="Log every time the event loop stalls longer than this many milliseconds, with the loop's "
        "stack at that moment and the garbage collections that ran (docs/performance.md). 0: off.",
    )
    ws_rate: float = Field(default=8.0, gt=0, description="WebSocket messages per second a connection may send.")
    ws_burst: int = Field(
        default=24, ge=1, description="Messages a connection may send at once before the rate applies."
    )
    ws_sync_rate: float = Field(
        default=0.5,
        gt=0,
        description="Full snapshots ('sync') per second a table connection is answered at once; one asked for "
        "sooner is answered when its turn comes (several such asks get one snapshot), never refused.",
    )
    ws_sync_burst: int = Field(default=4, ge=1, description="Snapshots a table connection may ask for at once.")
    ws_queue_bytes: int = Field(
        default=1_048_576,
        ge=65_536,
        description="Bytes of messages waiting to be written to one connection before it is judged too slow and "
        "disconnected (it reconnects and gets one fresh snapshot).",
    )
    ws_max_per_account: int = Field(
        default=16,
        ge=1,
        description="WebSocket connections one account may hold at once on this process (a table page open in "
        "a tab holds one).",
    )
    ws_max_per_address: int = Field(
        default=64,
        ge=1,
        description="WebSocket connections one client address may hold at once on this process, signed in or "
        "not (a household or an office behind one address shares it).",
    )
    bot_ws_rate: float = Field(
        default=40.0,
        gt=0,
        description="Messages per second a network bot's socket (/ws/bot) may send: a program answers faster "
        "than a person, and one bot may play many tables.",
    )
    bot_ws_burst: int = Field(default=80, ge=1, description="Messages a bot socket may send at once.")
    secure_cookies: bool = Field(
        default=False,
        description="Always mark the session cookie Secure. Without it the cookie is Secure whenever the request "
        "came over HTTPS (directly, or through a proxy that says so in X-Forwarded-Proto).",
    )
    max_body_bytes: int = Field(
        default=65_536, ge=1024, description="Largest HTTP request body read; a larger one gets 413 too_large."
    )
    rate_limits: bool = Field(
        default=True,
        description="Apply the limits below and the WebSocket connection caps (WS_MAX_PER_ACCOUNT, "
        "WS_MAX_PER_ADDRESS). Switch off only for a load test on a private machine, where hundreds of clients "
        "come from one address.",
    )
    limit_login_address: str = Field(
        default="20/minute;200/hour", description="Login attempts from one address (limits' notation)."
    )
    limit_login_account: str = Field(
        default="5/minute;20/hour;50/day",
        description="Login attempts (and password checks) on one account: each window full makes the next "
        "try wait longer.",
    )
    limit_register: str = Field(default="5/minute;20/hour", description="Registrations from one address.")
    limit_guest: str = Field(default="10/minute;60/hour", description="Guest accounts made from one address.")
    limit_tables: str = Field(default="10/minute;60/hour", description="Tables one person may open.")
    limit_hints: str = Field(
        default="10/minute;120/hour", description="Hints one person may ask for (each is a bot's search)."
    )
    max_open_tables: int = Field(
        default=10, ge=1, description="Tables waiting for players (not started) one person may host at once."
    )
    max_bot_tables: int = Field(
        default=4,
        ge=1,
        description="Games under way with bots seated that one person may host at once (tutorials aside: a "
        "person has at most one unfinished tutorial of each game).",
    )
    web_dist: Path | None = Field(default=None, description="Built web client folder; default: the packaged one.")

    def bot_deadline(self) -> float:
        """Seconds a bot decision may run before its worker is stopped: the longest thinking allowed plus a margin
        (an iteration budget can run over on a slow game or a busy machine)."""
        return self.bot_max_seconds * 1.5 + 5.0

    def database(self) -> str:
        """The database URL to use (the SQLite default made concrete, its folder created)."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{self.data_dir / 'monsterlair.sqlite3'}"

    def secret(self) -> str:
        """The cookie-signing key: the configured one, else one kept in ``<data_dir>/secret_key``.

        The file is created on first run with owner-only permissions, so a restart keeps everyone signed in.
        """
        if self.secret_key:
            return self.secret_key
        path = self.data_dir / "secret_key"
        if path.exists():
            key = path.read_text(encoding="utf-8").strip()
            if key:
                return key
        self.data_dir.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(48)
        try:
            # O_EXCL: of several processes starting at once, one writes the key and the others read it.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            for _ in range(50):
                existing = path.read_text(encoding="utf-8").strip()
                if existing:
                    return existing
                time.sleep(0.01)
            fd = os.open(path, os.O_WRONLY | os.O_TRUNC, 0o600)  # an empty file left behind: fill it
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(key + "\n")
        return key

    def dist(self) -> Path:
        """The folder of the built web client."""
        if self.web_dist is not None:
            return self.web_dist
        return Path(__file__).resolve().parent.parent / "web" / "dist"
