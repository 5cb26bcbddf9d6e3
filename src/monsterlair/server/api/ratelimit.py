"""Rate limits on the HTTP routes that cost the server or fill the lobby (the ``limits`` library).

Each rule is a list of moving windows in the library's notation (``"5/minute;20/hour"``); a request is
refused with 429 ``rate_limited`` and a ``Retry-After`` while any window of its rule is full. Several
windows of growing length make a back-off: after 5 login attempts on one account the next waits up to a
minute, after 20 up to an hour, after 50 up to a day.

One process keeps the counts in memory. Processes sharing a Redis (``MONSTERLAIR_REDIS_URL``) keep them
there, under ``<prefix>:limits``, so an address or an account is limited across all of them. If Redis
does not answer, each process falls back to its own in-memory counts (logged) until it answers again:
the limits then hold per process rather than not at all.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter

from monsterlair.server.api.errors import ApiError
from monsterlair.server.config import Settings

log = logging.getLogger("monsterlair.server.api.ratelimit")

RULES = ("login_address", "login_account", "register", "guest", "tables", "hints")
"""The rules, each read from ``Settings.limit_<name>``."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A rule is full: seconds until one of its windows frees a place."""

    retry_after: float


def wait_words(seconds: float) -> str:
    """How long to wait, in words ("about 3 minutes")."""
    if seconds < 90:
        n, unit = max(1, round(seconds)), "second"
    elif seconds < 90 * 60:
        n, unit = round(seconds / 60), "minute"
    else:
        n, unit = round(seconds / 3600), "hour"
    return f"{'about ' if unit != 'second' else ''}{n} {unit}{'s' if n != 1 else ''}"


class RateLimits:
    """The rules of one server, over memory or Redis, with an in-memory fallback."""

    def __init__(self, settings: Settings) -> None:
        self.enabled = settings.rate_limits
        self.rules: dict[str, list[RateLimitItem]] = {
            name: parse_many(getattr(settings, f"limit_{name}")) for name in RULES
        }
        self._memory = MovingWindowRateLimiter(MemoryStorage())
        self._shared: MovingWindowRateLimiter | None = None
        self.kind = "memory"
        if settings.redis_url:
            storage: Storage = RedisStorage(
                "async+" + settings.redis_url,
                implementation="redispy",
                key_prefix=f"{settings.redis_prefix}:limits",
                wrap_exceptions=True,
                socket_connect_timeout=1,
                socket_timeout=1,
            )
            self._shared = MovingWindowRateLimiter(storage)
            self.kind = "redis"
        self._failing_since: float | None = None

    async def _check(self, limiter: MovingWindowRateLimiter, rule: str, key: str, hit: bool) -> Refusal | None:
        items = self.rules[rule]
        for item in items:
            if not await limiter.test(item, rule, key):
                stats = await limiter.get_window_stats(item, rule, key)
                return Refusal(max(1.0, stats.reset_time - time.time()))
        if hit:
            for item in items:
                await limiter.hit(item, rule, key)
        return None

    async def check(self, rule: str, key: str, *, hit: bool = True) -> Refusal | None:
        """``None`` if ``key`` may go on under ``rule`` (counting this use when ``hit``), else the refusal."""
        if not self.enabled:
            return None
        if self._shared is not None:
            try:
                refusal = await self._check(self._shared, rule, key, hit)
            except Exception as exc:  # Redis did not answer: count in memory meanwhile
                if self._failing_since is None:
                    self._failing_since = time.monotonic()
                    log.warning("rate limits: Redis did not answer (%s); counting per process meanwhile", exc)
            else:
                if self._failing_since is not None:
                    self._failing_since = None
                    log.info("rate limits: Redis answers again")
                return refusal
        return await self._check(self._memory, rule, key, hit)

    async def require(self, rule: str, key: str, what: str, *, hit: bool = True) -> None:
        """Go on, or refuse.

        Raises:
            ApiError: ``rate_limited`` (429), saying ``what`` was refused and how long to wait.
        """
        refusal = await self.check(rule, key, hit=hit)
        if refusal is not None:
            raise ApiError(
                "rate_limited",
                f"Too many {what}; try again in {wait_words(refusal.retry_after)}.",
                retry_after=refusal.retry_after,
            )

    def status(self) -> dict[str, object]:
        """For ``/health``: where the counts are kept, and whether that store answers."""
        return {"enabled": self.enabled, "kind": self.kind, "degraded": self._failing_since is not None}
