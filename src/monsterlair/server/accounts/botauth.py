"""Bot account tokens: made once, shown once, kept only as a SHA-256 hash.

A token is 32 random bytes (``mlbot_`` + URL-safe text), so a fast hash is enough: nobody can guess
their way back to it, and the hash can be looked up directly (an index on ``users.token_hash``). The
server reads a token only from an ``Authorization: Bearer`` header or from a bot socket's first
message, never from a cookie or a URL (URLs end up in access logs and browser history).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping

from monsterlair.server.storage.base import Store, UserData

TOKEN_PREFIX = "mlbot_"
MAX_TOKEN = 200
MAX_BOTS_PER_OWNER = 10
URL_TOKEN_PARAMS = ("token", "access_token", "bot_token")

BAD_TOKEN = (
    "That bot token is not valid: check it was copied whole, or ask the bot's owner for a new one "
    "(a token stops working once it is revoked or replaced)."
)
TOKEN_IN_URL = (
    "Do not put a token in the URL (URLs end up in logs). Send it in the header "
    '\'Authorization: Bearer <token>\' (or, on /ws/bot, in a first message {"type": "auth", "token": ...}).'
)


def new_token() -> str:
    """A fresh bot token (shown to the owner once)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What is stored for a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, else ``None``.

    Other schemes (a proxy's ``Basic`` credentials, say) are not the server's business and are ignored.
    """
    if not header:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    return value.strip()


def token_in_url(params: Mapping[str, str]) -> bool:
    """True when a request tries to pass a token in its query string (refused, never read)."""
    return any(name in params for name in URL_TOKEN_PARAMS)


async def bot_for_token(store: Store, token: str | None) -> UserData | None:
    """The bot account a token belongs to, or ``None`` for a missing, malformed or revoked token."""
    if not token or len(token) > MAX_TOKEN or not token.isascii():
        return None
    user = await store.get_user_by_token(token_hash(token))
    return user if user is not None and user.is_bot else None
