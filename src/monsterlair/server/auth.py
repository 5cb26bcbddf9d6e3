"""Accounts: argon2id password hashes and signed session cookies.

A session cookie holds only the user id, signed with the server's secret (itsdangerous); nothing in it is
secret, and a forged or tampered one is simply ignored. Hashing takes ~0.1 s, so it runs in a thread.
"""

from __future__ import annotations

import asyncio
import re

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "monsterlair_session"
MAX_AGE = 180 * 24 * 3600
"""Sessions last half a year (guests would otherwise lose their tables)."""

USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,24}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 256

_hasher = PasswordHasher()  # argon2id with the library's current recommended parameters


class Sessions:
    """Signs and reads session cookie values."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="monsterlair-session")

    def sign(self, user_id: int) -> str:
        """The cookie value for a user."""
        return self._serializer.dumps({"u": user_id})

    def read(self, value: str | None) -> int | None:
        """The user id in a cookie value, or ``None`` when it is missing, expired or not ours."""
        if not value:
            return None
        try:
            data = self._serializer.loads(value, max_age=MAX_AGE)
        except BadSignature:
            return None
        uid = data.get("u") if isinstance(data, dict) else None
        return uid if isinstance(uid, int) and not isinstance(uid, bool) else None


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


async def hash_password(password: str) -> str:
    """An argon2id hash (computed in a thread)."""
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(stored_hash: str | None, password: str) -> bool:
    """True if ``password`` matches (a missing hash is still hashed, so timing says nothing)."""
    if stored_hash is None:
        await asyncio.to_thread(_hasher.hash, password)
        return False

    def _verify() -> bool:
        try:
            return _hasher.verify(stored_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(_verify)
