"""Table chat: a message is cleaned, checked, rate-limited, stored, and only then announced.

Anyone signed in (guests included: a guest has a session like any account) who is watching a table may
write; people who have not chosen a name may read. The writer's name and seat come from the session and
the table, never from the message, so nobody can speak as the host or as another player. A message
carries only what its writer typed; it goes to every receiver of the table unchanged through
``TableHost.announce`` (the hub's; the one place a fan-out to other server processes hooks in).

Refusals change nothing and use stable codes: ``not_signed_in``, ``bad_request`` (no text),
``chat_empty``, ``chat_too_long``, ``chat_rate`` (too many messages) and ``storage_failed``.
"""

from __future__ import annotations

import collections
import logging
import math
import time
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from monsterlair.server.storage.base import ChatData
from monsterlair.server.tables.table import TableError

if TYPE_CHECKING:
    from monsterlair.server.tables.live import Subscriber, TableHost

log = logging.getLogger("monsterlair.server.tables.chat")

MAX_CHARS = 300
"""The longest message, in characters, after cleaning."""
RATE_COUNT = 5
RATE_WINDOW = 10.0
"""A person may send ``RATE_COUNT`` messages in any ``RATE_WINDOW`` seconds (over all their tables)."""
HISTORY = 50
"""Messages sent to a connection when it joins a table."""

_BREAKS = frozenset("\n\r\t\v\f\x85\u2028\u2029")
_ZWJ = "\u200d"  # joins emoji sequences; every other format character (bidi overrides...) is dropped


def clean_text(raw: object, max_chars: int = MAX_CHARS) -> str:
    """The text to store: line breaks made spaces, control and format characters dropped, spaces collapsed.

    Raises:
        TableError: ``bad_request`` (not text), ``chat_empty`` or ``chat_too_long``.
    """
    if not isinstance(raw, str):
        raise TableError("bad_request", "A chat message needs 'text', a string.")
    kept = []
    for ch in raw:
        if ch in _BREAKS:
            kept.append(" ")
            continue
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs", "Zl", "Zp") or (category == "Cf" and ch != _ZWJ):
            continue
        kept.append(ch)
    text = " ".join("".join(kept).split())
    if not text:
        raise TableError("chat_empty", "Type something first; an empty message is not sent.")
    if len(text) > max_chars:
        raise TableError(
            "chat_too_long",
            f"Chat messages are limited to {max_chars} characters; this one has {len(text)}. Nothing was sent.",
        )
    return text


class ChatRate:
    """A sliding window per user: at most ``count`` messages in any ``window`` seconds."""

    def __init__(
        self, count: int = RATE_COUNT, window: float = RATE_WINDOW, clock: Callable[[], float] = time.monotonic
    ):
        self.count = count
        self.window = window
        self.clock = clock
        self._sent: dict[int, collections.deque[float]] = {}

    def take(self, user_id: int) -> float:
        """Record a message and return 0, or return the seconds to wait (recording nothing)."""
        now = self.clock()
        stamps = self._sent.get(user_id)
        if stamps is None:
            if len(self._sent) > 4096:
                self._prune(now)
            stamps = self._sent[user_id] = collections.deque()
        while stamps and stamps[0] <= now - self.window:
            stamps.popleft()
        if len(stamps) >= self.count:
            return max(stamps[0] + self.window - now, 0.001)
        stamps.append(now)
        return 0.0

    def give_back(self, user_id: int) -> None:
        """Forget the latest recorded message (it was not sent after all)."""
        stamps = self._sent.get(user_id)
        if stamps:
            stamps.pop()

    def _prune(self, now: float) -> None:
        for uid in [u for u, s in self._sent.items() if not s or s[-1] <= now - self.window]:
            del self._sent[uid]


def public(message: ChatData) -> dict[str, Any]:
    """A message as every receiver sees it."""
    return {
        "id": message.id,
        "user_id": message.user_id,
        "name": message.name,
        "seat": message.seat,
        "text": message.text,
        "at": message.created_at.isoformat() if message.created_at else None,
    }


class Chat:
    """The chat of every table of one hub."""

    def __init__(
        self,
        host: TableHost,
        *,
        max_chars: int = MAX_CHARS,
        rate: ChatRate | None = None,
        history: int = HISTORY,
    ) -> None:
        self.host = host
        self.max_chars = max_chars
        self.rate = rate or ChatRate()
        self.history = history

    async def post(self, user_id: int | None, table_id: str, raw: object) -> ChatData:
        """Store a message from a user watching the table, then announce it to everyone there.

        The caller has already let this user watch the table (the WebSocket subscribed them).

        Raises:
            TableError: see the module docstring; nothing is stored or sent then.
        """
        if user_id is None:
            raise TableError("not_signed_in", "Choose a name (or log in) to chat; you can read without one.")
        text = clean_text(raw, self.max_chars)
        table = await self.host.table(table_id)
        user = await self.host.store.get_user(user_id)
        if user is None:
            raise TableError("not_signed_in", "Your session has ended; choose a name again to chat.")
        wait = self.rate.take(user_id)
        if wait:
            raise TableError(
                "chat_rate",
                f"You are sending messages too fast (at most {self.rate.count} in {self.rate.window:g} seconds). "
                f"Wait {math.ceil(wait)} s; that message was not sent.",
            )
        try:
            message = await self.host.store.add_chat(table_id, user_id, user.name, table.seat_of(user_id), text)
        except Exception:
            self.rate.give_back(user_id)
            log.exception("storing a chat message for table %s failed", table_id)
            raise TableError("storage_failed", "The server could not store that message; it was not sent.") from None
        self.host.announce(table_id, {"type": "chat", "message": public(message)})
        return message

    async def send_history(self, table_id: str, sub: Subscriber) -> None:
        """Send one connection the table's recent messages.

        Called once the connection has subscribed, so a message stored meanwhile reaches it either here or
        live (or both: clients keep messages by ``id``), never neither.
        """
        try:
            messages = await self.host.store.recent_chat(table_id, limit=self.history)
        except Exception:
            log.exception("loading the chat of table %s failed", table_id)
            return
        self.host.tell([sub], {"type": "chat_history", "messages": [public(m) for m in messages]})
