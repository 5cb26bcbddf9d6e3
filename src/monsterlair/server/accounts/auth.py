"""Accounts: argon2id password hashes (in a bounded pool) and server-side sessions.

A session cookie holds a random 256-bit token and nothing else. The database keeps only an HMAC of the
token under the server's secret key (``sessions.token_hash``), with the user, when the session began,
when it was last seen and the browser's agent. Logging out deletes the row, so a copy of the cookie
stops working at once; signing in, registering and changing the password start a new session (a new
token) and revoke the one the browser had (a password change revokes every session of the account). A
session ends by itself after :data:`IDLE` without use or :data:`MAX_AGE` after it began.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from monsterlair.server.storage.base import SessionData, Store, UserData

COOKIE = "monsterlair_session"
MAX_AGE = 180 * 24 * 3600
"""A session ends half a year after it began, however much it is used (the cookie's lifetime too)."""
IDLE = 30 * 24 * 3600
"""A session not used for this long ends (a guest who comes back within a month keeps their tables)."""
TOUCH_EVERY = 300.0
"""Seconds between two writes of a session's ``last_seen`` (a request in between writes nothing)."""
AGENT_CHARS = 200
TOKEN_CHARS = 43
"""Length of a token (32 random bytes, URL-safe base64); a cookie of any other length is not looked up."""

USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,24}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 256

HASH_WORKERS = 2
"""Threads hashing passwords. argon2id with the library's parameters takes 64 MiB and ~0.1 s a hash, so
two at a time bound the memory at ~128 MiB however many logins arrive."""
HASH_QUEUE = 32
"""Hashes that may wait for a thread; past that a login or registration is refused as ``overloaded``."""

T = TypeVar("T")

_hasher = PasswordHasher()  # argon2id with the library's current recommended parameters


class HashPoolFull(Exception):
    """Too many password hashes are waiting: the request is refused rather than queued without end."""


class HashPool:
    """A small thread pool for argon2, with a cap on what may wait for it."""

    def __init__(self, workers: int = HASH_WORKERS, queue: int = HASH_QUEUE) -> None:
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="monsterlair-hash")
        self._slots = workers + queue
        self._busy = 0

    async def run(self, fn: Callable[..., T], *args: str) -> T:
        """``fn(*args)`` on a hashing thread.

        Raises:
            HashPoolFull: when ``workers + queue`` hashes are already running or waiting.
        """
        if self._busy >= self._slots:
            raise HashPoolFull
        self._busy += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
        finally:
            self._busy -= 1

    def close(self) -> None:
        """Stop the threads (hashes under way finish)."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class Sessions:
    """Makes session tokens, and finds, starts and ends sessions in the store."""

    def __init__(self, secret: str) -> None:
        self._key = hashlib.sha256(("monsterlair-session:" + secret).encode("utf-8")).digest()

    def token_hash(self, token: str) -> str:
        """The keyed hash stored for a token (a stolen database does not hold usable cookies)."""
        return hmac.new(self._key, token.encode("utf-8"), hashlib.sha256).hexdigest()

    async def start(self, store: Store, user_id: int, agent: str | None) -> str:
        """A new session of the user: the token to put in the cookie."""
        token = secrets.token_urlsafe(32)
        await store.create_session(self.token_hash(token), user_id, (agent or "")[:AGENT_CHARS])
        return token

    async def find(self, store: Store, token: str | None) -> tuple[SessionData, UserData] | None:
        """The live session a cookie value names, and its user; ``None`` if missing, unknown, revoked or expired.

        An expired session is deleted on sight; a live one is marked seen (at most every few minutes).
        """
        if not token or len(token) != TOKEN_CHARS:
            return None
        found = await store.session_user(self.token_hash(token))
        if found is None:
            return None
        session, user = found
        now = datetime.now(UTC)
        if expired(session, now):
            await store.delete_sessions(session.user_id, session_id=session.id)
            return None
        if (now - session.last_seen).total_seconds() >= TOUCH_EVERY:
            await store.touch_session(session.id)
        return session, user

    async def end(self, store: Store, token: str | None) -> None:
        """Revoke the session a cookie value names (nothing if it names none)."""
        found = None if not token or len(token) != TOKEN_CHARS else await store.session_user(self.token_hash(token))
        if found is not None:
            await store.delete_sessions(found[0].user_id, session_id=found[0].id)


def expired(session: SessionData, now: datetime) -> bool:
    """True once a session has been idle for :data:`IDLE` or has lasted :data:`MAX_AGE`."""
    return session.last_seen <= now - timedelta(seconds=IDLE) or session.created_at <= now - timedelta(seconds=MAX_AGE)


def expires_at(session: SessionData) -> datetime:
    """When a session ends if it is not used again."""
    return min(session.last_seen + timedelta(seconds=IDLE), session.created_at + timedelta(seconds=MAX_AGE))


async def purge_expired(store: Store) -> int:
    """Delete every expired session (at start-up; an expired one met later is deleted on sight)."""
    now = datetime.now(UTC)
    return await store.purge_sessions(
        seen_before=now - timedelta(seconds=IDLE), created_before=now - timedelta(seconds=MAX_AGE)
    )


def check_username(username: str) -> str:
    """The username, lower-cased.

    Raises:
        ValueError: unless it is 3–24 letters, digits, dots, dashes or underscores.
    """
    if not USERNAME.match(username):
        raise ValueError("A username is 3 to 24 letters, digits, dots, dashes or underscores.")
    return username.lower()


def check_password(password: str) -> str:
    """The password, if long enough.

    Raises:
        ValueError: if it is shorter than 8 or longer than 256 characters.
    """
    if len(password) < MIN_PASSWORD:
        raise ValueError(f"Choose a password of at least {MIN_PASSWORD} characters.")
    if len(password) > MAX_PASSWORD:
        raise ValueError(f"A password can be at most {MAX_PASSWORD} characters long.")
    return password


def _verify(stored_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


async def hash_password(pool: HashPool, password: str) -> str:
    """An argon2id hash, computed in the pool.

    Raises:
        HashPoolFull: when too many hashes are waiting.
    """
    return await pool.run(_hasher.hash, password)


async def verify_password(pool: HashPool, stored_hash: str | None, password: str) -> bool:
    """True if ``password`` matches (a missing hash is still hashed, so timing says nothing).

    Raises:
        HashPoolFull: when too many hashes are waiting.
    """
    if stored_hash is None:
        await pool.run(_hasher.hash, password)
        return False
    return await pool.run(_verify, stored_hash, password)
